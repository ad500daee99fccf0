// SPDX-License-Identifier: Apache-2.0
// Scratch space for tests: TempDir, a fresh directory under the system temp dir that is removed
// with everything in it when it goes out of scope; temp_file(), a path in this process's own
// scratch directory (one TempDir, removed when the process exits); and whole-file reads and
// writes. Every test that writes files writes them here, so that nothing outlives its process
// and two test processes never share a path.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

namespace spgraph::testing {

/// The whole content of a file, bytes as they are ("" when it cannot be read).
inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

/// Replaces the file's content with `bytes`.
inline void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

/// A fresh, empty directory (mkdtemp, mode 0700) named `spgraph_LABEL_XXXXXX` under the system
/// temp dir; LABEL is `label` or, by default, the running test's name. The destructor removes
/// it and everything under it, in the process that created it only (a forked child that exits
/// leaves its parent's directory alone).
class TempDir {
 public:
  explicit TempDir(const std::string& label = "") {
    std::string name = label;
    if (name.empty()) {
      const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
      name = info ? std::string(info->test_suite_name()) + "_" + info->name() : "test";
    }
    for (char& c : name)
      if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    name.resize(std::min<std::size_t>(name.size(), 80));  // well inside NAME_MAX
    std::string tmpl = (std::filesystem::temp_directory_path() / ("spgraph_" + name + "_XXXXXX"));
    if (!mkdtemp(tmpl.data()))
      throw std::system_error(errno, std::generic_category(), "mkdtemp " + tmpl);
    path_ = tmpl;
  }
  ~TempDir() {
    if (getpid() != owner_) return;
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  /// The path of `name` inside the directory (nothing is created).
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  /// Writes `content` to `name` (binary, replacing it) and returns its path.
  std::string write(const std::string& name, const std::string& content) const {
    write_file(path_ / name, content);
    return file(name);
  }
  /// The names directly inside the directory, sorted.
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(path_))
      names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }

 private:
  std::filesystem::path path_;
  pid_t owner_ = getpid();
};

/// This process's scratch directory, created on first use and removed at exit.
inline const TempDir& process_scratch() {
  static const TempDir dir("process_" + std::to_string(getpid()));
  return dir;
}

/// `name` in this process's scratch directory; written when `content` is given.
inline std::filesystem::path temp_file(const std::string& name, const std::string& content = "") {
  const std::filesystem::path p = process_scratch().path() / name;
  if (!content.empty()) write_file(p, content);
  return p;
}

}  // namespace spgraph::testing
