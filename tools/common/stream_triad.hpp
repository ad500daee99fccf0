// SPDX-License-Identifier: Apache-2.0
// The STREAM triad (McCalpin, "Memory Bandwidth and Machine Balance", 1995): a[i] = b[i] + s·c[i]
// over three arrays of doubles larger than the last-level cache, timed over a few repetitions on
// the current OpenMP thread count. The machine's sustainable memory bandwidth, against which
// `spgraph spmv` and bench/run_spmv.sh report SpMV as a fraction (SpMV is memory-bound).
#pragma once

#include <cstddef>

namespace spgraph::tools {

struct TriadResult {
  double best_gbps = 0;         ///< best repetition, STREAM's convention (24 bytes per element)
  double median_gbps = 0;       ///< median repetition
  std::size_t array_bytes = 0;  ///< bytes of each of the three arrays
  int threads = 0;
};

/// Runs the triad with arrays of max(4 × the last-level cache, 64 MB) each, `repetitions` times
/// after one untimed pass that also places pages with the threads that use them.
TriadResult stream_triad(int repetitions = 7);

}  // namespace spgraph::tools
