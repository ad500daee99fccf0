// SPDX-License-Identifier: Apache-2.0
// Triangle counting against independent answers: brute-force set intersection on random graphs
// (undirected, directed -> symmetrized, with self-loops and repeated arcs), per-vertex counts
// and clustering coefficients against the same oracle, LAGraph's published counts, LDBC
// Graphalytics' LCC outputs, every count in ../shared/data/REFERENCE_SCALARS.tsv whose file
// format we read, and edge cases (empty, isolated vertices, complete graphs, stars, wheels with
// one huge row). Every method must give the same answers, and every answer must pass the
// verifier `spgraph compare tc` uses (triangles_verify.hpp), which counts again on its own.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/triangles/triangles.hpp"
#include "algorithms/triangles/triangles_verify.hpp"
#include "loaders/generators.hpp"
#include "loaders/load.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/algorithms/ldbc_reference.hpp"

namespace spgraph::testing {
namespace {

constexpr TriangleMethod kAllMethods[] = {TriangleMethod::Auto,     TriangleMethod::Merge,
                                          TriangleMethod::Hash,     TriangleMethod::SandiaLL,
                                          TriangleMethod::SandiaUU, TriangleMethod::Wedge};
constexpr TriangleMethod kFusedMethods[] = {TriangleMethod::Auto, TriangleMethod::Merge,
                                            TriangleMethod::Hash};

/// Triangles of the simple undirected graph underlying `a` (symmetrized, self-loops dropped),
/// by set intersection: for u < v adjacent, count w > v adjacent to both. Also per vertex.
struct BruteForce {
  std::uint64_t triangles = 0;
  std::vector<std::uint64_t> per_vertex;
  std::vector<double> clustering;
};
BruteForce brute_force(const Matrix<bool>& a) {
  const Vertex n = a.nrows();
  std::vector<std::set<Vertex>> adj(n);
  for (Vertex i = 0; i < n; ++i)
    for (Offset k = a.csr().row_begin(i); k < a.csr().row_end(i); ++k) {
      const Vertex j = a.csr().col[k];
      if (i == j) continue;
      adj[i].insert(j);
      adj[j].insert(i);
    }
  BruteForce b;
  b.per_vertex.assign(n, 0);
  for (Vertex u = 0; u < n; ++u)
    for (Vertex v : adj[u]) {
      if (v <= u) continue;
      for (Vertex w : adj[u])
        if (w > v && adj[v].count(w)) {
          ++b.triangles;
          ++b.per_vertex[u], ++b.per_vertex[v], ++b.per_vertex[w];
        }
    }
  b.clustering.assign(n, 0.0);
  for (Vertex v = 0; v < n; ++v) {
    const double d = double(adj[v].size());
    if (d >= 2) b.clustering[v] = 2.0 * double(b.per_vertex[v]) / (d * (d - 1));
  }
  return b;
}

/// Checks every method's count (and per-vertex answers for the fused ones) against `want`.
void expect_all_methods(const Matrix<bool>& a, const BruteForce& want, bool undirected) {
  for (TriangleMethod m : kAllMethods) {
    SCOPED_TRACE(triangle_method_name(m));
    TriangleOptions o;
    o.method = m;
    o.undirected = undirected;
    const TriangleResult r = triangle_count(a, o);
    EXPECT_EQ(r.triangles, want.triangles);
    EXPECT_EQ(check_triangles(a.csr(), r), "");
  }
  for (TriangleMethod m : kFusedMethods) {
    SCOPED_TRACE(triangle_method_name(m) + " per vertex");
    TriangleOptions o;
    o.method = m;
    o.per_vertex = true;
    o.undirected = undirected;
    const TriangleResult r = triangle_count(a, o);
    EXPECT_EQ(r.triangles, want.triangles);
    EXPECT_EQ(check_triangles(a.csr(), r), "");
    EXPECT_EQ(r.per_vertex, want.per_vertex);
    ASSERT_EQ(r.clustering.size(), want.clustering.size());
    for (std::size_t v = 0; v < r.clustering.size(); ++v)
      EXPECT_NEAR(r.clustering[v], want.clustering[v], 1e-12) << "vertex " << v;
  }
}

TEST(TriangleCount, RandomUndirectedGraphsMatchBruteForce) {
  const std::uint64_t seed = 20261124;
  RecordProperty("seed", std::to_string(seed));
  for (Vertex n : {5u, 40u, 300u}) {
    for (Offset m : {Offset(n), Offset(n) * 4, Offset(n) * 12}) {
      SCOPED_TRACE("n " + std::to_string(n) + " arcs " + std::to_string(m) + " seed " +
                   std::to_string(seed));
      const Matrix<bool> a = Matrix<bool>::from_coo(generate_uniform(n, m, seed + n + m, true));
      expect_all_methods(a, brute_force(a), true);
    }
  }
}

TEST(TriangleCount, KroneckerGraphsWithHubsMatchBruteForce) {
  // Skewed degrees: rows of U long enough for the bitmap path, hubs ordered last.
  for (int scale : {6, 9}) {
    SCOPED_TRACE("scale " + std::to_string(scale));
    const Matrix<bool> a = Matrix<bool>::from_coo(generate_kronecker(scale, 16, 42, true));
    expect_all_methods(a, brute_force(a), true);
  }
}

// The wedge count's parallel path (from 2^13 oriented arcs) and its rank relabelling, on graphs
// too large for the brute force: against the merge count, with several seeds.
TEST(TriangleCount, WedgeCountMatchesMergeOnLargerKroneckerGraphs) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Matrix<bool> a = Matrix<bool>::from_coo(generate_kronecker(12, 16, seed, true));
    ASSERT_GE(a.nvals(), Offset(1) << 15);
    TriangleOptions wedge, merge;
    wedge.method = TriangleMethod::Wedge;
    merge.method = TriangleMethod::Merge;
    const TriangleResult w = triangle_count(a, wedge), m = triangle_count(a, merge);
    EXPECT_GT(m.triangles, 0u);
    EXPECT_EQ(check_same_triangle_count(w.triangles, m.triangles, {"wedge", "merge"}), "");
    EXPECT_EQ(check_triangles(a.csr(), m), "");
    EXPECT_EQ(w.self_loops, m.self_loops);
  }
}

TEST(TriangleCount, DirectedInputIsSymmetrizedAndSelfLoopsAndRepeatsIgnored) {
  const std::uint64_t seed = 99;
  RecordProperty("seed", std::to_string(seed));
  Coo<bool> coo = generate_uniform(200, 2000, seed, false);  // directed, with repeats
  for (Vertex v = 0; v < 200; v += 3) {                      // self-loops
    coo.row.push_back(v);
    coo.col.push_back(v);
  }
  const Matrix<bool> a = Matrix<bool>::from_coo(std::move(coo));
  const TriangleResult r = triangle_count(a);
  EXPECT_TRUE(r.symmetrized);
  EXPECT_GT(r.self_loops, 0u);
  expect_all_methods(a, brute_force(a), false);
}

TEST(TriangleCount, SparseGraphsCountInIdOrderLikeTheOrientedCount) {
  // Average degree below 10, above the parallel threshold: Auto counts in id order (no
  // orientation). Self-loops on every fifth vertex are skipped and counted the same way.
  const std::uint64_t seed = 77;
  RecordProperty("seed", std::to_string(seed));
  for (Vertex n : {3000u, 20000u}) {
    Coo<bool> coo = generate_uniform(n, Offset(n) * 3, seed + n, true);
    for (Vertex v = 0; v < n; v += 5) {
      coo.row.push_back(v);
      coo.col.push_back(v);
    }
    const Matrix<bool> a = Matrix<bool>::from_coo(std::move(coo));
    TriangleOptions o;
    o.undirected = true;
    const TriangleResult automatic = triangle_count(a, o);
    o.method = TriangleMethod::Merge;
    const TriangleResult merge = triangle_count(a, o);
    EXPECT_EQ(automatic.triangles, merge.triangles);
    EXPECT_EQ(automatic.self_loops, merge.self_loops);
    EXPECT_GE(automatic.self_loops, Offset((n + 4) / 5));  // the generator may add some too
    EXPECT_EQ(check_triangles(a.csr(), automatic), "");
    if (n == 3000) {
      EXPECT_EQ(automatic.triangles, brute_force(a).triangles);
    }
  }
}

TEST(TriangleCount, EdgeCases) {
  auto build = [](Vertex n, std::vector<std::pair<Vertex, Vertex>> edges) {
    std::vector<Vertex> r, c;
    for (auto [u, v] : edges) {
      r.push_back(u), c.push_back(v), r.push_back(v), c.push_back(u);
    }
    return Matrix<bool>::build_pattern(n, n, r, c);
  };
  EXPECT_EQ(triangle_count(Matrix<bool>(0, 0, true)).triangles, 0u);
  EXPECT_EQ(triangle_count(Matrix<bool>(10, 10, true)).triangles, 0u);  // isolated vertices
  // Complete graph K_20: C(20, 3) = 1140 triangles, 171 through each vertex, clustering 1.
  std::vector<std::pair<Vertex, Vertex>> k20;
  for (Vertex u = 0; u < 20; ++u)
    for (Vertex v = u + 1; v < 20; ++v) k20.emplace_back(u, v);
  const Matrix<bool> complete = build(20, k20);
  expect_all_methods(complete, brute_force(complete), true);
  EXPECT_EQ(brute_force(complete).triangles, 1140u);
  // Star: no triangles; the hub's clustering is 0.
  std::vector<std::pair<Vertex, Vertex>> star;
  for (Vertex v = 1; v < 500; ++v) star.emplace_back(0, v);
  const Matrix<bool> s = build(500, star);
  expect_all_methods(s, brute_force(s), true);
  // Wheel: a hub joined to every vertex of a 5000-cycle (one huge row) has 5000 triangles.
  std::vector<std::pair<Vertex, Vertex>> wheel;
  for (Vertex v = 1; v <= 5000; ++v) {
    wheel.emplace_back(0, v);
    wheel.emplace_back(v, v == 5000 ? 1 : v + 1);
  }
  const Matrix<bool> w = build(5001, wheel);
  const BruteForce bw = brute_force(w);
  EXPECT_EQ(bw.triangles, 5000u);
  expect_all_methods(w, bw, true);
  // Only a self-loop.
  const Matrix<bool> loop =
      Matrix<bool>::build_pattern(3, 3, std::vector<Vertex>{1}, std::vector<Vertex>{1});
  EXPECT_EQ(triangle_count(loop).triangles, 0u);
  EXPECT_EQ(triangle_count(loop).self_loops, 1u);
  EXPECT_EQ(check_triangles(loop.csr(), triangle_count(loop)), "");
}

TEST(TriangleCount, ErrorsAreClear) {
  EXPECT_THROW(triangle_count(Matrix<bool>(3, 4, true)), DimensionMismatch);
  TriangleOptions o;
  o.method = TriangleMethod::SandiaLL;
  o.per_vertex = true;
  EXPECT_THROW(triangle_count(Matrix<bool>(3, 3, true), o), InvalidArgument);
  o.method = TriangleMethod::Wedge;
  EXPECT_THROW(triangle_count(Matrix<bool>(3, 3, true), o), InvalidArgument);
  EXPECT_THROW(parse_triangle_method("fast"), InvalidArgument);
  EXPECT_EQ(parse_triangle_method("wedge"), TriangleMethod::Wedge);
  EXPECT_EQ(parse_triangle_method("sandia-uu"), TriangleMethod::SandiaUU);
}

TEST(TriangleCount, LagraphKarateHas45Triangles) {
  const Matrix<bool> a = load_graph(test_data("lagraph/karate.mtx").string());
  for (TriangleMethod m : kAllMethods) {
    TriangleOptions o;
    o.method = m;
    const TriangleResult r = triangle_count(a, o);
    EXPECT_EQ(r.triangles, 45u) << triangle_method_name(m);
    EXPECT_EQ(check_triangles(a.csr(), r), "") << triangle_method_name(m);
  }
}

/// LDBC Graphalytics LCC validation (undirected cases): coefficients within Graphalytics'
/// epsilon of 1e-6 for every vertex of the output.
TEST(TriangleCount, ClusteringMatchesGraphalyticsLccOutputs) {
  const std::pair<const char*, const char*> cases[][1] = {
      {{"ldbc/lcc/undir-input", "ldbc/lcc/undir-output"}},
      {{"ldbc/example/example-undirected-input", "ldbc/example/example-undirected-LCC"}}};
  const char* vertex_lists[] = {"", "ldbc/example/example-undirected.v"};
  for (int c = 0; c < 2; ++c) {
    const auto [input, output] = cases[c][0];
    SCOPED_TRACE(input);
    const LdbcGraph g = load_ldbc_graph(input, vertex_lists[c], {output});
    TriangleOptions o;
    o.per_vertex = true;
    const TriangleResult r = triangle_count(g.graph, o);
    EXPECT_EQ(check_triangles(g.graph.csr(), r), "");
    const auto rows = read_rows(test_data(output));
    ASSERT_EQ(rows.size(), g.graph.nrows());
    for (const auto& row : rows)
      EXPECT_NEAR(r.clustering[g.dense.at(std::stoll(row[0]))], std::stod(row[1]), 1e-6)
          << "vertex " << row[0];
  }
}

/// Rows of REFERENCE_SCALARS.tsv that give a triangle count for a file we can read.
std::vector<std::pair<std::string, std::uint64_t>> reference_triangle_counts() {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  const std::filesystem::path tsv = shared_data("REFERENCE_SCALARS.tsv");
  if (tsv.empty()) return out;
  std::ifstream in(tsv);
  for (std::string line; std::getline(in, line);) {
    std::istringstream f(line);
    std::string file, quantity, value;
    if (!std::getline(f, file, '\t') || !std::getline(f, quantity, '\t') ||
        !std::getline(f, value, '\t') || quantity != "triangles")
      continue;
    // Formats spgraph reads (LightGraphs .jlg and Scotch .grf are not among them).
    if (file.find(".jlg") != std::string::npos || file.find(".grf") != std::string::npos) continue;
    out.emplace_back(file, std::stoull(value));
  }
  return out;
}

TEST(TriangleCount, EveryReferenceCountInSharedData) {
  const auto cases = reference_triangle_counts();
  if (cases.empty())
    GTEST_SKIP() << "shared data not present: ../shared/data/REFERENCE_SCALARS.tsv";
  for (const auto& [file, want] : cases) {
    SCOPED_TRACE(file);
    LoadOptions lo;
    lo.pattern_only = true;
    const Matrix<bool> a = load_graph(shared_data(file).string(), lo);
    EXPECT_EQ(triangle_count(a).triangles, want);
  }
}

}  // namespace
}  // namespace spgraph::testing
