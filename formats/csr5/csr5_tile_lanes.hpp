// SPDX-License-Identifier: Apache-2.0
// The lane algorithm of CSR5 SpMV over any semiring, as host-and-device functions (SPGRAPH_HD): the
// per-lane and per-tile logic of the paper's GPU kernel (Liu & Vinter, "CSR5", ICS'15 §4, Alg. 8,
// in semiring form, with the per-tile calibrator of the authors' CUDA code in place of atomic
// adds), written once so that the CPU tests run the code a CUDA warp runs. One tile is one warp:
// lane i owns the σ entries of column i of the transposed tile.
//
// Phases of one tile t (ω lanes, σ steps):
//   1. Lane walk (csr5_lane_walk). Lane i folds its σ entries in order. The fold before its
//      first flag is its head; each later flag closes a segment that began and ended inside the
//      lane, which is emitted; the fold after its last flag is its tail. A lane without a flag
//      has only a head (its whole column). Lane 0's first entry always carries a flag (ICS'15
//      §3.4), so lane 0's head is empty and every lane i > 0 has y_offset(i) >= 1.
//   2. Segmented scan across lanes (Csr5SegmentScan). A segment that starts at lane i's last
//      flag runs on through the seg_offset(i) flag-free lanes after it and ends in the head of
//      lane j = i + seg_offset(i) + 1. An inclusive segmented scan of the heads, with a segment
//      starting at lane 0 and after every lane that holds a flag, leaves head(i+1) ⊕ ... ⊕
//      head(j) at lane j (at lane ω-1 when j = ω: the segment runs past the tile). The scan's
//      operator is associative for every monoid, so min, max, lor and the rest get a true
//      segmented scan, not the paper's subtract-the-prefix trick (Alg. 6) that only + allows.
//   3. Emit (csr5_lane_finish). Lane i with flags emits tail(i) ⊕ scan(j) as segment
//      y_offset(i) + flags(i) - 1. Segment k of the tile is row csr5_segment_row(t, k). Segment
//      0 may have begun in an earlier tile, so it goes to the tile's carry instead of y; every
//      other segment starts in this tile, which is the only tile that writes its row with `=`.
//   4. Calibration (csr5_apply_carries), after every tile: y[row(t)] ⊕= carry(t), tiles in
//      order. On a GPU this is a reduce-by-key over the tile rows (non-decreasing), then one ⊕=
//      per distinct row.
//   5. Tail (csr5_tail_fold): entries after the last complete tile are folded row by row in
//      CSR order; the first tail row ⊕= (it may continue the last tile's row), the others =.
// y starts as the identity, which rows without entries keep. ANY monoids skip all this: a fold
// from ANY's identity keeps the identity, so each non-empty row takes its first entry's term
// (csr5_any_row_term), as the CPU kernel does.
//
// Cost per tile: ω·σ multiplies and adds, one scan of ω pairs, one shuffle per flagged lane;
// workspace: nothing but registers (and, on the host, one array of ω lane partials).
#pragma once

#include <cstdint>

#include "engine/core/host_device.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// The arrays of a CSR5 matrix as raw pointers (host or device memory): what the lane
/// algorithm reads. Field meanings are those of Csr5 (formats/csr5/csr5.hpp); `val` is null
/// for a pattern matrix.
template <class Stored>
struct Csr5Arrays {
  const std::uint64_t* tile_ptr = nullptr;
  const std::uint8_t* step_flags = nullptr;
  const std::uint16_t* lane_desc = nullptr;
  const Offset* eo_ptr = nullptr;
  const Vertex* empty_offset = nullptr;
  const Vertex* col = nullptr;
  const Stored* val = nullptr;
  const Offset* row_ptr = nullptr;
  Vertex nrows = 0;
  Offset nnz = 0;
  Offset num_tiles = 0;
  int omega = 0;
  int sigma = 0;

  static constexpr std::uint64_t kDirty = std::uint64_t(1) << 63;
  static constexpr std::uint64_t kRowMask = 0xFFFFFFFFu;
  static constexpr int kYOffsetBits = 11;

  SPGRAPH_HD Offset tile_size() const { return Offset(omega) * Offset(sigma); }
  SPGRAPH_HD int flag_bytes() const { return omega <= 8 ? 1 : omega <= 16 ? 2 : 4; }
  SPGRAPH_HD Vertex tile_row(Offset t) const { return Vertex(tile_ptr[t] & kRowMask); }
  SPGRAPH_HD bool tile_dirty(Offset t) const { return (tile_ptr[t] & kDirty) != 0; }
  /// Lane mask of step j of tile t (little-endian bytes, read one by one).
  SPGRAPH_HD std::uint32_t step_mask(Offset t, int j) const {
    const int fb = flag_bytes();
    const std::uint8_t* b = step_flags + (t * Offset(sigma) + Offset(j)) * Offset(fb);
    std::uint32_t m = 0;
    for (int q = 0; q < fb; ++q) m |= std::uint32_t(b[q]) << (8 * q);
    return m;
  }
  SPGRAPH_HD int y_offset(Offset t, int lane) const {
    return lane_desc[t * Offset(omega) + Offset(lane)] & ((1 << kYOffsetBits) - 1);
  }
  SPGRAPH_HD int seg_offset(Offset t, int lane) const {
    return lane_desc[t * Offset(omega) + Offset(lane)] >> kYOffsetBits;
  }
  /// The row of segment k (0 = the tile's first) of tile t.
  SPGRAPH_HD Vertex segment_row(Offset t, Offset k) const {
    return tile_row(t) + (tile_dirty(t) ? empty_offset[eo_ptr[t] + k] : Vertex(k));
  }
  /// Where CSR entry e is stored: transposed inside complete tiles, in place in the tail.
  SPGRAPH_HD Offset stored_position(Offset e) const {
    const Offset tile = tile_size();
    if (e >= num_tiles * tile) return e;
    const Offset q = e % tile;
    return e - q + (q % Offset(sigma)) * Offset(omega) + q / Offset(sigma);
  }
};

/// The term A(r,k) ⊗ x[k] of the entry stored at position p (k = col[p]); pattern entries read
/// as 1. Multiplies get GraphBLAS positions (r, k, 0).
template <class SR, class Stored>
SPGRAPH_HD typename SR::value_type csr5_term(const Csr5Arrays<Stored>& a,
                                             const typename SR::value_type* x, Offset p, Vertex r) {
  using V = typename SR::value_type;
  const Vertex k = a.col[p];
  return SR::mul(a.val ? static_cast<V>(a.val[p]) : V(1), x[k], r, k, 0);
}

/// What one lane leaves for the cross-lane phase: its head, its tail, and its flag count.
template <class V>
struct Csr5LanePartial {
  V head;
  V tail;
  int flags;
};

/// Phase 1 for lane `lane` of tile t: folds the lane's entries, calls emit(k, value) for every
/// segment k that begins and ends inside the lane, and returns the lane's head and tail.
template <class SR, class Stored, class Emit>
SPGRAPH_HD Csr5LanePartial<typename SR::value_type> csr5_lane_walk(const Csr5Arrays<Stored>& a,
                                                                   const typename SR::value_type* x,
                                                                   Offset t, int lane,
                                                                   Emit&& emit) {
  using V = typename SR::value_type;
  const Offset base = t * a.tile_size() + Offset(lane);
  const int first_segment = a.y_offset(t, lane);
  // Entries before the lane's first flag belong to the segment before it (lane 0 has none).
  Vertex row = first_segment > 0 ? a.segment_row(t, Offset(first_segment - 1)) : a.tile_row(t);
  V head = SR::identity(), acc = SR::identity();
  int flags = 0;
  for (int j = 0; j < a.sigma; ++j) {
    if ((a.step_mask(t, j) >> lane) & 1) {
      if (flags == 0)
        head = acc;
      else
        emit(Offset(first_segment + flags - 1), acc);
      row = a.segment_row(t, Offset(first_segment + flags));
      ++flags;
      acc = SR::identity();
    }
    acc = SR::add(acc, csr5_term<SR>(a, x, base + Offset(j) * Offset(a.omega), row));
  }
  if (flags == 0) return {acc, SR::identity(), 0};
  return {head, acc, flags};
}

/// An element of phase 2's segmented scan: a value, and whether a segment starts here.
template <class V>
struct Csr5ScanItem {
  V value;
  bool start;
};

/// The segmented-scan operator (associative for any monoid): a start on the right discards
/// what lies to its left.
template <class SR>
struct Csr5SegmentScan {
  using Item = Csr5ScanItem<typename SR::value_type>;
  SPGRAPH_HD Item operator()(const Item& left, const Item& right) const {
    return {right.start ? right.value : SR::add(left.value, right.value),
            left.start || right.start};
  }
};

/// Phase 2's input for a lane: its head, starting a segment at lane 0 and after a lane with a
/// flag.
template <class V>
SPGRAPH_HD Csr5ScanItem<V> csr5_scan_item(const Csr5LanePartial<V>& p, int lane,
                                          bool previous_lane_has_flag) {
  return {p.head, lane == 0 || previous_lane_has_flag};
}

/// The lane whose scan value closes lane `lane`'s last segment: lane + seg_offset + 1, or the
/// last lane when the segment runs past the tile; -1 when no lane follows (nothing to add).
template <class Stored>
SPGRAPH_HD int csr5_closing_lane(const Csr5Arrays<Stored>& a, Offset t, int lane) {
  const int j = lane + a.seg_offset(t, lane) + 1;
  if (j < a.omega) return j;
  return lane + 1 < a.omega ? a.omega - 1 : -1;
}

/// Phase 3 for a lane with flags: emits its last segment, tail ⊕ `closing` (the scan value at
/// csr5_closing_lane, or the identity when that is -1).
template <class SR, class Stored, class Emit>
SPGRAPH_HD void csr5_lane_finish(const Csr5Arrays<Stored>& a, Offset t, int lane,
                                 const Csr5LanePartial<typename SR::value_type>& p,
                                 typename SR::value_type closing, Emit&& emit) {
  if (p.flags == 0) return;
  emit(Offset(a.y_offset(t, lane) + p.flags - 1), SR::add(p.tail, closing));
}

/// Phase 3's destination: segment 0 to the tile's carry, any other to y[its row] with `=`.
template <class SR, class Stored>
struct Csr5TileOutput {
  const Csr5Arrays<Stored>* a;
  typename SR::value_type* y;
  typename SR::value_type* carry;  ///< this tile's carry slot
  Offset t;
  SPGRAPH_HD void operator()(Offset k, typename SR::value_type v) const {
    if (k == 0)
      *carry = v;
    else
      y[a->segment_row(t, k)] = v;
  }
};

/// Phase 5: row r's entries that lie in the tail, folded in CSR order.
template <class SR, class Stored>
SPGRAPH_HD typename SR::value_type csr5_tail_fold(const Csr5Arrays<Stored>& a,
                                                  const typename SR::value_type* x, Vertex r) {
  const Offset tail_begin = a.num_tiles * a.tile_size();
  const Offset b = a.row_ptr[r] > tail_begin ? a.row_ptr[r] : tail_begin;
  typename SR::value_type acc = SR::identity();
  for (Offset e = b; e < a.row_ptr[r + 1]; ++e) acc = SR::add(acc, csr5_term<SR>(a, x, e, r));
  return acc;
}

/// ANY: row r's answer, the term of its first entry (the identity for an empty row).
template <class SR, class Stored>
SPGRAPH_HD typename SR::value_type csr5_any_row_term(const Csr5Arrays<Stored>& a,
                                                     const typename SR::value_type* x, Vertex r) {
  const Offset e = a.row_ptr[r];
  if (e == a.row_ptr[r + 1]) return SR::identity();
  return csr5_term<SR>(a, x, a.stored_position(e), r);
}

}  // namespace spgraph
