// Dense-vector SpMV on CSR over any semiring: y[r] = ⊕_k A(r,k) ⊗ x[k] for every row, empty rows
// getting the monoid identity. The kernel of iterative methods (PageRank-style power steps) and
// the CSR side of the Dynamic CSR benchmarks: it has the same loop structure and thread
// schedule as dcsr_spmv_dense (formats/dcsr/dcsr_spmv_cpu.hpp) — chunks of 64 rows, dynamic
// schedule — so the two differ only in how a row's entries are found.
// Multiplies keep the GraphBLAS positions: mul(A(r,k), x[k], r, k, 0). Cost O(rows + entries).
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>

#include "formats/csr/csr.hpp"
#include "formats/csr/kernel_tuning.hpp"

namespace spgraph {

/// y = A ⊕.⊗ x with x dense (ncols entries) into y (nrows entries).
template <class SR, class T>
void csr_spmv_dense(const Csr<T>& a, const typename SR::value_type* x, typename SR::value_type* y) {
  using V = typename SR::value_type;
  const Vertex n = a.nrows;
  const Offset* rp = a.row_ptr.data();
  const Vertex* col = a.col.data();
  const auto* val = a.val.data();
  const bool pattern = a.pattern;
  const std::size_t chunks = (std::size_t(n) + 63) / 64;
#pragma omp parallel for schedule(dynamic, 4) if (Offset(n) + a.nnz() >= kMinParallelWork)
  for (std::int64_t ch = 0; ch < std::int64_t(chunks); ++ch) {
    const Vertex r0 = Vertex(ch) * 64, r1 = std::min<Vertex>(n, r0 + 64);
    for (Vertex r = r0; r < r1; ++r) {
      V acc = SR::identity();
      if (pattern)
        for (Offset s = rp[r]; s < rp[r + 1]; ++s)
          acc = SR::add(acc, SR::mul(V(1), x[col[s]], r, col[s], 0));
      else
        for (Offset s = rp[r]; s < rp[r + 1]; ++s)
          acc = SR::add(acc, SR::mul(static_cast<V>(val[s]), x[col[s]], r, col[s], 0));
      y[r] = acc;
    }
  }
}

}  // namespace spgraph
