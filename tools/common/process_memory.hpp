// SPDX-License-Identifier: Apache-2.0
// Resident-memory readings of this process, for benchmark and compare reports: the current RSS,
// the high-water mark (VmHWM), and a reset of the mark between contenders (Linux clear_refs).
#pragma once

#include <cstdint>

namespace spgraph::tools {

/// Current resident set size in bytes (0 if /proc is unavailable).
std::uint64_t current_rss_bytes();
/// Peak resident set size since start or the last reset, in bytes.
std::uint64_t peak_rss_bytes();
/// Resets the peak to the current RSS; returns false where the kernel does not allow it.
bool reset_peak_rss();

}  // namespace spgraph::tools
