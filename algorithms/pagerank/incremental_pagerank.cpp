// SPDX-License-Identifier: Apache-2.0
// The maintained PageRank view (incremental_pagerank.hpp): a batch's growth and changed
// out-arcs turned into residuals, pushed (Ohsaka, Maehara & Kawarabayashi, KDD 2015) or swept
// by warm-started power steps until the stated L1 bound holds, then published through a
// VersionedArray with the top vertex from a winner tree.
#include "algorithms/pagerank/incremental_pagerank.hpp"

#include <omp.h>

#include <algorithm>
#include <string>
#include <vector>

#include "algorithms/pagerank/pagerank_arc_delta.hpp"
#include "algorithms/pagerank/pagerank_residual.hpp"
#include "algorithms/pagerank/rank_argmax_tree.hpp"
#include "engine/core/error.hpp"

namespace spgraph {

namespace {

/// The share of the stated tolerance the residual bound is held to: the rest covers rounding
/// in x, r and the running Σ|r|.
constexpr double kRoundingMargin = 0.99;
/// Passes of sweep_to_bound past which the bound is taken as out of reach (plain power steps
/// shrink the residual by d = 0.85 or better each, so a sane bound needs far fewer).
constexpr int kMaxSweeps = 5000;
/// Pushes may read this share of a power step's arcs and vertices before the batch falls back
/// to power steps: a pushed arc costs several times a swept one (a random access to its head
/// and the queue), and the last pushes of a batch move the least residual.
constexpr double kPushBudget = 0.1;

class PageRankView final : public MaintainedView {
 public:
  explicit PageRankView(const PageRankViewOptions& o) : opt_(o), state_(o.damping) {}
  std::string name() const override { return "pagerank"; }
  bool needs_in_arcs() const override { return false; }
  void recompute(const ViewGraph& g) override;
  void update(const ViewGraph& before, const ViewGraph& after, const ArcChanges& c) override;
  std::shared_ptr<const ViewResult> publish() override;

 private:
  /// The bound on Σ|r| that puts the published ranks within the tolerance.
  double residual_target() const;
  /// Pushes, then (past their budget) the degree mode and power steps, until the bound holds.
  void settle(const ViewGraph& g);
  /// The degree mode (undirected) and power steps until the bound holds.
  void sweep_to_bound(const ViewGraph& g);
  /// Copies the changed ranks into the published array and finds the top vertex.
  void sync();
  void sync_standard();

  PageRankViewOptions opt_;
  detail::PageRankResidual state_;
  detail::OutArcDelta delta_;
  detail::RankArgmaxTree tree_;
  VersionedArray<double> ranks_;
  std::vector<double> scaled_;  // Standard: x / Σx
  Vertex top_ = 0;
  double top_rank_ = 0;
  std::uint64_t work_ = 0;
  bool recomputed_ = false;
};

double PageRankView::residual_target() const {
  const double gap = kRoundingMargin * (1 - opt_.damping) * opt_.tolerance;
  if (opt_.variant == PageRankVariant::Gap) return gap;
  // ||x/Σx - pi/Σpi||₁ <= 2 ||x - pi||₁ / Σx.
  return gap * std::max(state_.rank_sum(), 0.0) / 2;
}

void PageRankView::recompute(const ViewGraph& g) {
  state_.clear_changes();
  if (state_.n() == 0 || g.n() < state_.n())
    state_.start(g);
  else
    state_.warm_start(g);
  sweep_to_bound(g);
  const Vertex n = g.n();
  work_ = n ? state_.pushes() / n : 0;
  recomputed_ = true;
  sync();
}

void PageRankView::settle(const ViewGraph& g) {
  const double arcs = double(g.n()) + double(g.out.nnz());
  const auto budget = std::uint64_t(kPushBudget * arcs) + 1;
  if (state_.push(g, residual_target(), budget) && state_.mass() <= residual_target()) return;
  sweep_to_bound(g);
}

/// Passes until the bound holds: minimal-residual steps while they shrink Σ|r|, plain power
/// steps (which shrink it by d or better) from the first one that does not. Past kMaxSweeps the
/// bound is out of reach in double precision: the view refuses to go on (the writer then drops
/// it; make_pagerank_view refuses tolerances that small).
void PageRankView::sweep_to_bound(const ViewGraph& g) {
  state_.absorb_degree_mode(g);
  bool plain = false;
  for (int pass = 0; state_.mass() > residual_target(); ++pass) {
    if (pass == kMaxSweeps)
      throw InvalidArgument("pagerank view: the residual stays at " +
                            std::to_string(state_.mass()) + " after " + std::to_string(kMaxSweeps) +
                            " passes, above the bound " + std::to_string(residual_target()));
    const double before = state_.mass();
    state_.sweep(g, plain);
    plain = plain || state_.mass() >= before;
  }
}

void PageRankView::update(const ViewGraph& before, const ViewGraph& after,
                          const ArcChanges& changes) {
  state_.clear_changes();
  if (after.n() > state_.n()) state_.grow(after.n());
  delta_.read(before, after, changes);
  for (std::size_t i = 0; i < delta_.tails(); ++i)
    state_.change_out_arcs(delta_.tail(i), delta_.heads(i));
  // A multigraph's arc gains copies by inserts (listed as added or re-weighted).
  for (const auto* list : {&changes.added, &changes.reweighted})
    for (const auto& arc : *list) state_.check_copies(after, arc.first);
  settle(after);
  work_ = state_.pushes();
  recomputed_ = false;
  sync();
}

void PageRankView::sync() {
  if (opt_.variant == PageRankVariant::Standard) return sync_standard();
  const std::vector<double>& x = state_.ranks();
  const Vertex n = state_.n();
  if (state_.all_changed() || state_.changed().size() > n / 8 || ranks_.size() != n) {
    ranks_.assign(x);
    tree_.rebuild(x);
  } else {
    for (Vertex v : state_.changed()) {
      ranks_.set(v, x[v]);
      tree_.changed(x, v);
    }
  }
  top_ = tree_.top();
  top_rank_ = n ? x[top_] : 0.0;
}

void PageRankView::sync_standard() {
  const std::vector<double>& x = state_.ranks();
  const std::int64_t n = state_.n();
  const double sum = state_.rank_sum();
  scaled_.resize(std::size_t(n));
  // The top by chunks of fixed size, combined in order: independent of the schedule.
  constexpr std::int64_t kChunk = 4096;
  const std::int64_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<Vertex> best(std::size_t(chunks), 0);
#pragma omp parallel for schedule(static) if (chunks > 8)
  for (std::int64_t c = 0; c < chunks; ++c) {
    const std::int64_t b = c * kChunk, e = std::min(n, b + kChunk);
    Vertex top = Vertex(b);
    for (std::int64_t v = b; v < e; ++v) {
      scaled_[std::size_t(v)] = x[std::size_t(v)] / sum;
      if (scaled_[std::size_t(v)] > scaled_[top]) top = Vertex(v);
    }
    best[std::size_t(c)] = top;
  }
  top_ = 0;
  for (Vertex v : best)
    if (scaled_[v] > scaled_[top_]) top_ = v;
  top_rank_ = n ? scaled_[top_] : 0.0;
  ranks_.assign(scaled_);
}

std::shared_ptr<const ViewResult> PageRankView::publish() {
  auto r = std::make_shared<PageRankViewResult>();
  r->rank = ranks_.freeze();
  r->top = top_;
  r->top_rank = top_rank_;
  r->tolerance = opt_.tolerance;
  r->work = work_;
  r->recomputed = recomputed_;
  return r;
}

}  // namespace

std::shared_ptr<MaintainedView> make_pagerank_view(const PageRankViewOptions& options) {
  if (!(options.damping >= 0 && options.damping < 1))
    throw InvalidArgument("pagerank view: damping must lie in [0, 1), got " +
                          std::to_string(options.damping));
  if (!(options.tolerance >= 1e-12))
    throw InvalidArgument(
        "pagerank view: the tolerance must be at least 1e-12 (smaller bounds are below what "
        "double precision can guarantee), got " +
        std::to_string(options.tolerance));
  return std::make_shared<PageRankView>(options);
}

}  // namespace spgraph
