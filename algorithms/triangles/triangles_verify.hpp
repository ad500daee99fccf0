// SPDX-License-Identifier: Apache-2.0
// Checks a triangle count (triangle_count.hpp), the one verifier `spgraph compare tc` and the
// tests share. Two checks:
//   - check_same_triangle_count: two counts are equal; what the compare job asks of spgraph's
//     and LAGraph's counts;
//   - check_triangles: a TriangleResult against the graph alone, as LAGraph's LG_check_tri
//     does: the triangles of the simple undirected graph (A ∪ A' without self-loops) counted
//     again by the plainest method (for each edge u < v, the common neighbours w > v of two
//     sorted rows, by merge), sharing no code with the kernels; per-vertex counts and local
//     clustering coefficients (2 t(v) / (deg(v) (deg(v) - 1)), 0 below degree 2) too when the
//     result holds them. Cost O(Σ_(u,v) (deg(u) + deg(v))): for tests and small graphs.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/triangles/triangle_count.hpp"
#include "algorithms/verify_common.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

/// Returns "" when the two counts are equal, else a sentence giving both.
inline std::string check_same_triangle_count(std::uint64_t ours, std::uint64_t theirs,
                                             AnswerNames names = {}) {
  if (ours == theirs) return "";
  return std::string(names.ours) + " counts " + std::to_string(ours) + " triangles but " +
         names.theirs + " counts " + std::to_string(theirs);
}

/// Local clustering coefficients may differ from the check's by this much, relative.
inline constexpr double kClusteringSlack = 1e-12;

/// Returns "" when `r` counts the triangles of the graph of `a` (square; A ∪ A' without
/// self-loops and repeats, values ignored) and, where it holds them, the triangles through each
/// vertex and the local clustering coefficients; else a description of the first violation.
template <class T>
std::string check_triangles(const Csr<T>& a, const TriangleResult& r,
                            const VertexNamer& name = dense_vertex_name) {
  const Vertex n = a.nrows;
  if (a.ncols != n) return "the graph is not square";
  // The simple undirected graph: each arc u -> v (u != v) in both rows, sorted, repeats dropped.
  std::vector<Offset> ptr(std::size_t(n) + 1, 0);
  for (Vertex u = 0; u < n; ++u)
    for (Offset k = a.row_begin(u); k < a.row_end(u); ++k)
      if (a.col[k] != u) ++ptr[u + 1], ++ptr[a.col[k] + 1];
  for (Vertex v = 0; v < n; ++v) ptr[v + 1] += ptr[v];
  std::vector<Vertex> adj(ptr[n]);
  std::vector<Offset> fill(ptr.begin(), ptr.end() - 1);
  for (Vertex u = 0; u < n; ++u)
    for (Offset k = a.row_begin(u); k < a.row_end(u); ++k)
      if (const Vertex v = a.col[k]; v != u) adj[fill[u]++] = v, adj[fill[v]++] = u;
  std::vector<Offset> end(n);
  for (Vertex v = 0; v < n; ++v) {
    const auto b = adj.begin() + std::ptrdiff_t(ptr[v]),
               e = adj.begin() + std::ptrdiff_t(ptr[v + 1]);
    std::sort(b, e);
    end[v] = Offset(std::unique(b, e) - adj.begin());
  }
  // Each triangle u < v < w once, at its edge (u, v).
  std::uint64_t total = 0;
  std::vector<std::uint64_t> through(n, 0);
  for (Vertex u = 0; u < n; ++u)
    for (Offset p = ptr[u]; p < end[u]; ++p) {
      const Vertex v = adj[p];
      if (v <= u) continue;
      Offset i = p + 1, j = ptr[v];
      while (i < end[u] && j < end[v]) {
        if (adj[i] < adj[j]) {
          ++i;
        } else if (adj[j] < adj[i]) {
          ++j;
        } else {
          ++total, ++through[u], ++through[v], ++through[adj[i]];
          ++i, ++j;
        }
      }
    }
  if (r.triangles != total)
    return "the result counts " + std::to_string(r.triangles) + " triangles, but the graph has " +
           std::to_string(total);
  if (!r.per_vertex.empty()) {
    if (r.per_vertex.size() != n)
      return std::to_string(r.per_vertex.size()) + " per-vertex counts for " + std::to_string(n) +
             " vertices";
    for (Vertex v = 0; v < n; ++v)
      if (r.per_vertex[v] != through[v])
        return "vertex " + name(v) + " lies on " + std::to_string(through[v]) + " triangles, not " +
               std::to_string(r.per_vertex[v]);
  }
  if (!r.clustering.empty()) {
    if (r.clustering.size() != n)
      return std::to_string(r.clustering.size()) + " clustering coefficients for " +
             std::to_string(n) + " vertices";
    for (Vertex v = 0; v < n; ++v) {
      const double deg = double(end[v] - ptr[v]);
      const double want = deg >= 2 ? 2.0 * double(through[v]) / (deg * (deg - 1)) : 0.0;
      if (!(std::abs(r.clustering[v] - want) <= kClusteringSlack * std::max(1.0, want)))
        return "the clustering coefficient of vertex " + name(v) + " is " +
               exact_real(r.clustering[v]) + ", not " + exact_real(want);
    }
  }
  return "";
}

}  // namespace spgraph
