// SPDX-License-Identifier: Apache-2.0
// tests/support/test_data.hpp: the locator finds the repository's tests/data and data/, names
// ../shared/data paths only when they exist, and SPGRAPH_REQUIRE_SHARED skips (not fails) a test
// whose shared file is absent, with a message naming it.
#include "tests/support/test_data.hpp"

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <filesystem>

namespace spgraph::testing {
namespace {

namespace fs = std::filesystem;

TEST(TestData, FindsTheRepositorysOwnData) {
  EXPECT_TRUE(fs::is_regular_file(source_dir() / "CMakeLists.txt")) << source_dir();
  EXPECT_TRUE(fs::is_regular_file(test_data("karate.mtx"))) << test_data("karate.mtx");
  EXPECT_TRUE(fs::is_directory(test_data("bad"))) << test_data("bad");
  EXPECT_TRUE(fs::is_regular_file(bundled_data("wiki-Vote.txt"))) << bundled_data("wiki-Vote.txt");
  EXPECT_EQ(fs::path(test_data("x.mtx")).parent_path(), source_dir() / "tests" / "data");
  EXPECT_EQ(fs::path(bundled_data("x.mtx")).parent_path(), source_dir() / "data");
}

TEST(TestData, SharedPathsExistOrAreEmpty) {
  EXPECT_TRUE(shared_data("no/such/file.mtx").empty());
  const fs::path root = shared_data();
  EXPECT_EQ(root.empty(), !fs::exists(SPGRAPH_SHARED_DATA));
  if (!root.empty()) {
    EXPECT_TRUE(fs::is_directory(root));
  }
}

/// A test body that needs a shared file that is never there.
void needs_a_missing_shared_file(bool& ran_on) {
  SPGRAPH_REQUIRE_SHARED(path, "no/such/file.mtx");
  ran_on = !path.empty();
}

TEST(TestData, RequireSharedSkipsWithTheFilesName) {
  bool ran_on = false;
  ::testing::TestPartResultArray results;
  {
    // Intercepts the skip, so that this test itself is not marked skipped.
    ::testing::ScopedFakeTestPartResultReporter intercept(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &results);
    needs_a_missing_shared_file(ran_on);
  }
  EXPECT_FALSE(ran_on) << "the body went on after the skip";
  ASSERT_EQ(results.size(), 1);
  EXPECT_TRUE(results.GetTestPartResult(0).skipped());
  EXPECT_NE(std::string(results.GetTestPartResult(0).message())
                .find("shared data not present: ../shared/data/no/such/file.mtx"),
            std::string::npos)
      << results.GetTestPartResult(0).message();
}

}  // namespace
}  // namespace spgraph::testing
