// SPDX-License-Identifier: Apache-2.0
// Implementation of the value rules (see value_rules.hpp).
#include "loaders/value_rules.hpp"

#include <cstdio>
#include <limits>

namespace spgraph::detail {

std::string show_value(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

namespace {

std::string loss(const std::string& shown, ValueType t) {
  return "value " + shown + " cannot be stored as " + std::string(value_type_name(t)) +
         " without loss";
}

}  // namespace

std::string lossy_problem(double v, ValueType t) {
  switch (t) {
    case ValueType::Pattern:
    case ValueType::Double:
      return {};
    case ValueType::Float:
      return std::abs(v) <= double(std::numeric_limits<float>::max()) && double(float(v)) == v
                 ? std::string()
                 : loss(show_value(v), t);
    case ValueType::Bool:
      return v == 0 || v == 1 ? std::string() : loss(show_value(v), t);
    case ValueType::Int32:
      return v == std::trunc(v) && v >= -2147483648.0 && v <= 2147483647.0 ? std::string()
                                                                           : loss(show_value(v), t);
    case ValueType::Int64:
      // 2^63 itself is out of range; every double below it in magnitude that is integral fits.
      return v == std::trunc(v) && v >= -9223372036854775808.0 && v < 9223372036854775808.0
                 ? std::string()
                 : loss(show_value(v), t);
  }
  return {};
}

std::string lossy_problem(std::int64_t v, ValueType t) {
  switch (t) {
    case ValueType::Pattern:
    case ValueType::Int64:
      return {};
    case ValueType::Int32:
      return v >= INT32_MIN && v <= INT32_MAX ? std::string() : loss(std::to_string(v), t);
    case ValueType::Bool:
      return v == 0 || v == 1 ? std::string() : loss(std::to_string(v), t);
    case ValueType::Float:
      return float(v) < 9223372036854775808.0f && std::int64_t(float(v)) == v
                 ? std::string()
                 : loss(std::to_string(v), t);
    case ValueType::Double:
      return v >= -(std::int64_t(1) << 53) && v <= (std::int64_t(1) << 53)
                 ? std::string()
                 : loss(std::to_string(v), t);
  }
  return {};
}

}  // namespace spgraph::detail
