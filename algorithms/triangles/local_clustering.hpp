// SPDX-License-Identifier: Apache-2.0
// The local clustering coefficient as LDBC Graphalytics defines it (specification v1.0, §2.3.5),
// for directed and undirected graphs alike:
//   N(v)   = (in-neighbours ∪ out-neighbours of v) \ {v}
//   LCC(v) = |{(u, w) ∈ A : u ≠ w, u ∈ N(v), w ∈ N(v)}| / (|N(v)| (|N(v)| − 1)),  0 if |N(v)| < 2
// i.e. the arcs among v's neighbours over the ordered pairs of them. On a symmetric A each edge
// among the neighbours is two arcs, so this is the usual undirected coefficient 2 t(v) / (d (d −
// 1)) (triangle_count's per-vertex clustering). Self-loops and repeated arcs are ignored; values
// of A are ignored.
//
// Method (local_clustering.cpp): the arcs among N(v) are counted triangle by triangle. Let S be
// the simple undirected graph A ∪ A' without self-loops, each edge {u, w} weighted by the number
// of arcs it stands for, m(u, w) ∈ {1, 2}. Two neighbours u, w of v joined by arcs make a
// triangle {v, u, w} of S, so the arcs among N(v) = Σ over the triangles {v, u, w} of S of
// m(u, w). The triangles are listed once each by the degree orientation of Schank & Wagner,
// "Finding, counting and listing all triangles in large graphs", WEA 2005 (as the triangle count
// does, triangle_count.hpp): U(u) = {w ∈ S(u) : (|S(u)|, u) < (|S(w)|, w)}, and each triangle
// u ≺ v ≺ w is found at (u, v) by probing U(v) against U(u) marked in a per-thread array of
// edge weights; it adds m(v, w) to u, m(u, w) to v and m(u, v) to w. Per-vertex sums are
// 64-bit integers (relaxed atomic adds), so the result does not depend on the thread count.
// Work O(Σ_(u,v) |U(v)|) = O(m^1.5) at worst; memory U (about m column ids and weight bytes),
// the degrees and counts, and n bytes per thread.
#pragma once

#include <vector>

#include "engine/core/types.hpp"
#include "engine/matrix.hpp"
#include "formats/csr/adjacency.hpp"

namespace spgraph {

/// Graphalytics' local clustering coefficient of every vertex of the graph of `a` (square).
/// `undirected`: A is symmetric, so the in-neighbours are the out-neighbours and no transpose is
/// read or built (leave false when unsure: the answer is then right for any A). Throws
/// DimensionMismatch for a non-square matrix.
template <class T>
std::vector<double> local_clustering(const Matrix<T>& a, bool undirected = false);

namespace detail {

/// The same on structure alone: `out` the rows of A, `in` those of A' (nullptr: A symmetric).
std::vector<double> local_clustering_structure(const AdjacencyView& out, const AdjacencyView* in);

}  // namespace detail

}  // namespace spgraph
