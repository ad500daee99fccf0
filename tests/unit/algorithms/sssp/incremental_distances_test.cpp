// SPDX-License-Identifier: Apache-2.0
// The maintained "bfs:S" and "sssp:S" views (algorithms/sssp/incremental_distances.hpp) against
// recomputations after EVERY batch: the published distances, reached and max_distance equal
// bfs() / sssp() on the snapshot exactly, and in the model test also a plain Dijkstra written
// here over the snapshot's arcs. Random streams mix inserts, erases (mostly of present arcs, so
// that tree arcs break) and re-weights (integer weights 0..9, zero included; multiples of 0.1,
// whose sums round, in two cases), directed and
// undirected, with Combine and Keep duplicates, self-loops, isolated and unreachable vertices,
// vertex growth by updates and by add_vertices; ViewPolicy::Incremental, so that the
// incremental path is what runs (checked through view_stats). Also: negative weights refused
// (the batch rejected whole, the snapshot and the answer unchanged; registration on a graph
// holding one fails), a bad source refused at registration, and a ~20K-vertex Kronecker graph
// with batches of 100-1000 updates, including erases of the source's own tree arcs. Seeds are
// printed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/sssp/incremental_distances.hpp"
#include "algorithms/sssp/sssp.hpp"
#include "engine/core/error.hpp"
#include "engine/dynamic_graph.hpp"
#include "engine/matrix.hpp"
#include "loaders/generators.hpp"

namespace spgraph {
namespace {

constexpr double kInf = kUnreachableDistance;

std::string view_name(bool hops, Vertex source) {
  return (hops ? "bfs:" : "sssp:") + std::to_string(source);
}

/// The answer a recomputation gives: bfs() levels or sssp() distances on the snapshot.
std::vector<double> recomputed(const GraphSnapshot<double>& s, Vertex source, bool hops) {
  if (!hops) return sssp(s, source).distance;
  const BfsResult r = bfs(s, source);
  std::vector<double> d(s.num_vertices());
  for (Vertex v = 0; v < s.num_vertices(); ++v)
    d[v] = r.level[v] == kUnreached ? kInf : double(r.level[v]);
  return d;
}

/// Dijkstra over the snapshot's arcs (weights ignored for hops), written here as the second
/// oracle of the model test: d[y] = min over arcs of d[x] + w, a binary heap, no shortcuts.
std::vector<double> dijkstra(const GraphSnapshot<double>& s, Vertex source, bool hops) {
  std::vector<double> d(s.num_vertices(), kInf);
  using Entry = std::pair<double, Vertex>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> q;
  d[source] = 0;
  q.push({0, source});
  while (!q.empty()) {
    const auto [k, x] = q.top();
    q.pop();
    if (k != d[x]) continue;
    s.for_each_neighbor(x, [&](Vertex y, double w) {
      const double nd = k + (hops ? 1.0 : w);
      if (nd < d[y]) {
        d[y] = nd;
        q.push({nd, y});
      }
    });
  }
  return d;
}

/// Checks the maintained answer on `s` against `want` (distances, reached, max_distance).
void expect_answer(const GraphSnapshot<double>& s, Vertex source, bool hops,
                   const std::vector<double>& want, const std::string& where) {
  const auto r = s.maintained_as<DistanceViewResult>(view_name(hops, source));
  ASSERT_TRUE(r) << where;
  ASSERT_EQ(r->source, source) << where;
  ASSERT_EQ(r->hops, hops) << where;
  ASSERT_EQ(r->distance.size(), s.num_vertices()) << where;
  const std::vector<double> got = r->distance.to_vector();
  Vertex reached = 0;
  double max_distance = 0;
  for (Vertex v = 0; v < s.num_vertices(); ++v) {
    ASSERT_EQ(got[v], want[v]) << where << ": vertex " << v;
    if (want[v] != kInf) {
      ++reached;
      max_distance = std::max(max_distance, want[v]);
    }
  }
  EXPECT_EQ(r->reached, reached) << where;
  EXPECT_EQ(r->max_distance, max_distance) << where;
}

/// A random vertex's random out-neighbour (an arc to erase or re-weight), or a random pair.
std::pair<Vertex, Vertex> present_arc(const GraphSnapshot<double>& s, std::mt19937_64& rng) {
  const Vertex n = s.num_vertices();
  for (int tries = 0; tries < 8; ++tries) {
    const Vertex u = Vertex(rng() % n);
    const Offset deg = s.degree(u);
    if (deg == 0) continue;
    Offset pick = rng() % deg, k = 0;
    Vertex v = u;
    s.for_each_neighbor(u, [&](Vertex c, double) {
      if (k++ == pick) v = c;
    });
    return {u, v};
  }
  return {Vertex(rng() % n), Vertex(rng() % n)};
}

/// A random weight: an integer 0..9, or (fractional) a multiple of 0.1 below 10, whose sums
/// round (both the view and sssp() add d[u] + w, so they must still agree exactly).
double random_weight(std::mt19937_64& rng, bool fractional) {
  return fractional ? double(rng() % 100) * 0.1 : double(rng() % 10);
}

/// A random batch of `size` updates over vertices [0, range): inserts (some self-loops),
/// erases and re-weights (mostly of present arcs).
UpdateBatch<double> random_batch(const GraphSnapshot<double>& s, std::mt19937_64& rng, int size,
                                 Vertex range, bool weighted, bool fractional = false) {
  UpdateBatch<double> b;
  for (int k = 0; k < size; ++k) {
    const int kind = int(rng() % 10);
    const double w = random_weight(rng, fractional);
    if (kind < 5) {
      const Vertex u = Vertex(rng() % range);
      const Vertex v = rng() % 16 == 0 ? u : Vertex(rng() % range);
      b.insert(u, v, w);
    } else {
      const auto [u, v] =
          rng() % 4 ? present_arc(s, rng) : std::pair{Vertex(rng() % range), Vertex(rng() % range)};
      if (kind < 8 || !weighted)
        b.erase(u, v);
      else
        b.assign(u, v, w);
    }
  }
  return b;
}

struct StreamCase {
  bool directed;
  bool weighted;
  DuplicatePolicy duplicates;
  bool hops;
  bool fractional = false;  ///< weights multiples of 0.1 rather than integers
};

std::string case_name(const ::testing::TestParamInfo<StreamCase>& i) {
  const StreamCase& c = i.param;
  return std::string(c.hops ? "Bfs" : "Sssp") + (c.directed ? "Directed" : "Undirected") +
         (c.weighted ? (c.fractional ? "Fractional" : "Weighted") : "Pattern") +
         duplicate_policy_name(c.duplicates);
}

class DistanceViewStream : public ::testing::TestWithParam<StreamCase> {};

// Random mixed batches from a small seed graph; the view follows every one of them.
TEST_P(DistanceViewStream, EqualsRecomputationAfterEveryBatch) {
  const StreamCase c = GetParam();
  for (std::uint64_t seed : {11u, 12u, 13u}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
    std::mt19937_64 rng(seed);
    DynamicGraphOptions o;
    o.directed = c.directed;
    o.weighted = c.weighted;
    o.duplicates = c.duplicates;
    DynamicGraph<double> g(40, o);
    const Vertex source = Vertex(seed % 5);
    const auto view = c.hops ? make_bfs_view(source) : make_sssp_view(source);
    // Weighted copies registered before the first batch here; KeepCopiesPresentAtRegistration
    // registers after them.
    const bool register_first = c.weighted && c.duplicates == DuplicatePolicy::Keep;
    if (register_first) g.maintain(view, ViewPolicy::Incremental);
    UpdateBatch<double> first;
    for (int k = 0; k < 60; ++k)
      first.insert(Vertex(rng() % 30), Vertex(rng() % 30), random_weight(rng, c.fractional));
    g.apply(first);  // vertices 30..39 stay isolated for now
    if (!register_first) g.maintain(view, ViewPolicy::Incremental);
    expect_answer(g.snapshot(), source, c.hops, recomputed(g.snapshot(), source, c.hops),
                  "registration");
    const int batches = 120;
    for (int batch = 0; batch < batches; ++batch) {
      const GraphSnapshot<double> before = g.snapshot();
      if (batch % 29 == 7) {
        g.add_vertices(3);
      } else {
        const Vertex range = Vertex(std::min<std::uint64_t>(before.num_vertices() + 2, 80));
        g.apply(random_batch(before, rng, 1 + int(rng() % 24), range, c.weighted, c.fractional));
      }
      const GraphSnapshot<double> s = g.snapshot();
      expect_answer(s, source, c.hops, recomputed(s, source, c.hops),
                    "batch " + std::to_string(batch));
      if (HasFatalFailure()) return;
    }
    const ViewStats st = g.view_stats().at(0);
    EXPECT_EQ(st.recomputes, 1u);
    EXPECT_EQ(st.updates, std::uint64_t(batches + register_first));
  }
}

INSTANTIATE_TEST_SUITE_P(
    Graphs, DistanceViewStream,
    ::testing::Values(StreamCase{false, true, DuplicatePolicy::IgnoreIfPresent, false},
                      StreamCase{true, true, DuplicatePolicy::IgnoreIfPresent, false},
                      StreamCase{false, true, DuplicatePolicy::Combine, false},
                      StreamCase{true, true, DuplicatePolicy::Combine, false},
                      StreamCase{true, true, DuplicatePolicy::Keep, false},
                      StreamCase{false, false, DuplicatePolicy::IgnoreIfPresent, false},
                      StreamCase{true, false, DuplicatePolicy::Keep, false},
                      StreamCase{false, true, DuplicatePolicy::IgnoreIfPresent, true},
                      StreamCase{true, true, DuplicatePolicy::Keep, true},
                      StreamCase{false, false, DuplicatePolicy::IgnoreIfPresent, true},
                      StreamCase{true, false, DuplicatePolicy::IgnoreIfPresent, true},
                      StreamCase{true, false, DuplicatePolicy::Keep, true},
                      StreamCase{false, true, DuplicatePolicy::IgnoreIfPresent, false, true},
                      StreamCase{true, true, DuplicatePolicy::Combine, false, true}),
    case_name);

// The model test: thousands of batches of one to four updates on a small graph, each checked
// against recomputation and the Dijkstra written here.
TEST(DistanceViewModel, ThousandsOfSmallBatches) {
  for (const bool hops : {false, true})
    for (const bool directed : {false, true}) {
      const std::uint64_t seed = 500 + 2 * std::uint64_t(hops) + std::uint64_t(directed);
      SCOPED_TRACE("seed " + std::to_string(seed));
      std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
      std::mt19937_64 rng(seed);
      DynamicGraphOptions o;
      o.directed = directed;
      o.weighted = true;
      o.duplicates = directed ? DuplicatePolicy::Keep : DuplicatePolicy::Combine;
      DynamicGraph<double> g(24, o);
      g.maintain(hops ? make_bfs_view(3) : make_sssp_view(3), ViewPolicy::Incremental);
      for (int batch = 0; batch < 2500; ++batch) {
        const GraphSnapshot<double> before = g.snapshot();
        const Vertex range = Vertex(24 + batch / 500);
        g.apply(random_batch(before, rng, 1 + int(rng() % 4), range, true));
        const GraphSnapshot<double> s = g.snapshot();
        const std::vector<double> want = dijkstra(s, 3, hops);
        ASSERT_EQ(want, recomputed(s, 3, hops)) << "batch " << batch;
        expect_answer(s, 3, hops, want, "batch " + std::to_string(batch));
        if (HasFatalFailure()) return;
      }
    }
}

// Undirected and directed weighted Kronecker graphs of 16K vertices, batches of 100-1000 mixed
// updates, one batch in three erasing half the source's arcs and every arc of some of its
// neighbours (whole subtrees are invalidated and repaired from their boundary).
TEST(DistanceViewModerate, KroneckerBatchesOfHundreds) {
  for (const bool directed : {false, true})
    for (const bool hops : {false, true}) {
      const std::uint64_t seed = 900 + std::uint64_t(directed);
      SCOPED_TRACE("seed " + std::to_string(seed));
      std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
      std::mt19937_64 rng(seed);
      Matrix<double> base = Matrix<double>::from_coo(
          with_weights(generate_kronecker(14, 8, seed, !directed), 20, seed));
      DynamicGraphOptions o;
      o.directed = directed;
      o.weighted = true;
      DynamicGraph<double> g(base, o);
      // A source in the big component: the vertex of largest degree.
      Vertex source = 0;
      for (Vertex v = 0; v < g.snapshot().num_vertices(); ++v)
        if (g.snapshot().degree(v) > g.snapshot().degree(source)) source = v;
      g.maintain(hops ? make_bfs_view(source) : make_sssp_view(source), ViewPolicy::Incremental);
      for (int batch = 0; batch < 12; ++batch) {
        const GraphSnapshot<double> before = g.snapshot();
        const Vertex n = before.num_vertices();
        UpdateBatch<double> b = random_batch(before, rng, 100 + int(rng() % 900), n, true);
        if (batch % 3 != 0) {
          // Cuts near the source: mild ones the repair takes, heavy ones past its budget.
          const bool heavy = batch % 3 == 1;
          std::vector<Vertex> cut;
          before.for_each_neighbor(source, [&](Vertex v, double) {
            if (rng() % (heavy ? 2 : 16) == 0) b.erase(source, v);
            if (rng() % (heavy ? 8 : 64) == 0) cut.push_back(v);
          });
          for (Vertex u : cut)
            before.for_each_neighbor(u, [&](Vertex v, double) { b.erase(u, v); });
        }
        g.apply(b);
        const GraphSnapshot<double> s = g.snapshot();
        expect_answer(s, source, hops, recomputed(s, source, hops),
                      "batch " + std::to_string(batch));
        if (HasFatalFailure()) return;
      }
      EXPECT_EQ(g.view_stats().at(0).updates, 12u);
    }
}

TEST(DistanceView, NegativeWeightsRefused) {
  DynamicGraphOptions o;
  o.directed = true;
  o.weighted = true;
  DynamicGraph<double> g(5, o);
  UpdateBatch<double> first;
  first.insert(0, 1, 2.0);
  first.insert(1, 2, 3.0);
  g.apply(first);
  g.maintain(make_sssp_view(0), ViewPolicy::Incremental);
  UpdateBatch<double> bad;
  bad.insert(2, 3, 1.0);
  bad.assign(0, 1, -1.0);
  EXPECT_THROW(g.apply(bad), InvalidArgument);
  UpdateBatch<double> nan;
  nan.insert(2, 3, std::nan(""));
  EXPECT_THROW(g.apply(nan), InvalidArgument);
  const GraphSnapshot<double> s = g.snapshot();
  EXPECT_EQ(s.num_edges(), 2u);
  EXPECT_FALSE(s.has_edge(2, 3));
  expect_answer(s, 0, false, {0, 2, 5, kInf, kInf}, "after the refused batches");
  // A BFS view ignores weights and refuses nothing.
  g.unmaintain("sssp:0");
  g.maintain(make_bfs_view(0), ViewPolicy::Incremental);
  g.apply(bad);
  expect_answer(g.snapshot(), 0, true, {0, 1, 2, 3, kInf}, "bfs with a negative weight");
  // Registration on a graph holding a negative weight fails, even where no path reaches it.
  EXPECT_THROW(g.maintain(make_sssp_view(4)), InvalidArgument);
  EXPECT_FALSE(g.snapshot().maintained("sssp:4"));
}

TEST(DistanceView, SourceOutsideTheGraphRefused) {
  DynamicGraph<double> g(3, {});
  try {
    g.maintain(make_sssp_view(3));
    FAIL() << "registered a view from a source outside the graph";
  } catch (const IndexOutOfBounds& e) {
    EXPECT_NE(std::string(e.what()).find("source 3"), std::string::npos) << e.what();
  }
  EXPECT_THROW(g.maintain(make_bfs_view(7)), IndexOutOfBounds);
  EXPECT_TRUE(g.snapshot().maintained_names().empty());
  // Once the graph grows, the same source is fine.
  g.add_vertices(1);
  g.maintain(make_bfs_view(3));
  expect_answer(g.snapshot(), 3, true, {kInf, kInf, kInf, 0}, "isolated source");
}

TEST(DistanceView, NamesAndFlags) {
  const auto b = make_bfs_view(12);
  const auto s = make_sssp_view(7);
  EXPECT_EQ(b->name(), "bfs:12");
  EXPECT_EQ(s->name(), "sssp:7");
  EXPECT_FALSE(b->needs_nonnegative_weights());
  EXPECT_TRUE(s->needs_nonnegative_weights());
  EXPECT_TRUE(b->needs_in_arcs());
  EXPECT_TRUE(s->needs_in_arcs());
}

// A path whose middle arc is erased and re-inserted heavier: the far half is invalidated and
// repaired through the only other route; old snapshots keep their answers.
TEST(DistanceView, TreeArcDeletionRepairsFromTheBoundary) {
  DynamicGraphOptions o;
  o.weighted = true;
  DynamicGraph<double> g(7, o);
  UpdateBatch<double> b;
  for (Vertex v = 0; v + 1 < 5; ++v) b.insert(v, v + 1, 1.0);  // 0-1-2-3-4
  b.insert(0, 5, 4.0);
  b.insert(5, 4, 4.0);  // 0-5-4 costs 8
  g.apply(b);
  g.maintain(make_sssp_view(0), ViewPolicy::Incremental);
  const GraphSnapshot<double> s0 = g.snapshot();
  expect_answer(s0, 0, false, {0, 1, 2, 3, 4, 4, kInf}, "path");
  UpdateBatch<double> cut;
  cut.erase(1, 2);
  g.apply(cut);
  expect_answer(g.snapshot(), 0, false, {0, 1, 10, 9, 8, 4, kInf}, "cut");
  UpdateBatch<double> back;
  back.insert(1, 2, 0.0);
  back.insert(4, 6, 0.0);
  g.apply(back);
  expect_answer(g.snapshot(), 0, false, {0, 1, 1, 2, 3, 4, 3}, "zero-weight arcs");
  expect_answer(s0, 0, false, {0, 1, 2, 3, 4, 4, kInf}, "the old snapshot");
}

// Engine issues this view found (engine/dynamic_graph_views.hpp), now fixed there: a weight
// changed by an erase and an insert of the same arc in one batch under IgnoreIfPresent was in
// none of ArcChanges' lists (presence did not change, and inserts were named as re-weights only
// under Combine and Keep) ...
TEST(DistanceView, EraseThenInsertInOneBatchReweights) {
  DynamicGraphOptions o;
  o.weighted = true;
  DynamicGraph<double> g(3, o);
  UpdateBatch<double> b;
  b.insert(0, 1, 5.0);
  b.insert(1, 2, 1.0);
  g.apply(b);
  g.maintain(make_sssp_view(0), ViewPolicy::Incremental);
  UpdateBatch<double> lighter;
  lighter.erase(0, 1);
  lighter.insert(0, 1, 1.0);
  g.apply(lighter);
  expect_answer(g.snapshot(), 0, false, {0, 1, 2}, "lighter");
  UpdateBatch<double> heavier;
  heavier.erase(0, 1);
  heavier.insert(0, 1, 7.0);
  g.apply(heavier);
  expect_answer(g.snapshot(), 0, false, {0, 7, 8}, "heavier");
}

// ... and a directed Keep graph registered with copies present got in-arcs built from
// to_csr(), which folds the copies (their weights summed), so in-arcs and out-arcs disagreed.
TEST(DistanceView, KeepCopiesPresentAtRegistration) {
  DynamicGraphOptions o;
  o.directed = true;
  o.weighted = true;
  o.duplicates = DuplicatePolicy::Keep;
  DynamicGraph<double> g(4, o);
  UpdateBatch<double> b;
  b.insert(0, 1, 1.0);
  b.insert(1, 2, 9.0);
  b.insert(1, 2, 1.0);
  b.insert(0, 3, 1.0);
  b.insert(3, 2, 5.0);
  g.apply(b);
  g.maintain(make_sssp_view(0), ViewPolicy::Incremental);
  expect_answer(g.snapshot(), 0, false, {0, 1, 2, 1}, "registration");
  UpdateBatch<double> cut;
  cut.erase(0, 1);  // 2 (at 1 + 1 through the lighter copy) must fall back to 0 -> 3 -> 2
  g.apply(cut);
  expect_answer(g.snapshot(), 0, false, {0, kInf, 6, 1}, "cut");
}

}  // namespace
}  // namespace spgraph
