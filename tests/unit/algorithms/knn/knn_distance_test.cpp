// SPDX-License-Identifier: Apache-2.0
// distance_knn against a serial FIFO BFS (hops) and an O(n²) Dijkstra (weighted), both in
// knn_oracle.hpp: the expected answer is every reached vertex sorted by (distance, id), the
// source dropped unless include_self, cut at k; unreachable vertices never appear. Random
// Erdős–Rényi and power-law graphs (seeds printed) with zero weights, repeats (summed by
// Matrix::build) and self-loops, as double, int32, bool and pattern matrices; ties at the k
// boundary (a star, zero-weight arcs around the source); thread counts; empty and edgeless
// graphs; errors (non-square, query out of range, negative or NaN weights).
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/knn/knn.hpp"
#include "engine/core/error.hpp"
#include "tests/unit/algorithms/knn/knn_oracle.hpp"

namespace spgraph::testing::knn {
namespace {

std::string describe(const DistanceKnnOptions& o) {
  std::string s = o.kind == DistanceKind::Hops ? "hops" : "weighted";
  s += " k ";
  s += std::to_string(o.k);
  if (o.include_self) s += " +self";
  return s;
}

using Answers = std::vector<std::vector<Scored>>;

/// The oracle's answers for `queries` on the arcs.
Answers distance_answers(Vertex n, const std::vector<Arc>& arcs, const std::vector<Vertex>& queries,
                         DistanceKind kind, bool include_self) {
  Answers want;
  for (Vertex s : queries)
    want.push_back(nearest(kind == DistanceKind::Hops ? bfs_hops(n, arcs, s) : dijkstra(n, arcs, s),
                           s, include_self));
  return want;
}

/// Oracle answers for one graph, per (kind, include_self): one BFS and one Dijkstra per query.
struct DistanceOracle {
  Answers want[2][2];
  DistanceOracle(Vertex n, const std::vector<Arc>& arcs, const std::vector<Vertex>& queries) {
    for (Vertex s : queries) {
      const std::vector<double> hops = bfs_hops(n, arcs, s), dist = dijkstra(n, arcs, s);
      for (int self = 0; self < 2; ++self) {
        want[0][self].push_back(nearest(hops, s, self));
        want[1][self].push_back(nearest(dist, s, self));
      }
    }
  }
};

template <class T>
void expect_distances(const Matrix<T>& a, const DistanceOracle& oracle,
                      const std::vector<Vertex>& queries, const std::vector<std::size_t>& ks) {
  for (DistanceKind kind : {DistanceKind::Hops, DistanceKind::Weighted})
    for (bool self : {false, true})
      for (std::size_t k : ks) {
        DistanceKnnOptions o;
        o.kind = kind;
        o.include_self = self;
        o.k = k;
        SCOPED_TRACE(describe(o));
        expect_result(distance_knn(a, std::span<const Vertex>(queries), o), queries,
                      oracle.want[kind == DistanceKind::Weighted][self], k, false, 0.0);
      }
}

std::vector<Vertex> sample_queries(Vertex n) {
  std::vector<Vertex> q;
  for (Vertex v = 0; v < n; v += 9) q.push_back(v);
  q.push_back(n - 1);  // isolated (the generators leave the last tenth without arcs)
  q.push_back(0);      // a repeat
  return q;
}

TEST(KnnDistance, RandomGraphsMatchBfsAndDijkstra) {
  struct Case {
    std::string name;
    Vertex n;
    std::vector<Arc> arcs;
  };
  // Integer weights (0 included) keep every path sum exact, so ties are real ties.
  const std::vector<Case> cases = {
      {"erdos-renyi 400 weights 0..9", 400, erdos_renyi(400, 1000, 2101, 0, 9)},
      {"erdos-renyi 300 weights 1..1", 300, erdos_renyi(300, 500, 2102, 1, 1)},
      {"power-law 500 weights 0..4", 500, power_law(500, 1500, 2103, 0, 4)},
      {"symmetric erdos-renyi 300 weights 1..20", 300, erdos_renyi(300, 700, 2104, 1, 20, true)}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::vector<Vertex> queries = sample_queries(c.n);
    const std::vector<std::size_t> ks = {0, 1, 7, 40, std::size_t(c.n) + 5};
    const DistanceOracle weighted(c.n, c.arcs, queries);
    expect_distances(valued_of<double>(c.n, c.arcs), weighted, queries, ks);
    expect_distances(valued_of<std::int32_t>(c.n, c.arcs), weighted, queries, {1, 40});
    expect_distances(valued_of<float>(c.n, c.arcs), weighted, queries, {7});
    // Pattern and bool arcs weigh 1: weighted distances are hop counts.
    std::vector<Arc> unit = c.arcs;
    for (Arc& a : unit) a.w = 1;
    std::vector<Arc> unit_once;  // unit weights, repeats dropped (a pattern has no sums)
    {
      std::set<std::pair<Vertex, Vertex>> seen;
      for (const Arc& a : unit)
        if (seen.insert({a.u, a.v}).second) unit_once.push_back(a);
    }
    const DistanceOracle unweighted(c.n, unit_once, queries);
    expect_distances(pattern_of<bool>(c.n, c.arcs), unweighted, queries, {1, 7, 40});
    expect_distances(pattern_of<double>(c.n, c.arcs), unweighted, queries, {7});
  }
}

TEST(KnnDistance, HopsIgnoreWeightsAndWeightedPathsBeatShortOnes) {
  // 0 -> 1 (10), 0 -> 2 (1), 2 -> 3 (1), 3 -> 1 (1), 3 -> 5 (0).
  const Vertex n = 6;
  const std::vector<Arc> arcs = {{0, 1, 10}, {0, 2, 1}, {2, 3, 1}, {3, 1, 1}, {3, 5, 0}};
  const std::vector<Vertex> q{0};
  const Matrix<double> a = valued_of<double>(n, arcs);
  DistanceKnnOptions o;
  o.kind = DistanceKind::Weighted;
  KnnResult r = distance_knn(a, std::span<const Vertex>(q), o);
  // Distances: 2 -> 1, 3 -> 2, 5 -> 2, 1 -> 3; 4 unreachable.
  EXPECT_EQ(std::vector<Vertex>(r.ids.begin(), r.ids.end()), (std::vector<Vertex>{2, 3, 5, 1}));
  EXPECT_EQ(r.scores, (std::vector<double>{1, 2, 2, 3}));
  o.kind = DistanceKind::Hops;
  r = distance_knn(a, std::span<const Vertex>(q), o);
  EXPECT_EQ(std::vector<Vertex>(r.ids.begin(), r.ids.end()), (std::vector<Vertex>{1, 2, 3, 5}));
  EXPECT_EQ(r.scores, (std::vector<double>{1, 1, 2, 3}));

  // A negative weight is fine for hops, refused for weighted distances.
  std::vector<Arc> negative = arcs;
  negative.push_back({0, 4, -5});
  const Matrix<double> b = valued_of<double>(n, negative);
  r = distance_knn(b, std::span<const Vertex>(q), o);
  EXPECT_EQ(std::vector<Vertex>(r.ids.begin(), r.ids.end()), (std::vector<Vertex>{1, 2, 4, 3, 5}));
  o.kind = DistanceKind::Weighted;
  EXPECT_THROW(distance_knn(b, std::span<const Vertex>(q), o), InvalidArgument);
  const Matrix<std::int32_t> b32 = valued_of<std::int32_t>(n, negative);
  EXPECT_THROW(distance_knn(b32, std::span<const Vertex>(q), o), InvalidArgument);
  std::vector<Arc> nan = arcs;
  nan.push_back({0, 4, std::numeric_limits<double>::quiet_NaN()});
  const Matrix<double> c = valued_of<double>(n, nan);
  EXPECT_THROW(distance_knn(c, std::span<const Vertex>(q), o), InvalidArgument);
  o.kind = DistanceKind::Hops;
  EXPECT_EQ(distance_knn(c, std::span<const Vertex>(q), o).ids.size(), 5u);
}

TEST(KnnDistance, TiesAtTheKBoundaryGoToSmallerIds) {
  // Star: hub 0, leaves 1..L both ways. From the hub every leaf is at 1; from a leaf the hub
  // is at 1 and every other leaf at 2.
  const Vertex leaves = 3000, n = leaves + 1;
  std::vector<Arc> arcs;
  for (Vertex v = leaves; v >= 1; --v) {
    arcs.push_back({0, v, 2});
    arcs.push_back({v, 0, 2});
  }
  const Matrix<double> a = valued_of<double>(n, arcs);
  const std::vector<Vertex> q{0, 5, leaves};
  for (DistanceKind kind : {DistanceKind::Hops, DistanceKind::Weighted}) {
    DistanceKnnOptions o;
    o.kind = kind;
    o.k = 3;
    const double step = kind == DistanceKind::Hops ? 1 : 2;
    KnnResult r = distance_knn(a, std::span<const Vertex>(q), o);
    ASSERT_EQ(r.num_queries(), 3u);
    auto ids = [&](std::size_t i) {
      return std::vector<Vertex>(r.ids_of(i).begin(), r.ids_of(i).end());
    };
    auto scores = [&](std::size_t i) {
      return std::vector<double>(r.scores_of(i).begin(), r.scores_of(i).end());
    };
    EXPECT_EQ(ids(0), (std::vector<Vertex>{1, 2, 3}));
    EXPECT_EQ(scores(0), (std::vector<double>{step, step, step}));
    EXPECT_EQ(ids(1), (std::vector<Vertex>{0, 1, 2}));
    EXPECT_EQ(scores(1), (std::vector<double>{step, 2 * step, 2 * step}));
    EXPECT_EQ(ids(2), (std::vector<Vertex>{0, 1, 2}));
    o.include_self = true;
    r = distance_knn(a, std::span<const Vertex>(q), o);
    EXPECT_EQ(ids(0), (std::vector<Vertex>{0, 1, 2}));
    EXPECT_EQ(ids(1), (std::vector<Vertex>{5, 0, 1}));
    EXPECT_EQ(scores(1), (std::vector<double>{0, step, 2 * step}));
    o.k = n + 10;
    o.include_self = false;
    r = distance_knn(a, std::span<const Vertex>(q), o);
    EXPECT_EQ(r.ids_of(0).size(), std::size_t(leaves));
    EXPECT_EQ(r.ids_of(1).size(), std::size_t(leaves));
    const auto want = distance_answers(n, arcs, q, kind, false);
    expect_result(r, q, want, o.k, false, 0.0);
  }

  // Zero-weight arcs: vertices at distance 0 from the source tie with it and go by id.
  const std::vector<Arc> zero = {{5, 2, 0}, {5, 7, 0}, {2, 1, 0}, {5, 3, 1}, {7, 4, 1}};
  const Matrix<double> z = valued_of<double>(8, zero);
  const std::vector<Vertex> q5{5};
  DistanceKnnOptions o;
  o.kind = DistanceKind::Weighted;
  o.include_self = true;
  o.k = 4;
  KnnResult r = distance_knn(z, std::span<const Vertex>(q5), o);
  EXPECT_EQ(std::vector<Vertex>(r.ids.begin(), r.ids.end()), (std::vector<Vertex>{1, 2, 5, 7}));
  EXPECT_EQ(r.scores, (std::vector<double>{0, 0, 0, 0}));
  o.include_self = false;
  o.k = 10;
  r = distance_knn(z, std::span<const Vertex>(q5), o);
  EXPECT_EQ(std::vector<Vertex>(r.ids.begin(), r.ids.end()), (std::vector<Vertex>{1, 2, 7, 3, 4}));
  EXPECT_EQ(r.scores, (std::vector<double>{0, 0, 0, 1, 1}));
}

TEST(KnnDistance, UnreachableAndIsolatedVerticesNeverAppear) {
  // A directed chain 0 -> 1 -> 2 -> 3 and an isolated 4 with a self-loop.
  const std::vector<Arc> arcs = {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {4, 4, 1}, {3, 3, 2}};
  const Matrix<double> a = valued_of<double>(5, arcs);
  const std::vector<Vertex> q{3, 4, 0, 2};
  for (DistanceKind kind : {DistanceKind::Hops, DistanceKind::Weighted}) {
    DistanceKnnOptions o;
    o.kind = kind;
    o.k = 100;
    KnnResult r = distance_knn(a, std::span<const Vertex>(q), o);
    ASSERT_EQ(r.num_queries(), 4u);
    EXPECT_EQ(r.ids_of(0).size(), 0u);
    EXPECT_EQ(r.ids_of(1).size(), 0u);
    EXPECT_EQ(std::vector<Vertex>(r.ids_of(2).begin(), r.ids_of(2).end()),
              (std::vector<Vertex>{1, 2, 3}));
    EXPECT_EQ(std::vector<Vertex>(r.ids_of(3).begin(), r.ids_of(3).end()),
              (std::vector<Vertex>{3}));
    o.include_self = true;
    r = distance_knn(a, std::span<const Vertex>(q), o);
    EXPECT_EQ(std::vector<Vertex>(r.ids_of(1).begin(), r.ids_of(1).end()),
              (std::vector<Vertex>{4}));
    EXPECT_EQ(r.scores_of(1)[0], 0.0);
    o.k = 0;
    r = distance_knn(a, std::span<const Vertex>(q), o);
    EXPECT_EQ(r.ptr, (std::vector<Offset>{0, 0, 0, 0, 0}));
  }
}

TEST(KnnDistance, EmptyAndEdgelessGraphs) {
  const Matrix<double> none(0, 0);
  const std::vector<Vertex> no_queries, q0{0};
  EXPECT_EQ(distance_knn(none, std::span<const Vertex>(no_queries)).num_queries(), 0u);
  EXPECT_THROW(distance_knn(none, std::span<const Vertex>(q0)), IndexOutOfBounds);
  const Matrix<bool> edgeless(4, 4, true);
  const std::vector<Vertex> q{0, 1, 2, 3};
  for (DistanceKind kind : {DistanceKind::Hops, DistanceKind::Weighted}) {
    DistanceKnnOptions o;
    o.kind = kind;
    KnnResult r = distance_knn(edgeless, std::span<const Vertex>(q), o);
    EXPECT_EQ(r.queries, q);
    EXPECT_EQ(r.ptr, (std::vector<Offset>{0, 0, 0, 0, 0}));
    o.include_self = true;
    r = distance_knn(edgeless, std::span<const Vertex>(q), o);
    EXPECT_EQ(r.ids, q);
    EXPECT_EQ(r.scores, (std::vector<double>{0, 0, 0, 0}));
  }
}

TEST(KnnDistance, Errors) {
  const Matrix<double> rect(3, 5);
  const std::vector<Vertex> q0{0};
  EXPECT_THROW(distance_knn(rect, std::span<const Vertex>(q0)), DimensionMismatch);
  const Matrix<bool> a(5, 5, true);
  const std::vector<Vertex> bad{0, 5};
  for (DistanceKind kind : {DistanceKind::Hops, DistanceKind::Weighted}) {
    DistanceKnnOptions o;
    o.kind = kind;
    EXPECT_THROW(distance_knn(a, std::span<const Vertex>(bad), o), IndexOutOfBounds);
  }
}

TEST(KnnDistance, ThreadCountsGiveIdenticalAnswers) {
  const Vertex n = 700;
  const std::vector<Arc> arcs = power_law(n, 2400, 2201, 0, 3);
  const Matrix<double> a = valued_of<double>(n, arcs);
  std::vector<Vertex> q;
  for (Vertex v = 0; v < n; v += 7) q.push_back(v);
  const int before = omp_get_max_threads();
  for (DistanceKind kind : {DistanceKind::Hops, DistanceKind::Weighted})
    for (std::size_t k : {std::size_t(1), std::size_t(16), std::size_t(n)}) {
      DistanceKnnOptions o;
      o.kind = kind;
      o.k = k;
      SCOPED_TRACE(describe(o));
      omp_set_num_threads(1);
      const KnnResult one = distance_knn(a, std::span<const Vertex>(q), o);
      for (int threads : {2, 3}) {
        omp_set_num_threads(threads);
        expect_identical(one, distance_knn(a, std::span<const Vertex>(q), o));
      }
    }
  omp_set_num_threads(before);
}

}  // namespace
}  // namespace spgraph::testing::knn
