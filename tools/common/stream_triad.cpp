// SPDX-License-Identifier: Apache-2.0
// The STREAM triad; see stream_triad.hpp.
#include "tools/common/stream_triad.hpp"

#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "tools/common/stats.hpp"

namespace spgraph::tools {

namespace {

std::size_t last_level_cache_bytes() {
  long llc = 0;
#ifdef _SC_LEVEL3_CACHE_SIZE
  llc = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
#ifdef _SC_LEVEL2_CACHE_SIZE
  if (llc <= 0) llc = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
  return llc > 0 ? std::size_t(llc) : std::size_t(32) << 20;
}

}  // namespace

TriadResult stream_triad(int repetitions) {
  TriadResult r;
  r.array_bytes = std::max<std::size_t>(4 * last_level_cache_bytes(), std::size_t(64) << 20);
  const std::int64_t n = std::int64_t(r.array_bytes / sizeof(double));
  // new[] without value-initialisation: the first parallel loop touches each page.
  std::unique_ptr<double[]> a(new double[n]), b(new double[n]), c(new double[n]);
  const double s = 3.0;
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    a[i] = 0;
    b[i] = 1;
    c[i] = 2;
  }
  std::vector<double> gbps;
  for (int rep = 0; rep <= repetitions; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) a[i] = b[i] + s * c[i];
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (rep > 0) gbps.push_back(3.0 * double(n) * sizeof(double) / secs / 1e9);
  }
  r.best_gbps = max_of(gbps);
  r.median_gbps = median(gbps);
  r.threads = omp_get_max_threads();
  // Keep the stores observable so the loop is not removed.
  if (a[n / 2] != b[n / 2] + s * c[n / 2]) r.best_gbps = 0;
  return r;
}

}  // namespace spgraph::tools
