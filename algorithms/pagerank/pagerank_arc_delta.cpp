// SPDX-License-Identifier: Apache-2.0
// The per-tail change in out-arcs of one batch (pagerank_arc_delta.hpp): the changed arcs
// sorted by tail, then a lookup of each in the graph before and after the batch.
#include "algorithms/pagerank/pagerank_arc_delta.hpp"

#include <algorithm>

namespace spgraph::detail {

void OutArcDelta::read(const ViewGraph& before, const ViewGraph& after, const ArcChanges& changes) {
  arcs_.clear();
  tail_.clear();
  heads_.clear();
  begin_.assign(1, 0);
  // Every list: an arc may be in two (added and re-weighted); a re-weighted arc may have
  // gained its first copy. The lookups below say what changed.
  for (const auto* list : {&changes.added, &changes.removed, &changes.reweighted})
    arcs_.insert(arcs_.end(), list->begin(), list->end());
  std::sort(arcs_.begin(), arcs_.end());
  arcs_.erase(std::unique(arcs_.begin(), arcs_.end()), arcs_.end());
  for (std::size_t i = 0; i < arcs_.size(); ++i) {
    const auto [u, w] = arcs_[i];
    const bool was = u < before.n() && before.out.find(u, w).has_value();
    const bool is = after.out.find(u, w).has_value();
    if (was == is) continue;
    if (tail_.empty() || tail_.back() != u) {
      if (!tail_.empty()) begin_.push_back(heads_.size());
      tail_.push_back(u);
    }
    heads_.push_back({w, is ? 1 : -1});
  }
  if (!tail_.empty()) begin_.push_back(heads_.size());
}

}  // namespace spgraph::detail
