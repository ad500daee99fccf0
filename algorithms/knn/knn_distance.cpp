// SPDX-License-Identifier: Apache-2.0
// Distance kNN (algorithms/knn/knn.hpp): the k vertices nearest to a source.
//
// Hops: a BFS, level by level, that offers each newly reached level to a top-k selector
// (smallest hop count first, then smaller id) and stops after the first level that leaves the
// selector full: every later level is farther, so it cannot enter.
// Weighted: Dijkstra with a binary heap of (distance, vertex), offering each settled vertex to
// the selector; it stops once the next distance exceeds the k-th kept one (vertices at exactly
// that distance are still settled, so that a smaller id at the same distance is not missed
// through a zero-weight arc). Weights are checked once per call (negative or NaN: refused),
// because an unscanned negative arc could shorten a path to a settled vertex.
// Workspace per thread: an epoch-stamped mark (and a distance array when weighted) of n
// entries, the frontier or heap, and the selector; the work is bounded by the arcs of the
// vertices settled. Source: Dijkstra (1959); the bounded selection is the batch k-selection of
// Liu's thesis §4.6 (formats/topk/).
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <queue>
#include <string>
#include <type_traits>
#include <utility>

#include "algorithms/knn/knn.hpp"
#include "algorithms/knn/knn_batch.hpp"
#include "algorithms/knn/knn_checks.hpp"
#include "engine/core/error.hpp"
#include "formats/topk/topk_selector.hpp"

namespace spgraph {

namespace {

/// Per-thread workspace of the BFS and Dijkstra.
struct DistanceWorkspace {
  explicit DistanceWorkspace(Vertex n) : stamp(n, 0), distance(n) {}
  /// Starts a query: every vertex unmarked.
  void next_query() {
    if (++epoch == 0) {  // wrapped: forget every old stamp once
      std::fill(stamp.begin(), stamp.end(), 0);
      epoch = 1;
    }
  }
  std::vector<std::uint32_t> stamp;  ///< == epoch: reached in this query
  std::vector<double> distance;      ///< valid where stamped (weighted only)
  std::uint32_t epoch = 0;
  std::vector<Vertex> frontier, next;  ///< BFS levels (hops only)
  TopKSelector selector;
};

template <class T>
void hops_knn(const Csr<T>& a, Vertex s, std::size_t k, bool include_self, DistanceWorkspace& ws,
              std::vector<ScoredId>& out) {
  ws.next_query();
  ws.selector.start(k, TopKOrder::Smallest);
  ws.stamp[s] = ws.epoch;
  if (include_self) ws.selector.offer(s, 0.0);
  ws.frontier.assign(1, s);
  double level = 0;
  while (!ws.frontier.empty() && !ws.selector.full()) {
    level += 1;
    ws.next.clear();
    for (Vertex x : ws.frontier)
      for (Offset e = a.row_begin(x); e < a.row_end(x); ++e) {
        const Vertex y = a.col[e];
        if (ws.stamp[y] == ws.epoch) continue;
        ws.stamp[y] = ws.epoch;
        ws.next.push_back(y);
        ws.selector.offer(y, level);
      }
    std::swap(ws.frontier, ws.next);
  }
  ws.selector.finish(out);
}

template <class T>
void weighted_knn(const Csr<T>& a, Vertex s, std::size_t k, bool include_self,
                  DistanceWorkspace& ws, std::vector<ScoredId>& out) {
  constexpr bool kUnit = std::is_same_v<T, bool>;
  using Entry = std::pair<double, Vertex>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
  ws.next_query();
  ws.selector.start(k, TopKOrder::Smallest);
  // A stamp equal to the epoch marks a reached vertex, whose distance is then valid. Each
  // vertex is settled once: later heap entries for it are stale (larger distance), and with
  // weights >= 0 no relaxation lowers a settled distance.
  ws.stamp[s] = ws.epoch;
  ws.distance[s] = 0;
  heap.push({0.0, s});
  while (!heap.empty()) {
    const auto [d, x] = heap.top();
    heap.pop();
    if (d > ws.distance[x]) continue;                         // stale entry
    if (d == std::numeric_limits<double>::infinity()) break;  // the rest is unreachable
    if (ws.selector.full() && d > ws.selector.bound()) break;
    if (x != s || include_self) ws.selector.offer(x, d);
    for (Offset e = a.row_begin(x); e < a.row_end(x); ++e) {
      const Vertex y = a.col[e];
      const double w = (kUnit || a.pattern) ? 1.0 : double(a.value(e));
      const double nd = d + w;
      if (ws.stamp[y] != ws.epoch) {
        ws.stamp[y] = ws.epoch;
        ws.distance[y] = nd;
        heap.push({nd, y});
      } else if (nd < ws.distance[y]) {
        ws.distance[y] = nd;
        heap.push({nd, y});
      }
    }
  }
  ws.selector.finish(out);
}

/// Throws InvalidArgument naming the first arc (in row order) whose weight is negative or NaN.
template <class T>
void check_distance_weights(const Csr<T>& a) {
  if constexpr (std::is_same_v<T, bool>) {
    return;
  } else {
    if (a.pattern) return;
    const std::int64_t n = a.nrows;
    Vertex first_bad = kNoVertex;
#pragma omp parallel for reduction(min : first_bad) schedule(dynamic, 4096) if (a.nnz() >= 65536)
    for (std::int64_t i = 0; i < n; ++i)
      for (Offset e = a.row_begin(Vertex(i)); e < a.row_end(Vertex(i)); ++e) {
        const double w = double(a.value(e));
        if (std::isnan(w) || w < 0) {
          first_bad = std::min(first_bad, Vertex(i));
          break;
        }
      }
    if (first_bad == kNoVertex) return;
    for (Offset e = a.row_begin(first_bad); e < a.row_end(first_bad); ++e) {
      const double w = double(a.value(e));
      if (!(std::isnan(w) || w < 0)) continue;
      std::string msg = "distance kNN: arc ";
      msg += std::to_string(first_bad);
      msg += " -> ";
      msg += std::to_string(a.col[e]);
      msg += std::isnan(w) ? " has a NaN weight" : " has a negative weight (";
      if (!std::isnan(w)) {
        msg += std::to_string(w);
        msg += "); weighted kNN needs weights >= 0";
      }
      throw InvalidArgument(msg);
    }
  }
}

}  // namespace

template <class T>
KnnResult distance_knn(const Matrix<T>& a, std::span<const Vertex> queries,
                       const DistanceKnnOptions& o) {
  detail::check_knn_square(a.nrows(), a.ncols(), "distance kNN");
  detail::check_knn_queries(queries, a.nrows(), "distance kNN");
  const Csr<T>& g = a.csr();
  const bool weighted = o.kind == DistanceKind::Weighted;
  if (weighted) check_distance_weights(g);
  const std::size_t k = std::min<std::size_t>(o.k, a.nrows());
  auto make_workspace = [&] { return std::make_unique<DistanceWorkspace>(a.nrows()); };
  auto answer = [&](DistanceWorkspace& ws, Vertex s, std::vector<ScoredId>& out) {
    if (k == 0) return;
    if (weighted)
      weighted_knn(g, s, k, o.include_self, ws, out);
    else
      hops_knn(g, s, k, o.include_self, ws, out);
  };
  return detail::run_knn_batch(std::vector<Vertex>(queries.begin(), queries.end()), make_workspace,
                               answer);
}

#define SPGRAPH_INSTANTIATE_DISTANCE_KNN(T)                                     \
  template KnnResult distance_knn<T>(const Matrix<T>&, std::span<const Vertex>, \
                                     const DistanceKnnOptions&);
SPGRAPH_INSTANTIATE_DISTANCE_KNN(bool)
SPGRAPH_INSTANTIATE_DISTANCE_KNN(std::int32_t)
SPGRAPH_INSTANTIATE_DISTANCE_KNN(std::int64_t)
SPGRAPH_INSTANTIATE_DISTANCE_KNN(float)
SPGRAPH_INSTANTIATE_DISTANCE_KNN(double)
#undef SPGRAPH_INSTANTIATE_DISTANCE_KNN

}  // namespace spgraph
