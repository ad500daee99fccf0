// SPDX-License-Identifier: Apache-2.0
// The CUDA backend's counters in a report: see device_report.hpp.
#include "tools/cli/device_report.hpp"

#include "formats/device/device_stats.hpp"

namespace spgraph::cli {

void reset_device_report() {
  reset_device_stats();
}

void report_device_stats(Report& r) {
  const DeviceStats s = device_stats();
  r.add("device_h2d_bytes", report::bytes(s.host_to_device_bytes));
  r.add("device_h2d_copies", report::count(s.host_to_device_copies));
  r.add("device_d2h_bytes", report::bytes(s.device_to_host_bytes));
  r.add("device_d2h_copies", report::count(s.device_to_host_copies));
  r.add("device_peak_bytes", report::bytes(s.peak_bytes));
}

}  // namespace spgraph::cli
