// SPDX-License-Identifier: Apache-2.0
// BFS over Dynamic CSR views and snapshots (declared in bfs.hpp): the fused kernel of
// bfs_kernel.hpp instantiated for DcsrAdjacency. Rows are read segment by segment with
// tombstones skipped; no transpose exists, so a directed graph is traversed push-only, except
// over a maintained view's graph that carries its in-arcs (the transpose DynamicGraph keeps).
#include <limits>

#include "algorithms/bfs/bfs_kernel.hpp"

namespace spgraph {

namespace detail {

void bfs_traverse(const DcsrAdjacency& out, const DcsrAdjacency& in, Vertex source,
                  const BfsOptions& options, BfsWorkspace& ws, BfsResult& result) {
  // No bound on the degrees (finding the longest row would cost a pass over the row table per
  // search): the direction heuristic sums the found vertices' degrees exactly.
  bfs_traverse_graph(out, in, source, options, std::numeric_limits<Offset>::max(), ws, result);
}

}  // namespace detail

BfsResult bfs_dcsr(const DcsrAdjacency& a, Vertex ncols, Vertex source, const BfsOptions& options) {
  detail::check_bfs_arguments(a.n(), ncols, source);
  BfsOptions o = options;
  if (!o.undirected) o.method = BfsMethod::Push;
  detail::BfsWorkspace ws;
  BfsResult r;
  detail::bfs_traverse(a, a, source, o, ws, r);
  return r;
}

BfsResult bfs(const ViewGraph& g, Vertex source, const BfsOptions& options) {
  detail::check_bfs_arguments(g.n(), g.n(), source);
  BfsOptions o = options;
  if (!g.has_in) o.method = BfsMethod::Push;
  detail::BfsWorkspace ws;
  BfsResult r;
  detail::bfs_traverse(g.out, g.has_in ? g.in : g.out, source, o, ws, r);
  return r;
}

}  // namespace spgraph
