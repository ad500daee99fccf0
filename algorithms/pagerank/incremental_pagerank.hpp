// SPDX-License-Identifier: Apache-2.0
// The maintained PageRank view (engine/maintained_view.hpp): the ranks of pagerank.hpp kept up
// to date batch by batch by residual push, published with every DynamicGraph snapshot.
//
// Method: Gauss-Southwell residual push for PageRank on an evolving graph (Ohsaka, Maehara &
// Kawarabayashi, "Efficient PageRank Tracking in Evolving Networks", KDD 2015), with the
// degree-scaled update of a changed vertex from Zhang, Lofgren & Goel, "Approximate
// Personalized PageRank on Dynamic Graphs", KDD 2016, and the forward push of Andersen, Chung &
// Lang, FOCS 2006. The view keeps ranks x and residuals r with the invariant
//     exact = x + (I - d Pᵀ)⁻¹ r,
// P the row-stochastic out-arc matrix as pagerank() reads a snapshot (P(u, w) = 1/outdeg(u)
// per arc; self-loops are arcs; the copies of a multigraph's arc are one arc, as in the
// snapshot's matrix; a sink's row is zero: its rank leaks, pagerank()'s Gap variant), so that
// Σ_v |x[v] - exact[v]| <= Σ|r| / (1 - d). A batch is taken in four steps
// (pagerank_residual.hpp has the details):
//   1. a growing vertex count changes the teleport (1-d)/n of every vertex: x and r are scaled
//      by n_before / n_after (exact: the fixed point is linear in the teleport) and each new
//      vertex gets the residual (1-d)/n_after. So a batch that adds vertices costs one O(n)
//      pass (no product with the graph) and republishes every rank;
//   2. each tail u whose out-arcs changed (an arc appeared or went, by lookups in `before` and
//      `after`) has x[u] scaled by outdeg_after / outdeg_before, which leaves what it sends
//      along its other arcs as it was, and the difference goes into residuals at u and at the
//      heads of its changed arcs: O(changed arcs), never a scan of u's row;
//   3. residuals are pushed along out-arcs (x[v] += r[v], r[w] += d r[v] / outdeg(v)) in
//      threshold stages of decreasing |r[v]| / (1 + outdeg v), on the writer's thread, until
//      Σ|r| / (1 - d) is under the tolerance, or the pushes have read a tenth of the graph's
//      arcs and vertices;
//   4. then power steps warm-started from the current x, in parallel (x += βr, r = (1-β) r +
//      β d Pᵀ r, β the minimal-residual step), until the bound holds. On an undirected graph
//      the net residual, which pushes and power steps shrink only by d per pass, is first moved
//      into x along the degree vector (an eigenvector of Pᵀ, so this is exact), in one O(n)
//      pass, when that lowers Σ|r|.
// The residual left is kept for the next batch. recompute() is steps 4 alone from the current
// ranks, r recomputed from the invariant (so rounding drift is dropped), or from x = 1/n at
// registration. Its guarantee, like update()'s, is ||rank - exact||₁ <= tolerance for the exact
// fixed point: tighter than pagerank()'s own stopping rule Σ|r' - r| < tolerance, which bounds
// only the last step (its distance to the fixed point may be up to d/(1-d) times that).
//
// The Standard variant (dangling rank spread over every vertex) is the Gap fixed point divided
// by its sum (the dangling mass only rescales a uniform teleport), so the view keeps the Gap
// state, holds 2 Σ|r| / ((1 - d) Σx) under the tolerance (then ||x/Σx - exact||₁ is), and
// publishes x / Σx: every rank changes with every batch, so Standard publishes in O(n).
//
// `top` is kept by a winner tree over the Gap ranks (rank_argmax_tree.hpp): O(log n) per rank
// that changed, no scan (the Standard variant finds it in its O(n) publishing pass).
//
// The view reads out-arcs only (needs_in_arcs() is false, so a directed graph keeps no
// transpose for it); power steps pull over the in-arcs when the graph offers them (undirected,
// or another view asked for them) and otherwise scatter into per-thread arrays. Results are
// deterministic for a given thread count.
#pragma once

#include <cstdint>
#include <memory>

#include "algorithms/pagerank/pagerank.hpp"
#include "engine/core/types.hpp"
#include "engine/maintained_view.hpp"
#include "engine/versioned_array.hpp"

namespace spgraph {

/// Options of the maintained PageRank view.
struct PageRankViewOptions {
  double damping = 0.85;
  /// The published ranks are within this L1 distance (Σ_v |rank[v] - exact[v]|) of the exact
  /// fixed point of the variant.
  double tolerance = 1e-4;
  PageRankVariant variant = PageRankVariant::Gap;  ///< Gap or Standard (see the file comment)
};

/// The L1 distance to the exact fixed point that pagerank()'s own stopping rule (Σ|r' - r| <
/// tolerance) guarantees: tolerance · d / (1 - d), since the error contracts by d per power step.
/// A view with this bound is as accurate, by guarantee, as the recomputation it replaces; the
/// CLI, the server and Python maintain "pagerank" with the bound of pagerank()'s defaults
/// (1e-4 · 0.85 / 0.15 ≈ 5.7e-4).
inline double pagerank_error_bound(double tolerance, double damping) {
  return tolerance * damping / (1 - damping);
}

/// The published answer of the "pagerank" view.
struct PageRankViewResult : ViewResult {
  VersionedArray<double>::Frozen rank;  ///< one per vertex
  Vertex top = 0;           ///< the vertex of largest rank (smallest id on ties); 0 when n = 0
  double top_rank = 0;      ///< its rank (0 when n = 0)
  double tolerance = 0;     ///< the stated L1 bound (the option)
  std::uint64_t work = 0;   ///< pushes of the last update (a power step counts n pushes), or
                            ///< the power steps of the last recompute
  bool recomputed = false;  ///< the last answer came from recompute()
};

/// The maintained view of PageRank (name "pagerank"). Throws InvalidArgument for damping
/// outside [0, 1) or a tolerance that is not > 0.
std::shared_ptr<MaintainedView> make_pagerank_view(const PageRankViewOptions& options = {});

}  // namespace spgraph
