// SPDX-License-Identifier: Apache-2.0
// The one list of (semiring, value type) combinations that run-time dispatch (the CLI,
// with_semiring) may instantiate. Each row names a semiring, gives its template, and the value
// types over which GraphBLAS defines it; adding a semiring is adding one row here.
#pragma once

#include <cstdint>
#include <string_view>
#include <tuple>

#include "engine/core/semiring.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// A set of value types, one bit per ValueType.
using TypeSet = std::uint32_t;

/// The TypeSet holding only `t`.
constexpr TypeSet type_bit(ValueType t) {
  return TypeSet(1) << static_cast<unsigned>(t);
}

inline constexpr TypeSet kBoolTypes = type_bit(ValueType::Bool);
inline constexpr TypeSet kIntegerTypes = type_bit(ValueType::Int32) | type_bit(ValueType::Int64);
inline constexpr TypeSet kNumericTypes =
    kIntegerTypes | type_bit(ValueType::Float) | type_bit(ValueType::Double);

/// One dispatchable semiring: its CLI name, its template over the value type, and the types.
template <template <class> class SR>
struct SemiringEntry {
  std::string_view name;
  TypeSet types;
  template <class T>
  using type = SR<T>;
};

/// Every dispatchable semiring. LOR_LAND is defined for bool only, the positional SECONDI
/// semirings for the integer types only (GraphBLAS: GxB_*_SECONDI_INT32/INT64), ANY_PAIR for
/// bool and the numeric types, and the arithmetic ones for the numeric types.
inline constexpr auto kSemiringTable = std::tuple{
    SemiringEntry<PlusTimes>{"plus_times", kNumericTypes},
    SemiringEntry<MinPlus>{"min_plus", kNumericTypes},
    SemiringEntry<MaxPlus>{"max_plus", kNumericTypes},
    SemiringEntry<MaxMin>{"max_min", kNumericTypes},
    SemiringEntry<MinMax>{"min_max", kNumericTypes},
    SemiringEntry<LorLand>{"lor_land", kBoolTypes},
    SemiringEntry<PlusPair>{"plus_pair", kNumericTypes},
    SemiringEntry<AnyPair>{"any_pair", kBoolTypes | kNumericTypes},
    SemiringEntry<AnySecondI>{"any_secondi", kIntegerTypes},
    SemiringEntry<MinSecondI>{"min_secondi", kIntegerTypes},
    SemiringEntry<PlusFirst>{"plus_first", kNumericTypes},
    SemiringEntry<PlusSecond>{"plus_second", kNumericTypes},
    SemiringEntry<MinFirst>{"min_first", kNumericTypes},
    SemiringEntry<MinSecond>{"min_second", kNumericTypes},
    SemiringEntry<MaxFirst>{"max_first", kNumericTypes},
    SemiringEntry<MaxSecond>{"max_second", kNumericTypes},
};

}  // namespace spgraph
