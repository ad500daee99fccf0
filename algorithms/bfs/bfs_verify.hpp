// SPDX-License-Identifier: Apache-2.0
// Checks a BFS answer against the graph: that a parent array forms a valid BFS tree for the
// given levels. The one verifier: `spgraph compare`, the benchmarks and the tests all use it
// (parents may legitimately differ between engines, so they are checked for validity, not
// equality).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

/// Returns "" when parent[] is a valid BFS tree for level[] over the arcs of `a` (rows =
/// sources, sorted), else a description of the first violation. Entries are spgraph's 32-bit
/// ones (kUnreached marks unreached) or signed 64-bit ones (-1 marks unreached, as GraphBLAS and
/// the oracles write them): L(-1) is the mark for both. To check parents alone, pass the levels
/// of an independent search (GAPBS's verifier does the same).
template <class T, class L>
std::string check_bfs_tree(const Csr<T>& a, Vertex source, const std::vector<L>& level,
                           const std::vector<std::type_identity_t<L>>& parent) {
  static_assert(std::is_integral_v<L> && sizeof(L) >= sizeof(Vertex));
  const L none = L(-1);
  const Vertex n = a.nrows;
  if (level.size() != n || parent.size() != n) return "level/parent arrays have the wrong size";
  if (source >= n) return "the source is not a vertex";
  if (level[source] != 0 || parent[source] != L(source)) return "the source is not its own root";
  for (Vertex v = 0; v < n; ++v) {
    if ((level[v] == none) != (parent[v] == none))
      return "vertex " + std::to_string(v) + " has a level but no parent or vice versa";
    if (v == source || parent[v] == none) continue;
    const L p = parent[v];
    if (std::cmp_less(p, 0) || std::cmp_greater_equal(p, n))
      return "parent of " + std::to_string(v) + " is out of range";
    if (level[p] != level[v] - 1)
      return "parent " + std::to_string(p) + " of " + std::to_string(v) + " is not one level up";
    auto b = a.col.begin() + a.row_ptr[p], e = a.col.begin() + a.row_ptr[p + 1];
    if (!std::binary_search(b, e, v))
      return "no arc " + std::to_string(p) + " -> " + std::to_string(v) + " for the parent";
  }
  return "";
}

}  // namespace spgraph
