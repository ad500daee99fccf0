// SPDX-License-Identifier: Apache-2.0
// kernel_clock_start (timing.hpp): the OpenMP team is started and woken before the clock.
#include "tools/common/timing.hpp"

#include <omp.h>

namespace spgraph::tools {

std::chrono::steady_clock::time_point kernel_clock_start() {
  // An empty region: every thread of the team is created (first use) or woken, and has reached
  // the join, before the time is read.
#pragma omp parallel
  {}
  return std::chrono::steady_clock::now();
}

}  // namespace spgraph::tools
