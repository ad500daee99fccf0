// SPDX-License-Identifier: Apache-2.0
// The graph every GraphBLAS peer algorithm reads, modelled on LAGraph's LAGraph_Graph: the
// adjacency matrix A held by row (a bool pattern, or FP64 weights for SSSP), the graph's kind,
// and the properties LAGraph caches, each computed only when the caller asks for it and kept:
// A' (LAGraph_Cached_AT; A itself for an undirected graph), the row and column degrees
// (LAGraph_Cached_OutDegree / LAGraph_Cached_InDegree: INT64, no entry for an empty row or
// column) and the smallest weight (LAGraph_Cached_EMin). As in LAGraph, the caller caches what
// an algorithm needs before running it, so that caching is never timed; an algorithm that finds
// a property missing throws InvalidArgument naming the call to make. Built only when GraphBLAS
// is found (SPGRAPH_HAVE_GRAPHBLAS).
#pragma once

#include <cstddef>
#include <memory>

#include "formats/csr/csr.hpp"

namespace spgraph::peers {

class GraphBlasGraph {
 public:
  /// LAGraph's kinds: LAGraph_ADJACENCY_DIRECTED and LAGraph_ADJACENCY_UNDIRECTED (A symmetric).
  enum class Kind { Directed, Undirected };
  static constexpr Kind kind_of(bool undirected) {
    return undirected ? Kind::Undirected : Kind::Directed;
  }

  /// A from a square `a` with GrB_Matrix_build and GrB_wait (T = bool: an iso pattern; T =
  /// double: FP64 weights). An undirected graph's `a` must be symmetric (not checked).
  template <class T>
  GraphBlasGraph(const Csr<T>& a, Kind kind);
  /// The undirected graph A ∪ A' of a pattern (GrB_eWiseAdd of A and A' with GrB_LOR): the
  /// graph kNN reads for both-neighbourhoods of a directed graph.
  static GraphBlasGraph symmetrized(const Csr<bool>& a);
  GraphBlasGraph(GraphBlasGraph&&) noexcept;
  GraphBlasGraph& operator=(GraphBlasGraph&&) noexcept;
  ~GraphBlasGraph();

  /// LAGraph_Cached_AT: A' held by row (nothing to do for an undirected graph).
  void cache_transpose();
  /// LAGraph_Cached_OutDegree: the row degrees of A.
  void cache_out_degree();
  /// LAGraph_Cached_InDegree: the column degrees of A (from A' when cached); an undirected
  /// graph's are its out-degrees.
  void cache_in_degree();
  /// LAGraph_Cached_EMin: the smallest entry of A (0 for a graph without arcs).
  void cache_min_weight();

  Kind kind() const;
  /// Seconds of GrB_Matrix_build + GrB_wait of A (and of A ∪ A' for symmetrized()).
  double build_seconds() const { return build_seconds_; }
  /// Seconds spent caching properties.
  double properties_seconds() const { return properties_seconds_; }
  /// Bytes GraphBLAS holds for A and every cached property (GxB_*_memoryUsage).
  std::size_t memory_bytes() const;

  struct Impl;
  const Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
  double build_seconds_ = 0;
  double properties_seconds_ = 0;
};

}  // namespace spgraph::peers
