// SPDX-License-Identifier: Apache-2.0
// idmap_bench: the cost of string vertex ids (at most 1.5x integer ids, the target below). One edge
// list with 64-bit integer ids (a Kronecker graph whose ids are scattered over 2^64, so they must
// be remapped) is loaded with --remap-ids twice per round: as integers (VertexIds::Kind::Integer,
// the fast path) and with every id kept as a string (LoadOptions::string_ids: the table path,
// tokens hashed by their bytes). Rounds alternate A B A B.
// Prints the median of each, the range, the peak memory and the median ratio
// string / integer against the target of 1.5. Both loads are checked to give the same
// graph (same n, same arcs, same names) before any time is printed. The loads run in this
// process (a forked child would inherit OpenMP's thread pool in a state libgomp does not
// support), so peak memory is the resident high-water mark reset before each load.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "loaders/generators.hpp"
#include "loaders/load.hpp"
#include "tools/common/process_memory.hpp"
#include "tools/common/stats.hpp"

namespace {

struct LoadRun {
  double seconds = 0;
  std::uint64_t peak = 0;
  std::uint64_t n = 0, nnz = 0, checksum = 0;
};

LoadRun load_once(const std::string& path, bool strings, int threads) {
  LoadRun r;
  [&](LoadRun& out) {
    spgraph::LoadOptions o;
    o.remap_ids = true;
    o.string_ids = strings;
    o.pattern_only = true;
    o.threads = threads;
    spgraph::tools::reset_peak_rss();
    const auto t0 = std::chrono::steady_clock::now();
    const spgraph::LoadedMatrix m = spgraph::load_matrix(path, o);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    out.peak = spgraph::tools::peak_rss_bytes();
    const auto& g = std::get<spgraph::Matrix<bool>>(m.matrix);
    out.n = g.nrows();
    out.nnz = g.nvals();
    // Names of a sample of vertices: both kinds must agree on every one.
    for (spgraph::Vertex v = 0; v < g.nrows(); v += 4099)
      for (char c : m.info.ids->name(v)) out.checksum = out.checksum * 131 + std::uint8_t(c);
  }(r);
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"idmap_bench: --remap-ids with integer ids against the same ids as strings"};
  int scale = 20, edge_factor = 16, runs = 5, threads = 0;
  std::string file = "/tmp/spgraph-bench/idmap_kron.txt";
  app.add_option("--scale", scale, "Kronecker scale")->capture_default_str();
  app.add_option("--edge-factor", edge_factor, "edges per vertex")->capture_default_str();
  app.add_option("--runs", runs, "timed rounds (A B pairs)")->capture_default_str();
  app.add_option("--threads", threads, "loader threads (0: all)")->capture_default_str();
  app.add_option("--file", file, "where the generated edge list goes")->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  {
    const spgraph::Coo<bool> g = spgraph::generate_kronecker(scale, edge_factor, 1, false);
    std::ofstream out(file);
    if (!out) {
      std::fprintf(stderr, "idmap_bench: cannot write %s\n", file.c_str());
      return 1;
    }
    std::string line;
    for (std::size_t k = 0; k < g.row.size(); ++k) {
      // Scatter the ids over 64 bits (an odd multiplier is a bijection mod 2^64).
      line.clear();
      line += std::to_string(std::uint64_t(g.row[k]) * 0x9E3779B97F4A7C15ULL);
      line += '\t';
      line += std::to_string(std::uint64_t(g.col[k]) * 0x9E3779B97F4A7C15ULL);
      line += '\n';
      out << line;
    }
  }
  std::vector<double> ints, strs, ratios;
  std::uint64_t peak_int = 0, peak_str = 0;
  LoadRun first_int = load_once(file, false, threads), first_str = load_once(file, true, threads);
  if (first_int.n != first_str.n || first_int.nnz != first_str.nnz ||
      first_int.checksum != first_str.checksum) {
    std::fprintf(stderr, "idmap_bench: the two loads differ (n %llu/%llu, arcs %llu/%llu)\n",
                 (unsigned long long)first_int.n, (unsigned long long)first_str.n,
                 (unsigned long long)first_int.nnz, (unsigned long long)first_str.nnz);
    return 3;
  }
  for (int r = 0; r < runs; ++r) {
    const bool int_first = r % 2 == 0;
    LoadRun a = load_once(file, !int_first, threads);
    LoadRun b = load_once(file, int_first, threads);
    const LoadRun& i = int_first ? a : b;
    const LoadRun& s = int_first ? b : a;
    ints.push_back(i.seconds);
    strs.push_back(s.seconds);
    ratios.push_back(s.seconds / i.seconds);
    peak_int = std::max(peak_int, i.peak);
    peak_str = std::max(peak_str, s.peak);
  }
  auto range = [](const std::vector<double>& v) {
    return std::make_pair(*std::min_element(v.begin(), v.end()),
                          *std::max_element(v.begin(), v.end()));
  };
  const auto [imin, imax] = range(ints);
  const auto [smin, smax] = range(strs);
  std::printf("file %s: %llu vertices, %llu arcs\n", file.c_str(), (unsigned long long)first_int.n,
              (unsigned long long)first_int.nnz);
  std::printf("integer ids: median %.3f s (%.3f-%.3f), peak %.1f MiB\n",
              spgraph::tools::median(ints), imin, imax, peak_int / 1048576.0);
  std::printf("string ids:  median %.3f s (%.3f-%.3f), peak %.1f MiB\n",
              spgraph::tools::median(strs), smin, smax, peak_str / 1048576.0);
  const double ratio = spgraph::tools::median(ratios);
  std::printf("median ratio string/integer %.2f (target <= 1.5: %s)\n", ratio,
              ratio <= 1.5 ? "met" : "MISSED");
  std::printf(
      "{\"job\": \"idmap\", \"file\": \"%s\", \"n\": %llu, \"arcs\": %llu, "
      "\"integer_median_s\": %.6f, \"string_median_s\": %.6f, \"integer_peak_bytes\": %llu, "
      "\"string_peak_bytes\": %llu, \"string_over_integer_ratio\": %.4f, \"runs\": %d}\n",
      file.c_str(), (unsigned long long)first_int.n, (unsigned long long)first_int.nnz,
      spgraph::tools::median(ints), spgraph::tools::median(strs), (unsigned long long)peak_int,
      (unsigned long long)peak_str, ratio, runs);
  return 0;
}
