// SPDX-License-Identifier: Apache-2.0
// The CUDA BFS's logic on the CPU: the host emulation (algorithms/bfs/bfs_emulated.hpp) runs the
// device's level loop and lane functions (bfs_levels_driver.hpp, bfs_lanes.hpp), and is checked
// against the CPU BFS (bfs_kernel.hpp), an independent implementation: levels identical, parents
// a valid BFS tree (bfs_verify.hpp), the same reach and depth, and the same push and pull step
// counts (the one switching rule, bfs_direction.hpp, reading the same counts) for every method
// and for eager thresholds. Graphs: random directed and undirected, R-MAT, a grid, one huge row,
// two components, no arcs (every source isolated), self-loops and repeated arcs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/bfs/bfs_emulated.hpp"
#include "algorithms/bfs/bfs_lanes.hpp"
#include "algorithms/bfs/bfs_verify.hpp"
#include "tests/unit/algorithms/traversal_graphs.hpp"

namespace spgraph::testing {
namespace {

std::vector<BfsOptions> emulation_options() {
  std::vector<BfsOptions> all;
  for (BfsMethod m : {BfsMethod::Auto, BfsMethod::Push, BfsMethod::Pull}) {
    BfsOptions o;
    o.method = m;
    all.push_back(o);
  }
  BfsOptions eager;  // switches almost every level
  eager.alpha = 1;
  eager.beta = 2;
  all.push_back(eager);
  return all;
}

TEST(BfsLanes, SlotsArePrefixCountsOfTheBallot) {
  const std::uint32_t mask = 0b1011'0010u;
  EXPECT_EQ(bfs_lane_slot(mask, 0), 0);
  EXPECT_EQ(bfs_lane_slot(mask, 1), 0);
  EXPECT_EQ(bfs_lane_slot(mask, 4), 1);
  EXPECT_EQ(bfs_lane_slot(mask, 5), 2);
  EXPECT_EQ(bfs_lane_slot(mask, 7), 3);
  EXPECT_EQ(bfs_lane_slot(0xffffffffu, 31), 31);
  EXPECT_EQ(bfs_valid_bits(0, 5), 0b11111u);
  EXPECT_EQ(bfs_valid_bits(1, 64), 0xffffffffu);
  EXPECT_EQ(bfs_push_arc(10, 45, 1, 2), 44u);
  EXPECT_EQ(bfs_push_arc(10, 45, 1, 3), 45u);  // past the row: none
}

TEST(BfsEmulated, MatchesTheCpuKernel) {
  int switched = 0;  // Auto runs that took both directions: the rule was exercised
  for (const TraversalGraph& g : traversal_graphs()) {
    const Matrix<bool>& a = g.a;
    const AdjacencyView out = adjacency_of(a.csr());
    const AdjacencyView in = g.undirected ? out : adjacency_of(a.transposed());
    for (const BfsOptions& o : emulation_options()) {
      for (Vertex s : traversal_sources(a.nrows(), 7)) {
        SCOPED_TRACE(g.name + " source " + std::to_string(s) + " method " +
                     std::to_string(int(o.method)) + " alpha " + std::to_string(o.alpha));
        const BfsResult cpu = bfs(a, s, o);
        const BfsResult emu = bfs_emulated(out, in, s, o);
        ASSERT_EQ(emu.level, cpu.level);
        EXPECT_EQ(check_bfs_tree(a.csr(), s, cpu.level, emu.parent), "");
        EXPECT_EQ(emu.reached, cpu.reached);
        EXPECT_EQ(emu.depth, cpu.depth);
        EXPECT_EQ(emu.push_steps, cpu.push_steps);
        EXPECT_EQ(emu.pull_steps, cpu.pull_steps);
        switched += o.method == BfsMethod::Auto && emu.push_steps > 1 && emu.pull_steps > 0;
      }
    }
  }
  EXPECT_GT(switched, 10);
}

TEST(BfsEmulated, ComputesOnlyWhatIsAsked) {
  const TraversalGraph g = rmat_graph(8, 8, 11);
  const AdjacencyView out = adjacency_of(g.a.csr());
  BfsOptions o;
  o.parents = false;
  const BfsResult levels_only = bfs_emulated(out, out, 3, o);
  EXPECT_TRUE(levels_only.parent.empty());
  EXPECT_EQ(levels_only.level, bfs(g.a, 3, o).level);
  o.parents = true;
  o.levels = false;
  const BfsResult parents_only = bfs_emulated(out, out, 3, o);
  EXPECT_TRUE(parents_only.level.empty());
  EXPECT_EQ(check_bfs_tree(g.a.csr(), 3, bfs(g.a, 3).level, parents_only.parent), "");
}

}  // namespace
}  // namespace spgraph::testing
