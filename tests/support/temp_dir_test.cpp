// SPDX-License-Identifier: Apache-2.0
// tests/support/temp_dir.hpp: a TempDir is a fresh, empty directory named for its test or
// label, two are never the same, its files are written and listed, and it is gone with
// everything in it when it goes out of scope; temp_file() paths share one scratch directory
// per process; read_file() and write_file() keep bytes as they are.
#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace spgraph::testing {
namespace {

namespace fs = std::filesystem;

TEST(TempDir, IsAFreshEmptyDirectoryNamedForItsTest) {
  const TempDir dir;
  EXPECT_TRUE(fs::is_directory(dir.path()));
  EXPECT_TRUE(fs::is_empty(dir.path()));
  EXPECT_EQ(dir.path().parent_path(), fs::temp_directory_path());
  EXPECT_NE(dir.path().filename().string().find("TempDir_IsAFreshEmptyDirectoryNamedForItsTest"),
            std::string::npos)
      << dir.path();
  const TempDir other;
  EXPECT_NE(dir.path(), other.path());
}

TEST(TempDir, LabelsAreSafeFileNames) {
  const TempDir dir("a b/c*d");
  EXPECT_NE(dir.path().filename().string().find("spgraph_a_b_c_d_"), std::string::npos)
      << dir.path();
}

TEST(TempDir, IsRemovedWithEverythingInItAtScopeEnd) {
  fs::path kept;
  {
    const TempDir dir;
    kept = dir.path();
    dir.write("a.txt", "one");
    fs::create_directories(dir.path() / "sub" / "deeper");
    dir.write("sub/deeper/b.txt", "two");
    ASSERT_TRUE(fs::exists(kept / "sub" / "deeper" / "b.txt"));
  }
  EXPECT_FALSE(fs::exists(kept));
}

TEST(TempDir, WritesFilesAndListsThemSorted) {
  const TempDir dir;
  const std::string b = dir.write("b.txt", std::string("x\0y\n", 4));
  dir.write("a.txt", "");
  EXPECT_EQ(b, (dir.path() / "b.txt").string());
  EXPECT_EQ(dir.file("c.txt"), (dir.path() / "c.txt").string());
  EXPECT_FALSE(fs::exists(dir.file("c.txt"))) << "file() creates nothing";
  EXPECT_EQ(read_file(b), std::string("x\0y\n", 4));
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"a.txt", "b.txt"}));
}

TEST(TempDir, ReadAndWriteFileKeepEveryByte) {
  const TempDir dir;
  std::string bytes;
  for (int c = 0; c < 256; ++c) bytes.push_back(char(c));
  bytes += "\r\n\r";
  write_file(dir.path() / "all", bytes);
  EXPECT_EQ(read_file(dir.path() / "all"), bytes);
  write_file(dir.path() / "all", "short");
  EXPECT_EQ(read_file(dir.path() / "all"), "short") << "write_file replaces the content";
  EXPECT_EQ(read_file(dir.path() / "missing"), "");
}

TEST(TempFile, PathsShareOneScratchDirectoryPerProcess) {
  const fs::path a = temp_file("a.txt", "alpha\n");
  const fs::path b = temp_file("b.txt");
  EXPECT_EQ(a.parent_path(), b.parent_path());
  EXPECT_EQ(a.parent_path(), process_scratch().path());
  EXPECT_TRUE(fs::is_directory(a.parent_path()));
  EXPECT_EQ(read_file(a), "alpha\n");
  EXPECT_FALSE(fs::exists(b)) << "no content: nothing is written";
  EXPECT_EQ(temp_file("a.txt"), a) << "the same name is the same path";
}

}  // namespace
}  // namespace spgraph::testing
