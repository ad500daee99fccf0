// SPDX-License-Identifier: Apache-2.0
// PageRank: the stationary rank of a random surfer on the arcs of A (A(u,v) = arc u -> v;
// values are ignored, the structure is the graph), by power iteration over the pull SpMV
// r' = teleport + d · A' (r ./ outdeg), run on engine/spmv_dense.hpp (CSR or CSR5 view).
//
// Two variants:
//   - Gap (GAP benchmark spec, Beamer et al. 2015, and LAGraph's LAGr_PageRankGAP): sinks are
//     ignored (their rank leaks), r0 = 1/n, r'[v] = (1-d)/n + d Σ_{u->v} r[u]/outdeg[u]; stops
//     when Σ|r' - r| < tolerance or after max_iterations.
//   - Standard (networkx / LDBC Graphalytics): the rank of dangling vertices (outdeg 0) is
//     redistributed over the teleport vector, so ranks always sum to 1; same stopping rule.
// Personalized PageRank: the teleport vector is uniform over the distinct vertices of
// `personalize` (repeats count once; r0 is the teleport vector too) instead of over all
// vertices; Standard then also hands the dangling rank to that set (networkx's default).
//
// On CSR (the default) one power step is one pass (algorithms/pagerank/pagerank_fused_csr.hpp):
// the pull sum, the update, the convergence sums and the next contribution, per row. On CSR5
// (asked for) or a Dynamic CSR snapshot, one power step is one SpMV and one fused pass: w[u] = r[u]
// / outdeg[u] (0 for a sink, outdeg counted once from the row pointers), y = A' plus.second w
// (spmv_dense; PLUS_SECOND reads only w, never A's values), then r'[v] = teleport[v] + d y[v] (+ d
// · dangling · teleport[v] for Standard), with Σ|r' - r|, the next w and the next dangling sum
// computed in the same parallel loop. Self-loops count as arcs (to the vertex itself). An empty
// graph (n = 0) returns an empty rank with iterations = 0 and converged = true.
//
// Weighted PageRank (PageRankOptions::weighted; networkx's pagerank(weight="weight"), igraph's
// personalized_pagerank(weights=...)): u hands its rank to its out-arcs in proportion to their
// values, r'[v] = teleport(v) + d Σ_{u->v} r[u] A(u,v) / W(u), W(u) = Σ_w A(u,w) the weighted
// out-degree; a vertex with W(u) = 0 (no out-arcs, or only zero-valued ones) is a sink. Values
// must be finite and >= 0. It runs its own kernel (pagerank_weighted.hpp), so the unweighted
// paths above are unchanged; its cost is in that header.
// Personalization weights (PageRankOptions::personalize_weights): the teleport vector is
// proportional to them instead of uniform over the set.
#pragma once

#include <vector>

#include "engine/core/descriptor.hpp"
#include "engine/core/types.hpp"
#include "engine/graph_snapshot.hpp"
#include "engine/matrix.hpp"

namespace spgraph {

/// Gap (sinks leak rank, as the GAP benchmark) or Standard (dangling rank redistributed).
enum class PageRankVariant { Gap, Standard };

/// The type scores are kept in while iterating: double (default) or float (the GAP benchmark's
/// own choice: half the bytes gathered per arc, about 7 significant digits). The result is
/// returned as double either way; the convergence sums are always double.
enum class PageRankPrecision { Double, Float };

/// How a step uses the step's own results: Jacobi (the power iteration; every row pulls the
/// previous step's ranks: deterministic, the default) or Gauss-Seidel (rows pull the ranks
/// already updated in this step, as the GAP benchmark's "pr": fewer steps to a tolerance, the
/// same fixed point, last digits vary between runs). Gauss-Seidel runs on CSR only.
enum class PageRankSweep { Jacobi, GaussSeidel };

/// Options of pagerank(): damping, stopping rule, variant, personalization, SpMV format.
struct PageRankOptions {
  double damping = 0.85;
  double tolerance = 1e-4;  ///< stop when Σ|r' - r| < tolerance (0: run max_iterations)
  int max_iterations = 100;
  PageRankVariant variant = PageRankVariant::Gap;
  std::vector<Vertex> personalize;  ///< teleport set; empty = every vertex
  /// One weight per `personalize` vertex, in the same order (finite, >= 0, not all 0; each
  /// vertex named once): the teleport vector is proportional to them. Empty: equal weights.
  std::vector<double> personalize_weights;
  /// Spread each vertex's rank over its out-arcs in proportion to the arc values A(u,v)
  /// (weighted out-degree normalization; a pattern's values read 1) rather than equally. Runs
  /// the weighted kernel: Jacobi sweep on CSR (Csr5 or GaussSeidel are refused).
  bool weighted = false;
  /// Auto and Csr run the fused CSR kernel (pagerank_fused_csr.hpp); Csr5 the CSR5 SpMV with
  /// a separate update pass.
  SpmvFormat spmv = SpmvFormat::Auto;
  PageRankPrecision precision = PageRankPrecision::Double;
  PageRankSweep sweep = PageRankSweep::Jacobi;
  /// A is symmetric (an undirected graph): A' = A, so the pull SpMV reads A itself and no
  /// transpose is built. Leave false when unsure (the result is then right for any A).
  bool undirected = false;
};

/// The ranks and how the power iteration ended.
struct PageRankResult {
  std::vector<double> rank;  ///< one per vertex
  int iterations = 0;        ///< power steps run
  double delta = 0;          ///< Σ|r' - r| of the last step
  bool converged = false;    ///< delta < tolerance before max_iterations ran out
};

/// PageRank of A (square). Throws DimensionMismatch for a non-square matrix, IndexOutOfBounds
/// for a personalize vertex >= n, InvalidArgument for damping outside [0, 1), a negative
/// tolerance, max_iterations < 1, personalization weights that are not one finite value >= 0
/// per vertex (not all 0, no vertex twice), or, weighted, an arc whose value is negative or not
/// finite (naming the arc in dense ids).
template <class T>
PageRankResult pagerank(const Matrix<T>& a, const PageRankOptions& options = {});

/// PageRank of a DynamicGraph snapshot: on an undirected graph the Dynamic CSR rows are the
/// in-arcs and the DCSR SpMV runs on them directly; a directed graph uses the snapshot's cached
/// Matrix and its transpose.
template <class T>
PageRankResult pagerank(const GraphSnapshot<T>& g, const PageRankOptions& options = {});

}  // namespace spgraph
