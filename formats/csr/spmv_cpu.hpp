// SPDX-License-Identifier: Apache-2.0
// Row-wise sparse matrix times dense vector (SpMV, "pull") over any semiring.
//
// Computes t(r) = ⊕_k S(r,k) ⊗ u(k) over the entries of row r of S whose column k is present in
// the bitmap u, for every row r the mask allows. S is the operand whose rows are the outputs:
// A for mxv, A' (the cached transpose) for vxm. The multiply keeps the GraphBLAS operand order
// and positions: mxv calls mul(S(r,k), u(k), r, k, 0); vxm (VectorFirst) calls
// mul(u(k), S(r,k), 0, k, r), where S(r,k) = A(k,r).
//
// Inputs: S in CSR with sorted rows (a pattern reads as 1); u as presence bytes plus a dense
// value array of length S.ncols; `allow(r)` says whether row r is wanted (the mask).
//
// Phases: 1. for each allowed row (parallel, dynamic schedule), fold the row's products with
// the semiring's add, stopping early once the sum is terminal (ANY at the first term, LOR at
// true, MIN at -inf); 2. record presence and count entries (both phases run by
// formats/csr/row_fold_cpu.hpp). Rows with no present term produce no entry. Workspace: the
// bitmap result (n bytes + n values). Cost O(nnz of allowed rows).
//
// Source: GraphBLAS C API 2.0 §4.3.2 (mxv); the pull direction of Beamer, Asanovic & Patterson,
// "Direction-Optimizing Breadth-First Search", SC 2012, §3.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/row_fold_cpu.hpp"
#include "formats/vec/sparse_vector.hpp"

namespace spgraph {

/// t = S ⊕.⊗ u for a bitmap u, rows of S restricted to allow(r); returns t as a bitmap.
template <class SR, bool VectorFirst, class TS, class TU, class Allow>
SparseVector<typename SR::value_type> spmv_pull_cpu(const Csr<TS>& s,
                                                    const std::vector<std::uint8_t>& u_present,
                                                    const std::vector<TU>& u_dense, Allow&& allow) {
  using V = typename SR::value_type;
  // Phase 1 and 2: one row per iteration, recorded by the row fold.
  return fold_rows_cpu<V, 64>(s, [&](Vertex r, V& out) {
    if (!allow(r)) return false;
    bool found = false;
    V acc = SR::identity();
    for (Offset p = s.row_begin(r); p < s.row_end(r); ++p) {
      const Vertex k = s.col[p];
      if (!u_present[k]) continue;
      const V a = static_cast<V>(s.value(p));
      const V x = static_cast<V>(u_dense[k]);
      const V prod = VectorFirst ? SR::mul(x, a, 0, k, r) : SR::mul(a, x, r, k, 0);
      acc = found ? SR::add(acc, prod) : prod;
      found = true;
      if constexpr (SR::has_terminal) {
        if (SR::is_terminal(acc)) break;
      }
    }
    out = acc;
    return found;
  });
}

}  // namespace spgraph
