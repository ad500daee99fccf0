// SPDX-License-Identifier: Apache-2.0
// Checks a connected-components answer (components.hpp), the one verifier `spgraph compare cc`
// and the tests share. Two checks:
//   - check_same_components: two labellings describe the same partition, whatever their label
//     values (each is normalised to the smallest vertex of its class first); what the compare job
//     asks of spgraph's and LAGraph's answers;
//   - check_components: a labelling against the graph alone, with no second engine. As LAGraph's
//     LG_check_cc and GAPBS's CCVerifier (cc.cc) do: every arc lies inside one component (for a
//     directed graph its weakly connected ones), and no component is larger than the graph
//     allows, here by a serial union-find over the arcs (O(m α(n))) whose classes must be the
//     labelling's. It also holds spgraph's contract that each label is the smallest vertex of
//     its component.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "algorithms/verify_common.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

/// Each vertex's label replaced by the smallest vertex carrying the same label, so that two
/// labellings of one partition become equal. Labels are any integers (GraphBLAS's are 64-bit).
template <class L>
std::vector<Vertex> normalised_components(const std::vector<L>& label) {
  static_assert(std::is_integral_v<L>);
  const std::size_t n = label.size();
  std::vector<Vertex> out(n);
  const bool dense = std::all_of(label.begin(), label.end(), [n](L x) {
    return std::cmp_greater_equal(x, 0) && std::cmp_less(x, n);
  });
  if (dense) {  // labels are vertex ids: a table instead of a hash map
    constexpr Vertex kNone = std::numeric_limits<Vertex>::max();
    std::vector<Vertex> first(n, kNone);
    for (std::size_t v = 0; v < n; ++v) {
      Vertex& f = first[std::size_t(label[v])];
      if (f == kNone) f = Vertex(v);
      out[v] = f;
    }
    return out;
  }
  std::unordered_map<L, Vertex> first;
  for (std::size_t v = 0; v < n; ++v) out[v] = first.emplace(label[v], Vertex(v)).first->second;
  return out;
}

/// Returns "" when the two labellings describe the same partition of the vertices, else a
/// description of the first vertex (in id order) whose classes differ, named through `name`.
template <class L1, class L2>
std::string check_same_components(const std::vector<L1>& ours, const std::vector<L2>& theirs,
                                  const VertexNamer& name = dense_vertex_name,
                                  AnswerNames names = {}) {
  if (ours.size() != theirs.size())
    return std::string(names.ours) + " labels " + std::to_string(ours.size()) + " vertices but " +
           names.theirs + " labels " + std::to_string(theirs.size());
  const std::vector<Vertex> a = normalised_components(ours);
  const std::vector<Vertex> b = normalised_components(theirs);
  for (Vertex v = 0; v < a.size(); ++v)
    if (a[v] != b[v])
      return "vertex " + name(v) + " is in the component of vertex " + name(a[v]) + " in " +
             names.ours + " but of vertex " + name(b[v]) + " in " + names.theirs;
  return "";
}

/// Returns "" when label[v] is, for every vertex v, the smallest vertex of v's connected
/// component in the graph of `a` (square; arcs taken in both directions, values ignored), else
/// a description of the first violation: a label that is not the smallest vertex of its class,
/// an arc between two classes, or a class that joins vertices no path joins.
template <class T>
std::string check_components(const Csr<T>& a, const std::vector<Vertex>& label,
                             const VertexNamer& name = dense_vertex_name) {
  const Vertex n = a.nrows;
  if (a.ncols != n) return "the graph is not square";
  if (label.size() != n)
    return std::to_string(label.size()) + " labels for " + std::to_string(n) + " vertices";
  for (Vertex v = 0; v < n; ++v) {
    const Vertex l = label[v];
    if (l >= n)
      return "vertex " + name(v) + " is labelled " + std::to_string(l) + ", which is not a vertex";
    if (l > v || label[l] != l)
      return "vertex " + name(v) + " is labelled " + name(l) +
             ", which is not the smallest vertex of its component";
  }
  for (Vertex u = 0; u < n; ++u)
    for (Offset k = a.row_begin(u); k < a.row_end(u); ++k) {
      const Vertex v = a.col[k];
      if (label[u] != label[v])
        return "arc " + name(u) + " -> " + name(v) + " joins the component of vertex " +
               name(label[u]) + " to that of vertex " + name(label[v]);
    }
  // Every arc lies inside a class, so each component lies inside one: a class is right when it
  // is no larger, i.e. when its smallest vertex is also the smallest of each member's component.
  std::vector<Vertex> parent(n);
  std::iota(parent.begin(), parent.end(), Vertex(0));
  auto find = [&](Vertex x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (Vertex u = 0; u < n; ++u)
    for (Offset k = a.row_begin(u); k < a.row_end(u); ++k) {
      const Vertex x = find(u), y = find(a.col[k]);
      if (x != y) parent[std::max(x, y)] = std::min(x, y);  // the root is the smallest vertex
    }
  for (Vertex v = 0; v < n; ++v)
    if (find(v) != label[v])
      return "vertex " + name(v) + " shares the label of vertex " + name(label[v]) +
             ", but no path joins them";
  return "";
}

}  // namespace spgraph
