// SPDX-License-Identifier: Apache-2.0
// The PageRank verifier (algorithms/pagerank/pagerank_verify.hpp), the one `spgraph compare
// pagerank` uses: it accepts every variant's ranks on small and random graphs (empty graphs,
// sinks, self-loops, isolated vertices, personalization, runs cut at max_iterations and runs
// that converged, SpMV formats, runs one step apart) and rejects perturbed, swapped, uniform and
// wrong-variant answers and broken stopping rules, naming the first violation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/pagerank/pagerank_verify.hpp"
#include "tests/unit/algorithms/random_graphs.hpp"

namespace spgraph::testing {
namespace {

/// The shared random graph (random_graphs.hpp), the last n/10 vertices isolated.
Matrix<bool> random_graph(Vertex n, Offset m, std::uint64_t seed, bool undirected) {
  return random_pattern_graph(n, m, seed, undirected, 10);
}

const AnswerNames kEngines{"spgraph", "GraphBLAS"};

// ---- positive cases ---------------------------------------------------------------------------

TEST(PageRankVerify, AcceptsEveryVariantOnRandomGraphs) {
  const std::uint64_t seed = 19;
  RecordProperty("seed", std::to_string(seed));
  for (Vertex n : {1u, 7u, 300u, 3000u})
    for (bool undirected : {false, true})
      for (PageRankVariant var : {PageRankVariant::Gap, PageRankVariant::Standard})
        for (bool personal : {false, true})
          for (double tolerance : {0.0, 1e-4, 1e-10}) {
            SCOPED_TRACE("n " + std::to_string(n) + (undirected ? " undirected" : " directed") +
                         (var == PageRankVariant::Gap ? " gap" : " standard") +
                         (personal ? " personalized" : "") + " tolerance " +
                         std::to_string(tolerance));
            const Matrix<bool> a = random_graph(n, Offset(3 * n), seed + n, undirected);
            PageRankOptions o;
            o.variant = var;
            o.tolerance = tolerance;
            o.max_iterations = tolerance == 0 ? 25 : 1000;
            if (personal) o.personalize = {0, n / 2, n - 1, 0};
            const PageRankResult r = pagerank(a, o);
            EXPECT_EQ(check_pagerank(a.csr(), o, r), "");
            PageRankOptions csr5 = o;
            csr5.spmv = SpmvFormat::Csr5;
            const RankComparison c = compare_ranks(rank_run(r), rank_run(pagerank(a, csr5)),
                                                   dense_vertex_name, kEngines);
            EXPECT_EQ(c.error, "");
            EXPECT_LE(c.max_diff, c.bound);
          }
}

TEST(PageRankVerify, AcceptsEdgeCases) {
  PageRankOptions o;
  const Matrix<bool> empty(0, 0);
  EXPECT_EQ(check_pagerank(empty.csr(), o, pagerank(empty, o)), "");
  o.tolerance = 0;
  o.max_iterations = 5;
  const std::vector<Vertex> ids{0, 1, 2}, src{1, 2, 3, 4}, dst{0, 0, 0, 0};
  const Matrix<bool> none(4, 4);
  const Matrix<bool> loops = Matrix<bool>::build_pattern(3, 3, ids, ids);
  const Matrix<bool> star = Matrix<bool>::build_pattern(5, 5, src, dst);
  for (auto var : {PageRankVariant::Gap, PageRankVariant::Standard}) {
    o.variant = var;
    EXPECT_EQ(check_pagerank(none.csr(), o, pagerank(none, o)), "");
    EXPECT_EQ(check_pagerank(loops.csr(), o, pagerank(loops, o)), "");
    EXPECT_EQ(check_pagerank(star.csr(), o, pagerank(star, o)), "");
  }
}

TEST(PageRankVerify, RunsOneStepApartAgreeWithinThatStep) {
  const Matrix<bool> a = random_graph(500, 2500, 3, false);
  PageRankOptions o;
  o.tolerance = 0;
  o.max_iterations = 30;
  const PageRankResult r30 = pagerank(a, o);
  o.max_iterations = 31;
  const PageRankResult r31 = pagerank(a, o);
  const RankComparison c = compare_ranks(rank_run(r30), rank_run(r31));
  EXPECT_EQ(c.error, "");
  EXPECT_GT(c.max_diff, 0);
  EXPECT_GE(c.bound, r31.delta);
}

// ---- negative cases ---------------------------------------------------------------------------

TEST(PageRankVerify, RejectsBrokenResultsNamingTheFirstViolation) {
  const std::vector<Vertex> src{0, 1, 2}, dst{1, 2, 0};
  const Matrix<bool> ring = Matrix<bool>::build_pattern(3, 3, src, dst);
  PageRankOptions o;
  const PageRankResult right = pagerank(ring, o);
  ASSERT_EQ(check_pagerank(ring.csr(), o, right), "");
  ASSERT_TRUE(right.converged);
  PageRankResult r = right;
  r.rank.pop_back();
  EXPECT_EQ(check_pagerank(ring.csr(), o, r), "2 ranks for 3 vertices");
  r = right;
  r.rank[1] = -0.5;
  EXPECT_EQ(check_pagerank(ring.csr(), o, r), "rank of vertex 1 is -0.5");
  r.rank[1] = std::nan("");
  EXPECT_EQ(check_pagerank(ring.csr(), o, r), "rank of vertex 1 is nan");
  r = right;
  r.delta = 0.5;
  EXPECT_EQ(check_pagerank(ring.csr(), o, r),
            "the run converged, but its last step changed the ranks by 0.5, not below the "
            "tolerance 0.0001");
  r = right;
  r.converged = false;
  EXPECT_EQ(
      check_pagerank(ring.csr(), o, r),
      "the run stopped after " + std::to_string(r.iterations) + " of 100 steps without converging");
  PageRankOptions bad = o;
  bad.personalize = {3};
  EXPECT_EQ(check_pagerank(ring.csr(), bad, right), "the personalization vertex 3 is not a vertex");
  EXPECT_EQ(check_pagerank(Matrix<bool>(2, 3).csr(), o, right), "the graph is not square");
  // A ring's ranks are uniform: move rank from vertex 2 to vertex 0 (the sum stays 1).
  r = right;
  r.rank[0] += 0.01;
  r.rank[2] -= 0.01;
  const std::string why = check_pagerank(ring.csr(), o, r);
  EXPECT_EQ(why.rfind("one more power step moves the ranks by ", 0), 0u) << why;
  EXPECT_NE(why.find("vertex 0 moves most, from 0.34333333"), std::string::npos) << why;
  const VertexNamer one_based = [](Vertex v) { return std::to_string(v + 1); };
  EXPECT_NE(check_pagerank(ring.csr(), o, r, one_based).find("vertex 1 moves most"),
            std::string::npos);
}

TEST(PageRankVerify, RejectsPerturbedSwappedUniformAndWrongVariantAnswers) {
  const std::uint64_t seed = 23;
  RecordProperty("seed", std::to_string(seed));
  std::mt19937_64 rng(seed);
  const Matrix<bool> a = random_graph(400, 1600, seed, false);
  for (auto var : {PageRankVariant::Gap, PageRankVariant::Standard}) {
    PageRankOptions o;
    o.variant = var;
    o.tolerance = 1e-11;
    o.max_iterations = 1000;
    const PageRankResult right = pagerank(a, o);
    ASSERT_TRUE(right.converged);
    ASSERT_EQ(check_pagerank(a.csr(), o, right), "");
    for (int trial = 0; trial < 100; ++trial) {
      PageRankResult wrong = right;
      const Vertex v = Vertex(rng() % 400);
      wrong.rank[v] *= trial % 2 ? 1.001 : 0.999;
      const std::string why = check_pagerank(a.csr(), o, wrong);
      EXPECT_NE(why.find("vertex " + std::to_string(v) + " moves most"), std::string::npos)
          << "vertex " << v << ": " << why;
      EXPECT_NE(compare_ranks(rank_run(wrong), rank_run(right)).error, "");
    }
    // Two different ranks swapped.
    PageRankResult swapped = right;
    Vertex hi = 0, lo = 0;
    for (Vertex v = 0; v < 400; ++v) {
      if (right.rank[v] > right.rank[hi]) hi = v;
      if (right.rank[v] < right.rank[lo]) lo = v;
    }
    std::swap(swapped.rank[hi], swapped.rank[lo]);
    EXPECT_NE(check_pagerank(a.csr(), o, swapped), "");
    // Every vertex at 1/n.
    PageRankResult uniform = right;
    uniform.rank.assign(400, 1.0 / 400);
    EXPECT_NE(check_pagerank(a.csr(), o, uniform), "");
    // The other variant's answer (the graph has sinks, so they differ).
    PageRankOptions other = o;
    other.variant = var == PageRankVariant::Gap ? PageRankVariant::Standard : PageRankVariant::Gap;
    EXPECT_NE(check_pagerank(a.csr(), other, right), "");
  }
}

TEST(PageRankVerify, RejectsRanksThatDifferBetweenEngines) {
  const std::vector<double> x{0.5, 0.25, 0.25}, y{0.5, 0.3, 0.2};
  EXPECT_EQ(
      compare_ranks(RankRun{x, 10, 1e-5}, RankRun{x, 12, 1e-5}, dense_vertex_name, kEngines).error,
      "spgraph ran 10 steps but GraphBLAS ran 12");
  EXPECT_EQ(compare_ranks(RankRun{x, 10, 1e-5}, RankRun{std::span(x).first(2), 10, 1e-5}).error,
            "the answer ranks 3 vertices but the reference ranks 2");
  const RankComparison c =
      compare_ranks(RankRun{x, 10, 1e-5}, RankRun{y, 10, 1e-5}, dense_vertex_name, kEngines);
  EXPECT_EQ(c.error,
            "rank of vertex 1 is 0.25 in spgraph but 0.29999999999999999 in GraphBLAS "
            "(difference 0.05 > 5e-11)");
  EXPECT_DOUBLE_EQ(c.max_diff, 0.05);
  EXPECT_DOUBLE_EQ(c.bound, 5e-11);
  // One step apart: the bound grows by the longer run's last change, no more.
  EXPECT_NE(compare_ranks(RankRun{x, 10, 1e-5}, RankRun{y, 11, 0.04}).error, "");
  EXPECT_EQ(compare_ranks(RankRun{x, 10, 1e-5}, RankRun{y, 11, 0.06}).error, "");
}

}  // namespace
}  // namespace spgraph::testing
