// SPDX-License-Identifier: Apache-2.0
// Reductions of a CSR matrix with a monoid: each row to one value, or everything to a scalar.
//
// reduce_rows: t(i) = ⊕_j A(i,j) for every row with at least one entry; empty rows give no
// entry (GraphBLAS). reduce_all: s = ⊕ over all entries, the identity for an empty matrix.
//
// Inputs: A in CSR (a pattern reads as 1); the monoid is commutative and associative, so the
// order of the terms does not matter (ANY may return any term).
//
// Phases (reduce_rows): 1. fold each row left to right, stopping once the value is terminal
// (parallel over rows, dynamic schedule); 2. record presence (both phases run by
// formats/csr/row_fold_cpu.hpp). reduce_all: 1. each thread folds its rows into a private
// partial; 2. the partials are folded in thread order. Workspace: the bitmap result, or one
// partial per thread. Cost O(nnz(A)).
//
// Source: GraphBLAS C API 2.0 §4.3.10 (reduce to vector) and §4.3.11 (reduce to scalar).
#pragma once

#include <omp.h>

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/csr/row_fold_cpu.hpp"
#include "formats/vec/sparse_vector.hpp"

namespace spgraph {

/// t(i) = ⊕_j A(i,j) over non-empty rows, as a bitmap vector.
template <class Monoid, class TA>
SparseVector<typename Monoid::value_type> reduce_rows_cpu(const Csr<TA>& a) {
  using V = typename Monoid::value_type;
  // Phase 1 and 2: fold each row, recorded by the row fold.
  return fold_rows_cpu<V, 256>(a, [&](Vertex i, V& out) {
    const Offset b = a.row_begin(i), e = a.row_end(i);
    if (b == e) return false;
    V acc = static_cast<V>(a.value(b));
    for (Offset p = b + 1; p < e; ++p) {
      if constexpr (Monoid::has_terminal) {
        if (Monoid::is_terminal(acc)) break;
      }
      acc = Monoid::add(acc, static_cast<V>(a.value(p)));
    }
    out = acc;
    return true;
  });
}

/// ⊕ over every entry of A; the monoid's identity when A has none.
template <class Monoid, class TA>
typename Monoid::value_type reduce_all_cpu(const Csr<TA>& a) {
  using V = typename Monoid::value_type;
  const int nthreads = a.nnz() < kMinParallelWork ? 1 : omp_get_max_threads();
  std::vector<V> partial(nthreads, Monoid::identity());
  std::vector<std::uint8_t> has(nthreads, 0);
  // Phase 1: per-thread partials over contiguous entry ranges, each seeded with its first term
  // (not the identity, which ANY would keep).
#pragma omp parallel num_threads(nthreads)
  {
    const int tid = omp_get_thread_num();
    const Offset lo = a.nnz() * Offset(tid) / Offset(nthreads);
    const Offset hi = a.nnz() * Offset(tid + 1) / Offset(nthreads);
    if (lo < hi) {
      V acc = static_cast<V>(a.value(lo));
      for (Offset p = lo + 1; p < hi; ++p) {
        if constexpr (Monoid::has_terminal) {
          if (Monoid::is_terminal(acc)) break;
        }
        acc = Monoid::add(acc, static_cast<V>(a.value(p)));
      }
      partial[tid] = acc;
      has[tid] = 1;
    }
  }
  // Phase 2: fold the non-empty partials in thread order.
  V s = Monoid::identity();
  bool any = false;
  for (int t = 0; t < nthreads; ++t) {
    if (!has[t]) continue;
    s = any ? Monoid::add(s, partial[t]) : partial[t];
    any = true;
  }
  return s;
}

}  // namespace spgraph
