// SPDX-License-Identifier: Apache-2.0
// Dense-vector SpMV on CSR over any semiring: y[r] = ⊕_k A(r,k) ⊗ x[k] for every row, empty rows
// getting the monoid identity. The kernel of iterative methods (PageRank-style power steps), the
// plain-CSR side of the CSR / CSR5 choice (engine/spmv_dense.hpp) and of the Dynamic CSR
// benchmarks (formats/dcsr/dcsr_spmv_cpu.hpp walks rows the same way, segment by segment).
//
// Written to run at the memory-bandwidth limit (CSR5 must beat the best CSR, not a weak one):
//   - nnz-balanced partition: thread t of T takes the rows whose work (entries + rows, so that
//     runs of empty rows count too) falls in [t·W/T, (t+1)·W/T), found by a binary search of
//     row_ptr[r] + r; a power-law row no longer stalls one 64-row chunk, and no work is queued;
//   - 32-bit column indices, and pattern matrices read no value array (A(r,k) = 1);
//   - rows of 16 or more entries fold into four independent accumulators, so a long row is not
//     one chain of dependent adds (floating-point sums may then round differently from a
//     left-to-right fold; integer, boolean, min and max results are identical);
//   - software prefetch of x[col[s + kPrefetch]] for the random gathers;
//   - no allocation per call.
// Multiplies keep the GraphBLAS positions: mul(A(r,k), x[k], r, k, 0). Cost O(rows + entries).
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>

#include "formats/csr/any_fold.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/kernel_tuning.hpp"

namespace spgraph {

namespace detail {

/// Entries ahead of the current one whose x value is prefetched.
inline constexpr Offset kSpmvPrefetch = 32;

/// The first row r with row_ptr[r] + r >= work (the row where a share of work begins).
inline Vertex first_row_with_work(const Offset* rp, Vertex n, Offset work) {
  Vertex lo = 0, hi = n;
  while (lo < hi) {
    const Vertex mid = lo + (hi - lo) / 2;
    if (rp[mid] + mid < work)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/// y[r] for rows [r0, r1): a(s) gives A's value at entry s.
template <class SR, class Value>
void csr_spmv_rows(const Offset* rp, const Vertex* col, Value a, const typename SR::value_type* x,
                   typename SR::value_type* y, Vertex r0, Vertex r1) {
  using V = typename SR::value_type;
  for (Vertex r = r0; r < r1; ++r) {
    Offset s = rp[r];
    const Offset e = rp[r + 1];
    auto term = [&](Offset p) { return SR::mul(a(p), x[col[p]], r, col[p], 0); };
    if (s == e) {
      y[r] = SR::identity();
    } else if constexpr (monoid_is_any<SR>()) {
      y[r] = term(s);  // ANY takes any term; folding from its "identity" would keep the identity
    } else if (e - s >= 16) {
      V acc0 = term(s), acc1 = term(s + 1), acc2 = term(s + 2), acc3 = term(s + 3);
      for (s += 4; s + 4 <= e; s += 4) {
        if (s + kSpmvPrefetch + 4 <= e) __builtin_prefetch(x + col[s + kSpmvPrefetch]);
        acc0 = SR::add(acc0, term(s));
        acc1 = SR::add(acc1, term(s + 1));
        acc2 = SR::add(acc2, term(s + 2));
        acc3 = SR::add(acc3, term(s + 3));
      }
      for (; s < e; ++s) acc0 = SR::add(acc0, term(s));
      y[r] = SR::add(SR::add(acc0, acc1), SR::add(acc2, acc3));
    } else {
      V acc = term(s);
      for (++s; s < e; ++s) acc = SR::add(acc, term(s));
      y[r] = acc;
    }
  }
}

}  // namespace detail

/// y = A ⊕.⊗ x with x dense (ncols entries) into y (nrows entries).
template <class SR, class T>
void csr_spmv_dense(const Csr<T>& a, const typename SR::value_type* x, typename SR::value_type* y) {
  using V = typename SR::value_type;
  const Vertex n = a.nrows;
  const Offset* rp = a.row_ptr.data();
  const Vertex* col = a.col.data();
  const auto* val = a.val.data();
  const bool pattern = a.pattern;
  const Offset work = Offset(n) + a.nnz();
  const int threads = work >= kMinParallelWork ? omp_get_max_threads() : 1;
  auto rows = [&](Vertex r0, Vertex r1) {
    if (pattern)
      detail::csr_spmv_rows<SR>(
          rp, col, [](Offset) { return V(1); }, x, y, r0, r1);
    else
      detail::csr_spmv_rows<SR>(
          rp, col, [val](Offset p) { return static_cast<V>(val[p]); }, x, y, r0, r1);
  };
  if (threads <= 1) return rows(0, n);
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    const Vertex r0 = detail::first_row_with_work(rp, n, work * Offset(t) / Offset(nt));
    const Vertex r1 =
        t + 1 == nt ? n : detail::first_row_with_work(rp, n, work * Offset(t + 1) / Offset(nt));
    rows(r0, r1);
  }
}

}  // namespace spgraph
