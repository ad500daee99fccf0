// SPDX-License-Identifier: Apache-2.0
// ELL sparse matrix times dense vector over any semiring, on the CPU.
//
// Computes y(r) = ⊕_k A(r,k) ⊗ x(k) for every row r, with mul(A(r,k), x(k), r, k, 0) (the
// GraphBLAS mxv operand order and positions, as in formats/csr/spmv_cpu.hpp). A row with no
// entries gets SR::identity(). y is overwritten (the chapter's parallel kernels, Figs 10.7 and
// 10.10, write y[row] = dot).
//
// Inputs: A in ELL with packed rows (validate_ell); x has A.ncols values, y has A.nrows. Padding
// slots (column kNoVertex) are skipped, never multiplied: padding with 0 and relying on
// 0 ⊗ x = 0 would give 0 instead of +inf in min-plus, and NaN for x = inf in plus-times.
//
// Loop order. The chapter's GPU kernel (Fig. 10.10) gives one thread per row and walks the row
// across the slot-columns, which on a GPU makes neighbouring threads read neighbouring
// addresses. On a CPU one thread walking one row reads one element per slot-column, a stride
// of nrows, so 2 × width interleaved streams (col and val) that the prefetcher cannot all
// follow once the width grows. Here the rows are cut into chunks of kEllRowChunk rows and,
// within a chunk, the loop is slot-column outer, row inner: every read of col, val and the
// chunk's accumulators is unit-stride, the x gathers of a slot-column are independent, and all
// chunks cost the same (the regularity ELL is built for), so they are split statically. This
// is the chapter's column-major traversal blocked for the cache, as in SELL-C (Kreutzer et
// al., "A unified sparse matrix data format for efficient general sparse matrix-vector
// multiplication on modern processors with wide SIMD units", SIAM J. Sci. Comput. 2014).
// The chunked loop wins on full rows, ELL's intended regime, and loses on rows of very uneven
// length, where it tests each slot for padding (an unpredictable branch) while row-outer breaks
// once per row; matrices that irregular belong in HYB or CSR. Measured in bench/RESULTS.md
// ("ELL SpMV: slot-column chunks against row-outer").
//
// Phases, per chunk (chunks in parallel): 1. slot-column 0 sets each accumulator to the first
// product, or to the identity when the row is empty; 2. slot-columns 1..width-1 fold their
// products in, stopping at the first slot-column that is padding for every row of the chunk
// (rows are packed, so no later slot-column has entries); 3. write the chunk's accumulators to
// y. Folding starts from the first product rather than from the identity, so that the ANY
// monoid (whose add keeps its left operand) returns a stored term. Workspace: one chunk of
// accumulators on the stack. Cost O(nrows × width) slots read, less where chunks stop early.
//
// Source: Kirk & Hwu, "Programming Massively Parallel Processors", ch. 10 §10.3 (Fig. 10.10);
// sentinel padding as in the ELL SpMV of the CUSP library (padding slots hold an invalid column
// index and are skipped), the library King et al. (2016, §IV) benchmark.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>

#include "engine/core/types.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/ell/ell.hpp"

namespace spgraph {

namespace detail {

/// y(r) = ⊕ over the stored entries of rows [lo, hi) of `a`, with Pattern = a.pattern.
template <class SR, bool Pattern, class T>
void ell_spmv_rows(const Ell<T>& a, const typename SR::value_type* x, typename SR::value_type* y,
                   Vertex lo, Vertex hi) {
  using V = typename SR::value_type;
  const Vertex* col = a.col.data();
  const stored_value_t<T>* val = a.val.data();
  auto entry = [&](std::size_t s, Vertex r, Vertex k) {
    const V av = Pattern ? V(1) : static_cast<V>(static_cast<T>(val[s]));
    return SR::mul(av, x[k], r, k, 0);
  };
  V acc[kEllRowChunk];
  for (Vertex c0 = lo; c0 < hi; c0 += std::min<Vertex>(kEllRowChunk, hi - c0)) {
    const Vertex len = std::min<Vertex>(kEllRowChunk, hi - c0);
    // Phase 1: slot-column 0.
    bool any = false;
    for (Vertex j = 0; j < len; ++j) {
      const Vertex r = c0 + j;
      const Vertex k = a.width > 0 ? col[r] : kNoVertex;
      if (k != kNoVertex) {
        acc[j] = entry(r, r, k);
        any = true;
      } else {
        acc[j] = SR::identity();
      }
    }
    // Phase 2: the remaining slot-columns, while any row of the chunk reaches them.
    for (Vertex i = 1; i < a.width && any; ++i) {
      any = false;
      const std::size_t base = a.slot(c0, i);
      for (Vertex j = 0; j < len; ++j) {
        const Vertex k = col[base + j];
        if (k == kNoVertex) continue;
        acc[j] = SR::add(acc[j], entry(base + j, c0 + j, k));
        any = true;
      }
    }
    // Phase 3: write back.
    std::copy(acc, acc + len, y + c0);
  }
}

}  // namespace detail

/// y = A ⊕.⊗ x over the semiring SR for A in ELL (rows with no entries get SR::identity()).
template <class SR, class T>
void ell_spmv(const Ell<T>& a, const typename SR::value_type* x, typename SR::value_type* y) {
  const std::int64_t nchunks =
      (std::int64_t(a.nrows) + detail::kEllRowChunk - 1) / detail::kEllRowChunk;
  const bool parallel = Offset(a.nrows) * a.width + a.nrows >= kMinParallelWork;
#pragma omp parallel for schedule(static) if (parallel)
  for (std::int64_t c = 0; c < nchunks; ++c) {
    const Vertex lo = Vertex(c * detail::kEllRowChunk);
    const Vertex hi = std::min<Vertex>(a.nrows, lo + detail::kEllRowChunk);
    if (a.pattern)
      detail::ell_spmv_rows<SR, true>(a, x, y, lo, hi);
    else
      detail::ell_spmv_rows<SR, false>(a, x, y, lo, hi);
  }
}

}  // namespace spgraph
