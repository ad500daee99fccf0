// SPDX-License-Identifier: Apache-2.0
// The host emulation of the CUDA PageRank (pagerank_cuda.cu): the same loop
// (pagerank_steps_driver.hpp) over steps that run the lane functions of pagerank_lanes.hpp group
// by group and lane by lane in place of the kernels: out-degrees counted from the in-arcs (the
// device's histogram), short rows by groups of `width` lanes, long rows by blocks, the per-vertex
// update, and the step's sums (added here in vertex order; on the device by CUB's
// DeviceReduce, whose order differs in the last bits). The CPU tests check it against the CPU
// kernel (pagerank_fused_csr.hpp).
#pragma once

#include <vector>

#include "algorithms/pagerank/pagerank_lanes.hpp"
#include "algorithms/pagerank/pagerank_steps_driver.hpp"

namespace spgraph {

/// The steps of pagerank_steps_driver.hpp, emulated on the host.
class PageRankEmulatedSteps {
 public:
  PageRankEmulatedSteps(const PageRankPullInput& in, const PageRankOptions& o) : in_(in), o_(o) {}

  void start() {
    const Vertex n = in_.n;
    degree_.assign(n, 0);
    for (Offset k = 0; k < in_.in_rp[n]; ++k) ++degree_[in_.in_col[k]];
    rank_.assign(n, 0);
    w_.assign(n, 0);
    next_w_.assign(n, 0);
    const PageRankStepConstants c = constants(0);
    dangling_ = 0;
    for (Vertex v = 0; v < n; ++v) {
      const PageRankVertexStep s = pagerank_vertex_start(c, v, degree_[v]);
      rank_[v] = s.rank;
      w_[v] = s.contribution;
      dangling_ += s.dangling;
    }
    width_ = pagerank_group_width(in_.in_rp[n], n);
  }

  PageRankStepSums step() {
    const bool standard = o_.variant == PageRankVariant::Standard;
    const PageRankStepConstants c =
        constants(pagerank_teleport_weight(o_.damping, standard, dangling_));
    PageRankStepSums sums;
    for (Vertex v = 0; v < in_.n; ++v) {
      const PageRankVertexStep s = pagerank_vertex_step(c, v, row_sum(v), rank_[v], degree_[v]);
      rank_[v] = s.rank;
      next_w_[v] = s.contribution;
      sums.delta += s.delta;
      sums.dangling += s.dangling;
    }
    w_.swap(next_w_);
    dangling_ = sums.dangling;
    return sums;
  }

  void finish(std::vector<double>& rank) { rank = rank_; }

 private:
  PageRankStepConstants constants(double teleport_weight) const {
    const bool personal = in_.tele && !in_.tele->empty();
    return {o_.damping, teleport_weight, in_.uniform, personal ? in_.tele->data() : nullptr};
  }

  /// Row v's pull sum, added as the device adds it.
  double row_sum(Vertex v) const {
    const Offset s = in_.in_rp[v], e = in_.in_rp[v + 1];
    double p[kPageRankBlock];
    if (e - s <= kPageRankLongRow) {
      for (int lane = 0; lane < width_; ++lane)
        p[lane] = pagerank_lane_sum(in_.in_col, w_.data(), s, e, lane, width_);
      pagerank_butterfly(p, width_);
      return p[0];
    }
    for (int t = 0; t < kPageRankBlock; ++t)
      p[t] = pagerank_lane_sum(in_.in_col, w_.data(), s, e, t, kPageRankBlock);
    double total = 0;
    for (int warp = 0; warp < kPageRankWarps; ++warp) {
      pagerank_butterfly(p + 32 * warp, 32);
      total += p[32 * warp];
    }
    return total;
  }

  PageRankPullInput in_;
  PageRankOptions o_;
  std::vector<Offset> degree_;
  std::vector<double> rank_, w_, next_w_;
  double dangling_ = 0;
  int width_ = 1;
};

/// PageRank by the emulated device algorithm (double scores, Jacobi steps).
inline PageRankResult pagerank_emulated(const PageRankPullInput& in, const PageRankOptions& o) {
  PageRankEmulatedSteps steps(in, o);
  return pagerank_run_steps(steps, in.n, o);
}

}  // namespace spgraph
