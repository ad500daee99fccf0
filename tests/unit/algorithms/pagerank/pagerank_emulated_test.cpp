// SPDX-License-Identifier: Apache-2.0
// The CUDA PageRank's logic on the CPU: the host emulation (algorithms/pagerank/
// pagerank_emulated.hpp) runs the device's loop, degree count, row groups, long-row blocks and
// per-vertex step (pagerank_steps_driver.hpp, pagerank_lanes.hpp), checked against the CPU kernel
// (pagerank_fused_csr.hpp), an independent implementation: the same step count, convergence and
// last Σ|r' - r| (to rounding), and every rank within 1e-12 (the two add a row's terms in
// different orders). Gap and Standard, uniform and personalized teleport, directed graphs with
// sinks, a huge row (the block path), a grid, no arcs, the empty graph, and tolerance 0 (every
// step runs, none converges).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "algorithms/bfs/bfs_cuda.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/pagerank/pagerank_cuda.hpp"
#include "algorithms/pagerank/pagerank_emulated.hpp"
#include "algorithms/pagerank/pagerank_setup.hpp"
#include "engine/backend.hpp"
#include "engine/core/error.hpp"
#include "tests/unit/algorithms/traversal_graphs.hpp"

namespace spgraph::testing {
namespace {

PageRankResult emulate(const Matrix<bool>& a, const PageRankOptions& o) {
  const detail::Teleport tp = detail::make_teleport(a.nrows(), o);
  const Csr<bool>& in = o.undirected ? a.csr() : a.transposed();
  return pagerank_emulated({a.nrows(), in.row_ptr.data(), in.col.data(), &tp.tele, tp.uniform}, o);
}

void expect_same_ranks(const PageRankResult& emu, const PageRankResult& cpu) {
  EXPECT_EQ(emu.iterations, cpu.iterations);
  EXPECT_EQ(emu.converged, cpu.converged);
  EXPECT_NEAR(emu.delta, cpu.delta, 1e-12);
  ASSERT_EQ(emu.rank.size(), cpu.rank.size());
  double worst = 0;
  for (std::size_t v = 0; v < cpu.rank.size(); ++v)
    worst = std::max(worst, std::fabs(emu.rank[v] - cpu.rank[v]));
  EXPECT_LE(worst, 1e-12);
}

std::vector<PageRankOptions> emulation_options(Vertex n) {
  std::vector<PageRankOptions> all;
  PageRankOptions gap;
  gap.tolerance = 1e-9;
  all.push_back(gap);
  PageRankOptions standard = gap;
  standard.variant = PageRankVariant::Standard;
  all.push_back(standard);
  PageRankOptions personal = standard;
  personal.personalize = {0, n / 2, n / 2, n - 1};  // a repeat counts once
  all.push_back(personal);
  PageRankOptions weights = gap;
  weights.personalize = {n - 1, 0};
  weights.personalize_weights = {3.0, 1.0};
  weights.damping = 0.5;
  if (n > 1) all.push_back(weights);
  PageRankOptions fixed_steps = standard;
  fixed_steps.tolerance = 0;
  fixed_steps.max_iterations = 7;
  all.push_back(fixed_steps);
  return all;
}

TEST(PageRankLanes, ButterflyAndWidths) {
  double p[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  pagerank_butterfly(p, 8);
  for (double x : p) EXPECT_EQ(x, 36.0);
  EXPECT_EQ(pagerank_group_width(0, 10), 1);
  EXPECT_EQ(pagerank_group_width(25, 10), 4);  // average 2.5 -> 4
  EXPECT_EQ(pagerank_group_width(1000, 10), 32);
  EXPECT_EQ(pagerank_lane_sum(nullptr, nullptr, 5, 5, 0, 4), 0.0);
}

TEST(PageRankEmulated, MatchesTheCpuKernel) {
  for (const TraversalGraph& g : traversal_graphs()) {
    for (PageRankOptions o : emulation_options(g.a.nrows())) {
      for (bool undirected : {false, g.undirected}) {
        o.undirected = undirected;
        SCOPED_TRACE(g.name + " variant " + std::to_string(int(o.variant)) + " personalized " +
                     std::to_string(o.personalize.size()) + " tolerance " +
                     std::to_string(o.tolerance) + (undirected ? " undirected" : ""));
        expect_same_ranks(emulate(g.a, o), pagerank(g.a, o));
      }
    }
  }
}

TEST(PageRankEmulated, EmptyGraph) {
  const Matrix<bool> a = build_arcs(0, ArcLists{});
  const PageRankResult r = emulate(a, PageRankOptions{});
  EXPECT_TRUE(r.converged);
  EXPECT_EQ(r.iterations, 0);
  EXPECT_TRUE(r.rank.empty());
}

// The device entry points refuse what has no kernel there, by name, and refuse everything in a
// build without the backend (the *_cuda_refusal.cpp definitions).
TEST(TraversalsOnCuda, RefuseWhatTheyCannotRun) {
  auto message = [](const PageRankOptions& o) {
    try {
      detail::refuse_pagerank_cuda_options(o);
    } catch (const BackendUnavailable& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  PageRankOptions o;
  EXPECT_EQ(message(o), "");
  o.weighted = true;
  EXPECT_NE(message(o).find("pagerank --weighted"), std::string::npos) << message(o);
  o = {};
  o.precision = PageRankPrecision::Float;
  EXPECT_NE(message(o).find("--precision float"), std::string::npos) << message(o);
  o = {};
  o.sweep = PageRankSweep::GaussSeidel;
  EXPECT_NE(message(o).find("gauss-seidel"), std::string::npos) << message(o);
  o = {};
  o.spmv = SpmvFormat::Csr5;
  EXPECT_NE(message(o).find("csr5"), std::string::npos) << message(o);
  if (cuda_backend_built()) GTEST_SKIP() << "the CUDA backend is built: its tests are label cuda";
  const TraversalGraph g = grid_graph(3, 3);
  EXPECT_THROW(pagerank_cuda(g.a, PageRankOptions{}), BackendUnavailable);
  const AdjacencyView view = adjacency_of(g.a.csr());
  EXPECT_THROW(DeviceBfs(view, view), BackendUnavailable);
  EXPECT_THROW(bfs_cuda(g.a, 0), BackendUnavailable);
}

}  // namespace
}  // namespace spgraph::testing
