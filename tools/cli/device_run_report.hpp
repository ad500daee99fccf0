// SPDX-License-Identifier: Apache-2.0
// The report fields of a `--backend cuda` run of an algorithm (bfs, pagerank): what the device
// run cost, from the DeviceRun its entry point fills (algorithms/device_run.hpp): the transfers
// and the peak device memory under the names every CUDA command reports ("device_h2d_bytes",
// "device_d2h_bytes", "device_peak_bytes", as formats/device/device_stats.hpp counts them), and
// the phases a user waits for (upload, kernels, download). Compiles in every build: a build
// without CUDA refuses before any run, so it never prints them.
#pragma once

#include <string>

#include "algorithms/device_run.hpp"
#include "tools/cli/report.hpp"

namespace spgraph::cli {

/// Adds the transfer fields and the peak device memory.
inline void add_device_transfer_fields(Report& r, const DeviceRun& d) {
  r.add("device_h2d_bytes", report::bytes(d.h2d_bytes));
  r.add("device_d2h_bytes", report::bytes(d.d2h_bytes));
  r.add("device_peak_bytes", report::bytes(d.peak_bytes));
}

/// Adds the phases' seconds.
inline void add_device_phase_fields(Report& r, const DeviceRun& d) {
  r.add("device_upload_seconds", report::seconds(d.upload_seconds));
  r.add("device_run_seconds", report::seconds(d.run_seconds));
  r.add("device_download_seconds", report::seconds(d.download_seconds));
}

/// A text line for the fields of both (for a layout).
inline std::string device_run_layout() {
  return "device: upload {device_upload_seconds} s, kernels {device_run_seconds} s, download "
         "{device_download_seconds} s; {device_h2d_bytes} to the device, {device_d2h_bytes} "
         "back, peak device memory {device_peak_bytes}\n";
}

}  // namespace spgraph::cli
