// SPDX-License-Identifier: Apache-2.0
// Maintained BFS levels and SSSP distances from one registered source: the "bfs:S" and "sssp:S"
// views a DynamicGraph keeps up to date batch by batch (engine/maintained_view.hpp), so that a
// query on them costs O(1) (summary) or O(answer) instead of a search.
//
// One implementation serves both (incremental_distances.cpp): hop counts are distances with unit
// weights. The view keeps a distance and a shortest-path-tree parent per vertex and repairs them
// after each batch, following Ramalingam & Reps, "An incremental algorithm for a generalization of
// the shortest-path problem", J. Algorithms 21 (1996), in the tree-based form of Frigioni,
// Marchetti-Spaccamela & Nanni, "Fully dynamic algorithms for maintaining shortest paths trees",
// J. Algorithms 34 (2000):
//   - deletions and weight increases of tree arcs: the heads of broken tree arcs are examined in
//     increasing (old) distance; one that still has an in-arc from an unaffected vertex at a
//     smaller distance giving the same distance takes it as its parent and keeps its subtree;
//     otherwise it is invalidated and its tree children are examined in turn. Non-tree deletions
//     cost nothing;
//   - every invalidated vertex takes the best distance over its in-arcs from unaffected
//     vertices, inserted and lighter arcs lower their heads' distances, and one Dijkstra (a
//     bucket queue by level for BFS) seeded with only those vertices settles the rest.
// The distances equal a recomputation exactly: each is the minimum over paths of the sum taken
// from the source (d[u] + w, as sssp() adds), whatever order the repair finds them in.
// reached and max_distance are kept from a count of vertices per distance value, never a scan.
#pragma once

#include <memory>

#include "algorithms/sssp/sssp.hpp"
#include "engine/core/types.hpp"
#include "engine/maintained_view.hpp"
#include "engine/versioned_array.hpp"

namespace spgraph {

/// The published answer of a "bfs:S" or "sssp:S" view.
struct DistanceViewResult : ViewResult {
  Vertex source = 0;
  bool hops = false;  ///< true: BFS levels (hop counts); false: weighted distances
  /// Per vertex: the level (hops) or distance; kUnreachableDistance (sssp.hpp) where unreachable.
  VersionedArray<double>::Frozen distance;
  Vertex reached = 0;       ///< vertices reached, the source included (as BfsResult/SsspResult)
  double max_distance = 0;  ///< largest finite distance (for BFS: the depth, BfsResult::depth)
};

/// Maintained BFS levels from `source` (name "bfs:<source>"); arc weights ignored.
std::shared_ptr<MaintainedView> make_bfs_view(Vertex source);

/// Maintained SSSP distances from `source` (name "sssp:<source>"); refuses negative weights
/// (needs_nonnegative_weights() true: the DynamicGraph rejects such a batch whole).
std::shared_ptr<MaintainedView> make_sssp_view(Vertex source);

}  // namespace spgraph
