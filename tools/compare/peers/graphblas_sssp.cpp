// GraphBLAS peer for `spgraph compare sssp` (see graphblas_traversals.hpp), following LAGraph's
// LAGr_SingleSourceShortestPath (LAGraph 1.0; J. Chen, S. Kolodziej and T. Davis, after GBTL and
// Sridhar et al., "Delta-Stepping SSSP: From Vertices and Edges to GraphBLAS Implementations",
// IPDPSW 2019), written afresh, over FP64:
//   AL = select(A <= Δ), AH = select(A > Δ);  t = ∞, t(s) = 0;  reach(s) = s(s) = true
//   for step = 0, 1, ...:
//     tmasked = select(t<reach> < (step+1)Δ)                 (the current bucket)
//     while tmasked is not empty:                           (light arcs, to a fixed point)
//       tReq = tmasked min.+ AL;  s<tmasked> = true
//       tless = tReq .< t;  drop its false entries;  stop when empty
//       reach<tless> = true;  tmasked<tless> = select(tReq < (step+1)Δ);  t<tless> = tReq
//     tmasked<s> = t;  tReq = tmasked min.+ AH               (heavy arcs, once per bucket)
//     tless = tReq .< t;  t<tless> = tReq;  reach<tless> = true
//     reach<s> = empty;  stop when reach is empty;  clear s
// The smallest weight is LAGraph's cached property G->emin (built with the graph, not timed):
// with no negative weight the select of tmasked >= stepΔ is skipped, as in LAGraph. Δ is given
// by the caller (spgraph compare passes the Δ spgraph chose, so both do comparable work).
#include <cmath>
#include <limits>

#include "engine/core/error.hpp"
#include "tools/compare/peers/graphblas_internal.hpp"
#include "tools/compare/peers/graphblas_traversals.hpp"

namespace spgraph::peers {

using detail::check;
using detail::GrbOwner;

struct GraphBlasWeightedGraph::Impl {
  GrB_Index n = 0;
  GrB_Matrix a = nullptr;
  double emin = 0;
  ~Impl() {
    if (a) GrB_Matrix_free(&a);
  }
};

GraphBlasWeightedGraph::GraphBlasWeightedGraph(const Csr<double>& csr)
    : impl_(std::make_unique<Impl>()) {
  Impl& g = *impl_;
  const auto t0 = std::chrono::steady_clock::now();
  g.n = csr.nrows;
  g.a = detail::grb_matrix_from_csr(csr);
  GrB_Index nvals = 0;
  check(GrB_Matrix_nvals(&nvals, g.a), "nvals(A)");
  if (nvals > 0)
    check(GrB_Matrix_reduce_FP64(&g.emin, nullptr, GrB_MIN_MONOID_FP64, g.a, nullptr), "emin");
  build_seconds_ = detail::seconds_since(t0);
}

GraphBlasWeightedGraph::~GraphBlasWeightedGraph() = default;

std::size_t GraphBlasWeightedGraph::memory_bytes() const {
  std::size_t a = 0;
  check(GxB_Matrix_memoryUsage(&a, impl_->a), "memoryUsage");
  return a;
}

double GraphBlasWeightedGraph::min_weight() const {
  return impl_->emin;
}

GraphBlasSsspResult graphblas_sssp(const GraphBlasWeightedGraph& graph, std::uint32_t source,
                                   double delta) {
  const GraphBlasWeightedGraph::Impl& g = graph.impl();
  const GrB_Index n = g.n;
  if (source >= n) throw IndexOutOfBounds("graphblas_sssp: source out of range");
  if (!(delta > 0) || !std::isfinite(delta))
    throw InvalidArgument("graphblas_sssp: delta must be finite and positive");
  const bool negative_weights = g.emin < 0;
  GrbOwner<GrB_Matrix> al, ah;
  GrbOwner<GrB_Vector> t, tmasked, treq, tless, s, reach, empty;
  GraphBlasSsspResult res;
  const auto t0 = std::chrono::steady_clock::now();

  check(GrB_Vector_new(&t.obj, GrB_FP64, n), "new t");
  check(GrB_Vector_new(&tmasked.obj, GrB_FP64, n), "new tmasked");
  check(GrB_Vector_new(&treq.obj, GrB_FP64, n), "new tReq");
  check(GrB_Vector_new(&empty.obj, GrB_BOOL, n), "new Empty");
  check(GrB_Vector_new(&tless.obj, GrB_BOOL, n), "new tless");
  check(GrB_Vector_new(&s.obj, GrB_BOOL, n), "new s");
  check(GrB_Vector_new(&reach.obj, GrB_BOOL, n), "new reach");
  // SuiteSparse sparsity hints, as LAGraph gives them.
  check(GxB_Vector_Option_set(t.obj, GxB_SPARSITY_CONTROL, GxB_BITMAP), "t bitmap");
  check(GxB_Vector_Option_set(tmasked.obj, GxB_SPARSITY_CONTROL, GxB_SPARSE), "tmasked sparse");
  check(GxB_Vector_Option_set(treq.obj, GxB_SPARSITY_CONTROL, GxB_SPARSE), "tReq sparse");
  check(GxB_Vector_Option_set(tless.obj, GxB_SPARSITY_CONTROL, GxB_SPARSE), "tless sparse");
  check(GxB_Vector_Option_set(s.obj, GxB_SPARSITY_CONTROL, GxB_SPARSE), "s sparse");
  check(GxB_Vector_Option_set(reach.obj, GxB_SPARSITY_CONTROL, GxB_BITMAP), "reach bitmap");
  const double inf = std::numeric_limits<double>::infinity();
  check(GrB_Vector_assign_FP64(t.obj, nullptr, nullptr, inf, GrB_ALL, n, nullptr), "t = inf");
  check(GrB_Vector_setElement_FP64(t.obj, 0.0, source), "t(src) = 0");
  check(GrB_Vector_setElement_BOOL(reach.obj, true, source), "reach(src)");
  check(GrB_Vector_setElement_BOOL(s.obj, true, source), "s(src)");

  // Light and heavy arcs.
  check(GrB_Matrix_new(&al.obj, GrB_FP64, n, n), "new AL");
  check(GrB_Matrix_select_FP64(al.obj, nullptr, nullptr, GrB_VALUELE_FP64, g.a, delta, nullptr),
        "AL = A <= delta");
  check(GrB_Matrix_wait(al.obj, GrB_MATERIALIZE), "wait AL");
  check(GrB_Matrix_new(&ah.obj, GrB_FP64, n, n), "new AH");
  check(GrB_Matrix_select_FP64(ah.obj, nullptr, nullptr, GrB_VALUEGT_FP64, g.a, delta, nullptr),
        "AH = A > delta");
  check(GrB_Matrix_wait(ah.obj, GrB_MATERIALIZE), "wait AH");

  for (std::int64_t step = 0;; ++step) {
    const double upper = double(step + 1) * delta;
    // tmasked = t<reach>, then only its entries below (step+1)Δ: the current bucket.
    check(GrB_Vector_clear(tmasked.obj), "clear tmasked");
    check(GrB_Vector_assign(tmasked.obj, reach.obj, nullptr, t.obj, GrB_ALL, n, nullptr),
          "tmasked<reach> = t");
    check(GrB_Vector_select_FP64(tmasked.obj, nullptr, nullptr, GrB_VALUELT_FP64, tmasked.obj,
                                 upper, nullptr),
          "select tmasked < upper");
    GrB_Index tmasked_nvals = 0;
    check(GrB_Vector_nvals(&tmasked_nvals, tmasked.obj), "nvals tmasked");
    while (tmasked_nvals > 0) {
      check(GrB_vxm(treq.obj, nullptr, nullptr, GrB_MIN_PLUS_SEMIRING_FP64, tmasked.obj, al.obj,
                    nullptr),
            "tReq = tmasked min.+ AL");
      check(GrB_Vector_assign_BOOL(s.obj, tmasked.obj, nullptr, true, GrB_ALL, n, GrB_DESC_S),
            "s<tmasked> = true");
      GrB_Index treq_nvals = 0;
      check(GrB_Vector_nvals(&treq_nvals, treq.obj), "nvals tReq");
      if (treq_nvals == 0) break;
      check(GrB_Vector_eWiseMult_BinaryOp(tless.obj, nullptr, nullptr, GrB_LT_FP64, treq.obj, t.obj,
                                          nullptr),
            "tless = tReq < t");
      check(GrB_Vector_select_BOOL(tless.obj, nullptr, nullptr, GrB_VALUENE_BOOL, tless.obj, false,
                                   nullptr),
            "drop false from tless");
      GrB_Index tless_nvals = 0;
      check(GrB_Vector_nvals(&tless_nvals, tless.obj), "nvals tless");
      if (tless_nvals == 0) break;
      check(GrB_Vector_assign_BOOL(reach.obj, tless.obj, nullptr, true, GrB_ALL, n, GrB_DESC_S),
            "reach<tless> = true");
      check(GrB_Vector_clear(tmasked.obj), "clear tmasked");
      check(GrB_Vector_select_FP64(tmasked.obj, tless.obj, nullptr, GrB_VALUELT_FP64, treq.obj,
                                   upper, GrB_DESC_S),
            "tmasked<tless> = tReq < upper");
      if (negative_weights)
        check(GrB_Vector_select_FP64(tmasked.obj, nullptr, nullptr, GrB_VALUEGE_FP64, tmasked.obj,
                                     double(step) * delta, nullptr),
              "select tmasked >= lower");
      check(GrB_Vector_assign(t.obj, tless.obj, nullptr, treq.obj, GrB_ALL, n, GrB_DESC_S),
            "t<tless> = tReq");
      check(GrB_Vector_nvals(&tmasked_nvals, tmasked.obj), "nvals tmasked");
    }
    // Heavy arcs from every vertex settled in this bucket.
    check(GrB_Vector_clear(tmasked.obj), "clear tmasked");
    check(GrB_Vector_assign(tmasked.obj, s.obj, nullptr, t.obj, GrB_ALL, n, GrB_DESC_S),
          "tmasked<s> = t");
    check(GrB_vxm(treq.obj, nullptr, nullptr, GrB_MIN_PLUS_SEMIRING_FP64, tmasked.obj, ah.obj,
                  nullptr),
          "tReq = tmasked min.+ AH");
    check(GrB_Vector_eWiseMult_BinaryOp(tless.obj, nullptr, nullptr, GrB_LT_FP64, treq.obj, t.obj,
                                        nullptr),
          "tless = tReq < t");
    check(GrB_Vector_assign(t.obj, tless.obj, nullptr, treq.obj, GrB_ALL, n, nullptr),
          "t<tless> = tReq");
    check(GrB_Vector_assign_BOOL(reach.obj, tless.obj, nullptr, true, GrB_ALL, n, nullptr),
          "reach<tless> = true");
    // Remove this bucket's vertices from reach.
    check(GrB_Vector_assign(reach.obj, s.obj, nullptr, empty.obj, GrB_ALL, n, GrB_DESC_S),
          "reach<s> = empty");
    res.buckets = step + 1;
    GrB_Index nreach = 0;
    check(GrB_Vector_nvals(&nreach, reach.obj), "nvals reach");
    if (nreach == 0) break;
    check(GrB_Vector_clear(s.obj), "clear s");
  }
  check(GrB_Vector_wait(t.obj, GrB_MATERIALIZE), "wait t");
  res.seconds = detail::seconds_since(t0);
  // Extraction into a dense array (not timed).
  GrB_Index nv = 0;
  check(GrB_Vector_nvals(&nv, t.obj), "nvals t");
  std::vector<GrB_Index> idx(nv);
  std::vector<double> val(nv);
  check(GrB_Vector_extractTuples_FP64(idx.data(), val.data(), &nv, t.obj), "extract t");
  res.distance.assign(n, inf);
  for (GrB_Index k = 0; k < nv; ++k) res.distance[idx[k]] = val[k];
  return res;
}

}  // namespace spgraph::peers
