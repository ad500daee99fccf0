// SPDX-License-Identifier: Apache-2.0
// The CUDA BFS and PageRank (algorithms/bfs/bfs_cuda.cu, algorithms/pagerank/pagerank_cuda.cu)
// against the CPU kernels, on graphs generated here (tests/unit/algorithms/traversal_graphs.hpp:
// random directed and undirected, R-MAT, a grid, one huge row, two components, no arcs) and on a
// larger R-MAT whose levels fill the device. Skipped, naming the probe's reason, without a
// device; without one, the entry points' refusal is checked instead.
//   - BFS: levels identical to bfs(), parents a valid BFS tree (bfs_verify.hpp), the same reach,
//     depth and push/pull step counts (the one switching rule), for every method and for eager
//     thresholds; levels-only and parents-only searches; one DeviceBfs reused across sources.
//   - PageRank: the CPU's step count and convergence, ranks within 1e-12 (the order of addition
//     differs), for Gap, Standard and personalized runs; one transfer in (the in-arcs, counted
//     to the byte) and the ranks out.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/bfs/bfs_cuda.hpp"
#include "algorithms/bfs/bfs_verify.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/pagerank/pagerank_cuda.hpp"
#include "engine/core/error.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "tests/unit/algorithms/traversal_graphs.hpp"

namespace spgraph::testing {
namespace {

#define SKIP_WITHOUT_DEVICE()                                                   \
  do {                                                                          \
    if (cuda_device_info().count == 0)                                          \
      GTEST_SKIP() << "skipped: no CUDA device: " << cuda_device_info().reason; \
  } while (0)

std::vector<TraversalGraph> device_graphs() {
  std::vector<TraversalGraph> g = traversal_graphs();
  g.push_back(rmat_graph(17, 16, 21));
  g.push_back(uniform_graph(200000, 1600000, false, 22));
  return g;
}

std::vector<BfsOptions> bfs_variants() {
  std::vector<BfsOptions> all;
  for (BfsMethod m : {BfsMethod::Auto, BfsMethod::Push, BfsMethod::Pull}) {
    BfsOptions o;
    o.method = m;
    all.push_back(o);
  }
  BfsOptions eager;
  eager.alpha = 1;
  eager.beta = 2;
  all.push_back(eager);
  return all;
}

TEST(BfsCuda, MatchesTheCpuKernel) {
  SKIP_WITHOUT_DEVICE();
  for (const TraversalGraph& g : device_graphs()) {
    const AdjacencyView out = adjacency_of(g.a.csr());
    const AdjacencyView in = g.undirected ? out : adjacency_of(g.a.transposed());
    DeviceBfs device(out, in);
    for (const BfsOptions& o : bfs_variants())
      for (Vertex s : traversal_sources(g.a.nrows(), 9)) {
        SCOPED_TRACE(g.name + " source " + std::to_string(s) + " method " +
                     std::to_string(int(o.method)) + " alpha " + std::to_string(o.alpha));
        const BfsResult cpu = bfs(g.a, s, o);
        const BfsResult dev = device.run(s, o);
        ASSERT_EQ(dev.level, cpu.level);
        EXPECT_EQ(check_bfs_tree(g.a.csr(), s, cpu.level, dev.parent), "");
        EXPECT_EQ(dev.reached, cpu.reached);
        EXPECT_EQ(dev.depth, cpu.depth);
        EXPECT_EQ(dev.push_steps, cpu.push_steps);
        EXPECT_EQ(dev.pull_steps, cpu.pull_steps);
      }
  }
}

TEST(BfsCuda, ComputesOnlyWhatIsAskedAndCountsItsTransfers) {
  SKIP_WITHOUT_DEVICE();
  const TraversalGraph g = rmat_graph(12, 8, 31);
  const Vertex n = g.a.nrows();
  BfsOptions levels_only;
  levels_only.parents = false;
  DeviceRun cost;
  const BfsResult l = bfs_cuda(g.a, 5, levels_only, &cost);
  EXPECT_TRUE(l.parent.empty());
  EXPECT_EQ(l.level, bfs(g.a, 5, levels_only).level);
  // The graph once (symmetric: one copy), then per level 24 bytes of counts, and the levels.
  EXPECT_EQ(cost.h2d_bytes, (std::uint64_t(n) + 1) * 8 + g.a.nvals() * 4);
  EXPECT_EQ(cost.d2h_bytes, std::uint64_t(l.push_steps + l.pull_steps) * 24 + std::uint64_t(n) * 4);
  EXPECT_GT(cost.peak_bytes, cost.h2d_bytes);
  BfsOptions parents_only;
  parents_only.levels = false;
  const BfsResult p = bfs_cuda(g.a, 5, parents_only);
  EXPECT_TRUE(p.level.empty());
  EXPECT_EQ(check_bfs_tree(g.a.csr(), 5, l.level, p.parent), "");
  EXPECT_THROW(bfs_cuda(g.a, n), IndexOutOfBounds);
}

std::vector<PageRankOptions> pagerank_variants(Vertex n) {
  std::vector<PageRankOptions> all;
  PageRankOptions gap;
  gap.tolerance = 1e-9;
  all.push_back(gap);
  PageRankOptions standard = gap;
  standard.variant = PageRankVariant::Standard;
  all.push_back(standard);
  PageRankOptions personal = standard;
  personal.personalize = {0, n / 2, n - 1};
  all.push_back(personal);
  PageRankOptions fixed_steps = gap;
  fixed_steps.tolerance = 0;
  fixed_steps.max_iterations = 5;
  all.push_back(fixed_steps);
  return all;
}

TEST(PageRankCuda, MatchesTheCpuKernel) {
  SKIP_WITHOUT_DEVICE();
  for (const TraversalGraph& g : device_graphs())
    for (PageRankOptions o : pagerank_variants(g.a.nrows())) {
      o.undirected = g.undirected;
      SCOPED_TRACE(g.name + " variant " + std::to_string(int(o.variant)) + " personalized " +
                   std::to_string(o.personalize.size()));
      const PageRankResult cpu = pagerank(g.a, o);
      const PageRankResult dev = pagerank_cuda(g.a, o);
      EXPECT_EQ(dev.iterations, cpu.iterations);
      EXPECT_EQ(dev.converged, cpu.converged);
      ASSERT_EQ(dev.rank.size(), cpu.rank.size());
      double worst = 0;
      for (std::size_t v = 0; v < cpu.rank.size(); ++v)
        worst = std::max(worst, std::fabs(dev.rank[v] - cpu.rank[v]));
      EXPECT_LE(worst, 1e-12);
    }
}

TEST(PageRankCuda, OneTransferInOneOut) {
  SKIP_WITHOUT_DEVICE();
  const TraversalGraph g = huge_row_graph(5000, 41);  // directed: the in-arcs are A'
  PageRankOptions o;
  DeviceRun cost;
  const PageRankResult r = pagerank_cuda(g.a, o, &cost);
  const Vertex n = g.a.nrows();
  EXPECT_EQ(cost.h2d_bytes, (std::uint64_t(n) + 1) * 8 + g.a.nvals() * 4);
  // The ranks; per step the two sums; once, the count of long rows.
  EXPECT_EQ(cost.d2h_bytes, std::uint64_t(n) * 8 + std::uint64_t(r.iterations) * 16 + 8);
  EXPECT_GT(cost.run_seconds, 0);
}

TEST(TraversalsCuda, RefusedWithoutADevice) {
  if (cuda_device_info().count != 0) GTEST_SKIP() << "a device is present";
  const TraversalGraph g = grid_graph(3, 3);
  EXPECT_THROW(pagerank_cuda(g.a, PageRankOptions{}), BackendUnavailable);
  EXPECT_THROW(bfs_cuda(g.a, 0), BackendUnavailable);
}

}  // namespace
}  // namespace spgraph::testing
