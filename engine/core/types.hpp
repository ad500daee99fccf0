// SPDX-License-Identifier: Apache-2.0
// Index and value types shared by every layer of spgraph.
// Vertex ids are 32-bit and edge offsets 64-bit, so a graph of up to 2^32-1 vertices and any
// number of edges fits, while adjacency arrays stay half the size of 64-bit ids.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>

namespace spgraph {

using Vertex = std::uint32_t;  ///< A vertex (row or column) id.
using Offset = std::uint64_t;  ///< A position in an edge array.

inline constexpr Vertex kNoVertex = std::numeric_limits<Vertex>::max();  ///< "no such vertex".
inline constexpr Vertex kMaxDimension = std::numeric_limits<Vertex>::max() - 1;

/// The value types a matrix or vector may hold; Pattern means structure only, no value array.
enum class ValueType { Pattern, Bool, Int32, Int64, Float, Double };

/// The lower-case name used by the CLI and file headers ("pattern", "int32", ...).
constexpr std::string_view value_type_name(ValueType t) {
  switch (t) {
    case ValueType::Pattern:
      return "pattern";
    case ValueType::Bool:
      return "bool";
    case ValueType::Int32:
      return "int32";
    case ValueType::Int64:
      return "int64";
    case ValueType::Float:
      return "float";
    case ValueType::Double:
      return "double";
  }
  return "unknown";
}

/// The element type of value arrays holding T: bool is stored as one byte, so that threads may
/// write neighbouring entries (std::vector<bool> packs bits into shared words, which races) and
/// kernels can take a pointer to the array.
template <class T>
using stored_value_t = std::conditional_t<std::is_same_v<T, bool>, std::uint8_t, T>;

/// Maps a C++ value type to its ValueType tag.
template <class T>
constexpr ValueType value_type_of() {
  if constexpr (std::is_same_v<T, bool>)
    return ValueType::Bool;
  else if constexpr (std::is_same_v<T, std::int32_t>)
    return ValueType::Int32;
  else if constexpr (std::is_same_v<T, std::int64_t>)
    return ValueType::Int64;
  else if constexpr (std::is_same_v<T, float>)
    return ValueType::Float;
  else if constexpr (std::is_same_v<T, double>)
    return ValueType::Double;
  else
    static_assert(sizeof(T) == 0, "unsupported value type");
}

}  // namespace spgraph
