// SPDX-License-Identifier: Apache-2.0
// Helpers for the loader tests: tuple extraction from any matrix and a matcher for ParseError
// messages; scratch files come from tests/support/temp_dir.hpp, included here for every loader
// test.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "engine/any_matrix.hpp"
#include "engine/core/error.hpp"
#include "loaders/load.hpp"
#include "tests/support/temp_dir.hpp"

namespace spgraph::testing {

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
