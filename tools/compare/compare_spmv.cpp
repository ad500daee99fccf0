// SPDX-License-Identifier: Apache-2.0
// `spgraph compare spmv FILE`: the dense SpMV y = A ⊕.⊗ x in spgraph (CSR or the CSR5 view, as
// --spmv picks) and in SuiteSparse:GraphBLAS (GrB_mxv on a full x into a reused w, see
// tools/compare/peers/graphblas_spmv.hpp), on the same matrix and the same x. The answers are
// verified first: every row of A with an entry must be present in GraphBLAS's w with the same value
// (exactly for integers; for double sums within 1e-12 · ℓ · Σ|A(i,k) ⊗ x(k)|, ℓ the row length,
// the bound of two summation orders; any of the row's terms under ANY), and rows with no entry
// must be absent from w. Each timed run is the mean of
// --iterations calls; the CSR5 conversion is done (and reported) before timing.
//
// With --backend cuda the pair is spgraph's device SpMV (engine/spmv_dense_cuda.hpp: CSR5 or CSR
// vector, by --spmv or the GPU's rule; A's mirror and x uploaded in the warm-up) against
// cuSPARSE's cusparseSpMV (tools/compare/peers/cusparse_spmv.hpp) on the same device, in the same
// run; each timed run is the mean of --iterations kernel calls, each waited for. cuSPARSE's SpMV
// is arithmetic, so the job is plus_times over double. Verified first, both against each other
// and spgraph's device result against the CPU kernel: every y(i) within 1e-12 · ℓ · Σ|A(i,k)
// x(k)| (ℓ the row length: two summation orders), empty rows 0 on both sides.
#include <cmath>
#include <memory>
#include <optional>

#include "engine/any_matrix.hpp"
#include "engine/semiring_registry.hpp"
#include "engine/spmv_dense_cuda.hpp"
#include "formats/csr/any_fold.hpp"
#include "tools/cli/device_report.hpp"
#include "tools/cli/spmv_common.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/peers/cusparse_spmv.hpp"
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

  void add_flags(CLI::App* cmd, CompareFlags& f) {
    cmd->add_option("file", file, "Matrix file")->required();
    add_spmv_semiring_flags(cmd, semiring, type);
    add_spmv_format_flag(cmd, format);
    cmd->add_option("--iterations", iterations, "Calls per timed run (default 10)")
        ->check(integer_flag("--iterations", 1, 100000));
    f.g.runs_on_cuda = true;  // spgraph's device SpMV against cuSPARSE
  }

  ComparePlan plan(const CompareFlags& f, int threads) {
    const bool on_device = backend_of(f.g) == Backend::Cuda;
    if (on_device && (semiring != "plus_times" || type != "double"))
      throw CLI::ValidationError(
          "compare spmv --backend cuda runs against cuSPARSE, whose SpMV is arithmetic: give "
          "--semiring plus_times --type double (the defaults)");
    auto graph =
        std::make_shared<CliGraph>(load_for_cli(file, f.load, f.g, false, exact_type_of(type)));
    if (on_device) return plan_device(graph, threads);
    ComparePlan p;
    dispatch_value_type(type, [&](auto tag) { p = plan_typed<decltype(tag)>(graph, threads); });
    return p;
  }
  ComparePlan plan_device(const std::shared_ptr<CliGraph>& graph, int threads);

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

/// Checks y against `want` (both for A on x, plus_times over double): every row within
/// 1e-12 · ℓ · max(Σ_k |A(i,k) x(k)|, 1); throws VerificationFailed naming the row and the sides.
void verify_close(const Csr<double>& c, const std::vector<double>& x, const std::vector<double>& y,
                  const std::vector<double>& want, const char* y_name, const char* want_name) {
  for (Vertex i = 0; i < c.nrows; ++i) {
    if (y[i] == want[i]) continue;
    double mag = 0;
    for (Offset k = c.row_ptr[i]; k < c.row_ptr[i + 1]; ++k)
      mag += std::fabs((c.pattern ? 1.0 : c.val[k]) * x[c.col[k]]);
    const double tol = 1e-12 * double(c.row_ptr[i + 1] - c.row_ptr[i]) * std::max(mag, 1.0);
    if (std::fabs(y[i] - want[i]) <= tol) continue;
    throw VerificationFailed("y(" + std::to_string(i) + ") = " + std::to_string(y[i]) + " in " +
                             y_name + " but " + std::to_string(want[i]) + " in " + want_name);
  }
}

/// What the device run holds: the input, both engines' prepared SpMVs and their answers.
struct DeviceSpmvState {
  std::optional<Matrix<double>> converted;
  const Matrix<double>* a = nullptr;
  std::vector<double> x, ours, theirs;
  std::unique_ptr<DeviceSpmv<PlusTimes<double>, double>> ours_op;
  std::unique_ptr<peers::CusparseSpmv> theirs_op;
  std::string cusparse_version;
};

ComparePlan SpmvJob::plan_device(const std::shared_ptr<CliGraph>& graph, int threads) {
  reset_device_report();
  auto s = std::make_shared<DeviceSpmvState>();
  s->a = &matrix_of_type<double>(graph->loaded.matrix, s->converted);
  s->x = spmv_input<double>(s->a->ncols());
  s->ours.resize(s->a->nrows());
  const SpmvFormat asked = parse_spmv_format(format);
  ComparePlan p;
  p.theirs_name = "cuSPARSE";
  p.quiet_layout = "{median_ratio_cusparse}\n";
  // Warm-ups: the uploads (A's mirror and x; cuSPARSE's copy and x) and one call each.
  p.ours = {0,
            [s, asked] {
              s->ours_op = std::make_unique<DeviceSpmv<PlusTimes<double>, double>>(
                  *s->a, false, s->x.data(), asked);
              s->ours_op->run();
              s->ours_op->download(s->ours.data());
            },
            [this, s] { return timed_calls([&] { s->ours_op->run(); }); }};
  p.theirs = {0,
              [s] {
                s->theirs_op = std::make_unique<peers::CusparseSpmv>(s->a->csr(), s->x);
                s->theirs_op->run();
                s->theirs = s->theirs_op->result();
                s->cusparse_version = s->theirs_op->version();
              },
              [this, s] { return timed_calls([&] { s->theirs_op->run(); }); }};
  p.verify = [s] {
    std::vector<double> cpu(s->a->nrows());
    spmv_dense<PlusTimes<double>>(*s->a, false, s->x.data(), cpu.data());
    verify_close(s->a->csr(), s->x, s->ours, s->theirs, "spgraph (cuda)", "cuSPARSE");
    verify_close(s->a->csr(), s->x, s->ours, cpu, "spgraph (cuda)", "spgraph (cpu)");
  };
  p.add_fields = [this, graph, s, threads](Report& r, const Measured&) {
    add_job_fields(r, "spmv", file, threads);
    r.add("n", report::count(s->a->nrows()));
    r.add("nnz", report::count(s->a->nvals()));
    r.add("pattern", report::flag(s->a->is_pattern(), "pattern, no values", "valued"));
    r.add("semiring", report::str(semiring));
    r.add("type", report::str(type));
    r.add("backend", report::str("cuda"));
    const DeviceSpmvChoice& c = s->ours_op->choice();
    r.add("format", report::str(c.format == SpmvFormat::Csr5 ? "csr5" : "csr vector"));
    r.add("rule", report::text(c.reason));
    r.add("upload_s", report::seconds_as_ms(s->ours_op->matrix_seconds()));
    r.add("iterations", report::count(iterations));
    r.add("verified", report::flag(true));
    r.add("cusparse_version", report::text(s->cusparse_version));
    r.add("cusparse_device_bytes", report::bytes(s->theirs_op->device_bytes()));
    report_device_stats(r);
  };
  p.layout = std::string(
                 "compare spmv: {file}, on cuda\n"
                 "matrix: {n} rows, {nnz} entries ({pattern}); y = A * x over {semiring} "
                 "({type})\n"
                 "spgraph:  {format} ({rule}); upload of A {upload_s} ms, not timed\n"
                 "cuSPARSE: {cusparse_version}, cusparseSpMV on CSR (its copy: "
                 "{cusparse_device_bytes} on the device)\n"
                 "verified: every y(i) equal to cuSPARSE's and to the CPU's within 1e-12 x row "
                 "length x row magnitude\n"
                 "each run: mean of {iterations} kernel calls, each waited for\n") +
             kDeviceStatsLayout;
  return p;
}

}  // namespace

void register_compare_spmv(CLI::App* compare) {
  register_compare_job<SpmvJob>(
      compare, "spmv",
      "Dense SpMV y = A*x in spgraph (CSR / CSR5) and GraphBLAS (GrB_mxv), verified, timed");
}

}  // namespace spgraph::cli
