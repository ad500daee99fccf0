// SPDX-License-Identifier: Apache-2.0
// Breadth-first search: levels and/or parents from one source or a batch of sources.
//
// Computes, for a graph A (entry A(u,v) = arc u -> v; an undirected graph stores both arcs),
// the hop distance level[v] from the source and a BFS-tree parent[v] (parent[source] = source).
// Unreachable vertices get kUnreached in both arrays. Both arrays hold 32-bit entries (a level is
// at most n - 1 < kNoVertex), and each is computed only when asked for: a parents-only search
// (GAPBS's kind) writes no levels and a levels-only search no parents.
//
// Inputs: A square. Values are ignored (the structure is the graph). The pull direction reads
// A itself when the structure is symmetric (tested once and cached by the Matrix), else the
// transpose, which the Matrix builds once and caches.
//
// Phases per level, with Beamer, Asanovic & Patterson, "Direction-Optimizing Breadth-First
// Search", SC 2012, sections 3-4:
//   1. push (top-down): the frontier is a sparse list (a sliding queue, as in GAPBS's bfs.cc);
//      each frontier vertex u scans row u and claims unvisited neighbours by setting their
//      visited bit (an atomic fetch_or when the level runs on several threads, branch-free
//      plain stores when it runs on one). In semiring terms this is q'A over any_secondi with a
//      complemented structural mask on the visited set.
//   2. pull (bottom-up): the frontier is a bitmap; each unvisited v (taken 64 at a time from the
//      visited bitmap, their rows prefetched a word ahead) scans row v of A' and stops at the
//      first in-frontier neighbour, the any monoid's terminal value (early exit).
//   3. switching: push -> pull when the frontier's out-edges m_f exceed m_u / alpha (m_u = edges
//      of unvisited vertices); pull -> push when the frontier shrinks below n / beta. After a
//      serial push, m_f is bounded by frontier size × the longest row where that settles it.
// Workspace: the queue and three bitmaps, allocated once per traversal (per batch for
// bfs_batch) and reused across levels: no per-level allocation and no per-level work
// proportional to n in push levels, which matters on high-diameter road graphs.
//
// Why a fused kernel (bfs_kernel.hpp) rather than a loop of engine vxm calls: a level with
// little work runs on the calling thread with no OpenMP call at all, one with more in one
// parallel region; the visited set doubles as the complemented mask, and pull steps stop at the
// first parent found. On a road graph with hundreds of levels the per-level fork/join,
// allocation and mask rebuild of a loop of generic operations would be most of the cost. The
// kernel reads only the structure, so it is compiled once per structure (CSR: bfs_csr.cpp,
// Dynamic CSR: bfs_dynamic.cpp), not per value type. Semantics per level d: push is q'A over
// any_secondi with mask ¬visited (the first claim wins, so "any" parent); pull is A'q over
// any_secondi with the same mask and the any monoid's early exit. Both give the same levels;
// parents may differ, and bfs_verify.hpp checks them.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "engine/core/types.hpp"
#include "engine/graph_snapshot.hpp"
#include "engine/maintained_view.hpp"
#include "engine/matrix.hpp"
#include "formats/csr/adjacency.hpp"
#include "formats/dcsr/dcsr_view.hpp"

namespace spgraph {

/// Which traversal direction(s) BFS may use.
enum class BfsMethod { Auto, Push, Pull };

/// Marks an unreachable vertex in BfsResult::level and BfsResult::parent (all ones, which is
/// -1 once widened to a signed type: see signed_copy).
inline constexpr Vertex kUnreached = kNoVertex;

/// What bfs() computes and how it chooses its direction (Beamer's direction optimization).
struct BfsOptions {
  BfsMethod method = BfsMethod::Auto;
  bool levels = true;   ///< compute level[] (false: no level array is written at all)
  bool parents = true;  ///< compute parent[] (false: no parent array is written at all)
  /// push -> pull when m_f > m_u / alpha. Beamer et al. and GAPBS use 14-15; this kernel's
  /// serial push (branch-free, prefetched) is cheaper against its pull, so it pulls later:
  /// 8 measured best (NotreDame, SCC sources: -25%; Kronecker 18 and 20: within noise; 4 lost
  /// on Kronecker 20, 30 everywhere; bench/RESULTS.md, "BFS and TC past GAPBS").
  int alpha = 8;
  int beta = 18;  ///< pull -> push when n_f < n / beta (Beamer et al. use 18-24)
  /// The graph is undirected (A == A'): pull steps read A itself and no transpose is built.
  bool undirected = false;
};

/// The result of one BFS: levels and parents (kUnreached where unreachable) and statistics.
struct BfsResult {
  Vertex source = 0;
  std::vector<Vertex> level;   ///< empty unless options.levels; kUnreached if unreachable
  std::vector<Vertex> parent;  ///< empty unless options.parents; kUnreached if unreachable
  Vertex reached = 0;          ///< vertices reached, the source included
  Vertex depth = 0;            ///< largest level reached
  int push_steps = 0;          ///< levels expanded top-down
  int pull_steps = 0;          ///< levels expanded bottom-up
};

/// `values` widened to int64 with kUnreached as -1: the form GraphBLAS, the oracles, the CLI's
/// output files and the Python module use.
inline std::vector<std::int64_t> signed_copy(const std::vector<Vertex>& values) {
  std::vector<std::int64_t> out(values.size());
  for (std::size_t i = 0; i < values.size(); ++i)
    out[i] = values[i] == kUnreached ? -1 : std::int64_t(values[i]);
  return out;
}

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

/// Runs BFS over a maintained view's graph (engine/maintained_view.hpp): direction-optimizing
/// when it has in-arcs (always for an undirected graph), push-only otherwise (the recomputation
/// of the "bfs:S" view).
BfsResult bfs(const ViewGraph& g, Vertex source, const BfsOptions& options = {});

/// bfs() over Dynamic CSR structure alone (the non-template body, bfs_dynamic.cpp).
BfsResult bfs_dcsr(const DcsrAdjacency& a, Vertex ncols, Vertex source, const BfsOptions& options);

// ---- the kernel's interface (bfs_kernel.hpp holds its body) ----------------------------------
namespace detail {

/// Throws DimensionMismatch unless nrows == ncols, and IndexOutOfBounds unless source < nrows.
void check_bfs_arguments(Vertex nrows, Vertex ncols, Vertex source);

/// Buffers reused across levels and across sources of a batch.
struct BfsWorkspace {
  /// Sliding queue: each vertex is enqueued at most once, in n + 1 slots (the serial push
  /// writes one past the tail). Left uninitialised (every slot is written before it is read),
  /// so a search does not pay to zero entries it overwrites.
  std::unique_ptr<Vertex[]> queue;
  Vertex queue_capacity = 0;
  std::vector<std::uint64_t> frontier;  ///< bitmap of the current frontier (pull steps)
  std::vector<std::uint64_t> next;      ///< bitmap of the next frontier (pull steps)
  std::vector<std::uint64_t> visited;   ///< bitmap of reached vertices (the complemented mask)
};

/// Runs one traversal. `out` holds the arcs (rows = sources), `in` their transpose (rows =
/// targets; may equal `out` for an undirected graph), `max_degree` the longest row of `out`
/// (Matrix::max_row_length: it lets serial push levels skip reading the degrees of the vertices
/// they find). Fills result.parent when options.parents and result.level when options.levels;
/// the workspace's visited bitmap is the visited set.
void bfs_traverse(const AdjacencyView& out, const AdjacencyView& in, Vertex source,
                  const BfsOptions& options, Offset max_degree, BfsWorkspace& ws,
                  BfsResult& result);
/// The same traversal over Dynamic CSR structure (algorithms/bfs/bfs_dynamic.cpp).
void bfs_traverse(const DcsrAdjacency& out, const DcsrAdjacency& in, Vertex source,
                  const BfsOptions& options, BfsWorkspace& ws, BfsResult& result);

/// The structure pull steps read: A itself for an undirected graph (declared in the options,
/// or a symmetric structure, which the Matrix tests once and caches) or a push-only run, else
/// the transpose, which the Matrix builds once and caches.
template <class T>
AdjacencyView pull_side(const Matrix<T>& a, const BfsOptions& options) {
  if (options.undirected || options.method == BfsMethod::Push || a.structure_symmetric())
    return adjacency_of(a.csr());
  return adjacency_of(a.transposed());
}

}  // namespace detail

// ---- the public templates ----------------------------------------------------------------------

template <class T>
BfsResult bfs(const Matrix<T>& a, Vertex source, const BfsOptions& options) {
  detail::check_bfs_arguments(a.nrows(), a.ncols(), source);
  detail::BfsWorkspace ws;
  BfsResult r;
  detail::bfs_traverse(adjacency_of(a.csr()), detail::pull_side(a, options), source, options,
                       a.max_row_length(), ws, r);
  return r;
}

template <class T>
std::vector<BfsResult> bfs_batch(const Matrix<T>& a, std::span<const Vertex> sources,
                                 const BfsOptions& options) {
  for (Vertex s : sources) detail::check_bfs_arguments(a.nrows(), a.ncols(), s);
  detail::BfsWorkspace ws;
  const AdjacencyView out = adjacency_of(a.csr());
  const AdjacencyView in = detail::pull_side(a, options);
  const Offset max_degree = a.max_row_length();
  std::vector<BfsResult> results(sources.size());
  for (std::size_t k = 0; k < sources.size(); ++k)
    detail::bfs_traverse(out, in, sources[k], options, max_degree, ws, results[k]);
  return results;
}

template <class T>
BfsResult bfs(const DcsrView<T>& a, Vertex source, const BfsOptions& options) {
  return bfs_dcsr(a.adjacency(), a.ncols(), source, options);
}

}  // namespace spgraph
