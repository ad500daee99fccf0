// SPDX-License-Identifier: Apache-2.0
// Checks core and truss numbers (cores.hpp), the one verifier `spgraph compare kcore|ktruss` and
// the tests share:
//   - check_same_core_numbers, check_same_truss_numbers: two answers agree vertex by vertex or
//     edge by edge (what the compare jobs ask of spgraph's and igraph's answers); the first
//     difference is named;
//   - check_core_numbers, check_truss_numbers: an answer against the graph alone, recomputed by
//     an independent serial peel: Batagelj & Zaversnik's bucket algorithm ("An O(m) algorithm for
//     cores decomposition of networks", 2003) for cores, and Wang & Cheng's bucket peel of the
//     edges ("Truss decomposition in massive networks", VLDB 2012, Algorithm 2) for trusses, its
//     supports by merging sorted rows. Serial and plain (O(m) for cores, O(Σ_e d(u) + d(v)) for
//     trusses): for tests and checks, not for speed.
// The graph given to the checks is the simple undirected graph (symmetric, rows sorted;
// self-loops are skipped), e.g. simple_undirected_pattern of the input.
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/verify_common.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

/// Core numbers by Batagelj & Zaversnik's serial peel (vertices kept sorted by remaining degree
/// in one array with bucket starts).
template <class T>
std::vector<Vertex> serial_core_numbers(const Csr<T>& g) {
  const Vertex n = g.nrows;
  std::vector<Vertex> deg(n, 0), vert(n), pos(n);
  Vertex longest = 0;
  for (Vertex v = 0; v < n; ++v) {
    for (Offset k = g.row_begin(v); k < g.row_end(v); ++k) deg[v] += g.col[k] != v;
    longest = std::max(longest, deg[v]);
  }
  std::vector<Vertex> bin(std::size_t(longest) + 1, 0);  // bin[d]: where degree d starts
  for (Vertex v = 0; v < n; ++v) ++bin[deg[v]];
  for (Vertex d = 0, start = 0; d <= longest; ++d) start += std::exchange(bin[d], start);
  for (Vertex v = 0; v < n; ++v) vert[pos[v] = bin[deg[v]]++] = v;
  for (Vertex d = longest; d > 0; --d) bin[d] = bin[d - 1];
  if (n > 0) bin[0] = 0;
  for (Vertex i = 0; i < n; ++i) {
    const Vertex v = vert[i];
    for (Offset k = g.row_begin(v); k < g.row_end(v); ++k) {
      const Vertex w = g.col[k];
      if (w == v || deg[w] <= deg[v]) continue;
      const Vertex dw = deg[w], pw = pos[w], pu = bin[dw], u = vert[pu];
      if (u != w) {  // move w to the front of its bucket, then shrink the bucket past it
        std::swap(vert[pu], vert[pw]);
        pos[u] = pw;
        pos[w] = pu;
      }
      ++bin[dw];
      --deg[w];
    }
  }
  return deg;
}

/// Truss numbers of the edges of `edges` (the upper triangle of g; an edge's id is its position)
/// by Wang & Cheng's serial peel, with lazy buckets by support.
template <class T>
std::vector<Vertex> serial_truss_numbers(const Csr<T>& g, const Csr<bool>& edges) {
  const Offset m = edges.nnz();
  auto id = [&](Vertex u, Vertex v) {  // the position of edge {u, v} in `edges`
    if (u > v) std::swap(u, v);
    const Vertex* b = edges.col.data() + edges.row_begin(u);
    const Vertex* e = edges.col.data() + edges.row_end(u);
    return Offset(std::lower_bound(b, e, v) - edges.col.data());
  };
  std::vector<Vertex> low(m), support(m, 0), truss(m, 0);
  std::vector<char> removed(m, 0);
  auto for_each_common = [&](Vertex u, Vertex v, auto&& f) {  // w in N(u) ∩ N(v), w ∉ {u, v}
    Offset i = g.row_begin(u), j = g.row_begin(v);
    while (i < g.row_end(u) && j < g.row_end(v)) {
      const Vertex x = g.col[i], y = g.col[j];
      if (x == y && x != u && x != v) f(x);
      i += x <= y;
      j += y <= x;
    }
  };
  std::vector<std::vector<Offset>> bucket(1);
  for (Vertex u = 0; u < edges.nrows; ++u)
    for (Offset e = edges.row_begin(u); e < edges.row_end(u); ++e) {
      low[e] = u;
      for_each_common(u, edges.col[e], [&](Vertex) { ++support[e]; });
      if (support[e] >= bucket.size()) bucket.resize(std::size_t(support[e]) + 1);
      bucket[support[e]].push_back(e);
    }
  Offset done = 0;
  for (Vertex b = 0; done < m;) {
    if (bucket[b].empty()) {
      ++b;
      continue;
    }
    const Offset e = bucket[b].back();
    bucket[b].pop_back();
    if (removed[e] || support[e] != b) continue;  // a stale entry
    removed[e] = 1;
    truss[e] = b + 2;
    ++done;
    const Vertex u = low[e], v = edges.col[e];
    for_each_common(u, v, [&](Vertex w) {
      const Offset f1 = id(u, w), f2 = id(v, w);
      if (removed[f1] || removed[f2]) return;
      for (const Offset f : {f1, f2})
        if (support[f] > b) bucket[--support[f]].push_back(f);
    });
  }
  return truss;
}

/// Returns "" when the two lists of core numbers are equal, else the first vertex whose numbers
/// differ, named through `name`.
template <class A, class B>
std::string check_same_core_numbers(const std::vector<A>& ours, const std::vector<B>& theirs,
                                    const VertexNamer& name = dense_vertex_name,
                                    AnswerNames names = {}) {
  if (ours.size() != theirs.size())
    return std::string(names.ours) + " has " + std::to_string(ours.size()) + " core numbers but " +
           names.theirs + " has " + std::to_string(theirs.size());
  for (std::size_t v = 0; v < ours.size(); ++v)
    if (std::cmp_not_equal(ours[v], theirs[v]))
      return "vertex " + name(Vertex(v)) + " has core number " + std::to_string(ours[v]) + " in " +
             names.ours + " but " + std::to_string(theirs[v]) + " in " + names.theirs;
  return "";
}

/// Returns "" when `core` holds the core number of every vertex of g, else the first vertex
/// whose number differs from the serial peel's.
template <class T>
std::string check_core_numbers(const Csr<T>& g, const std::vector<Vertex>& core,
                               const VertexNamer& name = dense_vertex_name) {
  if (g.nrows != g.ncols) return "the graph is not square";
  return check_same_core_numbers(core, serial_core_numbers(g), name,
                                 {"the answer", "the serial peel (Batagelj & Zaversnik)"});
}

/// Returns "" when the two lists of truss numbers of the edges of `edges` (the upper triangle,
/// in its CSR order) are equal, else the first edge whose numbers differ.
template <class A, class B>
std::string check_same_truss_numbers(const Csr<bool>& edges, const std::vector<A>& ours,
                                     const std::vector<B>& theirs,
                                     const VertexNamer& name = dense_vertex_name,
                                     AnswerNames names = {}) {
  if (ours.size() != edges.nnz() || theirs.size() != edges.nnz())
    return std::to_string(edges.nnz()) + " edges, but " + names.ours + " has " +
           std::to_string(ours.size()) + " truss numbers and " + names.theirs + " has " +
           std::to_string(theirs.size());
  for (Vertex u = 0; u < edges.nrows; ++u)
    for (Offset e = edges.row_begin(u); e < edges.row_end(u); ++e)
      if (std::cmp_not_equal(ours[e], theirs[e]))
        return "edge {" + name(u) + ", " + name(edges.col[e]) + "} has truss number " +
               std::to_string(ours[e]) + " in " + names.ours + " but " + std::to_string(theirs[e]) +
               " in " + names.theirs;
  return "";
}

/// Returns "" when `edges` is the upper triangle of g (the entries u < v) and `truss` the truss
/// number of each of its edges, else the first violation.
template <class T>
std::string check_truss_numbers(const Csr<T>& g, const Csr<bool>& edges,
                                const std::vector<Vertex>& truss,
                                const VertexNamer& name = dense_vertex_name) {
  if (g.nrows != g.ncols || edges.nrows != g.nrows) return "the graph is not square";
  for (Vertex u = 0; u < g.nrows; ++u) {
    const Vertex* above =
        std::upper_bound(g.col.data() + g.row_begin(u), g.col.data() + g.row_end(u), u);
    if (!std::equal(above, g.col.data() + g.row_end(u), edges.col.data() + edges.row_begin(u),
                    edges.col.data() + edges.row_end(u)))
      return "the edges listed for vertex " + name(u) + " are not its neighbours above it";
  }
  return check_same_truss_numbers(edges, truss, serial_truss_numbers(g, edges), name,
                                  {"the answer", "the serial peel (Wang & Cheng)"});
}

}  // namespace spgraph
