// The fused BFS kernel instantiated for CSR (see bfs_kernel_impl.hpp).
#include "algorithms/bfs_kernel_impl.hpp"

namespace spgraph::detail {

void bfs_traverse(const AdjacencyView& out, const AdjacencyView& in, Vertex source,
                  const BfsOptions& options, BfsWorkspace& ws, BfsResult& result) {
  bfs_traverse_graph(out, in, source, options, ws, result);
}

}  // namespace spgraph::detail
