// SPDX-License-Identifier: Apache-2.0
// BFS over CSR: the fused kernel of bfs_kernel.hpp instantiated for AdjacencyView, and the
// argument checks every entry point of bfs.hpp runs first.
#include <string>

#include "algorithms/bfs/bfs_kernel.hpp"
#include "engine/core/error.hpp"

namespace spgraph::detail {

void check_bfs_arguments(Vertex nrows, Vertex ncols, Vertex source) {
  if (nrows != ncols)
    throw DimensionMismatch("bfs: the matrix must be square, got " + std::to_string(nrows) + " x " +
                            std::to_string(ncols));
  if (source >= nrows)
    throw IndexOutOfBounds("bfs: source " + std::to_string(source) +
                           " is not a vertex (n = " + std::to_string(nrows) + ")");
}

void bfs_traverse(const AdjacencyView& out, const AdjacencyView& in, Vertex source,
                  const BfsOptions& options, Offset max_degree, BfsWorkspace& ws,
                  BfsResult& result) {
  bfs_traverse_graph(out, in, source, options, max_degree, ws, result);
}

}  // namespace spgraph::detail
