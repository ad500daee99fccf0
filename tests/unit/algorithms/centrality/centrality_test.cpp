// SPDX-License-Identifier: Apache-2.0
// Betweenness centrality against independent oracles: path enumeration on tiny graphs (the
// definition, tests/oracle/bc_oracle.hpp) and Boost.Graph's brandes_betweenness_centrality
// (when built with Boost) on random directed and undirected graphs, weighted and unweighted,
// with isolated vertices and unreachable parts, self-loops and repeated arcs; one source per
// search against four (batched) on graphs large enough for parallel and bottom-up levels;
// sampled sources against the sum of single-source runs; the scalings; empty, single-vertex
// and edgeless graphs; and bad arguments. Every unweighted answer also passes the verifier's
// check against the graph alone (centrality_verify.hpp).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "algorithms/centrality/centrality.hpp"
#include "algorithms/centrality/centrality_verify.hpp"
#include "engine/core/error.hpp"
#include "tests/oracle/bc_oracle.hpp"
#include "tests/unit/algorithms/random_graphs.hpp"

namespace spgraph::testing {
namespace {

/// Random distinct arcs with integer lengths in [1, 4] (exact sums, so ties are exact), among
/// the first n - n/5 vertices; with `undirected` both directions with the same length.
Matrix<double> random_weighted(Vertex n, Offset m, std::uint64_t seed, bool undirected) {
  std::mt19937_64 rng(seed);
  const Vertex live = std::max<Vertex>(1, n - n / 5);
  std::set<std::pair<Vertex, Vertex>> seen;
  std::vector<Vertex> r, c;
  std::vector<double> w;
  for (Offset k = 0; k < m; ++k) {
    Vertex u = Vertex(rng() % live), v = Vertex(rng() % live);
    const double len = double(1 + rng() % 4);
    if (undirected && v < u) std::swap(u, v);
    if (!seen.insert({u, v}).second) continue;
    r.push_back(u), c.push_back(v), w.push_back(len);
    if (undirected && u != v) r.push_back(v), c.push_back(u), w.push_back(len);
  }
  return Matrix<double>::build(n, n, r, c, w);
}

std::vector<Vertex> all_vertices(Vertex n) {
  std::vector<Vertex> s(n);
  for (Vertex v = 0; v < n; ++v) s[v] = v;
  return s;
}

/// Raw scores (every vertex named as a source, so no scaling) by the chosen method.
template <class T>
BcResult raw_bc(const Matrix<T>& a, bool undirected, bool weighted, BcMethod method) {
  BcOptions o;
  o.sources = all_vertices(a.nrows());
  o.undirected = undirected;
  o.weighted = weighted;
  o.method = method;
  return betweenness(a, o);
}

TEST(Betweenness, TinyGraphsMatchPathEnumeration) {
  int cases = 0;
  for (Vertex n = 1; n <= 7; ++n)
    for (std::uint64_t seed = 0; seed < 6; ++seed)
      for (const bool undirected : {false, true}) {
        const Matrix<bool> g = random_pattern_graph(n, 2 * n, seed * 31 + n, undirected);
        const Matrix<double> wg = random_weighted(n, 2 * n, seed * 17 + n, undirected);
        const auto want = brute_force_bc(g.csr(), false);
        const auto want_w = brute_force_bc(wg.csr(), true);
        for (const BcMethod m : {BcMethod::PerSource, BcMethod::Batched}) {
          EXPECT_EQ(compare_scores(raw_bc(g, undirected, false, m).score, want), "")
              << "n=" << n << " seed=" << seed << " undirected=" << undirected;
          EXPECT_EQ(compare_scores(raw_bc(wg, undirected, true, m).score, want_w), "")
              << "weighted n=" << n << " seed=" << seed << " undirected=" << undirected;
        }
        ++cases;
      }
  EXPECT_EQ(cases, 7 * 6 * 2);
}

TEST(Betweenness, PathEnumerationSeesSharedShortestPaths) {
  // A diamond 0 -> {1, 2} -> 3 and a tail 3 -> 4: two shortest 0-3 paths, each middle vertex
  // carries half of the pairs (0,3) and (0,4); 3 carries (0,4), (1,4), (2,4).
  const std::vector<Vertex> r{0, 0, 1, 2, 3}, c{1, 2, 3, 3, 4};
  const Matrix<bool> g = Matrix<bool>::build_pattern(5, 5, r, c);
  const std::vector<double> want{0, 1, 1, 3, 0};
  EXPECT_EQ(brute_force_bc(g.csr(), false), want);
  EXPECT_EQ(compare_scores(raw_bc(g, false, false, BcMethod::Auto).score, want), "");
}

#ifdef SPGRAPH_HAVE_BOOST
TEST(Betweenness, RandomGraphsMatchBoost) {
  int checked = 0;
  for (const Vertex n : {40u, 150u, 400u})
    for (const bool undirected : {false, true})
      for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        // Isolated vertices (every 6th) and, being sparse, several components.
        const Matrix<bool> g = random_pattern_graph(n, 2 * n, seed + n, undirected, 6);
        const auto boost = boost_bc(g.csr(), undirected, false);
        for (const BcMethod m : {BcMethod::PerSource, BcMethod::Batched}) {
          BcOptions o;  // exact, default scaling: networkx's (undirected halved)
          o.undirected = undirected;
          o.method = m;
          const BcResult r = betweenness(g, o);
          // Boost halves undirected sums, as networkx does: the default scaling.
          EXPECT_EQ(compare_scores(r.score, boost), "")
              << "n=" << n << " undirected=" << undirected;
          const BcResult raw = raw_bc(g, undirected, false, m);
          EXPECT_EQ(check_bc_total(g.csr(), raw.sources, raw.score), "");
        }
        const Matrix<double> wg = random_weighted(n, 3 * n, seed * 7 + n, undirected);
        std::vector<double> boost_w = boost_bc(wg.csr(), undirected, true);
        if (undirected)  // raw sums count each unordered pair from both ends
          for (double& x : boost_w) x *= 2;
        EXPECT_EQ(compare_scores(raw_bc(wg, undirected, true, BcMethod::Auto).score, boost_w), "")
            << "weighted n=" << n << " undirected=" << undirected;
        ++checked;
      }
  EXPECT_EQ(checked, 12);
}
#endif

TEST(Betweenness, BatchedEqualsPerSourceOnLargeGraphs) {
  // Enough arcs for parallel levels and dense enough for bottom-up ones.
  for (const bool undirected : {false, true}) {
    const Matrix<bool> g = random_pattern_graph(20000, 160000, 99, undirected, 10);
    BcOptions o;
    o.undirected = undirected;
    o.sources = sample_sources(g, 9, 5);
    o.method = BcMethod::PerSource;
    const BcResult one = betweenness(g, o);
    o.method = BcMethod::Batched;
    const BcResult four = betweenness(g, o);
    EXPECT_FALSE(one.batched);
    EXPECT_TRUE(four.batched);
    EXPECT_GT(one.pull_steps, 0);
    EXPECT_GT(one.push_steps, 0);
    EXPECT_EQ(compare_scores(four.score, one.score), "");
    EXPECT_EQ(check_bc_total(g.csr(), one.sources, one.score), "");
    double total = 0;
    for (const double x : one.score) total += x;
    EXPECT_GT(total, 0);
  }
}

TEST(Betweenness, SelfLoopsAndRepeatedArcsChangeNothing) {
  for (const bool undirected : {false, true}) {
    const Matrix<bool> g = random_pattern_graph(60, 150, 4, undirected);
    std::vector<Vertex> r, c;
    for (Vertex u = 0; u < 60; ++u)
      for (Offset k = g.csr().row_begin(u); k < g.csr().row_end(u); ++k) {
        if (g.csr().col[k] == u) continue;
        for (int copies = 0; copies < 1 + int(u % 3); ++copies)  // repeats, merged by build
          r.push_back(u), c.push_back(g.csr().col[k]);
      }
    const Matrix<bool> clean = Matrix<bool>::build_pattern(60, 60, r, c);
    for (Vertex v = 0; v < 60; v += 3) r.push_back(v), c.push_back(v);
    const Matrix<bool> loops = Matrix<bool>::build_pattern(60, 60, r, c);
    for (const BcMethod m : {BcMethod::PerSource, BcMethod::Batched}) {
      const auto want = raw_bc(clean, undirected, false, m).score;
      EXPECT_EQ(raw_bc(loops, undirected, false, m).score, want);
      EXPECT_EQ(check_bc_total(clean.csr(), all_vertices(60), want), "");
    }
  }
}

TEST(Betweenness, SampledSourcesSumSingleSourceRuns) {
  const Matrix<bool> g = random_pattern_graph(300, 900, 12, false, 7);
  const std::vector<Vertex> s = sample_sources(g, 6, 42);
  ASSERT_EQ(s.size(), 6u);
  EXPECT_EQ(s, sample_sources(g, 6, 42));
  EXPECT_NE(s, sample_sources(g, 6, 43));
  EXPECT_EQ(std::set<Vertex>(s.begin(), s.end()).size(), 6u);
  BcOptions o;
  o.sources = s;
  const BcResult r = betweenness(g, o);
  EXPECT_EQ(r.scaling, BcScaling::Raw);
  std::vector<double> sum(300, 0.0);
  for (const Vertex src : s) {
    BcOptions one;
    one.sources = {src};
    one.method = BcMethod::PerSource;
    const BcResult single = betweenness(g, one);
    for (Vertex v = 0; v < 300; ++v) sum[v] += single.score[v];
  }
  EXPECT_EQ(compare_scores(r.score, sum), "");
  EXPECT_EQ(check_bc_total(g.csr(), s, r.score), "");
  EXPECT_THROW(sample_sources(g, 300, 1), InvalidArgument);
}

TEST(Betweenness, Scalings) {
  const Matrix<bool> g = random_pattern_graph(30, 90, 8, true);
  const auto raw = raw_bc(g, true, false, BcMethod::Auto).score;
  BcOptions o;
  o.undirected = true;
  auto scaled = [&](double f) {
    std::vector<double> s = raw;
    for (double& x : s) x *= f;
    return s;
  };
  EXPECT_EQ(compare_scores(betweenness(g, o).score, scaled(0.5)), "");
  o.normalize = true;
  EXPECT_EQ(compare_scores(betweenness(g, o).score, scaled(1.0 / (29.0 * 28.0))), "");
  o.undirected = false;  // the same symmetric graph read as directed: normalized alike
  EXPECT_EQ(compare_scores(betweenness(g, o).score, scaled(1.0 / (29.0 * 28.0))), "");
  o.normalize = false;
  EXPECT_EQ(compare_scores(betweenness(g, o).score, raw), "");
  o.sources = {0, 1, 2};
  const auto three = betweenness(g, o).score;
  o.normalize = true;
  const auto three_n = betweenness(g, o);
  EXPECT_EQ(three_n.scaling, BcScaling::SampledNormalized);
  std::vector<double> want = three;
  for (double& x : want) x *= 30.0 / (3.0 * 29.0 * 28.0);
  EXPECT_EQ(compare_scores(three_n.score, want), "");
}

TEST(Betweenness, EmptySingleVertexAndEdgelessGraphs) {
  const Matrix<bool> empty = Matrix<bool>::build_pattern(0, 0, {}, {});
  EXPECT_TRUE(betweenness(empty).score.empty());
  const Matrix<bool> one = Matrix<bool>::build_pattern(1, 1, {}, {});
  EXPECT_EQ(betweenness(one).score, std::vector<double>{0.0});
  const Matrix<bool> loop =
      Matrix<bool>::build_pattern(1, 1, std::vector<Vertex>{0}, std::vector<Vertex>{0});
  EXPECT_EQ(betweenness(loop).score, std::vector<double>{0.0});
  const Matrix<bool> none = Matrix<bool>::build_pattern(50, 50, {}, {});
  BcOptions o;
  o.normalize = true;
  EXPECT_EQ(betweenness(none, o).score, std::vector<double>(50, 0.0));
  EXPECT_THROW(sample_sources(none, 1, 1), InvalidArgument);
}

TEST(Betweenness, BadArgumentsAreNamedErrors) {
  const Matrix<bool> rect = Matrix<bool>::build_pattern(3, 4, {}, {});
  EXPECT_THROW(betweenness(rect), DimensionMismatch);
  const Matrix<bool> g = random_pattern_graph(10, 20, 1, false);
  BcOptions o;
  o.sources = {3, 10};
  EXPECT_THROW(betweenness(g, o), IndexOutOfBounds);
  const std::vector<Vertex> r{0, 1}, c{1, 2};
  for (const double bad : {0.0, -1.0}) {
    const std::vector<double> w{1.0, bad};
    const Matrix<double> wg = Matrix<double>::build(3, 3, r, c, w);
    BcOptions ow;
    ow.weighted = true;
    EXPECT_THROW(betweenness(wg, ow), InvalidArgument);
    ow.weighted = false;  // lengths ignored: fine
    EXPECT_EQ(betweenness(wg, ow).score, (std::vector<double>{0, 1, 0}));
  }
}

TEST(BetweennessVerify, ComparisonNamesTheVertexAndTotalCatchesWrongScores) {
  const Matrix<bool> g = random_pattern_graph(80, 240, 3, false);
  const BcResult r = raw_bc(g, false, false, BcMethod::Auto);
  EXPECT_EQ(check_bc_total(g.csr(), r.sources, r.score), "");
  std::vector<double> off = r.score;
  Vertex v = 0;
  while (off[v] == 0) ++v;
  off[v] *= 1.001;
  const std::string msg =
      compare_scores(off, r.score, [](Vertex x) { return "v" + std::to_string(x); });
  EXPECT_NE(msg.find("vertex v" + std::to_string(v) + " "), std::string::npos) << msg;
  EXPECT_NE(check_bc_total(g.csr(), r.sources, off), "");
  off[v] = -1;
  EXPECT_NE(check_bc_total(g.csr(), r.sources, off).find("is -1"), std::string::npos);
  std::vector<double> close = r.score;
  close[v] *= 1 + 1e-12;
  EXPECT_EQ(compare_scores(close, r.score), "");
  EXPECT_NE(compare_scores(std::vector<double>(3), std::vector<double>(4)), "");
}

}  // namespace
}  // namespace spgraph::testing
