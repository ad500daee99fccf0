// SPDX-License-Identifier: Apache-2.0
// Apply (map a unary function over the stored values) and select (keep the entries an
// index-unary predicate accepts) for CSR matrices.
//
// apply: T(i,j) = f(A(i,j)) on A's pattern. select: T(i,j) = A(i,j) where
// pred(A(i,j), i, j, thunk) is true; T keeps A's value type, and a pattern stays a pattern.
//
// Inputs: A in CSR with sorted rows (a pattern reads as 1). f and pred must be safe to call
// concurrently.
//
// Phases (select): 1. count each row's kept entries (parallel over rows); 2. exclusive scan into
// row_ptr; 3. copy the kept entries (parallel). apply is one parallel pass over the values that
// reuses A's row_ptr and col. Workspace: the output only. Cost O(nnz(A)).
//
// Source: GraphBLAS C API 2.0 §4.3.8 (apply) and §4.3.9 (select with GrB_IndexUnaryOp).
#pragma once

#include <omp.h>

#include <cstdint>
#include <type_traits>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/kernel_tuning.hpp"

namespace spgraph {

/// T = f(A) on A's pattern, with values of type R.
template <class R, class TA, class F>
Csr<R> apply_csr_cpu(const Csr<TA>& a, F&& f) {
  Csr<R> out = Csr<R>::empty(a.nrows, a.ncols, false);
  out.row_ptr = a.row_ptr;
  out.col = a.col;
  out.val.resize(a.nnz());
#pragma omp parallel for schedule(static) if (a.nnz() >= kMinParallelWork)
  for (std::int64_t p = 0; p < std::int64_t(a.nnz()); ++p)
    out.val[p] = static_cast<R>(f(a.value(Offset(p))));
  return out;
}

/// T = the entries (i, j, x) of A with pred(x, i, j, thunk) true.
template <class TA, class Pred, class S>
Csr<TA> select_csr_cpu(const Csr<TA>& a, Pred&& pred, S thunk) {
  Csr<TA> out = Csr<TA>::empty(a.nrows, a.ncols, a.pattern);
  const bool parallel = a.nrows + a.nnz() >= kMinParallelWork;
  // Phase 1: count.
#pragma omp parallel for schedule(dynamic, 256) if (parallel)
  for (std::int64_t ii = 0; ii < std::int64_t(a.nrows); ++ii) {
    const Vertex i = Vertex(ii);
    Offset n = 0;
    for (Offset p = a.row_begin(i); p < a.row_end(i); ++p)
      n += pred(a.value(p), i, a.col[p], thunk) ? 1 : 0;
    out.row_ptr[i + 1] = n;
  }
  // Phase 2: scan.
  for (std::size_t i = 0; i < a.nrows; ++i) out.row_ptr[i + 1] += out.row_ptr[i];
  out.col.resize(out.nnz());
  if (!a.pattern) out.val.resize(out.nnz());
    // Phase 3: copy.
#pragma omp parallel for schedule(dynamic, 256) if (parallel)
  for (std::int64_t ii = 0; ii < std::int64_t(a.nrows); ++ii) {
    const Vertex i = Vertex(ii);
    Offset w = out.row_ptr[i];
    for (Offset p = a.row_begin(i); p < a.row_end(i); ++p) {
      if (!pred(a.value(p), i, a.col[p], thunk)) continue;
      out.col[w] = a.col[p];
      if (!a.pattern) out.val[w] = a.val[p];
      ++w;
    }
  }
  return out;
}

}  // namespace spgraph
