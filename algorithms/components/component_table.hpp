// SPDX-License-Identifier: Apache-2.0
// ComponentTable: the writer-side state of the maintained connected-components view
// (incremental_components.hpp): a flat labelling in which every vertex carries its component's
// id, and per id the component's size and smallest vertex, plus the component count and the
// largest size, kept exact. Joins are union by size (Cormen et al., "Introduction to
// Algorithms", 3rd ed., §21.3): the smaller components are relabelled into the largest.
//
// Ids are slots in [0, n), handed out from a free list, so that a component keeps its id when
// its smallest vertex is split off (only the pieces split off are relabelled). The per-vertex ids
// and the per-id smallest vertices are VersionedArrays (engine/versioned_array.hpp): publishing
// them costs the pages a batch touched, not O(n). The largest size is kept with a count of
// components per size: it rises at once on a join, and after a split it falls to the next size
// present, a walk no longer than the pieces split off (the remainder is at least as large as the
// old size less the pieces).
#pragma once

#include <span>
#include <vector>

#include "engine/core/types.hpp"
#include "engine/versioned_array.hpp"

namespace spgraph::detail {

class ComponentTable {
 public:
  /// Starts from normalised labels (each vertex's smallest component member, as
  /// connected_components() gives them): the id of a component is its label.
  void assign(const std::vector<Vertex>& label);
  /// Grows to n vertices, the new ones isolated (each its own component, id = its vertex id).
  void grow(Vertex n);

  Vertex num_vertices() const { return Vertex(id_.size()); }
  Vertex id_of(Vertex v) const { return id_[v]; }
  Vertex size_of(Vertex id) const { return size_[id]; }
  Vertex smallest_of(Vertex id) const { return smallest_[id]; }
  Vertex components() const { return components_; }
  Vertex largest() const { return largest_; }

  /// Joins component `from` into `into`: `members` are all of from's vertices. Frees from's id.
  void absorb(Vertex into, Vertex from, std::span<const Vertex> members);
  /// Splits `members` (a part of component `from`, not all of it) off as a component of its
  /// own, with smallest vertex `smallest`; returns its id. from's smallest vertex is left as it
  /// was: the caller sets it (set_smallest) when it was among the members.
  Vertex split_off(Vertex from, std::span<const Vertex> members, Vertex smallest);
  void set_smallest(Vertex id, Vertex v) { smallest_.set(id, v); }

  /// The per-vertex ids and per-id smallest vertices as of now (immutable copies).
  VersionedArray<Vertex>::Frozen freeze_ids() { return id_.freeze(); }
  VersionedArray<Vertex>::Frozen freeze_smallest() { return smallest_.freeze(); }

 private:
  void count_size(Vertex s);    // one more component of size s
  void uncount_size(Vertex s);  // one fewer (after the new sizes were counted)

  VersionedArray<Vertex> id_;        // per vertex: its component's id
  VersionedArray<Vertex> smallest_;  // per id: the component's smallest vertex
  std::vector<Vertex> size_;         // per id: members (0: the id is free)
  std::vector<Vertex> free_ids_;
  std::vector<Vertex> per_size_;  // per size s: the components of s vertices
  Vertex components_ = 0;
  Vertex largest_ = 0;
};

}  // namespace spgraph::detail
