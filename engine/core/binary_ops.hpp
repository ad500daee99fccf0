// SPDX-License-Identifier: Apache-2.0
// Binary operators as plain structs (the GraphBLAS C API 2.0 GrB_BinaryOp set, plus the
// positional operators of SuiteSparse's GxB_FIRSTI family).
//
// A binary operator has `static T apply(T a, T b)`; a positional one (FIRSTI, SECONDI, ...) has
// `static T apply(T a, T b, Vertex i, Vertex k, Vertex j)`, where for C(i,j) += A(i,k) * B(k,j)
// `a` = A(i,k) and `b` = B(k,j). For mxv, B is the vector (j = 0); for vxm, A is the vector
// (i = 0). This matches the GraphBLAS C API 2.0 and SuiteSparse's GxB_SECONDI (0-based).
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

#include "engine/core/types.hpp"

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
/// +infinity for floating-point T, else the largest value (the MIN monoid's identity).
template <class T>
constexpr T upper_limit() {
  if constexpr (std::numeric_limits<T>::has_infinity)
    return std::numeric_limits<T>::infinity();
  else
    return std::numeric_limits<T>::max();
}
/// -infinity for floating-point T, else the lowest value (the MAX monoid's identity).
template <class T>
constexpr T lower_limit() {
  if constexpr (std::numeric_limits<T>::has_infinity)
    return -std::numeric_limits<T>::infinity();
  else
    return std::numeric_limits<T>::lowest();
}

}  // namespace spgraph
