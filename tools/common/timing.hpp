// SPDX-License-Identifier: Apache-2.0
// Wall-clock timing for benchmark and CLI reports: seconds on the steady clock around the work
// only, as docs/BENCHMARKING.md ("Warm-up, then repeat") asks of every measurement.
#pragma once

#include <chrono>

namespace spgraph::tools {

/// The time a command's kernel clock starts from, read once the OpenMP thread team is up and
/// awake: making the team is the process's cost, not the kernel's (GAPBS's timers, too, start
/// with the threads its graph builder made), and on a virtual machine an idle vCPU can take a
/// host scheduler tick (4-8 ms seen on 2 cores) to wake for a kernel's first parallel region,
/// which would swamp a kernel of a fraction of a millisecond.
std::chrono::steady_clock::time_point kernel_clock_start();

/// Seconds elapsed since t0 on the steady clock.
inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace spgraph::tools
