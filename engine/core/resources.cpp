// SPDX-License-Identifier: Apache-2.0
// Implementation of the machine limits (see resources.hpp).
#include "engine/core/resources.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "engine/core/error.hpp"

namespace spgraph {

std::uint64_t available_memory() {
  std::ifstream in("/proc/meminfo");
  std::string key, unit;
  std::uint64_t kb = 0;
  while (in >> key >> kb >> unit)
    if (key == "MemAvailable:") return kb * 1024;
  return 0;
}

namespace {

/// SPGRAPH_MEMORY_LIMIT in bytes ("800M", "2G", "1.5G", "123456789"; K/M/G/T are powers of
/// 1000), 0 when unset; throws InvalidArgument when set to something else.
std::uint64_t environment_limit() {
  const char* text = std::getenv("SPGRAPH_MEMORY_LIMIT");
  if (!text || !*text) return 0;
  char* end = nullptr;
  const double number = std::strtod(text, &end);
  double scale = 1;
  if (end && *end) {
    switch (std::toupper(static_cast<unsigned char>(*end))) {
      case 'K':
        scale = 1e3;
        break;
      case 'M':
        scale = 1e6;
        break;
      case 'G':
        scale = 1e9;
        break;
      case 'T':
        scale = 1e12;
        break;
      default:
        scale = 0;
    }
    if (scale != 0 && end[1] != '\0' &&
        !(std::toupper(static_cast<unsigned char>(end[1])) == 'B' && end[2] == '\0'))
      scale = 0;
  }
  const double bytes = number * scale;
  if (!(bytes >= 1e6) || !std::isfinite(bytes))
    throw InvalidArgument(std::string("SPGRAPH_MEMORY_LIMIT='") + text +
                          "' is not a memory size of at least 1M (e.g. 800M, 2G, 1.5G)");
  return std::uint64_t(bytes);
}

}  // namespace

std::uint64_t memory_budget(std::uint64_t limit) {
  if (limit) return limit;
  if (const std::uint64_t env = environment_limit()) return env;
  const std::uint64_t avail = available_memory();
  return avail ? avail / 10 * 8 : std::uint64_t(8) << 30;
}

std::string describe_budget(std::uint64_t limit, std::uint64_t budget) {
  if (limit) return "the memory limit of " + human_bytes(double(budget));
  if (const char* env = std::getenv("SPGRAPH_MEMORY_LIMIT"); env && *env)
    return "the SPGRAPH_MEMORY_LIMIT of " + human_bytes(double(budget));
  return human_bytes(double(budget)) + " (80% of the memory available)";
}

std::string human_bytes(double bytes) {
  char buf[32];
  if (bytes >= 1e9)
    std::snprintf(buf, sizeof buf, "%.2f GB", bytes / 1e9);
  else if (bytes >= 1e6)
    std::snprintf(buf, sizeof buf, "%.1f MB", bytes / 1e6);
  else if (bytes >= 1e3)
    std::snprintf(buf, sizeof buf, "%.1f KB", bytes / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.0f B", bytes);
  return buf;
}

int hardware_threads() {
  const long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? int(n) : 1;
}

int max_thread_count() {
  return std::max(64, 8 * hardware_threads());
}

void check_thread_count(long long threads, const std::string& what) {
  if (threads < 0)
    throw InvalidArgument(what + " " + std::to_string(threads) +
                          " is negative: give a thread count, or 0 for all cores");
  if (threads > max_thread_count())
    throw InvalidArgument(what + " " + std::to_string(threads) + " is more than " +
                          std::to_string(max_thread_count()) + " (8 per core of this machine's " +
                          std::to_string(hardware_threads()) + ")");
}

}  // namespace spgraph
