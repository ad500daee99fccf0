// SPDX-License-Identifier: Apache-2.0
// bench/stream_bench: the Dynamic CSR and streaming-API benchmarks of bench/RESULTS.md. Each mode
// is one file: inserts (streaming insert throughput against HYB, CSR rebuilds and GraphBLAS),
// iterative (the paper's update-then-SpMV loop), fragmented (SpMV and BFS on fragmented and
// defragmented DCSR against CSR), memory (bytes per edge after rounds of random inserts) and
// latency (update latency while reader threads run BFS on snapshots) and convert (CSR <-> DCSR
// conversions against a CSR copy).
#pragma once

#include <string>
#include <vector>

#include "bench/stream_bench_util.hpp"

namespace spgraph::bench {

struct BenchOptions {
  std::vector<std::size_t> batches{10, 1000, 100000, 1000000};
  int runs = 5;         ///< timed runs per contender (the median is reported)
  double budget = 2.0;  ///< seconds of inserting per run (the stream may end first)
  int threads = 2;
  std::vector<std::string> contenders;  ///< empty: all
  std::string json;                     ///< write results here as JSON, when set
};

int bench_inserts(const StreamGraph& g, const BenchOptions& o);
int bench_iterative(const StreamGraph& g, const BenchOptions& o);
int bench_fragmented(const StreamGraph& g, const BenchOptions& o);
int bench_memory(const StreamGraph& g, const BenchOptions& o);
int bench_latency(const StreamGraph& g, const BenchOptions& o);
int bench_convert(const StreamGraph& g, const BenchOptions& o);

}  // namespace spgraph::bench
