// SPDX-License-Identifier: Apache-2.0
// `spgraph spmv FILE`: the dense-vector SpMV y = A ⊕.⊗ x timed over --iterations calls, on the
// storage --spmv picks (CSR, the CSR5 view, or the measured rule), with the time per call, the
// effective bandwidth by the CSR5 papers' byte count (Liu & Vinter ICS'15 §5; Liu's thesis
// §8.4.2), the CSR5 conversion time when the view was built, and with --stream the STREAM-triad
// bandwidth of the machine measured in the same run. With --backend cuda the SpMV runs on the
// device (engine/spmv_dense_cuda.hpp: CSR5 or CSR vector, by --spmv or the GPU's rule): the
// report gives each step a user waits for (load, matrix and x upload, kernel, download, end to
// end) and the device's transfers and peak memory (tools/cli/device_report.hpp).
#include <memory>
#include <optional>
#include <vector>

#include "engine/any_matrix.hpp"
#include "engine/context.hpp"
#include "engine/semiring_registry.hpp"
#include "engine/spmv_dense.hpp"
#include "engine/spmv_dense_cuda.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/device_report.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/spmv_common.hpp"
#include "tools/common/process_memory.hpp"
#include "tools/common/stats.hpp"
#include "tools/common/stream_triad.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct SpmvArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, semiring = "plus_times", type = "double", format = "auto";
  int iterations = 20;
  bool stream = false;
};

/// The report's fields that name the run's input, shared by the CPU and the device runs.
template <class T>
void add_matrix_fields(Report& r, const SpmvArgs& args, const Matrix<T>& a) {
  r.add("file", report::str(args.file));
  r.add("semiring", report::str(args.semiring));
  r.add("type", report::str(args.type));
  r.add("n", report::count(a.nrows()));
  r.add("nnz", report::count(a.nvals()));
  r.add("pattern", report::flag(a.is_pattern(), "pattern, no values", "valued"));
}

template <class T>
void run_typed(const SpmvArgs& args, const CliGraph& graph) {
  std::optional<Matrix<T>> converted;
  const Matrix<T>& a = matrix_of_type<T>(graph.loaded.matrix, converted);
  const SpmvFormat asked = parse_spmv_format(args.format);
  const std::vector<T> x = spmv_input<T>(a.ncols());
  std::vector<T> y(a.nrows());
  std::vector<double> secs;
  SpmvSetup setup;
  tools::reset_peak_rss();
  with_semiring<T>(args.semiring, [&](auto sr) {
    using SR = decltype(sr);
    setup = prepare_spmv(a, asked);
    for (int it = 0; it <= args.iterations; ++it) {
      const auto t0 = std::chrono::steady_clock::now();
      spmv_dense<SR>(a, false, x.data(), y.data(), setup.format);
      if (it > 0) secs.push_back(seconds_since(t0));  // call 0 warms the caches, untimed
    }
  });
  const std::uint64_t peak = tools::peak_rss_bytes();
  const double per_call = tools::median(secs);
  const double bytes = double(spmv_bytes(a, sizeof(T)));
  Report r;
  add_matrix_fields(r, args, a);
  r.add("format", report::str(spmv_format_name(setup.format)));
  r.add("asked", report::str(args.format));
  r.add("rule", report::text(setup.rule));
  r.add("convert_s", report::seconds_as_ms(setup.convert_seconds));
  r.add("convert_spmvs",
        report::real(per_call > 0 ? setup.convert_seconds / per_call : 0, "%.3g", "%.2f"));
  r.add("iterations", report::count(secs.size()));
  r.add("seconds_per_call", report::seconds_as_ms(per_call));
  r.add("min_s", report::seconds_as_ms(tools::min_of(secs)));
  r.add("max_s", report::seconds_as_ms(tools::max_of(secs)));
  r.add("gbps", report::real(per_call > 0 ? bytes / per_call / 1e9 : 0, "%.4g", "%.2f"));
  r.add("checksum", report::real(spmv_checksum(y), "%.17g", "%.17g"));
  r.add("peak_bytes", report::bytes(peak));
  r.add("threads", report::count(num_threads()));
  std::string stream_line;
  if (args.stream) {
    const tools::TriadResult triad = tools::stream_triad();
    r.add("stream_gbps", report::real(triad.best_gbps, "%.4g", "%.2f"));
    r.add("stream_fraction",
          report::real(
              triad.best_gbps > 0 && per_call > 0 ? bytes / per_call / 1e9 / triad.best_gbps : 0,
              "%.3g", "%.0f", 100));
    r.add("stream_array", report::bytes(triad.array_bytes));
    stream_line =
        "STREAM triad: {stream_gbps} GB/s (arrays of {stream_array}); SpMV reaches "
        "{stream_fraction}% of it\n";
  }
  if (args.g.json) return print_json(r);
  // --quiet: the result alone, milliseconds per call and the effective GB/s.
  if (args.g.quiet) return print_text(r, "{seconds_per_call} {gbps}\n");
  print_text(r,
             "spmv: {file}, {n} rows, {nnz} entries ({pattern}), {semiring} over {type}, "
             "{threads} threads\n"
             "format: {format} (asked {asked}; {rule})\n"
             "conversion: {convert_s} ms = {convert_spmvs} SpMVs\n"
             "time per call: {seconds_per_call} ms (median of {iterations}; min {min_s}, max "
             "{max_s}), {gbps} GB/s effective\n"
             "checksum of y: {checksum}; peak memory {peak_bytes}\n" +
                 stream_line);
}

/// The device run: A's mirror and x uploaded once, --iterations timed kernel calls (one more
/// untimed), y downloaded; each step timed on its own, synchronised.
template <class T>
void run_typed_device(const SpmvArgs& args, const CliGraph& graph) {
  std::optional<Matrix<T>> converted;
  const Matrix<T>& a = matrix_of_type<T>(graph.loaded.matrix, converted);
  const std::vector<T> x = spmv_input<T>(a.ncols());
  std::vector<T> y(a.nrows());
  std::vector<double> secs;
  double matrix_s = 0, x_s = 0, first_s = 0, download_s = 0;
  DeviceSpmvChoice choice;
  reset_device_report();
  with_semiring<T>(args.semiring, [&](auto sr) {
    DeviceSpmv<decltype(sr), T> op(a, false, x.data(), parse_spmv_format(args.format));
    choice = op.choice();
    matrix_s = op.matrix_seconds();
    x_s = op.x_seconds();
    first_s = op.run();  // call 0: the first launch, untimed in the median
    for (int it = 0; it < args.iterations; ++it) secs.push_back(op.run());
    download_s = op.download(y.data());
  });
  const double per_call = tools::median(secs);
  const double bytes = double(spmv_bytes(a, sizeof(T)));
  Report r;
  add_matrix_fields(r, args, a);
  r.add("backend", report::str("cuda"));
  r.add("format", report::str(choice.format == SpmvFormat::Csr5 ? "csr5" : "csr vector"));
  r.add("asked", report::str(args.format));
  r.add("rule", report::text(choice.reason));
  r.add("load_s", report::seconds_as_ms(graph.load_seconds));
  r.add("upload_s", report::seconds_as_ms(matrix_s));
  r.add("x_upload_s", report::seconds_as_ms(x_s));
  r.add("first_call_s", report::seconds_as_ms(first_s));
  r.add("iterations", report::count(secs.size()));
  r.add("seconds_per_call", report::seconds_as_ms(per_call));
  r.add("min_s", report::seconds_as_ms(tools::min_of(secs)));
  r.add("max_s", report::seconds_as_ms(tools::max_of(secs)));
  r.add("gbps", report::real(per_call > 0 ? bytes / per_call / 1e9 : 0, "%.4g", "%.2f"));
  r.add("download_s", report::seconds_as_ms(download_s));
  r.add("end_to_end_s",
        report::seconds_as_ms(graph.load_seconds + matrix_s + x_s + first_s + download_s));
  r.add("checksum", report::real(spmv_checksum(y), "%.17g", "%.17g"));
  report_device_stats(r);
  if (args.g.json) return print_json(r);
  if (args.g.quiet) return print_text(r, "{seconds_per_call} {gbps}\n");
  print_text(r, std::string("spmv: {file}, {n} rows, {nnz} entries ({pattern}), {semiring} over "
                            "{type}, on cuda\n"
                            "kernel: {format} (asked {asked}; {rule})\n"
                            "load {load_s} ms, upload of A {upload_s} ms (conversion included), "
                            "of x {x_upload_s} ms, first call {first_call_s} ms, download of y "
                            "{download_s} ms: end to end {end_to_end_s} ms\n"
                            "time per call: {seconds_per_call} ms (median of {iterations}; min "
                            "{min_s}, max {max_s}), {gbps} GB/s effective\n"
                            "checksum of y: {checksum}\n") +
                    kDeviceStatsLayout);
}

void run_spmv(const SpmvArgs& args) {
  // A usage error (exit code 2) before anything else: STREAM measures the host's memory.
  if (args.stream && backend_of(args.g) == Backend::Cuda)
    throw CLI::ValidationError(
        "--stream measures the host's memory bandwidth and does not apply to --backend cuda "
        "(the GPU benchmark bench/gpu/spmv_bench measures the device's)");
  apply_global_flags(args.g);
  const CliGraph graph =
      load_for_cli(args.file, args.load, args.g, false, exact_type_of(args.type));
  dispatch_value_type(args.type, [&](auto tag) {
    using T = decltype(tag);
    if (backend_of(args.g) == Backend::Cuda)
      run_typed_device<T>(args, graph);
    else
      run_typed<T>(args, graph);
  });
}

}  // namespace

void register_spmv(CLI::App& app) {
  auto args = std::make_shared<SpmvArgs>();
  CLI::App* cmd = app.add_subcommand(
      "spmv", "Time the dense SpMV y = A (+).(x) x on CSR or CSR5: ms per call and effective GB/s");
  cmd->add_option("file", args->file, "Matrix file")->required();
  add_spmv_semiring_flags(cmd, args->semiring, args->type);
  cmd->add_option("--iterations", args->iterations, "Timed calls (default 20; one more untimed)")
      ->check(integer_flag("--iterations", 1, 100000));
  add_spmv_format_flag(cmd, args->format);
  cmd->add_flag("--stream", args->stream,
                "Also measure the STREAM-triad bandwidth and report SpMV as a fraction of it");
  add_global_flags(cmd, args->g);
  args->g.runs_on_cuda = true;  // DeviceSpmv (engine/spmv_dense_cuda.hpp)
  add_load_flags(cmd, args->load);
  cmd->footer(
      "x is a fixed pseudo-random dense vector. GB/s counts row_ptr, column indices, values "
      "(none for a pattern), one x and one y access per entry and row, as Liu & Vinter do. "
      "With --backend cuda, --spmv csr is the CSR-vector kernel and auto the GPU's rule "
      "(docs/cuda.md).");
  cmd->callback([args] { run_spmv(*args); });
}

}  // namespace spgraph::cli
