// SPDX-License-Identifier: Apache-2.0
// bfs_pull_bench: the pull (bottom-up) phase of BFS on the CSR5 view against the CSR pull kernel
// with early exit (does a pull step gain from CSR5? bench/RESULTS.md, "BFS pull phase on the CSR5
// view"). Both traversals expand every level bottom-up from the same sources over an undirected
// graph, so every level is a pull step:
//   - CSR: spgraph's bfs() with BfsMethod::Pull (algorithms/bfs/bfs_kernel.hpp): each unvisited
//     vertex scans its neighbours and stops at the first one in the frontier;
//   - CSR5: one SpMV per level over min.second on the CSR5 view (Liu & Vinter ICS'15), with
//     x[u] = u for frontier vertices and +inf otherwise, so y[v] = the smallest frontier
//     neighbour (a parent) or +inf; the vector kernels run it (AVX-512 / AVX2 min over double).
//     An SpMV has no early exit and no mask: it reads every entry at every level.
// Levels are verified equal; prints per-source times (medians) and the ratio CSR5 / CSR.
// Usage: bfs_pull_bench FILE [--sources N] [--threads T]
#include <omp.h>

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <limits>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "engine/spmv_dense.hpp"
#include "loaders/load.hpp"
#include "tools/common/stats.hpp"

namespace {

using namespace spgraph;

double seconds(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// Pull-only BFS whose every level is one CSR5 SpMV; returns levels (-1 unreached).
std::vector<std::int64_t> bfs_pull_csr5(const Matrix<bool>& a, Vertex source) {
  const Vertex n = a.nrows();
  constexpr double kInf = std::numeric_limits<double>::infinity();
  std::vector<double> x(n, kInf), y(n);
  std::vector<std::int64_t> level(n, -1);
  level[source] = 0;
  x[source] = double(source);
  for (std::int64_t d = 1;; ++d) {
    spmv_dense<MinSecond<double>>(a, false, x.data(), y.data(), SpmvFormat::Csr5);
    std::int64_t found = 0;
#pragma omp parallel for reduction(+ : found) schedule(static)
    for (std::int64_t v = 0; v < std::int64_t(n); ++v) {
      const bool next = level[v] < 0 && y[v] < kInf;
      if (next) {
        level[v] = d;
        ++found;
      }
      x[v] = next ? double(v) : kInf;
    }
    if (found == 0) break;
  }
  return level;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("BFS pull phase: CSR5 SpMV per level vs the CSR pull kernel with early exit");
  std::string file;
  int sources = 8, threads = 0;
  app.add_option("file", file, "Graph file (treated as undirected)")->required();
  app.add_option("--sources", sources, "Sources (default 8)");
  app.add_option("--threads", threads, "Threads (default: all)");
  CLI11_PARSE(app, argc, argv);
  if (threads > 0) omp_set_num_threads(threads);
  LoadOptions lo;
  lo.pattern_only = true;
  lo.undirected = true;
  LoadedMatrix loaded = load_matrix(file, lo);
  const Matrix<bool>& a = std::get<Matrix<bool>>(loaded.matrix);
  const auto tc = std::chrono::steady_clock::now();
  a.csr5(false);
  const double convert = seconds(tc);
  BfsOptions pull;
  pull.method = BfsMethod::Pull;
  pull.undirected = true;
  pull.parents = false;
  std::vector<double> t_csr, t_csr5;
  std::uint64_t state = 1;
  int done = 0;
  for (int tries = 0; done < sources && tries < 100 * sources; ++tries) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const Vertex s = Vertex((state >> 33) % a.nrows());
    if (a.csr().row_ptr[s + 1] == a.csr().row_ptr[s]) continue;
    auto t0 = std::chrono::steady_clock::now();
    const BfsResult ref = bfs(a, s, pull);
    t_csr.push_back(seconds(t0));
    t0 = std::chrono::steady_clock::now();
    const std::vector<std::int64_t> lv = bfs_pull_csr5(a, s);
    t_csr5.push_back(seconds(t0));
    if (lv != signed_copy(ref.level)) {
      std::fprintf(stderr, "levels differ from source %u\n", s);
      return 3;
    }
    ++done;
  }
  const double m_csr = tools::median(t_csr), m_csr5 = tools::median(t_csr5);
  std::printf(
      "{\"file\": \"%s\", \"threads\": %d, \"n\": %u, \"nnz\": %llu, \"sources\": %d, "
      "\"csr_pull_ms\": %.3f, \"csr5_pull_ms\": %.3f, \"ratio_csr5_over_csr\": %.3f, "
      "\"csr5_convert_ms\": %.3f, \"verified\": true}\n",
      file.c_str(), omp_get_max_threads(), a.nrows(), (unsigned long long)a.nvals(), done,
      m_csr * 1e3, m_csr5 * 1e3, m_csr5 / m_csr, convert * 1e3);
  return 0;
}
