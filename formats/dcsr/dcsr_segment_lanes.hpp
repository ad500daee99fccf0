// SPDX-License-Identifier: Apache-2.0
// The segment layout of the device Dynamic CSR and the per-row reads on it, as host-and-device
// functions (SPGRAPH_HD) shared by the CUDA kernels (dcsr_update_cuda.cu, dcsr_query_cuda.cu) and
// their host emulation (dcsr_device_emulated.hpp), which the CPU tests run. After King, Gilray,
// Kirby & Might, "Dynamic-CSR: A Format for Dynamic Sparse-Matrix Updates" (2016), section III.A:
//   - column ids and values live in one pool of slots, handed out by a bump pointer (the paper's
//     allocation pointer, Alg. 1's atomicAdd);
//   - row r owns up to k segments (start, capacity), stored row-major at r*k + s (the paper's
//     pitch-strided table is for coalesced reads by a row's lanes; here one thread or one warp
//     reads the row's k pairs, which sit together);
//   - size[r] says how many slots of the concatenated segments hold entries; every segment but
//     the last used one is full, and the rest of the last is slack.
// Unlike the CPU format (dcsr.hpp), the device format keeps no tombstones: a batch that removes
// entries compacts the row in place, since one thread owns a row for the whole batch and no
// reader runs during a batch (snapshots are copies, dcsr_cuda.hpp).
//
// Reads, each one function of (row, lane, width) so that a warp runs it with width 32 and the
// host with any width:
//   - dcsr_row_lane_fold: SpMV on the fragmented form (paper §III.C, Alg. 3: CSR-vector with an
//     outer loop over segments, the last one clipped to the row size);
//   - dcsr_row_lane_neighbors: a row's columns, for the level-synchronous BFS;
//   - dcsr_row_lane_copy: a row's entries into one contiguous segment (defragmentation, Alg. 4,
//     after an exclusive scan of the sizes).
#pragma once

#include <cstdint>

#include "engine/core/host_device.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// The arrays of a device Dynamic CSR as raw pointers (host or device memory).
template <class Stored>
struct DcsrDeviceArrays {
  Vertex nrows = 0;
  Vertex ncols = 0;
  unsigned k = 4;                      ///< segments a row may hold
  Offset* seg_start = nullptr;         ///< nrows * k: first slot of segment s of row r at r*k+s
  std::uint32_t* seg_cap = nullptr;    ///< nrows * k: its capacity in slots
  std::uint8_t* nseg = nullptr;        ///< nrows: segments the row holds (0 .. k)
  std::uint32_t* size = nullptr;       ///< nrows: entries in the row
  Vertex* col = nullptr;               ///< capacity slots
  Stored* val = nullptr;               ///< capacity slots; null for a pattern
  Offset capacity = 0;                 ///< slots in the pool
  unsigned long long* bump = nullptr;  ///< the next slot the pool hands out (may pass capacity)

  SPGRAPH_HD Offset start(Vertex r, unsigned s) const { return seg_start[Offset(r) * k + s]; }
  SPGRAPH_HD std::uint32_t cap(Vertex r, unsigned s) const { return seg_cap[Offset(r) * k + s]; }
  /// Slots of row r's segments together.
  SPGRAPH_HD Offset row_capacity(Vertex r) const {
    Offset c = 0;
    for (unsigned s = 0; s < nseg[r]; ++s) c += cap(r, s);
    return c;
  }
  /// The slot of row r's i-th entry (i < row_capacity(r)): the segment chain walked from the
  /// first segment.
  SPGRAPH_HD Offset slot(Vertex r, Offset i) const {
    for (unsigned s = 0; s + 1 < nseg[r]; ++s) {
      if (i < cap(r, s)) return start(r, s) + i;
      i -= cap(r, s);
    }
    return start(r, nseg[r] - 1) + i;
  }
};

/// Calls f(slot, i) for the entries i = lane, lane + width, ... of row r, segment by segment.
template <class Stored, class F>
SPGRAPH_HD void dcsr_row_lane_slots(const DcsrDeviceArrays<Stored>& a, Vertex r, unsigned lane,
                                    unsigned width, F&& f) {
  Offset consumed = 0;
  const Offset size = a.size[r];
  for (unsigned s = 0; s < a.nseg[r] && consumed < size; ++s) {
    const Offset used = size - consumed < a.cap(r, s) ? size - consumed : Offset(a.cap(r, s));
    for (Offset j = lane; j < used; j += width) f(a.start(r, s) + j, consumed + j);
    consumed += used;
  }
}

/// The lane's part of row r of y = A ⊕.⊗ x: the fold of its entries' terms A(r,k) ⊗ x[k]
/// (pattern entries read as 1; multiplies get GraphBLAS positions (r, k, 0)). The row's answer
/// is the ⊕ of its lanes' parts.
template <class SR, class Stored>
SPGRAPH_HD typename SR::value_type dcsr_row_lane_fold(const DcsrDeviceArrays<Stored>& a,
                                                      const typename SR::value_type* x, Vertex r,
                                                      unsigned lane, unsigned width) {
  using V = typename SR::value_type;
  V acc = SR::identity();
  dcsr_row_lane_slots(a, r, lane, width, [&](Offset p, Offset) {
    const Vertex c = a.col[p];
    acc = SR::add(acc, SR::mul(a.val ? static_cast<V>(a.val[p]) : V(1), x[c], r, c, 0));
  });
  return acc;
}

/// Calls f(column) for the lane's entries of row r (the BFS's push from r).
template <class Stored, class F>
SPGRAPH_HD void dcsr_row_lane_neighbors(const DcsrDeviceArrays<Stored>& a, Vertex r, unsigned lane,
                                        unsigned width, F&& f) {
  dcsr_row_lane_slots(a, r, lane, width, [&](Offset p, Offset) { f(a.col[p]); });
}

/// Copies the lane's entries of row r of `a` to dst_col/dst_val[dst + i] (dst_val null for a
/// pattern): the row made contiguous, in the same order.
template <class Stored>
SPGRAPH_HD void dcsr_row_lane_copy(const DcsrDeviceArrays<Stored>& a, Vertex r, unsigned lane,
                                   unsigned width, Vertex* dst_col, Stored* dst_val, Offset dst) {
  dcsr_row_lane_slots(a, r, lane, width, [&](Offset p, Offset i) {
    dst_col[dst + i] = a.col[p];
    if (dst_val) dst_val[dst + i] = a.val[p];
  });
}

/// Row r after a defragmentation into `start` (its entries at [start, start + size)): one
/// segment with no slack, or none for an empty row.
template <class Stored>
SPGRAPH_HD void dcsr_row_set_compact(const DcsrDeviceArrays<Stored>& a, Vertex r, Offset start) {
  a.nseg[r] = a.size[r] > 0 ? 1 : 0;
  a.seg_start[Offset(r) * a.k] = start;
  a.seg_cap[Offset(r) * a.k] = a.size[r];
}

}  // namespace spgraph
