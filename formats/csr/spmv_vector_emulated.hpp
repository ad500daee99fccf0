// SPDX-License-Identifier: Apache-2.0
// The CSR-vector SpMV by the lane logic of spmv_vector_lanes.hpp, run on the host: each row is
// worked the way a group of G lanes of a CUDA warp works it (phase 1 lane by lane, then the
// butterfly with the partner values a __shfl_xor_sync returns), so the result is bit for bit
// what the device kernel (spmv_vector_cuda.cu) computes. The CPU's check on that logic, not a
// fast kernel: serial, O(rows·G + entries). y = A ⊕.⊗ x with every entry written.
#pragma once

#include "formats/csr/any_fold.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/spmv_vector_lanes.hpp"

namespace spgraph {

/// The arrays of `a` (host memory) as the lane logic reads them.
template <class T>
CsrArrays<stored_value_t<T>> csr_host_arrays(const Csr<T>& a) {
  CsrArrays<stored_value_t<T>> v;
  v.row_ptr = a.row_ptr.data();
  v.col = a.col.data();
  v.val = a.pattern ? nullptr : a.val.data();
  v.nrows = a.nrows;
  v.ncols = a.ncols;
  return v;
}

/// One row by a group of `group` lanes: phase 1 per lane, then the butterfly.
template <class SR, class Stored>
typename SR::value_type csr_vector_row_by_lanes(const CsrArrays<Stored>& a,
                                                const typename SR::value_type* x, Vertex r,
                                                int group) {
  using V = typename SR::value_type;
  V p[kCsrVectorMaxGroup], next[kCsrVectorMaxGroup];
  for (int l = 0; l < group; ++l) p[l] = csr_vector_lane_fold<SR>(a, x, r, l, group);
  for (int d = group / 2; d >= 1; d /= 2) {
    for (int l = 0; l < group; ++l) next[l] = csr_vector_butterfly_step<SR>(p[l], p[l ^ d]);
    for (int l = 0; l < group; ++l) p[l] = next[l];
  }
  return p[0];
}

/// y = A ⊕.⊗ x by the lane logic with `group` lanes per row (a power of two, 1..32), serially.
template <class SR, class T>
void csr_vector_spmv_emulated(const Csr<T>& c, const typename SR::value_type* x,
                              typename SR::value_type* y, int group) {
  const auto a = csr_host_arrays(c);
  for (Vertex r = 0; r < a.nrows; ++r) {
    if constexpr (monoid_is_any<SR>())
      y[r] = csr_vector_any_term<SR>(a, x, r);
    else
      y[r] = csr_vector_row_by_lanes<SR>(a, x, r, group);
  }
}

}  // namespace spgraph
