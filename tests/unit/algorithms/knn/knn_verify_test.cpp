// SPDX-License-Identifier: Apache-2.0
// The kNN verifier (algorithms/knn/knn_verify.hpp), the one `spgraph compare knn` uses: it
// accepts every query kind's answers on small and random graphs (isolated vertices, self-loops,
// repeated arcs, empty graphs and query lists) and the brute-force oracle's answers
// (knn_oracle.hpp) compared with spgraph's, near-ties included; it rejects malformed, misordered
// and perturbed answers and answers that differ beyond a near-tie, naming the first violation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "algorithms/knn/knn.hpp"
#include "algorithms/knn/knn_verify.hpp"
#include "tests/unit/algorithms/knn/knn_oracle.hpp"

namespace spgraph::testing::knn {
namespace {

/// Answers in a peer's shape (GraphBLAS's: 64-bit row pointers, 32-bit ids), to show that
/// compare_knn takes any type with ptr, ids and scores.
struct PeerAnswers {
  std::vector<std::uint64_t> ptr{0};
  std::vector<std::uint32_t> ids;
  std::vector<double> scores;
};

/// The oracle's lists cut at k, in the peer's shape.
PeerAnswers cut(const std::vector<std::vector<Scored>>& lists, std::size_t k) {
  PeerAnswers p;
  for (const auto& list : lists) {
    for (std::size_t i = 0; i < list.size() && i < k; ++i) {
      p.ids.push_back(list[i].id);
      p.scores.push_back(list[i].score);
    }
    p.ptr.push_back(p.ids.size());
  }
  return p;
}

/// A KnnResult written out by hand: one query row per list of (id, score).
KnnResult result_of(const std::vector<Vertex>& queries,
                    const std::vector<std::vector<Scored>>& rows) {
  KnnResult r;
  r.queries = queries;
  for (const auto& row : rows) {
    for (const Scored& s : row) r.ids.push_back(s.id), r.scores.push_back(s.score);
    r.ptr.push_back(Offset(r.ids.size()));
  }
  return r;
}

const AnswerNames kEngines{"spgraph", "GraphBLAS"};

// ---- positive cases ---------------------------------------------------------------------------

TEST(KnnVerify, AcceptsSimilarityAnswersAndAgreesWithTheOracle) {
  struct Case {
    Vertex n;
    std::vector<Arc> arcs;
  };
  const Case cases[] = {{120, erdos_renyi(120, 420, 1401)},
                        {160, power_law(160, 480, 1402)},
                        {1, {}},
                        {6, {{0, 0}, {1, 1}}}};
  for (const Case& g : cases) {
    const Matrix<bool> a = pattern_of<bool>(g.n, g.arcs);
    std::vector<Vertex> everyone(g.n);
    std::iota(everyone.begin(), everyone.end(), Vertex(0));
    for (Neighborhood nb : kAllNeighborhoods) {
      const SimilarityOracle oracle(g.n, g.arcs, nb);
      for (SimilarityMeasure m : kAllMeasures)
        for (std::size_t k : {std::size_t(1), std::size_t(5), std::size_t(g.n + 1)}) {
          SimilarityKnnOptions o;
          o.measure = m;
          o.neighborhood = nb;
          o.k = k;
          SCOPED_TRACE("n " + std::to_string(g.n) + " " + describe(o));
          const KnnResult r = similarity_knn_all(a, o);
          EXPECT_EQ(check_knn_ranking(r, k, true, g.n), "");
          std::vector<std::vector<Scored>> lists;
          for (Vertex u : everyone) lists.push_back(oracle.answers(u, o));
          const KnnComparison c = compare_knn(r, cut(lists, k), exact_measure(m));
          EXPECT_EQ(c.error, "");
          if (exact_measure(m)) {
            EXPECT_EQ(c.near_ties, 0u);
          }
          EXPECT_EQ(compare_knn(r, r, true).error, "");
        }
    }
  }
}

TEST(KnnVerify, AcceptsDistanceAndFeatureAnswersAndEmptyOnes) {
  const std::vector<Arc> arcs = erdos_renyi(150, 400, 1403, 1, 9);
  const Matrix<bool> pattern = pattern_of<bool>(150, arcs);
  const Matrix<double> weighted = valued_of<double>(150, arcs);
  const std::vector<Vertex> queries{0, 7, 149, 7};  // 149 is isolated; 7 asked twice
  for (DistanceKind kind : {DistanceKind::Hops, DistanceKind::Weighted})
    for (bool self : {false, true}) {
      DistanceKnnOptions o;
      o.kind = kind;
      o.k = 6;
      o.include_self = self;
      const KnnResult r = kind == DistanceKind::Hops
                              ? distance_knn(pattern, std::span<const Vertex>(queries), o)
                              : distance_knn(weighted, std::span<const Vertex>(queries), o);
      EXPECT_EQ(check_knn_ranking(r, 6, false, 150), "");
      std::vector<std::vector<Scored>> lists;
      for (Vertex u : queries)
        lists.push_back(nearest(
            kind == DistanceKind::Hops ? bfs_hops(150, arcs, u) : dijkstra(150, arcs, u), u, self));
      EXPECT_EQ(compare_knn(r, cut(lists, 6), true).error, "");
    }
  // Features: 40 items of 12 columns; cosine and dot, with and without a threshold.
  std::mt19937_64 rng(1404);
  std::vector<Vertex> rows, cols;
  std::vector<double> vals;
  for (int e = 0; e < 160; ++e) {
    rows.push_back(Vertex(rng() % 40)), cols.push_back(Vertex(rng() % 12));
    vals.push_back(double(rng() % 7) - 2);
  }
  const Matrix<double> x = Matrix<double>::build(40, 12, rows, cols, vals);
  for (FeatureMeasure m : {FeatureMeasure::Cosine, FeatureMeasure::Dot}) {
    FeatureKnnOptions o;
    o.measure = m;
    o.k = 5;
    EXPECT_EQ(check_knn_ranking(feature_knn(x, static_cast<const Matrix<double>*>(nullptr), o), 5,
                                true, 40),
              "");
    o.k = kAllNeighbors;
    o.threshold = 0.5;
    EXPECT_EQ(check_knn_ranking(feature_knn(x, static_cast<const Matrix<double>*>(nullptr), o),
                                kAllNeighbors, true, 40),
              "");
  }
  // No queries, no vertices.
  const KnnResult none = similarity_knn(pattern, std::span<const Vertex>());
  EXPECT_EQ(check_knn_ranking(none, 10), "");
  EXPECT_EQ(compare_knn(none, PeerAnswers{}, true).error, "");
  const KnnResult empty = similarity_knn_all(Matrix<bool>(0, 0));
  EXPECT_EQ(check_knn_ranking(empty, 10, true, 0), "");
}

TEST(KnnVerify, ToleratesNearTiesInAnotherOrderAndTiesAtTheCut) {
  const KnnResult ours = result_of({3}, {{{5, 2.0}, {9, 1.0 + 1e-15}, {8, 1.0}, {4, 0.5}}});
  // Scores within 1e-12 relative: ids 9 and 8 may come in either order.
  const KnnResult swapped = result_of({3}, {{{5, 2.0}, {8, 1.0}, {9, 1.0}, {4, 0.5}}});
  const KnnComparison c = compare_knn(ours, swapped, false);
  EXPECT_EQ(c.error, "");
  EXPECT_EQ(c.near_ties, 2u);
  // The last rank may hold another id of the same score (a tie at the cut-off).
  const KnnResult at_cut = result_of({3}, {{{5, 2.0}, {9, 1.0 + 1e-15}, {8, 1.0}, {6, 0.5}}});
  EXPECT_EQ(compare_knn(ours, at_cut, true).error, "");
  EXPECT_EQ(compare_knn(ours, at_cut, true).near_ties, 1u);
}

// ---- negative cases ---------------------------------------------------------------------------

TEST(KnnVerify, RejectsMalformedOrMisorderedAnswersNamingTheFirstViolation) {
  const KnnResult right = result_of({2, 4}, {{{1, 3.0}, {5, 2.0}, {7, 2.0}}, {{0, 1.0}}});
  ASSERT_EQ(check_knn_ranking(right, 3, true, 8), "");
  KnnResult r = right;
  r.ptr[0] = 1;
  EXPECT_EQ(check_knn_ranking(r, 3), "the answers' row pointers do not start at 0");
  r = right;
  r.ptr[1] = 5;
  EXPECT_EQ(check_knn_ranking(r, 3), "the answers' row pointers fall at row 2");
  r = right;
  r.queries.pop_back();
  EXPECT_EQ(check_knn_ranking(r, 3), "1 query ids for 2 rows of answers");
  r = right;
  r.scores.pop_back();
  EXPECT_EQ(check_knn_ranking(r, 3), "4 ids and 3 scores for 4 answers");
  EXPECT_EQ(check_knn_ranking(right, 2), "query 2 has 3 answers, more than k = 2");
  EXPECT_EQ(check_knn_ranking(right, 3, true, 7),
            "query 2, rank 3: answer 7 is not an id (there are 7)");
  r = right;
  r.scores[1] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(check_knn_ranking(r, 3), "query 2, rank 2: answer 5 scores NaN");
  r = right;
  r.scores[1] = 4.0;
  EXPECT_EQ(check_knn_ranking(r, 3),
            "query 2, rank 2: answer 5 (score 4) comes after 1 (score 3), out of order");
  r = right;
  std::swap(r.ids[1], r.ids[2]);
  EXPECT_EQ(check_knn_ranking(r, 3),
            "query 2, rank 3: answer 5 (score 2) comes after 7 (score 2), out of order");
  EXPECT_EQ(check_knn_ranking(right, 3, false),
            "query 2, rank 2: answer 5 (score 2) comes after 1 (score 3), out of order");
  r = result_of({2}, {{{1, 3.0}, {5, 2.0}, {1, 1.0}}});
  EXPECT_EQ(check_knn_ranking(r, 3), "query 2 holds answer 1 twice");
  const VertexNamer one_based = [](Vertex v) { return std::to_string(v + 1); };
  EXPECT_EQ(check_knn_ranking(r, 3, true, 8, one_based, one_based), "query 3 holds answer 2 twice");
}

TEST(KnnVerify, RejectsAnswersThatDifferBetweenEngines) {
  const KnnResult ours = result_of({3, 6}, {{{5, 2.0}, {8, 1.0}, {4, 0.5}}, {{2, 1.0}}});
  const KnnResult fewer_queries = result_of({3}, {{{5, 2.0}, {8, 1.0}, {4, 0.5}}});
  EXPECT_EQ(
      compare_knn(ours, fewer_queries, true, dense_vertex_name, dense_vertex_name, kEngines).error,
      "spgraph answered 2 queries but GraphBLAS 1");
  const KnnResult fewer = result_of({3, 6}, {{{5, 2.0}, {8, 1.0}}, {{2, 1.0}}});
  EXPECT_EQ(compare_knn(ours, fewer, true, dense_vertex_name, dense_vertex_name, kEngines).error,
            "query 3: spgraph has 3 answers but GraphBLAS has 2");
  const KnnResult score = result_of({3, 6}, {{{5, 2.0}, {8, 1.0}, {4, 0.5}}, {{2, 1.5}}});
  EXPECT_EQ(compare_knn(ours, score, false, dense_vertex_name, dense_vertex_name, kEngines).error,
            "query 6, rank 1: spgraph has 2 (score 1), GraphBLAS has 2 (score 1.5)");
  const KnnResult ulp =
      result_of({3, 6}, {{{5, 2.0}, {8, std::nextafter(1.0, 2.0)}, {4, 0.5}}, {{2, 1.0}}});
  EXPECT_EQ(compare_knn(ours, ulp, true).error,
            "query 3, rank 2: the answer has 8 (score 1), the reference has 8 (score "
            "1.0000000000000002)");
  EXPECT_EQ(compare_knn(ours, ulp, false).error, "");  // within 1e-12
  const KnnResult other_id = result_of({3, 6}, {{{5, 2.0}, {9, 1.0}, {4, 0.5}}, {{2, 1.0}}});
  EXPECT_EQ(compare_knn(ours, other_id, false).error,
            "query 3, rank 2: the answer has 8 (score 1), the reference has 9 (score 1)");
  const KnnResult swapped = result_of({3, 6}, {{{8, 2.0}, {5, 1.0}, {4, 0.5}}, {{2, 1.0}}});
  EXPECT_NE(compare_knn(ours, swapped, false).error, "");
  const VertexNamer one_based = [](Vertex v) { return std::to_string(v + 1); };
  EXPECT_EQ(compare_knn(ours, other_id, true, one_based, one_based, kEngines).error,
            "query 4, rank 2: spgraph has 9 (score 1), GraphBLAS has 10 (score 1)");
}

TEST(KnnVerify, RejectsEveryRandomPerturbationOfARealAnswer) {
  const std::uint64_t seed = 1405;
  const std::vector<Arc> arcs = power_law(200, 700, seed);
  const Matrix<bool> a = pattern_of<bool>(200, arcs);
  SimilarityKnnOptions o;
  o.k = 6;
  o.measure = SimilarityMeasure::Jaccard;
  const KnnResult right = similarity_knn_all(a, o);
  ASSERT_EQ(check_knn_ranking(right, 6, true, 200), "");
  ASSERT_GT(right.ids.size(), 100u);
  std::mt19937_64 rng(seed);
  int tried = 0;
  for (int trial = 0; trial < 300; ++trial) {
    KnnResult wrong = right;
    const std::size_t at = rng() % wrong.ids.size();
    if (trial % 2) {
      // A score moved by a millionth of the row's best: beyond any tolerance.
      wrong.scores[at] += 1e-6 * (trial % 4 == 1 ? 1 : -1);
      EXPECT_NE(compare_knn(wrong, right, false).error, "") << "answer " << at;
      EXPECT_NE(compare_knn(wrong, right, true).error, "") << "answer " << at;
    } else {
      // Another id, except at a row's last rank: there compare_knn lets another id of the
      // same score stand (a tie at the cut-off, which only every candidate's score settles).
      const std::size_t q = std::size_t(
          std::upper_bound(wrong.ptr.begin(), wrong.ptr.end(), Offset(at)) - wrong.ptr.begin() - 1);
      if (Offset(at) + 1 == wrong.ptr[q + 1]) continue;
      wrong.ids[at] = Vertex((wrong.ids[at] + 1 + rng() % 198) % 200);
      EXPECT_NE(compare_knn(wrong, right, true).error, "") << "answer " << at;
    }
    ++tried;
  }
  EXPECT_GT(tried, 200);
}

}  // namespace
}  // namespace spgraph::testing::knn
