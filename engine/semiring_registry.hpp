// SPDX-License-Identifier: Apache-2.0
// Run-time lookup of semirings by name, for code that learns the semiring from a string (the
// CLI). The names and the (semiring, type) combinations come from engine/instantiate.hpp.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/types.hpp"
#include "engine/instantiate.hpp"

namespace spgraph {

/// The names of every dispatchable semiring, in table order.
inline std::vector<std::string> semiring_names() {
  return std::apply(
      [](const auto&... e) { return std::vector<std::string>{std::string(e.name)...}; },
      kSemiringTable);
}

namespace detail {

inline std::string joined_semiring_names() {
  std::string out;
  for (const std::string& n : semiring_names()) out += (out.empty() ? "" : ", ") + n;
  return out;
}

inline std::string type_set_names(TypeSet s) {
  std::string out;
  for (ValueType t :
       {ValueType::Bool, ValueType::Int32, ValueType::Int64, ValueType::Float, ValueType::Double})
    if (s & type_bit(t)) out += (out.empty() ? "" : ", ") + std::string(value_type_name(t));
  return out;
}

}  // namespace detail

/// Calls f(SR{}) with the semiring named `name` over value type T; throws InvalidArgument for
/// an unknown name or a semiring GraphBLAS does not define over T.
template <class T, class F>
void with_semiring(std::string_view name, F&& f) {
  constexpr ValueType vt = value_type_of<T>();
  bool found = false;
  std::apply(
      [&](const auto&... entry) {
        auto try_one = [&](const auto& e) {
          using Entry = std::decay_t<decltype(e)>;
          if (found || e.name != name) return;
          found = true;
          if constexpr ((std::get<Entry>(kSemiringTable).types & type_bit(vt)) != 0) {
            f(typename Entry::template type<T>{});
          } else {
            throw InvalidArgument("semiring '" + std::string(name) + "' is not defined over " +
                                  std::string(value_type_name(vt)) +
                                  "; it accepts: " + detail::type_set_names(e.types));
          }
        };
        (try_one(entry), ...);
      },
      kSemiringTable);
  if (!found)
    throw InvalidArgument("unknown semiring '" + std::string(name) +
                          "'; valid: " + detail::joined_semiring_names());
}

}  // namespace spgraph
