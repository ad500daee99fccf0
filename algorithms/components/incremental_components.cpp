// SPDX-License-Identifier: Apache-2.0
// The maintained connected-components view (incremental_components.hpp describes the method):
// registration and recomputation by connected_components()' Afforest kernel (Sutton, Ben-Nun &
// Barak, IPDPS 2018; components_kernel.hpp), inserts by a union-find over component ids (union
// by size; CLRS 3rd ed. §21.2's weighted union for the relabelling), deletes by the searches of
// component_split_search.hpp (Even & Shiloach 1981, §2), and publication of the frozen
// labelling.
#include "algorithms/components/incremental_components.hpp"

#include <omp.h>

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>

#include "algorithms/components/component_split_search.hpp"
#include "algorithms/components/component_table.hpp"
#include "algorithms/components/components_kernel.hpp"
#include "engine/core/error.hpp"

namespace spgraph {

std::vector<Vertex> CcViewResult::labels() const {
  std::vector<Vertex> out = component_of.to_vector();
  const std::vector<Vertex> smallest = smallest_of.to_vector();
#pragma omp parallel for schedule(static) if (out.size() >= 65536)
  for (std::int64_t v = 0; v < std::int64_t(out.size()); ++v) out[v] = smallest[out[v]];
  return out;
}

namespace {

class ComponentsView final : public MaintainedView {
 public:
  std::string name() const override { return "cc"; }

  void recompute(const ViewGraph& g) override {
    std::vector<Vertex> label;
    if (!g.directed)
      detail::afforest(g.out, static_cast<const DcsrAdjacency*>(nullptr), detail::InArcs::Same,
                       label);
    else if (g.has_in)
      detail::afforest(g.out, &g.in, detail::InArcs::Separate, label);
    else
      detail::afforest(g.out, static_cast<const DcsrAdjacency*>(nullptr), detail::InArcs::Check,
                       label);
    table_.assign(label);
  }

  void update(const ViewGraph& before, const ViewGraph& after, const ArcChanges& c) override {
    if (after.directed && (!before.has_in || !after.has_in))
      throw InvalidArgument("the maintained view 'cc' needs the in-arcs of a directed graph");
    assert(c.vertices_after == after.n() && table_.num_vertices() == c.vertices_before);
    table_.grow(after.n());
    if (seen_.size() < after.n()) seen_.resize(after.n(), 0);
    join_added(before, c);
    split_removed(after, c);
  }

  std::shared_ptr<const ViewResult> publish() override {
    auto r = std::make_shared<CcViewResult>();
    r->components = table_.components();
    r->largest = table_.largest();
    r->component_of = table_.freeze_ids();
    r->smallest_of = table_.freeze_smallest();
    return r;
  }

 private:
  void join_added(const ViewGraph& before, const ArcChanges& c);
  void split_removed(const ViewGraph& after, const ArcChanges& c);
  void resplit(const ViewGraph& after, Vertex id, std::span<const Vertex> sources);
  void members_before(const ViewGraph& before, Vertex start);

  detail::ComponentTable table_;
  detail::SplitSearch search_;
  std::vector<char> seen_;       // all zero between calls of members_before
  std::vector<Vertex> members_;  // members_before's answer
};

/// The members of start's component in `before` (a vertex past before's end is alone).
void ComponentsView::members_before(const ViewGraph& before, Vertex start) {
  members_.assign(1, start);
  seen_[start] = 1;
  const auto visit = [&](Vertex y) {
    if (seen_[y]) return;
    seen_[y] = 1;
    members_.push_back(y);
  };
  for (std::size_t k = 0; k < members_.size(); ++k) {
    const Vertex x = members_[k];
    if (x >= before.n()) continue;
    before.out.for_each_neighbor(x, visit);
    if (before.directed) before.in.for_each_neighbor(x, visit);
  }
  for (const Vertex v : members_) seen_[v] = 0;
}

/// Step 1: the components the added arcs join, by a union-find over their ids; each joined
/// group keeps its largest component's id, and the others' members (found in `before`, where
/// each is still a whole component) are relabelled.
void ComponentsView::join_added(const ViewGraph& before, const ArcChanges& c) {
  std::unordered_map<Vertex, std::uint32_t> slot;  // component id -> local index
  std::vector<Vertex> ids, member;                 // per local index: the id, one member
  std::vector<std::uint32_t> parent;
  const auto local = [&](Vertex v) {
    const Vertex id = table_.id_of(v);
    const auto [it, fresh] = slot.try_emplace(id, std::uint32_t(ids.size()));
    if (fresh) {
      ids.push_back(id);
      member.push_back(v);
      parent.push_back(it->second);
    }
    return it->second;
  };
  const auto find = [&](std::uint32_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (const auto& [u, v] : c.added) {
    if (u == v || table_.id_of(u) == table_.id_of(v)) continue;
    std::uint32_t a = find(local(u)), b = find(local(v));
    if (a == b) continue;
    // Union by size: the root is the local index of the larger component.
    if (table_.size_of(ids[a]) < table_.size_of(ids[b])) std::swap(a, b);
    parent[b] = a;
  }
  for (std::uint32_t i = 0; i < ids.size(); ++i) {
    const std::uint32_t r = find(i);
    if (r == i) continue;
    members_before(before, member[i]);
    assert(members_.size() == table_.size_of(ids[i]));
    table_.absorb(ids[r], ids[i], members_);
  }
}

/// Step 2: the components that lost an adjacency, each re-examined from the endpoints of its
/// removed edges.
void ComponentsView::split_removed(const ViewGraph& after, const ArcChanges& c) {
  // An arc u -> v in `removed` is absent after the batch, and so is v -> u in an undirected
  // graph; in a directed one u and v stay adjacent while v -> u is present.
  std::vector<std::pair<Vertex, Vertex>> ends;  // (component id, endpoint)
  for (const auto& [u, v] : c.removed) {
    if (u == v || (after.directed && after.out.find(v, u).has_value())) continue;
    assert(table_.id_of(u) == table_.id_of(v));
    ends.push_back({table_.id_of(u), u});
    ends.push_back({table_.id_of(v), v});
  }
  std::sort(ends.begin(), ends.end());
  ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
  std::vector<Vertex> sources;
  for (std::size_t b = 0; b < ends.size();) {
    std::size_t e = b;
    sources.clear();
    for (; e < ends.size() && ends[e].first == ends[b].first; ++e)
      sources.push_back(ends[e].second);
    resplit(after, ends[b].first, sources);
    b = e;
  }
}

/// Re-examines component `id` from `sources` (the endpoints of its removed edges): splits off
/// the pieces found whole, and finds the rest's smallest vertex if a piece took it.
void ComponentsView::resplit(const ViewGraph& after, Vertex id, std::span<const Vertex> sources) {
  search_.run(after, sources);
  const Vertex old_smallest = table_.smallest_of(id);
  for (const std::span<const Vertex> piece : search_.closed_pieces())
    table_.split_off(id, piece, *std::min_element(piece.begin(), piece.end()));
  if (table_.id_of(old_smallest) != id) {
    // The rest's smallest vertex: finish its search when the rest is small, else walk up the
    // ids from the old smallest (the rest holds about one vertex in n / size).
    const std::uint64_t rest = table_.size_of(id);
    if (rest * rest <= std::uint64_t(after.n())) {
      const std::span<const Vertex> all = search_.finish_open(after);
      assert(all.size() == rest);
      table_.set_smallest(id, *std::min_element(all.begin(), all.end()));
    } else {
      Vertex v = old_smallest + 1;
      while (table_.id_of(v) != id) ++v;
      table_.set_smallest(id, v);
    }
  }
  search_.clear();
}

}  // namespace

std::shared_ptr<MaintainedView> make_components_view() {
  return std::make_shared<ComponentsView>();
}

}  // namespace spgraph
