// SPDX-License-Identifier: Apache-2.0
// The answers `spgraph stream` ('? cc', '? pagerank', '? bfs S', '? sssp S', '? knn V') and
// `spgraph serve` (GET /cc, /pagerank, /bfs, /sssp, /knn) give about a snapshot: from the
// graph's maintained view when it has one (engine/maintained_view.hpp; O(1) or O(answer)),
// else computed on the snapshot as before. Both programs answer through these functions, so
// their answers agree.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/components/components.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/sssp/sssp.hpp"
#include "tools/cli/maintained_views.hpp"
#include "tools/spgraph/snapshot_knn.hpp"

namespace spgraph::cli {

/// Components: their count and the largest one's size.
struct CcAnswer {
  Vertex components = 0;
  Offset largest = 0;
  bool maintained = false;
};

template <class T>
CcAnswer cc_answer(const GraphSnapshot<T>& s) {
  if (const auto v = s.template maintained_as<CcViewResult>("cc"))
    return {v->components, v->largest, true};
  const CcResult r = connected_components(s);
  std::vector<Offset> size(r.label.size(), 0);
  Offset largest = 0;
  for (Vertex l : r.label) largest = std::max(largest, ++size[l]);
  return {r.components, largest, false};
}

/// PageRank (GAP variant, defaults): the top vertex (smallest id on ties) and its rank.
struct PageRankAnswer {
  bool empty = true;  ///< no vertices: no top
  Vertex top = 0;
  double rank = 0;
  int iterations = 0;  ///< power steps (0 for a maintained answer)
  bool maintained = false;
};

template <class T>
PageRankAnswer pagerank_answer(const GraphSnapshot<T>& s) {
  if (const auto v = s.template maintained_as<PageRankViewResult>("pagerank"))
    return {v->rank.size() == 0, v->top, v->top_rank, 0, true};
  const PageRankResult r = pagerank(s);
  PageRankAnswer a;
  a.iterations = r.iterations;
  a.empty = r.rank.empty();
  if (!a.empty) {
    a.top = Vertex(std::max_element(r.rank.begin(), r.rank.end()) - r.rank.begin());
    a.rank = r.rank[a.top];
  }
  return a;
}

/// PageRank (GAP variant, defaults): every vertex's rank, from the maintained view when there
/// is one (spgraph serve's /pagerank?top=K).
struct PageRankRanks {
  std::vector<double> rank;
  int iterations = 0;  ///< power steps (0 for a maintained answer)
  bool maintained = false;
};

template <class T>
PageRankRanks pagerank_ranks(const GraphSnapshot<T>& s) {
  if (const auto v = s.template maintained_as<PageRankViewResult>("pagerank"))
    return {v->rank.to_vector(), 0, true};
  PageRankResult r = pagerank(s);
  return {std::move(r.rank), r.iterations, false};
}

/// The k vertices of largest rank (fewer when there are fewer vertices), largest first, the
/// smallest id first among equal ranks.
inline std::vector<Vertex> top_ranked(const std::vector<double>& rank, std::size_t k) {
  std::vector<Vertex> order(rank.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = Vertex(i);
  k = std::min(k, order.size());
  const auto better = [&](Vertex a, Vertex b) {
    return rank[a] != rank[b] ? rank[a] > rank[b] : a < b;
  };
  std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(k), order.end(), better);
  order.resize(k);
  return order;
}

/// A vertex's component: its label (the component's smallest vertex, as connected_components
/// gives it) and its size, with the whole graph's answer (one labelling for both).
struct CcMembership {
  Vertex label = 0;
  Offset size = 0;
  CcAnswer all;
};

template <class T>
CcMembership cc_membership(const GraphSnapshot<T>& s, Vertex v) {
  CcMembership m;
  std::vector<Vertex> label;
  if (const auto view = s.template maintained_as<CcViewResult>("cc")) {
    label = view->labels();
    m.all = {view->components, view->largest, true};
  } else {
    CcResult r = connected_components(s);
    label = std::move(r.label);
    m.all.components = r.components;
  }
  std::vector<Offset> size(label.size(), 0);
  for (Vertex l : label) m.all.largest = std::max(m.all.largest, ++size[l]);
  m.label = label[v];
  m.size = size[m.label];
  return m;
}

/// BFS from a source: vertices reached and the depth.
struct BfsAnswer {
  Vertex reached = 0;
  Vertex depth = 0;
  bool maintained = false;
};

template <class T>
BfsAnswer bfs_answer(const GraphSnapshot<T>& s, Vertex source) {
  if (const auto v = s.template maintained_as<DistanceViewResult>(view_name(ViewKind::Bfs, source)))
    return {v->reached, Vertex(v->max_distance), true};
  BfsOptions o;  // counts alone: no level or parent array is written
  o.levels = o.parents = false;
  const BfsResult r = bfs(s, source, o);
  return {r.reached, r.depth, false};
}

/// SSSP from a source: vertices reached and the largest finite distance.
struct SsspAnswer {
  Vertex reached = 0;
  double max_distance = 0;
  bool maintained = false;
};

/// Throws InvalidArgument for a negative weight the search meets (as sssp).
template <class T>
SsspAnswer sssp_answer(const GraphSnapshot<T>& s, Vertex source) {
  if (const auto v =
          s.template maintained_as<DistanceViewResult>(view_name(ViewKind::Sssp, source)))
    return {v->reached, v->max_distance, true};
  const SsspResult r = sssp(s, source);
  double max_distance = 0;
  for (double d : r.distance)
    if (d != kUnreachableDistance) max_distance = std::max(max_distance, d);
  return {r.reached, max_distance, false};
}

/// kNN of one vertex; `maintained` tells whether a maintained view answered (similarity
/// measures only). Throws InvalidArgument as snapshot_knn does.
template <class T>
KnnResult knn_answer(const GraphSnapshot<T>& s, Vertex u, std::size_t k,
                     const SnapshotKnnMeasure& m, bool& maintained) {
  maintained = false;
  if (!m.distance)
    if (const auto v =
            s.template maintained_as<KnnViewResult>(view_name(ViewKind::Knn, u, k, m.similarity))) {
      maintained = true;
      KnnResult r;
      r.queries = {u};
      r.ids = v->ids;
      r.scores = v->scores;
      r.ptr = {0, Offset(r.ids.size())};
      return r;
    }
  return snapshot_knn(s, u, k, m);
}

}  // namespace spgraph::cli
