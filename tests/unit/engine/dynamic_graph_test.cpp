// SPDX-License-Identifier: Apache-2.0
// DynamicGraph semantics, single-threaded: random mixed batches on undirected and directed,
// weighted and unweighted graphs checked after every batch against a std::map model (counts,
// degrees, lookups, neighbours, the sorted matrix), batch summaries, vertex growth and its
// rejection, bad batches changing nothing, snapshot isolation, BFS on snapshots against BFS on
// their matrix, and the incrementally maintained triangle count against brute force. Seeds
// are printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/triangles/triangles.hpp"
#include "engine/dynamic_graph.hpp"

namespace spgraph {
namespace {

using Key = std::pair<Vertex, Vertex>;

/// Arcs of the model graph with their weights (both arcs of an undirected edge).
struct GraphModel {
  bool directed = false;
  bool weighted = false;
  DuplicatePolicy dup = DuplicatePolicy::IgnoreIfPresent;
  Vertex n = 0;
  std::map<Key, double> arcs;

  Key canon(Vertex u, Vertex v) const { return directed || u <= v ? Key{u, v} : Key{v, u}; }
  void set(Vertex u, Vertex v, double w) {
    arcs[{u, v}] = w;
    if (!directed) arcs[{v, u}] = w;
  }
  void drop(Vertex u, Vertex v) {
    arcs.erase({u, v});
    if (!directed) arcs.erase({v, u});
  }
  /// Applies a batch in order; returns the expected summary counts.
  BatchSummary apply(const std::vector<EdgeUpdate<double>>& ups) {
    BatchSummary s;
    std::map<Key, bool> initial;
    for (const auto& e : ups) {
      n = std::max<Vertex>(n, std::max(e.u, e.v) + 1);
      const Key k = canon(e.u, e.v);
      if (!initial.count(k)) initial[k] = arcs.count(k) > 0;
      const bool present = arcs.count(k) > 0;
      const double w = weighted ? e.w : 1.0;
      switch (e.kind) {
        case UpdateKind::Insert:
          if (!present)
            set(e.u, e.v, w);
          else if (dup == DuplicatePolicy::Combine && weighted) {
            set(e.u, e.v, arcs[k] + w);
            ++s.combined;
          } else {
            ++s.ignored;
          }
          break;
        case UpdateKind::Erase:
          if (present)
            drop(e.u, e.v);
          else
            ++s.missing;
          break;
        case UpdateKind::Assign:
          if (present) {
            set(e.u, e.v, w);
            ++s.assigned;
          } else {
            ++s.missing;
          }
          break;
      }
    }
    for (const auto& [k, before] : initial) {
      const bool after = arcs.count(k) > 0;
      s.inserted += !before && after;
      s.erased += before && !after;
    }
    return s;
  }
  Offset edges() const {
    Offset e = 0;
    for (const auto& [k, w] : arcs) e += directed || k.first <= k.second;
    return e;
  }
  std::uint64_t triangles() const {
    std::vector<std::set<Vertex>> adj(n);
    for (const auto& [k, w] : arcs)
      if (k.first != k.second) adj[k.first].insert(k.second);
    std::uint64_t t = 0;
    for (Vertex u = 0; u < n; ++u)
      for (Vertex v : adj[u])
        if (v > u)
          for (Vertex w : adj[v])
            if (w > v && adj[u].count(w)) ++t;
    return t;
  }
};

void check_snapshot(const GraphSnapshot<double>& s, const GraphModel& m) {
  ASSERT_EQ(s.num_vertices(), m.n);
  ASSERT_EQ(s.num_arcs(), m.arcs.size());
  ASSERT_EQ(s.num_edges(), m.edges());
  std::vector<Offset> deg(m.n, 0);
  for (const auto& [k, w] : m.arcs) ++deg[k.first];
  for (Vertex v = 0; v < m.n; ++v) {
    ASSERT_EQ(s.degree(v), deg[v]) << "vertex " << v;
    std::vector<std::pair<Vertex, double>> nb;
    s.for_each_neighbor(v, [&](Vertex u, double w) { nb.push_back({u, w}); });
    std::sort(nb.begin(), nb.end());
    std::vector<std::pair<Vertex, double>> want;
    for (auto it = m.arcs.lower_bound({v, 0}); it != m.arcs.end() && it->first.first == v; ++it)
      want.push_back({it->first.second, it->second});
    ASSERT_EQ(nb, want) << "vertex " << v;
  }
  for (const auto& [k, w] : m.arcs) {
    ASSERT_TRUE(s.has_edge(k.first, k.second));
    ASSERT_EQ(s.weight(k.first, k.second), std::optional<double>(w));
  }
  const Matrix<double>& a = s.matrix();
  ASSERT_EQ(a.nvals(), m.arcs.size());
  for (const auto& [k, w] : m.arcs) ASSERT_EQ(a.get(k.first, k.second), std::optional<double>(w));
}

struct Case {
  bool directed;
  bool weighted;
  DuplicatePolicy dup;
};

class DynamicGraphModel : public ::testing::TestWithParam<Case> {};

TEST_P(DynamicGraphModel, RandomBatchesMatchTheModelAfterEveryBatch) {
  const Case c = GetParam();
  for (std::uint64_t seed : {21u, 22u}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    DynamicGraphOptions o;
    o.directed = c.directed;
    o.weighted = c.weighted;
    o.duplicates = c.dup;
    o.format.tombstone_threshold = 0.1;
    o.format.growth = 1.0;
    DynamicGraph<double> g(20, o);
    GraphModel m{c.directed, c.weighted, c.dup, 20, {}};
    std::vector<std::pair<GraphSnapshot<double>, GraphModel>> held;
    for (int b = 0; b < 60; ++b) {
      SCOPED_TRACE("batch " + std::to_string(b));
      UpdateBatch<double> batch;
      const int len = int(rng() % 200);
      for (int k = 0; k < len; ++k) {
        const Vertex limit = m.n + (b % 10 == 0 ? 5 : 0);  // sometimes new vertices
        const Vertex u = Vertex(rng() % limit), v = rng() % 10 == 0 ? u : Vertex(rng() % limit);
        const double w = double(rng() % 7 + 1);
        const int r = int(rng() % 10);
        if (r < 6)
          batch.insert(u, v, w);
        else if (r < 9 || !c.weighted)
          batch.erase(u, v);
        else
          batch.assign(u, v, w);
      }
      const BatchSummary want = m.apply(batch.updates);
      const BatchSummary got = g.apply(batch);
      EXPECT_EQ(got.inserted, want.inserted);
      EXPECT_EQ(got.erased, want.erased);
      EXPECT_EQ(got.ignored, want.ignored);
      EXPECT_EQ(got.combined, want.combined);
      EXPECT_EQ(got.assigned, want.assigned);
      EXPECT_EQ(got.missing, want.missing);
      EXPECT_EQ(got.version, std::uint64_t(b + 1));
      const GraphSnapshot<double> s = g.snapshot();
      EXPECT_EQ(s.version(), std::uint64_t(b + 1));
      check_snapshot(s, m);
      if (b % 7 == 0) held.push_back({s, m});
      if (::testing::Test::HasFatalFailure()) return;
    }
    for (const auto& [s, model] : held) check_snapshot(s, model);
  }
}

INSTANTIATE_TEST_SUITE_P(Graphs, DynamicGraphModel,
                         ::testing::Values(Case{false, false, DuplicatePolicy::IgnoreIfPresent},
                                           Case{false, false, DuplicatePolicy::Combine},
                                           Case{false, true, DuplicatePolicy::IgnoreIfPresent},
                                           Case{false, true, DuplicatePolicy::Combine},
                                           Case{true, false, DuplicatePolicy::IgnoreIfPresent},
                                           Case{true, true, DuplicatePolicy::Combine}),
                         [](const auto& info) {
                           const Case& c = info.param;
                           return std::string(c.directed ? "directed" : "undirected") +
                                  (c.weighted ? "_weighted_" : "_pattern_") +
                                  duplicate_policy_name(c.dup);
                         });

TEST(DynamicGraph, ADirectedMultigraphKeepsEveryCopy) {
  DynamicGraphOptions o;
  o.directed = true;
  o.duplicates = DuplicatePolicy::Keep;
  DynamicGraph<bool> g(3, o);
  const std::vector<EdgeUpdate<bool>> e{{UpdateKind::Insert, 0, 1, true},
                                        {UpdateKind::Insert, 0, 1, true},
                                        {UpdateKind::Insert, 1, 2, true}};
  EXPECT_EQ(g.insert_edges(e).inserted, 3u);
  EXPECT_EQ(g.snapshot().num_edges(), 3u);
  EXPECT_EQ(g.snapshot().degree(0), 2u);
  const std::vector<std::pair<Vertex, Vertex>> er{{0, 1}};
  EXPECT_EQ(g.erase_edges(er).erased, 2u);
  EXPECT_EQ(g.snapshot().num_edges(), 1u);
}

TEST(DynamicGraph, OptionsThatCannotWorkAreRejected) {
  DynamicGraphOptions keep;
  keep.duplicates = DuplicatePolicy::Keep;
  EXPECT_THROW(DynamicGraph<bool>(4, keep), InvalidArgument);
  DynamicGraphOptions tri;
  tri.directed = true;
  tri.triangle_counter = std::make_shared<IncrementalTriangles>();
  EXPECT_THROW(DynamicGraph<bool>(4, tri), InvalidArgument);
}

TEST(DynamicGraph, VertexGrowthCanBeRefusedAndBadBatchesChangeNothing) {
  DynamicGraphOptions o;
  o.growth = VertexGrowth::Reject;
  DynamicGraph<bool> g(5, o);
  const std::vector<EdgeUpdate<bool>> ok{{UpdateKind::Insert, 0, 4, true}};
  g.insert_edges(ok);
  const std::vector<EdgeUpdate<bool>> bad{{UpdateKind::Insert, 1, 2, true},
                                          {UpdateKind::Insert, 3, 5, true}};
  EXPECT_THROW(g.insert_edges(bad), IndexOutOfBounds);
  UpdateBatch<bool> reweight;
  reweight.insert(1, 2);
  reweight.assign(0, 4, true);
  EXPECT_THROW(g.apply(reweight), InvalidArgument);  // an unweighted graph has no weights
  const GraphSnapshot<bool> s = g.snapshot();
  EXPECT_EQ(s.version(), 1u);
  EXPECT_EQ(s.num_edges(), 1u);
  EXPECT_EQ(s.num_vertices(), 5u);
  EXPECT_THROW(s.degree(5), IndexOutOfBounds);
  // Growth on: an id beyond n adds vertices up to it.
  DynamicGraph<bool> grows(2);
  const std::vector<EdgeUpdate<bool>> far{{UpdateKind::Insert, 0, 9, true}};
  EXPECT_EQ(grows.insert_edges(far).vertices, 10u);
  EXPECT_EQ(grows.snapshot().num_vertices(), 10u);
  EXPECT_EQ(grows.add_vertices(5).vertices, 15u);
  EXPECT_EQ(grows.snapshot().degree(14), 0u);
}

TEST(DynamicGraph, ABaseMatrixIsSymmetrizedForAnUndirectedGraph) {
  // Arcs 0->1 (w 2), 1->0 (w 5), 1->2 (w 3), 2->2 (w 7).
  const std::vector<Vertex> r{0, 1, 1, 2}, c{1, 0, 2, 2};
  const std::vector<double> w{2, 5, 3, 7};
  const Matrix<double> base = Matrix<double>::build(3, 3, r, c, w);
  DynamicGraphOptions o;
  o.weighted = true;
  const DynamicGraph<double> g(base, o);
  const GraphSnapshot<double> s = g.snapshot();
  EXPECT_EQ(s.num_edges(), 3u);  // {0,1}, {1,2}, {2,2}
  EXPECT_EQ(s.num_arcs(), 5u);
  EXPECT_EQ(s.self_loops(), 1u);
  EXPECT_EQ(s.weight(1, 0), std::optional<double>(2));  // A(min, max) wins
  EXPECT_EQ(s.weight(2, 1), std::optional<double>(3));
  o.directed = true;
  const DynamicGraph<double> d(base, o);
  EXPECT_EQ(d.snapshot().num_edges(), 4u);
  EXPECT_EQ(d.snapshot().weight(1, 0), std::optional<double>(5));
}

TEST(DynamicGraph, BfsOnASnapshotMatchesBfsOnItsMatrix) {
  for (bool directed : {false, true}) {
    std::mt19937_64 rng(31 + directed);
    DynamicGraphOptions o;
    o.directed = directed;
    DynamicGraph<bool> g(3000, o);
    for (int b = 0; b < 5; ++b) {
      UpdateBatch<bool> batch;
      for (int k = 0; k < 4000; ++k) batch.insert(Vertex(rng() % 3000), Vertex(rng() % 3000));
      for (int k = 0; k < 500; ++k) batch.erase(Vertex(rng() % 3000), Vertex(rng() % 3000));
      g.apply(batch);
    }
    const GraphSnapshot<bool> s = g.snapshot();
    for (Vertex src : {0u, 17u, 2999u}) {
      BfsOptions bo;
      bo.undirected = !directed;
      const BfsResult want = bfs(s.matrix(), src, bo);
      const BfsResult got = bfs(s, src);
      EXPECT_EQ(got.level, want.level) << "source " << src << (directed ? " directed" : "");
      EXPECT_EQ(got.reached, want.reached);
      for (Vertex v = 0; v < 3000; ++v)
        if (got.parent[v] != kUnreached && got.parent[v] != v) {
          ASSERT_TRUE(s.has_edge(got.parent[v], v));
          ASSERT_EQ(got.level[got.parent[v]] + 1, got.level[v]);
        }
    }
  }
}

TEST(DynamicGraph, TheTriangleCountIsMaintainedExactly) {
  for (std::uint64_t seed : {41u, 42u, 43u}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    // Start from a base graph, so initial() is exercised too.
    std::vector<Vertex> r, c;
    for (int k = 0; k < 300; ++k) {
      r.push_back(Vertex(rng() % 60));
      c.push_back(Vertex(rng() % 60));
    }
    const Matrix<bool> base = Matrix<bool>::build_pattern(60, 60, r, c);
    // Seed 43 starts counting late (track_triangles after 10 batches), as a stream does at its
    // first triangle query.
    const bool late = seed == 43;
    DynamicGraphOptions o;
    if (!late) o.triangle_counter = std::make_shared<IncrementalTriangles>();
    DynamicGraph<bool> g(base, o);
    GraphModel m;
    m.n = 60;
    for (std::size_t k = 0; k < r.size(); ++k) m.set(r[k], c[k], 1.0);
    if (!late) {
      ASSERT_EQ(g.snapshot().triangles(), std::optional<std::int64_t>(m.triangles()));
    }
    for (int b = 0; b < 40; ++b) {
      if (late && b < 10) {
        EXPECT_FALSE(g.snapshot().triangles().has_value());
      }
      if (late && b == 10) {
        const std::uint64_t version = g.snapshot().version();
        g.track_triangles(std::make_shared<IncrementalTriangles>());
        EXPECT_EQ(g.snapshot().version(), version) << "tracking publishes no new version";
        ASSERT_EQ(g.snapshot().triangles(), std::optional<std::int64_t>(m.triangles()));
      }
      UpdateBatch<bool> batch;
      std::vector<EdgeUpdate<double>> mirror;
      const int len = int(rng() % 120);
      for (int k = 0; k < len; ++k) {
        // A small vertex range makes batches that change several edges of one triangle.
        const Vertex u = Vertex(rng() % 70), v = Vertex(rng() % 70);
        const bool ins = rng() % 3 != 0;
        if (ins)
          batch.insert(u, v);
        else
          batch.erase(u, v);
        mirror.push_back({ins ? UpdateKind::Insert : UpdateKind::Erase, u, v, 1.0});
      }
      const std::uint64_t before = m.triangles();
      m.apply(mirror);
      const BatchSummary s = g.apply(batch);
      if (late && b < 10) continue;
      EXPECT_EQ(s.triangle_delta, std::int64_t(m.triangles()) - std::int64_t(before));
      ASSERT_EQ(g.snapshot().triangles(), std::optional<std::int64_t>(m.triangles()))
          << "batch " << b;
    }
  }
}

// Batches large enough for every parallel path (packing, the radix-sorted batch order, the
// parallel row pass) on an undirected pattern graph, whose mirrored arcs are replayed from the
// canonical arcs' change log: after each batch the arcs must be exactly the model's edges in
// both directions, and the counts the model's. Batches mix duplicates, self-loops, re-inserts
// and erases of edges inserted earlier in the same batch.
TEST(DynamicGraph, LargeUndirectedPatternBatchesKeepBothArcsOfEveryEdge) {
  std::mt19937_64 rng(77);
  const Vertex n = 3000;
  DynamicGraph<bool> g(n, DynamicGraphOptions{});
  std::set<Key> edges;  // (min, max)
  for (int b = 0; b < 6; ++b) {
    SCOPED_TRACE("batch " + std::to_string(b));
    UpdateBatch<bool> batch;
    Offset inserted = 0, erased = 0, ignored = 0, missing = 0;
    std::set<Key> state = edges;
    const bool mixed = b >= 2;
    for (int k = 0; k < 120000; ++k) {
      // Skewed ids: a few rows get thousands of updates, as Kronecker rows do.
      const Vertex u = Vertex(rng() % 8 == 0 ? rng() % 16 : rng() % n);
      const Vertex v = Vertex(rng() % 50 == 0 ? u : rng() % n);
      const Key e{std::min(u, v), std::max(u, v)};
      if (mixed && rng() % 3 == 0) {
        batch.erase(u, v);
        missing += state.erase(e) == 0;
      } else {
        batch.insert(u, v);
        ignored += !state.insert(e).second;
      }
    }
    // Inserted and erased count net changes over the batch (an edge erased and inserted again
    // in one batch is neither); ignored and missing count updates.
    for (const Key& e : state) inserted += edges.count(e) == 0;
    for (const Key& e : edges) erased += state.count(e) == 0;
    const BatchSummary got = g.apply(batch);
    edges = state;
    EXPECT_EQ(got.inserted, inserted);
    EXPECT_EQ(got.erased, erased);
    EXPECT_EQ(got.ignored, ignored);
    EXPECT_EQ(got.missing, missing);
    const GraphSnapshot<bool> s = g.snapshot();
    Offset arcs = 0;
    for (const Key& e : edges) arcs += e.first == e.second ? 1 : 2;
    ASSERT_EQ(s.num_arcs(), arcs);
    ASSERT_EQ(s.num_edges(), edges.size());
    std::set<Key> seen;
    for (Vertex v = 0; v < n; ++v)
      s.for_each_neighbor(v, [&](Vertex u, bool) {
        ASSERT_TRUE(seen.insert({v, u}).second) << "arc (" << v << ", " << u << ") twice";
        ASSERT_TRUE(edges.count({std::min(u, v), std::max(u, v)}))
            << "arc (" << v << ", " << u << ") is no edge of the model";
      });
    ASSERT_EQ(seen.size(), arcs);
  }
}

}  // namespace
}  // namespace spgraph
