// SPDX-License-Identifier: Apache-2.0
// Connected components: for an undirected graph its components, for a directed graph its
// weakly connected components (arc direction ignored). Values of A are ignored.
//
// Methods:
//   - LabelProp: min-label propagation, label' = min(label, A min.second label, A' min.second
//     label) until no label changes (one SpMV pair per round; rounds = diameter).
//   - FastSV: Zhang, Azad & Hu, "FastSV: a distributed-memory connected component algorithm with
//     fast convergence", 2020 (LAGraph's LAGr_ConnectedComponents): stochastic and aggressive
//     min-label hooking plus shortcutting, in the semiring style.
//   - Afforest: Sutton, Ben-Nun & Barak, "Optimizing Parallel Graph Connectivity Computation via
//     Subgraph Sampling", IPDPS 2018 (as in the GAP benchmark's cc.cc): link a few sampled
//     neighbours per vertex, find the largest intermediate component, then finish the others.
//   - Auto: Afforest.
// Directed input: LabelProp and FastSV read A' (the cached transpose) unless
// options.undirected; Afforest's final pass skips the largest sampled component, and an arc
// from it to a vertex outside must still be linked: with options.undirected nothing more is
// needed, with a transpose already built the vertices outside also link their in-arcs, and
// otherwise the vertices inside scan their arcs and link those leaving it (no transpose is
// built for Afforest). A snapshot's undirected graph counts as symmetric; Afforest runs on its
// Dynamic CSR rows, the other methods on its cached Matrix.
// Labels are normalised so that every vertex carries the smallest vertex id of its component,
// which makes results of all methods (and of peers, after the same normalisation) equal.
#pragma once

#include <vector>

#include "engine/core/descriptor.hpp"
#include "engine/core/types.hpp"
#include "engine/graph_snapshot.hpp"
#include "engine/matrix.hpp"

namespace spgraph {

/// The connected-components method (see the file comment); Auto is Afforest.
enum class CcMethod { Auto, LabelProp, FastSV, Afforest };

/// How connected_components() runs.
struct CcOptions {
  CcMethod method = CcMethod::Auto;
  SpmvFormat spmv = SpmvFormat::Auto;  ///< LabelProp's SpMV format
  /// A is symmetric (an undirected graph): in-arcs are the out-arcs, so no transpose is read
  /// or built. Leave false when unsure (the result is then right for any A).
  bool undirected = false;
};

/// Component labels (the smallest vertex id of each component) and statistics.
struct CcResult {
  std::vector<Vertex> label;  ///< smallest vertex id of each vertex's component
  Vertex components = 0;
  CcMethod method = CcMethod::Afforest;  ///< the method that ran (never Auto)
  int rounds = 0;  ///< propagation rounds, FastSV iterations, or Afforest's 2 samples + 1
};

/// Components of A (square). Throws DimensionMismatch for a non-square matrix.
template <class T>
CcResult connected_components(const Matrix<T>& a, const CcOptions& options = {});

/// Components of a DynamicGraph snapshot.
template <class T>
CcResult connected_components(const GraphSnapshot<T>& g, const CcOptions& options = {});

}  // namespace spgraph
