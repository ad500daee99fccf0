// SPDX-License-Identifier: Apache-2.0
// Pieces shared by the `spgraph compare` jobs, following docs/BENCHMARKING.md: timed
// A/B pairs with alternating order, a peak-memory window per contender, and the summary every
// job reports (medians with ranges, the median of the per-pair ratios, peak memory), as text or
// as JSON fields of its report (report.hpp).
#pragma once

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "tools/cli/cli_common.hpp"
#include "tools/cli/report.hpp"
#include "tools/common/progress.hpp"

namespace spgraph::cli {

/// Runs f() and returns the rise of the process's resident high-water mark while it ran. Freed
/// heap memory is returned to the system first, so a contender does not benefit from pages an
/// earlier one left resident.
template <class F>
std::uint64_t peak_rise(F&& f);

/// Seconds of each contender over `runs` timed pairs; each callable returns its own seconds.
struct PairTimes {
  std::vector<double> ours, theirs;
};
/// Runs `runs` A/B pairs, ours first in even pairs and theirs first in odd ones.
template <class Ours, class Theirs>
PairTimes time_pairs(int runs, Ours&& ours, Theirs&& theirs) {
  PairTimes t;
  tools::Progress bar("timing A/B pairs", std::uint64_t(runs), "pairs");
  for (int r = 0; r < runs; ++r) {
    bar.update(std::uint64_t(r));
    if (r % 2 == 0) {
      t.ours.push_back(ours());
      t.theirs.push_back(theirs());
    } else {
      t.theirs.push_back(theirs());
      t.ours.push_back(ours());
    }
  }
  bar.finish();
  return t;
}

/// Times a callable with the steady clock; returns seconds.
template <class F>
double timed(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return seconds_since(t0);
}

/// One contender's figures for the summary.
struct Contender {
  std::string name;  ///< "spgraph", "GraphBLAS", "Boost.Graph"
  std::vector<double> seconds;
  std::uint64_t peak_bytes = 0;
  std::string note;  ///< e.g. "skipped: needs ~40 GB"; printed instead of times if set
};

/// Adds the timing summary to a compare job's report, after its own fields: for each contender
/// its median, range and peak memory (its note instead, when it did not run), the median ratio
/// of ours to each peer over the pairs, and the number of runs; for text only, the table of
/// per-pair times of ours and the first peer. Returns the text layout that shows them: that
/// table, the "median time" lines, the ratios and the peak-memory line.
std::string add_timing_summary(Report& r, const Contender& ours,
                               const std::vector<Contender>& peers);

/// Adds --runs (timed pairs, default 5) to a compare job.
void add_runs_flag(CLI::App* cmd, int& runs);

/// Throws BackendUnavailable: this build has no GraphBLAS, so compare jobs cannot run.
[[noreturn]] void graphblas_unavailable();

/// Registration of each compare job on the `compare` subcommand (one file each).
void register_compare_bfs(CLI::App* compare);
void register_compare_mxm(CLI::App* compare);
void register_compare_spmv(CLI::App* compare);
void register_compare_tc(CLI::App* compare);
void register_compare_closure(CLI::App* compare);
void register_compare_pagerank(CLI::App* compare);
void register_compare_sssp(CLI::App* compare);
void register_compare_cc(CLI::App* compare);
void register_compare_knn(CLI::App* compare);
void register_compare_bc(CLI::App* compare);
void register_compare_cdlp(CLI::App* compare);
void register_compare_lcc(CLI::App* compare);
void register_compare_kcore(CLI::App* compare);
void register_compare_ktruss(CLI::App* compare);
void register_compare_louvain(CLI::App* compare);
void register_compare_leiden(CLI::App* compare);

}  // namespace spgraph::cli

#include "tools/compare/compare_common_impl.hpp"
