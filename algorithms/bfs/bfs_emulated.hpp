// SPDX-License-Identifier: Apache-2.0
// The host emulation of the CUDA BFS (bfs_cuda.cu): the same level loop (bfs_levels_driver.hpp)
// over levels that run the lane functions of bfs_lanes.hpp warp by warp and lane by lane, in
// place of the kernels, on host CSR arrays. The CPU tests check it against the CPU BFS (levels
// identical, parents a valid BFS tree, the same push and pull step counts), so the device code's
// logic has run somewhere even where no GPU has. What it cannot show is the device's
// concurrency: its warps run here one after another, its atomics as plain updates.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "algorithms/bfs/bfs_lanes.hpp"
#include "algorithms/bfs/bfs_levels_driver.hpp"
#include "formats/csr/adjacency.hpp"

namespace spgraph {

/// The levels of bfs_levels_driver.hpp, emulated on the host.
class BfsEmulatedLevels {
 public:
  BfsEmulatedLevels(const AdjacencyView& out, const AdjacencyView& in, const BfsOptions& o)
      : out_(out), in_(in), n_(out.n), options_(o) {}

  void start(Vertex source) {
    const Offset words = bfs_bitmap_words(n_);
    visited_.assign(words, 0);
    frontier_.assign(words, 0);
    next_bits_.assign(words, 0);
    level_.assign(n_, kUnreached);
    parent_.assign(n_, kUnreached);
    queue_.assign(1, source);
    visited_[bfs_word(source)] |= bfs_bit(source);
    level_[source] = 0;
    parent_[source] = source;
  }

  /// One warp per queued vertex, its row read 32 arcs at a time.
  BfsPushCounts push(Vertex depth) {
    BfsPushCounts c;
    std::vector<Vertex> next;
    for (Vertex u : queue_) {
      const Offset b = out_.row_ptr[u], e = out_.row_ptr[u + 1];
      for (Offset chunk = 0; chunk < bfs_push_chunks(e - b); ++chunk) {
        std::uint32_t mask = 0;
        Vertex found[kBfsWarp];
        for (int lane = 0; lane < kBfsWarp; ++lane) {
          const Offset k = bfs_push_arc(b, e, chunk, lane);
          if (k == e) continue;
          const Vertex v = out_.col[k];
          const std::uint32_t old = visited_[bfs_word(v)];  // the device's atomicOr
          visited_[bfs_word(v)] = old | bfs_bit(v);
          if (old & bfs_bit(v)) continue;
          mask |= std::uint32_t(1) << lane;
          found[lane] = v;
        }
        const Offset base = next.size();  // the warp's one reservation
        next.resize(base + Offset(bfs_popcount(mask)));
        for (int lane = 0; lane < kBfsWarp; ++lane) {
          if (!(mask >> lane & 1)) continue;
          const Vertex v = found[lane];
          next[base + Offset(bfs_lane_slot(mask, lane))] = v;
          level_[v] = depth;
          parent_[v] = u;
          c.scout += out_.row_ptr[v + 1] - out_.row_ptr[v];
        }
      }
    }
    c.found = next.size();
    queue_.swap(next);
    return c;
  }

  /// One warp per visited word; lane i owns vertex 32·w + i.
  Offset pull(Vertex depth) {
    Offset awake = 0;
    for (Offset w = 0; w < visited_.size(); ++w) {
      std::uint32_t mask = 0;
      for (int lane = 0; lane < kBfsWarp; ++lane) {
        if (!bfs_pull_lane_active(visited_[w], w, n_, lane)) continue;
        const Vertex v = Vertex(w * 32 + Offset(lane));
        const Vertex p = bfs_first_frontier_parent(in_.row_ptr, in_.col, frontier_.data(), v);
        if (p == kNoVertex) continue;
        mask |= std::uint32_t(1) << lane;
        level_[v] = depth;
        parent_[v] = p;
      }
      next_bits_[w] = mask;
      visited_[w] |= mask;
      awake += Offset(bfs_popcount(mask));
    }
    frontier_.swap(next_bits_);
    return awake;
  }

  void queue_to_bitmap() {
    std::fill(frontier_.begin(), frontier_.end(), 0u);
    for (Vertex v : queue_) frontier_[bfs_word(v)] |= bfs_bit(v);
  }

  void bitmap_to_queue(Offset size) {
    queue_.clear();
    queue_.reserve(size);
    for (Vertex v = 0; v < n_; ++v)
      if (bfs_test(frontier_.data(), v)) queue_.push_back(v);
  }

  void finish(BfsResult& r) {
    if (options_.levels) r.level = std::move(level_);
    if (options_.parents) r.parent = std::move(parent_);
  }

 private:
  AdjacencyView out_, in_;
  Vertex n_;
  BfsOptions options_;
  std::vector<std::uint32_t> visited_, frontier_, next_bits_;
  std::vector<Vertex> level_, parent_, queue_;
};

/// BFS from `source` by the emulated device algorithm: `out` the arcs, `in` their transpose (or
/// `out` itself for a symmetric graph).
inline BfsResult bfs_emulated(const AdjacencyView& out, const AdjacencyView& in, Vertex source,
                              const BfsOptions& options) {
  BfsEmulatedLevels run(out, in, options);
  BfsResult r;
  const BfsShape shape{out.n, out.nnz()};
  bfs_run_levels(run, shape, source, options, r);
  return r;
}

}  // namespace spgraph
