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
