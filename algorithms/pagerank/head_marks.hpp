// SPDX-License-Identifier: Apache-2.0
// The distinct heads of a Dynamic CSR row: a multigraph (DuplicatePolicy::Keep) stores each
// copy of an arc, while PageRank reads a snapshot's structure as its matrix does, one entry per
// arc (algorithms/pagerank/pagerank_residual.hpp). A stamp per vertex marks the heads seen in
// the current row, so a row costs O(its stored arcs) and no clearing.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "formats/dcsr/dcsr_view.hpp"

namespace spgraph::detail {

class HeadMarks {
 public:
  /// Calls f(w) once for each distinct head w of row v of a.
  template <class F>
  void for_each_distinct(const DcsrAdjacency& a, Vertex v, F&& f) {
    if (mark_.size() < a.n()) mark_.resize(a.n(), 0);
    if (++stamp_ == 0) {  // wrapped: forget every old stamp
      std::fill(mark_.begin(), mark_.end(), 0);
      stamp_ = 1;
    }
    a.for_each(v, [&](Vertex w, Offset) {
      if (mark_[w] == stamp_) return;
      mark_[w] = stamp_;
      f(w);
    });
  }

 private:
  std::vector<std::uint32_t> mark_;
  std::uint32_t stamp_ = 0;
};

}  // namespace spgraph::detail
