// SPDX-License-Identifier: Apache-2.0
// The SSSP verifier (algorithms/sssp/sssp_verify.hpp), the one `spgraph compare sssp` uses: it
// accepts every method's distances on small and random graphs (integer and real weights, zero
// weights and zero-weight cycles, negative weights under Bellman-Ford, self-loops, isolated and
// unreachable vertices, pattern and bool arcs) and rejects every perturbed answer, down to one
// ulp, naming the first violation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "algorithms/sssp/sssp.hpp"
#include "algorithms/sssp/sssp_verify.hpp"

namespace spgraph::testing {
namespace {

constexpr double kInf = kUnreachableDistance;

struct Arc {
  Vertex u, v;
  double w;
};

/// The matrix of the arcs, repeats folded to their minimum.
template <class T = double>
Matrix<T> matrix_of(Vertex n, const std::vector<Arc>& arcs) {
  std::vector<Vertex> r, c;
  std::vector<T> w;
  for (const Arc& a : arcs) r.push_back(a.u), c.push_back(a.v), w.push_back(T(a.w));
  return Matrix<T>::template build<MinOp<T>>(n, n, r, c, w);
}

/// Random arcs over the first 7/8 of the vertices (the rest unreachable), repeats and loops;
/// weights are integers in [0, hi], or uniform reals in [0, 1) when hi < 0.
std::vector<Arc> random_arcs(Vertex n, Offset m, std::uint64_t seed, int hi, bool undirected) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const Vertex live = std::max<Vertex>(1, n - n / 8);
  std::vector<Arc> arcs;
  for (Offset k = 0; k < m; ++k) {
    const Vertex u = Vertex(rng() % live), v = Vertex(rng() % live);
    const double w = hi < 0 ? unit(rng) : double(rng() % std::uint64_t(hi + 1));
    arcs.push_back({u, v, w});
    if (undirected) arcs.push_back({v, u, w});
  }
  return arcs;
}

std::vector<SsspOptions> all_methods() {
  std::vector<SsspOptions> v(1);  // Auto
  v.emplace_back().method = SsspMethod::BellmanFord;
  for (double d : {0.0, 0.5, 3.0, 1e6}) {
    SsspOptions& o = v.emplace_back();
    o.method = SsspMethod::Delta;
    o.delta = d;
  }
  return v;
}

const AnswerNames kEngines{"spgraph", "GraphBLAS"};

// ---- positive cases ---------------------------------------------------------------------------

TEST(SsspVerify, AcceptsEveryMethodOnRandomGraphs) {
  const std::uint64_t seed = 31;
  RecordProperty("seed", std::to_string(seed));
  for (Vertex n : {1u, 9u, 200u, 3000u})
    for (bool undirected : {false, true})
      for (int hi : {-1, 0, 1, 40}) {
        const Matrix<double> a =
            matrix_of(n, random_arcs(n, Offset(2.5 * n), seed + n + hi, hi, undirected));
        for (Vertex s : {Vertex(0), n / 2}) {
          std::vector<double> first;
          for (const SsspOptions& o : all_methods()) {
            SCOPED_TRACE("n " + std::to_string(n) + (undirected ? " undirected" : " directed") +
                         " weights " + std::to_string(hi) + " source " + std::to_string(s));
            const SsspResult r = sssp(a, s, o);
            EXPECT_EQ(check_sssp(a.csr(), s, r.distance), "");
            if (first.empty()) first = r.distance;
            EXPECT_EQ(check_same_distances(r.distance, first, dense_vertex_name, kEngines), "");
          }
        }
      }
}

TEST(SsspVerify, AcceptsNegativeWeightsZeroCyclesLoopsAndUnitWeights) {
  // Weights w + p(u) - p(v): many arcs negative, no negative cycle; Bellman-Ford solves it.
  std::mt19937_64 rng(41);
  std::vector<double> p(500);
  for (double& x : p) x = double(rng() % 50);
  std::vector<Arc> arcs = random_arcs(500, 1500, 43, 30, false);
  for (Arc& a : arcs) a.w += p[a.u] - p[a.v];
  const Matrix<double> neg = matrix_of(500, arcs);
  SsspOptions bf;
  bf.method = SsspMethod::BellmanFord;
  EXPECT_EQ(check_sssp(neg.csr(), 0, sssp(neg, 0, bf).distance), "");
  // A zero-weight cycle 1 <-> 2 behind a heavy arc, self-loops, an isolated vertex 4.
  const Matrix<double> zero =
      matrix_of(5, {{0, 1, 10}, {1, 2, 0}, {2, 1, 0}, {0, 0, 3}, {3, 3, 0}});
  EXPECT_EQ(check_sssp(zero.csr(), 0, sssp(zero, 0).distance), "");
  EXPECT_EQ(check_sssp(zero.csr(), 0, {0, 10, 10, kInf, kInf}), "");
  // No arcs at all; one vertex.
  EXPECT_EQ(check_sssp(Matrix<double>(4, 4).csr(), 2, sssp(Matrix<double>(4, 4), 2).distance), "");
  EXPECT_EQ(check_sssp(Matrix<double>(1, 1).csr(), 0, {0.0}), "");
  // Pattern and bool arcs weigh 1, even bool arcs holding false.
  std::vector<Vertex> r{0, 1, 2}, c{1, 2, 3};
  const Matrix<bool> pattern = Matrix<bool>::build_pattern(4, 4, r, c);
  EXPECT_EQ(check_sssp(pattern.csr(), 0, sssp(pattern, 0).distance), "");
  EXPECT_EQ(check_sssp(pattern.csr(), 0, {0, 1, 2, 3}), "");
  const bool falses[] = {false, false, false};
  const Matrix<bool> valued =
      Matrix<bool>::build<LorOp<bool>>(4, 4, r, c, std::span<const bool>(falses, 3));
  EXPECT_EQ(check_sssp(valued.csr(), 0, {0, 1, 2, 3}), "");
  EXPECT_EQ(
      check_sssp(matrix_of<std::int32_t>(4, {{0, 1, 7}, {1, 3, 2}}).csr(), 0, {0, 7, kInf, 9}), "");
  // Two answers within the compare's slack, or within a slack asked for.
  EXPECT_EQ(check_same_distances({0, 1e12, kInf}, {0, 1e12 + 100, kInf}), "");
  EXPECT_EQ(check_sssp(pattern.csr(), 0, {0, 1, 2, 3 + 1e-12}, dense_vertex_name, 1e-9), "");
  EXPECT_EQ(check_same_distances({}, {}), "");
}

// ---- negative cases ---------------------------------------------------------------------------

TEST(SsspVerify, RejectsWrongDistancesNamingTheFirstViolation) {
  // 0 -> 1 (2), 1 -> 2 (3), 0 -> 2 (9); 3 unreachable.
  const Matrix<double> a = matrix_of(4, {{0, 1, 2}, {1, 2, 3}, {0, 2, 9}});
  const auto& g = a.csr();
  ASSERT_EQ(check_sssp(g, 0, {0, 2, 5, kInf}), "");
  EXPECT_EQ(check_sssp(g, 0, {0, 2, 5}), "3 distances for 4 vertices");
  EXPECT_EQ(check_sssp(g, 4, {0, 2, 5, kInf}), "the source is not a vertex");
  EXPECT_EQ(check_sssp(g, 0, {1, 3, 6, kInf}), "the source 0 has distance 1, not 0");
  EXPECT_EQ(check_sssp(g, 0, {0, 2, std::nan(""), kInf}), "vertex 2 has distance nan");
  EXPECT_EQ(check_sssp(g, 0, {0, 2, 5, -kInf}), "vertex 3 has distance -inf");
  EXPECT_EQ(check_sssp(g, 0, {0, 2, 6, kInf}),
            "arc 1 -> 2 (weight 3) is not relaxed: vertex 2 has distance 6 but vertex 1 has 2");
  EXPECT_EQ(check_sssp(g, 0, {0, kInf, 9, kInf}),
            "arc 0 -> 1 (weight 2) is not relaxed: vertex 1 has distance inf but vertex 0 has 0");
  EXPECT_EQ(check_sssp(g, 0, {0, 2, 4, kInf}),
            "vertex 2 has distance 4, but no path of tight arcs from the source reaches it");
  EXPECT_EQ(check_sssp(g, 0, {0, 2, 5, 7}),
            "vertex 3 has distance 7, but no path of tight arcs from the source reaches it");
  EXPECT_EQ(check_sssp(Matrix<double>(2, 3).csr(), 0, {0, kInf}), "the graph is not square");
  // Tight with each other but not with the source: a zero-weight cycle claimed too short.
  const Matrix<double> zero = matrix_of(3, {{0, 1, 10}, {1, 2, 0}, {2, 1, 0}});
  EXPECT_EQ(check_sssp(zero.csr(), 0, {0, 5, 5}),
            "vertex 1 has distance 5, but no path of tight arcs from the source reaches it");
  // A reachable negative cycle: no answer passes.
  const Matrix<double> cycle = matrix_of(3, {{0, 1, 1}, {1, 2, -2}, {2, 1, 1}});
  EXPECT_NE(check_sssp(cycle.csr(), 0, {0, 1, -1}), "");
  EXPECT_NE(check_sssp(cycle.csr(), 0, {0, -kInf, -kInf}), "");
  // Names through the namer.
  const VertexNamer one_based = [](Vertex v) { return std::to_string(v + 1); };
  EXPECT_EQ(check_sssp(g, 0, {0, 2, 4, kInf}, one_based),
            "vertex 3 has distance 4, but no path of tight arcs from the source reaches it");
}

TEST(SsspVerify, RejectsDistancesThatDifferBetweenEngines) {
  EXPECT_EQ(check_same_distances({0, 1}, {0, 1, kInf}, dense_vertex_name, kEngines),
            "spgraph has 2 distances but GraphBLAS has 3");
  EXPECT_EQ(check_same_distances({0, 1, kInf}, {0, 1, 4}, dense_vertex_name, kEngines),
            "distance of vertex 2 is inf in spgraph but 4 in GraphBLAS");
  EXPECT_EQ(check_same_distances({0, 2, 3}, {0, 2.5, 3.5}),
            "distance of vertex 1 is 2 in the answer but 2.5 in the reference");
  EXPECT_EQ(check_same_distances({0, 1e6}, {0, 1e6 + 0.01}),
            "distance of vertex 1 is 1000000 in the answer but 1000000.01 in the reference");
}

TEST(SsspVerify, RejectsEveryOneUlpPerturbationOfARealAnswer) {
  const std::uint64_t seed = 13;
  RecordProperty("seed", std::to_string(seed));
  std::mt19937_64 rng(seed);
  for (bool undirected : {false, true}) {
    const Matrix<double> a =
        matrix_of(400, random_arcs(400, 1200, seed + undirected, 20, undirected));
    const std::vector<double> right = sssp(a, 0).distance;
    ASSERT_EQ(check_sssp(a.csr(), 0, right), "");
    int rejected = 0;
    for (int trial = 0; trial < 300; ++trial) {
      std::vector<double> wrong = right;
      const Vertex v = Vertex(rng() % 400);
      // Up or down by one ulp; an unreached vertex becomes reached at distance 1000.
      wrong[v] = wrong[v] == kInf ? 1000.0
                 : trial % 2      ? std::nextafter(wrong[v], kInf)
                                  : std::nextafter(wrong[v], -kInf);
      const std::string why = check_sssp(a.csr(), 0, wrong);
      EXPECT_NE(why, "") << "vertex " << v << " at " << wrong[v];
      EXPECT_NE(check_same_distances(wrong, right, dense_vertex_name, kEngines, 0), "");
      rejected += !why.empty();
    }
    EXPECT_EQ(rejected, 300);
  }
}

}  // namespace
}  // namespace spgraph::testing
