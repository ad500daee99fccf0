// SPDX-License-Identifier: Apache-2.0
// The vertex of largest rank, kept as ranks change: a winner (tournament) tree over the n
// ranks, the bottom-up segment tree layout (node i has children 2i and 2i+1; nodes n..2n-1 are
// the leaves, vertex = node - n; node 1 is the root, covering every leaf for any n since
// "larger rank, then smaller id" is a total order and so commutative and associative). The
// maintained PageRank view (incremental_pagerank.hpp) uses it to publish `top` in O(log n) per
// changed rank instead of an O(n) scan per batch. Knuth, TAOCP vol. 3, §5.4.1 (tournament
// trees).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"

namespace spgraph::detail {

class RankArgmaxTree {
 public:
  /// Rebuilds over `rank` (O(n); the widest levels in parallel).
  void rebuild(const std::vector<double>& rank) {
    n_ = Vertex(rank.size());
    win_.assign(n_, 0);
    // Level by level from the deepest, so that children are ready before their parent.
    for (std::size_t hi = n_; hi > 1;) {
      const std::size_t lo = std::size_t(1) << (bit_width(hi - 1) - 1);
      const std::int64_t b = std::int64_t(lo), e = std::int64_t(hi);
#pragma omp parallel for schedule(static) if (e - b > 65536)
      for (std::int64_t i = b; i < e; ++i) win_[std::size_t(i)] = play(rank, std::size_t(i));
      hi = lo;
    }
  }
  /// Rank v changed (rank.size() must be the size rebuild saw). Several changed ranks may be
  /// reported one after another: each call repairs v's path, and stops where a node keeps a
  /// winner other than v (the nodes above saw that winner, whose rank is as it was).
  void changed(const std::vector<double>& rank, Vertex v) {
    for (std::size_t i = (std::size_t(v) + n_) >> 1; i >= 1; i >>= 1) {
      const Vertex w = play(rank, i);
      if (w == win_[i] && w != v) break;
      win_[i] = w;
    }
  }
  /// The vertex of largest rank, smallest id on ties (0 when n = 0).
  Vertex top() const {
    return n_ > 1 ? win_[1] : 0;
  }

 private:
  static unsigned bit_width(std::size_t x) {
    unsigned w = 0;
    for (; x; x >>= 1) ++w;
    return w;
  }
  Vertex leader(std::size_t node) const {
    return node >= n_ ? Vertex(node - n_) : win_[node];
  }
  /// The winner of node i's two children.
  Vertex play(const std::vector<double>& rank, std::size_t i) const {
    const Vertex a = leader(2 * i), b = leader(2 * i + 1);
    if (rank[a] != rank[b]) return rank[a] > rank[b] ? a : b;
    return a < b ? a : b;
  }

  Vertex n_ = 0;
  std::vector<Vertex> win_;  // win_[i], 1 <= i < n: the winner below node i
};

}  // namespace spgraph::detail
