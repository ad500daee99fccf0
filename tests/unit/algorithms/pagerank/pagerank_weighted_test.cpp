// SPDX-License-Identifier: Apache-2.0
// Weighted PageRank and personalization weights (pagerank.hpp, pagerank_weighted.hpp) against a
// brute-force oracle: the dense transition matrix P(u, v) = A(u, v) / Σ_w A(u, w) built in long
// double from the test's own arc list, and a dense power iteration from the definitions (Gap:
// sinks leak; Standard: the sinks' rank goes to the teleport vector). Random weighted graphs,
// directed and undirected, with sinks, zero-weight arcs (a vertex whose arcs all weigh 0 is a
// sink), self-loops, repeated arcs (summed, as Matrix::build folds them) and isolated vertices;
// both variants, uniform / set / weighted teleport, double and float scores, snapshots; the
// verifier (pagerank_verify.hpp) on every answer; bad weights and bad options refused.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/pagerank/pagerank_verify.hpp"
#include "engine/core/error.hpp"
#include "engine/dynamic_graph.hpp"

namespace spgraph::testing {
namespace {

/// A weighted graph as the test knows it: arcs (u, v, w), repeats allowed.
struct WeightedArcs {
  Vertex n = 0;
  std::vector<Vertex> src, dst;
  std::vector<double> w;

  void add(Vertex u, Vertex v, double x) {
    src.push_back(u);
    dst.push_back(v);
    w.push_back(x);
  }
  Matrix<double> matrix() const { return Matrix<double>::build(n, n, src, dst, w); }
};

/// A random weighted graph: `m` draws among the first 3/4 of the vertices as sources and the
/// first 7/8 as targets (the rest are sinks or isolated), one weight in ten 0, self-loops and
/// repeats as they come; vertex 0's arcs all weigh 0 (a sink with out-arcs). Undirected: every
/// edge also reversed (a self-loop once), so A is symmetric.
WeightedArcs random_weighted(Vertex n, int m, std::uint64_t seed, bool undirected) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> weight(0.05, 3.0);
  WeightedArcs g;
  g.n = n;
  const Vertex sources = std::max<Vertex>(1, n * 3 / 4), targets = std::max<Vertex>(1, n * 7 / 8);
  for (int k = 0; k < m; ++k) {
    const Vertex u = Vertex(rng() % sources), v = Vertex(rng() % targets);
    const double x = (u == 0 || rng() % 10 == 0) ? 0.0 : weight(rng);
    g.add(u, v, x);
    if (undirected && u != v) g.add(v, u, x);
  }
  return g;
}

/// The teleport vector pagerank.hpp defines, in long double.
std::vector<long double> teleport(Vertex n, const std::vector<Vertex>& p,
                                  const std::vector<double>& weights) {
  std::vector<long double> t(n, p.empty() ? 1.0L / n : 0.0L);
  if (p.empty()) return t;
  long double total = 0;
  for (std::size_t k = 0; k < p.size(); ++k) total += weights.empty() ? 1.0L : weights[k];
  for (std::size_t k = 0; k < p.size(); ++k)
    t[p[k]] = (weights.empty() ? 1.0L : weights[k]) / total;
  return t;
}

/// Dense power iteration: exactly `steps` steps from the teleport vector.
std::vector<long double> dense_oracle(const WeightedArcs& g, bool weighted, bool standard,
                                      double damping, int steps, const std::vector<Vertex>& p,
                                      const std::vector<double>& pw) {
  const Vertex n = g.n;
  std::vector<std::vector<long double>> a(n, std::vector<long double>(n, 0.0L));
  for (std::size_t k = 0; k < g.src.size(); ++k) {
    // The structure holds one arc per (u, v); unweighted, that arc counts 1.
    long double& cell = a[g.src[k]][g.dst[k]];
    cell = weighted ? cell + g.w[k] : 1.0L;
  }
  std::vector<long double> out(n, 0.0L);
  for (Vertex u = 0; u < n; ++u)
    for (Vertex v = 0; v < n; ++v) out[u] += a[u][v];
  const std::vector<long double> tele = teleport(n, p, pw);
  std::vector<long double> r = tele;
  const long double d = damping;
  for (int s = 0; s < steps; ++s) {
    long double dangling = 0;
    for (Vertex u = 0; u < n; ++u)
      if (out[u] == 0) dangling += r[u];
    const long double tw = (1 - d) + (standard ? d * dangling : 0.0L);
    std::vector<long double> next(n);
    for (Vertex v = 0; v < n; ++v) {
      long double sum = 0;
      for (Vertex u = 0; u < n; ++u)
        if (out[u] > 0) sum += r[u] * a[u][v] / out[u];
      next[v] = tw * tele[v] + d * sum;
    }
    r = next;
  }
  return r;
}

void expect_ranks_near(const PageRankResult& got, const std::vector<long double>& want,
                       double tolerance) {
  ASSERT_EQ(got.rank.size(), want.size());
  for (std::size_t v = 0; v < want.size(); ++v)
    ASSERT_NEAR(got.rank[v], double(want[v]), tolerance) << "vertex " << v;
}

TEST(WeightedPageRank, RandomGraphsMatchTheDenseOracle) {
  int cases = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed)
    for (bool undirected : {false, true})
      for (auto variant : {PageRankVariant::Gap, PageRankVariant::Standard})
        for (int teleport_kind = 0; teleport_kind < 3; ++teleport_kind) {
          SCOPED_TRACE("seed " + std::to_string(seed) + (undirected ? " undirected" : "") +
                       " teleport " + std::to_string(teleport_kind));
          const Vertex n = Vertex(20 + 13 * seed);
          const WeightedArcs g = random_weighted(n, int(4 * n), seed, undirected);
          const Matrix<double> a = g.matrix();
          PageRankOptions o;
          o.weighted = true;
          o.undirected = undirected;
          o.variant = variant;
          o.tolerance = 0;
          o.max_iterations = 40;
          if (teleport_kind >= 1) o.personalize = {1, Vertex(n - 1), 5};
          if (teleport_kind == 2) o.personalize_weights = {0.5, 2.0, 0.0};
          const PageRankResult r = pagerank(a, o);
          EXPECT_EQ(r.iterations, 40);
          expect_ranks_near(r,
                            dense_oracle(g, true, variant == PageRankVariant::Standard, 0.85, 40,
                                         o.personalize, o.personalize_weights),
                            1e-13);
          EXPECT_EQ(check_pagerank(a.csr(), o, r), "");
          // Scores kept in float: single precision.
          o.precision = PageRankPrecision::Float;
          const PageRankResult f = pagerank(a, o);
          for (std::size_t v = 0; v < r.rank.size(); ++v)
            ASSERT_NEAR(f.rank[v], r.rank[v], 1e-6) << v;
          ++cases;
        }
  EXPECT_EQ(cases, 72);
}

TEST(WeightedPageRank, StandardRanksSumToOneAndGapLeaks) {
  const WeightedArcs g = random_weighted(200, 600, 9, false);
  const Matrix<double> a = g.matrix();
  PageRankOptions o;
  o.weighted = true;
  o.tolerance = 1e-12;
  o.max_iterations = 1000;
  o.variant = PageRankVariant::Standard;
  double sum = 0;
  for (double x : pagerank(a, o).rank) sum += x;
  EXPECT_NEAR(sum, 1.0, 1e-10);
  o.variant = PageRankVariant::Gap;
  sum = 0;
  for (double x : pagerank(a, o).rank) sum += x;
  EXPECT_LT(sum, 0.99);  // this graph has sinks
}

TEST(WeightedPageRank, EqualWeightsGiveTheUnweightedRanks) {
  for (bool undirected : {false, true}) {
    WeightedArcs g = random_weighted(300, 1200, 21, undirected);
    for (double& x : g.w) x = 2.5;  // every arc the same weight: P is the unweighted P
    // Repeated arcs keep one weight (FirstOp), so every stored arc weighs 2.5.
    const Matrix<double> a = Matrix<double>::build<FirstOp<double>>(g.n, g.n, g.src, g.dst, g.w);
    PageRankOptions o;
    o.undirected = undirected;
    o.tolerance = 0;
    o.max_iterations = 30;
    const PageRankResult plain = pagerank(a, o);
    o.weighted = true;
    const PageRankResult weighted = pagerank(a, o);
    for (std::size_t v = 0; v < plain.rank.size(); ++v)
      ASSERT_NEAR(weighted.rank[v], plain.rank[v], 1e-14) << v;
    // A pattern's values read 1: weighted equals unweighted.
    const Matrix<bool> p = Matrix<bool>::build_pattern(g.n, g.n, g.src, g.dst);
    const PageRankResult pw = pagerank(p, o);
    for (std::size_t v = 0; v < plain.rank.size(); ++v)
      ASSERT_NEAR(pw.rank[v], plain.rank[v], 1e-14) << v;
  }
}

TEST(WeightedPageRank, EqualPersonalizationWeightsEqualTheSet) {
  const WeightedArcs g = random_weighted(100, 500, 5, false);
  const Matrix<double> a = g.matrix();
  PageRankOptions o;
  o.personalize = {3, 7, 50};
  o.variant = PageRankVariant::Standard;
  const PageRankResult set = pagerank(a, o);
  o.personalize_weights = {4.0, 4.0, 4.0};
  const PageRankResult weighted = pagerank(a, o);
  EXPECT_EQ(set.iterations, weighted.iterations);
  for (std::size_t v = 0; v < set.rank.size(); ++v)
    ASSERT_NEAR(weighted.rank[v], set.rank[v], 1e-15) << v;
  EXPECT_EQ(check_pagerank(a.csr(), o, weighted), "");
}

TEST(WeightedPageRank, EdgeCases) {
  PageRankOptions o;
  o.weighted = true;
  // Empty graph.
  const Matrix<double> empty = Matrix<double>::build(0, 0, {}, {}, {});
  const PageRankResult e = pagerank(empty, o);
  EXPECT_TRUE(e.rank.empty());
  EXPECT_TRUE(e.converged);
  // One vertex with a self-loop keeps everything: rank 1 in both variants.
  WeightedArcs loop;
  loop.n = 1;
  loop.add(0, 0, 3.0);
  o.tolerance = 1e-14;
  o.max_iterations = 500;
  EXPECT_NEAR(pagerank(loop.matrix(), o).rank[0], 1.0, 1e-12);
  // Isolated vertices only: Gap gives (1-d)/n, Standard 1/n.
  WeightedArcs none;
  none.n = 4;
  EXPECT_NEAR(pagerank(none.matrix(), o).rank[2], 0.15 / 4, 1e-15);
  o.variant = PageRankVariant::Standard;
  EXPECT_NEAR(pagerank(none.matrix(), o).rank[2], 0.25, 1e-12);
  // Every arc weighs 0: every vertex is a sink.
  WeightedArcs zeros;
  zeros.n = 3;
  zeros.add(0, 1, 0.0);
  zeros.add(1, 2, 0.0);
  const PageRankResult z = pagerank(zeros.matrix(), o);
  for (double x : z.rank) EXPECT_NEAR(x, 1.0 / 3, 1e-12);
  // Two arcs out of 0 weighing 1 and 3: a quarter and three quarters of d · r[0].
  WeightedArcs fork;
  fork.n = 3;
  fork.add(0, 1, 1.0);
  fork.add(0, 2, 3.0);
  o.variant = PageRankVariant::Gap;
  o.tolerance = 0;
  o.max_iterations = 1;
  const PageRankResult f = pagerank(fork.matrix(), o);
  EXPECT_NEAR(f.rank[1], 0.05 + 0.85 * (1.0 / 3) * 0.25, 1e-15);
  EXPECT_NEAR(f.rank[2], 0.05 + 0.85 * (1.0 / 3) * 0.75, 1e-15);
}

TEST(WeightedPageRank, BadWeightsAndOptionsAreRefused) {
  PageRankOptions o;
  o.weighted = true;
  for (double bad :
       {-1.0, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
    WeightedArcs g;
    g.n = 3;
    g.add(0, 1, 1.0);
    g.add(2, 1, bad);
    EXPECT_THROW(pagerank(g.matrix(), o), InvalidArgument) << bad;
    o.weighted = false;  // unweighted runs read the structure only
    EXPECT_NO_THROW(pagerank(g.matrix(), o)) << bad;
    o.weighted = true;
  }
  const Matrix<double> a = random_weighted(30, 90, 3, false).matrix();
  PageRankOptions csr5 = o;
  csr5.spmv = SpmvFormat::Csr5;
  EXPECT_THROW(pagerank(a, csr5), InvalidArgument);
  PageRankOptions gs = o;
  gs.sweep = PageRankSweep::GaussSeidel;
  EXPECT_THROW(pagerank(a, gs), InvalidArgument);
  // Personalization weights: one per vertex, finite, >= 0, not all 0, no vertex twice.
  const std::vector<std::pair<std::vector<Vertex>, std::vector<double>>> bad = {
      {{1, 2}, {1.0}},
      {{1, 2}, {1.0, -0.5}},
      {{1, 2}, {1.0, std::numeric_limits<double>::quiet_NaN()}},
      {{1, 2}, {0.0, 0.0}},
      {{1, 1}, {1.0, 2.0}},
  };
  for (const auto& [p, w] : bad) {
    PageRankOptions b;
    b.personalize = p;
    b.personalize_weights = w;
    EXPECT_THROW(pagerank(a, b), InvalidArgument) << p.size() << " " << w.size();
  }
  PageRankOptions out;
  out.personalize = {99};
  out.personalize_weights = {1.0};
  EXPECT_THROW(pagerank(a, out), IndexOutOfBounds);
}

TEST(WeightedPageRank, SnapshotsMatchTheirMatrix) {
  for (bool directed : {false, true}) {
    std::mt19937_64 rng(31 + directed);
    DynamicGraphOptions go;
    go.directed = directed;
    DynamicGraph<double> g(500, go);
    UpdateBatch<double> batch;
    for (int k = 0; k < 2000; ++k)
      batch.insert(Vertex(rng() % 500), Vertex(rng() % 500), double(1 + rng() % 7));
    g.apply(batch);
    const GraphSnapshot<double> s = g.snapshot();
    PageRankOptions o;
    o.weighted = true;
    o.variant = PageRankVariant::Standard;
    o.personalize = {4, 9};
    o.personalize_weights = {1.0, 3.0};
    const PageRankResult want = pagerank(s.matrix(), o);
    const PageRankResult got = pagerank(s, o);
    EXPECT_EQ(got.iterations, want.iterations);
    ASSERT_EQ(got.rank.size(), want.rank.size());
    for (std::size_t v = 0; v < got.rank.size(); ++v) ASSERT_EQ(got.rank[v], want.rank[v]) << v;
    EXPECT_EQ(check_pagerank(s.matrix().csr(), o, got), "");
  }
}

TEST(WeightedPageRank, VerifierCatchesAnUnweightedAnswer) {
  const WeightedArcs g = random_weighted(80, 400, 13, false);
  const Matrix<double> a = g.matrix();
  PageRankOptions o;
  o.tolerance = 1e-10;
  o.max_iterations = 500;
  const PageRankResult plain = pagerank(a, o);
  o.weighted = true;
  // The unweighted fixed point is not the weighted one.
  EXPECT_NE(check_pagerank(a.csr(), o, plain), "");
  EXPECT_EQ(check_pagerank(a.csr(), o, pagerank(a, o)), "");
}

}  // namespace
}  // namespace spgraph::testing
