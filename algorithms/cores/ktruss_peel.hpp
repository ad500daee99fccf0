// SPDX-License-Identifier: Apache-2.0
// The k-truss peel of ktruss.hpp, templated on the edge id type (32 or 64 bits): the index that
// gives each arc of g its edge's id, and TrussPeel, the level-synchronous peel (Wang & Cheng,
// VLDB 2012, Algorithm 2, made parallel as PKT does: Kabir & Madduri, HiPC 2017). Beyond what
// ktruss.hpp says, the peel keeps its own copy of the rows and compacts them, dropping the arcs
// of removed edges, once a quarter of the edges left at the last compaction are gone (as Wang &
// Cheng delete removed edges from the adjacency lists): the walks then meet live arcs mostly,
// and the compactions cost O(m) in all. Rounds that walk few arcs run on the calling thread
// with plain decrements; others in one parallel region with relaxed atomics.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <utility>
#include <vector>

#include "algorithms/cores/cores.hpp"
#include "algorithms/cores/peel_frontier.hpp"
#include "algorithms/triangles/degree_orientation.hpp"
#include "formats/csr/adjacency.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph::detail {

/// An edge's state during the peel: still in the graph, in the round's frontier, or removed.
enum EdgeState : std::uint8_t { kAlive = 0, kFrontier = 1, kRemoved = 2 };

/// Rounds that walk fewer arcs than this run on one thread, without atomics.
inline constexpr Offset kParallelWork = Offset(1) << 15;

/// The first position in [p, end) whose id is not below w, searching forward from p in steps
/// that double (the rows are sorted, and the ids looked up increase).
inline const Vertex* gallop_to(const Vertex* p, const Vertex* end, Vertex w) {
  if (p == end || *p >= w) return p;
  const Vertex* lo = p;  // *lo < w
  for (std::size_t step = 1;; step <<= 1) {
    const Vertex* hi = std::size_t(end - lo) > step ? lo + step : end;
    if (hi == end || *hi >= w) return std::lower_bound(lo + 1, hi, w);
    lo = hi;
  }
}

/// The edges as the peel reads them.
template <class E>
struct EdgeIndex {
  std::vector<E> arc_edge;        ///< the id of each arc's edge, by arc of g
  std::vector<Vertex> low, high;  ///< each edge's ends, low ≺ high in the degree order
};

/// Numbers the arcs of g by the edges of U (its degree orientation; U's columns become `high`).
template <class E>
EdgeIndex<E> index_edges(const AdjacencyView& g, Csr<bool>&& u) {
  EdgeIndex<E> x;
  x.low.resize(u.nnz());
  x.arc_edge.resize(g.nnz());
  const Offset* urp = u.row_ptr.data();
  const Vertex* ucol = u.col.data();
#pragma omp parallel for schedule(dynamic, 256) if (g.nnz() >= kParallelScan)
  for (std::int64_t vi = 0; vi < std::int64_t(g.n); ++vi) {
    const Vertex v = Vertex(vi);
    Offset up = urp[v];
    std::fill(x.low.begin() + std::ptrdiff_t(urp[v]), x.low.begin() + std::ptrdiff_t(urp[v + 1]),
              v);
    for (Offset k = g.row_ptr[v]; k < g.row_ptr[v + 1]; ++k) {
      const Vertex w = g.col[k];
      if (degree_order_below(g, v, w)) {  // U(v) keeps g's order: the next entry of U(v)
        x.arc_edge[k] = E(up++);
      } else {  // the edge is the entry (w, v) of U(w)
        const Vertex* at = std::lower_bound(ucol + urp[w], ucol + urp[w + 1], v);
        x.arc_edge[k] = E(at - ucol);
      }
    }
  }
  x.high = std::move(u.col);
  return x;
}

/// The peel of ktruss.hpp: consumes an EdgeIndex; `support` is lowered as edges go.
template <class E>
class TrussPeel {
 public:
  TrussPeel(const AdjacencyView& g, EdgeIndex<E>&& x, Vertex* support)
      : row_ptr_(g.row_ptr),
        col_(g.col, g.col + g.nnz()),
        arc_edge_(std::move(x.arc_edge)),
        end_(g.row_ptr + 1, g.row_ptr + g.n + 1),
        low_(std::move(x.low)),
        high_(std::move(x.high)),
        support_(support),
        state_(low_.size(), kAlive),
        live_at_compaction_(low_.size()) {}

  /// Peels every edge; returns the truss number of each, by edge id; fills r's max_truss,
  /// levels and rounds.
  std::vector<Vertex> run(KtrussResult& r);

 private:
  Offset row_length(Vertex v) const { return end_[v] - row_ptr_[v]; }
  template <bool Atomic>
  void lower(E f, Vertex k, std::vector<E>& next);
  template <bool Atomic>
  void remove(E e, Vertex k, std::vector<E>& next);
  bool round(const std::vector<E>& frontier, Vertex k, std::vector<Vertex>& truss,
             FrontierQueues<E>& queues);
  void compact();

  const Offset* row_ptr_;
  std::vector<Vertex> col_;  ///< g's rows, compacted from time to time
  std::vector<E> arc_edge_;  ///< each arc's edge id, compacted alike
  std::vector<Offset> end_;  ///< where each row's compacted part ends
  std::vector<Vertex> low_, high_;
  Vertex* support_;
  std::vector<std::uint8_t> state_;  ///< EdgeState per edge; written between rounds only
  Offset live_at_compaction_, removed_since_compaction_ = 0;
};

/// Lowers f's support; queues f when it falls to k.
template <class E>
template <bool Atomic>
void TrussPeel<E>::lower(E f, Vertex k, std::vector<E>& next) {
  Vertex before;
  if constexpr (Atomic)
    before = std::atomic_ref<Vertex>(support_[f]).fetch_sub(1, std::memory_order_relaxed);
  else
    before = support_[f]--;
  if (before == k + 1) next.push_back(f);
}

/// Removes frontier edge e: lowers the supports its live triangles still hold (ktruss.hpp),
/// walking the shorter row and galloping through the longer.
template <class E>
template <bool Atomic>
void TrussPeel<E>::remove(E e, Vertex k, std::vector<E>& next) {
  Vertex live = support_[e];  // e's triangles not yet destroyed; nobody lowers it any more
  if (live == 0) return;
  Vertex a = low_[e], b = high_[e];
  if (row_length(a) > row_length(b)) std::swap(a, b);
  const Vertex* col = col_.data();
  const Vertex* bp = col + row_ptr_[b];
  const Vertex* const be = col + end_[b];
  const std::uint8_t* state = state_.data();
  const E* arc_edge = arc_edge_.data();
  for (Offset k1 = row_ptr_[a], e1 = end_[a]; k1 < e1; ++k1) {
    const E f1 = arc_edge[k1];
    const Vertex w = col[k1];
    if (f1 == e || state[f1] == kRemoved) continue;
    bp = gallop_to(bp, be, w);
    if (bp == be) return;
    if (*bp != w) continue;
    const E f2 = arc_edge[bp - col];
    if (state[f2] == kRemoved) continue;
    const bool in1 = state[f1] == kFrontier, in2 = state[f2] == kFrontier;
    if (!in1 && !in2) {
      lower<Atomic>(f1, k, next);
      lower<Atomic>(f2, k, next);
    } else if (!in2) {
      if (e < f1) lower<Atomic>(f2, k, next);
    } else if (!in1) {
      if (e < f2) lower<Atomic>(f1, k, next);
    }
    if (--live == 0) return;
  }
}

/// One round: the frontier's edges get truss number k + 2 and are removed. Returns whether
/// several threads ran.
template <class E>
bool TrussPeel<E>::round(const std::vector<E>& frontier, Vertex k, std::vector<Vertex>& truss,
                         FrontierQueues<E>& queues) {
  Offset work = 0;
  for (const E e : frontier) {
    state_[e] = kFrontier;
    work += std::min(row_length(low_[e]), row_length(high_[e]));
  }
  const std::int64_t size = std::int64_t(frontier.size());
  const bool parallel = work >= kParallelWork && omp_get_max_threads() > 1;
  if (!parallel) {
    std::vector<E>& next = queues.mine();
    for (const E e : frontier) remove<false>(e, k, next);
  } else {
#pragma omp parallel
    {
      std::vector<E>& next = queues.mine();
#pragma omp for schedule(dynamic, 16)
      for (std::int64_t i = 0; i < size; ++i) remove<true>(frontier[std::size_t(i)], k, next);
    }
  }
  for (const E e : frontier) {
    state_[e] = kRemoved;
    truss[e] = k + 2;
  }
  removed_since_compaction_ += frontier.size();
  return parallel;
}

/// Drops the arcs of removed edges from every row (their order kept).
template <class E>
void TrussPeel<E>::compact() {
  const Vertex n = Vertex(end_.size());
#pragma omp parallel for schedule(dynamic, 256) if (col_.size() >= kParallelScan)
  for (std::int64_t vi = 0; vi < std::int64_t(n); ++vi) {
    const Vertex v = Vertex(vi);
    Offset out = row_ptr_[v];
    for (Offset k = row_ptr_[v]; k < end_[v]; ++k) {
      if (state_[arc_edge_[k]] == kRemoved) continue;
      col_[out] = col_[k];
      arc_edge_[out] = arc_edge_[k];
      ++out;
    }
    end_[v] = out;
  }
  live_at_compaction_ -= removed_since_compaction_;
  removed_since_compaction_ = 0;
}

template <class E>
std::vector<Vertex> TrussPeel<E>::run(KtrussResult& r) {
  const std::size_t m = low_.size();
  std::vector<Vertex> truss(m, 0);
  std::vector<E> left(m), frontier;
#pragma omp parallel for schedule(static) if (m >= kParallelScan)
  for (std::int64_t e = 0; e < std::int64_t(m); ++e) left[std::size_t(e)] = E(e);
  FrontierQueues<E> queues, least;
  auto removed = [&](E e) { return state_[e] == kRemoved; };
  auto support_of = [&](E e) { return support_[e]; };
  while (true) {
    const Vertex k = start_level<Vertex>(left, frontier, queues, least, removed, support_of);
    if (frontier.empty()) break;
    ++r.levels;
    r.max_truss = k + 2;
    while (!frontier.empty()) {
      ++r.rounds;
      r.parallel_rounds += round(frontier, k, truss, queues);
      queues.take(frontier);
      if (4 * removed_since_compaction_ >= live_at_compaction_) compact();
    }
  }
  return truss;
}

}  // namespace spgraph::detail
