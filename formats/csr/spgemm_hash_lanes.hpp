// SPDX-License-Identifier: Apache-2.0
// The per-thread logic of the device hash SpGEMM (formats/csr/spgemm_hash_cuda.cu), shared with
// its host emulation (spgemm_hash_emulated.hpp), which the CPU tests run against the CPU kernel:
// the bin rule and table sizes, the hash insert with linear probing, the products a thread of a
// row group visits, the mask check, and the compaction and ranking that write a row sorted.
//
// Source: Nagasaka, Nukada & Matsuoka, "High-performance and Memory-saving SpGEMM for NVIDIA
// Pascal GPU", ICPP 2017:
//   - §III-A, Alg. 2: rows are grouped by their number of intermediate products (symbolic) and
//     by their exact entry count (numeric, the paper's step 6);
//   - §III-B-1, Alg. 3 and 4: PWARP/ROW (4 threads per row, one per entry of A's row) for the
//     smallest group, TB/ROW (a block per row, a warp per entry of A's row, a thread per entry of
//     B's row) for the others;
//   - §III-B-2, Alg. 5: open addressing with linear probing, hash = key·HASH_SCAL mod size (size
//     a power of two), slots claimed by compare-and-swap from -1 (here 0xFFFFFFFF);
//   - §III-C: the numeric phase keeps a value per slot, gathers the occupied slots and ranks
//     each entry by counting the smaller keys, which writes the row sorted;
//   - §III-D, Table I: the groups and block sizes; the largest group uses global-memory tables.
// Changes from the paper, each for a reason:
//   - tables hold twice the bin's key bound (load <= 1/2), as the CPU kernel's do
//     (formats/csr/spgemm_bins.hpp), so every shared bin gives each thread exactly
//     kSpgemmSlotsPerThread slots to compact, and the largest shared table (8192 slots, 96 KiB
//     with 8-byte values) uses the opt-in shared memory of sm_80 and sm_90 (164/227 KiB);
//   - the symbolic groups are by key bound, min(products, columns, allowed mask entries),
//     rather than by products alone, so a masked or narrow product gets a smaller table; a row
//     whose bound exceeds the largest shared table goes to a global table sized for it, so the
//     paper's "retry rows that overflowed" pass is not needed;
//   - masks: each product looks its column up in the sorted mask row (binary search) before it
//     touches the table, so a masked product skips what the mask rules out and the table holds
//     only keys (one compare-and-swap per insert, no per-slot state); a complemented mask skips
//     the columns it lists;
//   - any semiring: values start at the monoid's identity and are combined with a
//     compare-and-swap loop (atomicAdd where the monoid is plus on a native type); under an ANY
//     monoid the thread that inserts the key writes the value and the others leave it;
//   - the global group's rows are written unsorted and sorted after (CUB segmented sort): ranking
//     by counting is quadratic in the row.
// Every function here is one thread's share of a step; the kernel separates the steps by block
// barriers, and the emulation runs the threads of a row one after another, step by step.
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/core/host_device.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// An empty table slot (the paper's -1).
inline constexpr Vertex kSpgemmEmptyKey = 0xFFFFFFFFu;
/// The paper's HASH_SCAL: keys are multiplied by it before the modulus.
inline constexpr std::uint64_t kSpgemmHashScale = 107;
/// Slots each thread of a shared-memory bin owns in the compaction step.
inline constexpr unsigned kSpgemmSlotsPerThread = 8;

/// A device bin: rows whose key bound is at most max_keys (and above the previous bin's).
struct SpgemmDeviceBin {
  Offset max_keys;
  unsigned table_log2;       ///< slots per row: 2^table_log2 (0: the global bin, sized per row)
  unsigned threads_per_row;  ///< 4 (PWARP/ROW) or the block (TB/ROW)
  unsigned block;            ///< threads per block
};

inline constexpr int kSpgemmDeviceBinCount = 8;
/// The bin of the rows with global-memory tables.
inline constexpr int kSpgemmGlobalBin = kSpgemmDeviceBinCount - 1;

/// Bin b's parameters (paper Table I, numeric column, tables at twice the bound; see the file
/// header). A formula rather than a table, so that device code can call it:
///   bin  max keys  slots   threads/row    block
///   0    0         -       -              -      no products (or none allowed): empty row
///   1    16        32      4 (PWARP/ROW)  256    64 rows per block
///   2    256       512     64 (TB/ROW)    64
///   3    512       1024    128            128
///   4    1024      2048    256            256
///   5    2048      4096    512            512
///   6    4096      8192    1024           1024   the largest shared table
///   7    more      2·keys  1024           1024   global-memory tables, one per row
SPGRAPH_HD constexpr SpgemmDeviceBin spgemm_device_bin_params(int b) {
  if (b <= 0) return {0, 0, 0, 0};
  if (b == 1) return {16, 5, 4, 256};
  if (b >= kSpgemmGlobalBin) return {~Offset(0), 0, 1024, 1024};
  return {Offset(128) << (b - 1), unsigned(b + 7), 32u << (b - 1), 32u << (b - 1)};
}

/// Each shared bin gives each thread of a row kSpgemmSlotsPerThread slots (compaction step),
/// and its table holds at least twice its keys.
constexpr bool spgemm_bins_fit_chunks() {
  for (int b = 1; b < kSpgemmGlobalBin; ++b) {
    const SpgemmDeviceBin p = spgemm_device_bin_params(b);
    if ((Offset(1) << p.table_log2) != Offset(p.threads_per_row) * kSpgemmSlotsPerThread ||
        (Offset(1) << p.table_log2) < 2 * p.max_keys || p.block % p.threads_per_row != 0)
      return false;
  }
  return true;
}
static_assert(spgemm_bins_fit_chunks());

/// The value word of a table slot: V, or a 32-bit word for 1-byte V (compare-and-swap works on
/// 4- and 8-byte words).
template <class V>
using spgemm_table_word_t = std::conditional_t<(sizeof(V) < 4), std::uint32_t, V>;

/// Rows each bin took, per phase: what the tests check to know a path ran.
struct SpgemmBinRows {
  Offset symbolic[kSpgemmDeviceBinCount] = {};
  Offset numeric[kSpgemmDeviceBinCount] = {};
};

/// The bin of a row whose table must hold at most `keys` keys; rows with keys go to bin
/// `min_bin` at least (tests force every path with it; 0 or 1 = the natural bin).
SPGRAPH_HD constexpr int spgemm_device_bin(Offset keys, int min_bin = 0) {
  if (keys == 0) return 0;
  int b = 1;
  while (b < kSpgemmGlobalBin && keys > spgemm_device_bin_params(b).max_keys) ++b;
  return b < min_bin ? min_bin : b;
}

/// log2 of a global table's slots for a row of `keys` keys: the least power of two >= 2·keys.
SPGRAPH_HD constexpr unsigned spgemm_global_table_log2(Offset keys) {
  unsigned l = 1;
  while ((Offset(1) << l) < 2 * keys) ++l;
  return l;
}

/// A CSR matrix as the lanes read it (host or device pointers); val == nullptr: every value 1.
template <class S>
struct SpgemmCsrView {
  Vertex nrows = 0;
  Vertex ncols = 0;
  const Offset* row_ptr = nullptr;
  const Vertex* col = nullptr;
  const S* val = nullptr;
};

/// The mask as the lanes read it: the allowed pattern's rows (rows == nullptr: no mask), or,
/// complemented, the columns ruled out.
struct SpgemmMaskView {
  const Offset* row_ptr = nullptr;
  const Vertex* col = nullptr;
  bool complement = false;
};

/// Alg. 2: the intermediate products of row i.
template <class SA, class SB>
SPGRAPH_HD Offset spgemm_row_products(const SpgemmCsrView<SA>& a, const SpgemmCsrView<SB>& b,
                                      Vertex i) {
  Offset p = 0;
  for (Offset k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k)
    p += b.row_ptr[a.col[k] + 1] - b.row_ptr[a.col[k]];
  return p;
}

/// The key bound that bins row i in the symbolic phase: its products, capped by the columns
/// and, under a plain mask, by the allowed entries of its mask row (0: the row is empty).
SPGRAPH_HD inline Offset spgemm_key_bound(Offset products, Vertex ncols, const SpgemmMaskView& m,
                                          Vertex i) {
  Offset bound = products < Offset(ncols) ? products : Offset(ncols);
  if (m.row_ptr != nullptr && !m.complement) {
    const Offset allowed = m.row_ptr[i + 1] - m.row_ptr[i];
    if (allowed < bound) bound = allowed;
  }
  return bound;
}

/// Whether the mask allows column j of row i (binary search in the sorted mask row).
SPGRAPH_HD inline bool spgemm_mask_allows(const SpgemmMaskView& m, Vertex i, Vertex j) {
  if (m.row_ptr == nullptr) return true;
  Offset lo = m.row_ptr[i], hi = m.row_ptr[i + 1];
  while (lo < hi) {
    const Offset mid = lo + (hi - lo) / 2;
    if (m.col[mid] < j)
      lo = mid + 1;
    else
      hi = mid;
  }
  const bool listed = lo < m.row_ptr[i + 1] && m.col[lo] == j;
  return listed != m.complement;
}

/// Where a thread of a row group stands: it takes the entries sub, sub + subs, ... of A's row
/// and, for each, the entries lane, lane + lanes, ... of B's row (Alg. 3: subs = 4, lanes = 1;
/// Alg. 4: subs = warps of the block, lanes = 32).
struct SpgemmLane {
  unsigned sub;
  unsigned subs;
  unsigned lane;
  unsigned lanes;
};

/// The lane of thread t of a row group of `threads` threads (PWARP/ROW below 32 threads).
SPGRAPH_HD constexpr SpgemmLane spgemm_lane_of(unsigned t, unsigned threads) {
  return threads < 32 ? SpgemmLane{t, threads, 0, 1} : SpgemmLane{t / 32, threads / 32, t % 32, 32};
}

/// Calls visit(ka, kb, j) for the products of row i this lane owns that the mask allows.
template <class SA, class SB, class Visit>
SPGRAPH_HD void spgemm_lane_products(const SpgemmCsrView<SA>& a, const SpgemmCsrView<SB>& b,
                                     const SpgemmMaskView& m, Vertex i, SpgemmLane l,
                                     Visit&& visit) {
  for (Offset ka = a.row_ptr[i] + l.sub; ka < a.row_ptr[i + 1]; ka += l.subs) {
    const Vertex k = a.col[ka];
    for (Offset kb = b.row_ptr[k] + l.lane; kb < b.row_ptr[k + 1]; kb += l.lanes) {
      const Vertex j = b.col[kb];
      if (spgemm_mask_allows(m, i, j)) visit(ka, kb, j);
    }
  }
}

/// Alg. 5: finds or claims the slot of `key` in a table of 2^log2 slots. Atomics::cas(p, e, d)
/// is compare-and-swap returning the old value, Atomics::load a read that sees other threads'
/// claims. Sets `inserted` when this call claimed the slot. The table never fills: it holds
/// at least twice the keys of its row.
template <class Atomics>
SPGRAPH_HD Offset spgemm_table_insert(Vertex* keys, unsigned log2, Vertex key, bool& inserted) {
  const Offset mask = (Offset(1) << log2) - 1;
  Offset h = (Offset(key) * kSpgemmHashScale) & mask;
  while (true) {
    Vertex seen = Atomics::load(keys + h);
    if (seen == kSpgemmEmptyKey) seen = Atomics::cas(keys + h, kSpgemmEmptyKey, key);
    if (seen == kSpgemmEmptyKey) {
      inserted = true;
      return h;
    }
    if (seen == key) {
      inserted = false;
      return h;
    }
    h = (h + 1) & mask;
  }
}

/// Step "clear": thread t of `threads` empties its slots (and sets values to `identity`).
template <class W>
SPGRAPH_HD void spgemm_lane_clear(Vertex* keys, W* vals, Offset slots, unsigned t, unsigned threads,
                                  W identity) {
  for (Offset s = t; s < slots; s += threads) {
    keys[s] = kSpgemmEmptyKey;
    if (vals != nullptr) vals[s] = identity;
  }
}

/// Symbolic step: inserts this lane's allowed products of row i; returns the keys it claimed
/// (the row's entry count is the sum over its lanes).
template <class Atomics, class SA, class SB>
SPGRAPH_HD unsigned spgemm_lane_symbolic(const SpgemmCsrView<SA>& a, const SpgemmCsrView<SB>& b,
                                         const SpgemmMaskView& m, Vertex i, SpgemmLane l,
                                         Vertex* keys, unsigned log2) {
  unsigned claimed = 0;
  spgemm_lane_products(a, b, m, i, l, [&](Offset, Offset, Vertex j) {
    bool inserted = false;
    spgemm_table_insert<Atomics>(keys, log2, j, inserted);
    claimed += inserted ? 1u : 0u;
  });
  return claimed;
}

/// Numeric step: inserts this lane's allowed products of row i and combines their values into
/// the slots (vals == nullptr: keys only, for a pattern result). W is the table's value word
/// (V, or a 32-bit word for 1-byte V); Atomics::combine<SR>(p, x) is *p = SR::add(*p, x),
/// atomically.
template <class SR, class Atomics, class W, class SA, class SB>
SPGRAPH_HD void spgemm_lane_numeric(const SpgemmCsrView<SA>& a, const SpgemmCsrView<SB>& b,
                                    const SpgemmMaskView& m, Vertex i, SpgemmLane l, Vertex* keys,
                                    W* vals, unsigned log2) {
  using V = typename SR::value_type;
  spgemm_lane_products(a, b, m, i, l, [&](Offset ka, Offset kb, Vertex j) {
    bool inserted = false;
    const Offset s = spgemm_table_insert<Atomics>(keys, log2, j, inserted);
    if (vals == nullptr) return;
    if constexpr (SR::add_monoid::is_any) {
      if (!inserted) return;  // ANY: the first product stays
    }
    const V av = a.val != nullptr ? static_cast<V>(a.val[ka]) : V(1);
    const V bv = b.val != nullptr ? static_cast<V>(b.val[kb]) : V(1);
    const V x = SR::mul(av, bv, i, a.col[ka], j);
    if constexpr (SR::add_monoid::is_any)
      vals[s] = static_cast<W>(x);
    else
      Atomics::template combine<SR>(vals + s, x);
  });
}

/// Compaction step, first half: thread t's kSpgemmSlotsPerThread slots, copied out to ck, cv
/// (kSpgemmSlotsPerThread entries each: registers on the device), so that the second half may
/// overwrite the table in place after a barrier; returns how many hold a key.
template <class W>
SPGRAPH_HD unsigned spgemm_lane_take_chunk(const Vertex* keys, const W* vals, unsigned t,
                                           Vertex* ck, W* cv) {
  unsigned n = 0;
  for (unsigned q = 0; q < kSpgemmSlotsPerThread; ++q) {
    const Offset s = Offset(t) * kSpgemmSlotsPerThread + q;
    if (keys[s] == kSpgemmEmptyKey) continue;
    ck[n] = keys[s];
    if (vals != nullptr) cv[n] = vals[s];
    ++n;
  }
  return n;
}

/// Compaction step, second half: writes a chunk's n entries at the front of the table from
/// position `at` (the occupied slots of the threads before it).
template <class W>
SPGRAPH_HD void spgemm_lane_put_chunk(Vertex* keys, W* vals, unsigned at, unsigned n,
                                      const Vertex* ck, const W* cv) {
  for (unsigned q = 0; q < n; ++q) {
    keys[at + q] = ck[q];
    if (vals != nullptr) vals[at + q] = cv[q];
  }
}

/// Rank step (§III-C): the position of keys[e] in the sorted row = the keys among the first n
/// that are smaller (keys are distinct).
SPGRAPH_HD inline unsigned spgemm_rank(const Vertex* keys, unsigned n, unsigned e) {
  unsigned r = 0;
  const Vertex k = keys[e];
  for (unsigned q = 0; q < n; ++q) r += keys[q] < k ? 1u : 0u;
  return r;
}

}  // namespace spgraph
