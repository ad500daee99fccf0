// SPDX-License-Identifier: Apache-2.0
// CSR -> CSR5 conversion (Liu & Vinter, "CSR5", ICS'15 §3.3-3.5 and §5.5; W. Liu's thesis §6.3,
// Alg. 24-26), OpenMP-parallel over tiles. Per complete tile t (entries b = t·ωσ .. b+ωσ-1):
//   - first row r0 = the row holding entry b (upper_bound on row_ptr minus one: the rightmost
//     match, which Alg. 4's BINARY_SEARCH must return for empty rows to be skipped; only entries
//     < nnz are searched, so the reads past row_ptr[m] of Alg. 4's empty-row loop in the last
//     tile cannot happen), last row r1 likewise for entry b+ωσ-1;
//   - one pass over rows r0+1..r1 sets the flag of each non-empty row's first entry, counts
//     segments per lane (y_offset: exclusive scan of the counts) and finds dirty tiles (an empty
//     row strictly between r0 and r1 — exact, not the paper's conservative boundary test);
//   - seg_offset from the mask of lanes that hold a flag;
//   - col and val are transposed into new arrays (the source CSR is const).
// Dirty tiles then get their empty_offset lists (segment counts, exclusive scan, a second walk).
// Work O(nnz + nrows + tiles·log nrows); the tail (< ωσ entries) is copied in CSR order.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "engine/core/error.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/csr5/csr5.hpp"

namespace spgraph {

namespace csr5_detail {

/// dst[j·W + i] = src[i·σ + j] for one tile: lane i's σ consecutive entries become column i.
template <int W, class U>
inline void transpose_tile_fixed(U* dst, const U* src, int sigma) {
  for (int j = 0; j < sigma; ++j)
    for (int i = 0; i < W; ++i) dst[j * W + i] = src[i * sigma + j];
}

template <class U>
inline void transpose_tile(U* dst, const U* src, int omega, int sigma) {
  switch (omega) {
    case 4:
      return transpose_tile_fixed<4>(dst, src, sigma);
    case 8:
      return transpose_tile_fixed<8>(dst, src, sigma);
    case 16:
      return transpose_tile_fixed<16>(dst, src, sigma);
    default:
      for (int j = 0; j < sigma; ++j)
        for (int i = 0; i < omega; ++i) dst[j * omega + i] = src[i * sigma + j];
  }
}

/// The row holding entry e (e < nnz): the last r with row_ptr[r] <= e, searched in [lo, hi].
inline Vertex row_of_entry(const Offset* rp, Vertex lo, Vertex hi, Offset e) {
  return Vertex(std::upper_bound(rp + lo, rp + std::size_t(hi) + 1, e) - rp - 1);
}

}  // namespace csr5_detail

/// CSR5 view of `a` with tile shape `p` (1 <= ω <= 32, σ >= 1, ω·σ <= 2048; InvalidArgument
/// otherwise). The result points at a.row_ptr: keep `a` alive and unchanged while it is used.
template <class T>
Csr5<T> csr5_from_csr(const Csr<T>& a, Csr5Params p) {
  using C = Csr5<T>;
  if (p.omega < 1 || p.omega > C::kMaxOmega || p.sigma < 1 || p.omega * p.sigma > C::kMaxTile) {
    std::string msg = "csr5: tile shape omega=";
    msg += std::to_string(p.omega);
    msg += ", sigma=";
    msg += std::to_string(p.sigma);
    msg += " is outside 1 <= omega <= 32, sigma >= 1, omega*sigma <= 2048";
    throw InvalidArgument(msg);
  }
  C c;
  c.nrows = a.nrows;
  c.ncols = a.ncols;
  c.pattern = a.pattern;
  c.omega = p.omega;
  c.sigma = p.sigma;
  c.nnz = a.nnz();
  c.row_ptr = a.row_ptr.data();
  const int w = p.omega, s = p.sigma, fb = c.flag_bytes();
  const Offset tile = c.tile_size(), nnz = c.nnz;
  const Offset nt = nnz / tile;
  c.num_tiles = nt;
  c.tile_ptr.assign(nt + 1, 0);
  c.step_flags.assign(nt * Offset(s) * Offset(fb), 0);
  c.lane_desc.assign(nt * Offset(w), 0);
  c.eo_ptr.assign(nt + 1, 0);
  c.col.allocate(nnz);
  if (!a.pattern) c.val.allocate(nnz);

  const Offset* rp = a.row_ptr.data();
  const Vertex m = a.nrows;
  const Vertex* src_col = a.col.data();
  const auto* src_val = a.val.data();
  Vertex* dst_col = c.col.data();
  auto* dst_val = c.val.data();
  std::uint64_t* tp = c.tile_ptr.data();
  Offset* seg_count = c.eo_ptr.data();
  bool any_dirty = false;
  // Read only by the pragma: nvcc's front end (a .cu including this header) does not see it.
  [[maybe_unused]] const bool parallel = Offset(m) + nnz >= kMinParallelWork;

#pragma omp parallel for schedule(static) reduction(|| : any_dirty) if (parallel)
  for (std::int64_t ti = 0; ti < std::int64_t(nt); ++ti) {
    const Offset t = Offset(ti), b = t * tile;
    const Vertex r0 = csr5_detail::row_of_entry(rp, 0, m, b);
    const Vertex r1 = csr5_detail::row_of_entry(rp, r0, m, b + tile - 1);
    std::uint8_t* flags = c.step_flags.data() + t * Offset(s) * Offset(fb);
    int count[C::kMaxOmega] = {};
    std::uint32_t has = 1;  // lanes holding a flag; lane 0 has the forced one
    flags[0] |= 1;
    count[0] = 1;
    Offset segments = 1;
    for (Vertex r = r0 + 1; r <= r1; ++r) {
      if (rp[r] == rp[r + 1]) continue;
      const Offset q = rp[r] - b;
      const int lane = int(q / Offset(s)), step = int(q % Offset(s));
      flags[step * fb + lane / 8] |= std::uint8_t(1u << (lane % 8));
      ++count[lane];
      has |= std::uint32_t(1) << lane;
      ++segments;
    }
    const bool dirty = Offset(r1 - r0) + 1 != segments;
    std::uint64_t word = r0;
    if (dirty) word |= C::kDirty;
    if (r1 == r0) word |= C::kSingleRow;
    tp[t] = word;
    seg_count[t] = dirty ? segments : 0;
    any_dirty = any_dirty || dirty;
    std::uint16_t* desc = c.lane_desc.data() + t * Offset(w);
    int before = 0;
    for (int i = 0; i < w; ++i) {
      int seg = 0;
      if ((has >> i) & 1)
        while (i + seg + 1 < w && !((has >> (i + seg + 1)) & 1)) ++seg;
      desc[i] = std::uint16_t(before | (seg << C::kYOffsetBits));
      before += count[i];
    }
    csr5_detail::transpose_tile(dst_col + b, src_col + b, w, s);
    if (!a.pattern) csr5_detail::transpose_tile(dst_val + b, src_val + b, w, s);
  }

  // The first tail row, and the tail itself in CSR order.
  tp[nt] = nt * tile < nnz ? csr5_detail::row_of_entry(rp, 0, m, nt * tile) : m;
  std::copy(src_col + nt * tile, src_col + nnz, dst_col + nt * tile);
  if (!a.pattern) std::copy(src_val + nt * tile, src_val + nnz, dst_val + nt * tile);

  if (!any_dirty) {
    c.eo_ptr.clear();
    c.eo_ptr.shrink_to_fit();
    return c;
  }
  Offset total = 0;
  for (Offset t = 0; t <= nt; ++t) {
    const Offset n = seg_count[t];
    seg_count[t] = total;
    total += n;
  }
  c.empty_offset.resize(total);
  Vertex* eo = c.empty_offset.data();
#pragma omp parallel for schedule(static) if (parallel)
  for (std::int64_t ti = 0; ti < std::int64_t(nt); ++ti) {
    const Offset t = Offset(ti);
    if (!(tp[t] & C::kDirty)) continue;
    const Vertex r0 = Vertex(tp[t] & C::kRowMask);
    const Vertex r1 = csr5_detail::row_of_entry(rp, r0, m, (t + 1) * tile - 1);
    Vertex* out = eo + c.eo_ptr[t];
    *out++ = 0;
    for (Vertex r = r0 + 1; r <= r1; ++r)
      if (rp[r] != rp[r + 1]) *out++ = r - r0;
  }
  return c;
}

/// CSR5 view of `a` with this CPU's default tile shape for its value type.
template <class T>
Csr5<T> csr5_from_csr(const Csr<T>& a) {
  return csr5_from_csr(a, csr5_default_params<T>());
}

}  // namespace spgraph
