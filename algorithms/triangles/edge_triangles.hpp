// SPDX-License-Identifier: Apache-2.0
// The triangles through each edge of a simple undirected graph (an edge's "support", Cohen,
// "Trusses: cohesive subgraphs for social network analysis", 2008; Wang & Cheng, "Truss
// decomposition in massive networks", VLDB 2012, §2), which the k-truss decomposition peels
// (algorithms/cores/ktruss.hpp).
//
// It is the fused count of triangle_count.hpp with a position where the count keeps a bit: over
// the degree orientation U (degree_orientation.hpp, Schank & Wagner 2005), row u marks, for each
// w in U(u), w's position in U(u); every w in U(v), v in U(u), that is marked closes the triangle
// u ≺ v ≺ w, found once, at (u, v), and adds one to each of its three edges: (u, v) and (v, w)
// where the scan stands, (u, w) at the marked position. The edges (v, w) and (u, w) lie in other
// rows, which other threads count, so those additions are relaxed atomics. Cost O(m^1.5), like
// the count; workspace: one position marker of n entries per thread.
//
// Not the engine's masked SpGEMM: the support is (A·A) .* A, but the engine's product is
// row-wise (Gustavson), so its work is Σ_k |A(k,:)|², quadratic in the hubs' degrees, and over
// the orientation one of the three products a triangle's edges need, (U·U') .* U, is as bad.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/adjacency.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

/// Each edge of a simple undirected graph once, numbered, with the triangles through it.
struct EdgeTriangles {
  /// U: the edge {u, v} is the entry (u, v) with u ≺ v in the degree order
  /// (degree_orientation.hpp); an edge's id is its position in U's CSR arrays.
  Csr<bool> oriented;
  std::vector<Vertex> support;  ///< triangles through each edge, by edge id
  std::uint64_t triangles = 0;  ///< the graph's triangles (each counted once)
  Offset self_loops = 0;        ///< self-loops ignored
};

/// The edges of `g` and their triangles. `g` must be symmetric with sorted rows; self-loops are
/// ignored (and counted).
EdgeTriangles edge_triangles(const AdjacencyView& g);

}  // namespace spgraph
