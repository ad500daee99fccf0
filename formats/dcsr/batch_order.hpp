// SPDX-License-Identifier: Apache-2.0
// Orders an update batch by (row, column), keeping batch order among equal keys: the grouping
// step the Dynamic CSR insert needs before its per-row pass (King et al. 2016, section III.A:
// Algorithm 1 reads each row's new entries as one range, B_offsets[2 row .. 2 row + 1], while
// section IV.A buffers a stream into row, column and value arrays, so the batch must be bucketed
// by row first; a radix sort on the row bits does that).
//
// Keys are (row << column_bits) | column, so one sort groups rows and orders each row's new
// columns (which the per-row pass merges against the row's sorted prefix).
// Phases: 1. build keys; 2. small batches: comparison sort of (key, position) pairs; large ones:
// 64-bit words (row, column, position) when they fit (below 2^21 rows and columns for batches
// of a million), sorted by their key bits: stable, since positions sit below the key; else words
// (row, position) sorted by row, then each row's columns sorted (insertion sort for short
// rows). The word sort (detail::sort_words_by_bits) makes one parallel stable scatter by the top
// 8 key bits into 256 cache-sized ranges, then sorts each range by one thread: one pass over
// memory instead of one per digit.
// Buffers live in the OrderedBatch and are reused across batches, so a stream of batches does
// not fault in fresh pages each time.
// Workspace: 2 x (8-byte key + 4-byte position) per update. Cost O(n x digits).
#pragma once

#include <omp.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// A batch ordered by (row, column): key k is row(k) << col_bits | col(k); index[k] is the
/// update's position in the batch. Reuse one object across batches to keep its buffers.
struct OrderedBatch {
  std::vector<std::uint64_t> keys;
  std::vector<std::uint32_t> index;
  std::vector<std::uint64_t> keys_tmp;  // radix workspace
  std::vector<std::uint32_t> index_tmp;
  std::size_t n = 0;
  unsigned col_bits = 1;
  Vertex row(std::size_t k) const { return Vertex(keys[k] >> col_bits); }
  Vertex col(std::size_t k) const { return Vertex(keys[k] & ((std::uint64_t(1) << col_bits) - 1)); }
  std::size_t size() const { return n; }
};

namespace detail {

/// Batches of at least this many updates pack and unpack their sort words in parallel.
inline constexpr std::size_t kParallelPackMin = 65536;

/// Sorts words[0, n) stably by their bits [lo, lo + bits) (the bits below lo hold each word's
/// batch position, which makes equal keys keep batch order; nothing lies above lo + bits):
/// 1. one parallel stable scatter by the top (up to) 8 of those bits into 256 ranges;
/// 2. each range, now cache-sized, sorted on the remaining bits by one thread (LSD, 8-bit
///    digits, through a thread-local buffer), back into `words`. `tmp` holds n words.
inline void sort_words_by_bits(std::uint64_t* words, std::uint64_t* tmp, std::size_t n, unsigned lo,
                               unsigned bits) {
  constexpr unsigned kBits = 8;
  constexpr std::size_t kBuckets = std::size_t(1) << kBits;
  const unsigned top = std::min(kBits, bits);
  const unsigned top_shift = lo + bits - top;
  const unsigned low_bits = bits - top;
  const int threads = std::max(1, std::min(omp_get_max_threads(), int(n / 32768) + 1));
  std::vector<std::array<std::size_t, kBuckets>> hist(threads);
  std::array<std::size_t, kBuckets + 1> bucket_start{};
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    const std::size_t from = n * std::size_t(t) / threads, to = n * std::size_t(t + 1) / threads;
    auto& pos = hist[t];
    pos.fill(0);
    for (std::size_t k = from; k < to; ++k) ++pos[words[k] >> top_shift];
#pragma omp barrier
#pragma omp single
    {
      // Exclusive offsets in (bucket, thread) order keep the scatter stable.
      std::size_t sum = 0;
      for (std::size_t bucket = 0; bucket < kBuckets; ++bucket) {
        bucket_start[bucket] = sum;
        for (int u = 0; u < threads; ++u) {
          const std::size_t count = hist[u][bucket];
          hist[u][bucket] = sum;
          sum += count;
        }
      }
      bucket_start[kBuckets] = sum;
    }
    for (std::size_t k = from; k < to; ++k) tmp[pos[words[k] >> top_shift]++] = words[k];
#pragma omp barrier
    std::vector<std::uint64_t> local;
#pragma omp for schedule(dynamic, 4)
    for (std::size_t bucket = 0; bucket < kBuckets; ++bucket) {
      std::uint64_t* a = tmp + bucket_start[bucket];
      const std::size_t len = bucket_start[bucket + 1] - bucket_start[bucket];
      std::uint64_t* out = words + bucket_start[bucket];
      if (len < 64) {
        // Insertion sort: whole words compare as (key, position), i.e. stably.
        for (std::size_t j = 1; j < len; ++j) {
          const std::uint64_t w = a[j];
          std::size_t i = j;
          for (; i > 0 && a[i - 1] > w; --i) a[i] = a[i - 1];
          a[i] = w;
        }
        std::copy(a, a + len, out);
        continue;
      }
      local.resize(len);
      std::uint64_t* src = a;
      std::uint64_t* dst = local.data();
      for (unsigned done = 0; done < low_bits; done += kBits) {
        const unsigned shift = lo + done;
        std::array<std::size_t, kBuckets> count{};
        for (std::size_t k = 0; k < len; ++k) ++count[(src[k] >> shift) & (kBuckets - 1)];
        std::size_t sum = 0;
        for (std::size_t& c : count) {
          const std::size_t x = c;
          c = sum;
          sum += x;
        }
        for (std::size_t k = 0; k < len; ++k)
          dst[count[(src[k] >> shift) & (kBuckets - 1)]++] = src[k];
        std::swap(src, dst);
      }
      std::copy(src, src + len, out);
    }
  }
}

/// Sorts b.keys[0, n) by (key, position), recording each key's batch position in b.index.
inline void sort_key_position_pairs(OrderedBatch& b, std::size_t n) {
  std::vector<std::pair<std::uint64_t, std::uint32_t>> pairs(n);
  for (std::size_t k = 0; k < n; ++k) pairs[k] = {b.keys[k], std::uint32_t(k)};
  std::sort(pairs.begin(), pairs.end());
  for (std::size_t k = 0; k < n; ++k) {
    b.keys[k] = pairs[k].first;
    b.index[k] = pairs[k].second;
  }
}

}  // namespace detail

/// Orders rows[0, n) / cols[0, n) (all in range) by (row, column), stably, into `b`.
inline void order_batch(const Vertex* rows, const Vertex* cols, std::size_t n, Vertex nrows,
                        Vertex ncols, OrderedBatch& b) {
  if (n > std::size_t(UINT32_MAX))
    throw InvalidArgument("a batch holds at most 4294967295 updates, got " + std::to_string(n));
  b.n = n;
  b.col_bits = std::max(1u, unsigned(std::bit_width(ncols > 0 ? ncols - 1 : 0u)));
  const unsigned row_bits = std::max(1u, unsigned(std::bit_width(nrows > 0 ? nrows - 1 : 0u)));
  if (b.keys.size() < n) {
    b.keys.resize(n);
    b.index.resize(n);
  }
  const bool parallel = n >= detail::kParallelPackMin;
  if (n < 2048) {
    // Phase 1.
    for (std::size_t k = 0; k < n; ++k) {
      b.keys[k] = (std::uint64_t(rows[k]) << b.col_bits) | cols[k];
      b.index[k] = std::uint32_t(k);
    }
    // Phase 2, small: a comparison sort of (key, position) pairs.
    detail::sort_key_position_pairs(b, n);
    return;
  }
  // Phase 2, large.
  const unsigned idx_bits = std::max(1u, unsigned(std::bit_width(n - 1)));
  const std::uint64_t idx_mask = (std::uint64_t(1) << idx_bits) - 1;
  if (b.keys_tmp.size() < n) b.keys_tmp.resize(n);
  std::uint64_t* words = b.keys.data();  // keys hold the packed words until they are unpacked
  if (row_bits + b.col_bits + idx_bits <= 64) {
    // Words (row, column, position): sorting them by the key bits orders everything, stably.
    // Packing and unpacking are parallel loops, as the sort is.
#pragma omp parallel for schedule(static) if (parallel)
    for (std::size_t k = 0; k < n; ++k)
      words[k] = (((std::uint64_t(rows[k]) << b.col_bits) | cols[k]) << idx_bits) | k;
    detail::sort_words_by_bits(words, b.keys_tmp.data(), n, idx_bits, row_bits + b.col_bits);
#pragma omp parallel for schedule(static) if (parallel)
    for (std::size_t k = 0; k < n; ++k) {
      b.index[k] = std::uint32_t(words[k] & idx_mask);
      words[k] >>= idx_bits;
    }
    return;
  }
  if (row_bits + idx_bits > 64) {
    // Too wide to pack (over 2^32 rows with a huge batch): sort (key, position) pairs.
    for (std::size_t k = 0; k < n; ++k)
      b.keys[k] = (std::uint64_t(rows[k]) << b.col_bits) | cols[k];
    detail::sort_key_position_pairs(b, n);
    return;
  }
  // Words (row, position) sorted by the row bits; then unpack, gathering each column, and sort
  // each row's columns (insertion sort for short rows; positions break ties, so the order stays
  // stable).
#pragma omp parallel for schedule(static) if (parallel)
  for (std::size_t k = 0; k < n; ++k) words[k] = (std::uint64_t(rows[k]) << idx_bits) | k;
  detail::sort_words_by_bits(words, b.keys_tmp.data(), n, idx_bits, row_bits);
  std::uint64_t* keys = b.keys_tmp.data();
#pragma omp parallel for schedule(static) if (parallel)
  for (std::size_t k = 0; k < n; ++k) {
    const std::uint32_t i = std::uint32_t(words[k] & idx_mask);
    b.index[k] = i;
    keys[k] = (std::uint64_t(words[k] >> idx_bits) << b.col_bits) | cols[i];
  }
  b.keys.swap(b.keys_tmp);
  std::vector<std::pair<std::uint64_t, std::uint32_t>> group;
  for (std::size_t k = 0; k < n;) {
    const std::uint64_t row = b.keys[k] >> b.col_bits;
    std::size_t e = k + 1;
    while (e < n && (b.keys[e] >> b.col_bits) == row) ++e;
    if (e - k <= 16) {
      for (std::size_t j = k + 1; j < e; ++j) {
        const std::uint64_t key = b.keys[j];
        const std::uint32_t idx = b.index[j];
        std::size_t i = j;
        for (; i > k && b.keys[i - 1] > key; --i) {
          b.keys[i] = b.keys[i - 1];
          b.index[i] = b.index[i - 1];
        }
        b.keys[i] = key;
        b.index[i] = idx;
      }
    } else {
      group.resize(e - k);
      for (std::size_t j = k; j < e; ++j) group[j - k] = {b.keys[j], b.index[j]};
      std::sort(group.begin(), group.end());
      for (std::size_t j = k; j < e; ++j) std::tie(b.keys[j], b.index[j]) = group[j - k];
    }
    k = e;
  }
}

}  // namespace spgraph
