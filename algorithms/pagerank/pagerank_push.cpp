// SPDX-License-Identifier: Apache-2.0
// Forward pushes of the maintained PageRank view (pagerank_residual.hpp): Andersen, Chung &
// Lang, FOCS 2006, in the Gauss-Southwell order of Ohsaka, Maehara & Kawarabayashi, KDD 2015,
// approximated by stages of decreasing |r[v]| / (1 + k(v)) (a push of v costs 1 + k(v) and
// removes at least (1-d) |r[v]| from Σ|r|), each stage a FIFO queue. Pushes run on one thread,
// in a fixed order, so the result is deterministic.
#include <cmath>

#include "algorithms/pagerank/pagerank_residual.hpp"

namespace spgraph::detail {

void PageRankResidual::push_vertex(const ViewGraph& g, Vertex v, double theta) {
  const double rv = cell_[v].r;
  const std::uint32_t k = cell_[v].k;
  cell_[v].r = 0;
  mass_ -= std::fabs(rv);
  x_[v] += rv;
  sum_ += rv;
  mark_dirty(v);
  ++pushes_;
  if (k == 0) return;  // a sink: its rank leaks
  const double share = d_ * rv / double(k);
  const auto receive = [&](Vertex w) {
    add_residual(w, share);
    Cell& c = cell_[w];
    if (!c.queued && std::fabs(c.r) >= theta * double(1 + c.k)) {
      c.queued = 1;
      queue_.push_back(w);
    }
  };
  if (copies_ && g.out.degree(v) != k) {
    if (marks_.empty()) marks_.resize(1);
    marks_[0].for_each_distinct(g.out, v, receive);
    return;
  }
  // The row's runs read directly, the cells of heads a few slots ahead prefetched.
  constexpr Offset kAhead = 16;
  const Vertex* col = g.out.cols();
  g.out.for_each_run(v, [&](Offset b, Offset len, bool dead) {
    const Offset e = b + len;
    for (Offset s = b; s < e; ++s) {
      if (s + kAhead < e) __builtin_prefetch(&cell_[col[s + kAhead]]);
      if (!dead || !g.out.is_tombstone(s)) receive(col[s]);
    }
    return false;
  });
}

bool PageRankResidual::push(const ViewGraph& g, double target, std::uint64_t budget) {
  if (mass_ <= target) return true;
  double theta = 0;
  for (Vertex v : touched_) theta = std::max(theta, std::fabs(cell_[v].r) / double(1 + cell_[v].k));
  // Below this level every vertex could keep its residual and the mass still be under target.
  const double floor = target / (double(n()) + double(g.out.nnz()) + 1);
  std::uint64_t work = 0;
  for (; theta > 0 && theta >= floor; theta /= 4) {
    queue_.clear();
    for (std::size_t i = 0, e = touched_.size(); i < e; ++i) {
      Cell& c = cell_[touched_[i]];
      if (!c.queued && std::fabs(c.r) >= theta * double(1 + c.k)) {
        c.queued = 1;
        queue_.push_back(touched_[i]);
      }
    }
    for (std::size_t i = 0; i < queue_.size(); ++i) {
      const Vertex v = queue_[i];
      cell_[v].queued = 0;
      if (std::fabs(cell_[v].r) < theta * double(1 + cell_[v].k)) continue;
      push_vertex(g, v, theta);
      work += 1 + cell_[v].k;
      if (mass_ <= target || work > budget) {
        for (std::size_t j = i + 1; j < queue_.size(); ++j) cell_[queue_[j]].queued = 0;
        queue_.clear();
        return mass_ <= target;
      }
    }
  }
  queue_.clear();
  return mass_ <= target;
}

}  // namespace spgraph::detail
