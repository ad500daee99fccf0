// SPDX-License-Identifier: Apache-2.0
// HYB sparse matrix times dense vector over any semiring, on the CPU.
//
// Computes y(r) = ⊕ over every stored entry (r, k) of A of mul(A(r,k), x(k), r, k, 0), the ELL
// part's and the COO part's alike; repeated entries (kept by hyb_insert) are each folded in, as
// the Dynamic CSR paper's HYB does. A row with no entries gets SR::identity(); y is overwritten.
//
// Inputs: A satisfying validate_hyb (COO part sorted by row); x has A.ncols() values, y has
// A.nrows().
//
// Phases: 1. the ELL part, chunks of rows in parallel (formats/ell/ell_spmv_cpu.hpp), writing
// every y(r); 2. after a barrier, the COO part cut into equal shares of entries, one per thread.
// Each thread folds the runs of equal rows in its share and combines each into y(r), except a
// run that continues a row begun in an earlier share, which it keeps as a carry; since the
// COO part is sorted by row, exactly one thread writes each y(r) and no atomics are needed
// (the chapter's parallel COO kernel, §10.4, adds into y atomically), and a single very long
// row is still split between threads; 3. the carries
// (at most one per thread) are added serially. Workspace: one carry per thread. Cost
// O(nrows × K + COO entries).
//
// Source: Kirk & Hwu, "Programming Massively Parallel Processors", ch. 10 §10.4 (HYB = ELL
// kernel plus COO kernel; the COO loop of Fig. 10.14 with its increment fixed to i++); King et
// al., "Dynamic-CSR" (2016), §IV-C (the HYB SpMV assumes the COO part sorted by row).
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/ell/ell_spmv_cpu.hpp"
#include "formats/hyb/hyb.hpp"

namespace spgraph {

/// y = A ⊕.⊗ x over the semiring SR for A in HYB (rows with no entries get SR::identity()).
template <class SR, class T>
void hyb_spmv(const Hyb<T>& a, const typename SR::value_type* x, typename SR::value_type* y) {
  using V = typename SR::value_type;
  const Ell<T>& e = a.ell;
  const Coo<T>& coo = a.coo;
  const Vertex n = a.nrows();
  const Offset m = coo.size();
  const int nthreads = Offset(n) * e.width + n + m >= kMinParallelWork ? omp_get_max_threads() : 1;
  const std::int64_t nchunks = (std::int64_t(n) + detail::kEllRowChunk - 1) / detail::kEllRowChunk;
  struct Carry {
    Vertex row = kNoVertex;
    V sum{};
  };
  std::vector<Carry> carry(nthreads);
  auto product = [&](Offset p) {
    const V av = coo.pattern ? V(1) : static_cast<V>(static_cast<T>(coo.val[p]));
    return SR::mul(av, x[coo.col[p]], coo.row[p], coo.col[p], 0);
  };
#pragma omp parallel num_threads(nthreads)
  {
    // Phase 1: the ELL part.
#pragma omp for schedule(static)
    for (std::int64_t c = 0; c < nchunks; ++c) {
      const Vertex lo = Vertex(c * detail::kEllRowChunk);
      const Vertex hi = std::min<Vertex>(n, lo + detail::kEllRowChunk);
      if (e.pattern)
        detail::ell_spmv_rows<SR, true>(e, x, y, lo, hi);
      else
        detail::ell_spmv_rows<SR, false>(e, x, y, lo, hi);
    }
    // Phase 2: this thread's share of the COO part.
    const int tid = omp_get_thread_num(), nt = omp_get_num_threads();
    const Offset lo = m * Offset(tid) / Offset(nt), hi = m * Offset(tid + 1) / Offset(nt);
    bool first_run = true;
    for (Offset p = lo; p < hi; first_run = false) {
      const Vertex r = coo.row[p];
      V acc = product(p);
      for (++p; p < hi && coo.row[p] == r; ++p) acc = SR::add(acc, product(p));
      if (first_run && lo > 0 && coo.row[lo - 1] == r) {
        carry[tid] = {r, acc};
      } else {
        const bool in_ell = e.width > 0 && e.col[r] != kNoVertex;
        y[r] = in_ell ? SR::add(y[r], acc) : acc;
      }
    }
  }
  // Phase 3: carries.
  for (const Carry& c : carry)
    if (c.row != kNoVertex) y[c.row] = SR::add(y[c.row], c.sum);
}

}  // namespace spgraph
