// SPDX-License-Identifier: Apache-2.0
// load_bench: reads one Matrix Market file with spgraph's load_matrix and with a peer — the
// reader a typical GraphBLAS user writes (fgets + strtoull/strtod per line into tuple arrays,
// then GrB_Matrix_build + GrB_wait) — and prints MB/s, median / min-max times, the ratio and
// each contender's peak RSS. Each contender runs in a forked child (1 warm-up + 5 timed runs)
// so VmHWM measures it alone. Usage: load_bench file.mtx [threads]
#include <omp.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "loaders/load.hpp"
#include "tools/common/child_process.hpp"
#include "tools/common/process_memory.hpp"
#include "tools/common/stats.hpp"
#include "tools/common/timing.hpp"

#ifdef SPGRAPH_HAVE_GRAPHBLAS
extern "C" {
#include <GraphBLAS.h>
}
#endif

namespace {

constexpr int kRuns = 5;

/// What a contender reports back to the parent.
struct Result {
  double seconds[kRuns];
  long peak_kib;
  unsigned long long nvals;
  int ok;
};

/// The peer: a plain C-style reader, then a library build. Returns stored entries.
unsigned long long peer_load(const char* path) {
  FILE* f = std::fopen(path, "r");
  if (!f) {
    std::perror(path);
    std::exit(2);
  }
  char line[1024];
  bool pattern = false, symmetric = false;
  unsigned long long nrows = 0, ncols = 0, nnz = 0;
  while (std::fgets(line, sizeof line, f)) {
    if (line[0] == '%') {
      if (std::strncmp(line, "%%MatrixMarket", 14) == 0) {
        pattern = std::strstr(line, "pattern") != nullptr;
        symmetric = std::strstr(line, "symmetric") != nullptr;
      }
      continue;
    }
    std::sscanf(line, "%llu %llu %llu", &nrows, &ncols, &nnz);
    break;
  }
  const std::size_t cap = symmetric ? 2 * nnz : nnz;
  std::vector<std::uint64_t> I, J;
  std::vector<double> X;
  I.reserve(cap);
  J.reserve(cap);
  X.reserve(cap);
  while (std::fgets(line, sizeof line, f)) {
    char* p = line;
    const std::uint64_t i = std::strtoull(p, &p, 10) - 1;
    const std::uint64_t j = std::strtoull(p, &p, 10) - 1;
    const double x = pattern ? 1.0 : std::strtod(p, &p);
    I.push_back(i);
    J.push_back(j);
    X.push_back(x);
    if (symmetric && i != j) {
      I.push_back(j);
      J.push_back(i);
      X.push_back(x);
    }
  }
  std::fclose(f);
#ifdef SPGRAPH_HAVE_GRAPHBLAS
  GrB_Matrix A = nullptr;
  GrB_Matrix_new(&A, pattern ? GrB_BOOL : GrB_FP64, nrows, ncols);
  if (pattern) {
    bool* b = static_cast<bool*>(std::malloc(I.size() ? I.size() : 1));
    std::fill(b, b + I.size(), true);
    GrB_Matrix_build_BOOL(A, I.data(), J.data(), b, I.size(), GrB_FIRST_BOOL);
    std::free(b);
  } else {
    GrB_Matrix_build_FP64(A, I.data(), J.data(), X.data(), I.size(), GrB_FIRST_FP64);
  }
  GrB_Matrix_wait(A, GrB_MATERIALIZE);
  GrB_Index nvals = 0;
  GrB_Matrix_nvals(&nvals, A);
  GrB_Matrix_free(&A);
  return nvals;
#else
  std::vector<spgraph::Vertex> r(I.begin(), I.end()), c(J.begin(), J.end());
  auto m = spgraph::Matrix<double>::build(spgraph::Vertex(nrows), spgraph::Vertex(ncols), r, c, X);
  return m.nvals();
#endif
}

unsigned long long spgraph_load(const char* path, int threads) {
  spgraph::LoadOptions o;
  o.threads = threads;
  return spgraph::nvals_of(spgraph::load_matrix(path, o).matrix);
}

/// Runs `load` 1 + kRuns times in a forked child and returns its timings and peak RSS (ok = 0
/// when the child failed).
template <class F>
Result run_contender(F load) {
  auto runs = [&](Result& out) {
    out.nvals = load();  // warm-up (page cache, thread pools)
    for (double& s : out.seconds) {
      const auto t0 = std::chrono::steady_clock::now();
      out.nvals = load();
      s = spgraph::tools::seconds_since(t0);
    }
    out.peak_kib = long(spgraph::tools::peak_rss_bytes() / 1024);
    out.ok = 1;
  };
  Result r{};
  if (!spgraph::tools::run_in_child(r, runs).ok()) r.ok = 0;
  return r;
}

std::vector<double> times(const Result& r) {
  return std::vector<double>(r.seconds, r.seconds + kRuns);
}

void report(const char* name, const Result& r, double mb) {
  if (!r.ok) {
    std::printf("%-58s FAILED\n", name);
    return;
  }
  const double med = spgraph::tools::median(times(r));
  const double lo = spgraph::tools::min_of(times(r));
  const double hi = spgraph::tools::max_of(times(r));
  std::printf(
      "%-58s median %7.3f s  (min %.3f - max %.3f)  %7.1f MB/s  peak RSS %7.1f MiB  nvals %llu\n",
      name, med, lo, hi, mb / med, double(r.peak_kib) / 1024.0, r.nvals);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s file.mtx [threads]\n", argv[0]);
    return 1;
  }
  const char* path = argv[1];
  const int threads = argc > 2 ? std::atoi(argv[2]) : omp_get_max_threads();
  struct stat st {};
  if (stat(path, &st) != 0) {
    std::perror(path);
    return 1;
  }
  const double mb = double(st.st_size) / 1e6;
  omp_set_num_threads(threads);
#ifdef SPGRAPH_HAVE_GRAPHBLAS
  const char* peer_name = "peer: fgets/strtoull/strtod + GrB_Matrix_build + GrB_wait";
#else
  const char* peer_name = "peer: fgets/strtoull/strtod + spgraph build (no GraphBLAS)";
#endif
  std::printf("file %s: %.1f MB, %d threads, %d timed runs after 1 warm-up\n", path, mb, threads,
              kRuns);
  const Result ours = run_contender([&] { return spgraph_load(path, threads); });
  const Result peer = run_contender([&] {
#ifdef SPGRAPH_HAVE_GRAPHBLAS
    static bool initialised = false;
    if (!initialised) {
      GrB_init(GrB_NONBLOCKING);
      GxB_Global_Option_set(GxB_GLOBAL_NTHREADS, threads);
      initialised = true;
    }
#endif
    return peer_load(path);
  });
  report("spgraph load_matrix", ours, mb);
  report(peer_name, peer, mb);
  if (ours.ok && peer.ok) {
    const double ours_s = spgraph::tools::median(times(ours));
    const double peer_s = spgraph::tools::median(times(peer));
    std::printf("ratio spgraph/peer time %.3f  (peer is %.2fx slower)\n", ours_s / peer_s,
                peer_s / ours_s);
    if (ours.nvals != peer.nvals)
      std::printf("WARNING: nvals differ (%llu vs %llu)\n", ours.nvals, peer.nvals);
  }
  return ours.ok && peer.ok ? 0 : 1;
}
