// SPDX-License-Identifier: Apache-2.0
// The loop of the CUDA PageRank on the host, as a template over where the steps run: the device
// (pagerank_cuda.cu) or the host emulation of its lanes (pagerank_emulated.hpp), so that the CPU
// tests run the loop the device run takes. The stopping rule is the CPU kernel's
// (pagerank.hpp): stop after the first step whose Σ|r' - r| is below the tolerance, or after
// max_iterations steps.
//
// A Steps type offers:
//   start()                   r0, w0 and the first dangling rank
//   step() -> PageRankStepSums  one power step: its Σ|r' - r| and the next dangling rank
//   finish(rank)              the ranks
#pragma once

#include <vector>

#include "algorithms/pagerank/pagerank.hpp"

namespace spgraph {

/// The in-arcs a step pulls over (CSR of A', or of A when A is symmetric), in host memory, and
/// the teleport vector (`tele` empty: uniform, each vertex `uniform`).
struct PageRankPullInput {
  Vertex n = 0;
  const Offset* in_rp = nullptr;
  const Vertex* in_col = nullptr;
  const std::vector<double>* tele = nullptr;  ///< null or empty: uniform
  double uniform = 0;
};

/// The sums of one step.
struct PageRankStepSums {
  double delta = 0;
  double dangling = 0;
};

template <class Steps>
PageRankResult pagerank_run_steps(Steps& steps, Vertex n, const PageRankOptions& o) {
  PageRankResult res;
  if (n == 0) {
    res.converged = true;
    return res;
  }
  steps.start();
  for (int it = 1; it <= o.max_iterations; ++it) {
    const PageRankStepSums s = steps.step();
    res.iterations = it;
    res.delta = s.delta;
    if (s.delta < o.tolerance) {
      res.converged = true;
      break;
    }
  }
  steps.finish(res.rank);
  return res;
}

}  // namespace spgraph
