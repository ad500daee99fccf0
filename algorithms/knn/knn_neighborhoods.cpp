// SPDX-License-Identifier: Apache-2.0
// The symmetric union A ∪ Aᵀ of knn_neighborhoods.hpp: two parallel passes over the rows,
// counting the merged row lengths, then merging the sorted rows.
#include "algorithms/knn/knn_neighborhoods.hpp"

#include <algorithm>
#include <iterator>

namespace spgraph::detail {

void NeighborhoodRows::merge(const PatternRows& x, const PatternRows& y) {
  const Vertex n = x.n;
  union_ptr_.assign(std::size_t(n) + 1, 0);
  // Phase 1: merged length of each row.
#pragma omp parallel for schedule(dynamic, 1024) if (n >= 65536)
  for (std::int64_t i = 0; i < std::int64_t(n); ++i) {
    const auto rx = x.row(Vertex(i)), ry = y.row(Vertex(i));
    Offset len = 0;
    std::size_t p = 0, q = 0;
    while (p < rx.size() && q < ry.size()) {
      const Vertex a = rx[p], b = ry[q];
      p += a <= b;
      q += b <= a;
      ++len;
    }
    union_ptr_[i + 1] = len + (rx.size() - p) + (ry.size() - q);
  }
  for (Vertex i = 0; i < n; ++i) union_ptr_[i + 1] += union_ptr_[i];
  // Phase 2: merge.
  union_col_.resize(union_ptr_[n]);
#pragma omp parallel for schedule(dynamic, 1024) if (n >= 65536)
  for (std::int64_t i = 0; i < std::int64_t(n); ++i) {
    const auto rx = x.row(Vertex(i)), ry = y.row(Vertex(i));
    std::set_union(rx.begin(), rx.end(), ry.begin(), ry.end(), union_col_.begin() + union_ptr_[i]);
  }
}

}  // namespace spgraph::detail
