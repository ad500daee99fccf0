// SPDX-License-Identifier: Apache-2.0
// Maintained views: answers a DynamicGraph (engine/dynamic_graph.hpp) keeps up to date batch by
// batch and publishes with every snapshot, so that a query on them costs O(1) or O(answer)
// instead of a recomputation. The implementations live with their algorithms
// (algorithms/components/incremental_components.hpp, algorithms/pagerank/incremental_pagerank.hpp,
// algorithms/sssp/incremental_distances.hpp, algorithms/knn/incremental_knn.hpp); the engine sees
// them only through this interface, as it sees the triangle counter through IncrementalCount.
//
// The writer drives every view on its own thread, after applying a batch and before publishing
// it: update(before, after, changes), or recompute(after) when the batch is past the view's
// crossover (DynamicGraph measures both and switches by itself, see ViewPolicy). A view may use
// OpenMP inside. Views read the graph through ViewGraph: the out-arcs, and the in-arcs (the
// out-arcs again for an undirected graph; for a directed graph a transposed Dynamic CSR the
// DynamicGraph keeps while some view asks for it), with weights read as double.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/dcsr/dcsr_view.hpp"

namespace spgraph {

/// Arc weights of a Dynamic CSR view read as double (1 on a pattern), by slot; type-erased so
/// that views compile once for every value type.
class ArcWeights {
 public:
  ArcWeights() = default;  ///< every arc weighs 1
  template <class T>
  explicit ArcWeights(const DcsrView<T>* v)
      : view_(v->is_pattern() ? nullptr : v), read_([](const void* p, Offset slot) {
          return double(static_cast<const DcsrView<T>*>(p)->value(slot));
        }) {}
  double operator()(Offset slot) const { return view_ ? read_(view_, slot) : 1.0; }

 private:
  const void* view_ = nullptr;
  double (*read_)(const void*, Offset) = nullptr;
};

/// The graph as a view reads it, on one side of a batch.
struct ViewGraph {
  DcsrAdjacency out;  ///< out-arcs (each undirected edge as two arcs)
  ArcWeights out_weight;
  /// In-arcs: `out` for an undirected graph; for a directed graph the transpose, kept while a
  /// registered view needs_in_arcs(), else empty (has_in false).
  DcsrAdjacency in;
  ArcWeights in_weight;
  bool directed = false;
  bool has_in = false;
  bool weighted = false;
  bool may_repeat = false;  ///< duplicates Keep: an arc may be stored more than once
  Vertex n() const { return out.n(); }
  /// Calls f(neighbour, weight) for each out-arc of v (one call per stored copy).
  template <class F>
  void for_each_out(Vertex v, F&& f) const {
    out.for_each(v, [&](Vertex c, Offset slot) { f(c, out_weight(slot)); });
  }
  /// Calls f(neighbour, weight) for each in-arc of v (requires has_in).
  template <class F>
  void for_each_in(Vertex v, F&& f) const {
    in.for_each(v, [&](Vertex c, Offset slot) { f(c, in_weight(slot)); });
  }
};

/// What one batch changed, as arcs u -> v of the stored graph (an undirected edge {u, v} as both
/// arcs, a self-loop once).
struct ArcChanges {
  std::vector<std::pair<Vertex, Vertex>> added;    ///< absent before the batch, present after
  std::vector<std::pair<Vertex, Vertex>> removed;  ///< present before the batch, absent after
  /// Arcs the batch re-weighted or inserted that are present after it, on a weighted graph or
  /// under Keep: their weight or multiplicity may have changed (an insert under Combine or Keep,
  /// an erase and an insert in one batch; compare before and after). An arc here may also be in
  /// `added`.
  std::vector<std::pair<Vertex, Vertex>> reweighted;
  Vertex vertices_before = 0;  ///< vertex count before the batch (it may have grown)
  Vertex vertices_after = 0;
  std::size_t size() const { return added.size() + removed.size() + reweighted.size(); }
};

/// A view's published answer: immutable, shared with readers. Each view defines its own.
struct ViewResult {
  virtual ~ViewResult() = default;
};

/// An answer a DynamicGraph keeps up to date (see the file comment).
class MaintainedView {
 public:
  virtual ~MaintainedView() = default;
  /// The name queries find it by: "cc", "pagerank", "bfs:S", "sssp:S", "knn:V" (dense ids).
  virtual std::string name() const = 0;
  /// Whether the view reads a directed graph's in-arcs (ViewGraph::in).
  virtual bool needs_in_arcs() const { return true; }
  /// Whether the view refuses negative (and NaN) weights: a batch giving one is rejected whole
  /// before anything changes, as sssp refuses them.
  virtual bool needs_nonnegative_weights() const { return false; }
  /// Computes the answer from scratch on g (at registration, and past the crossover). May throw
  /// InvalidArgument (a negative weight for SSSP) at registration.
  virtual void recompute(const ViewGraph& g) = 0;
  /// Brings the answer up to date after one batch, from the graph before and after it.
  virtual void update(const ViewGraph& before, const ViewGraph& after,
                      const ArcChanges& changes) = 0;
  /// The answer now, immutable, to publish with the snapshot (O(1) or O(pages touched)).
  virtual std::shared_ptr<const ViewResult> publish() = 0;
};

/// How the writer chooses between update() and recompute() for a batch.
enum class ViewPolicy {
  Auto,         ///< update() unless the batch is past the measured crossover
  Incremental,  ///< always update() (tests of the incremental path)
  Recompute,    ///< always recompute() (the baseline the benchmark compares with)
};

/// What the writer measured for one view.
struct ViewStats {
  std::string name;
  ViewPolicy policy = ViewPolicy::Auto;
  std::uint64_t updates = 0;      ///< batches taken by update()
  std::uint64_t recomputes = 0;   ///< batches (and the registration) taken by recompute()
  double recompute_seconds = 0;   ///< the last recompute()'s time
  double seconds_per_change = 0;  ///< update() time per changed arc (moving average)
  double last_seconds = 0;        ///< the last batch's time in this view
  std::size_t last_changes = 0;   ///< the last batch's changed arcs
  bool last_recomputed = false;   ///< the last batch was past the crossover
  /// The batch size (changed arcs) past which recompute() is predicted cheaper; 0 when not yet
  /// measured.
  double crossover_changes() const {
    return seconds_per_change > 0 ? recompute_seconds / seconds_per_change : 0;
  }
};

}  // namespace spgraph
