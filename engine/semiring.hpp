// Binary operators, monoids and semirings as plain structs.
//
// A binary operator has `static T apply(T a, T b)`; a positional one (FIRSTI, SECONDI, ...) has
// `static T apply(T a, T b, Vertex i, Vertex k, Vertex j)`, where for C(i,j) += A(i,k) * B(k,j)
// `a` = A(i,k) and `b` = B(k,j). For mxv, B is the vector (j = 0); for vxm, A is the vector
// (i = 0). This matches the GraphBLAS C API 2.0 and SuiteSparse's GxB_SECONDI (0-based).
//
// A monoid has `value_type`, `identity()`, `add(a, b)`, and `has_terminal` with
// `is_terminal(x)`: once a reduction reaches a terminal value no later term can change it, so
// kernels may stop early (LOR at true, MIN at -inf, ANY at the first value).
//
// A semiring is Semiring<AddMonoid, MulOp>. Any user struct with the same members works with
// every kernel; nothing else is required. Inputs are converted to the semiring's value_type.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

#include "engine/types.hpp"

namespace spgraph {

// ---- binary operators ------------------------------------------------------------------------
// clang-format off
template <class T> struct PlusOp   { static constexpr T apply(T a, T b) { return a + b; } };
template <class T> struct MinusOp  { static constexpr T apply(T a, T b) { return a - b; } };
template <class T> struct TimesOp  { static constexpr T apply(T a, T b) { return a * b; } };
template <class T> struct MinOp    { static constexpr T apply(T a, T b) { return b < a ? b : a; } };
template <class T> struct MaxOp    { static constexpr T apply(T a, T b) { return a < b ? b : a; } };
template <class T> struct FirstOp  { static constexpr T apply(T a, T) { return a; } };
template <class T> struct SecondOp { static constexpr T apply(T, T b) { return b; } };
template <class T> struct PairOp   { static constexpr T apply(T, T) { return T(1); } };
template <class T> struct LorOp    { static constexpr T apply(T a, T b) { return T((a != T(0)) || (b != T(0))); } };
template <class T> struct LandOp   { static constexpr T apply(T a, T b) { return T((a != T(0)) && (b != T(0))); } };
template <class T> struct LxorOp   { static constexpr T apply(T a, T b) { return T((a != T(0)) != (b != T(0))); } };
template <class T> struct EqOp     { static constexpr T apply(T a, T b) { return T(a == b); } };
/// SECONDI: the row index of the second operand, i.e. k in A(i,k)*B(k,j). Used for BFS parents.
template <class T> struct SecondIOp { static constexpr T apply(T, T, Vertex, Vertex k, Vertex) { return T(k); } };
/// FIRSTI: the row index of the first operand, i.e. i in A(i,k)*B(k,j).
template <class T> struct FirstIOp  { static constexpr T apply(T, T, Vertex i, Vertex, Vertex) { return T(i); } };
/// FIRSTJ: the column index of the first operand, i.e. k.
template <class T> struct FirstJOp  { static constexpr T apply(T, T, Vertex, Vertex k, Vertex) { return T(k); } };
/// SECONDJ: the column index of the second operand, i.e. j.
template <class T> struct SecondJOp { static constexpr T apply(T, T, Vertex, Vertex, Vertex j) { return T(j); } };
// clang-format on

/// Calls a binary operator, passing positions only to operators that take them.
template <class Op, class T>
constexpr T call_op(T a, T b, Vertex i, Vertex k, Vertex j) {
  if constexpr (requires { Op::apply(a, b, i, k, j); }) {
    return Op::apply(a, b, i, k, j);
  } else {
    return Op::apply(a, b);
  }
}

/// True for operators whose result depends on positions rather than values.
template <class Op, class T>
inline constexpr bool is_positional_op_v = requires(T a, Vertex i) {
  Op::apply(a, a, i, i, i);
};

// ---- limits that respect floating-point infinities ------------------------------------------
template <class T>
constexpr T upper_limit() {
  if constexpr (std::numeric_limits<T>::has_infinity)
    return std::numeric_limits<T>::infinity();
  else
    return std::numeric_limits<T>::max();
}
template <class T>
constexpr T lower_limit() {
  if constexpr (std::numeric_limits<T>::has_infinity)
    return -std::numeric_limits<T>::infinity();
  else
    return std::numeric_limits<T>::lowest();
}

// ---- monoids ---------------------------------------------------------------------------------
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

// ---- semirings -------------------------------------------------------------------------------
/// A semiring: the monoid `Add` and the multiplicative operator `Mul`, over Add::value_type.
template <class Add, class Mul>
struct Semiring {
  using value_type = typename Add::value_type;
  using add_monoid = Add;
  using mul_op = Mul;
  static constexpr bool has_terminal = Add::has_terminal;
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
