// SPDX-License-Identifier: Apache-2.0
// The k-truss decomposition of ktruss.hpp from end to end: the per-edge triangles, the edge
// index and the peel (ktruss_peel.hpp), and the truss numbers put in the order of the upper
// triangle; then the public k-truss entry points of cores.hpp.
#include "algorithms/cores/ktruss.hpp"

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <utility>
#include <vector>

#include "algorithms/cores/ktruss_peel.hpp"
#include "algorithms/cores/peel_frontier.hpp"
#include "algorithms/cores/simple_graph.hpp"
#include "algorithms/triangles/edge_triangles.hpp"

namespace spgraph::detail {

namespace {

/// The upper triangle of g (the entries (v, w) with v < w, in g's order) and the edge id of
/// each of its entries.
template <class E>
Csr<bool> upper_triangle(const AdjacencyView& g, const std::vector<E>& arc_edge,
                         std::vector<E>& upper_edge) {
  Csr<bool> up = Csr<bool>::empty(g.n, g.n, true);
  const bool parallel = g.nnz() >= kParallelScan;
  auto first_above = [&](Vertex v) {  // the position of row v's first entry above v
    return Offset(std::upper_bound(g.col + g.row_ptr[v], g.col + g.row_ptr[v + 1], v) - g.col);
  };
#pragma omp parallel for schedule(static) if (parallel)
  for (std::int64_t v = 0; v < std::int64_t(g.n); ++v)
    up.row_ptr[v + 1] = g.row_ptr[v + 1] - first_above(Vertex(v));
  std::inclusive_scan(up.row_ptr.begin(), up.row_ptr.end(), up.row_ptr.begin());
  up.col.resize(up.row_ptr[g.n]);
  upper_edge.resize(up.row_ptr[g.n]);
#pragma omp parallel for schedule(dynamic, 256) if (parallel)
  for (std::int64_t v = 0; v < std::int64_t(g.n); ++v) {
    Offset at = up.row_ptr[v];
    for (Offset k = first_above(Vertex(v)); k < g.row_ptr[v + 1]; ++k, ++at) {
      up.col[at] = g.col[k];
      upper_edge[at] = arc_edge[k];
    }
  }
  return up;
}

template <class E>
KtrussResult truss_with(const AdjacencyView& g, EdgeTriangles&& t) {
  KtrussResult r;
  r.triangles = t.triangles;
  EdgeIndex<E> x = index_edges<E>(g, std::move(t.oriented));
  std::vector<E> upper_edge;
  Csr<bool> up = upper_triangle(g, x.arc_edge, upper_edge);
  const std::vector<Vertex> by_id = TrussPeel<E>(g, std::move(x), t.support.data()).run(r);
  r.truss.resize(upper_edge.size());
#pragma omp parallel for schedule(static) if (upper_edge.size() >= kParallelScan)
  for (std::int64_t p = 0; p < std::int64_t(upper_edge.size()); ++p)
    r.truss[std::size_t(p)] = by_id[upper_edge[std::size_t(p)]];
  r.edges = Matrix<bool>::trusted(std::move(up));
  return r;
}

}  // namespace

KtrussResult truss_numbers(const AdjacencyView& g) {
  EdgeTriangles t = edge_triangles(g);
  if (t.oriented.nnz() < std::numeric_limits<std::uint32_t>::max())
    return truss_with<std::uint32_t>(g, std::move(t));
  return truss_with<std::uint64_t>(g, std::move(t));
}

}  // namespace spgraph::detail

namespace spgraph {

template <class T>
KtrussResult ktruss(const Matrix<T>& a, const CoreOptions& options) {
  detail::check_square("ktruss", a);
  const detail::SimpleGraph s = detail::simple_graph(a, options.undirected);
  KtrussResult r = detail::truss_numbers(s.g);
  r.symmetrized = s.symmetrized;
  r.self_loops = s.self_loops;
  return r;
}

Matrix<bool> ktruss_subgraph(const KtrussResult& r, Vertex k) {
  const Csr<bool>& up = r.edges.csr();
  std::vector<Vertex> rows, cols;
  for (Vertex u = 0; u < up.nrows; ++u)
    for (Offset e = up.row_ptr[u]; e < up.row_ptr[u + 1]; ++e)
      if (r.truss[e] >= k) {
        rows.insert(rows.end(), {u, up.col[e]});
        cols.insert(cols.end(), {up.col[e], u});
      }
  Matrix<bool> m = Matrix<bool>::build_pattern(up.nrows, up.ncols, rows, cols);
  m.mark_structure_symmetric();
  return m;
}

template <class T>
Matrix<bool> ktruss_subgraph(const Matrix<T>& a, Vertex k, const CoreOptions& options) {
  return ktruss_subgraph(ktruss(a, options), k);
}

#define SPGRAPH_INSTANTIATE_KTRUSS(T)                                    \
  template KtrussResult ktruss<T>(const Matrix<T>&, const CoreOptions&); \
  template Matrix<bool> ktruss_subgraph<T>(const Matrix<T>&, Vertex, const CoreOptions&);
SPGRAPH_INSTANTIATE_KTRUSS(bool)
SPGRAPH_INSTANTIATE_KTRUSS(std::int32_t)
SPGRAPH_INSTANTIATE_KTRUSS(std::int64_t)
SPGRAPH_INSTANTIATE_KTRUSS(float)
SPGRAPH_INSTANTIATE_KTRUSS(double)
#undef SPGRAPH_INSTANTIATE_KTRUSS

}  // namespace spgraph
