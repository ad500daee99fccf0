// SPDX-License-Identifier: Apache-2.0
// The device triangle count's logic on the CPU: the front end of triangle_count_cuda.hpp with
// the host emulation of the arc step (triangle_arcs_emulated.hpp, on the lanes the kernel runs)
// against the CPU triangle count (triangle_count.hpp, itself checked by brute force in
// triangle_count_test.cpp): totals, per-vertex counts and clustering, on random undirected and
// directed graphs with self-loops, repeated arcs and isolated vertices, the empty graph, a star
// (one huge row) and a clique. Also the refusal of triangle_count_cuda where the CUDA backend is
// not built or has no device.
#include <gtest/gtest.h>

#include <string>

#include "algorithms/triangles/triangle_arcs_emulated.hpp"
#include "algorithms/triangles/triangle_count_cuda.hpp"
#include "engine/backend.hpp"
#include "tests/unit/algorithms/random_graphs.hpp"

namespace spgraph::testing {
namespace {

void expect_same_counts(const Matrix<bool>& g, const std::string& what) {
  TriangleOptions o;
  o.per_vertex = true;
  const TriangleResult want = triangle_count(g, o);
  const TriangleResult got = triangle_count_by_arcs(g, o, triangle_arcs_emulated);
  EXPECT_EQ(got.triangles, want.triangles) << what;
  EXPECT_EQ(got.per_vertex, want.per_vertex) << what;
  EXPECT_EQ(got.symmetrized, want.symmetrized) << what;
  ASSERT_EQ(got.clustering.size(), want.clustering.size()) << what;
  for (std::size_t v = 0; v < got.clustering.size(); ++v)
    EXPECT_DOUBLE_EQ(got.clustering[v], want.clustering[v]) << what << " vertex " << v;
  TriangleOptions total_only;
  EXPECT_EQ(triangle_count_by_arcs(g, total_only, triangle_arcs_emulated).triangles, want.triangles)
      << what;
}

TEST(TriangleArcsEmulated, RandomGraphsMatchTheCpuCount) {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const bool undirected = seed % 2 == 0;
    const Vertex n = Vertex(20 + 37 * seed);
    const Matrix<bool> g = random_pattern_graph(n, Offset(n) * (seed % 5 + 2), 3500 + seed,
                                                undirected, seed % 3 == 0 ? 4 : 0);
    expect_same_counts(g, "seed " + std::to_string(seed));
  }
}

TEST(TriangleArcsEmulated, EdgeCasesMatchTheCpuCount) {
  expect_same_counts(Matrix<bool>(0, 0, true), "empty");
  expect_same_counts(Matrix<bool>(7, 7, true), "no arcs");
  std::vector<Vertex> r, c;
  for (Vertex v = 1; v < 400; ++v) {  // a star with a rim: one huge row, 398 triangles
    r.insert(r.end(), {0, v, v, v % 399 + 1});
    c.insert(c.end(), {v, 0, v % 399 + 1, v});
  }
  r.push_back(5);  // a self-loop
  c.push_back(5);
  expect_same_counts(Matrix<bool>::build_pattern(400, 400, r, c), "star with rim");
  r.clear();
  c.clear();
  for (Vertex u = 0; u < 30; ++u)
    for (Vertex v = 0; v < 30; ++v) {
      r.push_back(u);
      c.push_back(v);
    }
  expect_same_counts(Matrix<bool>::build_pattern(30, 30, r, c), "clique with self-loops");
}

TEST(TriangleCountCuda, RefusesClearlyWithoutADevice) {
  if (backend_status(Backend::Cuda).find("cuda: not built") == std::string::npos &&
      backend_status(Backend::Cuda).find("no usable") == std::string::npos)
    GTEST_SKIP() << "a device is present: " << backend_status(Backend::Cuda);
  try {
    (void)triangle_count_cuda(random_pattern_graph(10, 30, 1, true));
    FAIL() << "triangle_count_cuda ran without a device";
  } catch (const BackendUnavailable& e) {
    EXPECT_EQ(std::string(e.what()), backend_status(Backend::Cuda));
  }
}

}  // namespace
}  // namespace spgraph::testing
