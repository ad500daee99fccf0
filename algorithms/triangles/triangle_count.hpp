// SPDX-License-Identifier: Apache-2.0
// Triangle counting: the number of triangles of an undirected simple graph, and optionally the
// triangles through each vertex and its local clustering coefficient.
//
// Inputs: A square; its structure is the graph (values ignored). A directed input (A != A') is
// symmetrized first (A ∪ A'), and the result says so; self-loops and repeated edges are
// ignored. A caller that knows A is symmetric sets options.undirected to skip the O(m) check.
//
// Phases:
//   1. orientation: with the total order u ≺ v  ⇔  (deg(u), u) < (deg(v), v) (deg = stored row
//      length), keep each edge once, from its lower to its higher end: U(u) = {v ∈ N(u) :
//      u ≺ v}. Filtering a sorted row keeps it sorted and keeps the original ids (and their
//      locality); |U(u)| <= sqrt(2m) since a vertex has at most that many neighbours of higher
//      degree. This is "relabel by degree, take L = tril" without moving the vertices.
//   2. count = Σ_u Σ_{v ∈ U(u)} |U(u) ∩ U(v)|: each triangle u ≺ v ≺ w is found once, at (u, v).
//      This is Σ(L·Lᵀ .* L) (LAGraph's SandiaDot) fused: the product is never stored.
//      Intersections, chosen per row (Method::Auto): a branch-free merge of the two sorted rows
//      for short U(u); for long U(u), U(u) is marked in a per-thread bitmap of n bits and each
//      U(v) is probed against it (the hash/marker method), which costs |U(v)| per v whatever the
//      length of U(u).
//   3. per vertex (if asked): each triangle found adds one to each of its three corners
//      (relaxed atomics); clustering(v) = 2 t(v) / (deg(v) (deg(v) - 1)), 0 when deg(v) < 2.
// Method::Wedge (which Auto picks for large skewed graphs) relabels the vertices by their rank
// in that order and counts each triangle a ≺ b ≺ w at its middle corner b: up(b) (the ranks above
// b among its neighbours) is marked in the bitmap, and for each a in low(b) (those below) the
// part of the rank-sorted row up(a) after b is probed. It probes Σ_a C(|up(a)|, 2) bits, the
// wedges, instead of Σ_(u,v) |U(v)| (Kronecker 18: 205 M against 660 M), for a binary search per
// edge, a second pass over the arcs and a sort of each row; on graphs of a few million arcs
// those cost more than they save.
// On sparse graphs without hubs (average degree below 10, no row over 64: roads, meshes)
// Method::Auto builds nothing: it
// counts in vertex-id order on the symmetric rows themselves, each triangle w < v < u found
// from u as a merge of N(u) and N(v) below v (the GAP benchmark's OrderedCount, whose rule for
// when relabelling does not pay it also follows); the orientation costs more there than it
// saves. Per-vertex counts still take the phases above.
// The Sandia methods instead run the engine's masked SpGEMM with a fused reduction:
// SandiaLL = Σ((L·L) .* L), SandiaUU = Σ((U·U) .* U), with U the orientation above and L = Uᵀ.
// Workspace: U (about m/2 column ids plus n+1 offsets), one bitmap of n bits per thread, and
// per-vertex counts when asked. Cost O(Σ_v |U⁻(v)| |U(v)|) = O(m^1.5) at worst.
//
// Sources: Wolf, Deveci, Berry, Hammond & Rajamanickam, "Fast linear algebra-based triangle
// counting with KokkosKernels", HPEC 2017 (the Sandia formulations); Schank & Wagner,
// "Finding, counting and listing all triangles in large graphs", WEA 2005 (degree ordering);
// the GAP Benchmark Suite's tc.cc (ordered counting).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/types.hpp"
#include "engine/matrix.hpp"
#include "formats/csr/adjacency.hpp"

namespace spgraph {

/// How triangles are counted.
enum class TriangleMethod {
  Auto,      ///< fused count, merge or bitmap chosen per row
  Merge,     ///< fused count, every intersection a merge of sorted rows
  Hash,      ///< fused count, every intersection probes a bitmap of U(u)
  SandiaLL,  ///< Σ((L·L) .* L) by the engine's masked SpGEMM reduction
  SandiaUU,  ///< Σ((U·U) .* U) by the engine's masked SpGEMM reduction
  Wedge,     ///< count at each triangle's middle corner, on the graph relabelled by rank
};

/// The lower-case name of a method ("auto", "merge", ...).
std::string triangle_method_name(TriangleMethod m);
/// The method named `name`; throws InvalidArgument listing the valid names.
TriangleMethod parse_triangle_method(const std::string& name);

/// What triangle_count() computes, and how.
struct TriangleOptions {
  TriangleMethod method = TriangleMethod::Auto;
  /// Also compute triangles per vertex and local clustering coefficients (fused methods only).
  bool per_vertex = false;
  /// The caller guarantees A is symmetric: skip the check (and the symmetrization).
  bool undirected = false;
};

/// The triangle count, with per-vertex counts and clustering when asked.
struct TriangleResult {
  std::uint64_t triangles = 0;
  std::vector<std::uint64_t> per_vertex;  ///< triangles through each vertex (if asked)
  std::vector<double> clustering;         ///< local clustering coefficient (if asked)
  bool symmetrized = false;  ///< A was not symmetric: the triangles of A ∪ A' were counted
  Offset self_loops = 0;     ///< self-loops ignored
  TriangleMethod method = TriangleMethod::Auto;  ///< the method that ran
};

/// Counts the triangles of the graph of `a` (square). Throws DimensionMismatch for a
/// non-square matrix and InvalidArgument for per-vertex counts with a Sandia method.
template <class T>
TriangleResult triangle_count(const Matrix<T>& a, const TriangleOptions& options = {});

/// The simple undirected graph of `a`: the pattern of A ∪ A' without self-loops (what LAGraph's
/// triangle count requires of its input).
template <class T>
Matrix<bool> simple_undirected_pattern(const Matrix<T>& a);

namespace detail {

/// Counts the triangles of a symmetric structure (rows sorted, self-loops allowed).
TriangleResult triangle_count_symmetric(const AdjacencyView& g, const TriangleOptions& options);

}  // namespace detail

}  // namespace spgraph

#include "algorithms/triangles/triangle_count_impl.hpp"
