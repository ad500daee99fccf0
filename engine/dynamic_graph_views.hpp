// SPDX-License-Identifier: Apache-2.0
// DynamicGraph<T>'s maintained views (declared in dynamic_graph.hpp; the interface in
// maintained_view.hpp): registration, the arcs a batch changed, and the writer's choice, per
// view and per batch, between the view's incremental update and a recomputation.
//
// The choice (ViewPolicy::Auto): the writer times every recompute() (registration included)
// and keeps a moving average of update() time per changed arc; a batch whose predicted update
// time (changed arcs · seconds per change) exceeds the last recomputation's time is
// recomputed. After 16 recomputations in a row one batch is updated anyway, so that the
// estimate follows the graph. ViewStats::crossover_changes() reports the break-even batch size.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <string>

#include "engine/core/error.hpp"
#include "engine/dynamic_graph.hpp"

namespace spgraph {

template <class T>
void DynamicGraph<T>::maintain(std::shared_ptr<MaintainedView> view, ViewPolicy policy) {
  std::lock_guard<std::mutex> lock(writer_mutex_);
  if (!view) throw InvalidArgument("dynamic graph: maintain needs a view");
  const std::string name = view->name();
  for (const ViewSlot& s : views_)
    if (s.stats.name == name)
      throw InvalidArgument("dynamic graph: the view '" + name + "' is already maintained");
  const bool build_in_arcs = options_.directed && view->needs_in_arcs() && !in_arcs_;
  if (build_in_arcs) {
    in_arcs_ = std::make_unique<Dcsr<T>>(
        Dcsr<T>::from_csr(transposed_arcs(), detail::dynamic_graph_format(options_)));
    in_latest_ = in_arcs_->freeze();
  }
  ViewSlot slot;
  slot.view = std::move(view);
  slot.stats.name = name;
  slot.stats.policy = policy;
  try {
    const DcsrView<T> out_now = arcs_.view();
    const auto t0 = std::chrono::steady_clock::now();
    slot.view->recompute(view_graph(out_now, in_arcs_ ? &in_latest_ : nullptr));
    slot.stats.recompute_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  } catch (...) {
    if (build_in_arcs) {
      in_arcs_.reset();
      in_latest_ = {};
    }
    throw;
  }
  slot.stats.recomputes = 1;
  slot.result = slot.view->publish();
  views_.push_back(std::move(slot));
  publish(version_);
}

template <class T>
bool DynamicGraph<T>::unmaintain(const std::string& name) {
  std::lock_guard<std::mutex> lock(writer_mutex_);
  const auto it = std::find_if(views_.begin(), views_.end(),
                               [&](const ViewSlot& s) { return s.stats.name == name; });
  if (it == views_.end()) return false;
  views_.erase(it);
  if (!views_need_in_arcs()) {
    in_arcs_.reset();
    in_latest_ = {};
  }
  publish(version_);
  return true;
}

template <class T>
std::vector<ViewStats> DynamicGraph<T>::view_stats() const {
  std::lock_guard<std::mutex> lock(writer_mutex_);
  std::vector<ViewStats> out;
  for (const ViewSlot& s : views_) out.push_back(s.stats);
  return out;
}

/// The transpose of the stored arcs, every stored copy kept (to_csr() folds the copies of a
/// Keep graph, which the in-arcs must not); rows come out sorted.
template <class T>
Csr<T> DynamicGraph<T>::transposed_arcs() const {
  const DcsrView<T> v = arcs_.view();
  const Vertex n = v.nrows();
  Csr<T> t;
  t.nrows = t.ncols = n;
  t.pattern = v.is_pattern();
  t.row_ptr.assign(std::size_t(n) + 1, 0);
  for (Vertex r = 0; r < n; ++r) v.for_each(r, [&](Vertex c, Offset) { ++t.row_ptr[c + 1]; });
  for (Vertex r = 0; r < n; ++r) t.row_ptr[r + 1] += t.row_ptr[r];
  t.col.resize(t.row_ptr[n]);
  if (!t.pattern) t.val.resize(t.row_ptr[n]);
  std::vector<Offset> next(t.row_ptr.begin(), t.row_ptr.end() - 1);
  for (Vertex r = 0; r < n; ++r)
    v.for_each(r, [&](Vertex c, Offset slot) {
      const Offset k = next[c]++;
      t.col[k] = r;
      if (!t.pattern) t.val[k] = stored_value_t<T>(v.value(slot));
    });
  return t;
}

template <class T>
bool DynamicGraph<T>::views_need_in_arcs() const {
  if (!options_.directed) return false;
  for (const ViewSlot& s : views_)
    if (s.view->needs_in_arcs()) return true;
  return false;
}

/// Throws, before anything changes, for an insert or re-weight with a negative or NaN weight
/// when a registered view refuses them (SSSP).
template <class T>
void DynamicGraph<T>::check_view_weights(std::span<const EdgeUpdate<T>> updates) const {
  if (!options_.weighted) return;
  const ViewSlot* strict = nullptr;
  for (const ViewSlot& s : views_)
    if (s.view->needs_nonnegative_weights()) strict = &s;
  if (!strict) return;
  for (std::size_t k = 0; k < updates.size(); ++k) {
    const EdgeUpdate<T>& e = updates[k];
    if (e.kind == UpdateKind::Erase) continue;
    const double w = double(e.w);
    if (!(w >= 0))
      throw InvalidArgument("update " + std::to_string(k) + " gives edge (" + std::to_string(e.u) +
                            ", " + std::to_string(e.v) + ") the weight " + std::to_string(w) +
                            ", but the maintained view '" + strict->stats.name +
                            "' needs weights >= 0 (as sssp does)");
  }
}

/// The graph as views read it: `out` and, for a directed graph, `in` (the transpose) or none.
template <class T>
ViewGraph DynamicGraph<T>::view_graph(const DcsrView<T>& out, const DcsrView<T>* in) const {
  ViewGraph g;
  g.out = out.adjacency();
  g.out_weight = ArcWeights(&out);
  g.directed = options_.directed;
  g.weighted = options_.weighted;
  g.may_repeat = options_.duplicates == DuplicatePolicy::Keep;
  if (!options_.directed) {
    g.in = g.out;
    g.in_weight = g.out_weight;
    g.has_in = true;
  } else if (in) {
    g.in = in->adjacency();
    g.in_weight = ArcWeights(in);
    g.has_in = true;
  }
  return g;
}

/// The arcs one batch changed, from the canonical arcs' change log and, for weights and copies,
/// from the updates themselves.
template <class T>
ArcChanges DynamicGraph<T>::arc_changes(const DcsrChangeLog& log,
                                        std::span<const EdgeUpdate<T>> updates,
                                        Vertex before) const {
  ArcChanges c;
  c.vertices_before = before;
  c.vertices_after = arcs_.nrows();
  const bool undirected = !options_.directed;
  const auto put = [&](std::vector<std::pair<Vertex, Vertex>>& list, Vertex a, Vertex b) {
    list.push_back({a, b});
    if (undirected && a != b) list.push_back({b, a});
  };
  for (const auto& [a, b] : log.added) put(c.added, a, b);
  for (const auto& [a, b] : log.removed) put(c.removed, a, b);
  // A re-weight may change a present arc's weight; so may an insert under Combine or Keep (its
  // weight or copies), and under IgnoreIfPresent an insert of an arc the batch also erased (an
  // erase then an insert of one arc). Other inserts of present arcs are ignored.
  if (!options_.weighted && options_.duplicates != DuplicatePolicy::Keep) return c;
  const auto canonical = [&](const EdgeUpdate<T>& e) {
    return undirected && e.u > e.v ? std::pair{e.v, e.u} : std::pair{e.u, e.v};
  };
  const bool inserts_reweight = options_.duplicates != DuplicatePolicy::IgnoreIfPresent;
  std::vector<std::pair<Vertex, Vertex>> erased;
  if (!inserts_reweight)
    for (const EdgeUpdate<T>& e : updates)
      if (e.kind == UpdateKind::Erase) erased.push_back(canonical(e));
  std::sort(erased.begin(), erased.end());
  std::vector<std::pair<Vertex, Vertex>> named;
  for (const EdgeUpdate<T>& e : updates)
    if (e.kind == UpdateKind::Assign ||
        (e.kind == UpdateKind::Insert &&
         (inserts_reweight || std::binary_search(erased.begin(), erased.end(), canonical(e)))))
      named.push_back(canonical(e));
  std::sort(named.begin(), named.end());
  named.erase(std::unique(named.begin(), named.end()), named.end());
  const DcsrView<T> now = arcs_.view();
  for (const auto& [a, b] : named)
    if (now.contains(a, b)) put(c.reweighted, a, b);
  return c;
}

/// Runs every view after a batch (the writer, before publishing it).
template <class T>
void DynamicGraph<T>::update_views(const ArcChanges& changes) {
  const ViewGraph before = view_graph(latest_->view, in_arcs_ ? &in_latest_ : nullptr);
  const DcsrView<T> out_now = arcs_.view();
  std::optional<DcsrView<T>> in_now;
  if (in_arcs_) in_now = in_arcs_->view();
  const ViewGraph after = view_graph(out_now, in_now ? &*in_now : nullptr);
  dropped_.clear();
  for (auto it = views_.begin(); it != views_.end();) {
    try {
      run_view(*it, before, after, changes);
      ++it;
    } catch (const std::exception& e) {
      // Neither the update nor a recomputation could follow this batch (out of memory, say):
      // the view is dropped, its queries recompute again, and the batch is published anyway.
      dropped_.push_back(it->stats.name + ": " + e.what());
      it = views_.erase(it);
    }
  }
  if (in_arcs_ && !views_need_in_arcs()) {
    in_arcs_.reset();
    in_latest_ = {};
  }
}

template <class T>
void DynamicGraph<T>::run_view(ViewSlot& slot, const ViewGraph& before, const ViewGraph& after,
                               const ArcChanges& changes) {
  ViewStats& st = slot.stats;
  const std::size_t n_changes = changes.size();
  bool recompute = st.policy == ViewPolicy::Recompute;
  if (st.policy == ViewPolicy::Auto && st.seconds_per_change > 0 && n_changes > 0 &&
      slot.recomputes_in_a_row < 16)
    recompute = double(n_changes) * st.seconds_per_change > st.recompute_seconds;
  const auto t0 = std::chrono::steady_clock::now();
  if (!recompute) {
    try {
      slot.view->update(before, after, changes);
    } catch (const std::exception&) {
      recompute = true;  // the view's state is unknown now: start it again from the graph
    }
  }
  if (recompute) slot.view->recompute(after);
  const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (recompute) {
    st.recompute_seconds = t;
    ++st.recomputes;
    ++slot.recomputes_in_a_row;
  } else {
    ++st.updates;
    slot.recomputes_in_a_row = 0;
    if (n_changes > 0) {
      const double per = t / double(n_changes);
      st.seconds_per_change =
          st.seconds_per_change > 0 ? 0.75 * st.seconds_per_change + 0.25 * per : per;
    }
  }
  st.last_seconds = t;
  st.last_changes = n_changes;
  st.last_recomputed = recompute;
  slot.result = slot.view->publish();
}

}  // namespace spgraph
