// SPDX-License-Identifier: Apache-2.0
// The row-fold skeleton of the CSR kernels that give one value per row (reduce to a vector,
// row-wise SpMV): every row is folded on its own, in parallel, and a row whose fold finds no
// term gives no entry.
//
// Computes t(r) = fold(r) for every row r of A, where fold(r, acc) sets acc and returns true
// when row r gives an entry; the caller's fold does the row's work (its terms, its early exit).
//
// Phases: 1. fold each row (parallel over rows, dynamic schedule with `Chunk` rows a grab, one
// thread below kMinParallelWork rows plus entries); 2. record presence and count entries.
// Workspace: the bitmap result (n bytes + n values). Cost O(rows) plus the folds'.
//
// Source: GraphBLAS C API 2.0 §4.3.10 (reduce to vector) and §4.3.2 (mxv), where a row with no
// term gives no entry.
#pragma once

#include <omp.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/vec/sparse_vector.hpp"

namespace spgraph {

/// t(r) = fold(r) over the rows r of A whose fold(r, acc) returns true, as a bitmap vector.
template <class V, int Chunk, class TA, class Fold>
SparseVector<V> fold_rows_cpu(const Csr<TA>& a, Fold&& fold) {
  const Vertex n = a.nrows;
  std::vector<std::uint8_t> present(n, 0);
  std::vector<V> dense(n);
  Offset nvals = 0;
#pragma omp parallel for schedule(dynamic, Chunk) reduction(+ : nvals) if (n + a.nnz() >= kMinParallelWork)
  for (std::int64_t ri = 0; ri < std::int64_t(n); ++ri) {
    const Vertex r = Vertex(ri);
    // Phase 1: fold.
    V acc{};
    if (!fold(r, acc)) continue;
    // Phase 2: record.
    present[r] = 1;
    dense[r] = acc;
    ++nvals;
  }
  SparseVector<V> t(n);
  t.assign_bitmap(std::move(present), std::move(dense), nvals);
  return t;
}

}  // namespace spgraph
