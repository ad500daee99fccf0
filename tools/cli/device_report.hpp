// SPDX-License-Identifier: Apache-2.0
// The CUDA backend's counters in a command's report: what `--backend cuda` runs of mxv, spmv and
// compare spmv print next to their times (the device's transfers and peak memory, from
// device_stats(), formats/device/device_stats.hpp). The fields appear only on --backend cuda
// runs. Commands that run through the engine's device counters (mxv, spmv, tc, closure,
// stream, compare spmv) add them through this helper; those whose entry points return their own
// cost record (bfs and pagerank: algorithms/device_run.hpp, device_run_report.hpp; knn:
// KnnDeviceRun) write the same names from it.
#pragma once

#include "tools/cli/report.hpp"

namespace spgraph::cli {

/// Zeroes the counters at the start of a command's device work (device memory still held,
/// e.g. by a cached mirror, stays counted in the peak).
void reset_device_report();

/// Adds the counters: device_h2d_bytes, device_h2d_copies, device_d2h_bytes,
/// device_d2h_copies, device_peak_bytes (since the last reset_device_report).
void report_device_stats(Report& r);

/// A text layout line for the fields report_device_stats adds.
inline constexpr const char* kDeviceStatsLayout =
    "device: {device_h2d_bytes} to the device in {device_h2d_copies} copies, "
    "{device_d2h_bytes} back in {device_d2h_copies}; peak device memory {device_peak_bytes}\n";

}  // namespace spgraph::cli
