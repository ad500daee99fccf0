// SPDX-License-Identifier: Apache-2.0
// The output write-back shared by every operation: C<M, replace> = accum(C, T).
//
// Computes, from the operation's result T, the old output C, the mask M, the accumulator and
// the replace flag, the new C exactly as the GraphBLAS C API 2.0 §3.5.4 ("mask, accumulate,
// replace") states it:
//   1. Z = accum ? union(C, T), with Z(i) = accum(C(i), T(i)) where both are present and the
//      present one elsewhere : T.
//   2. For each position i: if M(i) is true, C(i) = Z(i) (absent where Z is absent); otherwise
//      C(i) = replace ? absent : old C(i).
// Values are cast with static_cast: C and T into the accumulator's operand types, and Z into
// C's type.
//
// Inputs: T, the kernel's result as storage (a SparseVector, or CSR arrays), has C's shape
// (checked by the callers). T is a fresh object, so C may alias an operand of the operation.
// Vectors are merged as sorted index lists in one pass (formats/vec/merge_sorted.hpp); matrices
// row by row in two parallel passes (count, then fill). Cost O(nnz(C) + nnz(T)) plus the mask
// (one byte per vector position, or a merge with each matrix mask row).
#pragma once

#include <omp.h>

#include <cstdint>
#include <type_traits>
#include <vector>

#include "engine/mask.hpp"
#include "engine/matrix.hpp"
#include "engine/vector.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/vec/merge_sorted.hpp"
#include "formats/vec/sparse_vector.hpp"

namespace spgraph {

/// The "no accumulator" marker: the result overwrites the output (GrB_NULL accum).
struct NoAccum {};

/// True when A is the NoAccum marker.
template <class A>
inline constexpr bool is_no_accum_v = std::is_same_v<A, NoAccum>;

/// Parameter and result types of a binary function pointer type.
template <class F>
struct BinaryFnTraits;
template <class R, class A, class B>
struct BinaryFnTraits<R (*)(A, B)> {
  using result = R;
  using first = A;
  using second = B;
};

/// The result type of a binary operator struct with `static R apply(A, B)`.
template <class Op>
using binary_result_t = typename BinaryFnTraits<decltype(&Op::apply)>::result;

/// Applies a binary operator struct, casting each operand to the operator's parameter type.
template <class Op, class X, class Y>
constexpr binary_result_t<Op> apply_binary(X x, Y y) {
  using Tr = BinaryFnTraits<decltype(&Op::apply)>;
  return Op::apply(static_cast<typename Tr::first>(x), static_cast<typename Tr::second>(y));
}

namespace detail {

/// Entries of a vector as sorted index and value lists (copies only a bitmap's entries).
template <class T>
class SortedEntries {
 public:
  explicit SortedEntries(const SparseVector<T>& v)
      : sparse_(v.form() == VectorForm::Sparse), v_(v) {
    if (!sparse_) v.extract_tuples(idx_, val_);
  }
  const std::vector<Vertex>& idx() const { return sparse_ ? v_.indices() : idx_; }
  const std::vector<T>& val() const { return sparse_ ? v_.values() : val_; }

 private:
  bool sparse_;
  const SparseVector<T>& v_;
  std::vector<Vertex> idx_;
  std::vector<T> val_;
};

/// Z(i) from C(i) and T(i) (both present) under the accumulator, cast to C's type.
template <class TC, class Accum, class TT>
TC accumulate(TC c, TT t) {
  return static_cast<TC>(apply_binary<Accum>(c, t));
}

/// Converts T into C's type, keeping T's form.
template <class TC, class TT>
SparseVector<TC> cast_vector(SparseVector<TT>&& t) {
  if constexpr (std::is_same_v<TC, TT>) {
    return std::move(t);
  } else {
    SparseVector<TC> out(t.size());
    if (t.form() == VectorForm::Bitmap) {
      std::vector<TC> dense(t.size());
      for (Vertex i = 0; i < t.size(); ++i) dense[i] = static_cast<TC>(t.dense()[i]);
      out.assign_bitmap(t.present(), std::move(dense), t.nvals());
    } else {
      std::vector<TC> vals(t.values().size());
      for (std::size_t k = 0; k < vals.size(); ++k) vals[k] = static_cast<TC>(t.values()[k]);
      out.assign_sparse(t.indices(), std::move(vals));
    }
    return out;
  }
}

/// Converts CSR arrays into value type TC (a pattern stays a pattern).
template <class TC, class TT>
Csr<TC> cast_csr(Csr<TT>&& t) {
  if constexpr (std::is_same_v<TC, TT>) {
    return std::move(t);
  } else {
    Csr<TC> out;
    out.nrows = t.nrows;
    out.ncols = t.ncols;
    out.pattern = t.pattern;
    out.row_ptr = std::move(t.row_ptr);
    out.col = std::move(t.col);
    out.val.resize(t.val.size());
    for (std::size_t k = 0; k < t.val.size(); ++k) out.val[k] = static_cast<TC>(t.val[k]);
    return out;
  }
}

}  // namespace detail

/// Writes the result `t` into `w` through the mask, accumulator and replace flag (C API §3.5.4).
template <class TW, class Accum, class TT>
void write_back(Vector<TW>& w, const VectorMask& mask, Accum, bool replace, SparseVector<TT>&& t) {
  constexpr bool no_accum = is_no_accum_v<Accum>;
  if (mask.allows_all() && no_accum) {
    w.storage() = detail::cast_vector<TW>(std::move(t));
    return;
  }
  // Phase 1 and 2 fused: walk the union of C's and T's indices, deciding each position once.
  const detail::SortedEntries<TW> c_entries(w.storage());
  const detail::SortedEntries<TT> t_entries(t);
  const auto &ci = c_entries.idx(), &ti = t_entries.idx();
  const auto &cv = c_entries.val(), &tv = t_entries.val();
  std::vector<Vertex> out_idx;
  std::vector<TW> out_val;
  out_idx.reserve(ci.size() + ti.size());
  out_val.reserve(ci.size() + ti.size());
  auto emit = [&](Vertex i, TW x) {
    out_idx.push_back(i);
    out_val.push_back(x);
  };
  merge_sorted(
      ci.data(), ci.size(), ti.data(), ti.size(),
      [&](std::size_t p) {  // C only: Z = C under accum, absent otherwise
        const Vertex i = ci[p];
        if (mask.allows(i)) {
          if constexpr (!no_accum) emit(i, cv[p]);
        } else if (!replace) {
          emit(i, cv[p]);
        }
      },
      [&](std::size_t q) {  // T only: Z = T
        const Vertex i = ti[q];
        if (mask.allows(i)) emit(i, static_cast<TW>(tv[q]));
      },
      [&](std::size_t p, std::size_t q) {  // both: Z = accum(C, T) or T
        const Vertex i = ci[p];
        if (mask.allows(i)) {
          if constexpr (no_accum)
            emit(i, static_cast<TW>(tv[q]));
          else
            emit(i, detail::accumulate<TW, Accum>(cv[p], tv[q]));
        } else if (!replace) {
          emit(i, cv[p]);
        }
      });
  w.storage().assign_sparse(std::move(out_idx), std::move(out_val));
  w.storage().conform();
}

/// Writes the result `t` into `c` through the mask, accumulator and replace flag (C API §3.5.4).
template <class TC, class M, class Accum, class TT>
void write_back(Matrix<TC>& c, const MatrixMask<M>& mask, Accum, bool replace, Csr<TT>&& t) {
  constexpr bool no_accum = is_no_accum_v<Accum>;
  if (mask.allows_all() && no_accum) {
    c.assign_trusted(detail::cast_csr<TC>(std::move(t)));
    return;
  }
  const Csr<TC>& old = c.csr();
  // A pattern T stays a pattern when every surviving entry is known to read as 1.
  const bool pattern = no_accum && t.pattern && (old.pattern || replace || old.nnz() == 0);
  Csr<TC> out = Csr<TC>::empty(t.nrows, t.ncols, pattern);
  std::vector<Offset> count(std::size_t(t.nrows) + 1, 0);
  const bool parallel = t.nrows + t.nnz() + old.nnz() >= kMinParallelWork;

  // Decides row i; calls emit(j, value) for each surviving entry in column order.
  auto merge_row = [&](Vertex i, auto&& emit) {
    auto cursor = mask.row(i);
    const Offset cb = old.row_begin(i), tb = t.row_begin(i);
    merge_sorted(
        old.col.data() + cb, old.degree(i), t.col.data() + tb, t.degree(i),
        [&](std::size_t p) {
          const Vertex j = old.col[cb + p];
          if (cursor.allows(j)) {
            if constexpr (!no_accum) emit(j, old.value(cb + p));
          } else if (!replace) {
            emit(j, old.value(cb + p));
          }
        },
        [&](std::size_t q) {
          const Vertex j = t.col[tb + q];
          if (cursor.allows(j)) emit(j, static_cast<TC>(t.value(tb + q)));
        },
        [&](std::size_t p, std::size_t q) {
          const Vertex j = old.col[cb + p];
          if (cursor.allows(j)) {
            if constexpr (no_accum)
              emit(j, static_cast<TC>(t.value(tb + q)));
            else
              emit(j, detail::accumulate<TC, Accum>(old.value(cb + p), t.value(tb + q)));
          } else if (!replace) {
            emit(j, old.value(cb + p));
          }
        });
  };

  // Pass 1: count each row's surviving entries.
#pragma omp parallel for schedule(dynamic, 256) if (parallel)
  for (std::int64_t i = 0; i < std::int64_t(t.nrows); ++i) {
    Offset n = 0;
    merge_row(Vertex(i), [&](Vertex, TC) { ++n; });
    count[i + 1] = n;
  }
  for (std::size_t i = 0; i < t.nrows; ++i) count[i + 1] += count[i];
  out.col.resize(count.back());
  if (!pattern) out.val.resize(count.back());
    // Pass 2: fill.
#pragma omp parallel for schedule(dynamic, 256) if (parallel)
  for (std::int64_t i = 0; i < std::int64_t(t.nrows); ++i) {
    Offset p = count[i];
    merge_row(Vertex(i), [&](Vertex j, TC x) {
      out.col[p] = j;
      if (!pattern) out.val[p] = x;
      ++p;
    });
  }
  out.row_ptr = std::move(count);
  c.assign_trusted(std::move(out));
}

}  // namespace spgraph
