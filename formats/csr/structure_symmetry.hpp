// SPDX-License-Identifier: Apache-2.0
// Whether a CSR matrix's structure equals its transpose's (values ignored): the test that lets
// an undirected graph stored as a "general" file be traversed through its own rows, with no
// transpose to build before the first search (engine/matrix.hpp caches the answer).
// Phases: each row in parallel looks up every off-diagonal entry (i, j) in row j by binary
// search; the first missing mirror clears a shared flag, after which the remaining rows are
// skipped. With unique sorted columns per row, every entry having its mirror is equality with
// the transpose. Cost O(nnz log d / threads) on a symmetric matrix, usually far less on one that
// is not; no workspace.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "formats/csr/csr.hpp"
#include "formats/csr/kernel_tuning.hpp"

namespace spgraph {

/// True when square `a` (sorted rows, no duplicates) has entry (j, i) for every entry (i, j).
template <class T>
bool structure_is_symmetric(const Csr<T>& a) {
  if (a.nrows != a.ncols) return false;
  const Offset* rp = a.row_ptr.data();
  const Vertex* col = a.col.data();
  std::atomic<bool> symmetric{true};
#pragma omp parallel for schedule(dynamic, 1024) if (Offset(a.nrows) + a.nnz() >= kMinParallelWork)
  for (std::int64_t r = 0; r < std::int64_t(a.nrows); ++r) {
    if (!symmetric.load(std::memory_order_relaxed)) continue;
    const Vertex i = Vertex(r);
    for (Offset k = rp[i]; k < rp[i + 1]; ++k) {
      const Vertex j = col[k];
      if (j != i && !std::binary_search(col + rp[j], col + rp[j + 1], i)) {
        symmetric.store(false, std::memory_order_relaxed);
        break;
      }
    }
  }
  return symmetric.load();
}

}  // namespace spgraph
