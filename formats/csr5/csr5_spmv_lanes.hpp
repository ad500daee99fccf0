// SPDX-License-Identifier: Apache-2.0
// CSR5 SpMV by the lane algorithm of csr5_tile_lanes.hpp, run on the host: each tile is worked
// the way one CUDA warp works it (phase 1 lane by lane, phase 2 as a serial inclusive scan with
// the same operator the warp scan uses, phase 3 per lane), then calibration and the tail. It is
// the CPU's check on the logic the CUDA kernel (csr5_spmv_cuda.cu) is built from, not a fast
// kernel: serial, O(nnz + nrows + tiles·ω). y = A ⊕.⊗ x with every entry written, as
// csr5_spmv_dense computes it (sums of doubles may round differently: association order).
#pragma once

#include <vector>

#include "engine/core/semiring.hpp"
#include "formats/csr/any_fold.hpp"
#include "formats/csr5/csr5.hpp"
#include "formats/csr5/csr5_tile_lanes.hpp"

namespace spgraph {

/// The arrays of `a` (host memory) as the lane algorithm reads them.
template <class T>
Csr5Arrays<typename Csr5<T>::value_store> csr5_host_arrays(const Csr5<T>& a) {
  Csr5Arrays<typename Csr5<T>::value_store> v;
  v.tile_ptr = a.tile_ptr.data();
  v.step_flags = a.step_flags.data();
  v.lane_desc = a.lane_desc.data();
  v.eo_ptr = a.eo_ptr.data();
  v.empty_offset = a.empty_offset.data();
  v.col = a.col.data();
  v.val = a.pattern ? nullptr : a.val.data();
  v.row_ptr = a.row_ptr;
  v.nrows = a.nrows;
  v.nnz = a.nnz;
  v.num_tiles = a.num_tiles;
  v.omega = a.omega;
  v.sigma = a.sigma;
  return v;
}

/// Phases 1-3 for tile t, lane by lane; returns the tile's carry (segment 0's value).
template <class SR, class Stored>
typename SR::value_type csr5_tile_by_lanes(const Csr5Arrays<Stored>& a,
                                           const typename SR::value_type* x,
                                           typename SR::value_type* y, Offset t) {
  using V = typename SR::value_type;
  V carry = SR::identity();
  const Csr5TileOutput<SR, Stored> out{&a, y, &carry, t};
  Csr5LanePartial<V> lane[32];
  Csr5ScanItem<V> scan[32];
  const Csr5SegmentScan<SR> op;
  for (int i = 0; i < a.omega; ++i) {
    lane[i] = csr5_lane_walk<SR>(a, x, t, i, out);
    const Csr5ScanItem<V> item = csr5_scan_item(lane[i], i, i > 0 && lane[i - 1].flags > 0);
    scan[i] = i == 0 ? item : op(scan[i - 1], item);
  }
  for (int i = 0; i < a.omega; ++i) {
    const int j = csr5_closing_lane(a, t, i);
    csr5_lane_finish<SR>(a, t, i, lane[i], j < 0 ? SR::identity() : scan[j].value, out);
  }
  return carry;
}

/// y = A ⊕.⊗ x by the lane algorithm (phases 1-5), serially.
template <class SR, class T>
void csr5_spmv_lanes(const Csr5<T>& c, const typename SR::value_type* x,
                     typename SR::value_type* y) {
  using V = typename SR::value_type;
  const auto a = csr5_host_arrays(c);
  if constexpr (monoid_is_any<SR>()) {
    for (Vertex r = 0; r < a.nrows; ++r) y[r] = csr5_any_row_term<SR>(a, x, r);
  } else {
    for (Vertex r = 0; r < a.nrows; ++r) y[r] = SR::identity();
    std::vector<V> carry(a.num_tiles);
    for (Offset t = 0; t < a.num_tiles; ++t) carry[t] = csr5_tile_by_lanes<SR>(a, x, y, t);
    for (Offset t = 0; t < a.num_tiles; ++t) {  // phase 4
      const Vertex r = a.tile_row(t);
      y[r] = SR::add(y[r], carry[t]);
    }
    // Phase 5: rows from the first tail row while they start before nnz.
    const Vertex first = a.tile_row(a.num_tiles);
    if (a.num_tiles * a.tile_size() < a.nnz) {
      y[first] = SR::add(y[first], csr5_tail_fold<SR>(a, x, first));
      for (Vertex r = first + 1; r < a.nrows && a.row_ptr[r] < a.nnz; ++r)
        y[r] = csr5_tail_fold<SR>(a, x, r);
    }
  }
}

}  // namespace spgraph
