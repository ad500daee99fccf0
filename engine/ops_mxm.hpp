// SPDX-License-Identifier: Apache-2.0
// Matrix-matrix multiply with GraphBLAS C API 2.0 semantics (GrB_mxm), and fused variants that
// reduce the masked product to a vector or a scalar without storing it.
//
// mxm: (1) checks shapes, (2) orients A and B (each may be used transposed, through the
// matrix's cached transpose), (3) computes T = (A ⊕.⊗ B)<mask> with the hash SpGEMM of
// formats/csr/spgemm_hash_cpu.hpp, which applies the mask inside the kernel, and (4) writes T
// into C through engine/ops_write_back.hpp (mask, accumulator, replace). Without an
// accumulator, when C is replaced or empty, T is the answer and is moved in directly.
//
// A product whose every value is 1 (PAIR, or pattern operands under an operator that maps
// (1, 1) to 1, with a monoid that maps (1, 1) to 1: LOR, ANY, MIN, MAX, ...) is returned as a
// pattern: no value array is stored.
//
// With Descriptor::backend = Cuda, step (3) runs the device hash SpGEMM
// (formats/csr/spgemm_hash_cuda.hpp) for the (semiring, type) pairs of spgemm_cuda_has, the
// mask passed as its allowed pattern; other pairs, and the fused reductions, raise
// BackendUnavailable naming the operation. STATUS of the device path: compiled, never run.
#pragma once

#include <type_traits>
#include <vector>

#include "engine/core/descriptor.hpp"
#include "engine/core/semiring.hpp"
#include "engine/mask.hpp"
#include "engine/matrix.hpp"
#include "engine/ops_checks.hpp"
#include "engine/ops_write_back.hpp"
#include "engine/vector.hpp"
#include "formats/csr/spgemm_hash_cpu.hpp"
#include "formats/csr/spgemm_hash_cuda.hpp"

namespace spgraph {

namespace detail {

/// True when every value of A ⊕.⊗ B is 1 (see the file header).
template <class SR>
bool product_is_all_ones(bool a_pattern, bool b_pattern) {
  using V = typename SR::value_type;
  using Mul = typename SR::mul_op;
  if constexpr (is_positional_op_v<Mul, V>) {
    return false;
  } else {
    if (!(SR::add(V(1), V(1)) == V(1))) return false;
    if constexpr (std::is_same_v<Mul, PairOp<V>>) return true;
    return a_pattern && b_pattern && SR::mul(V(1), V(1), 0, 0, 0) == V(1);
  }
}

/// T = (A ⊕.⊗ B)<mask> on a device backend, or BackendUnavailable when the pair has no kernel.
template <class SR, class TA, class TB, class M>
Csr<typename SR::value_type> spgemm_on_device(const Csr<TA>& a, const Csr<TB>& b,
                                              const SpgemmMask<M>& m, bool values,
                                              const Descriptor& d) {
#if SPGRAPH_HAVE_CUDA
  if constexpr (spgemm_cuda_has<SR, TA, TB>) {
    if (m.rows == nullptr) return spgemm_hash_cuda<SR>(a, b, nullptr, false, values);
    const Csr<bool> allowed = spgemm_allowed_pattern(*m.rows, m.structural);
    return spgemm_hash_cuda<SR>(a, b, &allowed, m.complement, values);
  }
#else
  (void)a, (void)b, (void)m, (void)values;
#endif
  no_kernel_on_backend(d.backend,
                       "mxm with this semiring and value type (docs/cuda.md lists "
                       "the device's pairs)");
}

/// Checks the shapes of C<M> = A ⊕.⊗ B (A, B as the descriptor orients them); returns C's.
template <MatrixMaskArg MaskP, class TA, class TB>
std::pair<Vertex, Vertex> mxm_shape(const char* op, MaskP mask, const Matrix<TA>& a,
                                    const Matrix<TB>& b, const Descriptor& d) {
  const auto [ar, ac] = effective_shape(a, d.transpose_a);
  const auto [br, bc] = effective_shape(b, d.transpose_b);
  if (ac != br)
    throw DimensionMismatch(std::string(op) + ": A is " + dims(ar, ac) +
                            (d.transpose_a ? " (transposed)" : "") + " but B is " + dims(br, bc) +
                            (d.transpose_b ? " (transposed)" : ""));
  check_matrix_mask(op, mask, ar, bc);
  return {ar, bc};
}

/// The kernel's view of a mask.
template <class M>
SpgemmMask<M> spgemm_mask_of(const MatrixMask<M>& m) {
  return SpgemmMask<M>{m.rows(), m.structural(), m.complement()};
}

}  // namespace detail

/// C<mask> = accum(C, A ⊕.⊗ B), with A' and/or B' per d.transpose_a / d.transpose_b (GrB_mxm).
template <class TC, MatrixMaskArg MaskP, class Accum, class SR, class TA, class TB>
void mxm(Matrix<TC>& c, MaskP mask, Accum accum, SR, const Matrix<TA>& a, const Matrix<TB>& b,
         const Descriptor& d = {}) {
  require_backend(d.backend);
  using V = typename SR::value_type;
  const auto [r, cols] = detail::mxm_shape("mxm", mask, a, b, d);
  detail::check_output("mxm", c, r, cols);
  const auto m = make_matrix_mask(mask, d);
  const bool ones = detail::product_is_all_ones<SR>(a.is_pattern(), b.is_pattern());
  Csr<V> t = m.allows_none() ? Csr<V>::empty(r, cols, ones)
             : d.backend != Backend::Cpu
                 ? detail::spgemm_on_device<SR>(detail::oriented(a, d.transpose_a),
                                                detail::oriented(b, d.transpose_b),
                                                detail::spgemm_mask_of(m), !ones, d)
                 : spgemm_hash_cpu<SR>(detail::oriented(a, d.transpose_a),
                                       detail::oriented(b, d.transpose_b),
                                       detail::spgemm_mask_of(m), !ones, true, d.mxm_method);
  if constexpr (is_no_accum_v<Accum>) {
    if (d.replace || c.nvals() == 0) {  // T holds exactly the allowed entries: it is the answer
      c.assign_trusted(detail::cast_csr<TC>(std::move(t)));
      return;
    }
  }
  write_back(c, m, accum, d.replace, std::move(t));
}

/// w(i) = ⊕_j C(i,j) under `Monoid` for C = (A ⊕.⊗ B)<mask>, without storing C; rows of C with
/// no entry give no entry of w. Equals GrB_mxm into a temporary followed by GrB_reduce to a
/// vector. The descriptor's mask and transpose fields apply; replace does not.
template <class Monoid, MatrixMaskArg MaskP, class SR, class TA, class TB>
Vector<typename Monoid::value_type> mxm_reduce_rows(Monoid, MaskP mask, SR, const Matrix<TA>& a,
                                                    const Matrix<TB>& b, const Descriptor& d = {}) {
  detail::cpu_only(d, "mxm_reduce_rows");
  using R = typename Monoid::value_type;
  const auto [r, cols] = detail::mxm_shape("mxm_reduce_rows", mask, a, b, d);
  (void)cols;
  const auto m = make_matrix_mask(mask, d);
  std::vector<std::uint8_t> present(r, 0);
  std::vector<R> value(r);
  if (!m.allows_none())
    spgemm_hash_reduce_rows_cpu<Monoid, SR>(
        detail::oriented(a, d.transpose_a), detail::oriented(b, d.transpose_b),
        detail::spgemm_mask_of(m),
        [&](Vertex i, R x) {
          present[i] = 1;
          value[i] = x;
        },
        d.mxm_method);
  std::vector<Vertex> idx;
  std::vector<R> val;
  for (Vertex i = 0; i < r; ++i)
    if (present[i]) {
      idx.push_back(i);
      val.push_back(value[i]);
    }
  Vector<R> w(r);
  w.assign_sparse(std::move(idx), std::move(val));
  w.conform();
  return w;
}

/// ⊕ under `Monoid` of every entry of C = (A ⊕.⊗ B)<mask>, without storing C; the monoid's
/// identity when C is empty (GrB_mxm then GrB_reduce to a scalar, fused; e.g. triangle counts).
template <class Monoid, MatrixMaskArg MaskP, class SR, class TA, class TB>
typename Monoid::value_type mxm_reduce_scalar(Monoid mon, MaskP mask, SR sr, const Matrix<TA>& a,
                                              const Matrix<TB>& b, const Descriptor& d = {}) {
  using R = typename Monoid::value_type;
  R s = Monoid::identity();
  bool any = false;
  mxm_reduce_rows(mon, mask, sr, a, b, d).for_each([&](Vertex, R x) {
    s = any ? Monoid::add(s, x) : x;
    any = true;
  });
  return s;
}

}  // namespace spgraph
