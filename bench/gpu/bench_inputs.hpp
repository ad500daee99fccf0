// SPDX-License-Identifier: Apache-2.0
// The host side of the GPU SpGEMM benchmark (spgemm_bench.cu), compiled by the host compiler:
// reading a graph file into a pattern CSR, and the triangle-count job (the device count against
// the CPU backend on 2 threads, same process, answers checked).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/csr/csr.hpp"
#include "tools/common/stats.hpp"

namespace spgraph::bench {

/// The structure of the graph in `path` (any format spgraph reads).
Csr<bool> load_pattern(const std::string& path);

using tools::median;  // tools/common/stats.hpp

/// Median seconds of the device and the CPU triangle counts over `runs` runs each, with the
/// count (checked equal) and the device's peak memory.
struct TriangleTimes {
  double device_s = 0, cpu_s = 0;
  std::uint64_t triangles = 0, device_peak_bytes = 0;
  int cpu_threads = 2;
};
TriangleTimes time_triangles(const std::string& path, int runs);

}  // namespace spgraph::bench
