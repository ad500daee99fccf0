// SPDX-License-Identifier: Apache-2.0
// Counters of the CUDA backend's device memory and transfers, process-wide: what a benchmark or
// `spgraph ... --backend cuda` reports next to its times. DeviceBuffer (device_buffer.hpp)
// updates them on every allocation, free and copy.
#pragma once

#include <cstdint>

namespace spgraph {

/// A snapshot of the counters.
struct DeviceStats {
  std::uint64_t host_to_device_bytes = 0;
  std::uint64_t host_to_device_copies = 0;
  std::uint64_t device_to_host_bytes = 0;
  std::uint64_t device_to_host_copies = 0;
  std::uint64_t allocations = 0;
  std::uint64_t bytes_in_use = 0;  ///< device memory held by live buffers
  std::uint64_t peak_bytes = 0;    ///< the most bytes_in_use has been since the last reset
};

/// The counters as of now.
DeviceStats device_stats();
/// Zeroes the counters (bytes_in_use excepted: live buffers still hold it; peak restarts there).
void reset_device_stats();

namespace device_stats_detail {
void count_allocation(std::uint64_t bytes);
void count_free(std::uint64_t bytes);
void count_host_to_device(std::uint64_t bytes);
void count_device_to_host(std::uint64_t bytes);
}  // namespace device_stats_detail

}  // namespace spgraph
