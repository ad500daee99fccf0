// SPDX-License-Identifier: Apache-2.0
// The maintained-view machinery of DynamicGraph (engine/maintained_view.hpp,
// engine/dynamic_graph_views.hpp) with a probe view that keeps a copy of the arc set from the
// changes alone: after random mixed batches (directed and undirected, weighted, every duplicate
// policy, vertex growth), the copy equals the snapshot's arcs, the in-arcs equal the transpose,
// and the published answer belongs to the snapshot's version. Also: the policies, unmaintain,
// a view refusing negative weights (the batch rejected whole, the WAL-facing check() too), a
// failing update recomputed and a view that cannot recompute dropped with the batch published,
// and
// VersionedArray's frozen copies staying as they were. Seeds are printed.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/dynamic_graph.hpp"
#include "engine/versioned_array.hpp"

namespace spgraph {
namespace {

using Arc = std::pair<Vertex, Vertex>;
using ArcMap = std::map<Arc, std::pair<double, int>>;  // weight (min of copies), copies

/// The arcs of one side of a batch: (u, v) -> (min weight, copies), from out or in arcs.
ArcMap read_arcs(const ViewGraph& g, bool in) {
  ArcMap m;
  for (Vertex u = 0; u < g.n(); ++u) {
    const auto add = [&](Vertex v, double w) {
      const Arc a = in ? Arc{v, u} : Arc{u, v};
      auto [it, fresh] = m.try_emplace(a, w, 0);
      it->second.first = fresh ? w : std::min(it->second.first, w);
      ++it->second.second;
    };
    if (in)
      g.for_each_in(u, add);
    else
      g.for_each_out(u, add);
  }
  return m;
}

struct ProbeResult : ViewResult {
  ArcMap arcs;
  Vertex n = 0;
};

/// Keeps the arc set up to date from ArcChanges alone (reading weights of touched arcs only).
class ProbeView final : public MaintainedView {
 public:
  explicit ProbeView(bool strict = false) : strict_(strict) {}
  std::string name() const override { return strict_ ? "probe-strict" : "probe"; }
  bool needs_nonnegative_weights() const override { return strict_; }
  void recompute(const ViewGraph& g) override {
    arcs_ = read_arcs(g, false);
    n_ = g.n();
    ++recomputes;
  }
  void update(const ViewGraph& before, const ViewGraph& after, const ArcChanges& c) override {
    EXPECT_EQ(c.vertices_before, before.n());
    EXPECT_EQ(c.vertices_after, after.n());
    EXPECT_EQ(n_, before.n());
    for (const Arc& a : c.removed) arcs_.erase(a);
    for (const auto* list : {&c.added, &c.reweighted})
      for (const Arc& a : *list) arcs_[a] = touched(after, a);
    if (after.has_in) {
      EXPECT_EQ(read_arcs(after, true), read_arcs(after, false));
    }
    n_ = after.n();
    ++updates;
  }
  std::shared_ptr<const ViewResult> publish() override {
    auto r = std::make_shared<ProbeResult>();
    r->arcs = arcs_;
    r->n = n_;
    return r;
  }
  int updates = 0, recomputes = 0;

 private:
  static std::pair<double, int> touched(const ViewGraph& g, Arc a) {
    std::pair<double, int> r{0, 0};
    g.for_each_out(a.first, [&](Vertex v, double w) {
      if (v != a.second) return;
      r.first = r.second ? std::min(r.first, w) : w;
      ++r.second;
    });
    return r;
  }
  bool strict_;
  ArcMap arcs_;
  Vertex n_ = 0;
};

/// The snapshot's arcs in the probe's form.
ArcMap snapshot_arcs(const GraphSnapshot<double>& s) {
  ArcMap m;
  for (Vertex u = 0; u < s.num_vertices(); ++u)
    s.for_each_neighbor(u, [&](Vertex v, double w) {
      auto [it, fresh] = m.try_emplace(Arc{u, v}, w, 0);
      it->second.first = fresh ? w : std::min(it->second.first, w);
      ++it->second.second;
    });
  return m;
}

struct Case {
  bool directed;
  DuplicatePolicy dup;
  ViewPolicy policy;
};

class MaintainedViewRandom : public ::testing::TestWithParam<Case> {};

TEST_P(MaintainedViewRandom, ProbeFollowsEveryBatch) {
  const Case c = GetParam();
  const unsigned seed = 1234u + unsigned(c.directed) * 7 + unsigned(c.dup) * 3;
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 rng(seed);
  DynamicGraphOptions o;
  o.directed = c.directed;
  o.weighted = true;
  o.duplicates = c.dup;
  DynamicGraph<double> g(12, o);
  auto probe = std::make_shared<ProbeView>();
  g.maintain(probe, c.policy);
  for (int batch = 0; batch < 150; ++batch) {
    UpdateBatch<double> b;
    const int size = int(rng() % 12);
    const Vertex range = Vertex(12 + batch / 10);  // the graph grows now and then
    for (int k = 0; k < size; ++k) {
      const Vertex u = rng() % range, v = rng() % range;
      const int kind = int(rng() % 10);
      if (kind < 5)
        b.insert(u, v, double(1 + rng() % 9));
      else if (kind < 8)
        b.erase(u, v);
      else
        b.assign(u, v, double(1 + rng() % 9));
    }
    if (batch % 37 == 5)
      g.add_vertices(2);
    else
      g.apply(b);
    const GraphSnapshot<double> s = g.snapshot();
    const auto r = s.maintained_as<ProbeResult>("probe");
    ASSERT_TRUE(r) << "batch " << batch;
    ASSERT_EQ(r->n, s.num_vertices()) << "batch " << batch;
    ASSERT_EQ(r->arcs, snapshot_arcs(s)) << "batch " << batch;
  }
  const ViewStats st = g.view_stats().at(0);
  EXPECT_EQ(st.name, "probe");
  EXPECT_EQ(st.updates + st.recomputes, 151u);  // 150 batches and the registration
  if (c.policy == ViewPolicy::Incremental) {
    EXPECT_EQ(probe->recomputes, 1);
  }
  if (c.policy == ViewPolicy::Recompute) {
    EXPECT_EQ(probe->updates, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Policies, MaintainedViewRandom,
    ::testing::Values(Case{false, DuplicatePolicy::IgnoreIfPresent, ViewPolicy::Incremental},
                      Case{true, DuplicatePolicy::IgnoreIfPresent, ViewPolicy::Incremental},
                      Case{false, DuplicatePolicy::Combine, ViewPolicy::Incremental},
                      Case{true, DuplicatePolicy::Combine, ViewPolicy::Auto},
                      Case{true, DuplicatePolicy::Keep, ViewPolicy::Incremental},
                      Case{false, DuplicatePolicy::IgnoreIfPresent, ViewPolicy::Recompute},
                      Case{true, DuplicatePolicy::Keep, ViewPolicy::Auto}));

TEST(MaintainedView, NamesUnmaintainAndOldSnapshots) {
  DynamicGraph<double> g(4, {});
  EXPECT_FALSE(g.snapshot().maintained("probe"));
  g.maintain(std::make_shared<ProbeView>());
  EXPECT_THROW(g.maintain(std::make_shared<ProbeView>()), InvalidArgument);
  EXPECT_THROW(g.maintain(nullptr), InvalidArgument);
  const GraphSnapshot<double> before = g.snapshot();
  const std::vector<EdgeUpdate<double>> e = {{UpdateKind::Insert, 0, 1, 1.0}};
  g.insert_edges(e);
  EXPECT_EQ(before.maintained_as<ProbeResult>("probe")->arcs.size(), 0u);
  EXPECT_EQ(g.snapshot().maintained_as<ProbeResult>("probe")->arcs.size(), 2u);
  EXPECT_EQ(g.snapshot().maintained_names(), std::vector<std::string>{"probe"});
  EXPECT_TRUE(g.unmaintain("probe"));
  EXPECT_FALSE(g.unmaintain("probe"));
  EXPECT_FALSE(g.snapshot().maintained("probe"));
}

TEST(MaintainedView, NegativeWeightRefusedWholeBatch) {
  DynamicGraphOptions o;
  o.weighted = true;
  o.directed = true;
  DynamicGraph<double> g(4, o);
  g.maintain(std::make_shared<ProbeView>(true));
  UpdateBatch<double> b;
  b.insert(0, 1, 2.0);
  b.insert(1, 2, -1.0);
  EXPECT_THROW(g.check(b), InvalidArgument);
  EXPECT_THROW(g.apply(b), InvalidArgument);
  EXPECT_EQ(g.snapshot().num_edges(), 0u);
  UpdateBatch<double> nan;
  nan.insert(0, 1, std::nan(""));
  EXPECT_THROW(g.apply(nan), InvalidArgument);
  g.unmaintain("probe-strict");
  EXPECT_NO_THROW(g.apply(b));
  EXPECT_EQ(g.snapshot().num_edges(), 2u);
}

/// A view that fails from its second batch on: update() always, recompute() when told.
class FailingView final : public MaintainedView {
 public:
  explicit FailingView(bool recompute_fails) : recompute_fails_(recompute_fails) {}
  std::string name() const override { return "failing"; }
  void recompute(const ViewGraph&) override {
    if (recompute_fails_ && calls_++ > 0) throw std::runtime_error("recompute failed");
    ++recomputes;
  }
  void update(const ViewGraph&, const ViewGraph&, const ArcChanges&) override {
    throw std::runtime_error("update failed");
  }
  std::shared_ptr<const ViewResult> publish() override { return std::make_shared<ViewResult>(); }
  int recomputes = 0;

 private:
  bool recompute_fails_;
  int calls_ = 0;
};

TEST(MaintainedView, AFailingUpdateRecomputesAndAFailingViewIsDropped) {
  DynamicGraph<double> g(4, {});
  auto survivor = std::make_shared<FailingView>(false);
  g.maintain(survivor, ViewPolicy::Incremental);
  const std::vector<EdgeUpdate<double>> e = {{UpdateKind::Insert, 0, 1, 1.0}};
  BatchSummary s = g.insert_edges(e);
  EXPECT_TRUE(s.dropped_views.empty());
  EXPECT_EQ(survivor->recomputes, 2);  // registration, then the failed update
  EXPECT_TRUE(g.snapshot().maintained("failing"));
  g.unmaintain("failing");
  g.maintain(std::make_shared<FailingView>(true), ViewPolicy::Incremental);
  const std::vector<EdgeUpdate<double>> f = {{UpdateKind::Insert, 1, 2, 1.0}};
  s = g.insert_edges(f);
  ASSERT_EQ(s.dropped_views.size(), 1u);
  EXPECT_NE(s.dropped_views[0].find("failing: recompute failed"), std::string::npos);
  const GraphSnapshot<double> now = g.snapshot();
  EXPECT_EQ(now.version(), s.version);  // the batch was published all the same
  EXPECT_TRUE(now.has_edge(1, 2));
  EXPECT_FALSE(now.maintained("failing"));
  EXPECT_TRUE(g.view_stats().empty());
}

TEST(VersionedArray, FrozenCopiesStayAsTheyWere) {
  VersionedArray<int> a(10000, -1);
  const auto f0 = a.freeze();
  a.set(5, 7);
  a.set(9000, 8);
  const auto f1 = a.freeze();
  a.set(5, 9);
  a.grow(20000);
  a.set(19999, 3);
  const auto f2 = a.freeze();
  EXPECT_EQ(f0[5], -1);
  EXPECT_EQ(f1[5], 7);
  EXPECT_EQ(f1[9000], 8);
  EXPECT_EQ(f2[5], 9);
  EXPECT_EQ(f2.size(), 20000u);
  EXPECT_EQ(f2[19999], 3);
  EXPECT_EQ(f2[15000], -1);
  std::vector<int> v = f1.to_vector();
  EXPECT_EQ(v.size(), 10000u);
  EXPECT_EQ(v[5], 7);
  EXPECT_EQ(v[0], -1);
  a.assign({1, 2, 3});
  EXPECT_EQ(a.size(), 3u);
  EXPECT_EQ(a.freeze().to_vector(), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(f2[5], 9);
  EXPECT_EQ(VersionedArray<int>::Frozen()[3], 0);
}

}  // namespace
}  // namespace spgraph
