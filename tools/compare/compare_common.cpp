// SPDX-License-Identifier: Apache-2.0
// The timing summary shared by the compare jobs (see compare_common.hpp).
#include "tools/compare/compare_common.hpp"

#include <cctype>
#include <cstdio>

#include "tools/common/stats.hpp"

namespace spgraph::cli {

namespace {

/// Per-pair ratios ours/theirs (pairs where both ran).
std::vector<double> pair_ratios(const Contender& ours, const Contender& peer) {
  std::vector<double> r;
  for (std::size_t k = 0; k < ours.seconds.size() && k < peer.seconds.size(); ++k)
    if (peer.seconds[k] > 0) r.push_back(ours.seconds[k] / peer.seconds[k]);
  return r;
}

std::string json_key(const std::string& name) {
  std::string k;
  for (char c : name) k += (c == '.' ? '_' : char(std::tolower(static_cast<unsigned char>(c))));
  return k;
}

}  // namespace

std::string add_timing_summary(Report& r, const Contender& ours,
                               const std::vector<Contender>& peers) {
  std::vector<Report> pairs;
  const std::vector<double>& theirs = peers.front().seconds;
  for (std::size_t k = 0; k < ours.seconds.size() && k < theirs.size(); ++k) {
    Report pair;
    pair.add("run", report::count(k + 1));
    pair.add("spgraph", report::real(ours.seconds[k], "%.6f", "%.3f", 1e3));
    pair.add("peer", report::real(theirs[k], "%.6f", "%.3f", 1e3));
    pair.add("ratio", report::real(ours.seconds[k] / theirs[k], "%.4f", "%.3f"));
    pairs.push_back(pair);
  }
  r.add("pair_times", report::text_only(report::list(pairs,
                                                     "{run:5} {spgraph:14} {peer:14} "
                                                     "{ratio:8}\n")));
  char head[96];  // the pair table's header, the first peer's column 14 wide
  std::snprintf(head, sizeof head, "  run   spgraph (ms) %14s    ratio\n",
                (peers.front().name + " (ms)").c_str());
  std::string layout = std::string(head) + "{pair_times}median time:\n";
  std::vector<Contender> all{ours};
  all.insert(all.end(), peers.begin(), peers.end());
  for (const Contender& c : all) {
    const std::string k = json_key(c.name);
    r.add(k + "_name", report::text(c.name));
    if (!c.note.empty()) {
      r.add(k + "_note", report::str(c.note));
      layout += "  {" + k + "_name:-12} {" + k + "_note}\n";
      continue;
    }
    r.add(k + "_median_s", report::real(tools::median(c.seconds), "%.6f", "%.3f", 1e3));
    r.add(k + "_min_s", report::real(tools::min_of(c.seconds), "%.6f", "%.3f", 1e3));
    r.add(k + "_max_s", report::real(tools::max_of(c.seconds), "%.6f", "%.3f", 1e3));
    r.add(k + "_peak_bytes", report::bytes(c.peak_bytes));
    r.add(k + "_runs", report::text(std::to_string(c.seconds.size())));
    layout += "  {" + k + "_name:-12} {" + k + "_median_s:10} ms  [{" + k + "_min_s}-{" + k +
              "_max_s}] over {" + k + "_runs} runs\n";
  }
  std::string peak =
      "peak memory (inputs + workspace + output): {spgraph_name} {spgraph_peak_bytes}";
  for (const Contender& p : peers) {
    if (!p.note.empty()) continue;
    const std::string k = json_key(p.name);
    r.add("median_ratio_" + k, report::real(tools::median(pair_ratios(ours, p)), "%.4f", "%.3f"));
    layout += "median ratio spgraph/{" + k + "_name}: {median_ratio_" + k + "} (lower is better)\n";
    peak += ", {" + k + "_name} {" + k + "_peak_bytes}";
  }
  r.add("runs", report::count(ours.seconds.size()));
  return layout + peak + "\n";
}

void add_runs_flag(CLI::App* cmd, int& runs) {
  cmd->add_option("--runs", runs, "Timed A/B pairs after one untimed warm-up each (default 5)")
      ->transform(integer_flag("--runs", 1, 1000));
}

}  // namespace spgraph::cli
