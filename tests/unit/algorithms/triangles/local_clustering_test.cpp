// SPDX-License-Identifier: Apache-2.0
// Graphalytics' local clustering coefficient (algorithms/triangles/local_clustering.hpp) against
// independent answers: the LDBC Graphalytics validation outputs of PARAMS.tsv's LCC cases
// (directed and undirected; the copies in tests/data/ldbc, and the shared set when present);
// networkx's nx.clustering of Zachary's karate club; the undirected per-vertex clustering of
// triangle_count; hand-built directed graphs whose counts follow from the definition; and the
// definition read literally by triangles_verify.hpp's check_local_clustering (sorted neighbour
// lists and binary search, no triangles) on random directed and undirected graphs with
// self-loops, repeated arcs, isolated vertices and one huge row, on one and two threads. The
// verifiers (check_local_clustering, check_same_clustering) must reject perturbed answers.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "algorithms/triangles/triangles.hpp"
#include "algorithms/triangles/triangles_verify.hpp"
#include "loaders/load.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/algorithms/ldbc_reference.hpp"
#include "tests/unit/algorithms/random_graphs.hpp"

namespace spgraph::testing {
namespace {

/// Runs every LCC case of root/PARAMS.tsv (Graphalytics' epsilon, 1e-6); returns how many ran.
int run_validation_cases(const std::filesystem::path& root) {
  int ran = 0;
  for (const LdbcCase& c : read_ldbc_cases(root / "PARAMS.tsv", "LCC")) {
    const std::filesystem::path vertices = c.vertices.empty() ? "" : root / c.vertices;
    const LdbcGraph g = load_ldbc_graph_at(root / c.input, vertices, {root / c.output}, c.mirror);
    const std::vector<double> want = read_ldbc_values(root / c.output, g.dense);
    const std::vector<double> got = local_clustering(g.graph);
    EXPECT_EQ(got.size(), want.size()) << c.input;
    if (got.size() != want.size()) continue;
    for (std::size_t v = 0; v < want.size(); ++v)
      EXPECT_NEAR(got[v], want[v], 1e-6) << c.input << ": dense vertex " << v;
    EXPECT_EQ(check_local_clustering(g.graph.csr(), got), "") << c.input;
    if (!c.directed) {
      EXPECT_TRUE(g.graph.structure_symmetric()) << c.input;
      EXPECT_EQ(local_clustering(g.graph, true), got) << c.input << " undirected";
    }
    ++ran;
  }
  return ran;
}

TEST(LocalClusteringGraphalytics, MatchesTheValidationOutputs) {
  EXPECT_EQ(run_validation_cases(test_data("ldbc")), 4);
}

TEST(LocalClusteringGraphalytics, MatchesTheSharedValidationOutputs) {
  SPGRAPH_REQUIRE_SHARED(root, "ldbc_graphalytics/PARAMS.tsv");
  EXPECT_EQ(run_validation_cases(root.parent_path()), 4);
}

TEST(LocalClustering, KarateMatchesNetworkx) {
  const Matrix<bool> a = load_graph(test_data("karate.mtx").string());
  const std::vector<double> c = local_clustering(a, true);
  ASSERT_EQ(c.size(), 34u);
  // networkx 2.8: nx.clustering(nx.karate_club_graph()), nodes 0, 1, 2, 11, 33 (file ids + 1),
  // and nx.average_clustering.
  EXPECT_NEAR(c[0], 0.15, 1e-15);
  EXPECT_NEAR(c[1], 0.3333333333333333, 1e-15);
  EXPECT_NEAR(c[2], 0.24444444444444444, 1e-15);
  EXPECT_EQ(c[11], 0.0);
  EXPECT_NEAR(c[33], 0.11029411764705882, 1e-15);
  double mean = 0;
  for (double x : c) mean += x;
  EXPECT_NEAR(mean / 34, 0.5706384782076823, 1e-12);
}

Matrix<bool> graph_of(Vertex n, const std::vector<std::pair<Vertex, Vertex>>& arcs) {
  std::vector<Vertex> r, c;
  for (auto [u, v] : arcs) r.push_back(u), c.push_back(v);
  return Matrix<bool>::build_pattern(n, n, r, c);
}

TEST(LocalClustering, DirectedCountsArcsAmongInAndOutNeighbours) {
  // N(0) = {1, 2, 3} (1, 2 out, 3 in); among them 1 -> 2, 2 -> 1 and 3 -> 1: 3 of 6 ordered pairs.
  const Matrix<bool> a = graph_of(4, {{0, 1}, {0, 2}, {3, 0}, {1, 2}, {2, 1}, {3, 1}});
  const std::vector<double> c = local_clustering(a);
  EXPECT_DOUBLE_EQ(c[0], 0.5);
  // N(1) = {0, 2, 3}: 0 -> 2, 3 -> 0: 2 of 6. N(2) = {0, 1}: 0 -> 1: 1 of 2. N(3) = {0, 1}:
  // 0 -> 1: 1 of 2.
  EXPECT_DOUBLE_EQ(c[1], 2.0 / 6);
  EXPECT_DOUBLE_EQ(c[2], 0.5);
  EXPECT_DOUBLE_EQ(c[3], 0.5);
}

TEST(LocalClustering, SelfLoopsRepeatsAndSmallNeighbourhoodsGiveZeroOrAreIgnored) {
  // 0 has a self-loop and one neighbour: |N(0)| = 1, so 0. A triangle 1, 2, 3 with self-loops
  // everywhere and repeated arcs stays a triangle: 1 each.
  const Matrix<bool> a =
      graph_of(5, {{0, 0}, {0, 4}, {1, 1}, {2, 2}, {3, 3}, {1, 2}, {1, 2}, {2, 3}, {3, 1}, {3, 1}});
  const std::vector<double> c = local_clustering(a);
  EXPECT_EQ(c[0], 0.0);
  EXPECT_EQ(c[4], 0.0);
  EXPECT_DOUBLE_EQ(c[1], 0.5);  // N(1) = {2, 3}: only 2 -> 3 of the two ordered pairs
  EXPECT_DOUBLE_EQ(c[2], 0.5);
  EXPECT_DOUBLE_EQ(c[3], 0.5);
}

TEST(LocalClustering, EdgeCases) {
  EXPECT_TRUE(local_clustering(Matrix<bool>(0, 0, true)).empty());
  EXPECT_EQ(local_clustering(Matrix<bool>(3, 3, true)), std::vector<double>(3, 0.0));
  EXPECT_THROW(local_clustering(Matrix<bool>(3, 4, true)), DimensionMismatch);
  // A complete directed graph: every coefficient 1; values of any type are ignored.
  std::vector<Vertex> r, c;
  std::vector<double> w;
  for (Vertex u = 0; u < 6; ++u)
    for (Vertex v = 0; v < 6; ++v) r.push_back(u), c.push_back(v), w.push_back(-2.5);
  EXPECT_EQ(local_clustering(Matrix<double>::build(6, 6, r, c, w)), std::vector<double>(6, 1.0));
}

/// Random graphs (short rows, long ones, self-loops, repeats, isolated vertices) and a hub joined
/// to every other vertex (one huge row) with noise, large enough to run on threads.
std::vector<Matrix<bool>> random_graphs(bool undirected) {
  std::vector<Matrix<bool>> gs;
  std::uint64_t seed = undirected ? 300 : 400;
  for (const auto& [n, m] :
       std::vector<std::pair<Vertex, Offset>>{{1, 2}, {6, 12}, {30, 200}, {60, 120}, {200, 5000}})
    gs.push_back(random_pattern_graph(n, m, seed++, undirected, 6));
  std::vector<Vertex> r, c;
  const Vertex n = 3000;
  std::mt19937_64 rng(seed);
  for (Vertex v = 1; v < n; ++v) r.push_back(0), c.push_back(v);
  for (int k = 0; k < 20000; ++k) r.push_back(Vertex(rng() % n)), c.push_back(Vertex(rng() % n));
  const std::size_t arcs = r.size();
  if (undirected)
    for (std::size_t k = 0; k < arcs; ++k) r.push_back(c[k]), c.push_back(r[k]);
  gs.push_back(Matrix<bool>::build_pattern(n, n, r, c));
  return gs;
}

TEST(LocalClustering, RandomGraphsMatchTheDefinition) {
  const int before = omp_get_max_threads();
  for (bool undirected : {false, true})
    for (const Matrix<bool>& a : random_graphs(undirected)) {
      const std::string what = std::to_string(a.nrows()) + " vertices, " +
                               std::to_string(a.nvals()) + " arcs, undirected " +
                               std::to_string(undirected);
      omp_set_num_threads(1);
      const std::vector<double> one = local_clustering(a, undirected);
      omp_set_num_threads(2);
      const std::vector<double> two = local_clustering(a, undirected);
      EXPECT_EQ(check_local_clustering(a.csr(), one), "") << what;
      EXPECT_EQ(one, two) << what;
      if (undirected) {  // the symmetric hint changes nothing but the work
        EXPECT_EQ(local_clustering(a, false), one) << what;
      }
    }
  omp_set_num_threads(before);
}

TEST(LocalClustering, UndirectedEqualsTriangleCountClustering) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Matrix<bool> a = random_pattern_graph(400, 3000 * seed, seed, true, 8);
    TriangleOptions o;
    o.per_vertex = true;
    o.undirected = true;
    const TriangleResult t = triangle_count(a, o);
    const std::vector<double> c = local_clustering(a, true);
    EXPECT_EQ(check_same_clustering(c, t.clustering), "") << "seed " << seed;
  }
}

TEST(LocalClusteringVerify, RejectsPerturbedAnswers) {
  const Matrix<bool> a = random_pattern_graph(80, 600, 9, false, 0);
  const std::vector<double> c = local_clustering(a);
  ASSERT_EQ(check_local_clustering(a.csr(), c), "");
  int rejected = 0;
  for (Vertex v = 0; v < a.nrows(); v += 7) {
    std::vector<double> wrong = c;
    wrong[v] = c[v] > 0 ? c[v] * (1 + 1e-7) : 1e-3;
    const std::string msg = check_local_clustering(a.csr(), wrong);
    EXPECT_NE(msg.find("vertex " + std::to_string(v) + " "), std::string::npos) << msg;
    ++rejected;
  }
  EXPECT_GT(rejected, 10);
  EXPECT_NE(check_local_clustering(a.csr(), std::vector<double>(c.begin(), c.end() - 1)), "");
  // Within 1e-9 relative is the same answer; beyond it is not.
  std::vector<double> near = c, far = c;
  for (double& x : near) x *= 1 + 1e-11;
  for (double& x : far) x = x > 0 ? x * (1 + 1e-8) : x;
  EXPECT_EQ(check_same_clustering(c, near), "");
  EXPECT_NE(check_same_clustering(c, far), "");
}

}  // namespace
}  // namespace spgraph::testing
