// Summary printing shared by the compare jobs (see compare_common.hpp).
#include "tools/spgraph/compare_common.hpp"

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

void print_summary(const Contender& ours, const std::vector<Contender>& peers) {
  auto line = [](const Contender& c) {
    if (!c.note.empty()) {
      std::printf("  %-12s %s\n", c.name.c_str(), c.note.c_str());
      return;
    }
    std::printf("  %-12s %10.3f ms  [%.3f-%.3f] over %zu runs\n", c.name.c_str(),
                tools::median(c.seconds) * 1e3, tools::min_of(c.seconds) * 1e3,
                tools::max_of(c.seconds) * 1e3, c.seconds.size());
  };
  std::printf("median time:\n");
  line(ours);
  for (const Contender& p : peers) line(p);
  for (const Contender& p : peers) {
    if (!p.note.empty()) continue;
    std::printf("median ratio spgraph/%s: %.3f (lower is better)\n", p.name.c_str(),
                tools::median(pair_ratios(ours, p)));
  }
  std::printf("peak memory (inputs + workspace + output): %s %s", ours.name.c_str(),
              human_bytes(ours.peak_bytes).c_str());
  for (const Contender& p : peers)
    if (p.note.empty()) std::printf(", %s %s", p.name.c_str(), human_bytes(p.peak_bytes).c_str());
  std::printf("\n");
}

std::string json_summary(const Contender& ours, const std::vector<Contender>& peers) {
  std::string out;
  char buf[256];
  auto add = [&](const Contender& c) {
    const std::string k = json_key(c.name);
    if (!c.note.empty()) {
      out += "\"" + k + "_note\": " + json_string(c.note) + ", ";
      return;
    }
    std::snprintf(buf, sizeof buf,
                  "\"%s_median_s\": %.6f, \"%s_min_s\": %.6f, \"%s_max_s\": %.6f, "
                  "\"%s_peak_bytes\": %llu, ",
                  k.c_str(), tools::median(c.seconds), k.c_str(), tools::min_of(c.seconds),
                  k.c_str(), tools::max_of(c.seconds), k.c_str(), (unsigned long long)c.peak_bytes);
    out += buf;
  };
  add(ours);
  for (const Contender& p : peers) add(p);
  for (const Contender& p : peers) {
    if (!p.note.empty()) continue;
    std::snprintf(buf, sizeof buf, "\"median_ratio_%s\": %.4f, ", json_key(p.name).c_str(),
                  tools::median(pair_ratios(ours, p)));
    out += buf;
  }
  std::snprintf(buf, sizeof buf, "\"runs\": %zu", ours.seconds.size());
  return out + buf;
}

void add_runs_flag(CLI::App* cmd, int& runs) {
  cmd->add_option("--runs", runs, "Timed A/B pairs after one untimed warm-up each (default 5)")
      ->transform(integer_flag("--runs", 1, 1000));
}

}  // namespace spgraph::cli
