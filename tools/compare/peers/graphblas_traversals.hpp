// The SuiteSparse:GraphBLAS side of `spgraph compare pagerank|sssp|cc`: each job written the way
// LAGraph writes it, on a graph object that holds what LAGraph caches (A' and the out-degrees,
// the smallest weight), built up front and not timed:
//   - PageRank (graphblas_pagerank.cpp): LAGr_PageRankGAP, and LAGr_PageRank for the standard
//     variant (sinks' rank redistributed);
//   - SSSP (graphblas_sssp.cpp): LAGr_SingleSourceShortestPath, delta-stepping with light and
//     heavy arcs selected by weight and min_plus vxm;
//   - connected components (graphblas_cc.cpp): LG_CC_FastSV6 (the method behind
//     LAGr_ConnectedComponents) without its sampling phase (graphblas_cc.cpp says why).
// Built only when GraphBLAS is found (SPGRAPH_HAVE_GRAPHBLAS).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "formats/csr/csr.hpp"

namespace spgraph::peers {

/// A pattern graph as LAGraph's PageRank needs it: A' (A itself when undirected) held by row,
/// and the out-degree vector (FP64, no entries for sinks: LAGraph_Cached_OutDegree).
class GraphBlasPageRankGraph {
 public:
  GraphBlasPageRankGraph(const Csr<bool>& a, bool undirected);
  ~GraphBlasPageRankGraph();
  GraphBlasPageRankGraph(const GraphBlasPageRankGraph&) = delete;
  GraphBlasPageRankGraph& operator=(const GraphBlasPageRankGraph&) = delete;
  /// GrB_Matrix_build + wait, the transpose and the degrees.
  double build_seconds() const { return build_seconds_; }
  /// Bytes GraphBLAS holds for A, A' and the degrees.
  std::size_t memory_bytes() const;

  struct Impl;
  const Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
  double build_seconds_ = 0;
};

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

/// PageRank in FP64 (LAGraph uses FP32; FP64 makes the answers comparable to 1e-9).
GraphBlasPageRankResult graphblas_pagerank(const GraphBlasPageRankGraph& g,
                                           const GraphBlasPageRankOptions& options);

/// A weighted graph for LAGraph's SSSP: A (FP64) held by row and its smallest weight (LAGraph's
/// cached G->emin).
class GraphBlasWeightedGraph {
 public:
  /// A pattern builds unit weights.
  explicit GraphBlasWeightedGraph(const Csr<double>& a);
  ~GraphBlasWeightedGraph();
  GraphBlasWeightedGraph(const GraphBlasWeightedGraph&) = delete;
  GraphBlasWeightedGraph& operator=(const GraphBlasWeightedGraph&) = delete;
  double build_seconds() const { return build_seconds_; }
  std::size_t memory_bytes() const;
  /// The smallest weight (0 for a graph without arcs).
  double min_weight() const;

  struct Impl;
  const Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
  double build_seconds_ = 0;
};

struct GraphBlasSsspResult {
  std::vector<double> distance;  ///< +infinity where unreachable
  std::int64_t buckets = 0;      ///< outer steps (buckets of width Δ, empty ones included)
  double seconds = 0;            ///< the whole computation (selects of AL and AH included)
};

/// LAGr_SingleSourceShortestPath from `source` with bucket width `delta` (finite, > 0). The
/// weights must be non-negative (LAGraph's method loops forever on a negative cycle).
GraphBlasSsspResult graphblas_sssp(const GraphBlasWeightedGraph& g, std::uint32_t source,
                                   double delta);

/// A symmetric pattern (an undirected graph) for LAGraph's connected components: A held by row.
class GraphBlasCcGraph {
 public:
  /// `a` must be symmetric (self-loops are ignored).
  explicit GraphBlasCcGraph(const Csr<bool>& a);
  ~GraphBlasCcGraph();
  GraphBlasCcGraph(const GraphBlasCcGraph&) = delete;
  GraphBlasCcGraph& operator=(const GraphBlasCcGraph&) = delete;
  double build_seconds() const { return build_seconds_; }
  std::size_t memory_bytes() const;

  struct Impl;
  const Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
  double build_seconds_ = 0;
};

struct GraphBlasCcResult {
  std::vector<std::uint64_t> component;  ///< the representative of each vertex's component
  double seconds = 0;                    ///< the whole computation (not the extraction)
};

/// LG_CC_FastSV6 without sampling: components of the symmetric graph `g`.
GraphBlasCcResult graphblas_connected_components(const GraphBlasCcGraph& g);

}  // namespace spgraph::peers
