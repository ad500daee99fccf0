// SPDX-License-Identifier: Apache-2.0
// One row of a product B·Cᵀ, accumulated column by column, for the fused kNN kernels: the
// similarity row of B·Bᵀ (knn_similarity.cpp) and the feature row of Q·Xᵀ (knn_features.cpp).
// It holds no output: the caller visits the row's columns once and offers them to a top-k
// selector, so the product is never stored.
//
// This is the row kernel of the hash SpGEMM (formats/csr/spgemm_hash_cpu.hpp; Nagasaka,
// Nukada & Matsuoka, ICPP 2017, §III-B) with the same accumulators and the same choice rule
// (formats/csr/spgemm_bins.hpp): a row whose product count is a large fraction of the columns,
// or whose dense arrays fit in L2, uses the dense accumulator; any other row a linear-probing
// table of 2^ceil(log2(2 × products)) slots. Both are per thread and reused across rows (only
// the touched slots are cleared). The sum for one column runs in the order the products are
// fed, so it does not depend on the thread count.
#pragma once

#include <algorithm>
#include <bit>
#include <span>
#include <type_traits>
#include <vector>

#include "engine/core/monoid.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/spgemm_accumulators.hpp"
#include "formats/csr/spgemm_bins.hpp"

namespace spgraph::detail {

/// Largest dense count array (bytes per thread) a batch of rows uses instead of hash tables.
inline constexpr Offset kKnnDenseCountBytes = Offset(64) << 20;

/// A per-thread accumulator for rows of a product with `ncols` columns and values V.
template <class V>
class KnnProductRow {
 public:
  /// `batch`: many rows will run on this accumulator (at least about ncols / 64), so an
  /// O(ncols) dense array is paid for once and used for every row.
  KnnProductRow(Vertex ncols, bool batch) : ncols_(ncols), batch_(batch) {}

  /// Accumulates one row and visits it: feed(add) calls add(j, v) for each product (v is
  /// summed into column j), then visit(j, sum) runs once per column of the row that is not in
  /// `excluded` (sorted). The accumulator is chosen from `products`, the row's
  /// intermediate-product count.
  template <class Feed, class Visit>
  void run(Offset products, Feed&& feed, std::span<const Vertex> excluded, Visit&& visit) {
    const Offset bound = std::min<Offset>(products, ncols_);
    if (bound == 0) return;
    if constexpr (std::is_integral_v<V>) {
      if ((batch_ && Offset(ncols_) * sizeof(V) <= kKnnDenseCountBytes) ||
          bound >= ncols_ / kSpgemmDenseDivisor) {
        count_and_visit(feed, excluded, visit);
        return;
      }
    }
    const bool fits = Offset(ncols_) * (sizeof(std::uint32_t) + sizeof(V)) <= kSpgemmDenseBytes;
    if (fits || bound >= ncols_ / kSpgemmDenseDivisor) {
      dense_acc_.start(ncols_, true);
      accumulate_and_visit(dense_acc_, feed, excluded, visit);
    } else {
      hash_acc_.start(unsigned(std::bit_width(2 * bound - 1)), true);
      accumulate_and_visit(hash_acc_, feed, excluded, visit);
    }
  }

 private:
  /// Dense counts (integral V, every product adds 1 or more): a zero count marks an untouched
  /// column, so one array access per product, and only the touched columns are reset. The
  /// excluded columns are dropped by zeroing their counts (O(|excluded|), no search).
  template <class Feed, class Visit>
  void count_and_visit(Feed& feed, std::span<const Vertex> excluded, Visit& visit) {
    if (counts_.size() < ncols_) counts_.assign(ncols_, 0);
    touched_.clear();
    V* counts = counts_.data();
    feed([&](Vertex j, V v) {
      if (counts[j] == 0) touched_.push_back(j);
      counts[j] += v;
    });
    for (Vertex j : excluded) counts[j] = 0;
    for (Vertex j : touched_) {
      if (counts[j] == 0) continue;
      visit(j, counts[j]);
      counts[j] = 0;
    }
  }

  template <class Acc, class Feed, class Visit>
  static void accumulate_and_visit(Acc& acc, Feed& feed, std::span<const Vertex> excluded,
                                   Visit& visit) {
    feed([&acc](Vertex j, V v) {
      acc.template accumulate<true, PlusMonoid<V>>(j, [v] { return v; });
    });
    acc.for_each_valued([&](Vertex j, std::size_t s) {
      if (excluded.empty() || !std::binary_search(excluded.begin(), excluded.end(), j))
        visit(j, acc.value(s));
    });
    acc.finish();
  }

  Vertex ncols_;
  bool batch_;
  std::vector<V> counts_;
  std::vector<Vertex> touched_;
  DenseRowAccumulator<V, true> dense_acc_;
  HashRowAccumulator<V, true> hash_acc_;
};

}  // namespace spgraph::detail
