// SPDX-License-Identifier: Apache-2.0
// The three fields a `--backend cuda` report carries (the GPU CONTRACT's names): the bytes
// copied to and from the device and the peak device memory since the counters were last reset
// (engine/backend.hpp, cuda_transfer_counters). Merge note: the same fields as the
// report_device_stats helper of the SpMV slice; one of the two should remain.
#pragma once

#include "engine/backend.hpp"
#include "tools/cli/report.hpp"

namespace spgraph::cli {

/// Adds device_h2d_bytes, device_d2h_bytes and device_peak_bytes to `r`.
inline void add_cuda_transfer_fields(Report& r) {
  const CudaTransferCounters c = cuda_transfer_counters();
  r.add("device_h2d_bytes", report::count(c.host_to_device_bytes));
  r.add("device_d2h_bytes", report::count(c.device_to_host_bytes));
  r.add("device_peak_bytes", report::count(c.peak_bytes));
}

}  // namespace spgraph::cli
