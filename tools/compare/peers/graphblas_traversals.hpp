// SPDX-License-Identifier: Apache-2.0
// The SuiteSparse:GraphBLAS side of `spgraph compare pagerank|sssp|cc`: each job written the way
// LAGraph writes it, on the GraphBlasGraph of graphblas_graph.hpp with the properties LAGraph
// caches (A' and the out-degrees, the smallest weight) cached by the caller, not timed:
//   - PageRank (graphblas_pagerank.cpp): LAGr_PageRankGAP, and LAGr_PageRank for the standard
//     variant (sinks' rank redistributed);
//   - SSSP (graphblas_sssp.cpp): LAGr_SingleSourceShortestPath, delta-stepping with light and
//     heavy arcs selected by weight and min_plus vxm;
//   - connected components (graphblas_cc.cpp): LG_CC_FastSV6 (the method behind
//     LAGr_ConnectedComponents) without its sampling phase (graphblas_cc.cpp says why);
//   - betweenness centrality (graphblas_bc.cpp): LAGr_Betweenness on batches of 4 sources.
// Built only when GraphBLAS is found (SPGRAPH_HAVE_GRAPHBLAS).
#pragma once

#include <cstdint>
#include <vector>

#include "tools/compare/peers/graphblas_graph.hpp"

namespace spgraph::peers {

struct GraphBlasPageRankOptions {
  double damping = 0.85;
  double tolerance = 1e-4;  ///< stop when Σ|r' - r| <= tolerance
  int max_iterations = 100;
  bool standard = false;  ///< LAGr_PageRank (sinks redistributed) instead of LAGr_PageRankGAP
  /// Teleport set (sorted, distinct); empty: every vertex. LAGraph has no personalized
  /// PageRank: the teleport vector is then uniform over this set, in the same style.
  std::vector<std::uint32_t> personalize;
};

struct GraphBlasPageRankResult {
  std::vector<double> rank;
  int iterations = 0;
  double delta = 0;    ///< Σ|r' - r| of the last step
  double seconds = 0;  ///< the whole computation, as LAGraph times it (not the extraction)
};

/// PageRank in FP64 (LAGraph uses FP32; FP64 makes the answers comparable to 1e-9). Needs A' and
/// the out-degrees cached.
GraphBlasPageRankResult graphblas_pagerank(const GraphBlasGraph& g,
                                           const GraphBlasPageRankOptions& options);

struct GraphBlasSsspResult {
  std::vector<double> distance;  ///< +infinity where unreachable
  std::int64_t buckets = 0;      ///< outer steps (buckets of width Δ, empty ones included)
  double seconds = 0;            ///< the whole computation (selects of AL and AH included)
};

/// LAGr_SingleSourceShortestPath from `source` with bucket width `delta` (finite, > 0) on a graph
/// of FP64 weights with its smallest weight cached. The weights must be non-negative (LAGraph's
/// method loops forever on a negative cycle).
GraphBlasSsspResult graphblas_sssp(const GraphBlasGraph& g, std::uint32_t source, double delta);

struct GraphBlasCcResult {
  std::vector<std::uint64_t> component;  ///< the representative of each vertex's component
  double seconds = 0;                    ///< the whole computation (not the extraction)
};

/// LG_CC_FastSV6 without sampling: components of the undirected graph `g` (self-loops are
/// ignored). Needs no cached property.
GraphBlasCcResult graphblas_connected_components(const GraphBlasGraph& g);

/// Sources per LAGr_Betweenness call (its frontier matrix has one row per source).
inline constexpr std::size_t kGraphBlasBcBatch = 4;

struct GraphBlasBcResult {
  std::vector<double> raw;  ///< Σ over the sources of delta_s(v) (unscaled, as LAGraph returns)
  double seconds = 0;       ///< the whole computation (not the extraction)
};

/// LAGr_Betweenness over `sources` (each < n), kGraphBlasBcBatch at a time, summed. Needs A'
/// cached (nothing for an undirected graph).
GraphBlasBcResult graphblas_betweenness(const GraphBlasGraph& g,
                                        const std::vector<std::uint32_t>& sources);

}  // namespace spgraph::peers
