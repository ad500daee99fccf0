// SPDX-License-Identifier: Apache-2.0
// PageRank against independent oracles: a serial power iteration in long double written from
// the two specifications (GAP: sinks leak; Standard: dangling rank to the teleport set), the
// LDBC Graphalytics PR validation outputs (Standard, fixed iterations, PARAMS.tsv), LAGraph's
// MATLAB answers (karate, west0067, ldbc-directed-example), and edge cases: empty graphs,
// sinks, self-loops, personalization, bad arguments, SpMV formats, value types, snapshots.
// Every answer also passes the verifier `spgraph compare pagerank` uses (pagerank_verify.hpp):
// one more power step moves it no further than the stopping rule allows.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/pagerank/pagerank_verify.hpp"
#include "engine/dynamic_graph.hpp"
#include "loaders/load.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/algorithms/ldbc_reference.hpp"
#include "tests/unit/algorithms/random_graphs.hpp"

namespace spgraph::testing {
namespace {

/// The shared random graph (random_graphs.hpp).
Matrix<bool> random_graph(Vertex n, Offset m, std::uint64_t seed, bool undirected) {
  return random_pattern_graph(n, m, seed, undirected);
}

/// Serial power iteration in long double, straight from the definitions.
std::vector<long double> oracle(const Matrix<bool>& a, PageRankVariant variant, double d,
                                int iterations, const std::vector<Vertex>& personalize) {
  const Vertex n = a.nrows();
  std::vector<long double> tele(n, 1.0L / n);
  if (!personalize.empty()) {
    std::vector<bool> in(n, false);
    long double k = 0;
    for (Vertex v : personalize)
      if (!in[v]) in[v] = true, ++k;
    for (Vertex v = 0; v < n; ++v) tele[v] = in[v] ? 1.0L / k : 0.0L;
  }
  std::vector<long double> r = tele;
  for (int it = 0; it < iterations; ++it) {
    std::vector<long double> next(n, 0.0L);
    long double dangling = 0;
    for (Vertex u = 0; u < n; ++u) {
      const Offset deg = a.csr().degree(u);
      if (deg == 0) dangling += r[u];
      for (Offset k = a.csr().row_begin(u); k < a.csr().row_end(u); ++k)
        next[a.csr().col[k]] += d * r[u] / deg;
    }
    for (Vertex v = 0; v < n; ++v)
      next[v] += ((1 - d) + (variant == PageRankVariant::Standard ? d * dangling : 0)) * tele[v];
    r = next;
  }
  return r;
}

void expect_close(const std::vector<double>& got, const std::vector<long double>& want,
                  double tol) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t v = 0; v < got.size(); ++v)
    EXPECT_NEAR(got[v], double(want[v]), tol) << "vertex " << v;
}

TEST(PageRank, RandomGraphsMatchTheLongDoubleOracle) {
  const std::uint64_t seed = 11;
  RecordProperty("seed", std::to_string(seed));
  for (Vertex n : {1u, 7u, 60u, 500u, 3000u})
    for (bool undirected : {false, true})
      for (double degree : {0.5, 3.0}) {
        const Matrix<bool> a = random_graph(n, Offset(degree * n), seed + n, undirected);
        for (PageRankVariant var : {PageRankVariant::Gap, PageRankVariant::Standard})
          for (bool personal : {false, true}) {
            SCOPED_TRACE("n " + std::to_string(n) + (undirected ? " undirected" : " directed") +
                         " degree " + std::to_string(degree) +
                         (var == PageRankVariant::Gap ? " gap" : " standard") +
                         (personal ? " personalized" : ""));
            PageRankOptions o;
            o.variant = var;
            o.tolerance = 0;
            o.max_iterations = 25;
            o.damping = 0.8;
            if (personal) o.personalize = {0, n / 2, n - 1, 0};
            const PageRankResult r = pagerank(a, o);
            EXPECT_EQ(r.iterations, 25);
            EXPECT_FALSE(r.converged);
            EXPECT_EQ(check_pagerank(a.csr(), o, r), "");
            expect_close(r.rank, oracle(a, var, 0.8, 25, o.personalize), 1e-12);
            if (var == PageRankVariant::Standard) {
              double sum = 0;
              for (double x : r.rank) sum += x;
              EXPECT_NEAR(sum, 1.0, 1e-9);
            }
            if (undirected) {
              o.undirected = true;
              const PageRankResult u = pagerank(a, o);
              expect_close(u.rank, oracle(a, var, 0.8, 25, o.personalize), 1e-12);
              EXPECT_EQ(check_pagerank(a.csr(), o, u), "");
            }
          }
      }
}

TEST(PageRank, StopsWhenTheChangeFallsBelowTheTolerance) {
  const Matrix<bool> a = random_graph(400, 2000, 3, false);
  PageRankOptions o;
  o.tolerance = 1e-7;
  o.max_iterations = 1000;
  const PageRankResult r = pagerank(a, o);
  EXPECT_TRUE(r.converged);
  EXPECT_LT(r.delta, 1e-7);
  EXPECT_GT(r.iterations, 1);
  EXPECT_EQ(check_pagerank(a.csr(), o, r), "");
  // One step fewer has not converged: the delta of step k - 1 was >= tolerance.
  PageRankOptions fewer = o;
  fewer.tolerance = 0;
  fewer.max_iterations = r.iterations - 1;
  const PageRankResult f = pagerank(a, fewer);
  EXPECT_GE(f.delta, 1e-7);
  EXPECT_FALSE(f.converged);
  EXPECT_EQ(check_pagerank(a.csr(), fewer, f), "");
  expect_close(r.rank, oracle(a, PageRankVariant::Gap, 0.85, r.iterations, {}), 1e-12);
}

TEST(PageRank, EdgeCases) {
  PageRankOptions o;
  const PageRankResult empty = pagerank(Matrix<bool>(0, 0), o);
  EXPECT_TRUE(empty.rank.empty());
  EXPECT_EQ(check_pagerank(Matrix<bool>(0, 0).csr(), o, empty), "");
  EXPECT_EQ(empty.iterations, 0);
  EXPECT_TRUE(empty.converged);
  // No arcs: GAP leaks everything but the teleport, Standard keeps 1/n.
  o.tolerance = 0;
  o.max_iterations = 5;
  const Matrix<bool> none(4, 4);
  for (double x : pagerank(none, o).rank) EXPECT_DOUBLE_EQ(x, 0.15 / 4);
  EXPECT_EQ(check_pagerank(none.csr(), o, pagerank(none, o)), "");
  o.variant = PageRankVariant::Standard;
  for (double x : pagerank(none, o).rank) EXPECT_DOUBLE_EQ(x, 0.25);
  EXPECT_EQ(check_pagerank(none.csr(), o, pagerank(none, o)), "");
  // A single vertex with a self-loop keeps rank 1 in both variants.
  const std::vector<Vertex> zero{0};
  const Matrix<bool> loop = Matrix<bool>::build_pattern(1, 1, zero, zero);
  for (auto var : {PageRankVariant::Gap, PageRankVariant::Standard}) {
    o.variant = var;
    EXPECT_DOUBLE_EQ(pagerank(loop, o).rank.at(0), 1.0);
    EXPECT_EQ(check_pagerank(loop.csr(), o, pagerank(loop, o)), "");
  }
  // Self-loops only: every vertex keeps 1/n.
  const std::vector<Vertex> ids{0, 1, 2};
  const Matrix<bool> loops = Matrix<bool>::build_pattern(3, 3, ids, ids);
  for (double x : pagerank(loops, o).rank) EXPECT_NEAR(x, 1.0 / 3, 1e-15);
  EXPECT_EQ(check_pagerank(loops.csr(), o, pagerank(loops, o)), "");
  // A star into a sink: the oracle again.
  const std::vector<Vertex> src{1, 2, 3, 4}, dst{0, 0, 0, 0};
  const Matrix<bool> star = Matrix<bool>::build_pattern(5, 5, src, dst);
  for (auto var : {PageRankVariant::Gap, PageRankVariant::Standard}) {
    o.variant = var;
    expect_close(pagerank(star, o).rank, oracle(star, var, 0.85, 5, {}), 1e-14);
    EXPECT_EQ(check_pagerank(star.csr(), o, pagerank(star, o)), "");
  }
}

TEST(PageRank, PersonalizationRepeatsCountOnce) {
  const Matrix<bool> a = random_graph(100, 400, 5, false);
  PageRankOptions o;
  o.personalize = {3, 7, 3, 3, 99};
  PageRankOptions once = o;
  once.personalize = {99, 7, 3};
  EXPECT_EQ(pagerank(a, o).rank, pagerank(a, once).rank);
  EXPECT_EQ(check_pagerank(a.csr(), o, pagerank(a, o)), "");
  // Every vertex listed = no personalization.
  PageRankOptions all;
  for (Vertex v = 0; v < 100; ++v) all.personalize.push_back(99 - v);
  const std::vector<double> plain = pagerank(a).rank;
  expect_close(pagerank(a, all).rank, std::vector<long double>(plain.begin(), plain.end()), 1e-15);
}

TEST(PageRank, BadArgumentsAreRefused) {
  const Matrix<bool> a = random_graph(10, 20, 1, false);
  PageRankOptions o;
  o.personalize = {10};
  EXPECT_THROW(pagerank(a, o), IndexOutOfBounds);
  for (double d : {-0.1, 1.0, 1.5, std::nan("")}) {
    PageRankOptions b;
    b.damping = d;
    EXPECT_THROW(pagerank(a, b), InvalidArgument) << d;
  }
  PageRankOptions t;
  t.tolerance = -1;
  EXPECT_THROW(pagerank(a, t), InvalidArgument);
  PageRankOptions it;
  it.max_iterations = 0;
  EXPECT_THROW(pagerank(a, it), InvalidArgument);
  EXPECT_THROW(pagerank(Matrix<bool>(3, 4)), DimensionMismatch);
}

TEST(PageRank, SpmvFormatsAndValueTypesAgree) {
  const Matrix<bool> a = random_graph(5000, 40000, 9, false);  // large enough to run parallel
  PageRankOptions o;
  o.max_iterations = 8;
  const std::vector<double> base = pagerank(a, o).rank;
  for (SpmvFormat f : {SpmvFormat::Csr, SpmvFormat::Csr5}) {
    o.spmv = f;
    const PageRankResult res = pagerank(a, o);
    EXPECT_EQ(check_pagerank(a.csr(), o, res), "");
    const std::vector<double>& r = res.rank;
    for (std::size_t v = 0; v < r.size(); ++v) ASSERT_NEAR(r[v], base[v], 1e-14);
  }
  // The same structure with values (ignored) in other types.
  std::vector<Vertex> rows, cols;
  std::vector<bool> unused;
  for (Vertex u = 0; u < a.nrows(); ++u)
    for (Offset k = a.csr().row_begin(u); k < a.csr().row_end(u); ++k) {
      rows.push_back(u);
      cols.push_back(a.csr().col[k]);
    }
  const std::vector<double> dv(rows.size(), -3.5);
  const std::vector<std::int32_t> iv(rows.size(), 0);
  o.spmv = SpmvFormat::Auto;
  const auto rd = pagerank(Matrix<double>::build(5000, 5000, rows, cols, dv), o).rank;
  const auto ri = pagerank(Matrix<std::int32_t>::build(5000, 5000, rows, cols, iv), o).rank;
  for (std::size_t v = 0; v < base.size(); ++v) {
    ASSERT_NEAR(rd[v], base[v], 1e-14);
    ASSERT_NEAR(ri[v], base[v], 1e-14);
  }
}

TEST(PageRank, FloatPrecisionMatchesTheOracleToSinglePrecision) {
  // Float scores (GAP's choice) on every path: the fused CSR kernel, serial (small) and parallel
  // (5000 vertices, above kMinParallelWork), CSR5, and a snapshot; both variants, personalized.
  const std::uint64_t seed = 23;
  RecordProperty("seed", std::to_string(seed));
  for (Vertex n : {40u, 5000u})
    for (bool undirected : {false, true}) {
      const Matrix<bool> a = random_graph(n, Offset(8) * n, seed + n, undirected);
      for (PageRankVariant var : {PageRankVariant::Gap, PageRankVariant::Standard})
        for (SpmvFormat f : {SpmvFormat::Auto, SpmvFormat::Csr5})
          for (bool personal : {false, true}) {
            SCOPED_TRACE("n " + std::to_string(n) + (undirected ? " undirected" : " directed") +
                         (var == PageRankVariant::Gap ? " gap" : " standard") +
                         (f == SpmvFormat::Csr5 ? " csr5" : " csr") +
                         (personal ? " personalized" : ""));
            PageRankOptions o;
            o.variant = var;
            o.spmv = f;
            o.tolerance = 0;
            o.max_iterations = 20;
            o.undirected = undirected;
            o.precision = PageRankPrecision::Float;
            if (personal) o.personalize = {0, n - 1};
            const PageRankResult r = pagerank(a, o);
            EXPECT_EQ(r.iterations, 20);
            const std::vector<long double> want = oracle(a, var, 0.85, 20, o.personalize);
            ASSERT_EQ(r.rank.size(), want.size());
            for (std::size_t v = 0; v < want.size(); ++v)
              ASSERT_NEAR(r.rank[v], double(want[v]), 1e-5 * double(want[v]) + 1e-9) << v;
            // Not the double answer to the last bit: the float path really ran.
            PageRankOptions od = o;
            od.precision = PageRankPrecision::Double;
            const PageRankResult rd = pagerank(a, od);
            bool differs = false;
            for (std::size_t v = 0; v < want.size(); ++v) differs |= rd.rank[v] != r.rank[v];
            EXPECT_TRUE(differs);
          }
    }
}

TEST(PageRank, FloatPrecisionStopsLikeDouble) {
  const Matrix<bool> a = random_graph(3000, 30000, 5, false);
  PageRankOptions o;
  o.tolerance = 1e-4;
  const PageRankResult d = pagerank(a, o);
  o.precision = PageRankPrecision::Float;
  const PageRankResult f = pagerank(a, o);
  EXPECT_TRUE(f.converged);
  EXPECT_LT(f.delta, 1e-4);
  EXPECT_NEAR(f.iterations, d.iterations, 1);
  EXPECT_EQ(check_pagerank(a.csr(), o, f), "");
}

TEST(PageRank, GaussSeidelReachesThePowerIterationsFixedPoint) {
  // The fixed point is the oracle's after 400 Jacobi steps (0.85^400 is far below 1e-20); a
  // Gauss-Seidel run to 1e-13 must land on it, serial (small) and parallel (5000 vertices).
  const std::uint64_t seed = 31;
  RecordProperty("seed", std::to_string(seed));
  for (Vertex n : {30u, 5000u})
    for (bool undirected : {false, true})
      for (PageRankVariant var : {PageRankVariant::Gap, PageRankVariant::Standard})
        for (bool personal : {false, true}) {
          SCOPED_TRACE("n " + std::to_string(n) + (undirected ? " undirected" : " directed") +
                       (var == PageRankVariant::Gap ? " gap" : " standard") +
                       (personal ? " personalized" : ""));
          const Matrix<bool> a = random_graph(n, Offset(6) * n, seed + n, undirected);
          PageRankOptions o;
          o.variant = var;
          o.undirected = undirected;
          o.sweep = PageRankSweep::GaussSeidel;
          o.tolerance = 1e-13;
          o.max_iterations = 1000;
          if (personal) o.personalize = {1, n / 3};
          const PageRankResult r = pagerank(a, o);
          EXPECT_TRUE(r.converged);
          expect_close(r.rank, oracle(a, var, 0.85, 400, o.personalize), 1e-11);
        }
}

TEST(PageRank, GaussSeidelNeedsFewerStepsOnALongPath) {
  // A path of 3000 vertices both ways (a road-like, high-diameter graph): information moves
  // along the whole path in one Gauss-Seidel sweep, one arc per Jacobi step.
  std::vector<Vertex> rows, cols;
  for (Vertex v = 0; v + 1 < 3000; ++v) {
    rows.insert(rows.end(), {v, v + 1});
    cols.insert(cols.end(), {v + 1, v});
  }
  const Matrix<bool> a = Matrix<bool>::build_pattern(3000, 3000, rows, cols);
  PageRankOptions o;
  o.tolerance = 1e-9;
  o.max_iterations = 1000;
  const PageRankResult jacobi = pagerank(a, o);
  o.sweep = PageRankSweep::GaussSeidel;
  const PageRankResult gs = pagerank(a, o);
  EXPECT_TRUE(jacobi.converged);
  EXPECT_TRUE(gs.converged);
  EXPECT_LT(gs.iterations, jacobi.iterations);
  for (std::size_t v = 0; v < gs.rank.size(); ++v)
    ASSERT_NEAR(gs.rank[v], jacobi.rank[v], 1e-9) << v;
}

TEST(PageRank, GaussSeidelRefusesCsr5AndRunsOnSnapshots) {
  const Matrix<bool> a = random_graph(50, 300, 2, false);
  PageRankOptions o;
  o.sweep = PageRankSweep::GaussSeidel;
  o.spmv = SpmvFormat::Csr5;
  EXPECT_THROW(pagerank(a, o), InvalidArgument);
  DynamicGraphOptions go;
  go.directed = false;
  DynamicGraph<bool> g(100, go);
  UpdateBatch<bool> batch;
  std::mt19937_64 rng(4);
  for (int k = 0; k < 400; ++k) batch.insert(Vertex(rng() % 100), Vertex(rng() % 100));
  g.apply(batch);
  const GraphSnapshot<bool> s = g.snapshot();
  PageRankOptions og;
  og.sweep = PageRankSweep::GaussSeidel;
  og.tolerance = 1e-13;
  og.max_iterations = 1000;
  const PageRankResult r = pagerank(s, og);
  PageRankOptions oj;
  oj.tolerance = 1e-13;
  oj.max_iterations = 1000;
  const PageRankResult want = pagerank(s.matrix(), oj);
  for (std::size_t v = 0; v < r.rank.size(); ++v) ASSERT_NEAR(r.rank[v], want.rank[v], 1e-11);
}

TEST(PageRank, SnapshotsMatchTheirMatrix) {
  for (bool directed : {false, true}) {
    std::mt19937_64 rng(17 + directed);
    DynamicGraphOptions go;
    go.directed = directed;
    DynamicGraph<bool> g(2000, go);
    for (int b = 0; b < 4; ++b) {
      UpdateBatch<bool> batch;
      for (int k = 0; k < 3000; ++k) batch.insert(Vertex(rng() % 2000), Vertex(rng() % 2000));
      for (int k = 0; k < 400; ++k) batch.erase(Vertex(rng() % 2000), Vertex(rng() % 2000));
      g.apply(batch);
    }
    const GraphSnapshot<bool> s = g.snapshot();
    for (auto var : {PageRankVariant::Gap, PageRankVariant::Standard}) {
      PageRankOptions o;
      o.variant = var;
      o.personalize = {1, 5};
      const PageRankResult want = pagerank(s.matrix(), o);
      const PageRankResult got = pagerank(s, o);
      EXPECT_EQ(got.iterations, want.iterations);
      EXPECT_EQ(check_pagerank(s.matrix().csr(), o, got), "");
      ASSERT_EQ(got.rank.size(), want.rank.size());
      for (std::size_t v = 0; v < got.rank.size(); ++v)
        ASSERT_NEAR(got.rank[v], want.rank[v], 1e-13) << (directed ? "directed " : "") << v;
    }
  }
}

// ---- LDBC Graphalytics PR (Standard, fixed iterations, tolerance 1e-4) ------------------------

struct LdbcPrCase {
  const char *input, *vertices, *output;
  int iterations;
};

TEST(PageRankGraphalytics, RanksEqualTheValidationOutputs) {
  const LdbcPrCase cases[] = {
      {"pr/dir-input", "", "pr/dir-output", 14},
      {"pr/undir-input", "", "pr/undir-output", 26},
      {"example/example-directed-input", "example/example-directed.v",
       "example/example-directed-PR", 2},
      {"example/example-undirected-input", "example/example-undirected.v",
       "example/example-undirected-PR", 2},
  };
  for (const LdbcPrCase& c : cases) {
    SPGRAPH_REQUIRE_SHARED(input, std::string("ldbc_graphalytics/") + c.input);
    const auto at = [](const std::string& rel) {
      return rel.empty() ? std::filesystem::path() : shared_data("ldbc_graphalytics/" + rel);
    };
    const LdbcGraph g = load_ldbc_graph_at(input, at(c.vertices), {at(c.output)});
    const std::vector<double> want = read_ldbc_values(at(c.output), g.dense);
    PageRankOptions o;
    o.variant = PageRankVariant::Standard;
    o.damping = 0.85;
    o.tolerance = 0;
    o.max_iterations = c.iterations;
    const PageRankResult r = pagerank(g.graph, o);
    EXPECT_EQ(r.iterations, c.iterations);
    EXPECT_EQ(check_pagerank(g.graph.csr(), o, r), "") << c.input;
    for (std::size_t v = 0; v < want.size(); ++v)
      EXPECT_NEAR(r.rank[v], want[v], 1e-4 * want[v]) << c.input << " vertex " << v;
  }
}

// ---- LAGraph's MATLAB answers -----------------------------------------------------------------

TEST(PageRankLagraph, RanksEqualLagraphAnswers) {
  const char* const graphs[] = {"karate", "west0067", "ldbc-directed-example"};
  for (const char* name : graphs) {
    SPGRAPH_REQUIRE_SHARED(mtx, std::string("lagraph/") + name + ".mtx");
    SPGRAPH_REQUIRE_SHARED(ans, std::string("lagraph/answers/pagerank_") + name + ".tsv");
    const Matrix<bool> a = load_graph(mtx.string());
    const auto rows = read_rows(ans);
    ASSERT_EQ(rows.size(), std::size_t(a.nrows()) + 1) << name;  // a header line
    PageRankOptions o;
    o.variant = PageRankVariant::Standard;
    o.tolerance = 1e-10;
    o.max_iterations = 1000;
    const PageRankResult r = pagerank(a, o);
    EXPECT_TRUE(r.converged);
    EXPECT_EQ(check_pagerank(a.csr(), o, r), "") << name;
    for (std::size_t k = 1; k < rows.size(); ++k)
      EXPECT_NEAR(r.rank.at(std::stoul(rows[k].at(0))), std::stod(rows[k].at(1)), 1e-4)
          << name << " vertex " << rows[k][0];
  }
}

}  // namespace
}  // namespace spgraph::testing
