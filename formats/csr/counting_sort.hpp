// SPDX-License-Identifier: Apache-2.0
// Stable parallel counting sort of items by a small integer key: the one bucketing pass behind
// CSR transpose (items = entries, key = column; formats/csr/csr_impl.hpp), COO to CSR (items =
// tuples, key = row; formats/coo/coo_build_impl.hpp) and the grouping of a HYB insert batch by
// row (formats/hyb/hyb_insert_impl.hpp). It is Gustavson's permuted transposition (Gustavson, "Two
// fast algorithms for sparse matrices: multiplication and permuted transposition", ACM TOMS 4(3),
// 1978) with one histogram per thread.
//
// Input: the items split into contiguous parts, one per thread (part p owns items
// [bounds[p], bounds[p + 1])); item k's key is key(k) < nkeys.
// Phases: 1. each part counts its keys into its own histogram of nkeys counters (parallel);
// 2. one thread scans the histograms in (key, part) order, writing key_ptr (where each key's
// run starts in the output) and turning every counter into its part's first output position
// for that key; 3. each part scatters its items (parallel), in its own order, each to the next
// free position of its key.
// Stability: the items of one key come out in part order, and within a part in the order its
// scatter visits them, so a scatter that walks its items in input order keeps input order
// among equal keys. Workspace: parts x nkeys offsets. Cost O(items + parts x nkeys).
#pragma once

#include <omp.h>

#include <cstddef>
#include <vector>

#include "engine/core/types.hpp"

namespace spgraph::detail {

/// Counting-sorts the items [bounds.front(), bounds.back()) by key(k) < nkeys on
/// bounds.size() - 1 threads (part p = items [bounds[p], bounds[p + 1])). Fills key_ptr[0..nkeys]
/// with the start of each key's run (key_ptr[nkeys] = the item count), then calls
/// scatter(p, next) once per part p: it must place each of the part's items, in the order that
/// stability requires, at next[key]++ for its key.
template <class Key, class Scatter>
void stable_counting_sort(const std::vector<Offset>& bounds, std::size_t nkeys, Key&& key,
                          Offset* key_ptr, Scatter&& scatter) {
  const int parts = int(bounds.size()) - 1;
  std::vector<Offset> counts(std::size_t(parts) * nkeys, 0);
#pragma omp parallel num_threads(parts)
  {
    // Phase 1: each part's histogram.
#pragma omp for schedule(static)
    for (int p = 0; p < parts; ++p) {
      Offset* cnt = counts.data() + std::size_t(p) * nkeys;
      for (Offset k = bounds[p]; k < bounds[p + 1]; ++k) ++cnt[key(k)];
    }
    // Phase 2: exclusive scan over (key, part), done by one thread.
#pragma omp single
    {
      Offset sum = 0;
      for (std::size_t r = 0; r < nkeys; ++r) {
        key_ptr[r] = sum;
        for (int p = 0; p < parts; ++p) {
          const Offset x = counts[std::size_t(p) * nkeys + r];
          counts[std::size_t(p) * nkeys + r] = sum;
          sum += x;
        }
      }
      key_ptr[nkeys] = sum;
    }
    // Phase 3: each part scatters its items.
#pragma omp for schedule(static)
    for (int p = 0; p < parts; ++p) scatter(p, counts.data() + std::size_t(p) * nkeys);
  }
}

}  // namespace spgraph::detail
