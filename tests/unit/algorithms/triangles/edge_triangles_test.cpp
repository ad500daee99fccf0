// SPDX-License-Identifier: Apache-2.0
// Triangles per edge (algorithms/triangles/edge_triangles.hpp) against brute force: each edge of
// the degree orientation once, its support the common neighbours of its ends, the total the
// triangle count; self-loops ignored; one and two threads alike.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <set>
#include <vector>

#include "algorithms/triangles/triangles.hpp"
#include "tests/unit/algorithms/random_graphs.hpp"

namespace spgraph::testing {
namespace {

/// Checks t against the symmetric graph g, edge by edge.
void expect_supports(const Matrix<bool>& g, const EdgeTriangles& t) {
  const Csr<bool>& a = g.csr();
  std::vector<std::set<Vertex>> adj(a.nrows);
  std::size_t edges = 0;
  for (Vertex u = 0; u < a.nrows; ++u)
    for (Offset k = a.row_begin(u); k < a.row_end(u); ++k)
      if (a.col[k] != u) adj[u].insert(a.col[k]), edges += u < a.col[k];
  const Csr<bool>& o = t.oriented;
  ASSERT_EQ(o.nnz(), edges);
  ASSERT_EQ(t.support.size(), edges);
  std::set<std::pair<Vertex, Vertex>> seen;
  for (Vertex u = 0; u < o.nrows; ++u)
    for (Offset e = o.row_begin(u); e < o.row_end(u); ++e) {
      const Vertex v = o.col[e];
      ASSERT_TRUE(adj[u].count(v)) << u << "-" << v;
      EXPECT_TRUE(seen.emplace(std::min(u, v), std::max(u, v)).second) << "edge listed twice";
      Vertex common = 0;
      for (Vertex w : adj[u]) common += w != v && adj[v].count(w);
      EXPECT_EQ(t.support[e], common) << u << "-" << v;
    }
}

TEST(EdgeTriangles, SupportsAreCommonNeighbours) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Matrix<bool> g = random_pattern_graph(200, 400 * seed, seed, true, 5);
    const EdgeTriangles t = edge_triangles(adjacency_of(g.csr()));
    expect_supports(g, t);
    EXPECT_EQ(t.triangles, triangle_count(g).triangles);
    EXPECT_EQ(t.self_loops, triangle_count(g).self_loops);
  }
}

TEST(EdgeTriangles, LargerGraphOneAndTwoThreads) {
  const Matrix<bool> g = random_pattern_graph(5000, 120000, 3, true);
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  const EdgeTriangles one = edge_triangles(adjacency_of(g.csr()));
  omp_set_num_threads(2);
  const EdgeTriangles two = edge_triangles(adjacency_of(g.csr()));
  omp_set_num_threads(threads);
  EXPECT_EQ(one.support, two.support);
  expect_supports(g, two);
}

TEST(EdgeTriangles, EmptyAndNoTriangles) {
  const Matrix<bool> none(0, 0, true);
  EXPECT_EQ(edge_triangles(adjacency_of(none.csr())).support.size(), 0u);
  std::vector<Vertex> r{0, 1, 1, 2}, c{1, 0, 2, 1};
  const Matrix<bool> path = Matrix<bool>::build_pattern(3, 3, r, c);
  const EdgeTriangles t = edge_triangles(adjacency_of(path.csr()));
  EXPECT_EQ(t.support, std::vector<Vertex>(2, 0));
  EXPECT_EQ(t.triangles, 0u);
}

}  // namespace
}  // namespace spgraph::testing
