// SPDX-License-Identifier: Apache-2.0
// Reads VmRSS/VmHWM from /proc/self/status; resets VmHWM by writing "5" to
// /proc/self/clear_refs (Linux 4.0+), so each contender's peak is measured on its own.
#include "tools/common/process_memory.hpp"

#include <fstream>
#include <string>

namespace spgraph::tools {

namespace {

std::uint64_t status_field_kb(const std::string& key) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(key, 0) == 0) return std::stoull(line.substr(key.size()));
  return 0;
}

}  // namespace

std::uint64_t current_rss_bytes() {
  return status_field_kb("VmRSS:") * 1024;
}
std::uint64_t peak_rss_bytes() {
  return status_field_kb("VmHWM:") * 1024;
}

bool reset_peak_rss() {
  std::ofstream out("/proc/self/clear_refs");
  if (!out) return false;
  out << "5";
  return bool(out.flush());
}

}  // namespace spgraph::tools
