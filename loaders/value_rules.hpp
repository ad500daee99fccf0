// SPDX-License-Identifier: Apache-2.0
// The rules every reader applies to the values it reads, in one place (docs/cli.md states them):
//   - NaN is refused in every format (Matrix Market, edge lists, METIS, binary, update
//     streams): it compares unequal to itself, so no semiring answer built on it means
//     anything; +-inf are values like any other (LAGraph's own Matrix Market files hold them,
//     and min-plus uses inf for "no path"), accepted everywhere;
//   - with LoadOptions::exact_type, a value must convert to that type without loss: integer
//     types take integral values in their range, bool takes 0 and 1, float takes values that
//     survive the round trip, double takes integers up to 2^53 exactly.
// Each function is O(1) and returns an empty string when the value passes, else the reason.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>

#include "engine/core/types.hpp"

namespace spgraph::detail {

/// A value as a short decimal for messages ("1.5", "1e+300").
std::string show_value(double v);

/// Empty unless `v` is NaN; then "is NaN: values must be numbers (inf and -inf are allowed)".
inline std::string nan_problem(double v) {
  if (std::isnan(v)) return "is NaN: values must be numbers (inf and -inf are allowed)";
  return {};
}

/// Empty when `v` converts to `t` without loss (Pattern: anything), else the reason.
std::string lossy_problem(double v, ValueType t);
/// The same for an integer value.
std::string lossy_problem(std::int64_t v, ValueType t);

}  // namespace spgraph::detail
