// SPDX-License-Identifier: Apache-2.0
// Implementation of the progress line (see progress.hpp).
#include "tools/common/progress.hpp"

#include <unistd.h>

#include <atomic>
#include <cmath>

namespace spgraph::tools {

namespace {
std::atomic<bool> g_allowed{false};

std::string rate_text(double per_second, const std::string& unit) {
  char buf[48];
  if (unit == "B") {
    const char* names[] = {"B", "KB", "MB", "GB", "TB"};
    int k = 0;
    while (per_second >= 1000 && k < 4) {
      per_second /= 1000;
      ++k;
    }
    std::snprintf(buf, sizeof buf, "%.1f %s/s", per_second, names[k]);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f%s%s/s", per_second, unit.empty() ? "" : " ", unit.c_str());
  }
  return buf;
}
}  // namespace

bool progress_allowed() {
  return g_allowed.load(std::memory_order_relaxed);
}
void allow_progress(bool on) {
  g_allowed.store(on, std::memory_order_relaxed);
}

bool allow_progress_on_terminal(bool quiet) {
  const bool on = !quiet && isatty(STDERR_FILENO);
  allow_progress(on);
  return on;
}

std::string format_progress(const std::string& label, std::uint64_t done, std::uint64_t total,
                            double elapsed, const std::string& unit) {
  const bool timed = elapsed >= kMinRateSeconds;
  const double rate = timed ? double(done) / elapsed : 0;
  std::string line = label;
  if (total == 0) {
    if (done == 0) return line;
    line += ' ' + std::to_string(done);
    if (!unit.empty()) line += ' ' + unit;
    if (timed) line += ' ' + rate_text(rate, unit);
    return line;
  }
  const double f = std::min(1.0, double(done) / double(total));
  constexpr int kWidth = 20;
  const int filled = int(std::floor(f * kWidth));
  line += " [";
  line += std::string(std::size_t(filled), '#');
  line += std::string(std::size_t(kWidth - filled), '.');
  char pct[16];
  std::snprintf(pct, sizeof pct, "] %3.0f%%", 100 * f);
  line += pct;
  if (timed && done > 0) {
    line += ' ' + rate_text(rate, unit);
    if (done < total) {
      const double eta = double(total - done) / rate;
      char e[32];
      std::snprintf(e, sizeof e, " ETA %.0fs", std::ceil(eta));
      line += e;
    }
  }
  return line;
}

Progress::Progress(std::string label, std::uint64_t total, std::string unit, bool enabled,
                   std::FILE* out, Clock clock)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      total_(total),
      enabled_(enabled),
      out_(out),
      clock_(std::move(clock)) {
  if (!clock_) {
    const auto t0 = std::chrono::steady_clock::now();
    clock_ = [t0] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
  }
  start_ = clock_();
}

Progress::~Progress() {
  finish();
}

void Progress::update(std::uint64_t done) {
  if (!enabled_) return;
  const double now = clock_();
  const bool end = total_ && done >= total_;
  if (last_ >= 0 && now - last_ < 0.1 && !end) return;
  last_ = now;
  draw(done, now);
}

void Progress::stage(const std::string& name, std::uint64_t total) {
  stage_ = name;
  total_ = total;
  if (!enabled_) return;
  const double now = clock_();
  start_ = now;
  last_ = now;
  draw(0, now);
}

void Progress::draw(std::uint64_t done, double now) {
  ++draws_;
  shown_ = true;
  const std::string label = stage_.empty() ? label_ : label_ + ": " + stage_;
  std::fprintf(out_, "\r\033[K%s",
               format_progress(label, done, total_, now - start_, unit_).c_str());
  std::fflush(out_);
}

void Progress::finish() {
  if (!shown_) return;
  shown_ = false;
  std::fprintf(out_, "\r\033[K");
  std::fflush(out_);
}

}  // namespace spgraph::tools
