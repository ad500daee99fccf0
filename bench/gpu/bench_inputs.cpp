// SPDX-License-Identifier: Apache-2.0
// The host side of the GPU SpGEMM benchmark: see bench_inputs.hpp.
#include "bench/gpu/bench_inputs.hpp"

#include <omp.h>

#include <chrono>

#include <algorithm>
#include <vector>

#include "algorithms/triangles/triangle_count_cuda.hpp"
#include "engine/any_matrix.hpp"
#include "engine/backend.hpp"
#include "formats/device/device_stats.hpp"
#include "loaders/load.hpp"
#include "tools/common/timing.hpp"

namespace spgraph::bench {

using tools::seconds_since;

Csr<bool> load_pattern(const std::string& path) {
  return pattern_of(load_matrix(path).matrix).csr();
}

TriangleTimes time_triangles(const std::string& path, int runs) {
  const Matrix<bool> a = pattern_of(load_matrix(path).matrix);
  TriangleTimes t;
  std::vector<double> device, cpu;
  for (int r = 0; r < runs; ++r) {
    reset_device_stats();
    auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t on_device = triangle_count_cuda(a).triangles;
    device.push_back(seconds_since(t0));
    t.device_peak_bytes = device_stats().peak_bytes;
    omp_set_num_threads(t.cpu_threads);
    t0 = std::chrono::steady_clock::now();
    t.triangles = triangle_count(a).triangles;
    cpu.push_back(seconds_since(t0));
    if (on_device != t.triangles)
      throw Error("triangle counts differ: " + std::to_string(on_device) + " on the device, " +
                  std::to_string(t.triangles) + " on the CPU");
  }
  t.device_s = median(device);
  t.cpu_s = median(cpu);
  return t;
}

}  // namespace spgraph::bench
