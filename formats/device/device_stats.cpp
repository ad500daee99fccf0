// SPDX-License-Identifier: Apache-2.0
// Counters of the CUDA backend: see device_stats.hpp. Relaxed atomics: they count, they do not
// order anything.
#include "formats/device/device_stats.hpp"

#include <atomic>

namespace spgraph {
namespace {

struct Counters {
  std::atomic<std::uint64_t> h2d_bytes{0}, h2d_copies{0}, d2h_bytes{0}, d2h_copies{0};
  std::atomic<std::uint64_t> allocations{0}, in_use{0}, peak{0};
};

Counters& counters() {
  static Counters c;
  return c;
}

}  // namespace

DeviceStats device_stats() {
  const Counters& c = counters();
  constexpr auto r = std::memory_order_relaxed;
  return {c.h2d_bytes.load(r),   c.h2d_copies.load(r), c.d2h_bytes.load(r), c.d2h_copies.load(r),
          c.allocations.load(r), c.in_use.load(r),     c.peak.load(r)};
}

void reset_device_stats() {
  Counters& c = counters();
  constexpr auto r = std::memory_order_relaxed;
  c.h2d_bytes.store(0, r);
  c.h2d_copies.store(0, r);
  c.d2h_bytes.store(0, r);
  c.d2h_copies.store(0, r);
  c.allocations.store(0, r);
  c.peak.store(c.in_use.load(r), r);
}

namespace device_stats_detail {

void count_allocation(std::uint64_t bytes) {
  Counters& c = counters();
  constexpr auto r = std::memory_order_relaxed;
  c.allocations.fetch_add(1, r);
  const std::uint64_t now = c.in_use.fetch_add(bytes, r) + bytes;
  std::uint64_t peak = c.peak.load(r);
  while (now > peak && !c.peak.compare_exchange_weak(peak, now, r)) {
  }
}

void count_free(std::uint64_t bytes) {
  counters().in_use.fetch_sub(bytes, std::memory_order_relaxed);
}

void count_host_to_device(std::uint64_t bytes) {
  counters().h2d_bytes.fetch_add(bytes, std::memory_order_relaxed);
  counters().h2d_copies.fetch_add(1, std::memory_order_relaxed);
}

void count_device_to_host(std::uint64_t bytes) {
  counters().d2h_bytes.fetch_add(bytes, std::memory_order_relaxed);
  counters().d2h_copies.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace device_stats_detail
}  // namespace spgraph
