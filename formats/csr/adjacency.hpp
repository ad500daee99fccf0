// SPDX-License-Identifier: Apache-2.0
// AdjacencyView: the row structure of a CSR matrix without its values, for fused graph kernels
// (BFS, triangle counting, closure) that read structure only and so are compiled once for every
// value type. Its degree / nnz / for_each_neighbor / find_neighbor interface is shared with
// DcsrAdjacency (formats/dcsr/dcsr_view.hpp), so kernels templated on it run on both formats.
#pragma once

#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

/// Row pointers and sorted column ids of an n-row matrix (borrowed, not owned).
struct AdjacencyView {
  Vertex n = 0;
  const Offset* row_ptr = nullptr;
  const Vertex* col = nullptr;
  Offset degree(Vertex v) const { return row_ptr[v + 1] - row_ptr[v]; }
  Offset nnz() const { return row_ptr[n]; }
  /// Calls f(u) for every neighbour u of v, in column order.
  /// The row's bounds are read once: f may store through pointers that the compiler cannot
  /// tell apart from row_ptr and col (a kernel's output arrays), which would make it reload
  /// them for every neighbour.
  template <class F>
  void for_each_neighbor(Vertex v, F&& f) const {
    const Vertex* c = col;
    for (Offset k = row_ptr[v], e = row_ptr[v + 1]; k < e; ++k) f(c[k]);
  }
  /// Calls pred(u) on the neighbours of v until it returns true; returns whether it did.
  template <class F>
  bool find_neighbor(Vertex v, F&& pred) const {
    const Vertex* c = col;
    for (Offset k = row_ptr[v], e = row_ptr[v + 1]; k < e; ++k)
      if (pred(c[k])) return true;
    return false;
  }
  /// Prefetch hints for a kernel that knows which rows it reads next (BFS's serial push walks
  /// its queue ahead of itself): row v's offsets, and its first line of neighbours, whose
  /// address needs those offsets (so prefetch the row a few steps earlier). No effect on results.
  void prefetch_row(Vertex v) const { __builtin_prefetch(row_ptr + v); }
  void prefetch_neighbors(Vertex v) const { __builtin_prefetch(col + row_ptr[v]); }
};

/// The largest number of entries in a row of `g` (0 when it has no rows).
inline Offset max_degree(const AdjacencyView& g) {
  Offset longest = 0;
  for (Vertex v = 0; v < g.n; ++v) longest = longest < g.degree(v) ? g.degree(v) : longest;
  return longest;
}

/// The number of vertices of a graph structure (the kernels' common interface).
inline Vertex vertex_count(const AdjacencyView& g) {
  return g.n;
}

/// The structure of `c` as an AdjacencyView.
template <class T>
AdjacencyView adjacency_of(const Csr<T>& c) {
  return AdjacencyView{c.nrows, c.row_ptr.data(), c.col.data()};
}

}  // namespace spgraph
