// SPDX-License-Identifier: Apache-2.0
// The device Dynamic CSR run on the host: the same arrays as the CUDA driver (dcsr_update_cuda.cu,
// dcsr_query_cuda.cu) in host vectors, and the same per-row and per-lane functions
// (dcsr_merge_lanes.hpp, dcsr_segment_lanes.hpp) called row after row and lane after lane, where
// the device runs one thread per touched row (the merge) or one warp per row (SpMV, BFS, the
// defragmentation's copy). The phases of a batch are the device's:
//   1. sort the batch by (row, column), batch order kept among equal keys: std::stable_sort
//      here, a stable CUB radix sort of (row << 32 | column) keys on the device;
//   2. cut it into groups, one per touched row (a flagged select on the device);
//   3. merge each group into its row (dcsr_merge_row), then dcsr_merge_batch's loop: pending
//      rows after a defragmentation into a larger pool, and the space check.
// It is the CPU's check on the logic the kernels are built from (tests/unit/formats run the
// Dynamic CSR model test against it), not a fast format: serial.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

#include "engine/core/edge_update.hpp"
#include "engine/core/semiring.hpp"
#include "formats/csr/csr.hpp"
#include "formats/dcsr/dcsr_device_driver.hpp"
#include "formats/dcsr/dcsr_segment_lanes.hpp"

namespace spgraph {

template <class T, class CombineOp = PlusOp<T>>
class DcsrEmulated {
 public:
  using S = stored_value_t<T>;
  /// The warp width the lane functions are run with, as on the device.
  static constexpr unsigned kLanes = 32;

  DcsrEmulated(Vertex nrows, Vertex ncols, bool pattern, DcsrParams params)
      : nrows_(nrows), ncols_(ncols), pattern_(pattern), params_(params) {
    if (params_.max_segments < 1 || params_.max_segments > 255)
      throw InvalidArgument("device Dynamic CSR: max_segments must be 1 to 255");
    if (params_.duplicates == DuplicatePolicy::Reject)
      throw InvalidArgument("device Dynamic CSR: the duplicate policy 'reject' does not apply");
    resize_rows(nrows);
  }
  /// A copy of `a`: one segment per row, no slack (paper, section III.A, "From CSR").
  static DcsrEmulated from_csr(const Csr<T>& a, DcsrParams params) {
    DcsrEmulated d(a.nrows, a.ncols, a.pattern, params);
    d.col_ = a.col;
    if (!a.pattern) d.val_.assign(a.val.begin(), a.val.end());
    for (Vertex r = 0; r < a.nrows; ++r) {
      d.size_[r] = std::uint32_t(a.row_ptr[r + 1] - a.row_ptr[r]);
      dcsr_row_set_compact(d.arrays(), r, a.row_ptr[r]);
    }
    d.live_ = d.bump_ = a.nnz();
    d.col_.resize(dcsr_pool_capacity(params, a.nnz(), 0));
    if (!a.pattern) d.val_.resize(d.col_.size());
    return d;
  }

  Vertex nrows() const { return nrows_; }
  Vertex ncols() const { return ncols_; }
  Offset nvals() const { return live_; }
  std::uint64_t version() const { return version_; }

  /// Grows the dimensions (new rows are empty).
  void resize(Vertex nrows, Vertex ncols) {
    if (nrows < nrows_ || ncols < ncols_)
      throw InvalidArgument("device Dynamic CSR: resize cannot shrink");
    resize_rows(nrows);
    ncols_ = ncols;
  }

  /// Applies a batch whole (indices in range: the caller validated them). `counted`, when not
  /// empty, says which updates count in the result (a graph's mirrored arcs do not).
  DcsrDeviceResult apply(std::span<const UpdateKind> kinds, std::span<const Vertex> rows,
                         std::span<const Vertex> cols, std::span<const T> vals,
                         std::span<const std::uint8_t> counted = {}) {
    const std::size_t n = rows.size();
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
      return rows[x] != rows[y] ? rows[x] < rows[y] : cols[x] < cols[y];
    });
    bcol_.resize(n);
    bkind_.resize(n);
    bval_.resize(pattern_ ? 0 : n);
    bcounted_.resize(counted.empty() ? 0 : n);
    group_row_.clear();
    group_begin_.clear();
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t k = order[i];
      bcol_[i] = cols[k];
      bkind_[i] = std::uint8_t(kinds.empty() ? UpdateKind::Insert : kinds[k]);
      if (!pattern_) bval_[i] = S(vals[k]);
      if (!counted.empty()) bcounted_[i] = counted[k];
      if (i == 0 || rows[k] != rows[order[i - 1]]) {
        group_row_.push_back(rows[k]);
        group_begin_.push_back(std::uint32_t(i));
      }
    }
    group_begin_.push_back(std::uint32_t(n));
    found_.assign(n, 0);
    found_val_.assign(pattern_ ? 0 : n, S{});
    kill_.assign(n, 0);
    done_.assign(group_row_.size(), 0);
    const DcsrMergeParams m = dcsr_merge_params(
        params_, pattern_, dcsr_batch_needs_lookups(params_.duplicates, kinds), live_, nrows_);
    const DcsrDeviceResult r = dcsr_merge_batch(*this, params_, m);
    ++version_;
    return r;
  }

  /// Compacts every row into one segment with no slack (Alg. 4), in a pool of the params'
  /// growth times the entries.
  void defragment() { defragment(dcsr_pool_capacity(params_, live_, 0)); }

  /// An independent compact copy (what a device snapshot is: dcsr_cuda.hpp).
  DcsrEmulated freeze() const {
    DcsrEmulated c = *this;
    c.defragment(live_);
    return c;
  }

  /// y = A ⊕.⊗ x, each row folded by kLanes lanes whose parts are then ⊕-ed in lane order.
  template <class SR>
  void spmv(const typename SR::value_type* x, typename SR::value_type* y) const {
    const DcsrDeviceArrays<S> a = arrays();
    for (Vertex r = 0; r < nrows_; ++r) {
      typename SR::value_type acc = SR::identity();
      for (unsigned lane = 0; lane < kLanes; ++lane)
        acc = SR::add(acc, dcsr_row_lane_fold<SR>(a, x, r, lane, kLanes));
      y[r] = acc;
    }
  }

  /// Levels of a level-synchronous BFS from `source` (kNoVertex where unreached), each frontier
  /// vertex's row pushed by kLanes lanes.
  std::vector<Vertex> bfs_levels(Vertex source) const {
    std::vector<Vertex> level(nrows_, kNoVertex);
    std::vector<Vertex> frontier{source}, next;
    level[source] = 0;
    const DcsrDeviceArrays<S> a = arrays();
    for (Vertex depth = 1; !frontier.empty(); ++depth) {
      next.clear();
      for (const Vertex u : frontier)
        for (unsigned lane = 0; lane < kLanes; ++lane)
          dcsr_row_lane_neighbors(a, u, lane, kLanes, [&](Vertex v) {
            if (level[v] == kNoVertex) {
              level[v] = depth;
              next.push_back(v);
            }
          });
      frontier.swap(next);
    }
    return level;
  }

  /// Entries of row r.
  Offset degree(Vertex r) const { return size_[r]; }

  /// Every entry, row by row in storage order.
  DcsrDeviceContents<T> download() const {
    DcsrDeviceContents<T> c;
    c.row_ptr.assign(std::size_t(nrows_) + 1, 0);
    for (Vertex r = 0; r < nrows_; ++r) c.row_ptr[r + 1] = c.row_ptr[r] + size_[r];
    c.col.resize(live_);
    if (!pattern_) c.val.resize(live_);
    const DcsrDeviceArrays<S> a = arrays();
    for (Vertex r = 0; r < nrows_; ++r)
      dcsr_row_lane_copy(a, r, 0, 1, c.col.data(), pattern_ ? nullptr : c.val.data(), c.row_ptr[r]);
    return c;
  }

  DcsrStats stats() const {
    DcsrStats s;
    s.live = live_;
    s.allocated = bump_;
    s.capacity = col_.size();
    s.dead = bump_ - live_;
    for (Vertex r = 0; r < nrows_; ++r) s.multi_segment_rows += nseg_[r] > 1;
    s.defragmentations = defrags_;
    s.generation = defrags_;
    return s;
  }

  // --- the Engine of dcsr_merge_batch ---
  DcsrRowCounts merge_pass(const DcsrMergeParams& m) {
    const DcsrDeviceArrays<S> a = arrays();
    const DcsrDeviceBatch<S> b = batch();
    DcsrRowCounts total;
    for (std::uint32_t g = 0; g < b.groups; ++g) {
      const DcsrRowCounts t = dcsr_merge_row<T, CombineOp>(a, b, g, m);
      for (unsigned i = 0; i < kDcsrCounters; ++i) total.c[i] += t.c[i];
    }
    return total;
  }
  /// Alg. 4: an exclusive scan of the sizes, then each row copied (by lanes) to its place in a
  /// pool of `capacity` slots.
  void defragment(Offset capacity) {
    std::vector<Offset> start(std::size_t(nrows_) + 1, 0);
    for (Vertex r = 0; r < nrows_; ++r) start[r + 1] = start[r] + size_[r];
    std::vector<Vertex> col(std::max(capacity, start[nrows_]));
    std::vector<S> val(pattern_ ? 0 : col.size());
    const DcsrDeviceArrays<S> a = arrays();
    for (Vertex r = 0; r < nrows_; ++r)
      for (unsigned lane = 0; lane < kLanes; ++lane)
        dcsr_row_lane_copy(a, r, lane, kLanes, col.data(), pattern_ ? nullptr : val.data(),
                           start[r]);
    col_.swap(col);
    val_.swap(val);
    const DcsrDeviceArrays<S> b = arrays();
    for (Vertex r = 0; r < nrows_; ++r) dcsr_row_set_compact(b, r, start[r]);
    live_ = bump_ = start[nrows_];
    ++defrags_;
  }
  Offset live() const { return live_; }
  void add_live(std::int64_t d) { live_ = Offset(std::int64_t(live_) + d); }
  Offset allocated() const { return std::min<Offset>(bump_, col_.size()); }

 private:
  void resize_rows(Vertex n) {
    seg_start_.resize(std::size_t(n) * params_.max_segments, 0);
    seg_cap_.resize(std::size_t(n) * params_.max_segments, 0);
    nseg_.resize(n, 0);
    size_.resize(n, 0);
    nrows_ = n;
  }
  DcsrDeviceArrays<S> arrays() const {
    auto* self = const_cast<DcsrEmulated*>(this);  // the views share one type for reads and writes
    DcsrDeviceArrays<S> a;
    a.nrows = nrows_;
    a.ncols = ncols_;
    a.k = params_.max_segments;
    a.seg_start = self->seg_start_.data();
    a.seg_cap = self->seg_cap_.data();
    a.nseg = self->nseg_.data();
    a.size = self->size_.data();
    a.col = self->col_.data();
    a.val = pattern_ ? nullptr : self->val_.data();
    a.capacity = col_.size();
    a.bump = &self->bump_;
    return a;
  }
  DcsrDeviceBatch<S> batch() {
    DcsrDeviceBatch<S> b;
    b.col = bcol_.data();
    b.kind = bkind_.data();
    b.val = pattern_ ? nullptr : bval_.data();
    b.counted = bcounted_.empty() ? nullptr : bcounted_.data();
    b.group_row = group_row_.data();
    b.group_begin = group_begin_.data();
    b.groups = std::uint32_t(group_row_.size());
    b.found = found_.data();
    b.found_val = pattern_ ? nullptr : found_val_.data();
    b.kill = kill_.data();
    b.done = done_.data();
    return b;
  }

  Vertex nrows_ = 0, ncols_ = 0;
  bool pattern_ = false;
  DcsrParams params_;
  std::vector<Offset> seg_start_;
  std::vector<std::uint32_t> seg_cap_;
  std::vector<std::uint8_t> nseg_;
  std::vector<std::uint32_t> size_;
  std::vector<Vertex> col_;
  std::vector<S> val_;
  unsigned long long bump_ = 0;
  Offset live_ = 0;
  std::uint64_t version_ = 0, defrags_ = 0;
  // The sorted batch and the merge's scratch.
  std::vector<Vertex> bcol_, group_row_;
  std::vector<std::uint8_t> bkind_, bcounted_, kill_, done_;
  std::vector<S> bval_, found_val_;
  std::vector<std::uint32_t> group_begin_, found_;
};

}  // namespace spgraph
