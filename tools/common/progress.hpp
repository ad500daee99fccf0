// SPDX-License-Identifier: Apache-2.0
// Progress: one status line on stderr for long work (loading, compare timing pairs, update
// streams), redrawn in place at most ten times a second and cleared when the work ends. Shown
// only when stderr is a terminal and the user did not ask for --quiet, so logs and pipes never
// see it. The formatting and the throttle are pure functions (format_progress, ProgressClock),
// tested without a terminal or a real clock.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>

namespace spgraph::tools {

/// The line for `label` with `done` of `total` units after `elapsed` seconds:
/// "label [#####.....]  42% 1.2 MB/s ETA 3s" when the total is known (bytes: `unit` "B" gives
/// KB/MB/GB rates), "label 1234 units 56.7/s" when it is not (total 0).
std::string format_progress(const std::string& label, std::uint64_t done, std::uint64_t total,
                            double elapsed, const std::string& unit);

/// Whether progress lines may be drawn in this process (set once by the CLI from --quiet and
/// isatty(stderr)); off by default, so library users and tests see nothing.
bool progress_allowed();
void allow_progress(bool on);

class Progress {
 public:
  /// Seconds since some fixed start; tests pass a fake clock.
  using Clock = std::function<double()>;
  /// A line for `label` over `total` units (0: unknown), drawn on `out` only when `enabled`.
  Progress(std::string label, std::uint64_t total, std::string unit = "",
           bool enabled = progress_allowed(), std::FILE* out = stderr, Clock clock = {});
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  /// Records `done` units; redraws when 0.1 s passed since the last drawing (or at the end).
  void update(std::uint64_t done);
  /// Clears the line (also done by the destructor).
  void finish();
  /// Times the line was drawn (for tests).
  int draws() const { return draws_; }

 private:
  std::string label_, unit_;
  std::uint64_t total_;
  bool enabled_;
  std::FILE* out_;
  Clock clock_;
  double start_ = 0, last_ = -1;
  int draws_ = 0;
  bool shown_ = false;
};

}  // namespace spgraph::tools
