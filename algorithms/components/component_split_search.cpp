// SPDX-License-Identifier: Apache-2.0
// SplitSearch (component_split_search.hpp): the simultaneous alternating searches, after Even &
// Shiloach 1981, §2, that re-examine one component after a batch of deletions.
#include "algorithms/components/component_split_search.hpp"

#include <queue>
#include <utility>

namespace spgraph::detail {

namespace {

/// Lists longer than this are freed when a run ends; shorter ones keep their storage for the
/// next run, so that a batch's searches allocate nothing in the steady state.
constexpr std::size_t kKeptCapacity = 4096;

template <class V>
void reset(std::vector<V>& list) {
  if (list.capacity() > kKeptCapacity)
    std::vector<V>().swap(list);
  else
    list.clear();
}

}  // namespace

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
  reset(members_[b]);
  reset(pending_[b]);
  work_[a] += work_[b];
  --open_;
  return a;
}

SplitSearch::Search SplitSearch::expand(const ViewGraph& g, Step step, Search s) {
  bool joined = false;
  Offset index = 0;
  const auto visit = [&](Vertex y) {
    if (index++ < step.done) return false;  // scanned before this search was interrupted
    const Search m = mark_[y];
    if (m == kNone) {
      mark_[y] = s;
      members_[s].push_back(y);
      pending_[s].push_back({y, 0});
      return false;
    }
    const Search r = root(m);
    if (r == s) return false;
    s = join(s, r);
    joined = true;
    return true;
  };
  g.out.find_neighbor(step.v, visit);
  if (!joined && g.directed) g.in.find_neighbor(step.v, visit);
  work_[s] += index - step.done;
  // A join makes the search larger, so the smaller ones go first again: stop here and come back
  // to the rest of this vertex's arcs later (if the search is still needed then).
  if (joined) pending_[s].push_back({step.v, index});
  return s;
}

SplitSearch::Search SplitSearch::add_search(Vertex source) {
  const Search s = Search(count_++);
  if (members_.size() < count_) {
    members_.resize(count_);
    pending_.resize(count_);
  }
  mark_[source] = s;
  parent_.push_back(s);
  members_[s].push_back(source);
  pending_[s].push_back({source, 0});
  work_.push_back(0);
  closed_.push_back(0);
  return s;
}

void SplitSearch::run(const ViewGraph& g, std::span<const Vertex> sources) {
  clear();
  if (mark_.size() < g.n()) mark_.resize(g.n(), kNone);
  using Entry = std::pair<std::uint64_t, Search>;  // (work, search): the least work goes first
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> next;
  for (const Vertex v : sources)
    if (mark_[v] == kNone) next.push({0, add_search(v)});
  open_ = count_;
  while (open_ > 1 && !next.empty()) {
    const auto [work, s] = next.top();
    next.pop();
    // Entries are not removed when a search joins another or moves on: skip the stale ones.
    if (parent_[s] != s || closed_[s] || work != work_[s]) continue;
    if (pending_[s].empty()) {
      closed_[s] = 1;
      closed_list_.push_back(s);
      --open_;
      continue;
    }
    const Step step = pending_[s].back();
    pending_[s].pop_back();
    const Search r = expand(g, step, s);
    if (open_ > 1) next.push({work_[r], r});
  }
}

std::vector<std::span<const Vertex>> SplitSearch::closed_pieces() const {
  std::vector<std::span<const Vertex>> out;
  out.reserve(closed_list_.size());
  for (const Search s : closed_list_) out.emplace_back(members_[s]);
  return out;
}

std::span<const Vertex> SplitSearch::finish_open(const ViewGraph& g) {
  for (Search s = 0; s < Search(count_); ++s) {
    if (parent_[s] != s || closed_[s]) continue;
    while (!pending_[s].empty()) {
      const Step step = pending_[s].back();
      pending_[s].pop_back();
      s = expand(g, step, s);  // no other search is open, so no join happens
    }
    return members_[s];
  }
  return {};
}

void SplitSearch::clear() {
  for (std::size_t s = 0; s < count_; ++s) {
    for (const Vertex v : members_[s]) mark_[v] = kNone;
    reset(members_[s]);
    reset(pending_[s]);
  }
  count_ = 0;
  parent_.clear();
  work_.clear();
  closed_.clear();
  closed_list_.clear();
  open_ = 0;
}

}  // namespace spgraph::detail
