// SPDX-License-Identifier: Apache-2.0
// What one batch did to the out-arcs of each vertex, as the maintained PageRank view
// (incremental_pagerank.hpp) needs it: the tails of the changed arcs (ArcChanges, read as sets)
// in increasing order, each with the arcs u -> w that appeared (+1) or disappeared (-1),
// derived from the graph before and after the batch by lookups (DcsrAdjacency::find). PageRank
// reads the structure of a snapshot as pagerank() does, through its matrix, where the copies
// of a multigraph's arc are one entry: so a copy gained or lost by an arc that stays present
// changes nothing, and the cost is O(changed arcs) lookups, never a scan of a row.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "algorithms/pagerank/pagerank_residual.hpp"
#include "engine/maintained_view.hpp"

namespace spgraph::detail {

class OutArcDelta {
 public:
  /// Reads one batch (before.n() == changes.vertices_before, after.n() == vertices_after).
  void read(const ViewGraph& before, const ViewGraph& after, const ArcChanges& changes);

  /// The tails read, in increasing order.
  std::size_t tails() const { return tail_.size(); }
  Vertex tail(std::size_t i) const { return tail_[i]; }
  /// The arcs of tail i that appeared (copies +1) or disappeared (copies -1).
  std::span<const HeadChange> heads(std::size_t i) const {
    return std::span<const HeadChange>(heads_.data() + begin_[i], begin_[i + 1] - begin_[i]);
  }

 private:
  std::vector<std::pair<Vertex, Vertex>> arcs_;
  std::vector<Vertex> tail_;
  std::vector<std::size_t> begin_;
  std::vector<HeadChange> heads_;
};

}  // namespace spgraph::detail
