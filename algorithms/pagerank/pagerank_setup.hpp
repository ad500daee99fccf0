// SPDX-License-Identifier: Apache-2.0
// What every PageRank kernel does before its first step (pagerank.cpp defines them): the
// argument checks and the teleport vector. Shared by the CPU kernels and the CUDA entry point
// (pagerank_cuda.hpp), so that both refuse the same arguments and start from the same vector.
#pragma once

#include <vector>

#include "algorithms/pagerank/pagerank.hpp"

namespace spgraph::detail {

/// The teleport vector: `tele` empty means uniform (each vertex `uniform`).
struct Teleport {
  std::vector<double> tele;
  double uniform = 0;
};

/// Throws as pagerank() documents for a bad shape or bad options.
void check_pagerank_arguments(Vertex nrows, Vertex ncols, const PageRankOptions& o);

/// Uniform over all vertices, over the distinct personalize set, or proportional to the
/// personalization weights (checked: InvalidArgument as pagerank() documents).
Teleport make_teleport(Vertex n, const PageRankOptions& o);

}  // namespace spgraph::detail
