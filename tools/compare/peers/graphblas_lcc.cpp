// SPDX-License-Identifier: Apache-2.0
// GraphBLAS peer for `spgraph compare lcc` (see graphblas_graphalytics.hpp), following LAGraph's
// experimental LAGraph_lcc (G. Szárnyas and B. Hegyi, modified by T. Davis; written for LDBC
// Graphalytics, specification v1.0, §2.3.5), written afresh from its description:
//   undirected (A symmetric):  C = A;          U = triu(C)
//   directed:                  C = A ∪ A' (LOR); D = A + A' (PLUS: 2 where both arcs exist);
//                              U = triu(D)
//   W(i)   = Σ_j C(i, j) = |N(i)|,  then d(d − 1) (directed) or d(d − 1)/2 (undirected)
//   CL<C>  = C · U'  (PLUS_TIMES over FP64, a masked dot product): row i sums, over the edges
//            {j, k} among N(i) with j < k, the arcs between j and k
//   LCC(i) = Σ_j CL(i, j) / W(i)  (no entry, i.e. 0, for a vertex without such an edge)
// Departures, said here once: A' is the graph's cached transpose (LAGraph transposes inside its
// timing; spgraph reads its cached A' too); U = triu(·) by GrB_select with GrB_TRIU (the v2 API)
// where LAGraph uses GxB_select with GxB_TRIU; the input is the graph's bool pattern without
// self-loops (LAGraph's sanitize step, which the compare job does once, not timed).
#include "tools/compare/peers/graphblas_graphalytics.hpp"
#include "tools/compare/peers/graphblas_internal.hpp"

namespace spgraph::peers {

using detail::check;

namespace {

/// z = x (x − 1): the ordered pairs of x neighbours.
void ordered_pairs(void* z, const void* x) {
  const double d = *static_cast<const double*>(x);
  *static_cast<double*>(z) = d * (d - 1);
}

/// z = x (x − 1) / 2: the unordered pairs of x neighbours.
void unordered_pairs(void* z, const void* x) {
  const double d = *static_cast<const double*>(x);
  *static_cast<double*>(z) = d * (d - 1) / 2;
}

/// A new FP64 n x n matrix held by row: op(A, A') entry by entry over the union of patterns.
GrbOwner<GrB_Matrix> union_with_transpose(GrB_Matrix a, GrB_Matrix at, GrB_BinaryOp op, GrB_Index n,
                                          const char* what) {
  GrbOwner<GrB_Matrix> m = detail::new_matrix(GrB_FP64, n, n);
  check(GrB_Matrix_eWiseAdd_BinaryOp(m, nullptr, nullptr, op, a, at, nullptr), what);
  return m;
}

}  // namespace

GraphBlasLccResult graphblas_lcc(const GraphBlasGraph& graph) {
  const GraphBlasGraph::Impl& g = graph.impl();
  const bool undirected = g.undirected();
  const GrB_Matrix at = undirected ? nullptr : g.cached_at("graphblas_lcc");
  const GrB_Index n = g.n;
  GraphBlasLccResult res;
  res.lcc.assign(n, 0.0);
  if (n == 0) return res;
  const auto t0 = std::chrono::steady_clock::now();
  GrbOwner<GrB_UnaryOp> pairs;
  check(GrB_UnaryOp_new(pairs.out(), undirected ? unordered_pairs : ordered_pairs, GrB_FP64,
                        GrB_FP64),
        "GrB_UnaryOp_new(pairs)");
  GrbOwner<GrB_Matrix> c_union, u = detail::new_matrix(GrB_UINT32, n, n);
  GrB_Matrix c = g.a;
  if (undirected) {
    check(GrB_Matrix_select_INT64(u, nullptr, nullptr, GrB_TRIU, c, 0, nullptr), "U = triu(C)");
  } else {
    c_union = union_with_transpose(g.a, at, GrB_LOR, n, "C = A | A'");
    c = c_union;
    GrbOwner<GrB_Matrix> d = union_with_transpose(g.a, at, GrB_PLUS_FP64, n, "D = A + A'");
    check(GrB_Matrix_select_INT64(u, nullptr, nullptr, GrB_TRIU, d, 0, nullptr), "U = triu(D)");
  }
  GrbOwner<GrB_Vector> w, lcc;
  check(GrB_Vector_new(w.out(), GrB_FP64, n), "new W");
  check(GrB_Matrix_reduce_Monoid(w, nullptr, nullptr, GrB_PLUS_MONOID_FP64, c, nullptr),
        "W = sum(C, 2)");
  check(GrB_Vector_apply(w, nullptr, nullptr, pairs, w, nullptr), "W = pairs(W)");
  GrbOwner<GrB_Matrix> cl = detail::new_matrix(GrB_FP64, n, n);
  check(GrB_mxm(cl, c, nullptr, GrB_PLUS_TIMES_SEMIRING_FP64, c, u, GrB_DESC_T1), "CL<C> = C*U'");
  u.reset();
  check(GrB_Vector_new(lcc.out(), GrB_FP64, n), "new LCC");
  check(GrB_Matrix_reduce_Monoid(lcc, nullptr, nullptr, GrB_PLUS_MONOID_FP64, cl, nullptr),
        "LCC = sum(CL, 2)");
  cl.reset();
  check(GrB_Vector_eWiseMult_BinaryOp(lcc, nullptr, nullptr, GrB_DIV_FP64, lcc, w, nullptr),
        "LCC = LCC ./ W");
  check(GrB_Vector_wait(lcc, GrB_MATERIALIZE), "wait LCC");
  res.seconds = detail::seconds_since(t0);
  res.lcc = detail::dense_vector<double>(lcc, n, 0.0);  // extraction, not timed
  return res;
}

}  // namespace spgraph::peers
