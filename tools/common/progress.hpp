// SPDX-License-Identifier: Apache-2.0
// Progress: one status line on stderr for long work (loading, generating and converting graphs,
// compare timing pairs, update streams), in stages where the work has several (a load parses,
// then builds the graph), redrawn in place at most ten times a second and cleared when the work
// ends. Shown only when stderr is a terminal and the user did not ask for --quiet, so logs and
// pipes never see it. The formatting and the throttle are pure functions (format_progress,
// ProgressClock), tested without a terminal or a real clock.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>

namespace spgraph::tools {

/// The line for `label` with `done` of `total` units after `elapsed` seconds:
/// "label [#####.....]  42% 1.2 MB/s ETA 3s" when the total is known (bytes: `unit` "B" gives
/// KB/MB/GB rates), "label 1234 units 56.7/s" when it is not (total 0), the label alone when
/// nothing is counted yet (done and total 0: a stage that has no units). The rate and the ETA
/// appear only after kMinRateSeconds: a rate over a shorter time says nothing (a first report
/// right after the clock started gave "3482.8 TB/s").
inline constexpr double kMinRateSeconds = 0.5;
std::string format_progress(const std::string& label, std::uint64_t done, std::uint64_t total,
                            double elapsed, const std::string& unit);

/// Whether progress lines may be drawn in this process (set once by the CLI from --quiet and
/// isatty(stderr)); off by default, so library users and tests see nothing.
bool progress_allowed();
void allow_progress(bool on);
/// Decides, once per command, whether progress lines may be drawn: stderr is a terminal and
/// the user did not ask for quiet (allow_progress). Returns the decision.
bool allow_progress_on_terminal(bool quiet);

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
  /// Sets the total once it is known (the clock keeps running from the start).
  void set_total(std::uint64_t total) { total_ = total; }
  /// Starts the next stage of the work ("building the graph" after parsing): the line reads
  /// "label: name", counts `total` units of its own (0: none), and its rate starts from now.
  /// Drawn at once.
  void stage(const std::string& name, std::uint64_t total = 0);
  /// Clears the line (also done by the destructor).
  void finish();
  /// Times the line was drawn (for tests).
  int draws() const { return draws_; }

 private:
  void draw(std::uint64_t done, double now);
  std::string label_, unit_, stage_;
  std::uint64_t total_;
  bool enabled_;
  std::FILE* out_;
  Clock clock_;
  double start_ = 0, last_ = -1;
  int draws_ = 0;
  bool shown_ = false;
};

}  // namespace spgraph::tools
