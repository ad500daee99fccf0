// SPDX-License-Identifier: Apache-2.0
// GraphBLAS peer for `spgraph compare closure` (see graphblas_peer.hpp): the semi-naive loop a
// GraphBLAS user writes for R+, one masked product per round that produces only new pairs:
//   T = A; D = A;
//   repeat: D<!T, replace> = D*A  (GrB_LOR_LAND_SEMIRING_BOOL, GrB_DESC_RSC)
//           if nvals(D) == 0: stop;  T = T + D  (GrB_eWiseAdd, GrB_LOR)
#include <utility>

#include "tools/compare/peers/graphblas_internal.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::peers {

using detail::check;

GraphBlasClosureResult graphblas_closure(const GraphBlasMatrix& graph, GraphBlasMatrix* keep) {
  GraphBlasClosureResult r;
  GrB_Matrix a = graph.impl().m;
  GrbOwner<GrB_Matrix> t, d;
  const auto t0 = std::chrono::steady_clock::now();
  check(GrB_Matrix_dup(t.out(), a), "GrB_Matrix_dup(T)");
  check(GrB_Matrix_dup(d.out(), a), "GrB_Matrix_dup(D)");
  while (true) {
    check(GrB_mxm(d, t, nullptr, GrB_LOR_LAND_SEMIRING_BOOL, d, a, GrB_DESC_RSC), "GrB_mxm");
    ++r.iterations;
    GrB_Index nd = 0;
    check(GrB_Matrix_nvals(&nd, d), "GrB_Matrix_nvals(D)");
    if (nd == 0) break;
    check(GrB_Matrix_eWiseAdd_BinaryOp(t, nullptr, nullptr, GrB_LOR, t, d, nullptr),
          "GrB_eWiseAdd");
  }
  check(GrB_Matrix_wait(t, GrB_MATERIALIZE), "GrB_wait(T)");
  r.seconds = detail::seconds_since(t0);
  GrB_Index nt = 0;
  check(GrB_Matrix_nvals(&nt, t), "GrB_Matrix_nvals(T)");
  r.pairs = nt;
  if (keep) keep->impl().m = std::move(t);
  return r;
}

}  // namespace spgraph::peers
