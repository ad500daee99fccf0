// SPDX-License-Identifier: Apache-2.0
// The parallel k-truss peel behind ktruss() (cores.hpp), on a simple undirected graph.
//
// Wang & Cheng ("Truss decomposition in massive networks", VLDB 2012, §3, Algorithm 2) compute
// each edge's support (the triangles through it), then peel one edge at a time, always one of
// least support, lowering the support of the two other edges of each of its triangles. Here:
//   1. support: edge_triangles (algorithms/triangles/edge_triangles.hpp), the triangle count's
//      fused kernel over the degree orientation U with one addition per triangle edge; an
//      edge's id is its position in U. Each arc of the symmetric graph g is then given its edge's
//      id (the arc (v, w) with v ≺ w is the next entry of U(v); the arc (w, v) is found in U(v)
//      by binary search), so that walking a row of g names the edges it meets.
//   2. peel, level-synchronous as PKT does (Kabir & Madduri, "Shared-memory graph truss
//      decomposition", HiPC 2017): a level k starts from the least support among the edges
//      left, and its frontier is every such edge; a round removes the frontier, each edge e =
//      {a, b} walking the shorter of the two rows, say N(a), and finding each w of it in N(b) by
//      a galloping search from the last position found. A triangle (e, f1, f2) whose
//      edges are none removed yet loses its surviving edges' supports exactly once: when neither
//      f1 nor f2 is in the frontier, e lowers both; when one is, the smaller id of e and that
//      one lowers the other; when both are, no support is left to lower. The thread that takes an
//      edge's support from k + 1 to k queues it, once, for the next round; its truss number is
//      k + 2. Supports stay exact (no clamping), so the walk of e stops once it has met as many
//      live triangles as e's support, and the next level is the least support left.
// Work: the count's O(m^1.5), then Σ_e |N(a)| log(|N(b)| / |N(a)|) over the edges, where
// Σ_e min(|N(a)|, |N(b)|) is O(α m) ⊆ O(m^1.5) (Chiba & Nishizeki, "Arboricity and subgraph
// listing algorithms", 1985; α the arboricity), plus a scan of the unpeeled edges per level
// (an edge of truss number t is scanned at most t − 1 times). Edge ids are 32-bit
// while the graph has fewer than 2^32 edges, else 64-bit. ktruss_peel.hpp says how the peel
// keeps its rows short (compaction) and its small rounds cheap (one thread, no atomics).
// Workspace per edge, in ids or vertices: its id twice and its far end twice (one each per arc,
// the peel's compacted copy of the rows), its two ends, its place in the upper triangle, support,
// truss number, state (1 byte), and the list of edges left. The answer is unique, so it does not
// depend on the thread count.
#pragma once

#include "algorithms/cores/cores.hpp"
#include "formats/csr/adjacency.hpp"

namespace spgraph::detail {

/// Truss numbers of `g` (symmetric, rows sorted, no self-loops); fills every field of the result
/// but symmetrized and self_loops.
KtrussResult truss_numbers(const AdjacencyView& g);

}  // namespace spgraph::detail
