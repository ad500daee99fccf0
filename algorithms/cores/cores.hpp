// SPDX-License-Identifier: Apache-2.0
// The cores family's public entry point: k-core and k-truss decomposition of an undirected
// graph.
//
// The graph: the structure of A (square; values ignored) as a simple undirected graph. A directed
// A (A != A') is taken as A ∪ A' (each arc an edge), and the result says so; self-loops are
// ignored (and counted); a Matrix holds no repeated entry, so repeated edges of a file are one
// edge. A caller that knows A is symmetric sets CoreOptions::undirected to skip the O(m) check.
//
// k-core (Seidman, "Network structure and minimum degree", Social Networks 1983): the k-core is
// the largest subgraph in which every vertex has at least k neighbours; a vertex's core number
// is the largest k whose k-core holds it (0 for an isolated vertex). networkx's core_number and
// igraph_coreness (mode ALL) on the same simple graph give the same numbers.
//
// k-truss (Cohen, "Trusses: cohesive subgraphs for social network analysis", 2008): the k-truss
// is the largest subgraph in which every edge lies in at least k − 2 of its triangles; an edge's
// truss number is the largest k whose k-truss holds it, so at least 2 (an edge in no triangle)
// and n for every edge of an n-clique. This is igraph_trussness's convention; networkx's
// k_truss(G, k) is the subgraph of the edges whose truss number is at least k.
//
// kcore.hpp and ktruss.hpp hold the parallel peels and say how they work; cores_verify.hpp the
// checks the tests and `spgraph compare kcore|ktruss` share.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "engine/matrix.hpp"

namespace spgraph {

/// How kcore() and ktruss() read A.
struct CoreOptions {
  /// A is symmetric (an undirected graph): skip the check (and the symmetrization). Leave false
  /// when unsure: the result is then right for any A.
  bool undirected = false;
};

/// The core number of every vertex.
struct KcoreResult {
  std::vector<Vertex> core;  ///< core number of each vertex
  Vertex max_core = 0;       ///< the largest core number (0 for a graph without edges)
  int levels = 0;            ///< distinct core numbers peeled (levels of the peel)
  int parallel_levels = 0;   ///< levels whose vertices several threads removed
  bool symmetrized = false;  ///< A was not symmetric: the cores of A ∪ A'
  Offset self_loops = 0;     ///< self-loops of A ignored
};

/// The truss number of every edge.
struct KtrussResult {
  /// Each edge {u, v} once, as the entry (u, v) with u < v: the upper triangle of the simple
  /// graph (n × n, pattern, rows sorted). Its CSR order numbers the edges: it is the order of the
  /// edges u < v row by row, which is also igraph's edge order for the graph built from them.
  Matrix<bool> edges;
  std::vector<Vertex> truss;    ///< truss number of each edge, in the CSR order of `edges`
  Vertex max_truss = 0;         ///< the largest truss number (0 for a graph without edges)
  std::uint64_t triangles = 0;  ///< the graph's triangles
  int levels = 0;               ///< distinct supports peeled (levels of the peel)
  int rounds = 0;               ///< frontiers processed, over all levels
  int parallel_rounds = 0;      ///< rounds whose edges several threads removed
  bool symmetrized = false;     ///< A was not symmetric: the trusses of A ∪ A'
  Offset self_loops = 0;        ///< self-loops of A ignored
};

/// The core number of every vertex of the graph of `a` (kcore.hpp: a parallel peel by levels,
/// O(n + m) work). Throws DimensionMismatch for a non-square matrix.
template <class T>
KcoreResult kcore(const Matrix<T>& a, const CoreOptions& options = {});

/// The k-core: the simple undirected graph of `a` restricted to the vertices whose core number
/// (`core`, from kcore) is at least k (n × n, symmetric pattern; the other vertices keep their
/// ids and have no edges). Throws InvalidArgument when core does not have n entries.
template <class T>
Matrix<bool> kcore_subgraph(const Matrix<T>& a, const std::vector<Vertex>& core, Vertex k,
                            const CoreOptions& options = {});

/// The k-core of the graph of `a`, its core numbers computed first.
template <class T>
Matrix<bool> kcore_subgraph(const Matrix<T>& a, Vertex k, const CoreOptions& options = {});

/// The truss number of every edge of the graph of `a` (ktruss.hpp: triangles per edge by the
/// fused count over the degree orientation, then a parallel peel of the edges by levels).
/// Throws DimensionMismatch for a non-square matrix.
template <class T>
KtrussResult ktruss(const Matrix<T>& a, const CoreOptions& options = {});

/// The k-truss: the edges of `r` whose truss number is at least k (n × n, symmetric pattern).
Matrix<bool> ktruss_subgraph(const KtrussResult& r, Vertex k);

/// The k-truss of the graph of `a`, its truss numbers computed first.
template <class T>
Matrix<bool> ktruss_subgraph(const Matrix<T>& a, Vertex k, const CoreOptions& options = {});

}  // namespace spgraph
