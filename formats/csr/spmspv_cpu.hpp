// SPDX-License-Identifier: Apache-2.0
// Sparse matrix times sparse vector (SpMSpV, "push" / scatter) over any semiring.
//
// Computes t(r) = ⊕_k u(k) ⊗ P(k,r) by scattering, for each entry u(k), the row k of P into an
// accumulator. P is the operand whose rows are indexed by the vector: A for vxm, A' (the cached
// transpose) for mxv. The multiply keeps the GraphBLAS operand order and positions: vxm
// (VectorFirst) calls mul(u(k), P(k,r), 0, k, r); mxv calls mul(P(k,r), u(k), r, k, 0), where
// P(k,r) = A(r,k). Terms are folded in ascending k, so ANY keeps the term of the smallest k.
//
// Inputs: P in CSR with sorted rows (a pattern reads as 1); u as sorted unique (index, value)
// lists; `allow(r)` says whether output r is wanted (the mask); n_out = P.ncols.
//
// Phases: 1. scatter: for each u(k), for each P(k,r) with allow(r), fold the product into the
// dense accumulator acc[r], marking r touched on first contact (skipping the multiply once acc
// is terminal); 2. gather: sort the touched list (or scan the marks when more than 1/8 of the
// outputs were touched) and emit sorted (index, value) lists
// (formats/vec/gather_sparse_accumulator.hpp). Workspace: n_out values and bytes
// plus the touched list. Cost O(sum of deg_P(k) over entries of u + touched log touched).
// The scatter is serial: it is used when u is sparse, where the work is small.
//
// Source: Gustavson, "Two fast algorithms for sparse matrices", ACM TOMS 1978 (sparse
// accumulator); GraphBLAS C API 2.0 §4.3.3 (vxm).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"
#include "formats/vec/gather_sparse_accumulator.hpp"
#include "formats/vec/sparse_vector.hpp"

namespace spgraph {

/// t = u ⊕.⊗ P for a sparse u, outputs restricted to allow(r); returns t in sparse form.
template <class SR, bool VectorFirst, class TP, class TU, class Allow>
SparseVector<typename SR::value_type> spmspv_push_cpu(const Csr<TP>& p,
                                                      const std::vector<Vertex>& u_idx,
                                                      const std::vector<TU>& u_val, Allow&& allow) {
  using V = typename SR::value_type;
  const Vertex n = p.ncols;
  std::vector<V> acc(n);
  std::vector<std::uint8_t> touched_mark(n, 0);
  std::vector<Vertex> touched;
  // Phase 1: scatter.
  for (std::size_t e = 0; e < u_idx.size(); ++e) {
    const Vertex k = u_idx[e];
    const V x = static_cast<V>(u_val[e]);
    for (Offset q = p.row_begin(k); q < p.row_end(k); ++q) {
      const Vertex r = p.col[q];
      if (!allow(r)) continue;
      if (touched_mark[r]) {
        if constexpr (SR::has_terminal) {
          if (SR::is_terminal(acc[r])) continue;
        }
      }
      const V a = static_cast<V>(p.value(q));
      const V prod = VectorFirst ? SR::mul(x, a, 0, k, r) : SR::mul(a, x, r, k, 0);
      if (touched_mark[r]) {
        acc[r] = SR::add(acc[r], prod);
      } else {
        touched_mark[r] = 1;
        acc[r] = prod;
        touched.push_back(r);
      }
    }
  }
  // Phase 2: gather in ascending order.
  return gather_sparse_accumulator(n, std::move(touched), touched_mark, acc);
}

}  // namespace spgraph
