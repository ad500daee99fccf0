// SPDX-License-Identifier: Apache-2.0
// similarity_knn against the set-intersection oracle (knn_oracle.hpp) built from the
// definitions in algorithms/knn/knn.hpp, which follow networkx's link-prediction functions:
// karate-club scores pinned to networkx 3.6 by hand; random Erdős–Rényi and power-law graphs
// (seeds printed) with Neighborhood Out/In/Both, every measure, k = 0, 1, small and larger
// than the candidates, include_neighbors/include_self; values ignored (bool pattern and
// double with zero and negative values); undirected true/false on symmetric graphs;
// similarity_knn_all vs per-vertex queries and a prepared SimilarityGraph; thread counts;
// a star (one huge row), ties by id, self-loops, repeated arcs, empty and edgeless graphs,
// errors; and real graphs from ../shared/data (skipped when absent).
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "algorithms/knn/knn.hpp"
#include "engine/core/error.hpp"
#include "loaders/load.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/algorithms/knn/knn_oracle.hpp"

namespace spgraph::testing::knn {
namespace {

constexpr double kTol = 1e-12;

double tolerance(SimilarityMeasure m) {
  return exact_measure(m) ? 0.0 : kTol;
}

std::vector<Vertex> all_vertices(Vertex n) {
  std::vector<Vertex> v(n);
  std::iota(v.begin(), v.end(), Vertex(0));
  return v;
}

using Answers = std::vector<std::vector<Scored>>;

/// The oracle's full answer lists for `queries` under o (k is not read).
Answers oracle_answers(const SimilarityOracle& oracle, const std::vector<Vertex>& queries,
                       const SimilarityKnnOptions& o) {
  Answers want;
  for (Vertex u : queries) want.push_back(oracle.answers(u, o));
  return want;
}

/// Checks r (rows for `queries`) against precomputed oracle answers under options o.
void expect_similarity(const KnnResult& r, const std::vector<Vertex>& queries, const Answers& want,
                       const SimilarityKnnOptions& o) {
  expect_result(r, queries, want, o.k, true, tolerance(o.measure));
}

/// Checks r (rows for `queries`) against the oracle under options o.
void expect_similarity(const KnnResult& r, const std::vector<Vertex>& queries,
                       const SimilarityOracle& oracle, const SimilarityKnnOptions& o) {
  expect_similarity(r, queries, oracle_answers(oracle, queries, o), o);
}

/// The score similarity_knn gives v for u (include_neighbors, k large), or NaN if absent.
template <class T>
double score_of(const Matrix<T>& a, Vertex u, Vertex v, SimilarityMeasure m) {
  SimilarityKnnOptions o;
  o.k = a.nrows();
  o.measure = m;
  o.include_neighbors = true;
  const std::vector<Vertex> q{u};
  const KnnResult r = similarity_knn(a, std::span<const Vertex>(q), o);
  const auto ids = r.ids_of(0);
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (ids[i] == v) return r.scores_of(0)[i];
  return std::numeric_limits<double>::quiet_NaN();
}

TEST(KnnSimilarity, MeasureNames) {
  EXPECT_EQ(similarity_measure_name(SimilarityMeasure::CommonNeighbors), "common");
  EXPECT_EQ(similarity_measure_name(SimilarityMeasure::Jaccard), "jaccard");
  EXPECT_EQ(similarity_measure_name(SimilarityMeasure::Cosine), "cosine");
  EXPECT_EQ(similarity_measure_name(SimilarityMeasure::Overlap), "overlap");
  EXPECT_EQ(similarity_measure_name(SimilarityMeasure::AdamicAdar), "adamic-adar");
  EXPECT_EQ(similarity_measure_name(SimilarityMeasure::ResourceAllocation), "resource-allocation");
}

// Zachary's karate club (tests/data/lagraph/karate.mtx, the same 78 edges as networkx's
// karate_club_graph()). Values below are networkx 3.6 outputs, re-derived by hand:
//   N(0)  = {1,2,3,4,5,6,7,8,10,11,12,13,17,19,21,31}             |N(0)|  = 16
//   N(33) = {8,9,13,14,15,18,19,20,22,23,26,27,28,29,30,31,32}     |N(33)| = 17
//   N(0) ∩ N(33) = {8,13,19,31}, degrees 5, 5, 3, 6                 c = 4
//     jaccard_coefficient(G, [(0, 33)])      = 4 / (16 + 17 - 4) = 4/29 = 0.13793103448275862
//     cosine                                 = 4 / sqrt(16·17)           = 0.24253562503633297
//     overlap                                = 4 / min(16, 17)           = 0.25
//     adamic_adar_index(G, [(0, 33)])        = 2/ln 5 + 1/ln 3 + 1/ln 6  = 2.7110197222973085
//     resource_allocation_index(G, [(0, 33)]) = 1/5 + 1/5 + 1/3 + 1/6    = 0.9
//   N(5) = {0,6,10,16}, N(6) = {0,4,5,16}: common {0 (degree 16), 16 (degree 2)}, c = 2
//     jaccard = 2/6; cosine = 2/sqrt(16) = 0.5; overlap = 2/4; adamic-adar = 1/ln 16 + 1/ln 2
//     = 1.8033688011112043; resource allocation = 1/16 + 1/2 = 0.5625 (5-6 is an edge)
//   N(9) = {2, 33}: N(0) ∩ N(9) = {2 (degree 10)}, c = 1
//     jaccard = 1/17; cosine = 1/sqrt(32); overlap = 1/2; adamic-adar = 1/ln 10
//     = 0.43429448190325176; resource allocation = 0.1
TEST(KnnSimilarity, KarateScoresEqualNetworkx) {
  const Matrix<bool> a = load_graph(test_data("lagraph/karate.mtx").string());
  ASSERT_EQ(a.nrows(), 34u);
  ASSERT_EQ(a.nvals(), 156u);
  struct Pin {
    Vertex u, v;
    SimilarityMeasure m;
    double want;
  };
  using M = SimilarityMeasure;
  const Pin pins[] = {
      {0, 33, M::CommonNeighbors, 4.0},
      {0, 33, M::Jaccard, 4.0 / 29.0},
      {0, 33, M::Cosine, 0.24253562503633297},
      {0, 33, M::Overlap, 0.25},
      {0, 33, M::AdamicAdar, 2.7110197222973085},
      {0, 33, M::ResourceAllocation, 0.9},
      {33, 0, M::Jaccard, 4.0 / 29.0},  // symmetric
      {5, 6, M::CommonNeighbors, 2.0},
      {5, 6, M::Jaccard, 1.0 / 3.0},
      {5, 6, M::Cosine, 0.5},
      {5, 6, M::Overlap, 0.5},
      {5, 6, M::AdamicAdar, 1.8033688011112043},
      {5, 6, M::ResourceAllocation, 0.5625},
      {0, 9, M::CommonNeighbors, 1.0},
      {0, 9, M::Jaccard, 1.0 / 17.0},
      {0, 9, M::Cosine, 0.17677669529663687},
      {0, 9, M::Overlap, 0.5},
      {0, 9, M::AdamicAdar, 0.43429448190325176},
      {0, 9, M::ResourceAllocation, 0.1},
      // networkx: jaccard 10/19, adamic-adar and resource allocation of the edge 32-33.
      {32, 33, M::Jaccard, 0.5263157894736842},
      {32, 33, M::AdamicAdar, 10.456950741004253},
      {32, 33, M::ResourceAllocation, 3.566666666666667},
  };
  for (const Pin& p : pins)
    EXPECT_NEAR(score_of(a, p.u, p.v, p.m), p.want, 1e-13)
        << similarity_measure_name(p.m) << "(" << p.u << ", " << p.v << ")";

  // networkx's ranking of the non-edges at 0 (sorted by score, then id), default exclusions.
  const std::vector<Vertex> q{0};
  SimilarityKnnOptions o;
  o.k = 5;
  const KnnResult jac = similarity_knn(a, std::span<const Vertex>(q), o);
  // 33: 4/29; 16: N = {5,6}, 2/16; 32: c = 3 ({2,8,31}), 3/25; 28: 2/17; 30: 2/18.
  EXPECT_EQ(std::vector<Vertex>(jac.ids.begin(), jac.ids.end()),
            (std::vector<Vertex>{33, 16, 32, 28, 30}));
  EXPECT_EQ(jac.scores[2], 3.0 / 25.0);
  o.measure = M::AdamicAdar;
  const KnnResult aa = similarity_knn(a, std::span<const Vertex>(q), o);
  EXPECT_EQ(std::vector<Vertex>(aa.ids.begin(), aa.ids.end()),
            (std::vector<Vertex>{33, 32, 16, 30, 28}));
  o.measure = M::ResourceAllocation;
  const KnnResult ra = similarity_knn(a, std::span<const Vertex>(q), o);
  EXPECT_EQ(std::vector<Vertex>(ra.ids.begin(), ra.ids.end()),
            (std::vector<Vertex>{33, 16, 32, 30, 28}));
  EXPECT_NEAR(ra.scores[1], 0.5, 1e-15);  // 16: 1/|N(5)| + 1/|N(6)| = 1/4 + 1/4

  // And every vertex, every measure, against the oracle.
  const SimilarityOracle oracle(34, arcs_of(a), Neighborhood::Out);
  for (SimilarityMeasure m : kAllMeasures) {
    o = {};
    o.measure = m;
    o.k = 7;
    SCOPED_TRACE(describe(o));
    expect_similarity(similarity_knn_all(a, o), all_vertices(34), oracle, o);
  }
}

struct GraphCase {
  std::string name;
  Vertex n;
  std::vector<Arc> arcs;
};

std::vector<GraphCase> random_directed_cases() {
  std::vector<GraphCase> cases;
  cases.push_back({"erdos-renyi 160", 160, erdos_renyi(160, 560, 1201, -3, 3)});
  cases.push_back({"erdos-renyi sparse 160", 160, erdos_renyi(160, 200, 1202, -3, 3)});
  cases.push_back({"power-law 240", 240, power_law(240, 720, 1203, -3, 3)});
  return cases;
}

std::vector<SimilarityKnnOptions> flag_variants(SimilarityMeasure m, Neighborhood nb) {
  std::vector<SimilarityKnnOptions> out;
  for (int flags = 0; flags < 4; ++flags) {
    SimilarityKnnOptions o;
    o.measure = m;
    o.neighborhood = nb;
    o.include_neighbors = flags & 1;
    o.include_self = flags & 2;
    out.push_back(o);
  }
  return out;
}

TEST(KnnSimilarity, RandomDirectedGraphsMatchTheDefinitions) {
  for (const GraphCase& g : random_directed_cases()) {
    const Matrix<bool> pattern = pattern_of<bool>(g.n, g.arcs);
    // Values (some zero, some negative, repeats summed) must be ignored.
    const Matrix<double> valued = valued_of<double>(g.n, g.arcs);
    const std::vector<Vertex> everyone = all_vertices(g.n);
    // A sample of queries (the isolated last vertex and a repeat included) for small k.
    std::vector<Vertex> some;
    for (Vertex v = 0; v < g.n; v += 6) some.push_back(v);
    some.push_back(g.n - 1);
    some.push_back(0);
    for (Neighborhood nb : kAllNeighborhoods) {
      const SimilarityOracle oracle(g.n, g.arcs, nb);
      const SimilarityGraph prepared(pattern, nb);
      for (SimilarityMeasure m : kAllMeasures)
        for (SimilarityKnnOptions o : flag_variants(m, nb)) {
          // Every vertex, k beyond any candidate count: the full ranked lists.
          const Answers want = oracle_answers(oracle, everyone, o);
          o.k = g.n + 3;
          SCOPED_TRACE(g.name + " " + describe(o));
          expect_similarity(similarity_knn_all(pattern, o), everyone, want, o);
          // Small k on the sample, through the prepared neighbourhoods.
          const Answers want_some = oracle_answers(oracle, some, o);
          for (std::size_t k : {std::size_t(0), std::size_t(1), std::size_t(4)}) {
            o.k = k;
            SCOPED_TRACE("k " + std::to_string(k));
            expect_similarity(similarity_knn(prepared, std::span<const Vertex>(some), o), some,
                              want_some, o);
          }
          if (!o.include_neighbors && !o.include_self) {
            o.k = 4;
            expect_similarity(similarity_knn_all(valued, o), everyone, want, o);
          }
        }
    }
  }
}

TEST(KnnSimilarity, SymmetricGraphsGiveTheSameAnswersWithUndirectedOnAndOff) {
  const std::vector<GraphCase> cases = {
      {"symmetric erdos-renyi 250", 250, erdos_renyi(250, 700, 1301, 1, 1, true)},
      {"symmetric power-law 250", 250, power_law(250, 700, 1302, 1, 1, true)}};
  for (const GraphCase& g : cases) {
    const Matrix<bool> a = pattern_of<bool>(g.n, g.arcs);
    const Matrix<std::int32_t> a32 = pattern_of<std::int32_t>(g.n, g.arcs);
    // On a symmetric graph N_out = N_in = N_both: one oracle serves every option.
    const SimilarityOracle oracle(g.n, g.arcs, Neighborhood::Out);
    const std::vector<Vertex> everyone = all_vertices(g.n);
    for (SimilarityMeasure m : kAllMeasures) {
      SimilarityKnnOptions base;
      base.measure = m;
      const Answers want = oracle_answers(oracle, everyone, base);
      for (Neighborhood nb : kAllNeighborhoods)
        for (bool undirected : {false, true}) {
          SimilarityKnnOptions o = base;
          o.neighborhood = nb;
          o.undirected = undirected;
          o.k = 6;
          SCOPED_TRACE(g.name + " " + describe(o));
          const KnnResult r = similarity_knn_all(a, o);
          expect_similarity(r, everyone, want, o);
          if (nb == Neighborhood::Both)
            expect_similarity(similarity_knn_all(a32, o), everyone, want, o);
          const SimilarityGraph prepared(a, nb, undirected);
          EXPECT_EQ(prepared.num_vertices(), g.n);
          expect_identical(r, similarity_knn(prepared, std::span<const Vertex>(everyone), o));
          if (exact_measure(m)) {
            o.undirected = !undirected;
            expect_identical(r, similarity_knn_all(a, o));
          }
        }
    }
  }
}

TEST(KnnSimilarity, AllVerticesEqualPerVertexQueries) {
  const Vertex n = 300;
  const std::vector<Arc> arcs = power_law(n, 1400, 1401);
  const Matrix<bool> a = pattern_of<bool>(n, arcs);
  const std::vector<Vertex> everyone = all_vertices(n);
  for (SimilarityMeasure m : kAllMeasures)
    for (Neighborhood nb : kAllNeighborhoods) {
      SimilarityKnnOptions o;
      o.measure = m;
      o.neighborhood = nb;
      o.k = 5;
      SCOPED_TRACE(describe(o));
      const KnnResult all = similarity_knn_all(a, o);
      expect_identical(all, similarity_knn(a, std::span<const Vertex>(everyone), o));
      const SimilarityGraph prepared(a, nb);
      expect_identical(all, similarity_knn(prepared, std::span<const Vertex>(everyone), o));
      // Queries in any order, repeated: each row equals the vertex's row of `all`.
      std::vector<Vertex> shuffled = everyone;
      std::mt19937_64 rng(1402);
      std::shuffle(shuffled.begin(), shuffled.end(), rng);
      shuffled.push_back(shuffled.front());
      const KnnResult r = similarity_knn(a, std::span<const Vertex>(shuffled), o);
      ASSERT_EQ(r.num_queries(), shuffled.size());
      for (std::size_t q = 0; q < shuffled.size(); ++q) {
        EXPECT_EQ(r.queries[q], shuffled[q]);
        const auto got = r.ids_of(q), want = all.ids_of(shuffled[q]);
        EXPECT_TRUE(std::equal(got.begin(), got.end(), want.begin(), want.end()))
            << "query " << shuffled[q];
        const auto gs = r.scores_of(q), ws = all.scores_of(shuffled[q]);
        EXPECT_TRUE(std::equal(gs.begin(), gs.end(), ws.begin(), ws.end()))
            << "query " << shuffled[q];
      }
    }
}

TEST(KnnSimilarity, ThreadCountsGiveIdenticalAnswers) {
  const Vertex n = 300;
  const std::vector<Arc> arcs = power_law(n, 1500, 1501);
  const Matrix<bool> a = pattern_of<bool>(n, arcs);
  const int before = omp_get_max_threads();
  for (SimilarityMeasure m : kAllMeasures)
    for (Neighborhood nb : kAllNeighborhoods)
      for (std::size_t k : {std::size_t(3), std::size_t(n)}) {
        SimilarityKnnOptions o;
        o.measure = m;
        o.neighborhood = nb;
        o.k = k;
        SCOPED_TRACE(describe(o));
        omp_set_num_threads(1);
        const KnnResult one = similarity_knn_all(a, o);
        for (int threads : {2, 3}) {
          omp_set_num_threads(threads);
          expect_identical(one, similarity_knn_all(a, o));
        }
      }
  omp_set_num_threads(before);
}

TEST(KnnSimilarity, StarHubWithManyLeaves) {
  // Hub 0 and leaves 1..L: every pair of leaves shares the hub, so all leaves tie.
  const Vertex leaves = 2000, n = leaves + 1;
  std::vector<Arc> out_arcs, both_arcs;
  for (Vertex v = 1; v <= leaves; ++v) {
    out_arcs.push_back({0, v});
    both_arcs.push_back({0, v});
    both_arcs.push_back({v, 0});
  }
  const Matrix<bool> star = pattern_of<bool>(n, both_arcs);
  const Matrix<bool> directed = pattern_of<bool>(n, out_arcs);
  const std::vector<Vertex> queries{1, 2000, leaves, 0};

  SimilarityKnnOptions o;
  o.k = 3;
  KnnResult r = similarity_knn(star, std::span<const Vertex>(queries), o);
  ASSERT_EQ(r.num_queries(), 4u);
  auto ids = [&](std::size_t q) {
    return std::vector<Vertex>(r.ids_of(q).begin(), r.ids_of(q).end());
  };
  EXPECT_EQ(ids(0), (std::vector<Vertex>{2, 3, 4}));  // Jaccard 1 each, smallest ids
  EXPECT_EQ(ids(1), (std::vector<Vertex>{1, 2, 3}));
  EXPECT_EQ(ids(2), (std::vector<Vertex>{1, 2, 3}));
  EXPECT_TRUE(ids(3).empty());  // the hub shares a neighbour only with itself
  for (double s : r.scores) EXPECT_EQ(s, 1.0);
  o.include_self = true;
  r = similarity_knn(star, std::span<const Vertex>(queries), o);
  EXPECT_EQ(ids(3), (std::vector<Vertex>{0}));
  EXPECT_EQ(ids(0), (std::vector<Vertex>{1, 2, 3}));

  // Directed star: with N = In every leaf's neighbourhood is {0}; with N = Out it is empty.
  o = {};
  o.k = 2;
  o.neighborhood = Neighborhood::In;
  r = similarity_knn(directed, std::span<const Vertex>(queries), o);
  EXPECT_EQ(ids(0), (std::vector<Vertex>{2, 3}));
  EXPECT_TRUE(ids(3).empty());
  o.neighborhood = Neighborhood::Out;
  o.measure = SimilarityMeasure::CommonNeighbors;
  o.include_self = true;
  r = similarity_knn(directed, std::span<const Vertex>(queries), o);
  EXPECT_TRUE(ids(0).empty());
  EXPECT_EQ(ids(3), (std::vector<Vertex>{0}));
  EXPECT_EQ(r.scores_of(3)[0], double(leaves));  // |N(0) ∩ N(0)| = L

  // Every measure and neighbourhood against the oracle on these queries.
  for (Neighborhood nb : kAllNeighborhoods) {
    const SimilarityOracle sym(n, both_arcs, nb), dir(n, out_arcs, nb);
    for (SimilarityMeasure m : kAllMeasures)
      for (SimilarityKnnOptions v : flag_variants(m, nb))
        for (std::size_t k : {std::size_t(1), std::size_t(n) + 1}) {
          v.k = k;
          SCOPED_TRACE("star " + describe(v));
          expect_similarity(similarity_knn(star, std::span<const Vertex>(queries), v), queries, sym,
                            v);
          expect_similarity(similarity_knn(directed, std::span<const Vertex>(queries), v), queries,
                            dir, v);
        }
  }
}

TEST(KnnSimilarity, EqualScoresBreakTiesBySmallerId) {
  // Query 10 has N = {0, 1}; 30, 20, 15 and 5 have N = {0, 1} too (Jaccard 1); 2 has N = {0}
  // (Jaccard 1/2); 40 has N = {0, 1, 3} (Jaccard 2/3). Arcs are listed out of order.
  const Vertex n = 41;
  const std::vector<Arc> arcs = {{30, 1}, {30, 0}, {20, 0}, {20, 1}, {10, 1}, {10, 0}, {15, 1},
                                 {15, 0}, {5, 1},  {5, 0},  {2, 0},  {40, 3}, {40, 0}, {40, 1}};
  const Matrix<bool> a = pattern_of<bool>(n, arcs);
  const std::vector<Vertex> q{10};
  SimilarityKnnOptions o;
  o.k = 3;
  KnnResult r = similarity_knn(a, std::span<const Vertex>(q), o);
  EXPECT_EQ(std::vector<Vertex>(r.ids.begin(), r.ids.end()), (std::vector<Vertex>{5, 15, 20}));
  EXPECT_EQ(r.scores, (std::vector<double>{1.0, 1.0, 1.0}));
  o.k = 10;
  r = similarity_knn(a, std::span<const Vertex>(q), o);
  EXPECT_EQ(std::vector<Vertex>(r.ids.begin(), r.ids.end()),
            (std::vector<Vertex>{5, 15, 20, 30, 40, 2}));
  // Common neighbours: 40 shares 2 like the others, so it ties with them; 2 shares 1.
  o.measure = SimilarityMeasure::CommonNeighbors;
  r = similarity_knn(a, std::span<const Vertex>(q), o);
  EXPECT_EQ(std::vector<Vertex>(r.ids.begin(), r.ids.end()),
            (std::vector<Vertex>{5, 15, 20, 30, 40, 2}));
  o.k = 4;
  o.include_self = true;
  r = similarity_knn(a, std::span<const Vertex>(q), o);
  EXPECT_EQ(std::vector<Vertex>(r.ids.begin(), r.ids.end()), (std::vector<Vertex>{5, 10, 15, 20}));
}

TEST(KnnSimilarity, SelfLoopsAndRepeatedArcs) {
  // Self-loops put x in N(x) (row x of B is row x of A); repeats are merged by build.
  const Vertex n = 7;
  const std::vector<Arc> arcs = {{0, 0}, {0, 1}, {0, 1}, {0, 2}, {1, 1}, {1, 2},
                                 {2, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 3}, {4, 4},
                                 {5, 2}, {5, 0}, {5, 0}, {4, 2}, {2, 2}};
  std::vector<Arc> once = arcs;
  std::sort(once.begin(), once.end(),
            [](const Arc& x, const Arc& y) { return x.u != y.u ? x.u < y.u : x.v < y.v; });
  once.erase(std::unique(once.begin(), once.end(),
                         [](const Arc& x, const Arc& y) { return x.u == y.u && x.v == y.v; }),
             once.end());
  const Matrix<bool> a = pattern_of<bool>(n, arcs);
  const Matrix<double> valued = valued_of<double>(n, arcs);  // repeats summed: values 2
  const Matrix<bool> b = pattern_of<bool>(n, once);
  // By hand: N_out(0) = {0,1,2}, N_out(3) = {1,2,3}: c = 2, Jaccard 2/4.
  EXPECT_EQ(score_of(a, 0, 3, SimilarityMeasure::Jaccard), 0.5);
  const std::vector<Vertex> everyone = all_vertices(n);
  for (Neighborhood nb : kAllNeighborhoods) {
    const SimilarityOracle oracle(n, arcs, nb);
    for (SimilarityMeasure m : kAllMeasures)
      for (SimilarityKnnOptions o : flag_variants(m, nb)) {
        o.k = 4;
        SCOPED_TRACE(describe(o));
        const KnnResult r = similarity_knn_all(a, o);
        expect_similarity(r, everyone, oracle, o);
        expect_similarity(similarity_knn_all(valued, o), everyone, oracle, o);
        expect_identical(r, similarity_knn_all(b, o));
      }
  }
}

TEST(KnnSimilarity, CandidatesAreTheVerticesSharingANeighbour) {
  // 0 -> 1, 2 -> 1, 3 -> 4. cnt(1) = 2, cnt(4) = 1: 3 shares its only neighbour with nobody
  // but itself, so with include_self its Adamic-Adar answer is itself at 0 (the cnt = 1 term
  // adds 0) and its resource-allocation answer itself at 1/1.
  const std::vector<Arc> arcs = {{0, 1}, {2, 1}, {3, 4}};
  const Matrix<bool> a = pattern_of<bool>(5, arcs);
  const std::vector<Vertex> q{3, 0};
  SimilarityKnnOptions o;
  o.include_self = true;
  o.measure = SimilarityMeasure::AdamicAdar;
  KnnResult r = similarity_knn(a, std::span<const Vertex>(q), o);
  ASSERT_EQ(r.num_queries(), 2u);
  EXPECT_EQ(std::vector<Vertex>(r.ids_of(0).begin(), r.ids_of(0).end()), (std::vector<Vertex>{3}));
  EXPECT_EQ(r.scores_of(0)[0], 0.0);
  // 0 and 2 share 1 (cnt 2): 1/ln 2 each, tie broken by id.
  EXPECT_EQ(std::vector<Vertex>(r.ids_of(1).begin(), r.ids_of(1).end()),
            (std::vector<Vertex>{0, 2}));
  EXPECT_NEAR(r.scores_of(1)[1], 1.0 / std::log(2.0), 1e-15);
  o.measure = SimilarityMeasure::ResourceAllocation;
  r = similarity_knn(a, std::span<const Vertex>(q), o);
  ASSERT_EQ(r.scores_of(0).size(), 1u);
  EXPECT_EQ(r.scores_of(0)[0], 1.0);
  EXPECT_EQ(std::vector<double>(r.scores_of(1).begin(), r.scores_of(1).end()),
            (std::vector<double>{0.5, 0.5}));
  o.include_self = false;
  r = similarity_knn(a, std::span<const Vertex>(q), o);
  EXPECT_EQ(r.ids_of(0).size(), 0u);
  EXPECT_EQ(std::vector<Vertex>(r.ids_of(1).begin(), r.ids_of(1).end()), (std::vector<Vertex>{2}));
}

TEST(KnnSimilarity, EmptyAndEdgelessGraphs) {
  const Matrix<bool> none(0, 0, true);
  KnnResult r = similarity_knn_all(none);
  EXPECT_EQ(r.num_queries(), 0u);
  EXPECT_TRUE(r.ids.empty());
  const std::vector<Vertex> no_queries;
  r = similarity_knn(none, std::span<const Vertex>(no_queries));
  EXPECT_EQ(r.num_queries(), 0u);

  // Vertices but no arcs: nobody shares a neighbour, not even with itself.
  const Matrix<bool> edgeless(6, 6, true);
  const Matrix<double> edgeless_valued(6, 6);
  for (SimilarityMeasure m : kAllMeasures)
    for (Neighborhood nb : kAllNeighborhoods)
      for (SimilarityKnnOptions o : flag_variants(m, nb)) {
        SCOPED_TRACE(describe(o));
        r = similarity_knn_all(edgeless, o);
        ASSERT_EQ(r.num_queries(), 6u);
        EXPECT_EQ(r.queries, all_vertices(6));
        EXPECT_EQ(r.ptr, std::vector<Offset>(7, 0));
        EXPECT_EQ(similarity_knn_all(edgeless_valued, o).ptr, std::vector<Offset>(7, 0));
      }

  // Isolated vertices inside a graph get empty rows; k = 0 gives empty rows everywhere.
  const std::vector<Arc> arcs = {{0, 1}, {2, 1}, {3, 1}};
  const Matrix<bool> a = pattern_of<bool>(6, arcs);
  const std::vector<Vertex> q{4, 5, 0};
  r = similarity_knn(a, std::span<const Vertex>(q));
  ASSERT_EQ(r.num_queries(), 3u);
  EXPECT_EQ(r.ids_of(0).size(), 0u);
  EXPECT_EQ(r.ids_of(1).size(), 0u);
  EXPECT_EQ(std::vector<Vertex>(r.ids_of(2).begin(), r.ids_of(2).end()),
            (std::vector<Vertex>{2, 3}));
  SimilarityKnnOptions o;
  o.k = 0;
  r = similarity_knn(a, std::span<const Vertex>(q), o);
  EXPECT_EQ(r.num_queries(), 3u);
  EXPECT_EQ(r.ptr, (std::vector<Offset>{0, 0, 0, 0}));
}

TEST(KnnSimilarity, Errors) {
  const Matrix<bool> rect(3, 4, true);
  const std::vector<Vertex> q0{0};
  EXPECT_THROW(similarity_knn(rect, std::span<const Vertex>(q0)), DimensionMismatch);
  EXPECT_THROW(similarity_knn_all(rect), DimensionMismatch);
  const Matrix<double> rect_d(5, 2);
  EXPECT_THROW(similarity_knn_all(rect_d), DimensionMismatch);

  const std::vector<Arc> arcs = {{0, 1}, {1, 2}, {2, 3}, {3, 4}};
  const Matrix<bool> a = pattern_of<bool>(5, arcs);
  const std::vector<Vertex> bad{1, 5};
  EXPECT_THROW(similarity_knn(a, std::span<const Vertex>(bad)), IndexOutOfBounds);
  const std::vector<Vertex> huge{std::numeric_limits<Vertex>::max()};
  EXPECT_THROW(similarity_knn(a, std::span<const Vertex>(huge)), IndexOutOfBounds);
  for (Neighborhood nb : kAllNeighborhoods) {
    const SimilarityGraph g(a, nb);
    EXPECT_EQ(g.num_vertices(), 5u);
    EXPECT_THROW(similarity_knn(g, std::span<const Vertex>(bad)), IndexOutOfBounds);
  }
  const Matrix<bool> none(0, 0, true);
  EXPECT_THROW(similarity_knn(none, std::span<const Vertex>(q0)), IndexOutOfBounds);
}

/// Sampled queries on a real graph against the oracle, every measure and neighbourhood.
template <class T>
void check_real_graph(const Matrix<T>& a, const std::string& name, std::size_t samples,
                      std::uint64_t seed, bool symmetric) {
  const Vertex n = a.nrows();
  const std::vector<Arc> arcs = arcs_of(a);
  std::mt19937_64 rng = seeded(seed, name + " queries");
  std::vector<Vertex> queries;
  for (std::size_t i = 0; i < samples; ++i) queries.push_back(Vertex(rng() % n));
  for (Neighborhood nb : kAllNeighborhoods) {
    if (symmetric && nb != Neighborhood::Out) continue;
    const SimilarityOracle oracle(n, arcs, nb);
    const SimilarityGraph prepared(a, nb, symmetric);
    for (SimilarityMeasure m : kAllMeasures)
      for (SimilarityKnnOptions o : flag_variants(m, nb)) {
        o.k = 10;
        o.undirected = symmetric;
        SCOPED_TRACE(name + " " + describe(o));
        expect_similarity(similarity_knn(a, std::span<const Vertex>(queries), o), queries, oracle,
                          o);
        expect_similarity(similarity_knn(prepared, std::span<const Vertex>(queries), o), queries,
                          oracle, o);
      }
  }
}

TEST(KnnSimilarity, JazzMusiciansFromSharedData) {
  SPGRAPH_REQUIRE_SHARED(path, "networkit/jazz.graph");
  const Matrix<bool> a = load_graph(path.string());
  ASSERT_EQ(a.nrows(), 198u);
  ASSERT_EQ(a.nvals(), 2u * 2742u);
  check_real_graph(a, "jazz", 40, 1601, true);
}

TEST(KnnSimilarity, EmailEuCoreFromSharedData) {
  SPGRAPH_REQUIRE_SHARED(path, "cugraph/email-Eu-core.csv");
  const Matrix<bool> a = load_graph(path.string());
  ASSERT_EQ(a.nrows(), 1005u);
  check_real_graph(a, "email-Eu-core", 25, 1602, false);
}

}  // namespace
}  // namespace spgraph::testing::knn
