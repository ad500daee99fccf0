// SPDX-License-Identifier: Apache-2.0
// Monoids: an associative operator with its identity, and an optional terminal value.
//
// A monoid has `value_type`, `identity()`, `add(a, b)`, and `has_terminal` with
// `is_terminal(x)`: once a reduction reaches a terminal value no later term can change it, so
// kernels may stop early (LOR at true, MIN at -inf, ANY at the first value).
#pragma once

#include <type_traits>

#include "engine/core/binary_ops.hpp"

namespace spgraph {

/// Builds a monoid from an operator, an identity and (optionally) a terminal value.
template <class T, class Op, T (*Identity)(), bool HasTerminal = false, T (*Terminal)() = Identity>
struct Monoid {
  using value_type = T;
  using op = Op;
  static constexpr bool has_terminal = HasTerminal;
  static constexpr bool is_any = false;
  static constexpr T identity() { return Identity(); }
  static constexpr T add(T a, T b) { return Op::apply(a, b); }
  static constexpr bool is_terminal(T x) { return HasTerminal && x == Terminal(); }
};

template <class T>
constexpr T zero_of() {
  return T(0);
}
template <class T>
constexpr T one_of() {
  return T(1);
}

// clang-format off
template <class T> using PlusMonoid  = Monoid<T, PlusOp<T>, zero_of<T>>;
template <class T> using TimesMonoid = Monoid<T, TimesOp<T>, one_of<T>, std::is_integral_v<T>, zero_of<T>>;
template <class T> using MinMonoid   = Monoid<T, MinOp<T>, upper_limit<T>, true, lower_limit<T>>;
template <class T> using MaxMonoid   = Monoid<T, MaxOp<T>, lower_limit<T>, true, upper_limit<T>>;
template <class T> using LorMonoid   = Monoid<T, LorOp<T>, zero_of<T>, true, one_of<T>>;
template <class T> using LandMonoid  = Monoid<T, LandOp<T>, one_of<T>, true, zero_of<T>>;
template <class T> using LxorMonoid  = Monoid<T, LxorOp<T>, zero_of<T>>;
// clang-format on

/// ANY: returns any one of its inputs; every value is terminal, so a reduction stops at the
/// first term. Kernels here keep the first term they meet.
template <class T>
struct AnyMonoid {
  using value_type = T;
  using op = FirstOp<T>;
  static constexpr bool has_terminal = true;
  static constexpr bool is_any = true;
  static constexpr T identity() { return T(0); }
  static constexpr T add(T a, T) { return a; }
  static constexpr bool is_terminal(T) { return true; }
};

}  // namespace spgraph
