// SPDX-License-Identifier: Apache-2.0
// The maintained similarity kNN view (algorithms/knn/incremental_knn.hpp) on DynamicGraph,
// always through ViewPolicy::Incremental so that update() is what runs. After every batch each
// view's published answer is checked against two oracles: similarity_knn() on the snapshot's
// matrix exactly as the stream's `? knn` query computes it (tools/spgraph/snapshot_knn.hpp),
// and, on the small graphs, the brute-force set-intersection oracle of the kNN tests
// (knn_oracle.hpp, networkx's formulas, sharing no code with the view). Ids must match exactly,
// scores to 1e-12 relative.
// Cases: random mixed streams (inserts, erases, re-weights), directed and undirected, every
// duplicate policy (copies under Keep), self-loops, isolated query vertices, growth by updates
// and add_vertices, every measure and several k, many views on one graph, a view registered
// mid-stream; hand-made graphs for the refresh condition (far changes leave `refreshes`
// unchanged, two-hop ones bump it, per measure) and for copies; a model test of thousands of
// small batches; a Kronecker graph of 16K vertices growing to 20K under batches of 100-1000.
// Seeds are printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "algorithms/knn/incremental_knn.hpp"
#include "engine/core/error.hpp"
#include "engine/dynamic_graph.hpp"
#include "loaders/generators.hpp"
#include "tests/unit/algorithms/knn/knn_oracle.hpp"
#include "tools/spgraph/snapshot_knn.hpp"

namespace spgraph {
namespace {

using Snapshot = GraphSnapshot<double>;

struct Query {
  Vertex u;
  std::size_t k;
  SimilarityMeasure m;
  std::string name() const { return knn_view_name(u, k, m); }
};

/// The stream's answer for q on s (cli::snapshot_knn, the measure found by its CLI name).
KnnResult stream_answer(const Snapshot& s, const Query& q) {
  std::string names;
  const cli::SnapshotKnnMeasure* m = cli::find_knn_measure(similarity_measure_name(q.m), names);
  EXPECT_NE(m, nullptr);
  return cli::snapshot_knn(s, q.u, q.k, *m);
}

/// The brute-force oracle over the snapshot's arcs (copies folded by its sets).
testing::knn::SimilarityOracle brute_oracle(const Snapshot& s) {
  std::vector<testing::knn::Arc> arcs;
  for (Vertex x = 0; x < s.num_vertices(); ++x)
    s.for_each_neighbor(x, [&](Vertex y, double) { arcs.push_back({x, y, 1.0}); });
  return testing::knn::SimilarityOracle(s.num_vertices(), arcs, Neighborhood::Out);
}

void expect_scores(const std::vector<double>& got, const std::vector<double>& want,
                   const std::string& where) {
  ASSERT_EQ(got.size(), want.size()) << where;
  for (std::size_t i = 0; i < got.size(); ++i)
    EXPECT_NEAR(got[i], want[i], 1e-12 * std::max(1.0, std::abs(want[i]))) << where << " #" << i;
}

/// The view's answer on s equals the stream's (and the brute-force oracle's, when given).
void expect_view_matches(const Snapshot& s, const Query& q, const std::string& where,
                         const testing::knn::SimilarityOracle* brute = nullptr) {
  const std::string at = where + " view " + q.name();
  const auto r = s.maintained_as<KnnViewResult>(q.name());
  ASSERT_TRUE(r) << at;
  EXPECT_EQ(r->vertex, q.u) << at;
  EXPECT_EQ(r->k, q.k) << at;
  EXPECT_EQ(r->measure, q.m) << at;
  const KnnResult want = stream_answer(s, q);
  const auto ids = want.ids_of(0);
  const auto scores = want.scores_of(0);
  ASSERT_EQ(r->ids, std::vector<Vertex>(ids.begin(), ids.end())) << at;
  expect_scores(r->scores, std::vector<double>(scores.begin(), scores.end()), at);
  if (!brute) return;
  SimilarityKnnOptions o;
  o.measure = q.m;
  std::vector<testing::knn::Scored> all = brute->answers(q.u, o);
  if (all.size() > q.k) all.resize(q.k);
  std::vector<Vertex> bids;
  std::vector<double> bscores;
  for (const auto& a : all) {
    bids.push_back(a.id);
    bscores.push_back(a.score);
  }
  ASSERT_EQ(r->ids, bids) << at << " (brute force)";
  expect_scores(r->scores, bscores, at + " (brute force)");
}

std::uint64_t refreshes_of(const Snapshot& s, const Query& q) {
  const auto r = s.maintained_as<KnnViewResult>(q.name());
  return r ? r->refreshes : 0;
}

/// Random mixed batches: inserts (self-loops and repeats included), erases of arcs inserted
/// earlier (and of random pairs), re-weights on weighted graphs, endpoints below `range`.
class StreamMaker {
 public:
  StreamMaker(std::uint64_t seed, bool weighted) : rng_(seed), weighted_(weighted) {}
  UpdateBatch<double> batch(Vertex range, std::size_t size) {
    UpdateBatch<double> b;
    for (std::size_t i = 0; i < size; ++i) {
      const unsigned kind = unsigned(rng_() % 20);
      const double w = double(1 + rng_() % 9);
      if (kind < 9 || pool_.empty()) {
        const Vertex u = Vertex(rng_() % range);
        const Vertex v = rng_() % 13 == 0 ? u : Vertex(rng_() % range);
        b.insert(u, v, w);
        pool_.push_back({u, v});
      } else if (kind < 17) {
        const std::size_t at = rng_() % pool_.size();
        b.erase(pool_[at].first, pool_[at].second);
        pool_[at] = pool_.back();
        pool_.pop_back();
      } else if (kind < 18 || !weighted_) {
        b.erase(Vertex(rng_() % range), Vertex(rng_() % range));
      } else {
        const auto& a = pool_[rng_() % pool_.size()];
        b.assign(a.first, a.second, w);
      }
    }
    return b;
  }
  /// Arcs present from the start, for erases to pick.
  void add_to_pool(Vertex u, Vertex v) { pool_.push_back({u, v}); }
  std::mt19937_64& rng() { return rng_; }

 private:
  std::mt19937_64 rng_;
  bool weighted_;
  std::vector<std::pair<Vertex, Vertex>> pool_;
};

constexpr SimilarityMeasure kMeasures[] = {
    SimilarityMeasure::CommonNeighbors, SimilarityMeasure::Jaccard,
    SimilarityMeasure::Cosine,          SimilarityMeasure::Overlap,
    SimilarityMeasure::AdamicAdar,      SimilarityMeasure::ResourceAllocation};

struct StreamCase {
  const char* label;
  bool directed;
  bool weighted;
  DuplicatePolicy dup;
};

void PrintTo(const StreamCase& c, std::ostream* os) {
  *os << c.label;
}

class KnnViewStream : public ::testing::TestWithParam<StreamCase> {};

TEST_P(KnnViewStream, EqualsSimilarityKnnAfterEveryBatch) {
  const StreamCase c = GetParam();
  const std::uint64_t seed =
      9100 + std::uint64_t(c.directed) * 17 + std::uint64_t(c.dup) * 5 + std::uint64_t(c.weighted);
  std::cout << c.label << ": seed " << seed << "\n";
  constexpr Vertex n0 = 36;
  DynamicGraphOptions o;
  o.directed = c.directed;
  o.weighted = c.weighted;
  o.duplicates = c.dup;
  DynamicGraph<double> g(n0, o);
  StreamMaker stream(seed, c.weighted);
  g.apply(stream.batch(n0 - 4, 90));  // the last 4 vertices stay isolated for a while
  std::vector<Query> queries;
  for (SimilarityMeasure m : kMeasures) {
    queries.push_back({0, 3, m});
    queries.push_back({5, 10, m});
    queries.push_back({n0 - 1, 2, m});  // isolated at registration
  }
  for (const Query& q : queries) g.maintain(make_knn_view(q.u, q.k, q.m), ViewPolicy::Incremental);
  for (int batch = 0; batch < 160; ++batch) {
    const Vertex range = n0 - 4 + Vertex(batch / 16);  // reaches the isolated ones, then grows
    if (batch % 41 == 40)
      g.add_vertices(2);
    else
      g.apply(stream.batch(range, 1 + stream.rng()() % 10));
    if (batch == 70) {  // registered on a graph that may hold copies by now
      queries.push_back({7, 4, SimilarityMeasure::Jaccard});
      queries.push_back({7, 6, SimilarityMeasure::AdamicAdar});
      g.maintain(make_knn_view(7, 4, SimilarityMeasure::Jaccard), ViewPolicy::Incremental);
      g.maintain(make_knn_view(7, 6, SimilarityMeasure::AdamicAdar), ViewPolicy::Incremental);
    }
    const Snapshot s = g.snapshot();
    const auto brute = brute_oracle(s);
    for (const Query& q : queries)
      ASSERT_NO_FATAL_FAILURE(expect_view_matches(s, q, "batch " + std::to_string(batch), &brute));
  }
  const std::vector<ViewStats> stats = g.view_stats();
  ASSERT_EQ(stats.size(), queries.size());
  for (const ViewStats& st : stats) EXPECT_EQ(st.recomputes, 1u) << st.name;
  // Far changes must have left some answers alone: no view refreshed on every batch.
  const Snapshot s = g.snapshot();
  std::uint64_t fewest = ~std::uint64_t{0};
  for (const Query& q : queries) fewest = std::min(fewest, refreshes_of(s, q));
  EXPECT_LT(fewest, 160u);
}

INSTANTIATE_TEST_SUITE_P(
    Graphs, KnnViewStream,
    ::testing::Values(
        StreamCase{"undirected ignore", false, false, DuplicatePolicy::IgnoreIfPresent},
        StreamCase{"undirected combine weighted", false, true, DuplicatePolicy::Combine},
        StreamCase{"directed ignore weighted", true, true, DuplicatePolicy::IgnoreIfPresent},
        StreamCase{"directed keep", true, false, DuplicatePolicy::Keep},
        StreamCase{"directed keep weighted", true, true, DuplicatePolicy::Keep},
        StreamCase{"directed combine weighted", true, true, DuplicatePolicy::Combine}),
    [](const auto& info) {
      std::string s = info.param.label;
      std::replace(s.begin(), s.end(), ' ', '_');
      return s;
    });

TEST(KnnView, NamesAndArguments) {
  EXPECT_EQ(knn_view_name(3, 10, SimilarityMeasure::Jaccard), "knn:3");
  EXPECT_EQ(knn_view_name(3, 10, SimilarityMeasure::Cosine), "knn:3:10:cosine");
  EXPECT_EQ(knn_view_name(3, 5, SimilarityMeasure::Jaccard), "knn:3:5:jaccard");
  EXPECT_EQ(knn_view_name(12, 1, SimilarityMeasure::ResourceAllocation),
            "knn:12:1:resource-allocation");
  EXPECT_EQ(make_knn_view(4)->name(), "knn:4");
  EXPECT_EQ(make_knn_view(4, 7, SimilarityMeasure::AdamicAdar)->name(), "knn:4:7:adamic-adar");
  EXPECT_THROW(make_knn_view(4, 0), InvalidArgument);
  DynamicGraph<double> g(5, {});
  try {
    g.maintain(make_knn_view(5));
    ADD_FAILURE() << "vertex 5 of 5 accepted";
  } catch (const IndexOutOfBounds& e) {
    EXPECT_NE(std::string(e.what()).find("vertex 5"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(g.snapshot().maintained("knn:5"));
  EXPECT_TRUE(g.view_stats().empty());
  g.maintain(make_knn_view(4));  // isolated, in range
  const auto r = g.snapshot().maintained_as<KnnViewResult>("knn:4");
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->ids.empty());
  EXPECT_EQ(r->refreshes, 1u);
}

/// One batch of single-edge inserts (u, v, w = 1).
UpdateBatch<double> inserts(std::initializer_list<std::pair<Vertex, Vertex>> edges) {
  UpdateBatch<double> b;
  for (const auto& [u, v] : edges) b.insert(u, v, 1.0);
  return b;
}

TEST(KnnView, RefreshesOnlyWhenTheTwoHopNeighbourhoodChanged) {
  DynamicGraphOptions o;
  o.weighted = true;
  DynamicGraph<double> g(14, o);
  // N(0) = {1, 2}; candidates of 0: 3 (via 1 and 2) and 5 (via 1); a far triangle 10-11-12.
  g.apply(inserts({{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}, {1, 5}, {5, 6}, {10, 11}, {11, 12}}));
  const Query jac{0, 10, SimilarityMeasure::Jaccard};
  const Query common{0, 10, SimilarityMeasure::CommonNeighbors};
  const Query ra{0, 2, SimilarityMeasure::ResourceAllocation};
  for (const Query& q : {jac, common, ra})
    g.maintain(make_knn_view(q.u, q.k, q.m), ViewPolicy::Incremental);
  struct Step {
    const char* what;
    UpdateBatch<double> batch;
    int jaccard, count;  // expected refreshes of the Jaccard view, and of common / RA
  };
  UpdateBatch<double> reweight, erase_far, erase_u, re_insert;
  reweight.assign(1, 3, 5.0);
  erase_far.erase(10, 12);
  erase_u.erase(0, 4);
  std::vector<Step> steps = {
      {"far insert", inserts({{10, 12}}), 0, 0},
      {"re-weight of a two-hop edge", reweight, 0, 0},
      {"insert of a present two-hop edge", inserts({{1, 3}}), 0, 0},
      {"add_vertices", {}, 0, 0},
      {"a candidate's new neighbour", inserts({{3, 7}}), 1, 0},
      {"a new neighbour of N(u)", inserts({{6, 2}}), 1, 1},
      {"an edge of u", inserts({{0, 4}}), 1, 1},
      {"far erase", erase_far, 0, 0},
      {"erase of u's edge", erase_u, 1, 1},
      {"edge between non-candidates", inserts({{8, 9}, {4, 8}}), 0, 0},
  };
  for (const Step& st : steps) {
    const Snapshot before = g.snapshot();
    if (st.batch.empty())
      g.add_vertices(3);
    else
      g.apply(st.batch);
    const Snapshot s = g.snapshot();
    const auto brute = brute_oracle(s);
    for (const Query& q : {jac, common, ra}) {
      ASSERT_NO_FATAL_FAILURE(expect_view_matches(s, q, st.what, &brute));
      const int want = q.m == SimilarityMeasure::Jaccard ? st.jaccard : st.count;
      EXPECT_EQ(refreshes_of(s, q), refreshes_of(before, q) + std::uint64_t(want))
          << st.what << " view " << q.name();
      if (want == 0) {  // the same answer republished
        EXPECT_EQ(s.maintained(q.name()), before.maintained(q.name())) << st.what;
      }
    }
  }
}

TEST(KnnView, CopiesUnderKeepAreFoldedAsInTheMatrix) {
  DynamicGraphOptions o;
  o.directed = true;
  o.duplicates = DuplicatePolicy::Keep;
  DynamicGraph<double> g(4, o);
  const Query jac{2, 10, SimilarityMeasure::Jaccard};
  const Query aa{2, 10, SimilarityMeasure::AdamicAdar};
  // Registered on a graph without copies: the view learns of them from the batches.
  for (const Query& q : {jac, aa})
    g.maintain(make_knn_view(q.u, q.k, q.m), ViewPolicy::Incremental);
  g.apply(inserts({{0, 1}, {0, 3}, {2, 1}, {2, 3}}));
  g.apply(inserts({{0, 1}}));  // a second copy of 0 -> 1: not a change of the answer
  UpdateBatch<double> erase;
  erase.erase(2, 3);
  g.apply(erase);
  g.apply(inserts({{2, 3}}));  // refresh: |N(0)| is 2, not 3; cnt(1) is 2, not 3
  // Registered on a graph with copies: the first computation finds them.
  const Query jac_late{2, 5, SimilarityMeasure::Jaccard};
  g.maintain(make_knn_view(jac_late.u, jac_late.k, jac_late.m), ViewPolicy::Incremental);
  const Snapshot s = g.snapshot();
  EXPECT_EQ(s.degree(0), 3u);  // the copy is stored
  for (const Query& q : {jac, aa, jac_late}) {
    ASSERT_NO_FATAL_FAILURE(expect_view_matches(s, q, "copies"));
    const auto r = s.maintained_as<KnnViewResult>(q.name());
    ASSERT_EQ(r->ids, std::vector<Vertex>{0}) << q.name();
    const double want = q.m == SimilarityMeasure::Jaccard ? 1.0 : 2.0 / std::log(2.0);
    EXPECT_DOUBLE_EQ(r->scores[0], want) << q.name();
  }
}

TEST(KnnView, ModelThousandsOfSmallBatches) {
  for (const bool directed : {false, true}) {
    const std::uint64_t seed = 7300 + std::uint64_t(directed);
    std::cout << (directed ? "directed keep" : "undirected") << ": seed " << seed << "\n";
    DynamicGraphOptions o;
    o.directed = directed;
    o.weighted = true;
    o.duplicates = directed ? DuplicatePolicy::Keep : DuplicatePolicy::IgnoreIfPresent;
    DynamicGraph<double> g(60, o);
    StreamMaker stream(seed, true);
    g.apply(stream.batch(60, 150));
    std::vector<Query> queries;
    for (const Vertex u : {0u, 13u, 59u}) {
      queries.push_back({u, 5, SimilarityMeasure::Jaccard});
      queries.push_back({u, 3, SimilarityMeasure::ResourceAllocation});
      queries.push_back({u, 8, SimilarityMeasure::CommonNeighbors});
    }
    for (const Query& q : queries)
      g.maintain(make_knn_view(q.u, q.k, q.m), ViewPolicy::Incremental);
    constexpr int kBatches = 2500;
    for (int batch = 0; batch < kBatches; ++batch) {
      g.apply(stream.batch(60, 1 + stream.rng()() % 3));
      const Snapshot s = g.snapshot();
      for (const Query& q : queries)
        ASSERT_NO_FATAL_FAILURE(expect_view_matches(s, q, "batch " + std::to_string(batch)));
    }
    const Snapshot s = g.snapshot();
    for (const Query& q : queries) {
      const std::uint64_t r = refreshes_of(s, q);
      EXPECT_GT(r, 1u) << q.name();
      EXPECT_LT(r, std::uint64_t(kBatches)) << q.name();  // small batches often miss the answer
    }
  }
}

TEST(KnnView, KroneckerGraphUnderLargeBatches) {
  for (const bool directed : {false, true}) {
    const std::uint64_t seed = 4400 + std::uint64_t(directed);
    std::cout << (directed ? "directed" : "undirected") << " kronecker 14: seed " << seed << "\n";
    DynamicGraphOptions o;
    o.directed = directed;
    o.weighted = true;
    const Matrix<double> base =
        Matrix<double>::from_coo(with_weights(generate_kronecker(14, 8, seed, !directed), 9, seed));
    DynamicGraph<double> g(base, o);
    const Snapshot s0 = g.snapshot();
    // A hub, a vertex of degree 1, one of median degree, an isolated one, and vertex 0.
    std::vector<std::pair<Offset, Vertex>> by_degree;
    for (Vertex v = 0; v < s0.num_vertices(); ++v) by_degree.push_back({s0.degree(v), v});
    std::sort(by_degree.begin(), by_degree.end());
    const Vertex hub = by_degree.back().second;
    const Vertex median = by_degree[by_degree.size() / 2].second;
    Vertex leaf = hub, isolated = hub;
    for (const auto& [d, v] : by_degree) {
      if (d == 0) isolated = v;
      if (d == 1 && leaf == hub) leaf = v;
    }
    std::vector<Query> queries = {{hub, 10, SimilarityMeasure::Jaccard},
                                  {hub, 50, SimilarityMeasure::AdamicAdar},
                                  {leaf, 10, SimilarityMeasure::Jaccard},
                                  {median, 10, SimilarityMeasure::Cosine},
                                  {median, 20, SimilarityMeasure::ResourceAllocation},
                                  {isolated, 10, SimilarityMeasure::Overlap},
                                  {0, 10, SimilarityMeasure::CommonNeighbors}};
    for (const Query& q : queries)
      g.maintain(make_knn_view(q.u, q.k, q.m), ViewPolicy::Incremental);
    StreamMaker stream(seed, true);
    std::vector<Vertex> rows, cols;
    std::vector<double> vals;
    base.extract_tuples(rows, cols, vals);
    for (std::size_t i = 0; i < rows.size(); i += 5) stream.add_to_pool(rows[i], cols[i]);
    for (int batch = 0; batch < 12; ++batch) {
      const std::size_t size = batch % 3 == 0 ? 100 : batch % 3 == 1 ? 300 : 1000;
      g.apply(stream.batch(20000, size));  // grows from 16384 vertices to 20000
      const Snapshot s = g.snapshot();
      for (const Query& q : queries)
        ASSERT_NO_FATAL_FAILURE(expect_view_matches(s, q, "batch " + std::to_string(batch)));
    }
    EXPECT_GT(g.snapshot().num_vertices(), 16384u);
  }
}

// A rough speed check (not run by default): one view's update after batches of 1K random
// updates on Kronecker 18 against its recomputation and against similarity_knn on the snapshot.
TEST(KnnView, DISABLED_UpdateCostOnKronecker18) {
  DynamicGraphOptions o;
  o.directed = false;
  const Matrix<double> base =
      Matrix<double>::from_coo(with_weights(generate_kronecker(18, 16, 1, true), 9, 1));
  DynamicGraph<double> g(base, o);
  std::vector<std::pair<Offset, Vertex>> by_degree;
  const Snapshot s0 = g.snapshot();
  for (Vertex v = 0; v < s0.num_vertices(); ++v) by_degree.push_back({s0.degree(v), v});
  std::sort(by_degree.begin(), by_degree.end());
  const std::size_t n = by_degree.size();
  for (const std::size_t at : {n - 1, n - 100, n / 2, n - n / 4})  // a hub, ..., the median
    g.maintain(make_knn_view(by_degree[at].second), ViewPolicy::Incremental);
  StreamMaker stream(5, false);
  for (int batch = 0; batch < 5; ++batch) {
    g.apply(stream.batch(base.nrows(), 1000));
    for (const ViewStats& st : g.view_stats())
      std::cout << st.name << ": update " << st.last_seconds * 1e3 << " ms, recompute "
                << st.recompute_seconds * 1e3 << " ms\n";
  }
  const Snapshot s = g.snapshot();
  const auto t0 = std::chrono::steady_clock::now();
  stream_answer(s, {by_degree[n / 2].second, 10, SimilarityMeasure::Jaccard});
  std::cout << "similarity_knn on the snapshot: "
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() * 1e3
            << " ms\n";
}

}  // namespace
}  // namespace spgraph
