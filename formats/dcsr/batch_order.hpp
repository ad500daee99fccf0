// Orders an update batch by (row, column), keeping batch order among equal keys: the grouping
// step the Dynamic CSR insert needs before its per-row pass (King et al. 2016, section III.A:
// the update batch arrives "grouped by row"; notes-dynamic-csr-ell-hash-spgemm.md A.6 suggests
// a counting sort per row).
//
// Keys are (row << column_bits) | column, so one sort groups rows and orders each row's new
// columns (which the per-row pass merges against the row's sorted prefix).
// Phases: 1. build keys; 2. small batches: comparison sort of (key, position) pairs; large ones:
// parallel LSD radix sort with 11-bit digits, per-thread histograms over contiguous chunks and a
// stable scatter, skipping digits that all keys share.
// Workspace: 2 x (8-byte key + 4-byte position) per update. Cost O(n x passes).
#pragma once

#include <omp.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "engine/error.hpp"
#include "engine/types.hpp"

namespace spgraph {

/// A batch ordered by (row, column): key k is row(k) << col_bits | col(k); index[k] is the
/// update's position in the batch.
struct OrderedBatch {
  std::vector<std::uint64_t> keys;
  std::vector<std::uint32_t> index;
  unsigned col_bits = 1;
  Vertex row(std::size_t k) const { return Vertex(keys[k] >> col_bits); }
  Vertex col(std::size_t k) const { return Vertex(keys[k] & ((std::uint64_t(1) << col_bits) - 1)); }
  std::size_t size() const { return keys.size(); }
};

/// Orders rows[0, n) / cols[0, n) (all in range) by (row, column), stably.
inline OrderedBatch order_batch(const Vertex* rows, const Vertex* cols, std::size_t n, Vertex nrows,
                                Vertex ncols) {
  if (n > std::size_t(UINT32_MAX))
    throw InvalidArgument("a batch holds at most 4294967295 updates, got " + std::to_string(n));
  OrderedBatch b;
  b.col_bits = std::max(1u, unsigned(std::bit_width(ncols > 0 ? ncols - 1 : 0u)));
  const unsigned row_bits = std::max(1u, unsigned(std::bit_width(nrows > 0 ? nrows - 1 : 0u)));
  b.keys.resize(n);
  b.index.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    b.keys[k] = (std::uint64_t(rows[k]) << b.col_bits) | cols[k];
    b.index[k] = std::uint32_t(k);
  }
  if (n < 4096) {
    std::vector<std::pair<std::uint64_t, std::uint32_t>> pairs(n);
    for (std::size_t k = 0; k < n; ++k) pairs[k] = {b.keys[k], std::uint32_t(k)};
    std::sort(pairs.begin(), pairs.end());
    for (std::size_t k = 0; k < n; ++k) {
      b.keys[k] = pairs[k].first;
      b.index[k] = pairs[k].second;
    }
    return b;
  }
  constexpr unsigned kDigitBits = 11;
  constexpr std::size_t kBuckets = std::size_t(1) << kDigitBits;
  const unsigned total_bits = b.col_bits + row_bits;
  const int threads = std::max(1, std::min(omp_get_max_threads(), int(n / 65536) + 1));
  std::vector<std::uint64_t> keys2(n);
  std::vector<std::uint32_t> index2(n);
  std::vector<std::size_t> hist(std::size_t(threads) * kBuckets);
  for (unsigned shift = 0; shift < total_bits; shift += kDigitBits) {
    std::fill(hist.begin(), hist.end(), 0);
    bool skip = false;
#pragma omp parallel num_threads(threads)
    {
      const int t = omp_get_thread_num();
      const std::size_t lo = n * std::size_t(t) / threads, hi = n * std::size_t(t + 1) / threads;
      std::size_t* h = hist.data() + std::size_t(t) * kBuckets;
      for (std::size_t k = lo; k < hi; ++k) ++h[(b.keys[k] >> shift) & (kBuckets - 1)];
#pragma omp barrier
#pragma omp single
      {
        // Exclusive offsets in (digit, thread) order keep the scatter stable.
        std::size_t sum = 0;
        for (std::size_t d = 0; d < kBuckets; ++d)
          for (int u = 0; u < threads; ++u) {
            std::size_t& c = hist[std::size_t(u) * kBuckets + d];
            if (c == n) skip = true;
            const std::size_t count = c;
            c = sum;
            sum += count;
          }
      }
      if (!skip)
        for (std::size_t k = lo; k < hi; ++k) {
          const std::size_t pos = h[(b.keys[k] >> shift) & (kBuckets - 1)]++;
          keys2[pos] = b.keys[k];
          index2[pos] = b.index[k];
        }
    }
    if (!skip) {
      b.keys.swap(keys2);
      b.index.swap(index2);
    }
  }
  return b;
}

}  // namespace spgraph
