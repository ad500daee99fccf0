// Breadth-first search: levels and/or parents from one source or a batch of sources.
//
// Computes, for a graph A (entry A(u,v) = arc u -> v; an undirected graph stores both arcs),
// the hop distance level[v] from the source and a BFS-tree parent[v] (parent[source] = source).
// Unreachable vertices get kUnreached in both arrays.
//
// Inputs: A square. Values are ignored (the structure is the graph). The pull direction reads
// the transpose, which the Matrix handle builds once and caches.
//
// Phases per level, with Beamer, Asanovic & Patterson, "Direction-Optimizing Breadth-First
// Search", SC 2012, sections 3-4:
//   1. push (top-down): the frontier is a sparse list; each frontier vertex u scans row u and
//      claims unvisited neighbours with an atomic compare-and-swap on parent[v]. In semiring
//      terms this is q'A over any_secondi with a complemented structural mask on the visited set.
//   2. pull (bottom-up): the frontier is a bitmap; each unvisited v scans row v of A' and stops at
//      the first in-frontier neighbour, the any monoid's terminal value (early exit).
//   3. switching: push -> pull when the frontier's out-edges m_f exceed m_u / alpha (m_u = edges
//      of unvisited vertices); pull -> push when the frontier shrinks below n / beta.
// Workspace: parent and level arrays (n each), two frontier queues and two bitmaps, allocated
// once per traversal and reused across levels (no per-level allocation), which matters on
// high-diameter road graphs.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/graph_snapshot.hpp"
#include "engine/matrix.hpp"
#include "engine/types.hpp"
#include "formats/dcsr/dcsr_view.hpp"

namespace spgraph {

/// Which traversal direction(s) BFS may use.
enum class BfsMethod { Auto, Push, Pull };

/// Marks an unreachable vertex in BfsResult::level and BfsResult::parent.
inline constexpr std::int64_t kUnreached = -1;

struct BfsOptions {
  BfsMethod method = BfsMethod::Auto;
  bool levels = true;   ///< compute level[]
  bool parents = true;  ///< compute parent[]
  int alpha = 15;       ///< push -> pull when m_f > m_u / alpha (Beamer et al. use 14-15)
  int beta = 18;        ///< pull -> push when n_f < n / beta (Beamer et al. use 18-24)
  /// The graph is undirected (A == A'): pull steps read A itself and no transpose is built.
  bool undirected = false;
};

struct BfsResult {
  Vertex source = 0;
  std::vector<std::int64_t> level;   ///< empty unless options.levels; kUnreached if unreachable
  std::vector<std::int64_t> parent;  ///< empty unless options.parents; kUnreached if unreachable
  Vertex reached = 0;                ///< vertices reached, the source included
  Vertex depth = 0;                  ///< largest level reached
  int push_steps = 0;                ///< levels expanded top-down
  int pull_steps = 0;                ///< levels expanded bottom-up
};

/// Runs BFS from `source` over the arcs of `a` (square). Throws IndexOutOfBounds for a bad
/// source and DimensionMismatch for a non-square matrix.
template <class T>
BfsResult bfs(const Matrix<T>& a, Vertex source, const BfsOptions& options = {});

/// Runs BFS from each source in turn, reusing one workspace across all of them.
template <class T>
std::vector<BfsResult> bfs_batch(const Matrix<T>& a, std::span<const Vertex> sources,
                                 const BfsOptions& options = {});

/// Runs BFS over a Dynamic CSR view or snapshot (square). A DCSR keeps no transpose, so pull
/// steps (which read in-arcs) run only when options.undirected says the rows are also the
/// in-arcs; a directed traversal is push-only whatever options.method asks.
template <class T>
BfsResult bfs(const DcsrView<T>& a, Vertex source, const BfsOptions& options = {});

/// Runs BFS over a DynamicGraph snapshot: direction-optimizing on an undirected graph,
/// push-only on a directed one.
template <class T>
BfsResult bfs(const GraphSnapshot<T>& g, Vertex source, BfsOptions options = {}) {
  options.undirected = !g.directed();
  return bfs(g.view(), source, options);
}

/// bfs() over the structure alone (the non-template body).
BfsResult bfs_dcsr(const DcsrAdjacency& a, Vertex ncols, Vertex source, const BfsOptions& options);

}  // namespace spgraph

#include "algorithms/bfs_impl.hpp"
