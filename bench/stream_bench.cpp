// SPDX-License-Identifier: Apache-2.0
// stream_bench: the Dynamic CSR / streaming benchmarks (modes in stream_bench.hpp).
// Usage: stream_bench MODE GRAPH [--batches 10,1000,...] [--runs N] [--budget S] [--threads T]
//        [--contenders a,b,...] [--json FILE]
// GRAPH is a graph file (any format spgraph reads) or kron:SCALE. Prints the machine, the
// method and every figure with its target; exits 3 when a contender's answer is wrong.
#include <omp.h>
#include <CLI/CLI.hpp>

#include <cstdio>
#include <ctime>

#include "bench/stream_bench.hpp"

int main(int argc, char** argv) {
  using namespace spgraph::bench;
  CLI::App app{"stream_bench: Dynamic CSR and streaming-API benchmarks"};
  std::string mode, graph;
  BenchOptions o;
  app.add_option("mode", mode, "inserts | iterative | fragmented | memory | latency | convert")
      ->required()
      ->check(
          CLI::IsMember({"inserts", "iterative", "fragmented", "memory", "latency", "convert"}));
  app.add_option("graph", graph, "graph file, or kron:SCALE")->required();
  app.add_option("--batches", o.batches, "batch sizes (inserts)")->delimiter(',');
  app.add_option("--runs", o.runs, "timed runs per contender");
  app.add_option("--budget", o.budget, "seconds of inserting per run (inserts)");
  app.add_option("--threads", o.threads, "threads for every engine");
  app.add_option("--contenders", o.contenders, "subset of contenders")->delimiter(',');
  app.add_option("--json", o.json, "write the results as JSON here");
  CLI11_PARSE(app, argc, argv);
  omp_set_num_threads(o.threads);
  // Modes that fork a child per contender run must not start OpenMP here (see
  // prepare_graph_isolated); GraphBLAS is started in each child that uses it.
  const bool forks = mode == "inserts" || mode == "iterative" || mode == "memory";
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  std::printf("# %s, %s, %d threads\n", cpu_model().c_str(), date, o.threads);
  const auto t0 = std::chrono::steady_clock::now();
  const StreamGraph g = forks ? prepare_graph_isolated(graph, 42) : prepare_graph(graph, 42);
  std::printf("# %s prepared in %.1f s (not timed below)\n", g.name.c_str(), seconds_since(t0));
  if (mode == "inserts") return bench_inserts(g, o);
  if (mode == "iterative") return bench_iterative(g, o);
  if (mode == "fragmented") return bench_fragmented(g, o);
  if (mode == "memory") return bench_memory(g, o);
  if (mode == "convert") return bench_convert(g, o);
  return bench_latency(g, o);
}
