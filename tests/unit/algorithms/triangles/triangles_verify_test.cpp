// SPDX-License-Identifier: Apache-2.0
// The triangle-count verifier (algorithms/triangles/triangles_verify.hpp), the one `spgraph
// compare tc` uses: it accepts every method's count (and the fused methods' per-vertex counts
// and clustering coefficients) on small and random graphs (empty, isolated vertices, complete
// graphs, directed input with self-loops and repeated arcs, skewed Kronecker graphs) and rejects
// every perturbed answer, naming the first violation.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/triangles/triangles.hpp"
#include "algorithms/triangles/triangles_verify.hpp"
#include "loaders/generators.hpp"

namespace spgraph::testing {
namespace {

constexpr TriangleMethod kAllMethods[] = {TriangleMethod::Auto,     TriangleMethod::Merge,
                                          TriangleMethod::Hash,     TriangleMethod::SandiaLL,
                                          TriangleMethod::SandiaUU, TriangleMethod::Wedge};
constexpr TriangleMethod kFusedMethods[] = {TriangleMethod::Auto, TriangleMethod::Merge,
                                            TriangleMethod::Hash};

/// Both arcs of every listed edge.
Matrix<bool> undirected_of(Vertex n, const std::vector<std::pair<Vertex, Vertex>>& edges) {
  std::vector<Vertex> r, c;
  for (auto [u, v] : edges) r.push_back(u), c.push_back(v), r.push_back(v), c.push_back(u);
  return Matrix<bool>::build_pattern(n, n, r, c);
}

/// Every method's answer must pass, per vertex too where the method offers it.
void expect_accepted(const Matrix<bool>& a) {
  std::uint64_t first = 0;
  for (TriangleMethod m : kAllMethods) {
    SCOPED_TRACE(triangle_method_name(m));
    TriangleOptions o;
    o.method = m;
    const TriangleResult r = triangle_count(a, o);
    EXPECT_EQ(check_triangles(a.csr(), r), "");
    if (m == kAllMethods[0]) first = r.triangles;
    EXPECT_EQ(check_same_triangle_count(r.triangles, first), "");
  }
  for (TriangleMethod m : kFusedMethods) {
    SCOPED_TRACE(triangle_method_name(m) + " per vertex");
    TriangleOptions o;
    o.method = m;
    o.per_vertex = true;
    EXPECT_EQ(check_triangles(a.csr(), triangle_count(a, o)), "");
  }
}

// ---- positive cases ---------------------------------------------------------------------------

TEST(TrianglesVerify, AcceptsEveryMethodOnRandomGraphs) {
  const std::uint64_t seed = 20261201;
  RecordProperty("seed", std::to_string(seed));
  for (Vertex n : {5u, 40u, 300u})
    for (Offset m : {Offset(n), Offset(n) * 4, Offset(n) * 12})
      for (bool undirected : {true, false}) {
        SCOPED_TRACE("n " + std::to_string(n) + " arcs " + std::to_string(m) +
                     (undirected ? " undirected" : " directed"));
        Coo<bool> coo = generate_uniform(n, m, seed + n + m, undirected);
        for (Vertex v = 0; v < n; v += 5) coo.row.push_back(v), coo.col.push_back(v);  // loops
        expect_accepted(Matrix<bool>::from_coo(std::move(coo)));
      }
  for (int scale : {6, 9})
    expect_accepted(Matrix<bool>::from_coo(generate_kronecker(scale, 16, 7, true)));
}

TEST(TrianglesVerify, AcceptsEdgeCases) {
  expect_accepted(Matrix<bool>(0, 0, true));
  expect_accepted(Matrix<bool>(10, 10, true));  // isolated vertices
  expect_accepted(
      Matrix<bool>::build_pattern(3, 3, std::vector<Vertex>{1}, std::vector<Vertex>{1}));
  std::vector<std::pair<Vertex, Vertex>> k20;
  for (Vertex u = 0; u < 20; ++u)
    for (Vertex v = u + 1; v < 20; ++v) k20.emplace_back(u, v);
  const Matrix<bool> complete = undirected_of(20, k20);
  expect_accepted(complete);
  TriangleResult r;
  r.triangles = 1140;  // C(20, 3)
  EXPECT_EQ(check_triangles(complete.csr(), r), "");
  EXPECT_EQ(check_same_triangle_count(1140, 1140), "");
}

// ---- negative cases ---------------------------------------------------------------------------

TEST(TrianglesVerify, RejectsWrongAnswersNamingTheFirstViolation) {
  // K4 (4 triangles, 3 through each vertex, clustering 1) plus a pendant vertex 4 off vertex 3.
  const Matrix<bool> a = undirected_of(5, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}, {3, 4}});
  TriangleOptions o;
  o.per_vertex = true;
  const TriangleResult right = triangle_count(a, o);
  ASSERT_EQ(check_triangles(a.csr(), right), "");
  ASSERT_EQ(right.triangles, 4u);
  TriangleResult r = right;
  r.triangles = 5;
  EXPECT_EQ(check_triangles(a.csr(), r), "the result counts 5 triangles, but the graph has 4");
  r = right;
  r.per_vertex[2] = 4;
  EXPECT_EQ(check_triangles(a.csr(), r), "vertex 2 lies on 3 triangles, not 4");
  r.per_vertex.pop_back();
  EXPECT_EQ(check_triangles(a.csr(), r), "4 per-vertex counts for 5 vertices");
  r = right;
  r.clustering[1] = 0.5;
  EXPECT_EQ(check_triangles(a.csr(), r), "the clustering coefficient of vertex 1 is 0.5, not 1");
  r.clustering[3] = 1;  // deg 4: 2 * 3 / 12 = 0.5; vertex 1 comes first
  EXPECT_EQ(check_triangles(a.csr(), r), "the clustering coefficient of vertex 1 is 0.5, not 1");
  r = right;
  r.clustering[4] = 0.25;  // degree 1: 0
  EXPECT_EQ(check_triangles(a.csr(), r), "the clustering coefficient of vertex 4 is 0.25, not 0");
  r.clustering.resize(6);
  EXPECT_EQ(check_triangles(a.csr(), r), "6 clustering coefficients for 5 vertices");
  const VertexNamer one_based = [](Vertex v) { return std::to_string(v + 1); };
  r = right;
  r.per_vertex[0] = 0;
  EXPECT_EQ(check_triangles(a.csr(), r, one_based), "vertex 1 lies on 3 triangles, not 0");
  EXPECT_EQ(check_triangles(Matrix<bool>(2, 3, true).csr(), right), "the graph is not square");
  // A directed 3-cycle is one triangle of its undirected graph.
  const Matrix<bool> cycle =
      Matrix<bool>::build_pattern(3, 3, std::vector<Vertex>{0, 1, 2}, std::vector<Vertex>{1, 2, 0});
  EXPECT_EQ(check_triangles(cycle.csr(), TriangleResult{}),
            "the result counts 0 triangles, but the graph has 1");
  EXPECT_EQ(check_same_triangle_count(5, 6, {"spgraph", "GraphBLAS"}),
            "spgraph counts 5 triangles but GraphBLAS counts 6");
  EXPECT_EQ(check_same_triangle_count(7, 0),
            "the answer counts 7 triangles but the reference counts 0");
}

TEST(TrianglesVerify, RejectsEveryRandomPerturbationOfARealAnswer) {
  const std::uint64_t seed = 77;
  RecordProperty("seed", std::to_string(seed));
  std::mt19937_64 rng(seed);
  const Matrix<bool> a = Matrix<bool>::from_coo(generate_kronecker(8, 8, seed, true));
  TriangleOptions o;
  o.per_vertex = true;
  const TriangleResult right = triangle_count(a, o);
  ASSERT_GT(right.triangles, 0u);
  ASSERT_EQ(check_triangles(a.csr(), right), "");
  const Vertex n = a.nrows();
  for (int trial = 0; trial < 300; ++trial) {
    TriangleResult wrong = right;
    const Vertex v = Vertex(rng() % n);
    switch (trial % 3) {
      case 0:
        wrong.triangles += trial % 2 ? 1 : -1;
        break;
      case 1:
        wrong.per_vertex[v] += 1;
        break;
      default:
        wrong.clustering[v] = wrong.clustering[v] * (1 + 1e-9) + 1e-9;
    }
    EXPECT_NE(check_triangles(a.csr(), wrong), "") << "trial " << trial << " vertex " << v;
  }
}

}  // namespace
}  // namespace spgraph::testing
