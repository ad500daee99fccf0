// SPDX-License-Identifier: Apache-2.0
// `spgraph compare mxm A [B]`: C<M> = A ⊕.⊗ B in spgraph (hash SpGEMM) and in SuiteSparse:GraphBLAS
// (GrB_mxm + GrB_wait over the built-in semiring of the same name), verified entry by entry,
// timed in A/B pairs, with peak memory. Without B the product is A·A, or A·A' for a
// rectangular A. Values are compared exactly, except under a floating-point PLUS monoid, where
// the order of summation differs between the engines and a relative difference of 1e-9 is
// accepted (the largest one is printed); ANY with a positional multiply (any_secondi) may pick
// a different witness k, so each value is checked to be a valid one.
// With --backend cuda the two engines are on the device: spgraph's mxm on the CUDA backend
// (formats/csr/spgemm_hash_cuda.hpp) against cusparseSpGEMM (peers/cusparse_spgemm.hpp), for
// plus_times over double without mask or transposes (what cuSPARSE computes), each run uploading
// its operands and downloading C; the report adds each one's peak device memory.
#include <cmath>
#include <memory>

#include "engine/any_matrix.hpp"
#include "engine/backend.hpp"
#include "formats/device/device_stats.hpp"
#include "engine/ops.hpp"
#include "engine/semiring_registry.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/peers/cusparse_spgemm.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::cli {

namespace {

/// Σ_i Σ_{k ∈ A(i,:)} |B(k,:)|: the multiply-adds of the unmasked product.
template <class TA, class TB>
Offset product_count(const Csr<TA>& a, const Csr<TB>& b) {
  Offset n = 0;
  for (Offset k = 0; k < a.nnz(); ++k) n += b.degree(a.col[k]);
  return n;
}

/// Checks ours == theirs (see the file header); returns the largest relative difference.
template <class SR, class T>
double verify(const Csr<T>& ours, const Csr<T>& theirs, const Csr<T>& a, const Csr<T>& b,
              const std::string& peer = "GraphBLAS") {
  using Monoid = typename SR::add_monoid;
  if (ours.row_ptr != theirs.row_ptr || ours.col != theirs.col) {
    for (Vertex i = 0; i < ours.nrows; ++i)
      if (ours.degree(i) != theirs.degree(i))
        throw VerificationFailed("row " + std::to_string(i) + " has " +
                                 std::to_string(ours.degree(i)) + " entries in spgraph but " +
                                 std::to_string(theirs.degree(i)) + " in " + peer);
    throw VerificationFailed("the column patterns differ");
  }
  constexpr bool float_sum = std::is_floating_point_v<T> && std::is_same_v<Monoid, PlusMonoid<T>>;
  constexpr bool any_positional = Monoid::is_any && is_positional_op_v<typename SR::mul_op, T>;
  double worst = 0;
  for (Vertex i = 0; i < ours.nrows; ++i)
    for (Offset p = ours.row_begin(i); p < ours.row_end(i); ++p) {
      const T x = ours.value(p), y = theirs.value(p);
      const Vertex j = ours.col[p];
      auto fail = [&] {
        throw VerificationFailed("C(" + std::to_string(i) + ", " + std::to_string(j) + ") is " +
                                 std::to_string(double(x)) + " in spgraph but " +
                                 std::to_string(double(y)) + " in " + peer);
      };
      if constexpr (any_positional) {
        // x must be a witness k with A(i,k) and B(k,j) both present.
        const Vertex k = Vertex(x);
        auto has = [](const Csr<T>& m, Vertex r, Vertex c) {
          return r < m.nrows && std::binary_search(m.col.begin() + m.row_begin(r),
                                                   m.col.begin() + m.row_end(r), c);
        };
        if (!has(a, i, k) || !has(b, k, j)) fail();
      } else if constexpr (float_sum) {
        const double diff = std::fabs(double(x) - double(y));
        const double scale = std::fabs(double(x)) + std::fabs(double(y));
        if (diff > 1e-9 * scale && diff > 1e-300) fail();
        if (scale > 0) worst = std::max(worst, diff / scale);
      } else {
        if (!(x == y)) fail();
      }
    }
  return worst;
}

/// What one run over value type T holds: the operands, both engines' copies, the products.
template <class T>
struct MxmState {
  std::unique_ptr<Matrix<T>> a, b_owned, mask_owned;
  const Matrix<T>* b = nullptr;
  const Matrix<T>* mask = nullptr;
  Descriptor d;
  std::string note;
  Vertex rows = 0, cols = 0;
  std::unique_ptr<peers::GraphBlasMatrix> ga, gb_owned, gm_owned;
  const peers::GraphBlasMatrix* gb = nullptr;
  const peers::GraphBlasMatrix* gm = nullptr;
  double grb_build = 0, transpose_s = 0, worst = 0;
  std::unique_ptr<Matrix<T>> c;
  peers::GraphBlasMatrix gc;
};

struct MxmJob {
  std::string a_file, b_file, mask_file;
  std::string semiring = "plus_times";
  std::string type = "double";
  bool structural = false, complement = false, transpose_a = false, transpose_b = false;

  void add_flags(CLI::App* cmd, CompareFlags& f) {
    f.g.runs_on_cuda = true;  // against cusparseSpGEMM (plan_cuda)
    cmd->add_option("a", a_file, "Matrix A")->required();
    cmd->add_option("b", b_file, "Matrix B (default: A; A*A' when A is rectangular)");
    cmd->add_option("--semiring", semiring,
                    "Semiring by name, e.g. plus_times, min_plus, lor_land (default plus_times)");
    cmd->add_option("--type", type, "Value type (default double)")
        ->check(CLI::IsMember({"bool", "int32", "int64", "float", "double"}));
    cmd->add_option("--mask", mask_file, "Mask matrix file, or 'a' to use A itself");
    cmd->add_flag("--structural", structural, "Structural mask (entries count, not values)");
    cmd->add_flag("--complement", complement, "Complement the mask");
    cmd->add_flag("--transpose-a", transpose_a, "Use A'");
    cmd->add_flag("--transpose-b", transpose_b, "Use B'");
  }

  ComparePlan plan(const CompareFlags& f, int threads) {
    if (backend_of(f.g) == Backend::Cuda) return plan_cuda(f, threads);
    if (type == "bool") return plan_typed<bool>(f, threads);
    if (type == "int32") return plan_typed<std::int32_t>(f, threads);
    if (type == "int64") return plan_typed<std::int64_t>(f, threads);
    if (type == "float") return plan_typed<float>(f, threads);
    return plan_typed<double>(f, threads);
  }

  template <class T>
  ComparePlan plan_typed(const CompareFlags& f, int threads);
  ComparePlan plan_cuda(const CompareFlags& f, int threads);
  template <class T>
  void load_operands(MxmState<T>& s, const CompareFlags& f) const;
  template <class T>
  void add_fields(Report& r, const MxmState<T>& s, int threads) const;
  template <class T>
  std::string layout(const MxmState<T>& s) const;
};

/// Loads A, B and the mask once; each engine gets its own copy. Values that do not convert to
/// --type without loss are errors at their line.
template <class T>
void MxmJob::load_operands(MxmState<T>& s, const CompareFlags& f) const {
  const ValueType exact = value_type_of<T>();
  auto load = [&](const std::string& path) {
    return std::make_unique<Matrix<T>>(
        matrix_cast<T>(load_for_cli(path, f.load, f.g, false, exact).loaded.matrix));
  };
  s.a = load(a_file);
  if (!b_file.empty()) s.b_owned = load(b_file);
  s.b = s.b_owned ? s.b_owned.get() : s.a.get();
  s.d.transpose_a = transpose_a;
  s.d.transpose_b = transpose_b;
  if (!s.b_owned && s.a->nrows() != s.a->ncols() && !transpose_a && !transpose_b) {
    s.d.transpose_b = true;
    s.note = "A is rectangular: computing A*A'";
  }
  if (mask_file == "a" || mask_file == "A") {
    s.mask = s.a.get();
  } else if (!mask_file.empty()) {
    s.mask_owned = load(mask_file);
    s.mask = s.mask_owned.get();
  }
  s.d.mask_structural = structural;
  s.d.mask_complement = complement;
  s.rows = s.d.transpose_a ? s.a->ncols() : s.a->nrows();
  s.cols = s.d.transpose_b ? s.b->nrows() : s.b->ncols();
}

template <class T>
ComparePlan MxmJob::plan_typed(const CompareFlags& f, int threads) {
  with_semiring<T>(semiring, [](auto) {});  // unknown names fail here, listing the valid
  peers::check_graphblas_semiring<T>(semiring);
  auto s = std::make_shared<MxmState<T>>();
  load_operands(*s, f);
  s->ga = std::make_unique<peers::GraphBlasMatrix>(s->a->csr());
  if (s->b_owned) s->gb_owned = std::make_unique<peers::GraphBlasMatrix>(s->b->csr());
  s->gb = s->gb_owned ? s->gb_owned.get() : s->ga.get();
  if (s->mask_owned) s->gm_owned = std::make_unique<peers::GraphBlasMatrix>(s->mask->csr());
  s->gm = s->mask ? (s->mask == s->a.get() ? s->ga.get() : s->gm_owned.get()) : nullptr;
  s->grb_build = s->ga->build_seconds() + (s->gb_owned ? s->gb_owned->build_seconds() : 0) +
                 (s->gm_owned ? s->gm_owned->build_seconds() : 0);
  // spgraph's cached transposes (for --transpose-a/-b) are built here, once, as LAGraph caches A'.
  s->c = std::make_unique<Matrix<T>>(s->rows, s->cols);
  if (s->d.transpose_a || s->d.transpose_b)
    s->transpose_s = timed([&] {
      if (s->d.transpose_a) s->a->transposed();
      if (s->d.transpose_b) s->b->transposed();
    });

  ComparePlan p;
  auto ours = [this, s] {
    return timed([&] {
      with_semiring<T>(semiring,
                       [&](auto sr) { mxm(*s->c, s->mask, NoAccum{}, sr, *s->a, *s->b, s->d); });
    });
  };
  auto theirs = [this, s] {
    return peers::graphblas_mxm<T>(s->gc, semiring, s->gm, *s->ga, *s->gb, s->d);
  };
  p.ours = {s->a->memory_bytes() + (s->b_owned ? s->b->memory_bytes() : 0) +
                (s->mask_owned ? s->mask->memory_bytes() : 0),
            ours, ours};
  p.theirs = {s->ga->memory_bytes() + (s->gb_owned ? s->gb_owned->memory_bytes() : 0) +
                  (s->gm_owned ? s->gm_owned->memory_bytes() : 0),
              theirs, theirs};
  p.verify = [this, s] {
    with_semiring<T>(semiring, [&](auto sr) {
      s->worst = verify<decltype(sr)>(s->c->csr(), s->gc.template to_csr<T>(),
                                      detail::oriented(*s->a, s->d.transpose_a),
                                      detail::oriented(*s->b, s->d.transpose_b));
    });
  };
  p.add_fields = [this, s, threads](Report& r, const Measured&) { add_fields(r, *s, threads); };
  p.layout = layout(*s);
  return p;
}

template <class T>
void MxmJob::add_fields(Report& r, const MxmState<T>& s, int threads) const {
  const Matrix<T>& a = *s.a;
  const Matrix<T>& b = *s.b;
  const Offset flops =
      product_count(detail::oriented(a, s.d.transpose_a), detail::oriented(b, s.d.transpose_b));
  r.add("job", report::str("mxm"));
  r.add("a", report::str(a_file));
  r.add("b", report::str(s.b_owned ? b_file : a_file));
  r.add("b_transposed", report::text(s.d.transpose_b ? "'" : ""));
  r.add("note", report::text(s.note.empty() ? "" : "  (" + s.note + ")"));
  r.add("semiring", report::str(semiring));
  r.add("type", report::str(type));
  r.add("threads", report::count(threads));
  r.add("a_shape", report::text(std::to_string(a.nrows()) + " x " + std::to_string(a.ncols())));
  r.add("b_shape", report::text(std::to_string(b.nrows()) + " x " + std::to_string(b.ncols())));
  r.add("rows", report::count(s.rows));
  r.add("cols", report::count(s.cols));
  r.add("nnz_a", report::count(a.nvals()));
  r.add("nnz_b", report::count(b.nvals()));
  r.add("nnz_c", report::count(s.c->nvals()));
  r.add("products", report::count(flops));
  r.add("mask", {s.mask ? Json(mask_file) : Json(nullptr), s.mask ? mask_file : "none"});
  r.add("mask_kind", report::text(std::string(s.mask && s.d.mask_structural ? ", structural" : "") +
                                  (s.mask && s.d.mask_complement ? ", complemented" : "")));
  r.add("verified", report::flag(true));
  ReportValue difference = report::real(s.worst, "%.3g", "%f");
  difference.text = s.worst > 0 ? "values within relative " + difference.text : "identical values";
  r.add("max_relative_difference", difference);
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("graphblas_build_s", report::seconds(s.grb_build));
  r.add("spgraph_transpose_s", report::real(s.transpose_s, "%.6f", "%f"));
}

template <class T>
std::string MxmJob::layout(const MxmState<T>& s) const {
  std::string layout =
      "compare mxm: {a} x {b}{b_transposed}{note}\n"
      "semiring {semiring} over {type}; mask: {mask}{mask_kind}\n"
      "A: {a_shape}, {nnz_a} entries; B: {b_shape}, {nnz_b} entries; C: {rows} x {cols}, "
      "{nnz_c} entries; {products} products\n"
      "threads: {threads} (spgraph and GraphBLAS)\n"
      "spgraph:   hash SpGEMM (Nagasaka et al. row bins, symbolic + numeric passes, mask inside "
      "the kernel, sorted rows)\n"
      "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, GrB_mxm + GrB_wait (its own method "
      "choice)\n"
      "not timed: GraphBLAS build {graphblas_build_s} s";
  if (s.transpose_s > 0) layout += ", spgraph cached transpose {spgraph_transpose_s} s";
  layout += "\nverified: identical pattern, {max_relative_difference}\n";
  return layout;
}

/// The device counters of each engine's warm-up (--backend cuda).
struct DeviceRuns {
  DeviceStats ours, theirs;
};

/// --backend cuda: spgraph's mxm on the device against cusparseSpGEMM (see the file header).
ComparePlan MxmJob::plan_cuda(const CompareFlags& f, int threads) {
  if (type != "double" || semiring != "plus_times" || !mask_file.empty() || transpose_a ||
      transpose_b)
    throw BackendUnavailable(
        "cuda: compare mxm --backend cuda runs against cusparseSpGEMM, which computes "
        "plus_times over double without a mask or transposes; drop --type, --semiring, --mask "
        "and --transpose-*, or use --backend cpu");
  auto s = std::make_shared<MxmState<double>>();
  load_operands(*s, f);
  if (s->d.transpose_b)
    throw BackendUnavailable("cuda: compare mxm --backend cuda needs a square A (A*A) or a B; " +
                             s->note + " needs a transpose, which cusparseSpGEMM does not take");
  s->d.backend = Backend::Cuda;
  s->c = std::make_unique<Matrix<double>>(s->rows, s->cols);
  auto theirs_c = std::make_shared<Csr<double>>();
  auto dev = std::make_shared<DeviceRuns>();
  auto ours = [s] {
    return timed([&] { mxm(*s->c, nullptr, NoAccum{}, PlusTimes<double>{}, *s->a, *s->b, s->d); });
  };
  auto theirs = [s, theirs_c] {
    return timed([&] { *theirs_c = peers::cusparse_spgemm_host(s->a->csr(), s->b->csr()); });
  };
  ComparePlan p;
  p.theirs_name = "cuSPARSE";
  p.quiet_layout = "{median_ratio_cusparse}\n";
  const std::uint64_t inputs = s->a->memory_bytes() + (s->b_owned ? s->b->memory_bytes() : 0);
  p.ours = {inputs,
            [ours, dev] {
              reset_device_stats();
              ours();
              dev->ours = device_stats();
            },
            ours};
  p.theirs = {inputs,
              [theirs, dev] {
                reset_device_stats();
                theirs();
                dev->theirs = device_stats();
              },
              theirs};
  p.verify = [s, theirs_c] {
    s->worst =
        verify<PlusTimes<double>>(s->c->csr(), *theirs_c, s->a->csr(), s->b->csr(), "cuSPARSE");
  };
  p.add_fields = [this, s, dev, threads](Report& r, const Measured&) {
    r.add("job", report::str("mxm"));
    r.add("a", report::str(a_file));
    r.add("b", report::str(s->b_owned ? b_file : a_file));
    r.add("backend", report::str("cuda"));
    r.add("threads", report::count(threads));
    r.add("nnz_a", report::count(s->a->nvals()));
    r.add("nnz_c", report::count(s->c->nvals()));
    r.add("products", report::count(product_count(s->a->csr(), s->b->csr())));
    r.add("verified", report::flag(true));
    r.add("max_relative_difference", report::real(s->worst, "%.3g", "%.3g"));
    r.add("device_h2d_bytes", report::bytes(dev->ours.host_to_device_bytes));
    r.add("device_d2h_bytes", report::bytes(dev->ours.device_to_host_bytes));
    r.add("device_peak_bytes", report::bytes(dev->ours.peak_bytes));
    r.add("cusparse_device_peak_bytes", report::bytes(dev->theirs.peak_bytes));
  };
  p.layout =
      "compare mxm --backend cuda: {a} x {b}, plus_times over double\n"
      "A: {nnz_a} entries; C: {nnz_c} entries; {products} products\n"
      "spgraph:  device hash SpGEMM (row bins on streams, shared and global tables)\n"
      "cuSPARSE: cusparseSpGEMM (CUSPARSE_SPGEMM_DEFAULT); each run uploads A, B and downloads C\n"
      "peak device memory: spgraph {device_peak_bytes}, cuSPARSE {cusparse_device_peak_bytes}\n"
      "verified: identical pattern, largest relative difference {max_relative_difference}\n";
  return p;
}

}  // namespace

void register_compare_mxm(CLI::App* compare) {
  register_compare_job<MxmJob>(
      compare, "mxm",
      "C<M> = A*B over a semiring in spgraph (hash SpGEMM) and GraphBLAS (GrB_mxm), "
      "verified, timed");
}

}  // namespace spgraph::cli
