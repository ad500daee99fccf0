// SPDX-License-Identifier: Apache-2.0
// GraphSnapshot<T>: an immutable, consistent view of a DynamicGraph as of one batch boundary
// (engine/dynamic_graph.hpp). Cheap to copy (a shared handle) and safe to use from any thread
// while the graph's writer goes on applying batches; the memory it reads stays alive until the
// last copy is dropped.
//
// What it offers: vertex and edge counts, degrees, edge lookups and neighbour iteration straight
// from the Dynamic CSR snapshot; the maintained triangle count when the graph tracks it (O(1));
// and matrix(), the graph as a Matrix<T> with sorted rows, built on first use (once, by whichever
// thread asks first) and cached, so every engine algorithm (BFS, triangle counting, closure, ...)
// runs on a snapshot. BFS also runs on the snapshot directly (algorithms/bfs/bfs.hpp). The
// answers of the graph's maintained views (engine/maintained_view.hpp) come with the snapshot,
// as of its version: maintained(name).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/maintained_view.hpp"
#include "engine/matrix.hpp"
#include "formats/dcsr/dcsr_view.hpp"

namespace spgraph {

namespace detail {

/// What a snapshot holds; written once by the writer, then only read.
template <class T>
struct SnapshotState {
  DcsrView<T> view;
  std::uint64_t version = 0;
  bool directed = false;
  Offset self_loops = 0;
  std::optional<std::int64_t> triangles;
  /// The maintained views' answers as of this version, by name (engine/maintained_view.hpp).
  std::vector<std::pair<std::string, std::shared_ptr<const ViewResult>>> views;
  mutable std::once_flag matrix_once;
  mutable std::unique_ptr<Matrix<T>> matrix;
};

}  // namespace detail

/// An immutable view of a DynamicGraph at one version; cheap to copy, safe on any thread.
template <class T>
class GraphSnapshot {
 public:
  /// An invalid snapshot (valid() is false); DynamicGraph::snapshot() gives real ones.
  GraphSnapshot() = default;
  explicit GraphSnapshot(std::shared_ptr<const detail::SnapshotState<T>> s) : s_(std::move(s)) {}

  /// The number of batches the graph had applied when this snapshot was published.
  std::uint64_t version() const { return s_->version; }
  /// Whether the graph is directed, stores weights, and how many vertices it has.
  bool directed() const { return s_->directed; }
  bool weighted() const { return !s_->view.is_pattern(); }
  Vertex num_vertices() const { return s_->view.nrows(); }
  /// Arcs stored: each undirected edge is two arcs, a self-loop one.
  Offset num_arcs() const { return s_->view.nvals(); }
  /// Edges: arcs for a directed graph; each undirected edge once (self-loops once).
  Offset num_edges() const {
    return s_->directed ? num_arcs() : (num_arcs() - s_->self_loops) / 2 + s_->self_loops;
  }
  /// Self-loops stored.
  Offset self_loops() const { return s_->self_loops; }
  /// Out-degree of v (the degree of an undirected graph; a self-loop counts once).
  Offset degree(Vertex v) const {
    check(v);
    return s_->view.degree(v);
  }
  /// True when the edge u -> v (or {u, v}) is present.
  bool has_edge(Vertex u, Vertex v) const {
    check(u);
    check(v);
    return s_->view.contains(u, v);
  }
  /// The weight of u -> v, or nullopt when absent (1 on an unweighted graph).
  std::optional<T> weight(Vertex u, Vertex v) const {
    check(u);
    check(v);
    return s_->view.get(u, v);
  }
  /// Calls f(neighbour, weight) for every out-neighbour of v, in storage order.
  template <class F>
  void for_each_neighbor(Vertex v, F&& f) const {
    check(v);
    s_->view.for_each(v, [&](Vertex c, Offset slot) { f(c, s_->view.value(slot)); });
  }
  /// The triangle count, when the graph maintains it.
  std::optional<std::int64_t> triangles() const { return s_->triangles; }

  /// The answer of the maintained view `name` ("cc", "pagerank", "sssp:5", ...) as of this
  /// version, or null when the graph does not maintain it (O(1) in the number of vertices).
  std::shared_ptr<const ViewResult> maintained(std::string_view name) const {
    for (const auto& [n, r] : s_->views)
      if (n == name) return r;
    return nullptr;
  }
  /// maintained(name) as the view's own result type R, or null.
  template <class R>
  std::shared_ptr<const R> maintained_as(std::string_view name) const {
    return std::dynamic_pointer_cast<const R>(maintained(name));
  }
  /// The names of the views maintained at this version.
  std::vector<std::string> maintained_names() const {
    std::vector<std::string> names;
    for (const auto& v : s_->views) names.push_back(v.first);
    return names;
  }

  /// The Dynamic CSR snapshot itself (for kernels: mxv, vxm, BFS).
  const DcsrView<T>& view() const { return s_->view; }
  /// The graph as a Matrix with sorted rows, built on first use and cached (thread-safe).
  const Matrix<T>& matrix() const {
    std::call_once(s_->matrix_once, [this] {
      s_->matrix = std::make_unique<Matrix<T>>(Matrix<T>::trusted(s_->view.to_csr()));
    });
    return *s_->matrix;
  }
  /// False for a default-constructed snapshot.
  bool valid() const { return s_ != nullptr; }

 private:
  void check(Vertex v) const {
    if (v >= num_vertices())
      throw IndexOutOfBounds("vertex " + std::to_string(v) +
                             " is not in the snapshot (n = " + std::to_string(num_vertices()) +
                             ", version " + std::to_string(version()) + ")");
  }
  std::shared_ptr<const detail::SnapshotState<T>> s_;
};

}  // namespace spgraph
