// SPDX-License-Identifier: Apache-2.0
// DynamicGraph<T>: a graph that takes a stream of edge updates from a writer while any number of
// reader threads query consistent snapshots of it. Storage is Dynamic CSR
// (formats/dcsr/dcsr.hpp, after King et al. 2016); an undirected graph stores both arcs of each
// edge.
//
// Updates come in batches: insert_edges, erase_edges, apply (mixed inserts, erases and
// re-weights, taking effect in batch order) and add_vertices. Each call is one batch and, once
// applied, is published as a new snapshot (version = number of batches applied).
//
// Concurrency guarantees:
//   - One writer at a time: update calls from several threads are serialized (a writer mutex);
//     snapshot() never takes it.
//   - snapshot() returns the latest published batch boundary in O(1) (a shared pointer copied
//     under a mutex held only for that copy). A reader never sees part of a batch: a batch is
//     applied to the writer's private state and published whole.
//   - A snapshot is immutable and stays valid, with the same contents, for as long as the
//     reader holds it, whatever the writer does meanwhile (inserts, erases, defragmentation,
//     buffer growth): the writer never writes memory a published snapshot can read (see the
//     rules in dcsr.hpp), and such memory is freed only when the last snapshot holding it goes
//     (reference counting: an epoch scheme with deferred reclamation per snapshot).
//   - The writer never waits for readers: publishing is O(vertices / 16384) plus the
//     copy-on-write of the metadata pages the next batch touches.
//   - A reader holding an old snapshot keeps that version's pages and buffers alive; memory
//     grows with the number of distinct versions held, not with the number of readers.
//
// Vertex ids: an update naming a vertex id >= the current count grows the graph to hold it
// (VertexGrowth::Grow, the default) or is rejected with IndexOutOfBounds (VertexGrowth::Reject);
// either way a batch with a bad update changes nothing.
//
// Duplicates: IgnoreIfPresent (the default; the adjacency stays a set), Combine (weights are
// summed), or Keep (a multigraph; directed graphs only).
//
// Maintained views: maintain(view) registers an answer (components, PageRank, distances, kNN;
// engine/maintained_view.hpp) that the writer updates after every batch, choosing between the
// view's incremental update and a recomputation by measured cost, and publishes with the
// snapshot (GraphSnapshot::maintained). A directed graph then also keeps its in-arcs (a
// transposed Dynamic CSR) while a view reads them. A view that throws on a batch is
// recomputed; one whose recomputation throws too is dropped (BatchSummary::dropped_views).
//
// Durability: GraphStore (store/graph_store.hpp) wraps a DynamicGraph with a write-ahead
// log and checkpoints; this class itself lives in memory only.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/duplicate_policy.hpp"
#include "engine/core/edge_update.hpp"
#include "engine/graph_snapshot.hpp"
#include "engine/maintained_view.hpp"
#include "engine/matrix.hpp"
#include "formats/dcsr/dcsr.hpp"

namespace spgraph {

/// What an update naming a vertex id >= the current vertex count does.
enum class VertexGrowth {
  Grow,    ///< the graph grows to hold the vertex
  Reject,  ///< the batch is rejected with IndexOutOfBounds
};

/// A count maintained batch by batch and published with every snapshot (e.g. triangles,
/// algorithms/triangles/incremental_triangles.hpp). Called by the writer only, on its own thread.
class IncrementalCount {
 public:
  virtual ~IncrementalCount() = default;
  /// The count for the whole graph `g` (when the graph is created).
  virtual std::int64_t initial(const DcsrAdjacency& g) = 0;
  /// The change one batch made: `removed` edges were present in `before` and are absent in
  /// `after`, `added` the reverse; each undirected edge is listed once, as (min, max).
  virtual std::int64_t delta(const DcsrAdjacency& before, const DcsrAdjacency& after,
                             std::span<const std::pair<Vertex, Vertex>> removed,
                             std::span<const std::pair<Vertex, Vertex>> added) = 0;
};

/// How a DynamicGraph stores its edges and treats updates.
struct DynamicGraphOptions {
  /// Directed arcs; false (the default) stores each undirected edge in both directions.
  bool directed = false;
  bool weighted = false;  ///< store a weight per edge; otherwise the graph is a pattern
  /// IgnoreIfPresent, Combine or Keep (directed graphs only); Reject does not apply.
  DuplicatePolicy duplicates = DuplicatePolicy::IgnoreIfPresent;
  VertexGrowth growth = VertexGrowth::Grow;
  /// Maintains the triangle count (undirected graphs without duplicates); see
  /// algorithms/triangles/incremental_triangles.hpp for the counter to put here.
  std::shared_ptr<IncrementalCount> triangle_counter;
  /// Format parameters (streaming_dcsr_params: the paper's k, proportional slack);
  /// `format.duplicates` is replaced by `duplicates`.
  DcsrParams format = streaming_dcsr_params();
  /// The version of the initial state (0 for a new graph); batches count on from it. A durable
  /// store (store/graph_store.hpp) sets it so that versions go on across restarts.
  std::uint64_t start_version = 0;
};

namespace detail {
/// The Dynamic CSR parameters of a graph's arcs (and of a directed graph's in-arcs).
inline DcsrParams dynamic_graph_format(const DynamicGraphOptions& o) {
  DcsrParams p = o.format;
  p.duplicates = o.duplicates;
  return p;
}
}  // namespace detail

/// A mixed batch of edge updates (engine/core/edge_update.hpp), applied in order.
template <class T>
struct UpdateBatch {
  std::vector<EdgeUpdate<T>> updates;
  /// Adds an insert of u -> v with weight w (per DynamicGraphOptions::duplicates).
  void insert(Vertex u, Vertex v, T w = T(1)) { updates.push_back({UpdateKind::Insert, u, v, w}); }
  /// Adds an erase of every stored copy of u -> v.
  void erase(Vertex u, Vertex v) { updates.push_back({UpdateKind::Erase, u, v, T(1)}); }
  /// Adds a re-weight of a present u -> v (an absent edge stays absent).
  void assign(Vertex u, Vertex v, T w) { updates.push_back({UpdateKind::Assign, u, v, w}); }
  /// Number of updates, emptiness, and clearing for reuse.
  std::size_t size() const { return updates.size(); }
  bool empty() const { return updates.empty(); }
  void clear() { updates.clear(); }
};

/// What one batch did, counted in edges (an undirected edge once).
struct BatchSummary {
  std::uint64_t version = 0;  ///< the version this batch published
  Offset updates = 0;
  Offset inserted = 0;  ///< edges that became present (copies under Keep)
  Offset erased = 0;    ///< edges removed
  Offset ignored = 0;   ///< inserts of present edges left as they were
  Offset combined = 0;  ///< inserts folded into a present edge's weight
  Offset assigned = 0;  ///< weights changed
  Offset missing = 0;   ///< erases and re-weights of absent edges
  Vertex vertices = 0;  ///< vertex count after the batch
  bool defragmented = false;
  bool grew = false;
  std::int64_t triangle_delta = 0;
  /// Maintained views this batch dropped ("name: reason"): a view whose update and
  /// recomputation both threw (out of memory, say); the batch is applied and published anyway.
  std::vector<std::string> dropped_views;
};

/// A graph that one writer thread updates in batches while any number of reader threads query
/// immutable snapshots of it (see the file comment for the guarantees).
template <class T>
class DynamicGraph {
 public:
  /// A graph with n isolated vertices.
  explicit DynamicGraph(Vertex n = 0, DynamicGraphOptions options = {});
  /// A graph holding the arcs of `base` (square); an undirected graph takes A ∪ A' (the
  /// weight of {u, v} is A(min, max) when stored, else A(max, min)).
  DynamicGraph(const Matrix<T>& base, DynamicGraphOptions options);

  DynamicGraph(const DynamicGraph&) = delete;
  DynamicGraph& operator=(const DynamicGraph&) = delete;

  /// Inserts edges (u, v, w) as one batch.
  BatchSummary insert_edges(std::span<const EdgeUpdate<T>> edges);
  /// Erases edges (u, v) as one batch.
  BatchSummary erase_edges(std::span<const std::pair<Vertex, Vertex>> edges);
  /// Applies a mixed batch.
  BatchSummary apply(const UpdateBatch<T>& batch);
  /// Adds k isolated vertices (one batch).
  BatchSummary add_vertices(Vertex k);
  /// Starts maintaining a count (triangles) from now on: counts the current graph once with
  /// counter->initial, then batch by batch; republishes the latest version with the count. For
  /// callers that learn late that the count is wanted (a stream's first triangle query), so
  /// that updates before it pay nothing. Same preconditions as the triangle_counter option.
  void track_triangles(std::shared_ptr<IncrementalCount> counter);
  /// Registers a maintained view: computes it on the current graph (view->recompute), then
  /// keeps it up to date after every batch, and republishes the latest version with its answer.
  /// Throws InvalidArgument when a view of the same name is registered, or what the first
  /// computation throws (a negative weight for SSSP); nothing is registered then.
  void maintain(std::shared_ptr<MaintainedView> view, ViewPolicy policy = ViewPolicy::Auto);
  /// Stops maintaining the view `name` (republishing without it); false when there is none.
  bool unmaintain(const std::string& name);
  /// What the writer measured for each registered view, in registration order.
  std::vector<ViewStats> view_stats() const;
  /// Throws exactly as apply(batch) would for an invalid batch (a vertex the graph cannot
  /// grow to, a re-weight of an unweighted graph), without changing anything; a caller that
  /// must act between validation and application (a write-ahead log) calls it first.
  void check(const UpdateBatch<T>& batch) const;

  /// The latest published snapshot (O(1), never blocks on the writer's work).
  GraphSnapshot<T> snapshot() const {
    std::lock_guard<std::mutex> lock(publish_mutex_);
    return GraphSnapshot<T>(latest_);
  }
  /// The options the graph was created with.
  const DynamicGraphOptions& options() const { return options_; }
  /// The format's statistics (tombstones, dead space, segments), from the writer's state.
  DcsrStats format_stats() const;
  /// Bytes the writer's structure uses (DCSR slots in use plus metadata).
  std::size_t memory_bytes() const;

 private:
  struct ArcBatch;
  BatchSummary run(std::span<const EdgeUpdate<T>> updates, bool inserts_only);
  Offset vertices_needed(std::span<const EdgeUpdate<T>> updates) const;
  DcsrBatchResult apply_arcs(std::span<const EdgeUpdate<T>> updates, bool mirror, ArcBatch& arcs,
                             DcsrChangeLog* log);
  DcsrBatchResult apply_mirrored_changes(const DcsrChangeLog& log, ArcBatch& arcs);
  void count_changes(DcsrChangeLog& log, BatchSummary& s);
  void publish(std::uint64_t version);
  void check_options(bool counting) const;
  // Maintained views (dynamic_graph_views.hpp).
  struct ViewSlot {
    std::shared_ptr<MaintainedView> view;
    ViewStats stats;
    std::shared_ptr<const ViewResult> result;
    unsigned recomputes_in_a_row = 0;
  };
  bool views_need_in_arcs() const;
  Csr<T> transposed_arcs() const;
  void check_view_weights(std::span<const EdgeUpdate<T>> updates) const;
  ViewGraph view_graph(const DcsrView<T>& out, const DcsrView<T>* in) const;
  ArcChanges arc_changes(const DcsrChangeLog& log, std::span<const EdgeUpdate<T>> updates,
                         Vertex before) const;
  void update_views(const ArcChanges& changes);
  void run_view(ViewSlot& slot, const ViewGraph& before, const ViewGraph& after,
                const ArcChanges& changes);
  void apply_in_arcs(const ArcBatch& arcs, std::size_t count);

  DynamicGraphOptions options_;
  mutable std::mutex writer_mutex_;
  mutable std::mutex publish_mutex_;
  std::shared_ptr<const detail::SnapshotState<T>> latest_;
  Dcsr<T> arcs_;
  std::uint64_t version_ = 0;
  Offset self_loops_ = 0;
  std::int64_t triangles_ = 0;
  std::shared_ptr<IncrementalCount> counter_;  // the writer's counter (options or tracked later)
  std::vector<ViewSlot> views_;
  std::vector<std::string> dropped_;  // views the last batch dropped, with the reason
  std::unique_ptr<Dcsr<T>> in_arcs_;  // a directed graph's transpose, while a view reads it
  DcsrView<T> in_latest_;             // in_arcs_ as of the latest published version
};

}  // namespace spgraph

#include "engine/dynamic_graph_impl.hpp"
#include "engine/dynamic_graph_views.hpp"
