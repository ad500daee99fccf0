// AdjacencyView: the row structure of a CSR matrix without its values, for fused graph kernels
// (BFS, triangle counting, closure) that read structure only and so are compiled once for every
// value type.
#pragma once

#include "engine/types.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

/// Row pointers and sorted column ids of an n-row matrix (borrowed, not owned).
struct AdjacencyView {
  Vertex n = 0;
  const Offset* row_ptr = nullptr;
  const Vertex* col = nullptr;
  Offset degree(Vertex v) const { return row_ptr[v + 1] - row_ptr[v]; }
  Offset nnz() const { return row_ptr[n]; }
};

/// The structure of `c` as an AdjacencyView.
template <class T>
AdjacencyView adjacency_of(const Csr<T>& c) {
  return AdjacencyView{c.nrows, c.row_ptr.data(), c.col.data()};
}

}  // namespace spgraph
