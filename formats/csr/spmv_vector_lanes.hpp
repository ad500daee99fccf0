// SPDX-License-Identifier: Apache-2.0
// The lane logic of the CSR-vector SpMV over any semiring, as host-and-device functions
// (SPGRAPH_HD), written once so that the CPU tests run the code a CUDA warp runs. CSR (vector)
// is Bell & Garland's kernel ("Implementing Sparse Matrix-Vector Multiplication on
// Throughput-Oriented Processors", SC'09 §4.2): a group of lanes per row instead of a thread
// per row, so a row's entries are read coalesced; the group size follows the mean row length
// as CUSP's csr_vector chooses its threads per vector (the CSR-vector baseline of Liu & Vinter,
// ICS'15 §5): 2, 4, 8, 16 or 32 lanes, the smallest that covers the mean row (32 above 16).
//
// Phases for row r and a group of G lanes (G a power of two, at most 32):
//   1. Lane walk (csr_vector_lane_fold): lane l folds entries row_ptr[r] + l, + l + G, ...
//      in order from the identity; at each step the G lanes read G consecutive entries.
//   2. Butterfly (csr_vector_butterfly_step): for d = G/2, G/4, ..., 1 every lane replaces its
//      partial p_l by p_l ⊕ p_(l xor d) (on the device one __shfl_xor_sync per step); every
//      monoid of the engine is commutative, so after log2 G steps each lane holds the row's
//      total, and lane 0 writes y[r] (the identity for an empty row).
//   ANY monoids skip both: lane 0 writes the term of the row's first entry (csr_vector_any_term),
//   the CSR5 kernel's choice (formats/csr5/csr5_tile_lanes.hpp).
// Cost per row: ⌈ℓ/G⌉ steps of the walk and log2 G shuffle steps; workspace: registers only.
#pragma once

#include "engine/core/host_device.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// The arrays of a CSR matrix as raw pointers (host or device memory); `val` is null for a
/// pattern matrix, whose entries read as 1.
template <class Stored>
struct CsrArrays {
  const Offset* row_ptr = nullptr;
  const Vertex* col = nullptr;
  const Stored* val = nullptr;
  Vertex nrows = 0;
  Vertex ncols = 0;
};

/// The largest group: one warp.
inline constexpr int kCsrVectorMaxGroup = 32;

/// Lanes per row for a matrix of `nnz` entries in `rows` rows (CUSP's csr_vector rule): the
/// smallest of 2, 4, 8, 16 that is at least the mean row length, else 32.
constexpr int csr_vector_group_size(Offset nnz, Vertex rows) {
  const Offset mean = rows ? (nnz + rows - 1) / rows : 0;
  return mean <= 2 ? 2 : mean <= 4 ? 4 : mean <= 8 ? 8 : mean <= 16 ? 16 : kCsrVectorMaxGroup;
}

/// The term A(r,k) ⊗ x[k] of entry e (k = col[e]); multiplies get GraphBLAS positions (r, k, 0).
template <class SR, class Stored>
SPGRAPH_HD typename SR::value_type csr_vector_term(const CsrArrays<Stored>& a,
                                                   const typename SR::value_type* x, Offset e,
                                                   Vertex r) {
  using V = typename SR::value_type;
  const Vertex k = a.col[e];
  return SR::mul(a.val ? static_cast<V>(a.val[e]) : V(1), x[k], r, k, 0);
}

/// Phase 1: lane `lane` of a group of `group` lanes folds its share of row r.
template <class SR, class Stored>
SPGRAPH_HD typename SR::value_type csr_vector_lane_fold(const CsrArrays<Stored>& a,
                                                        const typename SR::value_type* x, Vertex r,
                                                        int lane, int group) {
  typename SR::value_type acc = SR::identity();
  const Offset end = a.row_ptr[r + 1];
  for (Offset e = a.row_ptr[r] + Offset(lane); e < end; e += Offset(group))
    acc = SR::add(acc, csr_vector_term<SR>(a, x, e, r));
  return acc;
}

/// Phase 2, one step: a lane's partial combined with its partner's (the lane `lane xor d`).
template <class SR>
SPGRAPH_HD typename SR::value_type csr_vector_butterfly_step(typename SR::value_type mine,
                                                             typename SR::value_type partner) {
  return SR::add(mine, partner);
}

/// ANY: row r's answer, the term of its first entry (the identity for an empty row).
template <class SR, class Stored>
SPGRAPH_HD typename SR::value_type csr_vector_any_term(const CsrArrays<Stored>& a,
                                                       const typename SR::value_type* x, Vertex r) {
  const Offset e = a.row_ptr[r];
  if (e == a.row_ptr[r + 1]) return SR::identity();
  return csr_vector_term<SR>(a, x, e, r);
}

}  // namespace spgraph
