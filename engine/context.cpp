// SPDX-License-Identifier: Apache-2.0
// Global execution settings (see context.hpp). Threads are OpenMP's, so GraphBLAS and spgraph
// share one setting when both run in the same process.
#include "engine/context.hpp"

#include <omp.h>

#include "engine/core/resources.hpp"

namespace spgraph {

void set_num_threads(int threads) {
  check_thread_count(threads);
  if (threads > 0) omp_set_num_threads(threads);
}

int num_threads() {
  return omp_get_max_threads();
}

}  // namespace spgraph
