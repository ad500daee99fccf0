// SPDX-License-Identifier: Apache-2.0
// Semirings: Semiring<AddMonoid, MulOp> over the monoids of monoid.hpp and the operators of
// binary_ops.hpp. Any user struct with the same members works with every kernel; nothing else is
// required. Inputs are converted to the semiring's value_type.
#pragma once

#include <type_traits>

#include "engine/core/binary_ops.hpp"
#include "engine/core/monoid.hpp"

namespace spgraph {

/// A semiring: the monoid `Add` and the multiplicative operator `Mul`, over Add::value_type.
template <class Add, class Mul>
struct Semiring {
  using value_type = typename Add::value_type;
  using add_monoid = Add;
  using mul_op = Mul;
  static constexpr bool has_terminal = Add::has_terminal;
  /// The additive identity, addition, its terminal test, and multiplication (positions are
  /// passed to positional operators only).
  static constexpr value_type identity() { return Add::identity(); }
  static constexpr value_type add(value_type a, value_type b) { return Add::add(a, b); }
  static constexpr bool is_terminal(value_type x) { return Add::is_terminal(x); }
  static constexpr value_type mul(value_type a, value_type b, Vertex i, Vertex k, Vertex j) {
    return call_op<Mul>(a, b, i, k, j);
  }
  /// True when mul ignores both values (PAIR, positional ops): a pattern operand suffices.
  static constexpr bool mul_ignores_values =
      is_positional_op_v<Mul, value_type> || std::is_same_v<Mul, PairOp<value_type>>;
};

// clang-format off
template <class T> using PlusTimes   = Semiring<PlusMonoid<T>, TimesOp<T>>;
template <class T> using MinPlus     = Semiring<MinMonoid<T>,  PlusOp<T>>;
template <class T> using MaxPlus     = Semiring<MaxMonoid<T>,  PlusOp<T>>;
template <class T> using MaxMin      = Semiring<MaxMonoid<T>,  MinOp<T>>;
template <class T> using MinMax      = Semiring<MinMonoid<T>,  MaxOp<T>>;
template <class T> using LorLand     = Semiring<LorMonoid<T>,  LandOp<T>>;
template <class T> using PlusPair    = Semiring<PlusMonoid<T>, PairOp<T>>;
template <class T> using AnyPair     = Semiring<AnyMonoid<T>,  PairOp<T>>;
template <class T> using AnySecondI  = Semiring<AnyMonoid<T>,  SecondIOp<T>>;
template <class T> using MinSecondI  = Semiring<MinMonoid<T>,  SecondIOp<T>>;
template <class T> using MinFirstI   = Semiring<MinMonoid<T>,  FirstIOp<T>>;
template <class T> using PlusFirst   = Semiring<PlusMonoid<T>, FirstOp<T>>;
template <class T> using PlusSecond  = Semiring<PlusMonoid<T>, SecondOp<T>>;
template <class T> using MinFirst    = Semiring<MinMonoid<T>,  FirstOp<T>>;
template <class T> using MinSecond   = Semiring<MinMonoid<T>,  SecondOp<T>>;
template <class T> using MaxFirst    = Semiring<MaxMonoid<T>,  FirstOp<T>>;
template <class T> using MaxSecond   = Semiring<MaxMonoid<T>,  SecondOp<T>>;
template <class T> using AnyFirst    = Semiring<AnyMonoid<T>,  FirstOp<T>>;
template <class T> using AnySecond   = Semiring<AnyMonoid<T>,  SecondOp<T>>;
// clang-format on

}  // namespace spgraph
