// SPDX-License-Identifier: Apache-2.0
// GPU benchmark of the traversals (issue 34): direction-optimizing BFS with parents
// (algorithms/bfs/bfs_cuda.hpp) and PageRank (algorithms/pagerank/pagerank_cuda.hpp) on the
// device, each against the CPU backend in the same run on the device machine's host, with the
// answers checked (BFS: levels identical, parents a valid BFS tree; PageRank: pagerank_verify's
// rule) before any time is printed. Driven by bench/gpu/20-traversals.sh.
//   usage: traversals_bench FILE [--sources N] [--tolerance T] [--no-bfs] [--no-pagerank]
// BFS: GTEPS as Graph500 counts it (the input edges of the searched component: arcs / 2 on an
// undirected graph, over the kernels' time, download excluded), the median over N sources
// (chosen among vertices with arcs, fixed seed), and each search end to end (kernels and the
// parents' download). PageRank: end to end (upload, steps, download) and the steps alone.
// Both: the upload, and the peak device memory (formats/device/device_stats.hpp).
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#include <omp.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/bfs/bfs_cuda.hpp"
#include "algorithms/bfs/bfs_verify.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/pagerank/pagerank_cuda.hpp"
#include "algorithms/pagerank/pagerank_verify.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_stats.hpp"
#include "loaders/load.hpp"
#include "tools/common/stats.hpp"

namespace spgraph {
namespace {

struct Args {
  std::string file;
  int sources = 8;
  double tolerance = 1e-4;
  bool bfs = true, pagerank = true;
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::vector<Vertex> pick_sources(const Matrix<bool>& a, int count) {
  std::mt19937_64 rng(1);
  std::uniform_int_distribution<Vertex> pick(0, a.nrows() - 1);
  std::vector<Vertex> s;
  for (int tries = 0; int(s.size()) < count && tries < 100 * count; ++tries) {
    const Vertex v = pick(rng);
    if (a.csr().row_ptr[v + 1] > a.csr().row_ptr[v]) s.push_back(v);
  }
  return s;
}

/// Input edges of the component a search reached (Graph500's TEPS numerator).
double searched_edges(const Matrix<bool>& a, const BfsResult& r, bool undirected) {
  double arcs = 0;
  for (Vertex v = 0; v < a.nrows(); ++v)
    if (r.parent[v] != kUnreached) arcs += double(a.csr().row_ptr[v + 1] - a.csr().row_ptr[v]);
  return undirected ? arcs / 2 : arcs;
}

int run_bfs(const Matrix<bool>& a, bool undirected, int count) {
  BfsOptions o;
  o.levels = true;
  o.parents = true;
  o.undirected = undirected;
  DeviceBfs device(adjacency_of(a.csr()), detail::pull_side(a, o));
  std::printf("bfs: upload %.3f s (%llu bytes)\n", device.upload().upload_seconds,
              (unsigned long long)device.upload().h2d_bytes);
  std::printf("bfs: %10s %6s %10s %5s %5s %12s %12s %12s %10s %8s\n", "source", "depth", "reached",
              "push", "pull", "cuda_ms", "cuda_e2e_ms", "cpu_ms", "cuda_gteps", "cpu/cuda");
  std::vector<double> gteps, ratios, cuda_ms, cpu_ms;
  for (Vertex s : pick_sources(a, count)) {
    DeviceRun cost;
    const auto t0 = std::chrono::steady_clock::now();
    const BfsResult dev = device.run(s, o, &cost);
    const double e2e = seconds_since(t0);
    const auto t1 = std::chrono::steady_clock::now();
    const BfsResult cpu = bfs(a, s, o);
    const double cpu_s = seconds_since(t1);
    if (dev.level != cpu.level) {
      std::printf("bfs: FAILED: source %u: levels differ from the CPU's\n", s);
      return 1;
    }
    if (const std::string e = check_bfs_tree(a.csr(), s, cpu.level, dev.parent); !e.empty()) {
      std::printf("bfs: FAILED: source %u: device parents: %s\n", s, e.c_str());
      return 1;
    }
    const double g = searched_edges(a, dev, undirected) / cost.run_seconds / 1e9;
    std::printf("bfs: %10u %6u %10u %5d %5d %12.3f %12.3f %12.3f %10.3f %8.2f\n", s, dev.depth,
                dev.reached, dev.push_steps, dev.pull_steps, cost.run_seconds * 1e3, e2e * 1e3,
                cpu_s * 1e3, g, cpu_s / cost.run_seconds);
    gteps.push_back(g);
    ratios.push_back(cpu_s / cost.run_seconds);
    cuda_ms.push_back(cost.run_seconds * 1e3);
    cpu_ms.push_back(cpu_s * 1e3);
  }
  std::printf("bfs: median: cuda %.3f ms, cpu (%d threads) %.3f ms, speed-up %.2fx, %.3f GTEPS\n",
              tools::median(cuda_ms), omp_get_max_threads(), tools::median(cpu_ms),
              tools::median(ratios), tools::median(gteps));
  return 0;
}

int run_pagerank(const Matrix<bool>& a, bool undirected, double tolerance) {
  PageRankOptions o;
  o.tolerance = tolerance;
  o.undirected = undirected;
  if (!undirected) a.transposed();  // the CPU's in-arcs, built outside its timing
  DeviceRun cost;
  const auto t0 = std::chrono::steady_clock::now();
  const PageRankResult dev = pagerank_cuda(a, o, &cost);
  const double e2e = seconds_since(t0);
  const auto t1 = std::chrono::steady_clock::now();
  const PageRankResult cpu = pagerank(a, o);
  const double cpu_s = seconds_since(t1);
  const RankComparison c =
      compare_ranks(rank_run(dev), rank_run(cpu), dense_vertex_name, AnswerNames{"cuda", "cpu"});
  if (!c.error.empty()) {
    std::printf("pagerank: FAILED: %s\n", c.error.c_str());
    return 1;
  }
  std::printf("pagerank: tolerance %g: cuda %d steps, cpu %d steps, max |diff| %.3g (bound %.3g)\n",
              tolerance, dev.iterations, cpu.iterations, c.max_diff, c.bound);
  std::printf(
      "pagerank: cuda end to end %.3f ms (upload %.3f, steps %.3f, download %.3f); "
      "cpu (%d threads) %.3f ms\n",
      e2e * 1e3, cost.upload_seconds * 1e3, cost.run_seconds * 1e3, cost.download_seconds * 1e3,
      omp_get_max_threads(), cpu_s * 1e3);
  std::printf(
      "pagerank: speed-up cpu/cuda: steps %.2fx, end to end %.2fx; h2d %llu, d2h %llu bytes\n",
      cpu_s / cost.run_seconds, cpu_s / e2e, (unsigned long long)cost.h2d_bytes,
      (unsigned long long)cost.d2h_bytes);
  return 0;
}

bool parse(int argc, char** argv, Args& a) {
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    if (k == "--sources" && i + 1 < argc)
      a.sources = std::atoi(argv[++i]);
    else if (k == "--tolerance" && i + 1 < argc)
      a.tolerance = std::atof(argv[++i]);
    else if (k == "--no-bfs")
      a.bfs = false;
    else if (k == "--no-pagerank")
      a.pagerank = false;
    else if (a.file.empty() && k[0] != '-')
      a.file = k;
    else
      return false;
  }
  return !a.file.empty() && a.sources > 0;
}

int run(int argc, char** argv) {
  Args args;
  if (!parse(argc, argv, args)) {
    std::fprintf(stderr,
                 "usage: traversals_bench FILE [--sources N] [--tolerance T] [--no-bfs] "
                 "[--no-pagerank]\n");
    return 2;
  }
  const CudaDeviceInfo& info = cuda_device_info();
  if (info.count == 0) {
    std::printf("no CUDA device: %s\n", info.reason.c_str());
    return 1;
  }
  const auto t0 = std::chrono::steady_clock::now();
  LoadOptions lo;
  lo.pattern_only = true;
  const Matrix<bool> a = load_graph(args.file, lo);
  const bool undirected = a.structure_symmetric();
  std::printf("graph: %s: %u vertices, %llu arcs, %s; loaded in %.3f s; device %s\n",
              args.file.c_str(), a.nrows(), (unsigned long long)a.nvals(),
              undirected ? "undirected" : "directed", seconds_since(t0), info.name.c_str());
  int status = 0;
  if (args.bfs) status |= run_bfs(a, undirected, args.sources);
  if (args.pagerank) status |= run_pagerank(a, undirected, args.tolerance);
  std::printf("peak device memory: %llu bytes\n", (unsigned long long)device_stats().peak_bytes);
  return status;
}

}  // namespace
}  // namespace spgraph

int main(int argc, char** argv) {
  try {
    return spgraph::run(argc, argv);
  } catch (const std::exception& e) {
    std::printf("error: %s\n", e.what());
    return 1;
  }
}
