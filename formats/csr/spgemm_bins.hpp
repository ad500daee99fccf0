// SPDX-License-Identifier: Apache-2.0
// Row bins of the hash SpGEMM (formats/csr/spgemm_hash_cpu.hpp): which accumulator a row of
// C = A·B uses, chosen from the row's key bound (its intermediate-product count, capped by the
// number of columns, plus the mask entries pre-inserted for it).
//
// Source: Nagasaka, Nukada & Matsuoka, "High-performance and Memory-saving SpGEMM for NVIDIA
// Pascal GPU", ICPP 2017, §III-D and Table I (P100). The group boundaries by product count are
// the paper's: 0-32 (PWARP/ROW), 33-512, 513-1024, 1025-2048, 2049-4096, 4097-8192, and 8193+
// (global-memory tables). Adapted here to CPU threads (the paper targets GPUs only):
//   - one thread owns a row, so the paper's shared-memory tables become one per-thread table,
//     reused across rows, of which a row uses the first 2^table_log2 slots;
//   - a table holds at least twice the row's key bound (load factor <= 1/2; the paper's symbolic
//     tables run at load <= 1), so linear probing stays short and always terminates;
//   - the smallest group (the paper's PWARP rows) gathers its few products and sorts them
//     instead of hashing;
//   - the 8193+ group needs no failure path: its table is sized per row;
//   - in any hashed group, a row whose key bound is a large fraction of the columns uses a
//     dense accumulator (formats/csr/spgemm_accumulators.hpp) instead of a table: direct
//     indexing into an array not much larger than the table would be.
#pragma once

#include <cstdint>
#include <limits>

#include "engine/core/types.hpp"

namespace spgraph {

/// The accumulator a row of the product uses.
enum class SpgemmRowKind : std::uint8_t {
  Empty,   ///< no products: the row of C is empty
  Direct,  ///< few products: gather them, sort, combine equal columns
  Hash,    ///< hash table of 2^table_log2 slots (linear probing)
  Large,   ///< hash table sized for this row
};

/// One bin: rows whose key bound is at most max_keys (and above the previous bin's).
struct SpgemmBin {
  Offset max_keys;
  SpgemmRowKind kind;
  unsigned table_log2;  ///< Hash bins: the table size used by every row of the bin
};

// clang-format off
/// Bins in increasing order of key bound (paper Table I groups, CPU table sizes = 2 x bound).
inline constexpr SpgemmBin kSpgemmBins[] = {
    {0,    SpgemmRowKind::Empty,  0},
    {32,   SpgemmRowKind::Direct, 0},
    {512,  SpgemmRowKind::Hash,   10},
    {1024, SpgemmRowKind::Hash,   11},
    {2048, SpgemmRowKind::Hash,   12},
    {4096, SpgemmRowKind::Hash,   13},
    {8192, SpgemmRowKind::Hash,   14},
    {std::numeric_limits<Offset>::max(), SpgemmRowKind::Large, 0},
};
// clang-format on

/// A Hash or Large row uses the dense accumulator when its key bound is at least ncols / this
/// divisor, i.e. when the row may fill a good part of the columns: its hash table would then be
/// at least a quarter of the dense array. A Large row's hash table otherwise has
/// 2^ceil(log2(2 x bound)) slots.
inline constexpr Offset kSpgemmDenseDivisor = 8;

/// Every Hash or Large row uses the dense accumulator when its arrays (a 4-byte mark and a
/// value per column) fit in this many bytes, i.e. in a core's L2 cache with room to spare:
/// direct indexing into a cache-resident array then beats probing a smaller table (measured on
/// the FE-mesh and social matrices of ../shared/data, see bench/RESULTS.md).
inline constexpr Offset kSpgemmDenseBytes = Offset(1) << 20;

/// Products with fewer intermediate products (plus rows) than this run on one thread.
inline constexpr Offset kSpgemmMinParallelWork = Offset(1) << 18;

/// A row with a mask checks the mask by pre-inserting the mask row into its accumulator when
/// the mask row has at most this many times the row's product count; otherwise each product
/// looks its column up in the sorted mask row (binary search), so a long mask row costs
/// log |M(i,:)| per product instead of |M(i,:)| per row.
inline constexpr Offset kSpgemmMaskScatterRatio = 2;

/// The bin of a row whose accumulator must hold at most `keys` distinct columns.
constexpr const SpgemmBin& spgemm_bin_for(Offset keys) {
  for (const SpgemmBin& b : kSpgemmBins)
    if (keys <= b.max_keys) return b;
  return kSpgemmBins[std::size(kSpgemmBins) - 1];
}

}  // namespace spgraph
