// SPDX-License-Identifier: Apache-2.0
// The state of the maintained PageRank view (incremental_pagerank.hpp): ranks x and residuals
// r over a graph with out-degrees k, kept so that the exact Gap fixed point of the graph,
// pi = (1-d)/n + d Pᵀ pi, is
//     pi = x + (I - d Pᵀ)⁻¹ r,   i.e.   r = (1-d)/n - x + d Pᵀ x,
// with P(u, w) = 1 / k(u) for each arc u -> w, k(u) the number of distinct heads of u (the
// copies of a multigraph's arc are one arc, as in a snapshot's matrix, which pagerank() reads),
// and zero rows for sinks. ||(I - d Pᵀ)⁻¹||₁ <= 1/(1-d) (the column sums of Pᵀ are at most 1),
// so ||x - pi||₁ <= mass() / (1-d), mass() = Σ|r|.
// After Ohsaka, Maehara & Kawarabayashi, KDD 2015 (Gauss-Southwell tracking of PageRank), and
// Andersen, Chung & Lang, FOCS 2006 (forward push); the degree-scaled change of a vertex's
// out-arcs after Zhang, Lofgren & Goel, KDD 2016.
//
// Operations, each keeping the invariant (up to rounding):
//   - start: x = 1/n (pagerank()'s start), r from the invariant. warm_start: r recomputed from
//     x (one product with Pᵀ), which also drops the rounding the updates accumulated.
//   - grow(n'): x and r scaled by n/n' (pi is linear in the teleport), new vertices r = (1-d)/n'.
//   - change_out_arcs(u): with k and k' the out-degrees before and after and c_w = +1 for an arc
//     u -> w that appeared, -1 for one that went, x[u] becomes x[u] k'/k, r[u] loses that
//     increase and r[w] gains d x[u] c_w / k (what u sends along an unchanged arc stays
//     d x[u] / k); a former sink sends d x[u] / k' along its new arcs, a new sink withdraws
//     d x[u] / k from its old ones. O(changed arcs).
//   - push(v): x[v] += r[v]; r[w] += d r[v] / k(v) per out-arc; r[v] = 0 (pagerank_push.cpp).
//   - sweep: every vertex at once, a power step in residual form with a minimal-residual step
//     length; absorb_degree_mode: on an undirected graph, the net residual moved into x through
//     the degree vector, which Pᵀ leaves as it is (pagerank_sweep.cpp).
// mass() is kept by the pushes as they go and recomputed exactly by every O(n) pass.
#pragma once

#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/pagerank/head_marks.hpp"
#include "engine/core/types.hpp"
#include "engine/maintained_view.hpp"

namespace spgraph::detail {

/// An arc u -> head that appeared (+1) or disappeared (-1) in a batch.
struct HeadChange {
  Vertex head = 0;
  std::int64_t copies = 0;
};

class PageRankResidual {
 public:
  explicit PageRankResidual(double damping) : d_(damping) {}

  Vertex n() const { return Vertex(x_.size()); }
  const std::vector<double>& ranks() const { return x_; }
  double mass() const { return mass_; }     ///< Σ|r|
  double rank_sum() const { return sum_; }  ///< Σx

  /// x = 1/n and r from the invariant on g (out-degrees read from g).
  void start(const ViewGraph& g);
  /// Keeps x (new vertices 0), reads the out-degrees from g and recomputes r from the invariant.
  void warm_start(const ViewGraph& g);
  /// Grows to n vertices (no arcs yet): one O(n) pass.
  void grow(Vertex n);
  /// The arcs `heads` of tail u appeared or disappeared.
  void change_out_arcs(Vertex u, std::span<const HeadChange> heads);
  /// Notes that row u of g, whose arcs a batch touched, may now hold copies of an arc.
  void check_copies(const ViewGraph& g, Vertex u) {
    copies_ = copies_ || g.out.degree(u) != cell_[u].k;
  }

  /// Pushes on g, in stages of decreasing |r[v]| / (1 + k(v)) over the vertices whose residual
  /// changed since the last clear_changes(), until mass() <= target (true) or the pushes have
  /// read `budget` arcs and vertices, or the stages reach the level where every residual could
  /// stay and mass() still exceed the target (false: sweep instead).
  bool push(const ViewGraph& g, double target, std::uint64_t budget);
  /// One power step on g in residual form with a minimal-residual step length, then
  /// absorb_degree_mode (parallel; deterministic for a thread count).
  /// `plain`: the power step itself (step length 1), which shrinks mass() by a factor d or
  /// better; otherwise the minimal-residual step length, faster but not sure to shrink mass().
  void sweep(const ViewGraph& g, bool plain = false);
  /// On an undirected graph, moves a·k from r into x as a·k / (1-d) (exact: Pᵀ k = k), with
  /// a = Σr / Σk: the net residual, which pushes and power steps shrink only by d per pass.
  /// Applied when it lowers mass() (O(n)); returns whether it did.
  bool absorb_degree_mode(const ViewGraph& g);

  /// Vertex pushes since clear_changes() (a sweep counts n).
  std::uint64_t pushes() const { return pushes_; }
  /// The vertices whose x changed since clear_changes(), or every vertex (all_changed()).
  std::span<const Vertex> changed() const { return dirty_; }
  bool all_changed() const { return all_dirty_; }
  void clear_changes();

 private:
  /// A vertex's residual, out-degree and flags, together: a push reads one line per arc.
  struct Cell {
    double r = 0;
    std::uint32_t k = 0;       // distinct heads (a Vertex count)
    std::uint8_t touched = 0;  // r changed since clear_changes()
    std::uint8_t queued = 0;   // in queue_
    std::uint8_t dirty = 0;    // x changed since clear_changes()
  };

  void resize(Vertex n);
  /// k = distinct heads of every row; notes whether any row holds copies.
  void read_degrees(const ViewGraph& g);
  void mark_dirty(Vertex v);
  /// r[w] += delta, keeping mass() and the touched list (inline: the push's inner loop).
  void add_residual(Vertex w, double delta) {
    Cell& c = cell_[w];
    const double old = c.r;
    c.r = old + delta;
    mass_ += std::fabs(c.r) - std::fabs(old);
    if (!c.touched) {
      c.touched = 1;
      touched_.push_back(w);
    }
  }
  void push_vertex(const ViewGraph& g, Vertex v, double theta);
  /// y[w] = Σ_{u -> w} c[u] over the distinct arcs of g (pull over in-arcs when no row holds
  /// copies, else per-thread scatter).
  void transpose_product(const ViewGraph& g, const std::vector<double>& c, std::vector<double>& y);
  /// absorb_degree_mode with Σr and Σk over the non-sinks given.
  bool absorb(const ViewGraph& g, double net, double volume);
  void recount();  ///< mass_ and sum_ from scratch (deterministic chunked sums)

  double d_;
  std::vector<double> x_;
  std::vector<Cell> cell_;
  bool copies_ = false;  // some row may hold copies of an arc (a multigraph)
  double mass_ = 0, sum_ = 0;
  std::uint64_t pushes_ = 0;
  std::vector<Vertex> dirty_, touched_, queue_;
  bool all_dirty_ = false;
  // Sweep scratch: contributions, products, per-thread scatter arrays and head marks.
  std::vector<double> c_, y_;
  std::vector<std::vector<double>> scatter_;
  std::vector<HeadMarks> marks_;  // per thread; marks_[0] also for the pushes
};

}  // namespace spgraph::detail
