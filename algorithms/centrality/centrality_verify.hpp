// SPDX-License-Identifier: Apache-2.0
// Checks a betweenness answer (centrality.hpp), the one verifier `spgraph compare bc` and the
// tests share. Two checks:
//   - compare_scores: two score vectors for the same graph, sources and scaling agree vertex by
//     vertex: |ours(v) - theirs(v)| <= kBcRelative · max(|ours(v)|, |theirs(v)|)
//     + kBcAbsolute · max_u |theirs(u)|. Both are sums of the same dependencies in FP64 in
//     another order (sources in another grouping, levels on other threads), so they differ by
//     rounding alone; the message names the first vertex outside the bound;
//   - check_bc_total: an unweighted answer against the graph alone. Each shortest s-t path
//     passes exactly dist(s,t) - 1 inner vertices, so Σ_v delta_s(v) = Σ_{t reached} (dist(s,t) -
//     1) (Brandes 2001, the dependencies sum the inner vertices of every pair's paths, weighted
//     by the share of paths through them); summed over the sources, the raw scores' total is
//     fixed by BFS distances alone. Also: every score finite and non-negative. Cost: one
//     serial BFS per source.
#pragma once

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "algorithms/verify_common.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

/// compare_scores' relative slack per vertex: FP64 sums of up to n terms in another order.
inline constexpr double kBcRelative = 1e-9;
/// compare_scores' absolute slack, relative to the largest score (for scores near zero whose
/// terms cancel nowhere but round against much larger ones).
inline constexpr double kBcAbsolute = 1e-12;

/// Returns "" when the two score vectors agree within the file comment's bound, else a
/// description naming the first vertex outside it.
inline std::string compare_scores(std::span<const double> ours, std::span<const double> theirs,
                                  const VertexNamer& name = dense_vertex_name,
                                  AnswerNames names = {}, double relative = kBcRelative,
                                  double absolute = kBcAbsolute) {
  if (ours.size() != theirs.size())
    return std::string(names.ours) + " scores " + std::to_string(ours.size()) + " vertices but " +
           names.theirs + " scores " + std::to_string(theirs.size());
  double largest = 0;
  for (const double x : theirs) largest = std::max(largest, std::abs(x));
  for (Vertex v = 0; v < ours.size(); ++v) {
    const double a = ours[v], b = theirs[v];
    const double bound = relative * std::max(std::abs(a), std::abs(b)) + absolute * largest;
    if (!(std::abs(a - b) <= bound))
      return "betweenness of vertex " + name(v) + " is " + exact_real(a) + " in " + names.ours +
             " but " + exact_real(b) + " in " + names.theirs + " (difference " +
             short_real(std::abs(a - b)) + " > " + short_real(bound) + ")";
  }
  return "";
}

/// Returns "" when `raw` (unscaled sums over `sources`, unweighted) has the total that the BFS
/// distances of `a` fix (the file comment) within a relative 1e-9, and every score is finite
/// and non-negative; else the first violation.
template <class T>
std::string check_bc_total(const Csr<T>& a, std::span<const Vertex> sources,
                           std::span<const double> raw,
                           const VertexNamer& name = dense_vertex_name) {
  const Vertex n = a.nrows;
  if (raw.size() != n)
    return std::to_string(raw.size()) + " scores for " + std::to_string(n) + " vertices";
  double total = 0;
  for (Vertex v = 0; v < n; ++v) {
    if (!std::isfinite(raw[v]) || raw[v] < 0)
      return "betweenness of vertex " + name(v) + " is " + exact_real(raw[v]);
    total += raw[v];
  }
  double want = 0;
  std::vector<Vertex> dist(n, kNoVertex), queue;
  for (const Vertex s : sources) {
    if (s >= n) return "the source " + std::to_string(s) + " is not a vertex";
    queue.assign(1, s);
    dist[s] = 0;
    for (std::size_t q = 0; q < queue.size(); ++q) {
      const Vertex u = queue[q];
      if (dist[u] > 1) want += double(dist[u] - 1);
      for (Offset k = a.row_begin(u); k < a.row_end(u); ++k)
        if (dist[a.col[k]] == kNoVertex) dist[a.col[k]] = dist[u] + 1, queue.push_back(a.col[k]);
    }
    for (const Vertex v : queue) dist[v] = kNoVertex;
  }
  if (!(std::abs(total - want) <= 1e-9 * std::max(1.0, want)))
    return "the scores sum to " + exact_real(total) + " but the BFS distances from the " +
           std::to_string(sources.size()) + " sources give " + exact_real(want) +
           " (the sum of dist(s,t) - 1 over the pairs)";
  return "";
}

}  // namespace spgraph
