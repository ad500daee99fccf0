// SPDX-License-Identifier: Apache-2.0
// Global execution settings: the number of CPU threads kernels may use.
#pragma once

namespace spgraph {

/// Sets the number of threads used by kernels (0 = OpenMP's default); throws InvalidArgument
/// outside 0..max_thread_count() (engine/core/resources.hpp).
void set_num_threads(int threads);
/// The number of threads kernels will use.
int num_threads();

}  // namespace spgraph
