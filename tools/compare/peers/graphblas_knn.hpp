// SPDX-License-Identifier: Apache-2.0
// The SuiteSparse:GraphBLAS side of `spgraph compare knn` (graphblas_knn.cpp): top-k
// similarity and feature kNN written the way a GraphBLAS user writes them. LAGraph has no
// top-k, so it composes the idioms LAGraph does use: C<¬A,struct> = A plus_pair Aᵀ (the masked
// mxm of LAGr_TriangleCount), degree normalisation with GrB_mxm by diagonal matrices and
// GrB_eWiseMult, then GrB_Matrix_extractTuples and a per-row sort that keeps k. Built only
// when GraphBLAS is found (SPGRAPH_HAVE_GRAPHBLAS).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "formats/csr/csr.hpp"
#include "tools/compare/peers/graphblas_graph.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::peers {

/// Top-k answers per query, best first (score descending, then smaller id), in CSR form.
struct GraphBlasKnnResult {
  std::vector<std::uint64_t> ptr{0};
  std::vector<std::uint32_t> ids;
  std::vector<double> scores;
  std::size_t blocks = 0;  ///< row blocks the product was computed in
  double seconds = 0;      ///< the whole computation, selection included
};

enum class GraphBlasNeighborhood { Out, In, Both };

enum class GraphBlasSimilarity {
  CommonNeighbors,
  Jaccard,
  Cosine,
  Overlap,
  AdamicAdar,
  ResourceAllocation
};

struct GraphBlasSimilarityOptions {
  std::size_t k = 10;
  /// Of a directed graph: B = A (Out) or A' (In); Both reads GraphBlasGraph::symmetrized(A),
  /// an undirected graph, whose B is A whatever the neighbourhood.
  GraphBlasNeighborhood neighborhood = GraphBlasNeighborhood::Out;
  GraphBlasSimilarity measure = GraphBlasSimilarity::Jaccard;
  bool include_neighbors = false;
  bool include_self = false;
};

/// The k most similar vertices to each query (null: every vertex, in order), as
/// algorithms/knn/knn.hpp defines them. B (row x = N(x)) and Bᵀ are the graph's A and A', |N(x)|
/// and cnt(w) its out- and in-degrees (the other way round for In), as LAGraph caches them: it
/// needs A', the out- and the in-degrees cached.
GraphBlasKnnResult graphblas_similarity_knn(const GraphBlasGraph& g,
                                            const std::vector<std::uint32_t>* queries,
                                            const GraphBlasSimilarityOptions& options);

/// Items X (and queries Q, if given) held by GraphBLAS as FP64 by row, with Xᵀ, built up front
/// and not timed.
class GraphBlasFeatures {
 public:
  GraphBlasFeatures(const Csr<double>& x, const Csr<double>* q);
  /// GrB_Matrix_build + wait of X (and Q), and the transpose.
  double build_seconds() const { return build_seconds_; }
  std::size_t memory_bytes() const;

  const GraphBlasMatrix& items() const { return x_; }
  const GraphBlasMatrix& items_transposed() const { return xt_; }
  /// Q, or null when the queries are X's rows.
  const GraphBlasMatrix* queries() const { return has_queries_ ? &q_ : nullptr; }

 private:
  GraphBlasMatrix x_, xt_, q_;
  bool has_queries_ = false;
  double build_seconds_ = 0;
};

struct GraphBlasFeatureOptions {
  std::size_t k = 10;  ///< SIZE_MAX: no limit
  bool cosine = true;  ///< false: dot product
  double threshold = -std::numeric_limits<double>::infinity();
  bool include_self = false;  ///< without Q: keep row i as an answer for query i
};

/// For each row of Q (or of X), the k rows of X with the largest dot product or cosine (rows
/// normalised first, the usual GraphBLAS way), scores >= threshold.
GraphBlasKnnResult graphblas_feature_knn(const GraphBlasFeatures& f,
                                         const GraphBlasFeatureOptions& options);

}  // namespace spgraph::peers
