// SPDX-License-Identifier: Apache-2.0
// Checks of a community answer (communities.hpp), the one verifier `spgraph compare
// cdlp|louvain|leiden` and the tests share.
//
// CDLP's answer is exact (LDBC Graphalytics specification v1.0, §2.3.4, compares labels one for
// one), so both of its checks compare labels exactly, never a weaker property such as "each label
// is one some neighbour carried":
//   - check_same_labels: two labellings are equal vertex by vertex; what the compare job asks of
//     spgraph's and LAGraph's labels;
//   - check_cdlp: a labelling against the graph alone: the rounds recomputed serially the
//     plainest way (per vertex, an ordered map from label to count over its out-arcs and its
//     in-arcs, self-loops skipped; the in-arcs from lists built here), sharing no code with the
//     kernel, then compared exactly. Cost O(iterations · m log m): for tests and small graphs.
//
// Louvain and Leiden have no unique answer, so two engines are compared by the quality of their
// partitions, each computed by the same modularity() (modularity.hpp), as igraph's and
// networkx's tests compare partitions; the checks against the graph alone are the guarantees the
// methods make:
//   - check_membership_numbering: communities numbered 0 .. c − 1, each number used;
//   - check_communities_connected: every community is connected (Leiden's guarantee, Traag,
//     Waltman & van Eck 2019, Theorem 1), by a serial union-find over the arcs inside
//     communities (arcs in either direction: the graph is taken as undirected);
//   - check_quality_at_least: our quality is no lower than the reference's minus a tolerance.
#pragma once

#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/verify_common.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

/// Returns "" when the two labellings are equal vertex by vertex (labels are vertex ids, of any
/// integer type: GraphBLAS's are 64-bit), else a description of the first vertex (in id order)
/// whose labels differ, vertices and labels named through `name`.
template <class L1, class L2>
std::string check_same_labels(const std::vector<L1>& ours, const std::vector<L2>& theirs,
                              const VertexNamer& name = dense_vertex_name, AnswerNames names = {}) {
  if (ours.size() != theirs.size())
    return std::string(names.ours) + " labels " + std::to_string(ours.size()) + " vertices but " +
           names.theirs + " labels " + std::to_string(theirs.size());
  const auto label_name = [&](auto l) {
    return std::cmp_less(l, ours.size()) && std::cmp_greater_equal(l, 0)
               ? name(Vertex(l))
               : "a non-vertex " + std::to_string(l);
  };
  for (std::size_t v = 0; v < ours.size(); ++v)
    if (!std::cmp_equal(ours[v], theirs[v]))
      return "vertex " + name(Vertex(v)) + " is labelled " + label_name(ours[v]) + " in " +
             names.ours + " but " + label_name(theirs[v]) + " in " + names.theirs;
  return "";
}

/// Returns "" when `label` is the labelling that `iterations` rounds of Graphalytics' CDLP give
/// on the graph of `a` (square; values ignored; in- and out-neighbours both count, self-loops
/// do not), else a description of the first vertex whose label differs.
template <class T>
std::string check_cdlp(const Csr<T>& a, const std::vector<Vertex>& label, int iterations,
                       const VertexNamer& name = dense_vertex_name) {
  const Vertex n = a.nrows;
  if (a.ncols != n) return "the graph is not square";
  if (label.size() != n)
    return std::to_string(label.size()) + " labels for " + std::to_string(n) + " vertices";
  std::vector<std::vector<Vertex>> in(n);
  for (Vertex u = 0; u < n; ++u)
    for (Offset k = a.row_begin(u); k < a.row_end(u); ++k) in[a.col[k]].push_back(u);
  std::vector<Vertex> cur(n), next(n);
  std::iota(cur.begin(), cur.end(), Vertex(0));
  for (int round = 0; round < iterations; ++round) {
    for (Vertex v = 0; v < n; ++v) {
      std::map<Vertex, std::uint64_t> count;
      for (Offset k = a.row_begin(v); k < a.row_end(v); ++k)
        if (a.col[k] != v) ++count[cur[a.col[k]]];
      for (Vertex u : in[v])
        if (u != v) ++count[cur[u]];
      next[v] = cur[v];
      std::uint64_t most = 0;
      for (const auto& [l, c] : count)  // ascending labels: strictly more wins, ties stay
        if (c > most) most = c, next[v] = l;
    }
    cur.swap(next);
  }
  return check_same_labels(label, cur, name, {"the answer", "the recomputed rounds"});
}

/// Returns "" when `membership` numbers its communities 0 .. communities − 1 and uses every
/// number, else a description of the first violation.
inline std::string check_membership_numbering(const std::vector<Vertex>& membership,
                                              Vertex communities,
                                              const VertexNamer& name = dense_vertex_name) {
  std::vector<char> used(communities, 0);
  for (Vertex v = 0; v < membership.size(); ++v) {
    if (membership[v] >= communities)
      return "vertex " + name(v) + " is in community " + std::to_string(membership[v]) +
             ", but there are only " + std::to_string(communities) + " communities";
    used[membership[v]] = 1;
  }
  for (Vertex c = 0; c < communities; ++c)
    if (!used[c]) return "community " + std::to_string(c) + " has no vertex";
  return "";
}

/// Returns "" when every community of `membership` induces a connected subgraph of A (square;
/// arcs in either direction, values ignored), else names two vertices of one community that no
/// path inside it joins.
template <class T>
std::string check_communities_connected(const Csr<T>& a, const std::vector<Vertex>& membership,
                                        const VertexNamer& name = dense_vertex_name) {
  const Vertex n = a.nrows;
  if (membership.size() != n)
    return std::to_string(membership.size()) + " labels for " + std::to_string(n) + " vertices";
  std::vector<Vertex> parent(n);
  std::iota(parent.begin(), parent.end(), Vertex(0));
  auto find = [&](Vertex x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (Vertex u = 0; u < n; ++u)
    for (Offset k = a.row_begin(u); k < a.row_end(u); ++k) {
      const Vertex v = a.col[k];
      if (membership[u] != membership[v]) continue;
      const Vertex x = find(u), y = find(v);
      if (x != y) parent[std::max(x, y)] = std::min(x, y);
    }
  std::vector<Vertex> first(n, kNoVertex);  // the first vertex met in each community
  for (Vertex v = 0; v < n; ++v) {
    if (membership[v] >= n)
      return "vertex " + name(v) + " has label " + std::to_string(membership[v]) +
             ", not below the vertex count";
    Vertex& f = first[membership[v]];
    if (f == kNoVertex) f = v;
    if (find(f) != find(v))
      return "community " + std::to_string(membership[v]) +
             " is not connected: no path inside it "
             "joins vertex " +
             name(f) + " to vertex " + name(v);
  }
  return "";
}

/// Returns "" when ours >= theirs − tolerance (or both are NaN, the quality of a graph without
/// edges), else a message with both values; `what` names the quality ("modularity").
inline std::string check_quality_at_least(double ours, double theirs, double tolerance,
                                          const char* what, AnswerNames names = {}) {
  if (std::isnan(ours) && std::isnan(theirs)) return "";
  if (ours >= theirs - tolerance) return "";
  return std::string(names.ours) + "'s " + what + " " + exact_real(ours) + " is below " +
         names.theirs + "'s " + exact_real(theirs) + " by " + short_real(theirs - ours) +
         ", more than the tolerance " + short_real(tolerance);
}

}  // namespace spgraph
