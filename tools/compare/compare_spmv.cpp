// `spgraph compare spmv FILE`: the dense SpMV y = A ⊕.⊗ x in spgraph (CSR or the CSR5 view, as
// --spmv picks) and in SuiteSparse:GraphBLAS (GrB_mxv on a full x into a reused w, see
// tools/compare/peers/graphblas_spmv.hpp), on the same matrix and the same x. The answers are verified
// first: every row of A with an entry must be present in GraphBLAS's w with the same value
// (exactly for integers; for double sums within 1e-12 · ℓ · Σ|A(i,k) ⊗ x(k)|, ℓ the row length,
// the bound of two summation orders; any of the row's terms under ANY), and rows with no entry
// must be absent from w. Each timed run is the mean of
// --iterations calls; the CSR5 conversion is done (and reported) before timing.
#include <cmath>
#include <memory>
#include <optional>

#include "engine/any_matrix.hpp"
#include "engine/context.hpp"
#include "engine/semiring_registry.hpp"
#include "formats/csr/any_fold.hpp"
#include "tools/compare/compare_common.hpp"
#include "tools/compare/compare_common_impl.hpp"
#include "tools/cli/spmv_common.hpp"
#ifdef SPGRAPH_HAVE_GRAPHBLAS
#include "tools/compare/peers/graphblas_spmv.hpp"
#endif

namespace spgraph::cli {

namespace {

struct CompareSpmvArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, semiring = "plus_times", type = "double", format = "auto";
  int runs = 5, iterations = 10;
};

#ifdef SPGRAPH_HAVE_GRAPHBLAS

/// Checks GraphBLAS's w against our y row by row: presence must follow the row's entries; values
/// must be equal, except that a floating-point ⊕ = + may differ by 1e-12 · ℓ · Σ_k |A(i,k) ⊗
/// x(k)| (ℓ the row length: the bound for two summation orders), and that under ANY each side
/// may hold any one of the row's terms.
template <class SR, class T>
void verify(const Matrix<T>& a, const std::vector<T>& x, const std::vector<T>& ours,
            const std::vector<T>& theirs, const std::vector<std::uint8_t>& present) {
  const Csr<T>& c = a.csr();
  for (Vertex i = 0; i < c.nrows; ++i) {
    const Offset b = c.row_ptr[i], e = c.row_ptr[i + 1];
    const bool has = e > b;
    if (has != (present[i] != 0))
      throw VerificationFailed("row " + std::to_string(i) + (has ? " has" : " has no") +
                               " entries but GraphBLAS's w(" + std::to_string(i) + ") is " +
                               (present[i] ? "present" : "absent"));
    if (!has || ours[i] == theirs[i]) continue;
    bool equal = false;
    if constexpr (monoid_is_any<SR>()) {
      bool ours_ok = false, theirs_ok = false;
      for (Offset k = b; k < e; ++k) {
        const T t = SR::mul(c.value(k), x[c.col[k]], i, c.col[k], 0);
        ours_ok = ours_ok || t == ours[i];
        theirs_ok = theirs_ok || t == theirs[i];
      }
      equal = ours_ok && theirs_ok;
    } else if constexpr (std::is_floating_point_v<T>) {
      double mag = 0;
      for (Offset k = b; k < e; ++k)
        mag += std::fabs(double(SR::mul(c.value(k), x[c.col[k]], i, c.col[k], 0)));
      const double tol = 1e-12 * double(e - b) * std::max(mag, 1.0);
      equal = std::fabs(double(ours[i]) - double(theirs[i])) <= tol;
    }
    if (!equal) {
      std::string msg = "y(";
      msg += std::to_string(i);
      msg += ") = ";
      msg += std::to_string(double(ours[i]));
      msg += " in spgraph but ";
      msg += std::to_string(double(theirs[i]));
      msg += " in GraphBLAS";
      throw VerificationFailed(msg);
    }
  }
}

template <class T>
void run_typed(const CompareSpmvArgs& args, const CliGraph& graph, int threads) {
  std::optional<Matrix<T>> converted;
  const Matrix<T>& a = matrix_of_type<T>(graph.loaded.matrix, converted);
  const std::vector<T> x = spmv_input<T>(a.ncols());
  const peers::GraphBlasMatrix grb(a.csr());
  peers::GraphBlasSpmv<T> theirs_op(grb, args.semiring, x);
  std::vector<T> ours(a.nrows()), theirs;
  std::vector<std::uint8_t> present;
  SpmvSetup setup;
  std::uint64_t ours_peak = 0, theirs_peak = 0;
  auto timed_calls = [&](auto&& call) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < args.iterations; ++k) call();
    return seconds_since(t0) / args.iterations;
  };
  PairTimes t;
  with_semiring<T>(args.semiring, [&](auto sr) {
    using SR = decltype(sr);
    auto ours_call = [&] { spmv_dense<SR>(a, false, x.data(), ours.data(), setup.format); };
    // Untimed first calls (the CSR5 conversion, GraphBLAS's first use), with peak memory.
    ours_peak = a.memory_bytes() + peak_rise([&] {
                  setup = prepare_spmv(a, parse_spmv_format(args.format));
                  ours_call();
                });
    ours_peak = std::max<std::uint64_t>(ours_peak, a.memory_bytes());
    theirs_peak = grb.memory_bytes() + peak_rise([&] { theirs_op.run(); });
    theirs_peak =
        std::max<std::uint64_t>(theirs_peak, grb.memory_bytes() + theirs_op.memory_bytes());
    theirs_op.result(theirs, present);
    verify<SR>(a, x, ours, theirs, present);
    t = time_pairs(
        args.runs, [&] { return timed_calls(ours_call); },
        [&] { return timed_calls([&] { theirs_op.run(); }); });
  });
  const Contender us{"spgraph", t.ours, ours_peak, ""};
  const Contender peer{"GraphBLAS", t.theirs, theirs_peak, ""};
  Report r;
  r.add("job", report::str("spmv"));
  r.add("file", report::str(args.file));
  r.add("threads", report::count(threads));
  r.add("n", report::count(a.nrows()));
  r.add("nnz", report::count(a.nvals()));
  r.add("pattern", report::flag(a.is_pattern(), "pattern, no values", "valued"));
  r.add("semiring", report::str(args.semiring));
  r.add("type", report::str(args.type));
  r.add("format", report::str(spmv_format_name(setup.format)));
  r.add("rule", report::text(setup.rule));
  r.add("convert_s", report::seconds_as_ms(setup.convert_seconds));
  r.add("iterations", report::count(args.iterations));
  r.add("verified", report::flag(true));
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("graphblas_build_s", report::seconds(grb.build_seconds()));
  const std::string summary = add_timing_summary(r, us, {peer});
  if (args.g.json) return print_json(r);
  // --quiet: the result alone (verified, or exit code 3 before this), the median ratio.
  if (args.g.quiet) return print_text(r, "{median_ratio_graphblas}\n");
  print_text(r,
             "compare spmv: {file}\n"
             "matrix: {n} rows, {nnz} entries ({pattern}); y = A * x over {semiring} ({type})\n"
             "threads: {threads} (spgraph and GraphBLAS)\n"
             "spgraph:   {format} ({rule}); CSR5 conversion {convert_s} ms, not timed\n"
             "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, GrB_mxv on a full x into a "
             "reused w (build {graphblas_build_s} s, not timed)\n"
             "verified: every y(i) equal (double sums within 1e-12 x row length x row magnitude)\n"
             "each run: mean of {iterations} calls\n" +
                 summary);
}

void run_compare_spmv(const CompareSpmvArgs& args) {
  apply_global_flags(args.g);
  const int threads = num_threads();
  peers::graphblas_init(threads);
  const CliGraph graph =
      load_for_cli(args.file, args.load, args.g, false, exact_type_of(args.type));
  dispatch_value_type(args.type, [&](auto tag) {
    using T = decltype(tag);
    run_typed<T>(args, graph, threads);
  });
}

#endif

}  // namespace

void register_compare_spmv(CLI::App* compare) {
  auto args = std::make_shared<CompareSpmvArgs>();
  CLI::App* cmd = compare->add_subcommand(
      "spmv",
      "Dense SpMV y = A*x in spgraph (CSR / CSR5) and GraphBLAS (GrB_mxv), verified, timed");
  cmd->add_option("file", args->file, "Matrix file")->required();
  add_spmv_semiring_flags(cmd, args->semiring, args->type);
  add_spmv_format_flag(cmd, args->format);
  cmd->add_option("--iterations", args->iterations, "Calls per timed run (default 10)")
      ->check(integer_flag("--iterations", 1, 100000));
  add_runs_flag(cmd, args->runs);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] {
#ifdef SPGRAPH_HAVE_GRAPHBLAS
    run_compare_spmv(*args);
#else
    graphblas_unavailable();
#endif
  });
}

}  // namespace spgraph::cli
