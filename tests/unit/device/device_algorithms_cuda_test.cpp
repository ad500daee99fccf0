// SPDX-License-Identifier: Apache-2.0
// The device triangle count and closure (algorithms/triangles/triangle_count_cuda.hpp,
// algorithms/closure/transitive_closure_cuda.hpp) against the CPU algorithms, on graphs
// generated here: random undirected and directed graphs with self-loops, repeats and isolated
// vertices, a star (one huge row), a long path. Label cuda: skips, with the probe's reason,
// where there is no device.
#include <gtest/gtest.h>

#include <string>

#include "algorithms/closure/transitive_closure_cuda.hpp"
#include "algorithms/triangles/triangle_count_cuda.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "tests/unit/algorithms/random_graphs.hpp"

namespace spgraph::testing {
namespace {

#define SKIP_WITHOUT_DEVICE()                                                   \
  do {                                                                          \
    if (cuda_device_info().count == 0)                                          \
      GTEST_SKIP() << "skipped: no CUDA device: " << cuda_device_info().reason; \
  } while (0)

TEST(TriangleCountCuda, MatchesTheCpuCountPerVertex) {
  SKIP_WITHOUT_DEVICE();
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const Vertex n = Vertex(50 + 300 * seed);
    const Matrix<bool> g = random_pattern_graph(n, Offset(n) * (seed % 4 + 3), 3700 + seed,
                                                seed % 2 == 0, seed % 3 == 0 ? 4 : 0);
    TriangleOptions o;
    o.per_vertex = true;
    const TriangleResult want = triangle_count(g, o);
    const TriangleResult got = triangle_count_cuda(g, o);
    EXPECT_EQ(got.triangles, want.triangles) << "seed " << seed;
    EXPECT_EQ(got.per_vertex, want.per_vertex) << "seed " << seed;
    EXPECT_EQ(got.clustering, want.clustering) << "seed " << seed;
  }
  std::vector<Vertex> r, c;
  for (Vertex v = 1; v < 5000; ++v) {  // a star with a rim
    r.insert(r.end(), {0, v, v, v % 4999 + 1});
    c.insert(c.end(), {v, 0, v % 4999 + 1, v});
  }
  const Matrix<bool> star = Matrix<bool>::build_pattern(5000, 5000, r, c);
  EXPECT_EQ(triangle_count_cuda(star).triangles, triangle_count(star).triangles);
}

TEST(TransitiveClosureCuda, MatchesTheCpuClosure) {
  SKIP_WITHOUT_DEVICE();
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Vertex n = Vertex(40 + 200 * seed);
    const Matrix<bool> g = random_pattern_graph(n, Offset(n) * (seed % 3) / 2 + n / 3, 3800 + seed,
                                                false, seed % 2 ? 5 : 0);
    for (bool reflexive : {false, true}) {
      ClosureOptions o;
      o.reflexive = reflexive;
      const ClosureResult want = transitive_closure(g, o);
      const ClosureResult got = transitive_closure_cuda(g, o);
      EXPECT_EQ(got.pairs, want.pairs) << "seed " << seed;
      EXPECT_EQ(got.closure.csr().row_ptr, want.closure.csr().row_ptr) << "seed " << seed;
      EXPECT_EQ(got.closure.csr().col, want.closure.csr().col) << "seed " << seed;
    }
  }
  std::vector<Vertex> r, c;
  for (Vertex v = 0; v + 1 < 300; ++v) {
    r.push_back(v);
    c.push_back(v + 1);
  }
  const Matrix<bool> path = Matrix<bool>::build_pattern(300, 300, r, c);
  const ClosureResult got = transitive_closure_cuda(path);
  EXPECT_EQ(got.pairs, Offset(300) * 299 / 2);
  EXPECT_EQ(got.iterations, 299u);
}

}  // namespace
}  // namespace spgraph::testing
