// SPDX-License-Identifier: Apache-2.0
// The "bfs:S" and "sssp:S" maintained views (incremental_distances.hpp, which describes the
// method after Ramalingam & Reps 1996 and Frigioni, Marchetti-Spaccamela & Nanni 2000): one view
// class for both, hop counts being distances with unit weights.
//
// State per vertex: the distance (a plain array the repair reads and writes, copied into the
// published VersionedArray only where it changed) and the shortest-path-tree parent (kNoVertex
// for the source and unreached vertices); a vertex's tree children are the heads of its
// out-arcs that name it as parent. An update runs in four steps:
//   1. examine: the heads of removed (or re-weighted) tree arcs, in increasing old distance. A
//      head keeps its distance when an in-arc from an unaffected vertex at a smaller distance
//      still gives it; otherwise it is invalidated and its tree children are examined in turn;
//   2. seed the invalidated vertices from their in-arcs from unaffected vertices (parallel);
//   3. seed the heads of inserted and lighter arcs whose tail now offers a shorter path;
//   4. settle: Dijkstra from the seeds (a bucket per level for BFS) over the new graph.
// The steps count the vertices and arcs they read; past 1/32 of the graph's vertices and arcs
// the update stops and recomputes (parallel bfs() / sssp()), which bounds the worst case (a hub
// near the source cut off: most distances change) at little more than a recomputation.
// Why it is exact: before the batch every arc satisfied d[y] <= d[x] + w; after step 1 the
// unaffected vertices keep distances that paths of the new graph still realise, steps 2 and 3
// offer every arc whose inequality may now fail (arcs into invalidated vertices, new and
// lighter arcs), and step 4 restores it for every arc leaving a vertex whose distance fell, as
// Dijkstra does. A tree arc is only ever set on a strict improvement or to a parent at a
// strictly smaller distance, so the parents stay a tree rooted at the source.
#include "algorithms/sssp/incremental_distances.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/sssp/distance_queue.hpp"
#include "engine/core/error.hpp"

namespace spgraph {

namespace {

constexpr double kInf = kUnreachableDistance;
constexpr std::size_t kParallelSeeds = 2048;  // invalidated vertices seeded on several threads
/// An update that has read more than (vertices + arcs) / kBudgetShare of the graph (and more
/// than kMinBudget), vertices and arcs counted alike, gives up and recomputes: its sequential
/// repair would soon cost more than the parallel search (a Kronecker hub cut from the source
/// changes the distances of most of the graph).
constexpr Offset kBudgetShare = 32;
constexpr Offset kMinBudget = Offset(1) << 14;

std::string format_weight(double w) {
  std::ostringstream os;
  os.precision(17);
  os << w;
  return os.str();
}

class DistanceView final : public MaintainedView {
 public:
  DistanceView(Vertex source, bool hops) : source_(source), hops_(hops) {}

  std::string name() const override { return (hops_ ? "bfs:" : "sssp:") + std::to_string(source_); }
  bool needs_in_arcs() const override { return true; }
  bool needs_nonnegative_weights() const override { return !hops_; }
  void recompute(const ViewGraph& g) override;
  void update(const ViewGraph& before, const ViewGraph& after, const ArcChanges& changes) override;
  std::shared_ptr<const ViewResult> publish() override;

 private:
  enum State : std::uint8_t { kUntouched, kQueued, kKept, kInvalid };

  void check_graph(const ViewGraph& g) const;
  void refuse_negative_weights(const ViewGraph& g) const;
  void derive_parents(const ViewGraph& g);
  void grow(Vertex n);
  double in_weight(const ViewGraph& g, Offset slot) const {
    return unit_ ? 1.0 : g.in_weight(slot);
  }
  double out_weight(const ViewGraph& g, Offset slot) const {
    return unit_ ? 1.0 : g.out_weight(slot);
  }
  double arc_weight(const ViewGraph& g, Vertex u, Vertex v);
  void set_distance(Vertex v, double d);
  void lower(Vertex v, double d, Vertex p, detail::DistanceQueue& q);
  void suspect(Vertex v, detail::DistanceQueue& q);
  bool over_budget() const { return work_ > budget_; }
  bool examine(const ViewGraph& before, const ViewGraph& after, const ArcChanges& changes);
  bool find_parent(const ViewGraph& after, Vertex v);
  void invalidate(const ViewGraph& before, Vertex v, detail::DistanceQueue& q);
  bool seed_invalidated(const ViewGraph& after, detail::DistanceQueue& q);
  bool seed_changed_arcs(const ViewGraph& after, const ArcChanges& changes,
                         detail::DistanceQueue& q);
  bool settle(const ViewGraph& after, detail::DistanceQueue& q);
  void commit();
  void abandon();

  Vertex source_;
  bool hops_;
  bool unit_ = true;              // every arc weighs 1 (BFS, or an unweighted graph)
  bool weights_checked_ = false;  // the first recompute scanned every weight (SSSP)
  std::vector<double> dist_;
  std::vector<Vertex> parent_;
  std::vector<std::uint8_t> state_;  // kUntouched outside an update
  std::vector<Vertex> touched_;      // vertices whose state_ the update changed
  std::vector<Vertex> invalid_;      // vertices invalidated by this update
  std::vector<Vertex> changed_;      // vertices whose distance this update changed
  Offset work_ = 0;                  // vertices and arcs this update has read
  Offset budget_ = 0;                // the work past which it recomputes instead
  detail::DistanceCounts counts_;
  VersionedArray<double> published_{0, kInf};
};

// ---- recomputation -----------------------------------------------------------------------------

void DistanceView::check_graph(const ViewGraph& g) const {
  if (!g.has_in)
    throw InvalidArgument(name() + ": the view reads in-arcs, and the graph brought none");
}

/// The view refuses negative and NaN weights anywhere (the DynamicGraph refuses them in later
/// batches), so the repair never meets one; this names the first such arc.
void DistanceView::refuse_negative_weights(const ViewGraph& g) const {
  const std::int64_t n = std::int64_t(g.n());
  Offset bad = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : bad) if (n >= 65536)
  for (std::int64_t u = 0; u < n; ++u)
    g.for_each_out(Vertex(u), [&](Vertex, double w) { bad += !(w >= 0); });
  for (Vertex u = 0; bad && u < Vertex(n); ++u)
    g.for_each_out(u, [&](Vertex v, double w) {
      if (!(w >= 0))
        throw InvalidArgument(name() + ": arc " + std::to_string(u) + " -> " + std::to_string(v) +
                              " has weight " + format_weight(w) +
                              "; the view needs weights >= 0 (as sssp does)");
    });
}

/// A shortest-path tree for the distances sssp() found: each reached vertex takes an in-arc
/// from a vertex at a strictly smaller distance that gives its distance; vertices reachable
/// only through zero-weight arcs within their distance are then attached from those found, a
/// search along such arcs, so the parents form a tree.
void DistanceView::derive_parents(const ViewGraph& g) {
  const Vertex n = g.n();
  parent_.assign(n, kNoVertex);
#pragma omp parallel for schedule(dynamic, 1024) if (n >= 65536)
  for (std::int64_t i = 0; i < std::int64_t(n); ++i) {
    const Vertex v = Vertex(i);
    const double dv = dist_[v];
    if (v == source_ || dv == kInf) continue;
    g.in.find_if(v, [&](Vertex c, Offset slot) {
      if (!(dist_[c] < dv) || dist_[c] + in_weight(g, slot) != dv) return false;
      parent_[v] = c;
      return true;
    });
  }
  const auto attached = [&](Vertex c) { return c == source_ || parent_[c] != kNoVertex; };
  std::vector<Vertex> found;
  for (Vertex v = 0; v < n; ++v) {
    if (attached(v) || dist_[v] == kInf) continue;
    g.in.find_if(v, [&](Vertex c, Offset slot) {
      if (!attached(c) || dist_[c] + in_weight(g, slot) != dist_[v]) return false;
      parent_[v] = c;
      found.push_back(v);
      return true;
    });
  }
  for (std::size_t k = 0; k < found.size(); ++k) {
    const Vertex x = found[k];
    g.out.for_each(x, [&](Vertex y, Offset slot) {
      if (attached(y) || dist_[y] == kInf || dist_[x] + out_weight(g, slot) != dist_[y]) return;
      parent_[y] = x;
      found.push_back(y);
    });
  }
}

void DistanceView::recompute(const ViewGraph& g) {
  const Vertex n = g.n();
  if (source_ >= n)
    throw IndexOutOfBounds(name() + ": the source " + std::to_string(source_) +
                           " is not a vertex (the graph has " + std::to_string(n) + ")");
  check_graph(g);
  unit_ = hops_ || !g.weighted;
  if (!unit_ && !weights_checked_) {
    refuse_negative_weights(g);
    weights_checked_ = true;
  }
  if (hops_) {
    BfsResult r = bfs(g, source_);
    dist_.resize(n);
#pragma omp parallel for schedule(static) if (n >= 65536)
    for (std::int64_t v = 0; v < std::int64_t(n); ++v) {
      const Vertex level = r.level[std::size_t(v)];
      dist_[std::size_t(v)] = level == kUnreached ? kInf : double(level);
    }
    parent_ = std::move(r.parent);
    parent_.resize(n);  // the kernel's arrays have a spare slot; kUnreached == kNoVertex
  } else {
    dist_ = sssp(g, source_).distance;
    derive_parents(g);
  }
  parent_[source_] = kNoVertex;
  state_.assign(n, kUntouched);
  counts_.rebuild(dist_);
  published_.assign(dist_);
}

// ---- one batch ---------------------------------------------------------------------------------

void DistanceView::grow(Vertex n) {
  if (n <= dist_.size()) return;
  dist_.resize(n, kInf);
  parent_.resize(n, kNoVertex);
  state_.resize(n, kUntouched);
  published_.grow(n);
}

/// The lightest copy of arc u -> v in g (kInf when absent), read from the shorter of row u and
/// in-row v.
double DistanceView::arc_weight(const ViewGraph& g, Vertex u, Vertex v) {
  double w = kInf;
  work_ += std::min(g.in.degree(v), g.out.degree(u));
  if (g.in.degree(v) < g.out.degree(u)) {
    g.in.for_each(v, [&](Vertex c, Offset slot) {
      if (c == u) w = std::min(w, in_weight(g, slot));
    });
  } else {
    g.out.for_each(u, [&](Vertex c, Offset slot) {
      if (c == v) w = std::min(w, out_weight(g, slot));
    });
  }
  return w;
}

void DistanceView::set_distance(Vertex v, double d) {
  if (dist_[v] != kInf) counts_.remove(dist_[v]);
  if (d != kInf) counts_.add(d);
  dist_[v] = d;
  changed_.push_back(v);
}

/// Gives v the distance d through parent p and queues it for settling.
void DistanceView::lower(Vertex v, double d, Vertex p, detail::DistanceQueue& q) {
  set_distance(v, d);
  parent_[v] = p;
  q.push(d, v);
}

/// Queues v for examination at its old distance, once.
void DistanceView::suspect(Vertex v, detail::DistanceQueue& q) {
  if (state_[v] != kUntouched) return;
  state_[v] = kQueued;
  touched_.push_back(v);
  q.push(dist_[v], v);
}

/// Step 1 (see the file comment); false when over budget.
bool DistanceView::examine(const ViewGraph& before, const ViewGraph& after,
                           const ArcChanges& changes) {
  detail::DistanceQueue q(hops_);
  const auto broken = [&](const std::vector<std::pair<Vertex, Vertex>>& arcs) {
    for (const auto& [u, v] : arcs)
      if (v < changes.vertices_before && parent_[v] == u) suspect(v, q);
  };
  broken(changes.removed);
  if (!unit_) broken(changes.reweighted);  // with unit weights a present arc still weighs 1
  double key = 0;
  Vertex v = 0;
  while (q.pop(key, v)) {
    if (find_parent(after, v)) {
      state_[v] = kKept;
    } else {
      invalidate(before, v, q);
    }
    if (over_budget()) return false;
  }
  return true;
}

/// Whether v keeps its distance: an in-arc from an unaffected vertex at a strictly smaller
/// distance (every such vertex has been decided: the queue runs in distance order) gives it, or
/// less (a lighter arc, which step 3 offers); takes that vertex as v's parent.
bool DistanceView::find_parent(const ViewGraph& after, Vertex v) {
  const double dv = dist_[v];
  Vertex p = kNoVertex;
  ++work_;
  after.in.find_if(v, [&](Vertex c, Offset slot) {
    ++work_;
    const bool unaffected = state_[c] == kUntouched || state_[c] == kKept;
    if (!unaffected || !(dist_[c] < dv) || !(dist_[c] + in_weight(after, slot) <= dv)) return false;
    p = c;
    return true;
  });
  if (p == kNoVertex) return false;
  parent_[v] = p;
  return true;
}

/// v loses its distance; its tree children (out-arcs of the old graph) are examined in turn.
void DistanceView::invalidate(const ViewGraph& before, Vertex v, detail::DistanceQueue& q) {
  state_[v] = kInvalid;
  invalid_.push_back(v);
  set_distance(v, kInf);
  parent_[v] = kNoVertex;
  work_ += before.out.degree(v);
  before.out.for_each(v, [&](Vertex y, Offset) {
    if (parent_[y] == v) suspect(y, q);
  });
}

/// Step 2: each invalidated vertex takes its best in-arc from an unaffected vertex; false when
/// over budget.
bool DistanceView::seed_invalidated(const ViewGraph& after, detail::DistanceQueue& q) {
  for (const Vertex v : invalid_) work_ += after.in.degree(v);
  if (over_budget()) return false;
  const std::int64_t k = std::int64_t(invalid_.size());
  std::vector<double> best(invalid_.size(), kInf);
  std::vector<Vertex> from(invalid_.size(), kNoVertex);
#pragma omp parallel for schedule(dynamic, 64) if (std::size_t(k) >= kParallelSeeds)
  for (std::int64_t i = 0; i < k; ++i) {
    after.in.for_each(invalid_[std::size_t(i)], [&](Vertex c, Offset slot) {
      if (state_[c] == kInvalid || dist_[c] == kInf) return;
      const double d = dist_[c] + in_weight(after, slot);
      if (d < best[std::size_t(i)]) {
        best[std::size_t(i)] = d;
        from[std::size_t(i)] = c;
      }
    });
  }
  for (std::size_t i = 0; i < invalid_.size(); ++i)
    if (best[i] != kInf) lower(invalid_[i], best[i], from[i], q);
  return true;
}

/// Step 3: inserted (and, with weights, re-weighted) arcs from unaffected vertices; false when
/// over budget. Invalidated tails are skipped: if they are reached, settling relaxes their arcs.
bool DistanceView::seed_changed_arcs(const ViewGraph& after, const ArcChanges& changes,
                                     detail::DistanceQueue& q) {
  const auto offer = [&](const std::vector<std::pair<Vertex, Vertex>>& arcs) {
    for (const auto& [u, v] : arcs) {
      if (u >= changes.vertices_before || state_[u] == kInvalid) continue;
      if (!(dist_[u] < dist_[v])) continue;  // weights >= 0: no shorter path through u
      const double d = dist_[u] + (unit_ ? 1.0 : arc_weight(after, u, v));
      if (d < dist_[v]) lower(v, d, u, q);
    }
  };
  work_ += changes.added.size() + changes.reweighted.size();
  offer(changes.added);
  if (!unit_) offer(changes.reweighted);
  return !over_budget();
}

/// Step 4: Dijkstra from the queued vertices; false when over budget.
bool DistanceView::settle(const ViewGraph& after, detail::DistanceQueue& q) {
  double key = 0;
  Vertex x = 0;
  while (q.pop(key, x)) {
    if (key != dist_[x]) continue;  // a stale entry: x was lowered again since
    after.out.for_each(x, [&](Vertex y, Offset slot) {
      const double d = key + out_weight(after, slot);
      if (d < dist_[y]) lower(y, d, x, q);
    });
    work_ += 1 + after.out.degree(x);
    if (over_budget()) return false;
  }
  return true;
}

/// Publishes the changed distances and clears the update's marks.
void DistanceView::commit() {
  for (const Vertex v : changed_)
    if (published_[v] != dist_[v]) published_.set(v, dist_[v]);  // unchanged pages stay shared
  for (const Vertex v : touched_) state_[v] = kUntouched;
  changed_.clear();
  touched_.clear();
  invalid_.clear();
}

/// Drops an update's partial work (the recomputation that follows resets every vertex).
void DistanceView::abandon() {
  touched_.clear();
  changed_.clear();
  invalid_.clear();
}

void DistanceView::update(const ViewGraph& before, const ViewGraph& after,
                          const ArcChanges& changes) {
  check_graph(after);
  grow(changes.vertices_after);
  work_ = 0;
  budget_ = std::max(kMinBudget, (Offset(after.n()) + after.out.nnz()) / kBudgetShare);
  detail::DistanceQueue q(hops_);
  if (examine(before, after, changes) && seed_invalidated(after, q) &&
      seed_changed_arcs(after, changes, q) && settle(after, q)) {
    commit();
  } else {
    abandon();
    recompute(after);
  }
}

std::shared_ptr<const ViewResult> DistanceView::publish() {
  auto r = std::make_shared<DistanceViewResult>();
  r->source = source_;
  r->hops = hops_;
  r->distance = published_.freeze();
  r->reached = counts_.reached();
  r->max_distance = counts_.max();
  return r;
}

}  // namespace

std::shared_ptr<MaintainedView> make_bfs_view(Vertex source) {
  return std::make_shared<DistanceView>(source, true);
}

std::shared_ptr<MaintainedView> make_sssp_view(Vertex source) {
  return std::make_shared<DistanceView>(source, false);
}

}  // namespace spgraph
