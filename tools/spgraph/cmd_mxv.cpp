// SPDX-License-Identifier: Apache-2.0
// `spgraph mxv FILE --semiring NAME`: w = A ⊕.⊗ u over a semiring chosen by name, with u a
// dense vector of ones (A' with --transpose). Prints a summary of w, or writes it with --out.
// With --backend cuda the product runs on the device (engine/spmv_dense_cuda.hpp) and the report
// adds its transfers and peak device memory (tools/cli/device_report.hpp).
#include <memory>

#include "engine/any_matrix.hpp"
#include "engine/ops.hpp"
#include "engine/semiring_registry.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/device_report.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct MxvArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, out, semiring = "plus_times", type = "double";
  bool transpose = false;
};

template <class T>
void run_typed(const MxvArgs& args, const CliGraph& graph) {
  const Matrix<T> a = matrix_cast<T>(graph.loaded.matrix);
  const Vertex out_n = args.transpose ? a.ncols() : a.nrows();
  const Vertex in_n = args.transpose ? a.nrows() : a.ncols();
  Vector<T> w(out_n);
  const Vector<T> u = Vector<T>::full(in_n, T(1));
  Descriptor d;
  d.transpose_a = args.transpose;
  d.backend = backend_of(args.g);
  const bool on_device = d.backend == Backend::Cuda;
  if (on_device) reset_device_report();
  double secs = 0;
  with_semiring<T>(args.semiring, [&](auto sr) {
    if (args.transpose) a.transposed();  // build the cached view outside the timing
    auto t0 = kernel_clock_start();
    mxv(w, nullptr, NoAccum{}, sr, a, u, d);
    secs = seconds_since(t0);
  });
  double sum = 0, lo = 0, hi = 0;
  bool first = true;
  w.for_each([&](Vertex, T x) {
    const double v = double(x);
    sum += v;
    lo = first ? v : std::min(lo, v);
    hi = first ? v : std::max(hi, v);
    first = false;
  });
  if (!args.out.empty()) {
    const IdSpace ids(graph.loaded.info);
    ResultTable f(args.out, {"index", "value"});
    w.for_each([&](Vertex i, T x) {
      f.vertex(ids, i);
      if constexpr (std::is_floating_point_v<T>)
        f.number("%.17g", double(x));
      else
        f.integer((long long)x);
      f.end_row();
    });
    f.commit();
  }
  Report r;
  r.add("matrix", report::text(args.transpose ? "A'" : "A"));
  r.add("semiring", report::str(args.semiring));
  r.add("type", report::str(args.type));
  r.add("size", report::count(out_n));
  r.add("nvals", report::count(w.nvals()));
  r.add("sum", report::real(sum, "%.17g", "%.17g"));
  r.add("min", report::real(lo, "%.17g", "%.17g"));
  r.add("max", report::real(hi, "%.17g", "%.17g"));
  r.add("seconds", report::seconds_as_ms(secs));
  r.add("backend", report::str(args.g.backend));
  if (on_device) report_device_stats(r);
  if (args.g.json) return print_json(r);
  print_text(r, std::string("w = {matrix} * u over {semiring} ({type}): {nvals} of {size} entries, "
                            "sum {sum}, min {min}, max {max}, {seconds} ms on {backend}\n") +
                    (on_device ? kDeviceStatsLayout : ""));
}

void run_mxv(const MxvArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  // Values that do not convert to --type without loss are errors at their line.
  const ValueType exact = args.type == "double"  ? ValueType::Double
                          : args.type == "int64" ? ValueType::Int64
                                                 : ValueType::Bool;
  const CliGraph graph = load_for_cli(args.file, args.load, args.g, false, exact);
  if (args.type == "double")
    run_typed<double>(args, graph);
  else if (args.type == "int64")
    run_typed<std::int64_t>(args, graph);
  else
    run_typed<bool>(args, graph);
}

}  // namespace

void register_mxv(CLI::App& app) {
  auto args = std::make_shared<MxvArgs>();
  CLI::App* cmd = app.add_subcommand(
      "mxv", "w = A (+).(x) u over a named semiring, u = all ones; prints a summary of w");
  cmd->add_option("file", args->file, "Matrix file")->required();
  std::string names;
  for (const std::string& n : semiring_names()) names += (names.empty() ? "" : ", ") + n;
  cmd->add_option("--semiring", args->semiring, "Semiring: " + names);
  cmd->add_option("--type", args->type, "Value type: double, int64 or bool")
      ->check(CLI::IsMember({"double", "int64", "bool"}));
  cmd->add_flag("--transpose", args->transpose, "Use A' instead of A");
  cmd->add_option("--out,-o", args->out,
                  "Write 'index value' lines of w (TSV; CSV for .csv, JSON for .json)");
  add_global_flags(cmd, args->g);
  args->g.runs_on_cuda = true;  // the dense SpMV (engine/spmv_dense_cuda.hpp)
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_mxv(*args); });
}

}  // namespace spgraph::cli
