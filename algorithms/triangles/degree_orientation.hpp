// SPDX-License-Identifier: Apache-2.0
// The degree orientation of an undirected graph, phase 1 of the triangle count
// (triangle_count.hpp) and the edge numbering of the per-edge triangle counts
// (edge_triangles.hpp): with the total order u ≺ v  ⇔  (|N(u)|, u) < (|N(v)|, v) (|N| = stored
// row length), each edge is kept once, from its lower to its higher end. Schank & Wagner,
// "Finding, counting and listing all triangles in large graphs", WEA 2005 (degree ordering).
#pragma once

#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/adjacency.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph::detail {

/// Graphs with fewer stored entries than this are counted on one thread: the count takes a
/// fraction of a millisecond, and a descheduled second thread can stall the join for longer.
inline constexpr Offset kParallelEntries = Offset(1) << 14;

/// The oriented graph U of phase 1, and the self-loops met while building it.
struct Oriented {
  Csr<bool> u;
  Offset self_loops = 0;
};

/// Each vertex's position in the order (|N(v)|, v): a stable counting sort by stored row length.
std::vector<Vertex> degree_rank(const AdjacencyView& g);

/// True when u ≺ v in the order of degree_rank (v is "above" u), from the stored row lengths.
inline bool degree_order_below(const AdjacencyView& g, Vertex u, Vertex v) {
  const Offset du = g.degree(u), dv = g.degree(v);
  return du < dv || (du == dv && u < v);
}

/// Phase 1: U(v) = {w ∈ N(v) : v ≺ w}, rows sorted as in g (a self-loop is dropped and counted).
Oriented orient_by_degree(const AdjacencyView& g);

}  // namespace spgraph::detail
