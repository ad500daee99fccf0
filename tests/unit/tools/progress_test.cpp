// SPDX-License-Identifier: Apache-2.0
// Tests of the progress line (tools/common/progress.hpp): its text for known and unknown totals,
// the ten-per-second throttle on a fake clock, nothing drawn when disabled, and the line cleared
// at the end. Output goes to a temporary FILE*, never a terminal; no real time is involved.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "tools/common/progress.hpp"

namespace {

using spgraph::tools::format_progress;
using spgraph::tools::Progress;

std::string contents(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string s;
  for (int c; (c = std::fgetc(f)) != EOF;) s.push_back(char(c));
  return s;
}

TEST(Progress, FormatsKnownAndUnknownTotals) {
  EXPECT_EQ(format_progress("loading", 0, 100, 0, "B"), "loading [....................]   0%");
  EXPECT_EQ(format_progress("loading", 50, 100, 1, "B"),
            "loading [##########..........]  50% 50.0 B/s ETA 1s");
  EXPECT_EQ(format_progress("loading", 3'000'000, 6'000'000, 2, "B"),
            "loading [##########..........]  50% 1.5 MB/s ETA 2s");
  EXPECT_EQ(format_progress("pairs", 5, 5, 2, "pairs"),
            "pairs [####################] 100% 2.5 pairs/s");
  EXPECT_EQ(format_progress("updates", 1234, 0, 2, "B"), "updates 1234 B 617.0 B/s");
}

TEST(Progress, ShowsNoRateOverATooShortTime) {
  // A whole small file reported a microsecond after the clock started gave "3482.8 TB/s".
  EXPECT_EQ(format_progress("loading", 4'000'000'000, 4'000'000'000, 1e-6, "B"),
            "loading [####################] 100%");
  EXPECT_EQ(format_progress("loading", 10, 0, 0.1, "B"), "loading 10 B");
  EXPECT_EQ(format_progress("loading", 0, 0, 3, "B"), "loading");  // a stage with no units
  EXPECT_EQ(format_progress("loading", 500, 1000, 0.5, "B"),
            "loading [##########..........]  50% 1.0 KB/s ETA 1s");
}

TEST(Progress, StagesRestartTheCountAndTheRate) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  double now = 0;
  {
    Progress p("loading g", 0, "B", true, f, [&] { return now; });
    now = 1;
    p.set_total(1000);
    p.update(500);
    now = 2;
    p.stage("building the graph");  // drawn at once, though the throttle would not draw
    EXPECT_EQ(p.draws(), 2);
    now = 2.1;
    p.stage("writing", 10);
    now = 2.3;  // 0.2 s into the stage: no rate yet
    p.update(5);
  }
  const std::string out = contents(f);
  EXPECT_NE(out.find("loading g [##########..........]  50% 500.0 B/s ETA 1s"), std::string::npos)
      << out;
  EXPECT_NE(out.find("loading g: building the graph\r"), std::string::npos) << out;
  EXPECT_NE(out.find("loading g: writing [##########..........]  50%\r"), std::string::npos) << out;
  std::fclose(f);
}

TEST(Progress, ThrottlesToTenPerSecondAndClears) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  double now = 0;
  {
    Progress p("work", 1000, "", true, f, [&] { return now; });
    for (int k = 0; k < 100; ++k) {
      now = k * 0.01;  // 100 updates over one second
      p.update(std::uint64_t(k));
    }
    EXPECT_EQ(p.draws(), 10);
    now = 1.005;
    p.update(1000);  // the end is always drawn
    EXPECT_EQ(p.draws(), 11);
  }
  const std::string out = contents(f);
  EXPECT_NE(out.find("work [####################] 100%"), std::string::npos);
  EXPECT_EQ(out.substr(out.size() - 4), "\r\033[K");  // cleared at the end
  std::fclose(f);
}

TEST(Progress, DisabledDrawsNothing) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  {
    Progress p("work", 10, "", false, f, [] { return 5.0; });
    p.update(5);
    p.update(10);
    EXPECT_EQ(p.draws(), 0);
  }
  EXPECT_EQ(contents(f), "");
  std::fclose(f);
}

}  // namespace
