// SPDX-License-Identifier: Apache-2.0
// Wall-clock timing for benchmark and CLI reports: seconds on the steady clock around the work
// only, as docs/BENCHMARKING.md ("Warm-up, then repeat") asks of every measurement.
#pragma once

#include <chrono>

namespace spgraph::tools {

/// Seconds elapsed since t0 on the steady clock.
inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace spgraph::tools
