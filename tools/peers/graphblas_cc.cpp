// GraphBLAS peer for `spgraph compare cc` (see graphblas_traversals.hpp), following LAGraph's
// LG_CC_FastSV6 (LAGraph 1.0; Y. Zhang, modified by T. Davis), the SuiteSparse method behind
// LAGr_ConnectedComponents, after Zhang, Azad and Hu, "FastSV: a distributed-memory connected
// component algorithm with fast convergence", SIAM PP 2020. Written afresh from its description:
//   warm-up: parent = min(0:n-1, A min.secondi 1) (each vertex hooks to its smallest neighbour);
//            gp = mngp = parent; Px = parent as an index array
//   fastsv(A): repeat
//       mngp = min(mngp, A min.second gp)                    (min neighbour's grandparent)
//       parent = min(parent, C min.second mngp)  with C(i,j) present iff i = Px[j]
//                 (C packed in O(1) from Cp = 0:n and Px, GxB pack/unpack: the "reduce-assign"
//                  parent[Px[j]] = min(parent[Px[j]], mngp[j]))
//       parent = min(parent, mngp, gp)
//       Px = parent;  gp_new = parent(Px)                    (shortcut: grandparents)
//     until gp_new == gp
//   sampling (when nvals > 8n and n > 1024): fastsv on T = the first 4 arcs of each row; then
//     estimate the largest component's representative `key` as the most frequent of 864
//     random parent values; T = A without the rows of key's component, and in other rows
//     every arc into key's component replaced by one arc to key (space permitting, as LAGraph
//     does); the final fastsv runs on T (done at once when T is empty).
// A's arrays are borrowed with GxB_Matrix_unpack_CSR for the sampling and packed back unchanged,
// as LAGraph does (so one graph must not run two of these at once). Index arrays are 64-bit
// (GrB_Index) as GxB pack needs; labels are UINT32 unless n > 2^31 (then UINT64), as LAGraph
// chooses. The random sample uses std::mt19937_64 seeded with n and a std::unordered_map for
// the counts (LAGraph: its own 60-bit generator and a 1024-slot hash table).
#include <cstdlib>
#include <cstring>
#include <random>
#include <unordered_map>

#include "tools/peers/graphblas_internal.hpp"
#include "tools/peers/graphblas_traversals.hpp"

namespace spgraph::peers {

using detail::check;
using detail::GrbOwner;

struct GraphBlasCcGraph::Impl {
  GrB_Index n = 0;
  GrB_Matrix a = nullptr;
  ~Impl() {
    if (a) GrB_Matrix_free(&a);
  }
};

GraphBlasCcGraph::GraphBlasCcGraph(const Csr<bool>& csr) : impl_(std::make_unique<Impl>()) {
  const auto t0 = std::chrono::steady_clock::now();
  impl_->n = csr.nrows;
  impl_->a = detail::grb_matrix_from_csr(csr);
  build_seconds_ = detail::seconds_since(t0);
}

GraphBlasCcGraph::~GraphBlasCcGraph() = default;

std::size_t GraphBlasCcGraph::memory_bytes() const {
  std::size_t a = 0;
  check(GxB_Matrix_memoryUsage(&a, impl_->a), "memoryUsage");
  return a;
}

namespace {

/// malloc'd arrays handed to GraphBLAS by GxB pack (which takes ownership) and back by unpack.
struct MallocOwner {
  void* p = nullptr;
  MallocOwner() = default;
  MallocOwner(const MallocOwner&) = delete;
  MallocOwner& operator=(const MallocOwner&) = delete;
  ~MallocOwner() { std::free(p); }
  GrB_Index*& idx() { return reinterpret_cast<GrB_Index*&>(p); }
};

void* checked_malloc(std::size_t bytes) {
  void* p = std::malloc(bytes ? bytes : 1);
  if (!p) throw std::bad_alloc();
  return p;
}

/// The types and operators of one label width.
struct Ops {
  GrB_Type uint_type, int_type;
  GrB_IndexUnaryOp ramp;
  GrB_BinaryOp min, imin, eq;
  GrB_Semiring min_2nd, min_2ndi;
};

/// The workspace of fastsv(), shared by the sampling and the final phase.
struct FastSv {
  GrB_Index n = 0;
  const Ops* ops = nullptr;
  GrB_Vector parent = nullptr, mngp = nullptr, gp = nullptr, gp_new = nullptr, t = nullptr;
  GrB_Matrix c = nullptr;  // empty between calls; holds Cp, Px while packed
  MallocOwner cp, px, cx;
  GrB_Index cp_size = 0, px_size = 0, cx_size = 0;

  /// Hooking and shortcutting on A until the grandparents stop changing.
  void run(GrB_Matrix a) {
    GrB_Index nn = n;
    for (;;) {
      check(GrB_mxv(mngp, nullptr, ops->min, ops->min_2nd, a, gp, nullptr),
            "mngp = min(mngp, A*gp)");
      // parent = min(parent, C * mngp), C(i,j) present iff i = Px[j], packed in O(1).
      check(GxB_Matrix_pack_CSC(c, &cp.idx(), &px.idx(), &cx.p, cp_size, px_size, cx_size, true,
                                false, nullptr),
            "pack C");
      check(GrB_mxv(parent, nullptr, ops->min, ops->min_2nd, c, mngp, nullptr),
            "parent = min(parent, C*mngp)");
      bool iso = false, jumbled = false;
      check(GxB_Matrix_unpack_CSC(c, &cp.idx(), &px.idx(), &cx.p, &cp_size, &px_size, &cx_size,
                                  &iso, &jumbled, nullptr),
            "unpack C");
      check(GrB_Vector_eWiseAdd_BinaryOp(parent, nullptr, ops->min, ops->min, mngp, gp, nullptr),
            "parent = min(parent, mngp, gp)");
      // gp_new = parent(parent), with Px the index copy of parent.
      nn = n;
      check(GrB_Vector_extractTuples_UINT64(nullptr, px.idx(), &nn, parent), "Px = parent");
      check(GrB_Vector_extract(gp_new, nullptr, nullptr, parent, px.idx(), n, nullptr),
            "gp_new = parent(Px)");
      check(GrB_Vector_eWiseMult_BinaryOp(t, nullptr, nullptr, ops->eq, gp_new, gp, nullptr),
            "t = gp_new == gp");
      bool done = false;
      check(GrB_Vector_reduce_BOOL(&done, nullptr, GrB_LAND_MONOID_BOOL, t, nullptr), "all(t)");
      if (done) break;
      std::swap(gp, gp_new);
    }
  }

  ~FastSv() {
    for (GrB_Vector* v : {&parent, &mngp, &gp, &gp_new, &t})
      if (*v) GrB_Vector_free(v);
    if (c) GrB_Matrix_free(&c);
  }
};

}  // namespace

GraphBlasCcResult graphblas_connected_components(const GraphBlasCcGraph& graph) {
  const GraphBlasCcGraph::Impl& g = graph.impl();
  const GrB_Index n = g.n;
  GraphBlasCcResult res;
  if (n == 0) return res;
  GrB_Matrix a = g.a;
  static const Ops ops32{GrB_UINT32,
                         GrB_INT32,
                         GrB_ROWINDEX_INT32,
                         GrB_MIN_UINT32,
                         GrB_MIN_INT32,
                         GrB_EQ_UINT32,
                         GrB_MIN_SECOND_SEMIRING_UINT32,
                         GxB_MIN_SECONDI_INT32};
  static const Ops ops64{GrB_UINT64,
                         GrB_INT64,
                         GrB_ROWINDEX_INT64,
                         GrB_MIN_UINT64,
                         GrB_MIN_INT64,
                         GrB_EQ_UINT64,
                         GrB_MIN_SECOND_SEMIRING_UINT64,
                         GxB_MIN_SECONDI_INT64};
  const Ops& ops = n > GrB_Index(INT32_MAX) ? ops64 : ops32;
  constexpr GrB_Index kSamples = 4;  // arcs kept per row in the sampling phase
  GrB_Index nvals = 0;
  check(GrB_Matrix_nvals(&nvals, a), "nvals(A)");
  const bool sampling = nvals > n * kSamples * 2 && n > 1024;

  FastSv f;
  f.n = n;
  f.ops = &ops;
  GrbOwner<GrB_Matrix> tm;
  GrbOwner<GrB_Vector> y, zeros;
  const auto t0 = std::chrono::steady_clock::now();

  // Cp = 0:n and an empty C; Px of size n; Cx one iso value.
  f.cp_size = (n + 1) * sizeof(GrB_Index);
  f.px_size = n * sizeof(GrB_Index);
  f.cx_size = sizeof(bool);
  f.cp.p = checked_malloc(f.cp_size);
  f.px.p = checked_malloc(f.px_size);
  f.cx.p = checked_malloc(f.cx_size);
  std::memset(f.cx.p, 0, f.cx_size);
  for (GrB_Index i = 0; i <= n; ++i) f.cp.idx()[i] = i;
  check(GrB_Matrix_new(&f.c, GrB_BOOL, n, n), "new C");

  // Warm-up: y = min(0:n-1, A min.secondi 0): each vertex's smallest neighbour or itself.
  check(GrB_Vector_new(&zeros.obj, ops.int_type, n), "new t");
  check(GrB_Vector_assign_INT64(zeros.obj, nullptr, nullptr, 0, GrB_ALL, n, nullptr), "t = 0");
  check(GrB_Vector_new(&y.obj, ops.int_type, n), "new y");
  check(GrB_Vector_assign_INT64(y.obj, nullptr, nullptr, 0, GrB_ALL, n, nullptr), "y = 0");
  check(GrB_Vector_apply_IndexOp_INT64(y.obj, nullptr, nullptr, ops.ramp, y.obj, 0, nullptr),
        "y = 0:n-1");
  check(GrB_mxv(y.obj, nullptr, ops.imin, ops.min_2ndi, a, zeros.obj, nullptr),
        "y = min(y, A min.secondi t)");
  GrB_Vector_free(&zeros.obj);
  check(GrB_Vector_new(&f.parent, ops.uint_type, n), "new parent");
  check(GrB_Vector_assign(f.parent, nullptr, nullptr, y.obj, GrB_ALL, n, nullptr), "parent = y");
  GrB_Vector_free(&y.obj);
  GrB_Index nn = n;
  check(GrB_Vector_extractTuples_UINT64(nullptr, f.px.idx(), &nn, f.parent), "Px = parent");
  check(GrB_Vector_dup(&f.gp, f.parent), "gp = parent");
  check(GrB_Vector_dup(&f.mngp, f.parent), "mngp = parent");
  check(GrB_Vector_new(&f.gp_new, ops.uint_type, n), "new gp_new");
  check(GrB_Vector_new(&f.t, GrB_BOOL, n), "new t");

  if (sampling) {
    res.sampled = true;
    // Borrow A's CSR arrays.
    GrB_Index *ap = nullptr, *aj = nullptr;
    void* ax = nullptr;
    GrB_Index ap_size = 0, aj_size = 0, ax_size = 0;
    bool a_iso = false, a_jumbled = false;
    check(GxB_Matrix_unpack_CSR(a, &ap, &aj, &ax, &ap_size, &aj_size, &ax_size, &a_iso, &a_jumbled,
                                nullptr),
          "unpack A");
    struct Repack {  // A gets its arrays back on every path
      GrB_Matrix a;
      GrB_Index **ap, **aj;
      void** ax;
      GrB_Index ap_size, aj_size, ax_size;
      bool iso, jumbled;
      ~Repack() {
        GxB_Matrix_pack_CSR(a, ap, aj, ax, ap_size, aj_size, ax_size, iso, jumbled, nullptr);
      }
    } repack{a, &ap, &aj, &ax, ap_size, aj_size, ax_size, a_iso, a_jumbled};
    const auto rows = static_cast<std::int64_t>(n);

    // T = the first kSamples arcs of each row.
    MallocOwner tp, tj, tx;
    GrB_Index tp_size = (n + 1) * sizeof(GrB_Index), tj_size = std::max<GrB_Index>(nvals, 1) * 8,
              tx_size = sizeof(bool);
    tp.p = checked_malloc(tp_size);
    tj.p = checked_malloc(tj_size);
    tx.p = checked_malloc(tx_size);
    std::memset(tx.p, 0, tx_size);
    GrB_Index* tpi = tp.idx();
    tpi[0] = 0;
    for (std::int64_t i = 0; i < rows; ++i)
      tpi[i + 1] = tpi[i] + std::min<GrB_Index>(kSamples, ap[i + 1] - ap[i]);
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < rows; ++i)
      for (GrB_Index k = 0; k < tpi[i + 1] - tpi[i]; ++k) tj.idx()[tpi[i] + k] = aj[ap[i] + k];
    check(GrB_Matrix_new(&tm.obj, GrB_BOOL, n, n), "new T");
    check(GxB_Matrix_pack_CSR(tm.obj, &tp.idx(), &tj.idx(), &tx.p, tp_size, tj_size, tx_size, true,
                              a_jumbled, nullptr),
          "pack T");
    f.run(tm.obj);

    // The most frequent of 864 random parents: the estimated largest component's root.
    std::mt19937_64 rng(n);
    std::unordered_map<GrB_Index, int> counts;
    GrB_Index key = 0;
    int best = 0;
    for (int k = 0; k < 864; ++k) {
      const GrB_Index x = f.px.idx()[rng() % n];
      const int c = ++counts[x];
      if (c > best) {
        best = c;
        key = x;
      }
    }

    // T = A without key's component; arcs into it collapse to one arc to key.
    bool t_iso = false, t_jumbled = false;
    check(GxB_Matrix_unpack_CSR(tm.obj, &tp.idx(), &tj.idx(), &tx.p, &tp_size, &tj_size, &tx_size,
                                &t_iso, &t_jumbled, nullptr),
          "unpack T");
    if (tj_size < std::max<GrB_Index>(nvals, 1) * sizeof(GrB_Index)) {
      std::free(tj.p);
      tj_size = std::max<GrB_Index>(nvals, 1) * sizeof(GrB_Index);
      tj.p = checked_malloc(tj_size);
    }
    const GrB_Index* px = f.px.idx();
    tpi = tp.idx();
    // Count each row's entries, then fill.
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < rows; ++i) {
      GrB_Index cnt = 0;
      if (px[i] != key) {
        for (GrB_Index p = ap[i]; p < ap[i + 1]; ++p) cnt += px[aj[p]] != key;
        if (cnt < ap[i + 1] - ap[i]) ++cnt;  // room for T(i, key)
      }
      tpi[i + 1] = cnt;
    }
    tpi[0] = 0;
    for (std::int64_t i = 0; i < rows; ++i) tpi[i + 1] += tpi[i];
    GrB_Index* tji = tj.idx();
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < rows; ++i) {
      if (px[i] == key) continue;
      GrB_Index q = tpi[i];
      for (GrB_Index p = ap[i]; p < ap[i + 1]; ++p)
        if (px[aj[p]] != key) tji[q++] = aj[p];
      if (q < tpi[i + 1]) tji[q++] = key;
    }
    nvals = tpi[n];
    check(GxB_Matrix_pack_CSR(tm.obj, &tp.idx(), &tj.idx(), &tx.p, tp_size, tj_size, tx_size, t_iso,
                              true, nullptr),
          "pack T");
    a = tm.obj;
  }
  if (nvals > 0) f.run(a);
  check(GrB_Vector_wait(f.parent, GrB_MATERIALIZE), "wait parent");
  res.seconds = detail::seconds_since(t0);
  // Extraction (not timed).
  res.component.resize(n);
  nn = n;
  check(GrB_Vector_extractTuples_UINT64(nullptr, res.component.data(), &nn, f.parent),
        "extract parent");
  return res;
}

}  // namespace spgraph::peers
