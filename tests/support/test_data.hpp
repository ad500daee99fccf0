// SPDX-License-Identifier: Apache-2.0
// The data locator: paths to the repository's test inputs (tests/data), its bundled real
// graphs (data/), and the optional shared collection ../shared/data beside the repository.
// Tests that need a shared file take it through SPGRAPH_REQUIRE_SHARED, which skips the test
// with a message naming the file when it is absent (a fresh clone has no ../shared).
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace spgraph::testing {

/// The repository root.
inline std::filesystem::path source_dir() {
  return SPGRAPH_SOURCE_DIR;
}
/// tests/data in the repository.
inline std::filesystem::path test_data(const std::string& rel = "") {
  return source_dir() / "tests" / "data" / rel;
}
/// data/ (bundled real graphs) in the repository.
inline std::filesystem::path bundled_data(const std::string& rel = "") {
  return source_dir() / "data" / rel;
}
/// ../shared/data/rel, or an empty path if it does not exist.
inline std::filesystem::path shared_data(const std::string& rel = "") {
  std::filesystem::path p = std::filesystem::path(SPGRAPH_SHARED_DATA) / rel;
  return std::filesystem::exists(p) ? p : std::filesystem::path();
}

}  // namespace spgraph::testing

/// Skips the current test when the shared file `rel` is missing; otherwise sets `var` to it.
#define SPGRAPH_REQUIRE_SHARED(var, rel)                                  \
  const std::filesystem::path var = ::spgraph::testing::shared_data(rel); \
  if (var.empty()) GTEST_SKIP() << "shared data not present: ../shared/data/" << rel
