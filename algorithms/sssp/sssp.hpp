// SPDX-License-Identifier: Apache-2.0
// Single-source shortest paths over the weighted arcs of A (A(u,v) = weight of u -> v; a
// pattern matrix has unit weights).
//
// Methods:
//   - BellmanFord: d' = d ⊕ A' min.+ d restricted to the vertices whose distance changed in the
//     previous step (the mask), until nothing changes; accepts negative weights and detects a
//     negative cycle reachable from the source (after n - 1 rounds something still improves).
//   - Delta: Meyer & Sanders delta-stepping with light (w <= Δ) and heavy arcs and buckets of
//     width Δ, as in the GAP benchmark and LAGraph's LAGr_SingleSourceShortestPath; Δ is chosen
//     from the weights when options.delta is 0: Δ = mean weight · (1 + 32 / average
//     out-degree) / 32 (1 when no arc weighs more than 0), the mean taken over the arcs of 4096
//     rows spread over the vertices rather than a pass over every arc. Measured (2 threads,
//     weights 1..255, bench/RESULTS.md "Issue 30"): on Kronecker 18 and 20 and urand Δ 4-8
//     was fastest and the rule gives 8 (Δ 33 cost 10-30% more, 256 2-3x); on usroads every Δ
//     from 16 to 256 was within 10% and the rule gives 54; on NotreDame it gives 49, as fast
//     as any. The parallel form (thread-local
//     buckets, bucket fusion, a bounded window of buckets) is described in sssp_kernel.hpp.
//   - Auto: Delta.
// Weights: any value type converted to double; bool and pattern arcs weigh 1; zero weights
// are fine. Bellman-Ford refuses any NaN weight before it starts; delta-stepping refuses a NaN
// or negative weight on any arc its search meets (an arc it never reaches cannot change a
// distance), naming the first such arc of the graph. Both methods push over the changed vertices
// rather than run a full SpMV, so SSSP has no SpMV format option. rounds: Bellman-Ford rounds, or
// Δ-stepping's global bucket steps (a bucket drained by bucket fusion on one thread counts no
// step). Negative weights met are refused (InvalidArgument naming the arc) unless BellmanFord is
// asked for; a negative cycle reachable from the source is an InvalidArgument naming a vertex on or
// after it (one whose distance still falls in round n).
// Paths: with SsspOptions::parents, a shortest-path tree built after the search from the arcs
// the distances make tight (parent_path.hpp), so the default search tracks no predecessors.
#pragma once

#include <limits>
#include <vector>

#include "engine/core/descriptor.hpp"
#include "engine/core/types.hpp"
#include "engine/graph_snapshot.hpp"
#include "engine/maintained_view.hpp"
#include "engine/matrix.hpp"

namespace spgraph {

/// The SSSP method (see the file comment): Bellman-Ford, delta-stepping, or Auto.
enum class SsspMethod { Auto, BellmanFord, Delta };

inline constexpr double kUnreachableDistance = std::numeric_limits<double>::infinity();

/// Options of sssp().
struct SsspOptions {
  SsspMethod method = SsspMethod::Auto;
  double delta = 0;  ///< bucket width for Delta; 0 = chosen from the weights
  /// Also a shortest-path tree (SsspResult::parent), by one pass over the arcs after the search
  /// (parent_path.hpp, tight_arc_parents); the search itself is the same with or without it.
  bool parents = false;
};

/// Distances from the source and statistics of the run.
struct SsspResult {
  Vertex source = 0;
  std::vector<double> distance;           ///< kUnreachableDistance where unreachable
  SsspMethod method = SsspMethod::Delta;  ///< the method that ran (never Auto)
  double delta = 0;                       ///< the Δ used (Delta only)
  int rounds = 0;  ///< SpMV rounds (BellmanFord) or buckets processed (Delta)
  Vertex reached = 0;
  /// Empty unless options.parents: the vertex before each vertex on a shortest path from the
  /// source (parent[source] = source; kNoVertex where unreachable), as BFS's parents;
  /// parent_path() gives the path.
  std::vector<Vertex> parent;
};

/// Distances from `source` in A (square). Throws DimensionMismatch, IndexOutOfBounds for a bad
/// source, InvalidArgument for a negative weight the search meets (not BellmanFord), a NaN
/// weight, a negative cycle, or a
/// negative or non-finite options.delta.
template <class T>
SsspResult sssp(const Matrix<T>& a, Vertex source, const SsspOptions& options = {});

/// Distances over a DynamicGraph snapshot (its Dynamic CSR rows are the out-arcs).
template <class T>
SsspResult sssp(const GraphSnapshot<T>& g, Vertex source, const SsspOptions& options = {});

/// Distances over a maintained view's graph (engine/maintained_view.hpp): its out-arcs, with
/// unit weights when the graph is unweighted (the recomputation of the "sssp:S" view).
SsspResult sssp(const ViewGraph& g, Vertex source, const SsspOptions& options = {});

}  // namespace spgraph
