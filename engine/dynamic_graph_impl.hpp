// SPDX-License-Identifier: Apache-2.0
// DynamicGraph<T> member functions (declared in dynamic_graph.hpp).
//
// A batch, under the writer mutex (run):
//   1. validate every update (ids, re-weights on an unweighted graph) and grow the vertex set
//      when an id calls for it, before anything changes (vertices_needed); this is the batch's
//      one validation: the Dynamic CSR takes it through apply_trusted;
//   2. apply it to the Dynamic CSR (apply_arcs): a directed graph as one arc batch; an
//      undirected graph as the canonical arcs (min, max) first, whose result counts each edge
//      once and whose change log lists the edges that appeared or went, then the mirrored arcs
//      (max, min). The arcs (u, v) and (v, u) of an undirected graph are present together, so
//      for an unweighted graph the mirrored pass replays only the change log, reversed: the
//      arcs that appeared are inserted without a membership search (they are known absent) and
//      those that went are erased; a weighted graph replays every mirrored arc, for its values;
//   3. update the self-loop count and, when tracked, the triangle count (count_changes; the
//      triangle delta reads the previous snapshot for removed edges and the new state for added
//      ones), then the maintained views (dynamic_graph_views.hpp), which read the previous
//      snapshot and the new state the same way;
//   4. publish the new snapshot.
#pragma once

#include <omp.h>

#include <algorithm>
#include <memory>
#include <string>

#include "engine/core/error.hpp"
#include "engine/dynamic_graph.hpp"

namespace spgraph {

namespace detail {

/// The arcs a DynamicGraph starts from: A itself, or A ∪ A' for an undirected graph.
template <class T>
Csr<T> dynamic_graph_base(const Matrix<T>& base, const DynamicGraphOptions& o) {
  if (base.nrows() != base.ncols())
    throw DimensionMismatch("dynamic graph: the base matrix must be square, got " +
                            std::to_string(base.nrows()) + " x " + std::to_string(base.ncols()));
  const Csr<T>& a = base.csr();
  const bool pattern = !o.weighted;
  Coo<T> coo{a.nrows, a.ncols, pattern, {}, {}, {}};
  auto push = [&](Vertex r, Vertex c, Offset k) {
    coo.row.push_back(r);
    coo.col.push_back(c);
    if (!pattern) coo.val.push_back(stored_value_t<T>(a.value(k)));
  };
  if (o.directed) {
    for (Vertex r = 0; r < a.nrows; ++r)
      for (Offset k = a.row_ptr[r]; k < a.row_ptr[r + 1]; ++k) push(r, a.col[k], k);
    return build_csr<T, FirstOp<T>>(std::move(coo), DuplicatePolicy::Combine);
  }
  // Canonical (min, max) edges, the upper triangle's entries first so that they win.
  for (int pass = 0; pass < 2; ++pass)
    for (Vertex r = 0; r < a.nrows; ++r)
      for (Offset k = a.row_ptr[r]; k < a.row_ptr[r + 1]; ++k) {
        const Vertex c = a.col[k];
        if (pass == 0 && r <= c) push(r, c, k);
        if (pass == 1 && r > c) push(c, r, k);
      }
  const Csr<T> upper = build_csr<T, FirstOp<T>>(std::move(coo), DuplicatePolicy::Combine);
  Coo<T> both{a.nrows, a.ncols, pattern, {}, {}, {}};
  for (Vertex r = 0; r < upper.nrows; ++r)
    for (Offset k = upper.row_ptr[r]; k < upper.row_ptr[r + 1]; ++k) {
      const Vertex c = upper.col[k];
      for (int mirror = 0; mirror < 1 + (r != c); ++mirror) {
        both.row.push_back(mirror ? c : r);
        both.col.push_back(mirror ? r : c);
        if (!pattern) both.val.push_back(upper.val[k]);
      }
    }
  return build_csr<T, FirstOp<T>>(std::move(both), DuplicatePolicy::Reject);
}

/// Throws for the first update that re-weights an unweighted graph or names a vertex a graph of
/// n vertices cannot grow to; else returns the vertex count the batch needs (DynamicGraph and
/// its device twin, dynamic_graph_cuda.hpp, validate batches alike).
template <class T>
Offset batch_vertices_needed(std::span<const EdgeUpdate<T>> updates, Vertex n,
                             const DynamicGraphOptions& options) {
  Offset need = n;
  for (std::size_t k = 0; k < updates.size(); ++k) {
    const EdgeUpdate<T>& e = updates[k];
    if (!options.weighted && e.kind == UpdateKind::Assign)
      throw InvalidArgument("update " + std::to_string(k) + " re-weights edge (" +
                            std::to_string(e.u) + ", " + std::to_string(e.v) +
                            "), but the graph is unweighted");
    const Vertex hi = std::max(e.u, e.v);
    if (hi >= n) {
      if (options.growth == VertexGrowth::Reject || hi >= kMaxDimension)
        throw IndexOutOfBounds(
            "update " + std::to_string(k) + " names vertex " + std::to_string(hi) +
            ", but the graph has " + std::to_string(n) + " vertices" +
            (options.growth == VertexGrowth::Reject ? " and does not grow (grow=False)" : ""));
      need = std::max<Offset>(need, Offset(hi) + 1);
    }
  }
  return need;
}

}  // namespace detail

template <class T>
DynamicGraph<T>::DynamicGraph(Vertex n, DynamicGraphOptions options)
    : options_(std::move(options)),
      arcs_(n, n, !options_.weighted, detail::dynamic_graph_format(options_)) {
  check_options(options_.triangle_counter != nullptr);
  counter_ = options_.triangle_counter;
  if (counter_) triangles_ = counter_->initial(arcs_.view().adjacency());
  version_ = options_.start_version;
  publish(version_);
}

template <class T>
DynamicGraph<T>::DynamicGraph(const Matrix<T>& base, DynamicGraphOptions options)
    : options_(std::move(options)),
      arcs_(Dcsr<T>::from_csr(detail::dynamic_graph_base(base, options_),
                              detail::dynamic_graph_format(options_))) {
  check_options(options_.triangle_counter != nullptr);
  const DcsrView<T> v = arcs_.view();
  for (Vertex r = 0; r < v.nrows(); ++r) self_loops_ += v.contains(r, r);
  counter_ = options_.triangle_counter;
  if (counter_) triangles_ = counter_->initial(v.adjacency());
  version_ = options_.start_version;
  publish(version_);
}

template <class T>
void DynamicGraph<T>::check_options(bool counting) const {
  if (!options_.directed && options_.duplicates == DuplicatePolicy::Keep)
    throw InvalidArgument(
        "dynamic graph: duplicates 'keep' (a multigraph) needs a directed graph; an undirected "
        "graph keeps a set of edges ('ignore' or 'combine')");
  if (counting && (options_.directed || options_.duplicates == DuplicatePolicy::Keep))
    throw InvalidArgument(
        "dynamic graph: triangle tracking needs an undirected graph without duplicate edges");
}

template <class T>
BatchSummary DynamicGraph<T>::insert_edges(std::span<const EdgeUpdate<T>> edges) {
  return run(edges, true);
}

template <class T>
BatchSummary DynamicGraph<T>::erase_edges(std::span<const std::pair<Vertex, Vertex>> edges) {
  std::vector<EdgeUpdate<T>> u(edges.size());
  for (std::size_t k = 0; k < edges.size(); ++k)
    u[k] = {UpdateKind::Erase, edges[k].first, edges[k].second, T(1)};
  return run(u, false);
}

template <class T>
BatchSummary DynamicGraph<T>::apply(const UpdateBatch<T>& batch) {
  bool inserts_only = true;
  for (const auto& e : batch.updates) inserts_only = inserts_only && e.kind == UpdateKind::Insert;
  return run(batch.updates, inserts_only);
}

template <class T>
void DynamicGraph<T>::track_triangles(std::shared_ptr<IncrementalCount> counter) {
  std::lock_guard<std::mutex> lock(writer_mutex_);
  if (!counter) throw InvalidArgument("dynamic graph: track_triangles needs a counter");
  check_options(true);
  triangles_ = counter->initial(arcs_.view().adjacency());
  counter_ = std::move(counter);
  publish(version_);
}

template <class T>
void DynamicGraph<T>::check(const UpdateBatch<T>& batch) const {
  std::lock_guard<std::mutex> lock(writer_mutex_);
  vertices_needed(batch.updates);
  if (!views_.empty()) check_view_weights(batch.updates);
}

template <class T>
BatchSummary DynamicGraph<T>::add_vertices(Vertex k) {
  std::lock_guard<std::mutex> lock(writer_mutex_);
  const Offset n = Offset(arcs_.nrows()) + k;
  if (n > kMaxDimension) throw InvalidArgument("dynamic graph: more than 4294967294 vertices");
  const Vertex n_before = arcs_.nrows();
  arcs_.resize(Vertex(n), Vertex(n));
  if (in_arcs_) in_arcs_->resize(Vertex(n), Vertex(n));
  if (!views_.empty()) {
    ArcChanges changes;
    changes.vertices_before = n_before;
    changes.vertices_after = Vertex(n);
    update_views(changes);
  }
  publish(++version_);
  BatchSummary s;
  s.version = version_;
  s.vertices = Vertex(n);
  s.dropped_views = std::move(dropped_);
  dropped_.clear();
  return s;
}

/// One batch of arcs for the Dynamic CSR as parallel arrays, filled for the canonical arcs, then
/// again for the mirrored ones.
template <class T>
struct DynamicGraph<T>::ArcBatch {
  ArcBatch(std::size_t m, bool with_kinds, bool weighted)
      : with_kinds(with_kinds), vals(std::make_unique<T[]>(weighted ? m : 0)) {
    rows.reserve(m);
    cols.reserve(m);
    if (with_kinds) kinds.reserve(m);
  }
  bool with_kinds;  ///< false when every update inserts: `kinds` stays empty
  std::vector<Vertex> rows, cols;
  std::vector<UpdateKind> kinds;
  std::unique_ptr<T[]> vals;  ///< weights (not std::vector<bool>); none when unweighted
};

template <class T>
BatchSummary DynamicGraph<T>::run(std::span<const EdgeUpdate<T>> updates, bool inserts_only) {
  std::lock_guard<std::mutex> lock(writer_mutex_);
  // Phase 1: validate, then grow.
  const Offset need = vertices_needed(updates);
  if (!views_.empty()) check_view_weights(updates);
  const Vertex n_before = arcs_.nrows();
  if (need > arcs_.nrows()) {
    arcs_.resize(Vertex(need), Vertex(need));
    if (in_arcs_) in_arcs_->resize(Vertex(need), Vertex(need));
  }
  // Phase 2: apply.
  ArcBatch arcs(updates.size(), !inserts_only, options_.weighted);
  DcsrChangeLog log;
  const bool undirected = !options_.directed;
  const DcsrBatchResult r = apply_arcs(updates, false, arcs, &log);
  if (in_arcs_) apply_in_arcs(arcs, updates.size());
  DcsrBatchResult mirror_result;
  if (undirected)
    mirror_result = options_.weighted ? apply_arcs(updates, true, arcs, nullptr)
                                      : apply_mirrored_changes(log, arcs);
  // Phase 3: self-loops, triangles and maintained views.
  ArcChanges changes;
  if (!views_.empty()) changes = arc_changes(log, updates, n_before);
  BatchSummary s;
  count_changes(log, s);
  if (!views_.empty()) update_views(changes);
  // Phase 4: publish.
  publish(++version_);
  s.version = version_;
  s.updates = updates.size();
  s.inserted = r.inserted;
  s.erased = r.erased;
  s.ignored = r.ignored;
  s.combined = r.combined;
  s.assigned = r.assigned;
  s.missing = r.missing;
  s.vertices = arcs_.nrows();
  s.defragmented = r.defragmented || mirror_result.defragmented;
  s.grew = r.grew || mirror_result.grew;
  s.dropped_views = std::move(dropped_);
  dropped_.clear();
  return s;
}

/// Applies the batch's arcs, reversed, to a directed graph's transpose (same order, same
/// duplicate policy, so it stays the exact transpose).
template <class T>
void DynamicGraph<T>::apply_in_arcs(const ArcBatch& arcs, std::size_t count) {
  const std::span<const T> vs(arcs.vals.get(), options_.weighted ? count : 0);
  in_arcs_->apply_trusted(arcs.kinds, arcs.cols, arcs.rows, vs, nullptr);
}

/// Throws for the first update that re-weights an unweighted graph or names a vertex the graph
/// cannot grow to; else returns the vertex count the batch needs.
template <class T>
Offset DynamicGraph<T>::vertices_needed(std::span<const EdgeUpdate<T>> updates) const {
  return detail::batch_vertices_needed(updates, arcs_.nrows(), options_);
}

/// Applies the arcs of `updates` to the Dynamic CSR: each (u, v) of a directed graph; of an
/// undirected graph, the canonical arcs (min, max), or with `mirror` the arcs (max, min) of the
/// edges that are not self-loops.
template <class T>
DcsrBatchResult DynamicGraph<T>::apply_arcs(std::span<const EdgeUpdate<T>> updates, bool mirror,
                                            ArcBatch& arcs, DcsrChangeLog* log) {
  const bool undirected = !options_.directed;
  arcs.rows.clear();
  arcs.cols.clear();
  arcs.kinds.clear();
  if (!mirror) {
    // One arc per update, packed in parallel (a large batch's packing was a serial loop).
    const std::int64_t n = std::int64_t(updates.size());
    arcs.rows.resize(updates.size());
    arcs.cols.resize(updates.size());
    if (arcs.with_kinds) arcs.kinds.resize(updates.size());
#pragma omp parallel for schedule(static) if (n > 65536)
    for (std::int64_t k = 0; k < n; ++k) {
      const EdgeUpdate<T>& e = updates[std::size_t(k)];
      const bool swap = undirected && e.u > e.v;
      arcs.rows[std::size_t(k)] = swap ? e.v : e.u;
      arcs.cols[std::size_t(k)] = swap ? e.u : e.v;
      if (arcs.with_kinds) arcs.kinds[std::size_t(k)] = e.kind;
      if (options_.weighted) arcs.vals[std::size_t(k)] = e.w;
    }
    const std::span<const T> vs(arcs.vals.get(), options_.weighted ? updates.size() : 0);
    return arcs_.apply_trusted(arcs.kinds, arcs.rows, arcs.cols, vs, log);
  }
  std::size_t count = 0;
  for (const EdgeUpdate<T>& e : updates) {
    Vertex a = e.u, b = e.v;
    if (undirected) {
      if (mirror && a == b) continue;
      if ((a > b) != mirror) std::swap(a, b);
    }
    arcs.rows.push_back(a);
    arcs.cols.push_back(b);
    if (arcs.with_kinds) arcs.kinds.push_back(e.kind);
    if (options_.weighted) arcs.vals[count] = e.w;
    ++count;
  }
  const std::span<const T> vs(arcs.vals.get(), options_.weighted ? count : 0);
  return arcs_.apply_trusted(arcs.kinds, arcs.rows, arcs.cols, vs, log);
}

/// The mirrored arcs of an unweighted undirected graph from the canonical arcs' change log:
/// (v, u) for each edge (u, v) that appeared, inserted without a membership search since its
/// mirror was absent too, and erased for each edge that went. Self-loops have no mirror.
template <class T>
DcsrBatchResult DynamicGraph<T>::apply_mirrored_changes(const DcsrChangeLog& log, ArcBatch& arcs) {
  arcs.rows.clear();
  arcs.cols.clear();
  arcs.kinds.clear();
  for (const auto& [a, b] : log.added) {
    if (a == b) continue;
    arcs.rows.push_back(b);
    arcs.cols.push_back(a);
  }
  const std::size_t inserts = arcs.rows.size();
  for (const auto& [a, b] : log.removed) {
    if (a == b) continue;
    arcs.rows.push_back(b);
    arcs.cols.push_back(a);
  }
  if (arcs.rows.size() > inserts) {  // mixed: name each arc's kind
    arcs.kinds.assign(inserts, UpdateKind::Insert);
    arcs.kinds.resize(arcs.rows.size(), UpdateKind::Erase);
  }
  return arcs_.apply_trusted(arcs.kinds, arcs.rows, arcs.cols, {}, nullptr, true);
}

/// The self-loop count, and the triangle count when tracked, after the canonical arcs' change
/// log (each undirected edge once).
template <class T>
void DynamicGraph<T>::count_changes(DcsrChangeLog& log, BatchSummary& s) {
  for (const auto& [a, b] : log.added) self_loops_ += a == b;
  for (const auto& [a, b] : log.removed) self_loops_ -= a == b;
  if (!counter_) return;
  const auto is_loop = [](const std::pair<Vertex, Vertex>& e) { return e.first == e.second; };
  std::erase_if(log.added, is_loop);
  std::erase_if(log.removed, is_loop);
  s.triangle_delta =
      counter_->delta(latest_->view.adjacency(), arcs_.view().adjacency(), log.removed, log.added);
  triangles_ += s.triangle_delta;
}

template <class T>
void DynamicGraph<T>::publish(std::uint64_t version) {
  auto st = std::make_shared<detail::SnapshotState<T>>();
  st->view = arcs_.freeze();
  st->version = version;
  st->directed = options_.directed;
  st->self_loops = self_loops_;
  if (counter_) st->triangles = triangles_;
  for (const ViewSlot& v : views_) st->views.emplace_back(v.stats.name, v.result);
  if (in_arcs_) in_latest_ = in_arcs_->freeze();
  std::shared_ptr<const detail::SnapshotState<T>> old = std::move(st);
  {
    std::lock_guard<std::mutex> lock(publish_mutex_);
    latest_.swap(old);
  }
  // `old` (the previous snapshot) is released here, outside the lock.
}

template <class T>
DcsrStats DynamicGraph<T>::format_stats() const {
  std::lock_guard<std::mutex> lock(writer_mutex_);
  return arcs_.stats();
}

template <class T>
std::size_t DynamicGraph<T>::memory_bytes() const {
  std::lock_guard<std::mutex> lock(writer_mutex_);
  return arcs_.memory_bytes();
}

}  // namespace spgraph
