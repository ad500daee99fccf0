// SPDX-License-Identifier: Apache-2.0
// k-nearest-neighbour and top-k queries on graphs and sparse feature matrices. Every query
// keeps at most k answers per query row in a bounded selector (formats/topk/, the d-ary
// "ad-heap" of Liu's thesis §4.6 without its CPU-GPU bridge), so no product is materialised.
//
// Query kinds:
//   - similarity_knn: for a query vertex u, the k vertices v with the highest similarity under
//     a neighbourhood measure. Every measure is a function of one row of B·Bᵀ, where row x of B
//     is N(x), the neighbourhood in use (out-, in- or both for a directed graph). The row is
//     accumulated with the hash SpGEMM row accumulator (Nagasaka et al., ICPP 2017; a dense
//     accumulator when the row's product count is large) and fed straight to the selector.
//     With c = |N(u) ∩ N(v)| and cnt(w) = |{x : w ∈ N(x)}| (the degree of w when undirected):
//       common neighbours   c
//       Jaccard             c / |N(u) ∪ N(v)|
//       cosine (Salton)     c / sqrt(|N(u)| · |N(v)|)
//       overlap             c / min(|N(u)|, |N(v)|)
//       Adamic–Adar         Σ_{w ∈ N(u) ∩ N(v)} 1 / ln cnt(w)   (terms with cnt(w) = 1 add 0)
//       resource allocation Σ_{w ∈ N(u) ∩ N(v)} 1 / cnt(w)
//     as networkx's link-prediction functions define them for undirected graphs. Only
//     vertices that share a neighbour with u are candidates (score > 0). By default u itself
//     and its existing neighbours (N(u)) are excluded, as networkx's non_edges convention wants.
//     Values of A are ignored.
//   - distance_knn: the k vertices nearest to u by hops (a BFS that stops once k are settled)
//     or by weighted distance (a Dijkstra bounded to k settled vertices; weights must be >= 0
//     and not NaN; pattern and bool arcs weigh 1). u itself (distance 0) is excluded unless
//     include_self.
//   - feature_knn: rows are items (for example TF-IDF vectors). For each row of Q, the k rows
//     of X with the largest dot product, or cosine (rows normalised on the fly), optionally
//     only scores >= threshold. One row of Q·Xᵀ at a time, fused with the selection, so memory
//     is bounded by k per row plus one accumulator per thread.
//   - knn_graph: the top-k rows of a KnnResult written as a sparse matrix (row = query, column =
//     answer, value = score) that the other commands load.
//
// Ties: by score (descending for similarities, ascending for distances), then by the smaller
// vertex id. Every answer is identical whatever the thread count.
#pragma once

#include <cstddef>
#include <limits>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "engine/core/types.hpp"
#include "engine/matrix.hpp"

namespace spgraph {

/// k meaning "no limit" (feature_knn with a threshold only).
inline constexpr std::size_t kAllNeighbors = std::numeric_limits<std::size_t>::max();

/// The neighbourhood similarity of similarity_knn (formulas in the file comment).
enum class SimilarityMeasure {
  CommonNeighbors,
  Jaccard,
  Cosine,
  Overlap,
  AdamicAdar,
  ResourceAllocation
};

/// Which neighbourhood N(x) a directed graph uses; an undirected graph's are all the same.
enum class Neighborhood { Out, In, Both };

/// The measure's CLI name ("common", "jaccard", "cosine", "overlap", "adamic-adar",
/// "resource-allocation").
std::string_view similarity_measure_name(SimilarityMeasure m);

/// Options of similarity_knn(): k, the measure, the neighbourhood, and what to exclude.
struct SimilarityKnnOptions {
  std::size_t k = 10;
  SimilarityMeasure measure = SimilarityMeasure::Jaccard;
  Neighborhood neighborhood = Neighborhood::Out;
  bool include_neighbors = false;  ///< keep u's existing neighbours as answers
  bool include_self = false;       ///< keep u itself as an answer
  /// A is symmetric (an undirected graph): Bᵀ = B, so no transpose is built. Leave false
  /// when unsure (the result is then right for any A).
  bool undirected = false;
};

/// distance_knn by hop count (BFS) or by weighted distance (bounded Dijkstra).
enum class DistanceKind { Hops, Weighted };

/// Options of distance_knn().
struct DistanceKnnOptions {
  std::size_t k = 10;
  DistanceKind kind = DistanceKind::Hops;
  bool include_self = false;  ///< keep the source itself (distance 0) as an answer
};

/// feature_knn scores: dot product, or cosine (rows normalised on the fly).
enum class FeatureMeasure { Dot, Cosine };

/// Options of feature_knn(): k, the score, a threshold, and self-matches.
struct FeatureKnnOptions {
  std::size_t k = 10;  ///< kAllNeighbors: every score >= threshold
  FeatureMeasure measure = FeatureMeasure::Cosine;
  /// Keep only scores >= threshold (-infinity: no threshold).
  double threshold = -std::numeric_limits<double>::infinity();
  /// When Q is X (no separate queries): keep row i of X as an answer for query i.
  bool include_self = false;
};

namespace detail {
class NeighborhoodRows;
}

/// The neighbourhoods similarity queries read (rows of B and Bᵀ), prepared once and reused
/// across calls: for Neighborhood::Both on a directed graph this builds the symmetric union
/// A ∪ Aᵀ (O(arcs)), otherwise it views A and its cached transpose. It reads A's arrays, so A
/// must outlive it and stay unchanged.
class SimilarityGraph {
 public:
  template <class T>
  explicit SimilarityGraph(const Matrix<T>& a, Neighborhood kind = Neighborhood::Out,
                           bool undirected = false);
  SimilarityGraph(SimilarityGraph&&) noexcept;
  SimilarityGraph& operator=(SimilarityGraph&&) noexcept;
  ~SimilarityGraph();

  Vertex num_vertices() const;
  const detail::NeighborhoodRows& rows() const { return *rows_; }

 private:
  std::unique_ptr<detail::NeighborhoodRows> rows_;
};

/// Answers of a batch of queries in CSR form: query q's answers are ids/scores[ptr[q],
/// ptr[q+1]), best first.
struct KnnResult {
  std::vector<Vertex> queries;  ///< the query vertex (or query row) of each result row
  std::vector<Offset> ptr{0};
  std::vector<Vertex> ids;
  std::vector<double> scores;  ///< similarity, hop count, distance, dot or cosine

  std::size_t num_queries() const { return ptr.size() - 1; }
  std::span<const Vertex> ids_of(std::size_t q) const {
    return {ids.data() + ptr[q], std::size_t(ptr[q + 1] - ptr[q])};
  }
  std::span<const double> scores_of(std::size_t q) const {
    return {scores.data() + ptr[q], std::size_t(ptr[q + 1] - ptr[q])};
  }
};

/// The k most similar vertices to each of `queries` in A (square). Throws DimensionMismatch
/// for a non-square A and IndexOutOfBounds for a query out of range.
template <class T>
KnnResult similarity_knn(const Matrix<T>& a, std::span<const Vertex> queries,
                         const SimilarityKnnOptions& options = {});

/// similarity_knn on prepared neighbourhoods (options.neighborhood and options.undirected are
/// the ones g was built with, and are not read). Throws IndexOutOfBounds for a bad query.
KnnResult similarity_knn(const SimilarityGraph& g, std::span<const Vertex> queries,
                         const SimilarityKnnOptions& options = {});

/// similarity_knn for every vertex of A, in vertex order.
template <class T>
KnnResult similarity_knn_all(const Matrix<T>& a, const SimilarityKnnOptions& options = {});

/// The k nearest vertices to each of `queries` in A (square). Throws DimensionMismatch,
/// IndexOutOfBounds, and InvalidArgument for a negative or NaN weight (Weighted only).
template <class T>
KnnResult distance_knn(const Matrix<T>& a, std::span<const Vertex> queries,
                       const DistanceKnnOptions& options = {});

/// For each row of Q (or of X when q is null), the k best rows of X by dot product or cosine.
/// Throws DimensionMismatch when Q and X have different column counts and InvalidArgument for
/// a NaN value or threshold.
template <class T>
KnnResult feature_knn(const Matrix<T>& x, const Matrix<T>* q,
                      const FeatureKnnOptions& options = {});

/// The answers as an nrows × ncols matrix: entry (queries[r], ids) = score. nrows must exceed
/// every query id and ncols every answer id (DimensionMismatch otherwise).
Matrix<double> knn_graph(const KnnResult& result, Vertex nrows, Vertex ncols);

}  // namespace spgraph
