// SPDX-License-Identifier: Apache-2.0
// Checks a triangle count (triangle_count.hpp) and Graphalytics' local clustering coefficients
// (local_clustering.hpp), the one verifier `spgraph compare tc` / `compare lcc` and the tests
// share. For the triangle count:
//   - check_same_triangle_count: two counts are equal; what the compare job asks of spgraph's
//     and LAGraph's counts;
//   - check_triangles: a TriangleResult against the graph alone, as LAGraph's LG_check_tri
//     does: the triangles of the simple undirected graph (A ∪ A' without self-loops) counted
//     again by the plainest method (for each edge u < v, the common neighbours w > v of two
//     sorted rows, by merge), sharing no code with the kernels; per-vertex counts and local
//     clustering coefficients (2 t(v) / (deg(v) (deg(v) - 1)), 0 below degree 2) too when the
//     result holds them. Cost O(Σ_(u,v) (deg(u) + deg(v))): for tests and small graphs.
// For the local clustering coefficient (LDBC Graphalytics specification v1.0, §2.3.5):
//   - check_same_clustering: two answers agree within kLccTolerance, relative; what the compare
//     job asks of spgraph's and LAGraph's (LAGraph_lcc) coefficients;
//   - check_local_clustering: coefficients against the graph alone, by the definition read
//     literally: for each v, N(v) = (in ∪ out) \ {v} as a sorted list, and every arc u -> w (u ≠
//     w) out of each u ∈ N(v) looked up in it by binary search; no triangles, no orientation.
//     Cost O(Σ_v Σ_(u ∈ N(v)) deg(u) log |N(v)|): for tests and small graphs.
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

/// Local clustering coefficients of two engines may differ by this much, relative.
inline constexpr double kLccTolerance = 1e-9;

/// Returns "" when the two coefficient vectors have one entry per vertex and agree within
/// kLccTolerance relative to the larger of each pair, else the first vertex where they do not.
inline std::string check_same_clustering(const std::vector<double>& ours,
                                         const std::vector<double>& theirs,
                                         const VertexNamer& name = dense_vertex_name,
                                         AnswerNames names = {}) {
  if (ours.size() != theirs.size())
    return std::string(names.ours) + " has " + std::to_string(ours.size()) + " coefficients but " +
           names.theirs + " has " + std::to_string(theirs.size());
  for (std::size_t v = 0; v < ours.size(); ++v) {
    const double a = ours[v], b = theirs[v];
    if (!(std::abs(a - b) <= kLccTolerance * std::max(std::abs(a), std::abs(b))))
      return "the local clustering coefficient of vertex " + name(Vertex(v)) + " is " +
             exact_real(a) + " in " + names.ours + " but " + exact_real(b) + " in " + names.theirs;
  }
  return "";
}

/// Returns "" when `lcc` holds Graphalytics' local clustering coefficient of every vertex of the
/// graph of `a` (square; values, self-loops and repeats ignored) within kLccTolerance, else a
/// description of the first vertex where it does not.
template <class T>
std::string check_local_clustering(const Csr<T>& a, const std::vector<double>& lcc,
                                   const VertexNamer& name = dense_vertex_name) {
  const Vertex n = a.nrows;
  if (a.ncols != n) return "the graph is not square";
  if (lcc.size() != n)
    return std::to_string(lcc.size()) + " coefficients for " + std::to_string(n) + " vertices";
  std::vector<std::vector<Vertex>> nbr(n);
  for (Vertex u = 0; u < n; ++u)
    for (Offset k = a.row_begin(u); k < a.row_end(u); ++k)
      if (const Vertex w = a.col[k]; w != u) nbr[u].push_back(w), nbr[w].push_back(u);
  std::vector<double> want(n, 0.0);
  for (Vertex v = 0; v < n; ++v) {
    std::vector<Vertex>& s = nbr[v];
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
  }
  for (Vertex v = 0; v < n; ++v) {
    const std::vector<Vertex>& s = nbr[v];
    if (s.size() < 2) continue;
    std::uint64_t arcs = 0;
    for (Vertex u : s)
      for (Offset k = a.row_begin(u); k < a.row_end(u); ++k)
        arcs += a.col[k] != u && std::binary_search(s.begin(), s.end(), a.col[k]);
    want[v] = double(arcs) / (double(s.size()) * double(s.size() - 1));
  }
  return check_same_clustering(lcc, want, name, {"the answer", "the definition"});
}

}  // namespace spgraph
