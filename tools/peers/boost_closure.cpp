// boost::transitive_closure in a memory-limited child process (see boost_closure.hpp).
// Protocol: the child writes one fixed-size Report to a pipe and exits; the parent reads it and
// reaps the child. A child that dies without writing (a signal) is reported as such.
#include "tools/peers/boost_closure.hpp"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/transitive_closure.hpp>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <new>

#include "engine/core/error.hpp"
#include "tools/common/process_memory.hpp"

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

[[noreturn]] void child(const Csr<bool>& a, int runs, std::uint64_t memory_limit, int fd) {
  Report rep;
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
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
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
  const ssize_t written = write(fd, &rep, sizeof rep);
  _exit(written == ssize_t(sizeof rep) ? 0 : 3);
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
  int fds[2];
  if (pipe(fds) != 0) throw Error("compare closure: cannot create a pipe for the Boost.Graph run");
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    throw Error("compare closure: cannot fork the Boost.Graph run");
  }
  if (pid == 0) {
    close(fds[0]);
    child(a, runs, memory_limit, fds[1]);
  }
  close(fds[1]);
  Report rep;
  std::size_t got = 0;
  while (got < sizeof rep) {
    const ssize_t n = read(fds[0], reinterpret_cast<char*>(&rep) + got, sizeof rep - got);
    if (n <= 0) break;
    got += std::size_t(n);
  }
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (got != sizeof rep) {
    out.note = WIFSIGNALED(status)
                   ? "the Boost.Graph run died (signal " + std::to_string(WTERMSIG(status)) + ")"
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
