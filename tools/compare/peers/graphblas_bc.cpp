// SPDX-License-Identifier: Apache-2.0
// GraphBLAS peer for `spgraph compare bc` (see graphblas_traversals.hpp), following LAGraph's
// LAGr_Betweenness (LAGraph 1.0, S. Kolodziej and T. Davis, after the GraphBLAS C API spec,
// appendix B.4), written afresh: Brandes by algebraic BFS on an ns x n frontier matrix, one
// row per source, batches of 4 sources as LAGraph's benchmark runs it, summed:
//   paths(i, s_i) = frontier(i, s_i) = 1;  frontier<!struct(paths)> = frontier * A
//   repeat: S[d] = struct(frontier); paths += frontier;
//           frontier<!struct(paths), replace> = frontier * A   (plus_first; pull: by A')
//   until the frontier is empty;
//   bc_update = 1 (full); for d = depth-1 .. 1:
//           W<S[d], replace> = bc_update ./ paths;  W<S[d-1], replace> = W * A' (plus_first);
//           bc_update += W .* paths
//   centrality = Σ_i bc_update(i, :) - ns.
// The push/pull choices are LAGraph's (frontier density above 10%, or 6% after a pull; W
// denser than 10% with nnz(W) > nnz(S[d-1]), or 1% with ten times more). A' is the cached
// G->AT (A itself for an undirected graph). Values of A are ignored (pattern).
#include "tools/compare/peers/graphblas_internal.hpp"
#include "tools/compare/peers/graphblas_traversals.hpp"

namespace spgraph::peers {

using detail::check;

namespace {

/// The structure of m as an iso bool matrix (LAGraph_Matrix_Structure).
GrbOwner<GrB_Matrix> structure_of(GrB_Matrix m, GrB_Index rows, GrB_Index cols) {
  GrbOwner<GrB_Matrix> s;
  check(GrB_Matrix_new(s.out(), GrB_BOOL, rows, cols), "new S");
  check(GrB_Matrix_assign_BOOL(s, m, nullptr, true, GrB_ALL, rows, GrB_ALL, cols, GrB_DESC_S),
        "S<struct(frontier)> = true");
  return s;
}

/// The forward phase of one batch: paths and the levels S[0..depth).
std::vector<GrbOwner<GrB_Matrix>> forward(GrB_Matrix a, GrB_Matrix at, GrB_Matrix paths,
                                          GrB_Matrix frontier, GrB_Index ns, GrB_Index n) {
  std::vector<GrbOwner<GrB_Matrix>> s;
  check(GrB_mxm(frontier, paths, nullptr, GxB_PLUS_FIRST_FP64, frontier, a, GrB_DESC_RSC),
        "frontier<!paths> = frontier * A");
  GrB_Index size = 0;
  check(GrB_Matrix_nvals(&size, frontier), "nvals(frontier)");
  bool last_pull = false;
  for (GrB_Index depth = 0; size > 0 && depth < n; ++depth) {
    s.push_back(structure_of(frontier, ns, n));
    check(GrB_Matrix_assign(paths, nullptr, GrB_PLUS_FP64, frontier, GrB_ALL, ns, GrB_ALL, n,
                            nullptr),
          "paths += frontier");
    const double density = double(size) / double(ns * n);
    const bool pull = density > (last_pull ? 0.06 : 0.10);
    check(GxB_Matrix_Option_set(frontier, GxB_SPARSITY_CONTROL, pull ? GxB_BITMAP : GxB_SPARSE),
          "frontier sparsity");
    if (pull)
      check(GrB_mxm(frontier, paths, nullptr, GxB_PLUS_FIRST_FP64, frontier, at, GrB_DESC_RSCT1),
            "frontier<!paths> = frontier * AT'");
    else
      check(GrB_mxm(frontier, paths, nullptr, GxB_PLUS_FIRST_FP64, frontier, a, GrB_DESC_RSC),
            "frontier<!paths> = frontier * A");
    last_pull = pull;
    check(GrB_Matrix_nvals(&size, frontier), "nvals(frontier)");
  }
  return s;
}

/// One batch of sources: adds Σ_i bc_update(i, :) - ns to `centrality`.
void batch(GrB_Matrix a, GrB_Matrix at, const std::uint32_t* src, GrB_Index ns, GrB_Index n,
           GrB_Vector centrality) {
  GrbOwner<GrB_Matrix> paths, frontier, update, w;
  check(GrB_Matrix_new(paths.out(), GrB_FP64, ns, n), "new paths");
  check(GrB_Matrix_new(frontier.out(), GrB_FP64, ns, n), "new frontier");
  check(GxB_Matrix_Option_set(paths, GxB_SPARSITY_CONTROL, GxB_BITMAP + GxB_FULL), "paths");
  for (GrB_Index i = 0; i < ns; ++i) {
    check(GrB_Matrix_setElement_FP64(paths, 1.0, i, src[i]), "paths(i, s) = 1");
    check(GrB_Matrix_setElement_FP64(frontier, 1.0, i, src[i]), "frontier(i, s) = 1");
  }
  const std::vector<GrbOwner<GrB_Matrix>> s = forward(a, at, paths, frontier, ns, n);
  frontier.reset();
  check(GrB_Matrix_new(update.out(), GrB_FP64, ns, n), "new bc_update");
  check(GrB_Matrix_assign_FP64(update, nullptr, nullptr, 1.0, GrB_ALL, ns, GrB_ALL, n, nullptr),
        "bc_update = 1");
  check(GrB_Matrix_new(w.out(), GrB_FP64, ns, n), "new W");
  for (std::size_t i = s.size(); i-- > 1;) {
    check(GrB_Matrix_eWiseMult_BinaryOp(w, s[i], nullptr, GrB_DIV_FP64, update, paths, GrB_DESC_RS),
          "W<S[i]> = bc_update ./ paths");
    GrB_Index wsize = 0, ssize = 0;
    check(GrB_Matrix_nvals(&wsize, w), "nvals(W)");
    check(GrB_Matrix_nvals(&ssize, s[i - 1]), "nvals(S)");
    const double density = double(wsize) / double(ns * n);
    const double ratio = double(wsize) / double(ssize);
    const bool pull = (density > 0.1 && ratio > 1.0) || (density > 0.01 && ratio > 10.0);
    check(GxB_Matrix_Option_set(w, GxB_SPARSITY_CONTROL, pull ? GxB_BITMAP : GxB_SPARSE),
          "W sparsity");
    if (pull)
      check(GrB_mxm(w, s[i - 1], nullptr, GxB_PLUS_FIRST_FP64, w, a, GrB_DESC_RST1),
            "W<S[i-1]> = W * A'");
    else
      check(GrB_mxm(w, s[i - 1], nullptr, GxB_PLUS_FIRST_FP64, w, at, GrB_DESC_RS),
            "W<S[i-1]> = W * AT");
    check(GrB_Matrix_eWiseMult_BinaryOp(update, nullptr, GrB_PLUS_FP64, GrB_TIMES_FP64, w, paths,
                                        nullptr),
          "bc_update += W .* paths");
  }
  GrbOwner<GrB_Vector> sum;
  check(GrB_Vector_new(sum.out(), GrB_FP64, n), "new sum");
  check(GrB_Vector_assign_FP64(sum, nullptr, nullptr, -double(ns), GrB_ALL, n, nullptr),
        "sum = -ns");
  check(GrB_Matrix_reduce_Monoid(sum, nullptr, GrB_PLUS_FP64, GrB_PLUS_MONOID_FP64, update,
                                 GrB_DESC_T0),
        "sum += Σ_i bc_update(i, :)");
  check(GrB_Vector_eWiseAdd_BinaryOp(centrality, nullptr, nullptr, GrB_PLUS_FP64, centrality, sum,
                                     nullptr),
        "centrality += sum");
}

}  // namespace

GraphBlasBcResult graphblas_betweenness(const GraphBlasGraph& graph,
                                        const std::vector<std::uint32_t>& sources) {
  const GraphBlasGraph::Impl& g = graph.impl();
  const GrB_Matrix at = g.cached_at("graphblas_betweenness");
  const GrB_Index n = g.n;
  GraphBlasBcResult res;
  if (n == 0) return res;
  const auto t0 = std::chrono::steady_clock::now();
  GrbOwner<GrB_Vector> centrality;
  check(GrB_Vector_new(centrality.out(), GrB_FP64, n), "new centrality");
  check(GrB_Vector_assign_FP64(centrality, nullptr, nullptr, 0.0, GrB_ALL, n, nullptr),
        "centrality = 0");
  for (std::size_t b = 0; b < sources.size(); b += kGraphBlasBcBatch) {
    const GrB_Index ns = std::min<GrB_Index>(kGraphBlasBcBatch, sources.size() - b);
    batch(g.a, at, sources.data() + b, ns, n, centrality);
  }
  check(GrB_Vector_wait(centrality, GrB_MATERIALIZE), "wait centrality");
  res.seconds = detail::seconds_since(t0);
  res.raw = detail::dense_vector<double>(centrality, n, 0.0);
  return res;
}

}  // namespace spgraph::peers
