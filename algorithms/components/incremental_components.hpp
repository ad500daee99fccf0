// SPDX-License-Identifier: Apache-2.0
// The maintained view "cc" (engine/maintained_view.hpp): connected components of a DynamicGraph
// (weakly connected for a directed graph, arc direction ignored), kept up to date batch by batch
// and published with every snapshot, so that a snapshot answers a vertex's component label in
// O(1) and the component count and the largest component's size in O(1).
//
// State: every vertex carries a component id (ids are slots, not vertex ids, so that a component
// keeps its id when its smallest vertex leaves it); per id the component's size and smallest
// vertex (component_table.hpp). A batch is taken in two steps:
//   1. inserts: a union-find over the component ids the added arcs join (union by size); each
//      joined group keeps the id of its largest component and relabels the others' members,
//      found by a search of the graph before the batch, where each is still a whole component
//      (the weighted-union heuristic of Cormen, Leiserson, Rivest & Stein, Introduction to
//      Algorithms, 3rd ed., §21.2: over inserts alone a vertex is relabelled O(log n) times);
//   2. deletes: only components that lost an adjacency are re-examined. In each, a search of the
//      graph after the batch starts from every endpoint of its removed edges at once, one
//      search per endpoint, always advancing the one with the least work so far; searches that
//      meet merge, and a search that runs out of vertices has found a whole component of the
//      new graph, which is split off under a new id. The re-examination stops as soon as one
//      search is left: the rest of the old component is one component. This is the alternating
//      search of Even & Shiloach, "An On-Line Edge-Deletion Problem", J. ACM 28(1), 1981, §2,
//      run over all of a batch's deletions in a component together
//      (component_split_search.hpp); a split costs about the size of the pieces split off (the
//      smaller sides), never the rest. If a piece took the component's smallest vertex, the
//      rest's is found by finishing its search when it is small (size² <= n), else by walking
//      up the vertex ids from the old smallest (about n / size steps).
// Publishing costs the VersionedArray pages the batch wrote (engine/versioned_array.hpp).
// recompute() runs connected_components()' Afforest kernel (components_kernel.hpp) on the view's
// graph. Labels are normalised as connected_components() normalises them: the smallest vertex
// id of the component.
#pragma once

#include <memory>
#include <vector>

#include "engine/core/types.hpp"
#include "engine/maintained_view.hpp"
#include "engine/versioned_array.hpp"

namespace spgraph {

/// The published answer of the "cc" view.
struct CcViewResult : ViewResult {
  Vertex components = 0;  ///< number of components (weakly connected for a directed graph)
  Offset largest = 0;     ///< vertices in the largest component (0 for an empty graph)
  Vertex num_vertices() const { return Vertex(component_of.size()); }
  /// The smallest vertex id of v's component (v < num_vertices()): exactly
  /// connected_components()' label.
  Vertex label(Vertex v) const { return smallest_of[component_of[v]]; }
  std::vector<Vertex> labels() const;  ///< every vertex's label, O(n)

  /// Per vertex: its component's id (a slot; ids are not vertex labels).
  VersionedArray<Vertex>::Frozen component_of;
  /// Per component id: the smallest vertex of the component.
  VersionedArray<Vertex>::Frozen smallest_of;
};

/// The maintained view of connected components (name "cc").
std::shared_ptr<MaintainedView> make_components_view();

}  // namespace spgraph
