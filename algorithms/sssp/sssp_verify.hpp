// SPDX-License-Identifier: Apache-2.0
// Checks a single-source shortest-path answer (sssp.hpp), the one verifier `spgraph compare
// sssp` and the tests share. Two checks:
//   - check_same_distances: two distance arrays reach the same vertices and agree within a
//     relative slack; what the compare job asks of spgraph's and LAGraph's answers;
//   - check_sssp: distances against the graph alone, with no second engine: the source is at 0,
//     every arc out of a reached vertex is relaxed (d[v] <= d[u] + w(u, v)), and every reached
//     vertex is reached from the source along tight arcs (d[v] = d[u] + w(u, v)). The first
//     makes each d[v] at most the shortest distance, the second at least the length of some
//     path, so together they make it exact (with zero-weight cycles too, since the tight arcs
//     are followed from the source, not back from v). GAPBS's SSSPVerifier (sssp.cc) and
//     LAGraph's LG_check_sssp compare with a serial Dijkstra instead; this is the
//     certificate form of the same check, O(n + m).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "algorithms/verify_common.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

/// The slack of `spgraph compare sssp`: |a - b| <= 1e-9 max(1, |a|, |b|) (two engines may add
/// a path's weights in another order).
inline constexpr double kSsspRelativeSlack = 1e-9;

/// Returns "" when both arrays mark the same vertices unreached (+infinity) and every other
/// distance agrees within `relative_slack` (|a - b| <= slack max(1, |a|, |b|)), else a
/// description of the first vertex that differs.
inline std::string check_same_distances(const std::vector<double>& ours,
                                        const std::vector<double>& theirs,
                                        const VertexNamer& name = dense_vertex_name,
                                        AnswerNames names = {},
                                        double relative_slack = kSsspRelativeSlack) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (ours.size() != theirs.size())
    return std::string(names.ours) + " has " + std::to_string(ours.size()) + " distances but " +
           names.theirs + " has " + std::to_string(theirs.size());
  for (Vertex v = 0; v < ours.size(); ++v) {
    const double a = ours[v], b = theirs[v];
    const bool ra = a != kInf, rb = b != kInf;
    const bool same =
        ra == rb &&
        (!ra || std::abs(a - b) <= relative_slack * std::max({1.0, std::abs(a), std::abs(b)}));
    if (!same)
      return "distance of vertex " + name(v) + " is " + exact_real(a) + " in " + names.ours +
             " but " + exact_real(b) + " in " + names.theirs;
  }
  return "";
}

/// Returns "" when `distance` holds the shortest distances from `source` over the arcs of `a`
/// (rows = sources; +infinity where unreachable; pattern and bool arcs weigh 1, as sssp()
/// reads them), else a description of the first violation: the source not at 0, a distance
/// that is NaN or -infinity, an arc that is not relaxed (in row order), or a vertex that no
/// path of tight arcs from the source reaches (in id order). relative_slack = 0 asks the
/// floating-point sums to agree exactly, which they do for any engine that adds a path's
/// weights from the source on; a positive slack loosens both comparisons by slack · max(1,
/// |d[v]|, |d[u] + w|). A graph with a negative cycle reachable from the source has no answer
/// that passes. Weights must not be NaN.
template <class T>
std::string check_sssp(const Csr<T>& a, Vertex source, const std::vector<double>& distance,
                       const VertexNamer& name = dense_vertex_name, double relative_slack = 0) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const Vertex n = a.nrows;
  if (a.ncols != n) return "the graph is not square";
  if (distance.size() != n)
    return std::to_string(distance.size()) + " distances for " + std::to_string(n) + " vertices";
  if (source >= n) return "the source is not a vertex";
  if (distance[source] != 0)
    return "the source " + name(source) + " has distance " + exact_real(distance[source]) +
           ", not 0";
  for (Vertex v = 0; v < n; ++v)
    if (std::isnan(distance[v]) || distance[v] == -kInf)
      return "vertex " + name(v) + " has distance " + exact_real(distance[v]);
  auto weight = [&](Offset k) {
    if constexpr (std::is_same_v<T, bool>) {
      return 1.0;
    } else {
      return double(a.value(k));
    }
  };
  auto slack = [&](double x, double y) {
    return relative_slack * std::max({1.0, std::abs(x), std::abs(y)});
  };
  // Relaxed: no arc out of a reached vertex offers a shorter way.
  for (Vertex u = 0; u < n; ++u) {
    if (distance[u] == kInf) continue;
    for (Offset k = a.row_begin(u); k < a.row_end(u); ++k) {
      const Vertex v = a.col[k];
      const double via = distance[u] + weight(k);
      if (!(distance[v] <= via + slack(distance[v], via)))
        return "arc " + name(u) + " -> " + name(v) + " (weight " + exact_real(weight(k)) +
               ") is not relaxed: vertex " + name(v) + " has distance " + exact_real(distance[v]) +
               " but vertex " + name(u) + " has " + exact_real(distance[u]);
    }
  }
  // Reached along tight arcs from the source.
  std::vector<char> seen(n, 0);
  std::vector<Vertex> queue{source};
  seen[source] = 1;
  for (std::size_t h = 0; h < queue.size(); ++h) {
    const Vertex u = queue[h];
    for (Offset k = a.row_begin(u); k < a.row_end(u); ++k) {
      const Vertex v = a.col[k];
      const double via = distance[u] + weight(k);
      if (!seen[v] && std::abs(distance[v] - via) <= slack(distance[v], via)) {
        seen[v] = 1;
        queue.push_back(v);
      }
    }
  }
  for (Vertex v = 0; v < n; ++v)
    if (distance[v] != kInf && !seen[v])
      return "vertex " + name(v) + " has distance " + exact_real(distance[v]) +
             ", but no path of tight arcs from the source reaches it";
  return "";
}

}  // namespace spgraph
