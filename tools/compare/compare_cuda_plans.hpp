// SPDX-License-Identifier: Apache-2.0
// `compare bfs|pagerank --backend cuda`: the device against the CPU backend, in one process, on
// one load. The plans replace the GraphBLAS peer by spgraph's own CPU kernels: "spgraph" is the
// CUDA backend (algorithms/bfs/bfs_cuda.hpp, algorithms/pagerank/pagerank_cuda.hpp) and
// "cpu" the CPU one; the answers are verified before any time is printed, with the
// verifiers the GraphBLAS jobs use (bfs_verify.hpp: levels identical, both parent arrays valid
// BFS trees; pagerank_verify.hpp: step counts within one and ranks within its rounding bound).
#pragma once

#include <string>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "tools/compare/compare_driver.hpp"

namespace spgraph::cli {

/// The BFS plan: the graph uploaded once (not timed, reported), then per source `runs` A/B
/// pairs of a device search (end to end: kernels and download) and a CPU search.
ComparePlan plan_bfs_cuda(CliGraph graph, const std::string& file, std::vector<Vertex> sources,
                          BfsOptions o, int runs);

/// The PageRank plan: A/B pairs of the device run (end to end: upload, steps, download) and the
/// CPU run, with the same options.
ComparePlan plan_pagerank_cuda(CliGraph graph, const std::string& file, PageRankOptions o,
                               const std::string& variant, int threads);

}  // namespace spgraph::cli
