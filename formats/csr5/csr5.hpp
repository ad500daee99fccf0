// SPDX-License-Identifier: Apache-2.0
// CSR5 storage (Liu & Vinter, ICS'15 §3; W. Liu's thesis §6.3): the nonzeros of a CSR matrix cut
// into tiles of ω·σ consecutive entries, each complete tile transposed so that lane i (of ω) owns
// σ consecutive entries and step j of all lanes is contiguous; per tile a start row (tile_ptr)
// and a descriptor (bit flags, y_offset, seg_offset, empty_offset). Entries after the last
// complete tile (the tail) stay in CSR order and are reduced row by row.
//
// Layout used here (our packing, equivalent in content to the paper's §3.5 words):
//   tile_ptr[t]      uint64: bits 0..31 the row of entry t·ωσ; bit 63 "dirty" (an empty row lies
//                    strictly between the tile's first and last row, so segment k is not row
//                    r0+k and empty_offset is needed); bit 62 "single row" (the whole tile lies in
//                    one row: the paper's fast track). tile_ptr[num_tiles] = the first tail row
//                    (nrows when there is no tail). Vertex is 32-bit, so every row fits.
//   step_flags       one ω-bit mask per (tile, step), flag_bytes() bytes each, bit i = "entry
//                    (lane i, step j) starts a row" (the paper's bit_flag, stored step-major: it is
//                    the lane mask a SIMD step needs). Bit 0 of step 0 is always set (paper §3.4).
//   lane_desc        one uint16 per (tile, lane): y_offset (bits 0..10; number of flags in lanes
//                    < i) | seg_offset << 11 (bits 11..15; number of flag-free lanes right after a
//                    lane that has a flag, else 0). Hence ω ≤ 32 and ω·σ ≤ 2048.
//   eo_ptr/empty_offset  for dirty tiles, one entry per segment (flag) in CSR order: its row
//                    minus the tile's first row (paper §3.4: one per segment, as Alg 7 prints it).
//                    eo_ptr is empty when no tile is dirty.
//   col, val         nnz entries: complete tiles transposed (stored index t·ωσ + j·ω + i holds
//                    CSR entry t·ωσ + i·σ + j, every tile including single-row ones), then the
//                    tail copied in CSR order. val is empty for pattern matrices.
// The view keeps a pointer to the source CSR's row_ptr (used by the tail): a Csr5 must not
// outlive, or see changes to, the Csr it was built from (the engine caches it next to the CSR and
// drops both together). Nothing else of the source is referenced.
//
// Sources: W. Liu and B. Vinter, "CSR5: An Efficient Storage Format for Cross-Platform Sparse
// Matrix-Vector Multiplication", ICS 2015 ("ICS'15" in formats/csr5/): §3 the format, §4 and
// Alg. 8 the SpMV, §5.5 the conversion cost; W. Liu, "Parallel and Scalable Sparse Basic Linear
// Algebra Subprograms", PhD thesis, Copenhagen 2015 ("W. Liu's thesis"): §6.3 and §8.5; the
// authors' reference code, Benchmark_SpMV_using_CSR5 (github.com/weifengliu-ssslab), whose
// calibrators merge the rows that cross tiles here in place of the paper's atomic adds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "engine/core/types.hpp"
#include "formats/csr5/csr5_isa.hpp"

namespace spgraph {

/// CSR5 tile shape: ω lanes (SIMD width in elements) × σ steps per lane.
struct Csr5Params {
  int omega;
  int sigma;
};

/// Storage of an nrows × ncols matrix in CSR5 form (see the layout above).
template <class T>
struct Csr5 {
  using value_store = stored_value_t<T>;
  static constexpr std::uint64_t kDirty = std::uint64_t(1) << 63;
  static constexpr std::uint64_t kSingleRow = std::uint64_t(1) << 62;
  static constexpr std::uint64_t kRowMask = 0xFFFFFFFFu;
  static constexpr int kYOffsetBits = 11;
  static constexpr int kMaxOmega = 32;
  static constexpr int kMaxTile = 1 << kYOffsetBits;

  /// A heap array that is not value-initialised (conversion writes every entry once), 64-byte
  /// aligned so that a step of a tile is an aligned vector load when ω·sizeof fills a line.
  /// Arrays of 4 MiB or more are 2 MiB aligned and offered to transparent huge pages
  /// (madvise): first-touch page faults were most of the conversion time with 4 KiB pages.
  template <class U>
  struct Buffer {
    static_assert(std::is_trivially_copyable_v<U>);
    static constexpr std::size_t kHuge = std::size_t(2) << 20;
    static std::size_t alignment(std::size_t n) { return n * sizeof(U) >= 2 * kHuge ? kHuge : 64; }
    struct Free {
      std::size_t align = 64;
      void operator()(U* p) const { ::operator delete(p, std::align_val_t(align)); }
    };
    std::unique_ptr<U, Free> ptr;
    std::size_t count = 0;
    void allocate(std::size_t n) {
      count = n;
      if (n == 0) {
        ptr.reset();
        return;
      }
      const std::size_t align = alignment(n);
      void* p = ::operator new(n * sizeof(U), std::align_val_t(align));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
      if (align == kHuge) madvise(p, n * sizeof(U) / kHuge * kHuge, MADV_HUGEPAGE);
#endif
      ptr = std::unique_ptr<U, Free>(static_cast<U*>(p), Free{align});
    }
    U* data() {
      return ptr.get();
    }
    const U* data() const {
      return ptr.get();
    }
    std::size_t size() const {
      return count;
    }
  };

  Vertex nrows = 0;
  Vertex ncols = 0;
  bool pattern = false;
  int omega = 0;
  int sigma = 0;
  Offset nnz = 0;
  Offset num_tiles = 0;  ///< complete tiles; entries from num_tiles·ωσ on are the tail
  const Offset* row_ptr = nullptr;  ///< the source CSR's row_ptr (nrows + 1 entries), not owned
  std::vector<std::uint64_t> tile_ptr;
  std::vector<std::uint8_t> step_flags;
  std::vector<std::uint16_t> lane_desc;
  std::vector<Offset> eo_ptr;
  std::vector<Vertex> empty_offset;
  Buffer<Vertex> col;
  Buffer<value_store> val;

  Offset tile_size() const {
    return Offset(omega) * Offset(sigma);
  }
  /// Bytes per step mask: 1, 2 or 4.
  int flag_bytes() const {
    return omega <= 8 ? 1 : omega <= 16 ? 2 : 4;
  }
  Vertex tile_row(Offset t) const {
    return Vertex(tile_ptr[t] & kRowMask);
  }
  bool tile_dirty(Offset t) const {
    return (tile_ptr[t] & kDirty) != 0;
  }
  bool tile_single_row(Offset t) const {
    return (tile_ptr[t] & kSingleRow) != 0;
  }
  /// Lane mask of step j of tile t.
  std::uint32_t step_mask(Offset t, int j) const {
    const std::size_t fb = std::size_t(flag_bytes());
    std::uint32_t m = 0;
    std::memcpy(&m, step_flags.data() + (t * Offset(sigma) + Offset(j)) * fb, fb);
    return m;  // little-endian x86: the low bytes hold the mask
  }
  int y_offset(Offset t, int lane) const {
    return lane_desc[t * Offset(omega) + Offset(lane)] & (kMaxTile - 1);
  }
  int seg_offset(Offset t, int lane) const {
    return lane_desc[t * Offset(omega) + Offset(lane)] >> kYOffsetBits;
  }
  /// The row of segment k (0 = the tile's first segment) of tile t.
  Vertex segment_row(Offset t, Offset k) const {
    return tile_row(t) + (tile_dirty(t) ? empty_offset[eo_ptr[t] + k] : Vertex(k));
  }
  /// Bytes held by this view (the referenced row_ptr is not counted: it belongs to the CSR).
  std::size_t bytes() const {
    return tile_ptr.capacity() * sizeof(std::uint64_t) + step_flags.capacity() +
           lane_desc.capacity() * sizeof(std::uint16_t) + eo_ptr.capacity() * sizeof(Offset) +
           empty_offset.capacity() * sizeof(Vertex) + col.size() * sizeof(Vertex) +
           val.size() * sizeof(value_store);
  }
};

/// Defaults for this CPU, chosen at run time: ω = the widest vector (AVX-512: 64 bytes, else 32
/// bytes as with AVX2) over the stored value size — 8 doubles / int64 or 16 floats / int32 on
/// AVX-512, 4 / 8 on AVX2. bool matrices (almost always patterns, which store no values) get ω
/// for 64-bit x and y, the type the vectorised pattern kernels use (plus or min over double x).
/// σ: the paper's CPU rule is σ = 16 (ICS'15 §3.2), kept after measuring σ = 4..32 here (2 threads,
/// kron scale 20 with edge factor 16, 31.4M entries; plus_times double; minimum of 15
/// interleaved runs on a shared 2-core VM, so ±10% is noise). SpMV ms, ω = 8 AVX-512:
///   σ        4     8    12    16    20    24    32
///   pattern 46.7  44.9  43.4  44.3  42.1  41.4  43.5   (CSR 48.1)
///   valued  86.7  80.9  84.9  79.5  79.7  82.7  81.1   (CSR 94.6)
/// SpMV time is flat from σ = 8 on; conversion falls with σ (pattern 130 ms at σ = 4, 78 at 16,
/// 72 at 24-32) because tiles get fewer. ω = 4 AVX2 was slower below σ = 12. σ = 16 sits on the
/// flat part for both; bench/csr5_bench.cpp --sigmas re-measures.
template <class T>
Csr5Params csr5_default_params() {
  const int vector_bytes = csr5_cpu_isa() == Csr5Isa::Avx512 ? 64 : 32;
  const int elem = std::is_same_v<T, bool> ? 8 : int(sizeof(stored_value_t<T>));
  return Csr5Params{vector_bytes / elem, 16};
}

}  // namespace spgraph
