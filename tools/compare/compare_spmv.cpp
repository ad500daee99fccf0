// SPDX-License-Identifier: Apache-2.0
// `spgraph compare spmv FILE`: the dense SpMV y = A ⊕.⊗ x in spgraph (CSR or the CSR5 view, as
// --spmv picks) and in SuiteSparse:GraphBLAS (GrB_mxv on a full x into a reused w, see
// tools/compare/peers/graphblas_spmv.hpp), on the same matrix and the same x. The answers are
// verified first: every row of A with an entry must be present in GraphBLAS's w with the same value
// (exactly for integers; for double sums within 1e-12 · ℓ · Σ|A(i,k) ⊗ x(k)|, ℓ the row length,
// the bound of two summation orders; any of the row's terms under ANY), and rows with no entry
// must be absent from w. Each timed run is the mean of
// --iterations calls; the CSR5 conversion is done (and reported) before timing.
#include <cmath>
#include <memory>
#include <optional>

#include "engine/any_matrix.hpp"
#include "engine/semiring_registry.hpp"
#include "formats/csr/any_fold.hpp"
#include "tools/cli/spmv_common.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/peers/graphblas_spmv.hpp"

namespace spgraph::cli {

namespace {

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

/// What one run over value type T holds: the input, both engines' copies and their answers.
template <class T>
struct SpmvState {
  std::optional<Matrix<T>> converted;
  const Matrix<T>* a = nullptr;
  std::vector<T> x, ours, theirs;
  std::vector<std::uint8_t> present;
  std::unique_ptr<peers::GraphBlasMatrix> grb;
  std::unique_ptr<peers::GraphBlasSpmv<T>> theirs_op;
  SpmvSetup setup;
};

struct SpmvJob {
  std::string file, semiring = "plus_times", type = "double", format = "auto";
  int iterations = 10;

  void add_flags(CLI::App* cmd, CompareFlags&) {
    cmd->add_option("file", file, "Matrix file")->required();
    add_spmv_semiring_flags(cmd, semiring, type);
    add_spmv_format_flag(cmd, format);
    cmd->add_option("--iterations", iterations, "Calls per timed run (default 10)")
        ->check(integer_flag("--iterations", 1, 100000));
  }

  ComparePlan plan(const CompareFlags& f, int threads) {
    auto graph =
        std::make_shared<CliGraph>(load_for_cli(file, f.load, f.g, false, exact_type_of(type)));
    ComparePlan p;
    dispatch_value_type(type, [&](auto tag) { p = plan_typed<decltype(tag)>(graph, threads); });
    return p;
  }

  template <class T>
  ComparePlan plan_typed(const std::shared_ptr<CliGraph>& graph, int threads);
  template <class T>
  void add_fields(Report& r, const SpmvState<T>& s, int threads) const;
  /// Seconds per call: the mean of --iterations calls.
  template <class F>
  double timed_calls(F&& call) const {
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < iterations; ++k) call();
    return seconds_since(t0) / iterations;
  }
};

template <class T>
ComparePlan SpmvJob::plan_typed(const std::shared_ptr<CliGraph>& graph, int threads) {
  auto s = std::make_shared<SpmvState<T>>();
  s->a = &matrix_of_type<T>(graph->loaded.matrix, s->converted);
  s->x = spmv_input<T>(s->a->ncols());
  s->grb = std::make_unique<peers::GraphBlasMatrix>(s->a->csr());
  s->theirs_op = std::make_unique<peers::GraphBlasSpmv<T>>(*s->grb, semiring, s->x);
  s->ours.resize(s->a->nrows());
  ComparePlan p;
  with_semiring<T>(semiring, [&](auto sr) {
    using SR = decltype(sr);
    auto ours_call = [s] {
      spmv_dense<SR>(*s->a, false, s->x.data(), s->ours.data(), s->setup.format);
    };
    // Untimed first calls (the CSR5 conversion, GraphBLAS's first use), with peak memory.
    p.ours = {s->a->memory_bytes(),
              [this, s, ours_call] {
                s->setup = prepare_spmv(*s->a, parse_spmv_format(format));
                ours_call();
              },
              [this, ours_call] { return timed_calls(ours_call); }};
    p.theirs = {s->grb->memory_bytes() + s->theirs_op->memory_bytes(), [s] { s->theirs_op->run(); },
                [this, s] { return timed_calls([&] { s->theirs_op->run(); }); }};
    p.verify = [s] {
      s->theirs_op->result(s->theirs, s->present);
      verify<SR>(*s->a, s->x, s->ours, s->theirs, s->present);
    };
  });
  p.add_fields = [this, graph, s, threads](Report& r, const Measured&) {
    add_fields(r, *s, threads);
  };
  p.layout =
      "compare spmv: {file}\n"
      "matrix: {n} rows, {nnz} entries ({pattern}); y = A * x over {semiring} ({type})\n"
      "threads: {threads} (spgraph and GraphBLAS)\n"
      "spgraph:   {format} ({rule}); CSR5 conversion {convert_s} ms, not timed\n"
      "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, GrB_mxv on a full x into a "
      "reused w (build {graphblas_build_s} s, not timed)\n"
      "verified: every y(i) equal (double sums within 1e-12 x row length x row magnitude)\n"
      "each run: mean of {iterations} calls\n";
  return p;
}

template <class T>
void SpmvJob::add_fields(Report& r, const SpmvState<T>& s, int threads) const {
  add_job_fields(r, "spmv", file, threads);
  r.add("n", report::count(s.a->nrows()));
  r.add("nnz", report::count(s.a->nvals()));
  r.add("pattern", report::flag(s.a->is_pattern(), "pattern, no values", "valued"));
  r.add("semiring", report::str(semiring));
  r.add("type", report::str(type));
  r.add("format", report::str(spmv_format_name(s.setup.format)));
  r.add("rule", report::text(s.setup.rule));
  r.add("convert_s", report::seconds_as_ms(s.setup.convert_seconds));
  r.add("iterations", report::count(iterations));
  r.add("verified", report::flag(true));
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("graphblas_build_s", report::seconds(s.grb->build_seconds()));
}

}  // namespace

void register_compare_spmv(CLI::App* compare) {
  register_compare_job<SpmvJob>(
      compare, "spmv",
      "Dense SpMV y = A*x in spgraph (CSR / CSR5) and GraphBLAS (GrB_mxv), verified, timed");
}

}  // namespace spgraph::cli
