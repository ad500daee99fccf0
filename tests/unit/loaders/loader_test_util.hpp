// Helpers for the loader tests: temporary files, tuple extraction from any matrix, and a
// matcher for ParseError messages.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "engine/any_matrix.hpp"
#include "engine/core/error.hpp"
#include "loaders/load.hpp"

namespace spgraph::testing {

/// A directory under the system temp dir, removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            ("spgraph_loaders_" + std::to_string(::getpid()) + "_" + info->test_suite_name() + "_" +
             info->name());
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  /// A path inside the directory.
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  /// Writes `content` to `name` and returns its path.
  std::string write(const std::string& name, const std::string& content) const {
    std::ofstream out(file(name), std::ios::binary);
    out << content;
    return file(name);
  }

 private:
  std::filesystem::path path_;
};

/// (row, col, value as double) for every stored entry, row-major.
using Tuples = std::vector<std::tuple<Vertex, Vertex, double>>;

/// The stored entries of `m` as tuples (value 1 for patterns).
inline Tuples tuples_of(const AnyMatrix& m) {
  return std::visit(
      [](const auto& x) {
        Tuples t;
        const auto& c = x.csr();
        for (Vertex i = 0; i < c.nrows; ++i)
          for (Offset k = c.row_ptr[i]; k < c.row_ptr[i + 1]; ++k)
            t.emplace_back(i, c.col[k], double(c.value(k)));
        return t;
      },
      m);
}

/// Runs `f`, expecting a ParseError whose message contains `fragment` and whose line is
/// `line` (or any line when `line` < 0); returns the message.
template <class F>
std::string expect_parse_error(F&& f, const std::string& fragment, long long line = -1) {
  try {
    f();
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos)
        << "message: " << e.what() << "\nexpected fragment: " << fragment;
    if (line >= 0) {
      EXPECT_EQ(e.line(), std::uint64_t(line)) << e.what();
    }
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "expected ParseError containing '" << fragment
                  << "', got another exception: " << e.what();
    return {};
  }
  ADD_FAILURE() << "expected ParseError containing '" << fragment << "', but loading succeeded";
  return {};
}

}  // namespace spgraph::testing
