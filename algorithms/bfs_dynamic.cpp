// BFS over Dynamic CSR views and snapshots (declared in bfs.hpp): the fused kernel of
// bfs_kernel_impl.hpp instantiated for DcsrAdjacency. Rows are read segment by segment with
// tombstones skipped; no transpose exists, so a directed graph is traversed push-only.
#include "algorithms/bfs_kernel_impl.hpp"

#include <string>

#include "engine/error.hpp"

namespace spgraph {

namespace detail {

void bfs_traverse(const DcsrAdjacency& out, const DcsrAdjacency& in, Vertex source,
                  const BfsOptions& options, BfsWorkspace& ws, BfsResult& result) {
  bfs_traverse_graph(out, in, source, options, ws, result);
}

}  // namespace detail

BfsResult bfs_dcsr(const DcsrAdjacency& a, Vertex ncols, Vertex source, const BfsOptions& options) {
  if (a.n() != ncols)
    throw DimensionMismatch("bfs: the matrix must be square, got " + std::to_string(a.n()) + " x " +
                            std::to_string(ncols));
  if (source >= a.n())
    throw IndexOutOfBounds("bfs: source " + std::to_string(source) +
                           " is not a vertex (n = " + std::to_string(a.n()) + ")");
  BfsOptions o = options;
  if (!o.undirected) o.method = BfsMethod::Push;
  detail::BfsWorkspace ws;
  BfsResult r;
  detail::bfs_traverse(a, a, source, o, ws, r);
  return r;
}

}  // namespace spgraph
