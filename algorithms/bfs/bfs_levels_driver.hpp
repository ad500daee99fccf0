// SPDX-License-Identifier: Apache-2.0
// The level loop of the CUDA BFS, on the host, as a template over where the levels run: the
// device (bfs_cuda.cu) or the host emulation of its lanes (bfs_emulated.hpp), so that the CPU
// tests run the very loop, counts and decisions the device run takes. It follows the CPU kernel
// (bfs_kernel.hpp, exact form of its rule) and Beamer, Asanovic & Patterson, SC 2012, section 4:
// each level is a push or a pull, and the switching rule (bfs_direction.hpp) reads the counts a
// level returns: a push level the size and out-degree sum of the frontier it found, a pull level
// the size of its frontier.
//
// A Levels type offers:
//   start(source)            visited = {source}, the queue = [source], level/parent of source
//   push(depth) -> BfsPushCounts   one top-down level from the queue into the next queue
//   pull(depth) -> Offset          one bottom-up level from the frontier bitmap into the next
//   queue_to_bitmap()        the frontier bitmap from the queue (push -> pull)
//   bitmap_to_queue(size)    the queue from the frontier bitmap, which holds `size` vertices
//   finish(result)           level[] and parent[] into the result, as its options ask
#pragma once

#include <algorithm>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/bfs/bfs_direction.hpp"

namespace spgraph {

/// What a push level found: its frontier's size and out-degree sum.
struct BfsPushCounts {
  Offset found = 0;
  Offset scout = 0;
};

/// The graph's shape that the rule reads.
struct BfsShape {
  Vertex n = 0;
  Offset arcs = 0;  ///< entries of the out-arcs (A's nnz)
};

/// Runs one traversal with the levels of `run`; fills result's counts and, through
/// run.finish, its arrays.
template <class Levels>
void bfs_run_levels(Levels& run, const BfsShape& g, Vertex source, const BfsOptions& options,
                    BfsResult& result) {
  result = BfsResult{};
  result.source = source;
  run.start(source);
  const bool auto_switch = options.method == BfsMethod::Auto;
  const Offset alpha = Offset(options.alpha), beta = Offset(options.beta);
  Offset edges_to_check = g.arcs;  // the source's edges are never subtracted (bfs_direction.hpp)
  Offset awake_prev = 1, reached = 1;
  bool pull = options.method == BfsMethod::Pull;
  if (pull) run.queue_to_bitmap();
  Vertex depth = 0;
  while (true) {
    const Vertex next_depth = depth + 1;
    depth = next_depth;
    if (!pull) {
      const BfsPushCounts c = run.push(next_depth);
      ++result.push_steps;
      if (c.found == 0) break;
      reached += c.found;
      edges_to_check -= std::min(edges_to_check, c.scout);
      if (auto_switch && bfs_should_pull(c.scout, edges_to_check, alpha)) {
        pull = true;
        awake_prev = c.found;
        run.queue_to_bitmap();
      }
    } else {
      const Offset awake = run.pull(next_depth);
      ++result.pull_steps;
      if (awake == 0) break;
      reached += awake;
      if (auto_switch && bfs_should_push(awake, awake_prev, g.n, beta)) {
        pull = false;
        run.bitmap_to_queue(awake);
      }
      awake_prev = awake;
    }
  }
  result.reached = Vertex(reached);
  result.depth = depth - 1;
  run.finish(result);
}

}  // namespace spgraph
