// SPDX-License-Identifier: Apache-2.0
// DeviceDynamicGraph<T>: DynamicGraph's batches (dynamic_graph.hpp) applied to a Dynamic CSR in
// device memory (formats/dcsr/dcsr_cuda.hpp, King et al. 2016, section III, on the GPU), with
// the CPU graph's semantics: the same validation and vertex growth (detail::
// batch_vertices_needed), the same duplicate policies, an undirected graph storing both arcs of
// each edge with its counts taken once per edge, and versions counted by batch. A batch is
// applied whole on the device, then published (version + 1); the queries (edge count, degree,
// BFS) read the latest published version, since nothing runs on the device during a batch.
// freeze() gives a snapshot that later batches leave unchanged: a compact copy on the device.
//
// What it does not have (DynamicGraph does): change logs, the triangle count, maintained
// views and in-arcs, reader threads beside the writer. A plain header over DcsrDevice: in a
// build without CUDA every constructor throws BackendUnavailable.
//
// STATUS: compiled, never run (written where no GPU was available to run it); the lane logic
// under it runs on the CPU in the host emulation's tests.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "engine/dynamic_graph.hpp"
#include "formats/dcsr/dcsr_cuda.hpp"

namespace spgraph {

/// A BFS's counts, as `spgraph stream`'s '? bfs' answers them.
struct DeviceBfsCounts {
  Vertex reached = 0;  ///< vertices reached, the source included
  Vertex depth = 0;    ///< the largest level
};

/// An immutable version of a DeviceDynamicGraph (a compact device copy).
template <class T>
struct DeviceGraphSnapshot {
  DcsrDevice<T> arcs;
  std::uint64_t version = 0;
  bool directed = false;
  Offset self_loops = 0;
  Offset num_edges() const {
    return directed ? arcs.nvals() : (arcs.nvals() - self_loops) / 2 + self_loops;
  }
};

template <class T>
class DeviceDynamicGraph {
 public:
  /// The arcs of `base` (square) on the device; an undirected graph takes A ∪ A' as
  /// DynamicGraph does. Throws BackendUnavailable without a CUDA device (or build).
  DeviceDynamicGraph(const Matrix<T>& base, DynamicGraphOptions options)
      : options_(std::move(options)), arcs_(build(base, options_, self_loops_)) {}

  /// Applies a mixed batch whole, then publishes it (BatchSummary counts edges, as on the CPU;
  /// no maintained views, no triangle delta).
  BatchSummary apply(const UpdateBatch<T>& batch) {
    const std::span<const EdgeUpdate<T>> updates(batch.updates);
    const Offset need = detail::batch_vertices_needed(updates, arcs_.nrows(), options_);
    if (need > arcs_.nrows()) arcs_.resize(Vertex(need), Vertex(need));
    pack(updates);
    const std::span<const T> vals(vals_.get(), options_.weighted ? rows_.size() : 0);
    const DcsrDeviceResult r = arcs_.apply(kinds_, rows_, cols_, vals, counted_);
    self_loops_ = Offset(std::int64_t(self_loops_) + r.self_loop_delta);
    BatchSummary s;
    s.version = ++version_;
    s.updates = updates.size();
    s.inserted = r.counts.inserted;
    s.erased = r.counts.erased;
    s.ignored = r.counts.ignored;
    s.combined = r.counts.combined;
    s.assigned = r.counts.assigned;
    s.missing = r.counts.missing;
    s.vertices = arcs_.nrows();
    s.defragmented = r.counts.defragmented;
    s.grew = r.counts.grew;
    return s;
  }

  std::uint64_t version() const { return version_; }
  Vertex num_vertices() const { return arcs_.nrows(); }
  bool directed() const { return options_.directed; }
  /// Edges (an undirected edge once, a self-loop once).
  Offset num_edges() const {
    return options_.directed ? arcs_.nvals() : (arcs_.nvals() - self_loops_) / 2 + self_loops_;
  }
  /// Out-degree of v (a self-loop counts once).
  Offset degree(Vertex v) const { return arcs_.degree(v); }
  /// Vertices reached from `source` and the largest level (on the device).
  DeviceBfsCounts bfs(Vertex source) const {
    DeviceBfsCounts c;
    for (const Vertex l : arcs_.bfs_levels(source))
      if (l != kNoVertex) {
        ++c.reached;
        c.depth = std::max(c.depth, l);
      }
    return c;
  }
  /// A snapshot of the latest version that later batches leave unchanged.
  DeviceGraphSnapshot<T> freeze() const {
    return {arcs_.freeze(), version_, options_.directed, self_loops_};
  }
  const DcsrDevice<T>& arcs() const { return arcs_; }
  DcsrStats format_stats() const { return arcs_.stats(); }
  const DynamicGraphOptions& options() const { return options_; }

 private:
  static DcsrDevice<T> build(const Matrix<T>& base, const DynamicGraphOptions& o,
                             Offset& self_loops) {
    if (!o.directed && o.duplicates == DuplicatePolicy::Keep)
      throw InvalidArgument(
          "dynamic graph: duplicates 'keep' (a multigraph) needs a directed graph");
    const Csr<T> arcs = detail::dynamic_graph_base(base, o);
    for (Vertex r = 0; r < arcs.nrows; ++r)
      for (Offset k = arcs.row_ptr[r]; k < arcs.row_ptr[r + 1]; ++k) self_loops += arcs.col[k] == r;
    return DcsrDevice<T>::from_csr(arcs, detail::dynamic_graph_format(o));
  }
  /// The batch's arcs: (u, v) for a directed graph; for an undirected one the canonical arc
  /// (min, max), counted, and the mirrored (max, min) of a non-loop, not counted. The two never
  /// share a row and column, so one device batch applies both.
  void pack(std::span<const EdgeUpdate<T>> updates) {
    rows_.clear();
    cols_.clear();
    kinds_.clear();
    counted_.clear();
    // Weights (not std::vector<bool>): at most two arcs per update.
    if (options_.weighted) vals_ = std::make_unique<T[]>(2 * updates.size());
    const bool inserts_only = std::all_of(
        updates.begin(), updates.end(), [](const auto& e) { return e.kind == UpdateKind::Insert; });
    const auto push = [&](const EdgeUpdate<T>& e, Vertex a, Vertex b, bool counted) {
      rows_.push_back(a);
      cols_.push_back(b);
      if (!inserts_only) kinds_.push_back(e.kind);
      if (options_.weighted) vals_[rows_.size() - 1] = e.w;
      if (!options_.directed) counted_.push_back(counted);
    };
    for (const EdgeUpdate<T>& e : updates) {
      if (options_.directed) {
        push(e, e.u, e.v, true);
        continue;
      }
      const Vertex a = std::min(e.u, e.v), b = std::max(e.u, e.v);
      push(e, a, b, true);
      if (a != b) push(e, b, a, false);
    }
  }

  DynamicGraphOptions options_;
  Offset self_loops_ = 0;
  DcsrDevice<T> arcs_;
  std::uint64_t version_ = 0;
  std::vector<Vertex> rows_, cols_;
  std::vector<UpdateKind> kinds_;
  std::unique_ptr<T[]> vals_;
  std::vector<std::uint8_t> counted_;
};

}  // namespace spgraph
