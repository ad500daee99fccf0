// SPDX-License-Identifier: Apache-2.0
// The degree orientation (degree_orientation.hpp): the rank of each vertex in the order
// (|N(v)|, v) and the oriented graph U, built in one parallel pass over the rows.
#include "algorithms/triangles/degree_orientation.hpp"

#include <omp.h>

#include <cstdint>

namespace spgraph::detail {

/// Each vertex's position in the order (|N(v)|, v): a stable counting sort by stored row length.
std::vector<Vertex> degree_rank(const AdjacencyView& g) {
  const Offset longest = max_degree(g);
  std::vector<Vertex> start(std::size_t(longest) + 2, 0);
  for (Vertex v = 0; v < g.n; ++v) ++start[g.degree(v) + 1];
  for (Offset d = 0; d <= longest; ++d) start[d + 1] += start[d];
  std::vector<Vertex> rank(g.n);
  for (Vertex v = 0; v < g.n; ++v) rank[v] = start[g.degree(v)]++;
  return rank;
}

/// Phase 1: U(v) = {w ∈ N(v) : (|N(v)|, v) < (|N(w)|, w)}, rows sorted as in g. Any total order
/// gives the right count; ordering by stored row length (a self-loop included) needs no pass to
/// compute degrees, and a self-loop (w = v) is never above v, so it is dropped here. The order
/// is read through each vertex's rank, one 4-byte load per neighbour, in a single pass: each
/// row's kept neighbours land at its own offset in g, and the rows are then moved down to
/// their final offsets (U.col keeps g's capacity).
Oriented orient_by_degree(const AdjacencyView& g) {
  const Vertex n = g.n;
  Oriented o;
  o.u = Csr<bool>::empty(n, n, true);
  const bool parallel = g.nnz() >= kParallelEntries;
  const std::vector<Vertex> rank = degree_rank(g);
  std::vector<Vertex>& col = o.u.col;
  col.resize(g.nnz());
  Offset loops = 0;
#pragma omp parallel for schedule(static) reduction(+ : loops) if (parallel)
  for (std::int64_t v = 0; v < std::int64_t(n); ++v) {
    const Vertex rv = rank[v];
    Offset p = g.row_ptr[v];
    for (Offset k = g.row_ptr[v]; k < g.row_ptr[v + 1]; ++k) {  // branch-free: p <= k, so
      const Vertex w = g.col[k];                                // the store stays in row v
      col[p] = w;
      p += rank[w] > rv;
      loops += w == Vertex(v);
    }
    o.u.row_ptr[v + 1] = p - g.row_ptr[v];
  }
  o.self_loops = loops;
  for (Vertex v = 0; v < n; ++v) {  // rows only move down: a forward copy is safe
    const Offset len = o.u.row_ptr[v + 1], to = o.u.row_ptr[v], from = g.row_ptr[v];
    o.u.row_ptr[v + 1] = to + len;
    for (Offset q = 0; q < len; ++q) col[to + q] = col[from + q];
  }
  col.resize(o.u.row_ptr[n]);
  return o;
}

}  // namespace spgraph::detail
