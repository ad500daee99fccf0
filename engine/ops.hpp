// SPDX-License-Identifier: Apache-2.0
// The operations front end: mxv, vxm, ewise_add, ewise_mult, apply, select, reduce, transpose
// (and, through engine/ops_mxm.hpp, mxm), with GraphBLAS C API 2.0 semantics and argument order.
//
// Every operation (1) checks shapes and throws DimensionMismatch naming them, (2) picks the
// operand orientation (the matrix or its cached transpose) and the kernel, (3) computes the
// result T into a fresh object (so the output may alias an input), and (4) hands T to the one
// write-back of engine/ops_write_back.hpp, which applies mask, accumulator and replace.
//
// Masks are passed as pointers (nullptr for none) to a Vector or Matrix of any value type; the
// accumulator is a binary-operator struct instance or NoAccum{}; the descriptor chooses a
// structural or valued mask, its complement, replace, and input transposes.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/backend.hpp"
#include "engine/core/descriptor.hpp"
#include "engine/core/error.hpp"
#include "engine/core/semiring.hpp"
#include "engine/mask.hpp"
#include "engine/matrix.hpp"
#include "engine/ops_checks.hpp"
#include "engine/ops_mxm.hpp"
#include "engine/ops_write_back.hpp"
#include "engine/spmv_dense.hpp"
#include "engine/spmv_dense_cuda.hpp"
#include "engine/vector.hpp"
#include "formats/csr/ewise_cpu.hpp"
#include "formats/csr/reduce_cpu.hpp"
#include "formats/csr/select_cpu.hpp"
#include "formats/csr/spmspv_cpu.hpp"
#include "formats/csr/spmv_cpu.hpp"
#include "formats/vec/ewise_vector_cpu.hpp"
#include "formats/vec/sparse_vector.hpp"

namespace spgraph {

/// Which mxv/vxm kernel to run: by the density of u (Auto), row-wise SpMV, or scatter SpMSpV.
enum class SpmvMethod { Auto, Pull, Push };

// ---- predefined index-unary predicates for select: pred(value, i, j, thunk) ----------------
/// Keeps A(i,j) with j <= i + thunk (GrB_TRIL).
struct Tril {
  template <class X, class S>
  bool operator()(X, Vertex i, Vertex j, S k) const {
    return std::int64_t(j) <= std::int64_t(i) + static_cast<std::int64_t>(k);
  }
};
/// Keeps A(i,j) with j >= i + thunk (GrB_TRIU).
struct Triu {
  template <class X, class S>
  bool operator()(X, Vertex i, Vertex j, S k) const {
    return std::int64_t(j) >= std::int64_t(i) + static_cast<std::int64_t>(k);
  }
};
/// Keeps A(i,j) with j == i + thunk (GrB_DIAG).
struct Diag {
  template <class X, class S>
  bool operator()(X, Vertex i, Vertex j, S k) const {
    return std::int64_t(j) == std::int64_t(i) + static_cast<std::int64_t>(k);
  }
};
/// Keeps A(i,j) with j != i + thunk (GrB_OFFDIAG).
struct Offdiag {
  template <class X, class S>
  bool operator()(X, Vertex i, Vertex j, S k) const {
    return std::int64_t(j) != std::int64_t(i) + static_cast<std::int64_t>(k);
  }
};
/// Keeps entries whose value compares to the thunk (cast to the value type) as Cmp says.
template <class Cmp>
struct ValuePredicate {
  template <class X, class S>
  bool operator()(X x, Vertex, Vertex, S k) const {
    return Cmp{}(x, static_cast<X>(k));
  }
};
using ValueEq = ValuePredicate<std::equal_to<>>;       ///< GrB_VALUEEQ
using ValueNe = ValuePredicate<std::not_equal_to<>>;   ///< GrB_VALUENE
using ValueGt = ValuePredicate<std::greater<>>;        ///< GrB_VALUEGT
using ValueGe = ValuePredicate<std::greater_equal<>>;  ///< GrB_VALUEGE
using ValueLt = ValuePredicate<std::less<>>;           ///< GrB_VALUELT
using ValueLe = ValuePredicate<std::less_equal<>>;     ///< GrB_VALUELE

namespace detail {

/// t = op(A) ⊕.⊗ u for a u with every entry present: the dense SpMV (CSR or CSR5 by `format`),
/// then the rows of op(A) with at least one entry marked present (each has a term, since u is
/// full; an empty row has none and gets no entry, as GraphBLAS leaves it).
template <bool VectorFirst, class SR, class TA, class TU>
SparseVector<typename SR::value_type> dense_product(const Matrix<TA>& a, bool pull_uses_transpose,
                                                    const Vector<TU>& u, SpmvFormat format,
                                                    Backend backend = Backend::Cpu) {
  using V = typename SR::value_type;
  using RowSR = std::conditional_t<VectorFirst, SwappedSemiring<SR>, SR>;
  std::vector<V> x_copy;
  const V* x = nullptr;
  if constexpr (std::is_same_v<TU, V> && !std::is_same_v<V, bool>) {
    if (u.form() == VectorForm::Bitmap) x = u.storage().dense().data();
  }
  if (x == nullptr) {
    x_copy.resize(u.size());
    u.for_each([&](Vertex i, TU v) { x_copy[i] = static_cast<V>(v); });
    x = x_copy.data();
  }
  const Csr<TA>& s = oriented(a, pull_uses_transpose);
  std::vector<V> y(s.nrows);
  if (backend == Backend::Cpu) {
    spmv_dense<RowSR>(a, pull_uses_transpose, x, y.data(), format);
  } else {
    spmv_dense_cuda<RowSR>(a, pull_uses_transpose, x, y.data(), format);
  }
  std::vector<std::uint8_t> present(s.nrows);
  Offset count = 0;
  const Offset* rp = s.row_ptr.data();
#pragma omp parallel for reduction(+ : count) if (s.nrows >= kMinParallelWork)
  for (std::int64_t r = 0; r < std::int64_t(s.nrows); ++r) {
    present[r] = rp[r + 1] > rp[r];
    count += present[r];
  }
  SparseVector<V> t(s.nrows);
  t.assign_bitmap(std::move(present), std::move(y), count);
  return t;
}

/// Shared body of mxv (VectorFirst = false) and vxm (VectorFirst = true); shapes are valid.
/// `pull_uses_transpose` says whether the rows indexed by outputs (read by the pull kernel) are
/// those of A' (and the push kernel then scatters rows of A) or of A (and push reads A').
template <bool VectorFirst, class SR, class TW, class Accum, class TA, class TU>
void multiply_vector(Vector<TW>& w, const VectorMask& mask, Accum accum, const Matrix<TA>& a,
                     bool pull_uses_transpose, const Vector<TU>& u, const Descriptor& d,
                     SpmvMethod method) {
  using V = typename SR::value_type;
  const Vertex n = w.size();
  SparseVector<V> t(n);
  bool done = false;
  if (d.backend != Backend::Cpu) {
    // Only the dense-vector SpMV has a CUDA kernel (engine/backend.hpp).
    require_backend(d.backend);
    using RowSR = std::conditional_t<VectorFirst, SwappedSemiring<SR>, SR>;
    if constexpr (device_spmv_has<RowSR, TA>) {
      if (mask.allows_all() && u.size() > 0 && u.nvals() == Offset(u.size())) {
        t = dense_product<VectorFirst, SR>(a, pull_uses_transpose, u, d.spmv_format, d.backend);
        write_back(w, mask, accum, d.replace, std::move(t));
        return;
      }
    }
    no_kernel_on_backend(d.backend, std::string(VectorFirst ? "vxm" : "mxv") +
                                        " (this semiring and type, a mask, or a sparse vector)");
  }
  // A full u without a mask is a dense SpMV (CSR or CSR5). std::vector<bool> has no data(), so
  // boolean semirings keep the bitmap pull kernel below.
  if constexpr (!std::is_same_v<V, bool>) {
    if (mask.allows_all() && method != SpmvMethod::Push && u.size() > 0 &&
        u.nvals() == Offset(u.size())) {
      t = dense_product<VectorFirst, SR>(a, pull_uses_transpose, u, d.spmv_format);
      done = true;
    }
  }
  if (!done && !mask.allows_none() && u.nvals() > 0) {
    if (method == SpmvMethod::Auto)
      method = u.nvals() > Offset(u.size()) / 16 ? SpmvMethod::Pull : SpmvMethod::Push;
    auto allow = [&mask](Vertex r) { return mask.allows(r); };
    if (method == SpmvMethod::Pull) {
      const Csr<TA>& s = oriented(a, pull_uses_transpose);
      if (u.form() == VectorForm::Bitmap) {
        t = spmv_pull_cpu<SR, VectorFirst>(s, u.present(), u.dense(), allow);
      } else {
        SparseVector<TU> ub = u.storage();
        ub.to_bitmap();
        t = spmv_pull_cpu<SR, VectorFirst>(s, ub.present(), ub.dense(), allow);
      }
    } else {
      const Csr<TA>& p = oriented(a, !pull_uses_transpose);
      if (u.form() == VectorForm::Sparse) {
        t = spmspv_push_cpu<SR, VectorFirst>(p, u.indices(), u.values(), allow);
      } else {
        std::vector<Vertex> idx;
        std::vector<TU> val;
        u.extract_tuples(idx, val);
        t = spmspv_push_cpu<SR, VectorFirst>(p, idx, val, allow);
      }
    }
  }
  write_back(w, mask, accum, d.replace, std::move(t));
}

}  // namespace detail

/// w<mask> = accum(w, A ⊕.⊗ u), or A' ⊕.⊗ u with d.transpose_a (GrB_mxv).
template <class TW, VectorMaskArg MaskP, class Accum, class SR, class TA, class TU>
void mxv(Vector<TW>& w, MaskP mask, Accum accum, SR, const Matrix<TA>& a, const Vector<TU>& u,
         const Descriptor& d = {}, SpmvMethod method = SpmvMethod::Auto) {
  const auto [rows, cols] = detail::effective_shape(a, d.transpose_a);
  if (u.size() != cols || w.size() != rows)
    throw DimensionMismatch("mxv: A is " + detail::dims(rows, cols) +
                            (d.transpose_a ? " (transposed)" : "") + ", u has size " +
                            std::to_string(u.size()) + ", w has size " + std::to_string(w.size()));
  detail::check_vector_mask("mxv", mask, w.size());
  const VectorMask m = make_vector_mask(mask, d);
  detail::multiply_vector<false, SR>(w, m, accum, a, d.transpose_a, u, d, method);
}

/// w'<mask> = accum(w', u' ⊕.⊗ A), or u' ⊕.⊗ A' with d.transpose_b, since A is the second
/// input of GrB_vxm (GrB_INP1).
template <class TW, VectorMaskArg MaskP, class Accum, class SR, class TU, class TA>
void vxm(Vector<TW>& w, MaskP mask, Accum accum, SR, const Vector<TU>& u, const Matrix<TA>& a,
         const Descriptor& d = {}, SpmvMethod method = SpmvMethod::Auto) {
  const auto [rows, cols] = detail::effective_shape(a, d.transpose_b);
  if (u.size() != rows || w.size() != cols)
    throw DimensionMismatch("vxm: A is " + detail::dims(rows, cols) +
                            (d.transpose_b ? " (transposed)" : "") + ", u has size " +
                            std::to_string(u.size()) + ", w has size " + std::to_string(w.size()));
  detail::check_vector_mask("vxm", mask, w.size());
  const VectorMask m = make_vector_mask(mask, d);
  detail::multiply_vector<true, SR>(w, m, accum, a, !d.transpose_b, u, d, method);
}

namespace detail {

template <bool Union, class TW, VectorMaskArg MaskP, class Accum, class Op, class TU, class TV>
void ewise_vector(const char* name, Vector<TW>& w, MaskP mask, Accum accum, const Vector<TU>& u,
                  const Vector<TV>& v, const Descriptor& d) {
  cpu_only(d, name);
  if (u.size() != v.size() || w.size() != u.size())
    throw DimensionMismatch(std::string(name) + ": u has size " + std::to_string(u.size()) +
                            ", v has size " + std::to_string(v.size()) + ", w has size " +
                            std::to_string(w.size()));
  check_vector_mask(name, mask, w.size());
  using Z = binary_result_t<Op>;
  const VectorMask m = make_vector_mask(mask, d);
  auto op = [](auto x, auto y) { return apply_binary<Op>(x, y); };
  write_back(w, m, accum, d.replace, ewise_vector_cpu<Z, Union>(u.storage(), v.storage(), op));
}

template <bool Union, class TC, MatrixMaskArg MaskP, class Accum, class Op, class TA, class TB>
void ewise_matrix(const char* name, Matrix<TC>& c, MaskP mask, Accum accum, const Matrix<TA>& a,
                  const Matrix<TB>& b, const Descriptor& d) {
  cpu_only(d, name);
  const auto [ar, ac] = effective_shape(a, d.transpose_a);
  const auto [br, bc] = effective_shape(b, d.transpose_b);
  if (ar != br || ac != bc)
    throw DimensionMismatch(std::string(name) + ": A is " + dims(ar, ac) + " but B is " +
                            dims(br, bc));
  check_output(name, c, ar, ac);
  check_matrix_mask(name, mask, ar, ac);
  using Z = binary_result_t<Op>;
  const auto m = make_matrix_mask(mask, d);
  auto op = [](auto x, auto y) { return apply_binary<Op>(x, y); };
  write_back(c, m, accum, d.replace,
             ewise_csr_cpu<Z, Union>(oriented(a, d.transpose_a), oriented(b, d.transpose_b), op));
}

}  // namespace detail

/// w<mask> = accum(w, u ∪op v): the union of the patterns, op where both are present
/// (GrB_eWiseAdd).
template <class TW, VectorMaskArg MaskP, class Accum, class Op, class TU, class TV>
void ewise_add(Vector<TW>& w, MaskP mask, Accum accum, Op, const Vector<TU>& u, const Vector<TV>& v,
               const Descriptor& d = {}) {
  detail::ewise_vector<true, TW, MaskP, Accum, Op>("ewise_add", w, mask, accum, u, v, d);
}

/// w<mask> = accum(w, u ∩op v): the intersection of the patterns (GrB_eWiseMult).
template <class TW, VectorMaskArg MaskP, class Accum, class Op, class TU, class TV>
void ewise_mult(Vector<TW>& w, MaskP mask, Accum accum, Op, const Vector<TU>& u,
                const Vector<TV>& v, const Descriptor& d = {}) {
  detail::ewise_vector<false, TW, MaskP, Accum, Op>("ewise_mult", w, mask, accum, u, v, d);
}

/// C<mask> = accum(C, A ∪op B), with optional input transposes (GrB_eWiseAdd).
template <class TC, MatrixMaskArg MaskP, class Accum, class Op, class TA, class TB>
void ewise_add(Matrix<TC>& c, MaskP mask, Accum accum, Op, const Matrix<TA>& a, const Matrix<TB>& b,
               const Descriptor& d = {}) {
  detail::ewise_matrix<true, TC, MaskP, Accum, Op>("ewise_add", c, mask, accum, a, b, d);
}

/// C<mask> = accum(C, A ∩op B), with optional input transposes (GrB_eWiseMult).
template <class TC, MatrixMaskArg MaskP, class Accum, class Op, class TA, class TB>
void ewise_mult(Matrix<TC>& c, MaskP mask, Accum accum, Op, const Matrix<TA>& a,
                const Matrix<TB>& b, const Descriptor& d = {}) {
  detail::ewise_matrix<false, TC, MaskP, Accum, Op>("ewise_mult", c, mask, accum, a, b, d);
}

/// w<mask> = accum(w, f(u)) on u's pattern (GrB_apply with a unary operator).
template <class TW, VectorMaskArg MaskP, class Accum, class F, class TU>
void apply(Vector<TW>& w, MaskP mask, Accum accum, F f, const Vector<TU>& u,
           const Descriptor& d = {}) {
  detail::cpu_only(d, "apply");
  if (w.size() != u.size())
    throw DimensionMismatch("apply: u has size " + std::to_string(u.size()) + ", w has size " +
                            std::to_string(w.size()));
  detail::check_vector_mask("apply", mask, w.size());
  using R = std::decay_t<std::invoke_result_t<F&, TU>>;
  std::vector<Vertex> idx;
  std::vector<TU> val;
  u.extract_tuples(idx, val);
  std::vector<R> out(val.size());
  for (std::size_t k = 0; k < val.size(); ++k) out[k] = f(val[k]);
  SparseVector<R> t(u.size());
  t.assign_sparse(std::move(idx), std::move(out));
  const VectorMask m = make_vector_mask(mask, d);
  write_back(w, m, accum, d.replace, std::move(t));
}

/// C<mask> = accum(C, f(A)) on A's pattern, A' with d.transpose_a (GrB_apply).
template <class TC, MatrixMaskArg MaskP, class Accum, class F, class TA>
void apply(Matrix<TC>& c, MaskP mask, Accum accum, F f, const Matrix<TA>& a,
           const Descriptor& d = {}) {
  detail::cpu_only(d, "apply");
  const auto [r, cols] = detail::effective_shape(a, d.transpose_a);
  detail::check_output("apply", c, r, cols);
  detail::check_matrix_mask("apply", mask, r, cols);
  using R = std::decay_t<std::invoke_result_t<F&, TA>>;
  const auto m = make_matrix_mask(mask, d);
  write_back(c, m, accum, d.replace, apply_csr_cpu<R>(detail::oriented(a, d.transpose_a), f));
}

/// w<mask> = accum(w, u(i) where pred(u(i), i, 0, thunk)) (GrB_select).
template <class TW, VectorMaskArg MaskP, class Accum, class Pred, class TU, class S>
void select(Vector<TW>& w, MaskP mask, Accum accum, Pred pred, const Vector<TU>& u, S thunk,
            const Descriptor& d = {}) {
  detail::cpu_only(d, "select");
  if (w.size() != u.size())
    throw DimensionMismatch("select: u has size " + std::to_string(u.size()) + ", w has size " +
                            std::to_string(w.size()));
  detail::check_vector_mask("select", mask, w.size());
  std::vector<Vertex> idx;
  std::vector<TU> val;
  u.for_each([&](Vertex i, TU x) {
    if (pred(x, i, Vertex(0), thunk)) {
      idx.push_back(i);
      val.push_back(x);
    }
  });
  SparseVector<TU> t(u.size());
  t.assign_sparse(std::move(idx), std::move(val));
  const VectorMask m = make_vector_mask(mask, d);
  write_back(w, m, accum, d.replace, std::move(t));
}

/// C<mask> = accum(C, A(i,j) where pred(A(i,j), i, j, thunk)), A' with d.transpose_a
/// (GrB_select with tril, triu, diag, offdiag, value comparisons or a user predicate).
template <class TC, MatrixMaskArg MaskP, class Accum, class Pred, class TA, class S>
void select(Matrix<TC>& c, MaskP mask, Accum accum, Pred pred, const Matrix<TA>& a, S thunk,
            const Descriptor& d = {}) {
  detail::cpu_only(d, "select");
  const auto [r, cols] = detail::effective_shape(a, d.transpose_a);
  detail::check_output("select", c, r, cols);
  detail::check_matrix_mask("select", mask, r, cols);
  const auto m = make_matrix_mask(mask, d);
  write_back(c, m, accum, d.replace,
             select_csr_cpu(detail::oriented(a, d.transpose_a), pred, thunk));
}

/// w<mask> = accum(w, ⊕_j A(i,j)) per row, per column with d.transpose_a; empty rows give no
/// entry (GrB_reduce to a vector).
template <class TW, VectorMaskArg MaskP, class Accum, class Monoid, class TA>
void reduce(Vector<TW>& w, MaskP mask, Accum accum, Monoid, const Matrix<TA>& a,
            const Descriptor& d = {}) {
  detail::cpu_only(d, "reduce");
  const auto [r, cols] = detail::effective_shape(a, d.transpose_a);
  if (w.size() != r)
    throw DimensionMismatch("reduce: A is " + detail::dims(r, cols) +
                            (d.transpose_a ? " (transposed)" : "") + " but w has size " +
                            std::to_string(w.size()));
  detail::check_vector_mask("reduce", mask, w.size());
  const VectorMask m = make_vector_mask(mask, d);
  SparseVector<typename Monoid::value_type> t =
      reduce_rows_cpu<Monoid>(detail::oriented(a, d.transpose_a));
  t.conform();
  write_back(w, m, accum, d.replace, std::move(t));
}

/// ⊕ over every entry of A; the monoid's identity when A is empty (GrB_Matrix_reduce).
template <class Monoid, class TA>
typename Monoid::value_type reduce_scalar(const Matrix<TA>& a, Monoid = {}) {
  return reduce_all_cpu<Monoid>(a.csr());
}

/// ⊕ over every entry of u; the monoid's identity when u is empty (GrB_Vector_reduce).
template <class Monoid, class TU>
typename Monoid::value_type reduce_scalar(const Vector<TU>& u, Monoid = {}) {
  using V = typename Monoid::value_type;
  V s = Monoid::identity();
  bool any = false;
  u.for_each([&](Vertex, TU x) {
    if (any && Monoid::has_terminal && Monoid::is_terminal(s)) return;
    s = any ? Monoid::add(s, static_cast<V>(x)) : static_cast<V>(x);
    any = true;
  });
  return s;
}

/// C<mask> = accum(C, A'), or accum(C, A) with d.transpose_a (GrB_transpose).
template <class TC, MatrixMaskArg MaskP, class Accum, class TA>
void transpose(Matrix<TC>& c, MaskP mask, Accum accum, const Matrix<TA>& a,
               const Descriptor& d = {}) {
  detail::cpu_only(d, "transpose");
  const auto [r, cols] = detail::effective_shape(a, !d.transpose_a);
  detail::check_output("transpose", c, r, cols);
  detail::check_matrix_mask("transpose", mask, r, cols);
  const auto m = make_matrix_mask(mask, d);
  Csr<TA> t = detail::oriented(a, !d.transpose_a);
  write_back(c, m, accum, d.replace, std::move(t));
}

}  // namespace spgraph
