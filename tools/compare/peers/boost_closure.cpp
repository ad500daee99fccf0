// SPDX-License-Identifier: Apache-2.0
// boost::transitive_closure in a memory-limited child process (see boost_closure.hpp).
// The child (tools/common/child_process.hpp) hands back one fixed-size Report; a child that dies
// without writing it (a signal) is reported as such.
#include "tools/compare/peers/boost_closure.hpp"

#include <sys/resource.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/transitive_closure.hpp>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <new>

#include "engine/core/error.hpp"
#include "tools/common/child_process.hpp"
#include "tools/common/process_memory.hpp"
#include "tools/common/timing.hpp"

namespace spgraph::peers {

namespace {

constexpr int kMaxRuns = 64;

struct Report {
  int status = 0;  // 0 ok, 1 out of memory, 2 other error
  std::uint64_t pairs = 0, hash = 0, peak = 0;
  int runs = 0;
  double seconds[kMaxRuns] = {};
  char message[256] = {};
};

/// Bytes of address space the process maps now (VmSize), 0 if unknown.
std::uint64_t address_space_bytes() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmSize:", 0) == 0) return std::stoull(line.substr(7)) * 1024;
  return 0;
}

/// The child's work: limits its address space, builds the graph and runs the closure.
void run_closure(const Csr<bool>& a, int runs, std::uint64_t memory_limit, Report& rep) {
  rep.runs = runs;
  const std::uint64_t space = address_space_bytes();
  if (space) {
    const rlimit lim{space + memory_limit, space + memory_limit};
    setrlimit(RLIMIT_AS, &lim);
  }
  tools::reset_peak_rss();
  const std::uint64_t base = tools::current_rss_bytes();
  try {
    using G = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
    G g(a.nrows);
    for (Vertex i = 0; i < a.nrows; ++i)
      for (Offset k = a.row_begin(i); k < a.row_end(i); ++k) boost::add_edge(i, a.col[k], g);
    for (int r = 0; r <= runs; ++r) {  // run 0 is the untimed warm-up
      G tc;
      const auto t0 = std::chrono::steady_clock::now();
      boost::transitive_closure(g, tc);
      const double s = tools::seconds_since(t0);
      if (r > 0) rep.seconds[r - 1] = s;
      if (r == runs) {
        rep.pairs = boost::num_edges(tc);
        for (auto [e, end] = boost::edges(tc); e != end; ++e)
          rep.hash +=
              pair_hash(std::uint32_t(boost::source(*e, tc)), std::uint32_t(boost::target(*e, tc)));
      }
    }
  } catch (const std::bad_alloc&) {
    rep.status = 1;
  } catch (const std::exception& e) {
    rep.status = 2;
    std::strncpy(rep.message, e.what(), sizeof rep.message - 1);
  }
  const std::uint64_t peak = tools::peak_rss_bytes();
  rep.peak = peak > base ? peak - base : 0;
}

}  // namespace

std::uint64_t pair_hash(std::uint32_t u, std::uint32_t v) {
  std::uint64_t z = (std::uint64_t(u) << 32 | v) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::uint64_t pair_set_hash(const Csr<bool>& p) {
  std::uint64_t h = 0;
  for (Vertex i = 0; i < p.nrows; ++i)
    for (Offset k = p.row_begin(i); k < p.row_end(i); ++k) h += pair_hash(i, p.col[k]);
  return h;
}

BoostClosureResult boost_closure(const Csr<bool>& a, int runs, std::uint64_t memory_limit) {
  BoostClosureResult out;
  if (runs > kMaxRuns) runs = kMaxRuns;
  Report rep;
  const tools::ChildRun run =
      tools::run_in_child(rep, [&](Report& r) { run_closure(a, runs, memory_limit, r); });
  if (!run.started) throw Error("compare closure: cannot fork the Boost.Graph run");
  if (!run.reported) {
    out.note = run.signal ? "the Boost.Graph run died (signal " + std::to_string(run.signal) + ")"
                          : "the Boost.Graph run ended without a report";
    return out;
  }
  if (rep.status == 1) {
    char gb[32];
    std::snprintf(gb, sizeof gb, "%.1f GB", double(memory_limit) / 1e9);
    out.note = std::string("ran out of memory at the ") + gb + " limit";
    return out;
  }
  if (rep.status == 2) {
    out.note = std::string("failed: ") + rep.message;
    return out;
  }
  out.ran = true;
  out.pairs = rep.pairs;
  out.pair_hash = rep.hash;
  out.seconds.assign(rep.seconds, rep.seconds + rep.runs);
  out.peak_bytes = rep.peak;
  return out;
}

}  // namespace spgraph::peers
