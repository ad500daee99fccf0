// SPDX-License-Identifier: Apache-2.0
// Checks a PageRank answer (pagerank.hpp), the one verifier `spgraph compare pagerank` and the
// tests share. Two checks:
//   - compare_ranks: two power iterations with the same options agree: step counts within one,
//     and max_v |r1(v) - r2(v)| <= 1e-10 · max_v r1(v) when both ran the same number of steps
//     (the same arithmetic up to the order of summation), plus the L1 change of the longer
//     run's last step when they did not (that step moved each rank by at most its L1 change,
//     which is below the tolerance); what the compare job asks of spgraph's and LAGraph's ranks;
//   - check_pagerank: ranks against the graph alone, as GAPBS's PRVerifier (pr.cc) does: one
//     more power step, computed serially in long double from the definitions, must move the
//     ranks (in L1) by no more than the run's last step did times the damping (the step is a
//     contraction by the damping factor in L1, in both variants), so the answer is the fixed
//     point up to what the stopping rule allows. It also holds the stopping rule itself: a
//     converged run's last change is below the tolerance, any other ran every step allowed.
//     Weighted runs (o.weighted) step with the arc values over the weighted out-degrees, and
//     personalization weights (o.personalize_weights) set the teleport vector, as pagerank.hpp
//     defines them.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/verify_common.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

/// The rounding slack of compare_ranks, relative to the largest rank: two FP64 power
/// iterations that sum in different orders differ by a few ulps per step, and tens of steps
/// stay far below this.
inline constexpr double kRankRounding = 1e-10;

/// One engine's ranks and how its power iteration ended (PageRankResult's fields, or a peer's).
struct RankRun {
  std::span<const double> rank;
  int iterations = 0;
  double delta = 0;  ///< Σ|r' - r| of the last step
};

/// The RankRun of any result with rank, iterations and delta members.
template <class R>
RankRun rank_run(const R& r) {
  return RankRun{r.rank, r.iterations, r.delta};
}

/// What compare_ranks found: error is "" when the ranks agree; max_diff and bound are the
/// largest difference and what it was held to.
struct RankComparison {
  std::string error;
  double max_diff = 0, bound = 0;
};

/// Compares two runs of PageRank with the same options (see the file comment); the error names
/// the vertex whose ranks differ most.
inline RankComparison compare_ranks(const RankRun& ours, const RankRun& theirs,
                                    const VertexNamer& name = dense_vertex_name,
                                    AnswerNames names = {}, double rounding = kRankRounding) {
  RankComparison c;
  if (std::abs(ours.iterations - theirs.iterations) > 1) {
    c.error = std::string(names.ours) + " ran " + std::to_string(ours.iterations) + " steps but " +
              names.theirs + " ran " + std::to_string(theirs.iterations);
    return c;
  }
  if (ours.rank.size() != theirs.rank.size()) {
    c.error = std::string(names.ours) + " ranks " + std::to_string(ours.rank.size()) +
              " vertices but " + names.theirs + " ranks " + std::to_string(theirs.rank.size());
    return c;
  }
  double largest = 0;
  for (const double r : ours.rank) largest = std::max(largest, r);
  // When one engine ran one step more, that step moved the ranks by its delta in L1, so each
  // rank by at most that much: the bound grows by the delta of the longer run's last step (it
  // is below the tolerance), not by the tolerance itself.
  const double extra_step = ours.iterations > theirs.iterations   ? ours.delta
                            : theirs.iterations > ours.iterations ? theirs.delta
                                                                  : 0.0;
  c.bound = rounding * largest + extra_step;
  Vertex worst = 0;
  for (Vertex v = 0; v < ours.rank.size(); ++v) {
    const double d = std::abs(ours.rank[v] - theirs.rank[v]);
    if (!(d <= c.max_diff)) {
      c.max_diff = d;
      worst = v;
    }
  }
  if (!(c.max_diff <= c.bound))
    c.error = "rank of vertex " + name(worst) + " is " + exact_real(ours.rank[worst]) + " in " +
              names.ours + " but " + exact_real(theirs.rank[worst]) + " in " + names.theirs +
              " (difference " + short_real(c.max_diff) + " > " + short_real(c.bound) + ")";
  return c;
}

/// The rounding slack of check_pagerank, in L1: the run's step and the check's long-double step
/// round differently, by about (average degree) ulps of the ranks' sum (at most 1).
inline constexpr double kPageRankStepSlack = 1e-12;
/// The same slack for a run kept in float (PageRankPrecision::Float): each rank carries a
/// relative rounding of about 2^-24 per step and the ranks sum to at most 1, so the L1 slack is
/// a few times 1e-7; 1e-5 leaves room for the average degree's worth of roundings.
inline constexpr double kPageRankFloatStepSlack = 1e-5;

/// Returns "" when `r` is what pagerank(a, o) may answer for the graph of `a` (square; rows =
/// sources, values ignored unless o.weighted), else a description of the first violation: the wrong
/// number of ranks, a rank that is negative or not finite, a stopping rule not kept, or a step that
/// still moves the ranks by more than the damping times the run's last change (naming the vertex
/// that moves most). A float run (o.precision) gets kPageRankFloatStepSlack at least. Cost: one
/// serial pass over the arcs.
template <class T>
std::string check_pagerank(const Csr<T>& a, const PageRankOptions& o, const PageRankResult& r,
                           const VertexNamer& name = dense_vertex_name,
                           double slack = kPageRankStepSlack) {
  const Vertex n = a.nrows;
  if (a.ncols != n) return "the graph is not square";
  if (r.rank.size() != n)
    return std::to_string(r.rank.size()) + " ranks for " + std::to_string(n) + " vertices";
  if (n == 0) return "";
  for (Vertex v : o.personalize)
    if (v >= n) return "the personalization vertex " + std::to_string(v) + " is not a vertex";
  for (Vertex v = 0; v < n; ++v)
    if (!std::isfinite(r.rank[v]) || r.rank[v] < 0)
      return "rank of vertex " + name(v) + " is " + exact_real(r.rank[v]);
  if (r.converged && !(r.delta < o.tolerance))
    return "the run converged, but its last step changed the ranks by " + exact_real(r.delta) +
           ", not below the tolerance " + exact_real(o.tolerance);
  if (!r.converged && r.iterations != o.max_iterations)
    return "the run stopped after " + std::to_string(r.iterations) + " of " +
           std::to_string(o.max_iterations) + " steps without converging";
  // The teleport vector: uniform, uniform over the distinct personalization vertices, or
  // proportional to their weights.
  std::vector<long double> tele(n, 1.0L / n);
  if (!o.personalize_weights.empty()) {
    if (o.personalize_weights.size() != o.personalize.size())
      return "the personalization weights do not match the vertices";
    long double total = 0;
    for (double w : o.personalize_weights) total += w;
    std::fill(tele.begin(), tele.end(), 0.0L);
    for (std::size_t k = 0; k < o.personalize.size(); ++k)
      tele[o.personalize[k]] += o.personalize_weights[k] / total;
  } else if (!o.personalize.empty()) {
    std::vector<char> in(n, 0);
    long double distinct = 0;
    for (Vertex v : o.personalize)
      if (!in[v]) in[v] = 1, ++distinct;
    for (Vertex v = 0; v < n; ++v) tele[v] = in[v] ? 1.0L / distinct : 0.0L;
  }
  // One power step from r: next[v] = ((1 - d) + d · dangling [Standard]) tele[v]
  //                                   + d Σ_{u -> v} r[u] · a(u,v) / out(u),
  // a(u,v) = 1 and out(u) = outdeg(u) unweighted, a(u,v) = A(u,v) and out(u) = Σ_w A(u,w)
  // weighted; out(u) = 0 makes u a sink.
  const long double d = o.damping;
  std::vector<long double> next(n, 0.0L);
  long double dangling = 0;
  const auto arc_value = [&](Offset k) {
    return o.weighted ? static_cast<long double>(a.value(k)) : 1.0L;
  };
  for (Vertex u = 0; u < n; ++u) {
    long double out = 0;
    for (Offset k = a.row_begin(u); k < a.row_end(u); ++k) out += arc_value(k);
    if (out == 0) dangling += r.rank[u];
    if (out == 0) continue;
    for (Offset k = a.row_begin(u); k < a.row_end(u); ++k)
      next[a.col[k]] += d * r.rank[u] * arc_value(k) / out;
  }
  const long double tw = (1 - d) + (o.variant == PageRankVariant::Standard ? d * dangling : 0.0L);
  long double change = 0, most = -1;
  Vertex worst = 0;
  for (Vertex v = 0; v < n; ++v) {
    next[v] += tw * tele[v];
    const long double moved = std::fabs(next[v] - r.rank[v]);
    change += moved;
    if (moved > most) most = moved, worst = v;
  }
  const double bound =
      o.damping * r.delta +
      (o.precision == PageRankPrecision::Float ? std::max(slack, kPageRankFloatStepSlack) : slack);
  if (!(double(change) <= bound))
    return "one more power step moves the ranks by " + short_real(double(change)) +
           " in L1, more than " + short_real(bound) +
           " (the damping times the last step's change); vertex " + name(worst) +
           " moves most, from " + exact_real(r.rank[worst]) + " to " +
           exact_real(double(next[worst]));
  return "";
}

}  // namespace spgraph
