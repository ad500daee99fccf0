// SPDX-License-Identifier: Apache-2.0
// SplitSearch (component_split_search.hpp): the simultaneous alternating searches, after Even &
// Shiloach 1981, §2, that re-examine one component after a batch of deletions.
#include "algorithms/components/component_split_search.hpp"

#include <queue>
#include <utility>

namespace spgraph::detail {

SplitSearch::Search SplitSearch::root(Search s) {
  while (parent_[s] != s) {
    parent_[s] = parent_[parent_[s]];  // path halving
    s = parent_[s];
  }
  return s;
}

SplitSearch::Search SplitSearch::join(Search a, Search b) {
  if (members_[a].size() < members_[b].size()) std::swap(a, b);
  parent_[b] = a;
  members_[a].insert(members_[a].end(), members_[b].begin(), members_[b].end());
  pending_[a].insert(pending_[a].end(), pending_[b].begin(), pending_[b].end());
  std::vector<Vertex>().swap(members_[b]);
  std::vector<Vertex>().swap(pending_[b]);
  work_[a] += work_[b];
  --open_;
  return a;
}

std::uint64_t SplitSearch::priority(const ViewGraph& g, Search s) const {
  if (pending_[s].empty()) return work_[s];
  const Vertex next = pending_[s].back();
  const Offset degree = g.out.degree(next) + (g.directed ? g.in.degree(next) : 0);
  return work_[s] + std::uint64_t(degree);
}

SplitSearch::Search SplitSearch::expand(const ViewGraph& g, Vertex x, Search s) {
  bool stopped = false;
  std::uint64_t scanned = 0;
  const auto visit = [&](Vertex y) {
    ++scanned;
    const Search m = mark_[y];
    if (m == kNone) {
      mark_[y] = s;
      members_[s].push_back(y);
      pending_[s].push_back(y);
      return false;
    }
    const Search r = root(m);
    if (r == s) return false;
    s = join(s, r);
    stopped = open_ == 1 && stop_at_one_;
    return stopped;
  };
  g.out.find_neighbor(x, visit);
  if (!stopped && g.directed) g.in.find_neighbor(x, visit);
  work_[s] += scanned;
  if (stopped) pending_[s].push_back(x);  // not fully scanned: finish_open() scans it again
  return s;
}

void SplitSearch::run(const ViewGraph& g, std::span<const Vertex> sources) {
  clear();
  if (mark_.size() < g.n()) mark_.resize(g.n(), kNone);
  for (const Vertex v : sources) {
    if (mark_[v] != kNone) continue;
    const Search s = Search(parent_.size());
    mark_[v] = s;
    parent_.push_back(s);
    members_.push_back({v});
    pending_.push_back({v});
    work_.push_back(0);
    closed_.push_back(0);
  }
  open_ = parent_.size();
  stop_at_one_ = true;
  using Entry = std::pair<std::uint64_t, Search>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> next;
  for (Search s = 0; s < Search(parent_.size()); ++s) next.push({priority(g, s), s});
  while (open_ > 1 && !next.empty()) {
    const auto [key, s] = next.top();
    next.pop();
    // Entries are not removed when a search joins another or moves on: skip the stale ones.
    if (parent_[s] != s || closed_[s] || key != priority(g, s)) continue;
    if (pending_[s].empty()) {
      closed_[s] = 1;
      closed_list_.push_back(s);
      --open_;
      continue;
    }
    const Vertex x = pending_[s].back();
    pending_[s].pop_back();
    const Search r = expand(g, x, s);
    if (open_ > 1) next.push({priority(g, r), r});
  }
}

std::vector<std::span<const Vertex>> SplitSearch::closed_pieces() const {
  std::vector<std::span<const Vertex>> out;
  out.reserve(closed_list_.size());
  for (const Search s : closed_list_) out.emplace_back(members_[s]);
  return out;
}

std::span<const Vertex> SplitSearch::finish_open(const ViewGraph& g) {
  for (Search s = 0; s < Search(parent_.size()); ++s) {
    if (parent_[s] != s || closed_[s]) continue;
    stop_at_one_ = false;
    while (!pending_[s].empty()) {
      const Vertex x = pending_[s].back();
      pending_[s].pop_back();
      s = expand(g, x, s);  // no other search is open, so no join happens
    }
    return members_[s];
  }
  return {};
}

void SplitSearch::clear() {
  for (const std::vector<Vertex>& list : members_)
    for (const Vertex v : list) mark_[v] = kNone;
  parent_.clear();
  members_.clear();
  pending_.clear();
  work_.clear();
  closed_.clear();
  closed_list_.clear();
  open_ = 0;
}

}  // namespace spgraph::detail
