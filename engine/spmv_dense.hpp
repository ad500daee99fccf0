// SPDX-License-Identifier: Apache-2.0
// Dense-vector SpMV on a Matrix handle: y = op(A) ⊕.⊗ x with every x entry present, y written
// in full (the monoid identity where a row of op(A) has no entry). The kernel of iterative
// traversals (PageRank, Bellman-Ford, label propagation) and of mxv/vxm when u is full.
//
// The format is chosen per call: plain CSR (formats/csr/spmv_dense_cpu.hpp) or the CSR5 view
// (formats/csr5/, Liu & Vinter ICS'15), built lazily and cached with the matrix like the
// transpose; SpmvFormat::Auto applies the measured rule of formats/csr5/csr5_rule.hpp.
// op(A) is A, or A' (the cached transpose) when `transpose` is set.
//
// Also here: SwappedSemiring<SR>, the semiring whose mul takes its operands the other way
// round, so that vxm (mul(u(k), A(k,j), 0, k, j)) can run on the same row kernels as mxv
// (mul(A(r,k), x(k), r, k, 0)). Symmetric multiplies map to themselves and FIRST <-> SECOND,
// so the SIMD kernels still recognise the common semirings.
#pragma once

#include <string>
#include <type_traits>

#include "engine/core/descriptor.hpp"
#include "engine/core/semiring.hpp"
#include "engine/matrix.hpp"
#include "formats/csr/spmv_dense_cpu.hpp"
#include "formats/csr5/csr5_rule.hpp"
#include "formats/csr5/csr5_spmv_cpu.hpp"

namespace spgraph {

namespace detail {

template <class Mul, class V>
inline constexpr bool mul_is_symmetric_v =
    std::is_same_v<Mul, TimesOp<V>> || std::is_same_v<Mul, PlusOp<V>> ||
    std::is_same_v<Mul, MinOp<V>> || std::is_same_v<Mul, MaxOp<V>> ||
    std::is_same_v<Mul, PairOp<V>> || std::is_same_v<Mul, LorOp<V>> ||
    std::is_same_v<Mul, LandOp<V>> || std::is_same_v<Mul, LxorOp<V>> ||
    std::is_same_v<Mul, EqOp<V>> || std::is_same_v<Mul, SecondIOp<V>> ||
    std::is_same_v<Mul, FirstJOp<V>>;

/// Any semiring with its multiply's operands (and positions i, j) exchanged.
template <class SR>
struct SwappedAnySemiring : SR {
  using V = typename SR::value_type;
  static constexpr V mul(V a, V b, Vertex i, Vertex k, Vertex j) { return SR::mul(b, a, j, k, i); }
};

template <class SR>
struct Swapped {
  using type = SwappedAnySemiring<SR>;
};
template <class Add, class Mul>
requires mul_is_symmetric_v<Mul, typename Add::value_type>
struct Swapped<Semiring<Add, Mul>> {
  using type = Semiring<Add, Mul>;
};
template <class Add>
struct Swapped<Semiring<Add, FirstOp<typename Add::value_type>>> {
  using type = Semiring<Add, SecondOp<typename Add::value_type>>;
};
template <class Add>
struct Swapped<Semiring<Add, SecondOp<typename Add::value_type>>> {
  using type = Semiring<Add, FirstOp<typename Add::value_type>>;
};

}  // namespace detail

/// SR with mul(a, b, i, k, j) computed as SR::mul(b, a, j, k, i).
template <class SR>
using SwappedSemiring = typename detail::Swapped<SR>::type;

/// "csr", "csr5" or "auto".
inline const char* spmv_format_name(SpmvFormat f) {
  return f == SpmvFormat::Csr5 ? "csr5" : f == SpmvFormat::Csr ? "csr" : "auto";
}

/// The storage a dense SpMV over op(A) reads, never Auto, and why.
struct SpmvChoice {
  SpmvFormat format = SpmvFormat::Csr;
  std::string reason;
};

/// Resolves `asked` for op(A): Csr and Csr5 as given; Auto by csr5_pays (csr5_rule.hpp) on the
/// rows of op(A) — O(rows), so an iterative caller resolves once and passes the result on.
template <class T>
SpmvChoice choose_spmv_format(const Matrix<T>& a, bool transpose, SpmvFormat asked) {
  if (asked != SpmvFormat::Auto) return {asked, "asked for"};
  const Csr5Verdict v = csr5_pays(transpose ? a.transposed() : a.csr());
  return {v.use_csr5 ? SpmvFormat::Csr5 : SpmvFormat::Csr, v.reason};
}

/// y = op(A) ⊕.⊗ x; x has op(A).ncols entries and y op(A).nrows entries. The CSR5 view is
/// built on the first call that needs it and cached with the matrix.
template <class SR, class T>
void spmv_dense(const Matrix<T>& a, bool transpose, const typename SR::value_type* x,
                typename SR::value_type* y, SpmvFormat format = SpmvFormat::Auto) {
  if (format == SpmvFormat::Auto) format = choose_spmv_format(a, transpose, format).format;
  if (format == SpmvFormat::Csr5)
    csr5_spmv_dense<SR>(a.csr5(transpose), x, y);
  else
    csr_spmv_dense<SR>(transpose ? a.transposed() : a.csr(), x, y);
}

}  // namespace spgraph
