// SPDX-License-Identifier: Apache-2.0
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
// The smallest weight is LAGraph's cached property G->emin (cached by the caller, not timed):
// with no negative weight the select of tmasked >= stepΔ is skipped, as in LAGraph. Δ is given
// by the caller (spgraph compare passes the Δ spgraph chose, so both do comparable work).
#include <cmath>
#include <limits>

#include "engine/core/error.hpp"
#include "tools/compare/peers/graphblas_internal.hpp"
#include "tools/compare/peers/graphblas_traversals.hpp"

namespace spgraph::peers {

using detail::check;

GraphBlasSsspResult graphblas_sssp(const GraphBlasGraph& graph, std::uint32_t source,
                                   double delta) {
  const GraphBlasGraph::Impl& g = graph.impl();
  const GrB_Index n = g.n;
  if (source >= n) throw IndexOutOfBounds("graphblas_sssp: source out of range");
  if (!(delta > 0) || !std::isfinite(delta))
    throw InvalidArgument("graphblas_sssp: delta must be finite and positive");
  const bool negative_weights = g.cached_emin("graphblas_sssp") < 0;
  GrbOwner<GrB_Matrix> al, ah;
  GrbOwner<GrB_Vector> t, tmasked, treq, tless, s, reach, empty;
  GraphBlasSsspResult res;
  const auto t0 = std::chrono::steady_clock::now();

  check(GrB_Vector_new(t.out(), GrB_FP64, n), "new t");
  check(GrB_Vector_new(tmasked.out(), GrB_FP64, n), "new tmasked");
  check(GrB_Vector_new(treq.out(), GrB_FP64, n), "new tReq");
  check(GrB_Vector_new(empty.out(), GrB_BOOL, n), "new Empty");
  check(GrB_Vector_new(tless.out(), GrB_BOOL, n), "new tless");
  check(GrB_Vector_new(s.out(), GrB_BOOL, n), "new s");
  check(GrB_Vector_new(reach.out(), GrB_BOOL, n), "new reach");
  // SuiteSparse sparsity hints, as LAGraph gives them.
  check(GxB_Vector_Option_set(t, GxB_SPARSITY_CONTROL, GxB_BITMAP), "t bitmap");
  check(GxB_Vector_Option_set(tmasked, GxB_SPARSITY_CONTROL, GxB_SPARSE), "tmasked sparse");
  check(GxB_Vector_Option_set(treq, GxB_SPARSITY_CONTROL, GxB_SPARSE), "tReq sparse");
  check(GxB_Vector_Option_set(tless, GxB_SPARSITY_CONTROL, GxB_SPARSE), "tless sparse");
  check(GxB_Vector_Option_set(s, GxB_SPARSITY_CONTROL, GxB_SPARSE), "s sparse");
  check(GxB_Vector_Option_set(reach, GxB_SPARSITY_CONTROL, GxB_BITMAP), "reach bitmap");
  const double inf = std::numeric_limits<double>::infinity();
  check(GrB_Vector_assign_FP64(t, nullptr, nullptr, inf, GrB_ALL, n, nullptr), "t = inf");
  check(GrB_Vector_setElement_FP64(t, 0.0, source), "t(src) = 0");
  check(GrB_Vector_setElement_BOOL(reach, true, source), "reach(src)");
  check(GrB_Vector_setElement_BOOL(s, true, source), "s(src)");

  // Light and heavy arcs.
  check(GrB_Matrix_new(al.out(), GrB_FP64, n, n), "new AL");
  check(GrB_Matrix_select_FP64(al, nullptr, nullptr, GrB_VALUELE_FP64, g.a, delta, nullptr),
        "AL = A <= delta");
  check(GrB_Matrix_wait(al, GrB_MATERIALIZE), "wait AL");
  check(GrB_Matrix_new(ah.out(), GrB_FP64, n, n), "new AH");
  check(GrB_Matrix_select_FP64(ah, nullptr, nullptr, GrB_VALUEGT_FP64, g.a, delta, nullptr),
        "AH = A > delta");
  check(GrB_Matrix_wait(ah, GrB_MATERIALIZE), "wait AH");

  for (std::int64_t step = 0;; ++step) {
    const double upper = double(step + 1) * delta;
    // tmasked = t<reach>, then only its entries below (step+1)Δ: the current bucket.
    check(GrB_Vector_clear(tmasked), "clear tmasked");
    check(GrB_Vector_assign(tmasked, reach, nullptr, t, GrB_ALL, n, nullptr), "tmasked<reach> = t");
    check(GrB_Vector_select_FP64(tmasked, nullptr, nullptr, GrB_VALUELT_FP64, tmasked, upper,
                                 nullptr),
          "select tmasked < upper");
    GrB_Index tmasked_nvals = 0;
    check(GrB_Vector_nvals(&tmasked_nvals, tmasked), "nvals tmasked");
    while (tmasked_nvals > 0) {
      check(GrB_vxm(treq, nullptr, nullptr, GrB_MIN_PLUS_SEMIRING_FP64, tmasked, al, nullptr),
            "tReq = tmasked min.+ AL");
      check(GrB_Vector_assign_BOOL(s, tmasked, nullptr, true, GrB_ALL, n, GrB_DESC_S),
            "s<tmasked> = true");
      GrB_Index treq_nvals = 0;
      check(GrB_Vector_nvals(&treq_nvals, treq), "nvals tReq");
      if (treq_nvals == 0) break;
      check(GrB_Vector_eWiseMult_BinaryOp(tless, nullptr, nullptr, GrB_LT_FP64, treq, t, nullptr),
            "tless = tReq < t");
      check(
          GrB_Vector_select_BOOL(tless, nullptr, nullptr, GrB_VALUENE_BOOL, tless, false, nullptr),
          "drop false from tless");
      GrB_Index tless_nvals = 0;
      check(GrB_Vector_nvals(&tless_nvals, tless), "nvals tless");
      if (tless_nvals == 0) break;
      check(GrB_Vector_assign_BOOL(reach, tless, nullptr, true, GrB_ALL, n, GrB_DESC_S),
            "reach<tless> = true");
      check(GrB_Vector_clear(tmasked), "clear tmasked");
      check(GrB_Vector_select_FP64(tmasked, tless, nullptr, GrB_VALUELT_FP64, treq, upper,
                                   GrB_DESC_S),
            "tmasked<tless> = tReq < upper");
      if (negative_weights)
        check(GrB_Vector_select_FP64(tmasked, nullptr, nullptr, GrB_VALUEGE_FP64, tmasked,
                                     double(step) * delta, nullptr),
              "select tmasked >= lower");
      check(GrB_Vector_assign(t, tless, nullptr, treq, GrB_ALL, n, GrB_DESC_S), "t<tless> = tReq");
      check(GrB_Vector_nvals(&tmasked_nvals, tmasked), "nvals tmasked");
    }
    // Heavy arcs from every vertex settled in this bucket.
    check(GrB_Vector_clear(tmasked), "clear tmasked");
    check(GrB_Vector_assign(tmasked, s, nullptr, t, GrB_ALL, n, GrB_DESC_S), "tmasked<s> = t");
    check(GrB_vxm(treq, nullptr, nullptr, GrB_MIN_PLUS_SEMIRING_FP64, tmasked, ah, nullptr),
          "tReq = tmasked min.+ AH");
    check(GrB_Vector_eWiseMult_BinaryOp(tless, nullptr, nullptr, GrB_LT_FP64, treq, t, nullptr),
          "tless = tReq < t");
    check(GrB_Vector_assign(t, tless, nullptr, treq, GrB_ALL, n, nullptr), "t<tless> = tReq");
    check(GrB_Vector_assign_BOOL(reach, tless, nullptr, true, GrB_ALL, n, nullptr),
          "reach<tless> = true");
    // Remove this bucket's vertices from reach.
    check(GrB_Vector_assign(reach, s, nullptr, empty, GrB_ALL, n, GrB_DESC_S), "reach<s> = empty");
    res.buckets = step + 1;
    GrB_Index nreach = 0;
    check(GrB_Vector_nvals(&nreach, reach), "nvals reach");
    if (nreach == 0) break;
    check(GrB_Vector_clear(s), "clear s");
  }
  check(GrB_Vector_wait(t, GrB_MATERIALIZE), "wait t");
  res.seconds = detail::seconds_since(t0);
  // Extraction into a dense array (not timed).
  res.distance = detail::dense_vector<double>(t, n, inf);
  return res;
}

}  // namespace spgraph::peers
