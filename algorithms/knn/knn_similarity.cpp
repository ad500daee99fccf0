// SPDX-License-Identifier: Apache-2.0
// Similarity kNN (algorithms/knn/knn.hpp): for each query u, one row of B·Bᵀ accumulated by
// the hash SpGEMM row kernel (knn_product_row.hpp) and fed straight into a top-k selector
// (formats/topk/topk_selector.hpp), so the product is never stored.
//
// Per query u (one thread):
//   1. products = Σ_{w ∈ N(u)} cnt(w) chooses the accumulator (dense or hash).
//   2. For w ∈ N(u) in ascending order, for v with w ∈ N(v): acc[v] += weight(w), where the
//      weight is 1 for the count measures (summed as 32-bit integers), 1/ln cnt(w) for
//      Adamic–Adar and 1/cnt(w) for resource allocation (summed as doubles, in ascending w,
//      whatever the thread count).
//   3. For each v touched: skip u (unless include_self) and N(u) (unless include_neighbors;
//      the dense counts zero them, the other accumulators search the sorted row), score it
//      from acc[v], |N(u)| and |N(v)|, offer it.
//   4. The selector's k best, best first (ties: smaller id).
// Cost: Σ_u products(u) accumulator updates plus one selector offer per candidate; workspace
// per thread: one accumulator (dense arrays of n, or a table of 2 × products) and the
// selector. Source: the SpGEMM row kernel of Nagasaka, Nukada & Matsuoka (ICPP 2017) and the
// batch k-selection of Liu's thesis §4.6; measures as networkx's link prediction defines them.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>

#include "algorithms/knn/knn.hpp"
#include "algorithms/knn/knn_batch.hpp"
#include "algorithms/knn/knn_checks.hpp"
#include "algorithms/knn/knn_neighborhoods.hpp"
#include "algorithms/knn/knn_product_row.hpp"
#include "algorithms/knn/knn_similarity_score.hpp"
#include "formats/topk/topk_selector.hpp"

namespace spgraph {

std::string_view similarity_measure_name(SimilarityMeasure m) {
  switch (m) {
    case SimilarityMeasure::CommonNeighbors:
      return "common";
    case SimilarityMeasure::Jaccard:
      return "jaccard";
    case SimilarityMeasure::Cosine:
      return "cosine";
    case SimilarityMeasure::Overlap:
      return "overlap";
    case SimilarityMeasure::AdamicAdar:
      return "adamic-adar";
    case SimilarityMeasure::ResourceAllocation:
      return "resource-allocation";
  }
  return "unknown";
}

namespace {

using detail::NeighborhoodRows;
using detail::PatternRows;
using detail::similarity_score;

/// Per-thread workspace: the product row and the selector.
template <class Acc>
struct SimilarityWorkspace {
  SimilarityWorkspace(Vertex n, bool batch) : row(n, batch) {}
  detail::KnnProductRow<Acc> row;
  TopKSelector selector;
  std::vector<Vertex> excluded;  ///< N(u) without u (include_self with a self-loop on u)
};

/// Runs the queries with accumulator type Acc (uint32 counts or double weights).
template <class Acc>
KnnResult run_similarity(const NeighborhoodRows& rows, std::vector<Vertex> queries,
                         const SimilarityKnnOptions& o) {
  const PatternRows& b = rows.b();
  const PatternRows& bt = rows.bt();
  constexpr bool weighted = !std::is_integral_v<Acc>;
  const std::size_t k = std::min<std::size_t>(o.k, b.n);
  const bool batch = queries.size() * 64 >= b.n;
  auto make_workspace = [&] { return std::make_unique<SimilarityWorkspace<Acc>>(b.n, batch); };
  auto answer = [&](SimilarityWorkspace<Acc>& ws, Vertex u, std::vector<ScoredId>& out) {
    if (k == 0) return;
    const std::span<const Vertex> nu = b.row(u);
    const Offset du = nu.size();
    // Phase 1.
    Offset products = 0;
    for (Vertex w : nu) products += bt.degree(w);
    ws.selector.start(k, TopKOrder::Largest);
    auto feed = [&](auto&& add) {  // phase 2
      for (Vertex w : nu) {
        Acc wt = Acc(1);
        if constexpr (weighted)
          wt = detail::similarity_term(o.measure, bt.degree(w));  // cnt >= 1: u is one of them
        for (Vertex v : bt.row(w)) add(v, wt);
      }
    };
    auto visit = [&](Vertex v, Acc sum) {  // phase 3
      if (v == u && !o.include_self) return;
      ws.selector.offer(v, similarity_score(o.measure, sum, du, b.degree(v)));
    };
    // u's own self-loop makes u one of N(u): it is then excluded with the neighbours unless
    // include_self asks for it (visit drops u otherwise).
    std::span<const Vertex> excluded;
    if (!o.include_neighbors) excluded = nu;
    if (o.include_self && !excluded.empty() && std::binary_search(nu.begin(), nu.end(), u)) {
      ws.excluded.clear();
      for (Vertex w : nu)
        if (w != u) ws.excluded.push_back(w);
      excluded = ws.excluded;
    }
    ws.row.run(products, feed, excluded, visit);
    ws.selector.finish(out);  // phase 4
  };
  return detail::run_knn_batch(std::move(queries), make_workspace, answer);
}

KnnResult similarity_knn_of(const NeighborhoodRows& rows, std::vector<Vertex> queries,
                            const SimilarityKnnOptions& o) {
  if (o.measure == SimilarityMeasure::AdamicAdar ||
      o.measure == SimilarityMeasure::ResourceAllocation)
    return run_similarity<double>(rows, std::move(queries), o);
  return run_similarity<std::uint32_t>(rows, std::move(queries), o);
}

}  // namespace

template <class T>
KnnResult similarity_knn(const Matrix<T>& a, std::span<const Vertex> queries,
                         const SimilarityKnnOptions& options) {
  detail::check_knn_square(a.nrows(), a.ncols(), "similarity kNN");
  detail::check_knn_queries(queries, a.nrows(), "similarity kNN");
  const SimilarityGraph g(a, options.neighborhood, options.undirected);
  return similarity_knn_of(g.rows(), std::vector<Vertex>(queries.begin(), queries.end()), options);
}

template <class T>
KnnResult similarity_knn_all(const Matrix<T>& a, const SimilarityKnnOptions& options) {
  detail::check_knn_square(a.nrows(), a.ncols(), "similarity kNN");
  std::vector<Vertex> all(a.nrows());
  std::iota(all.begin(), all.end(), Vertex(0));
  const SimilarityGraph g(a, options.neighborhood, options.undirected);
  return similarity_knn_of(g.rows(), std::move(all), options);
}

template <class T>
SimilarityGraph::SimilarityGraph(const Matrix<T>& a, Neighborhood kind, bool undirected) {
  detail::check_knn_square(a.nrows(), a.ncols(), "similarity kNN");
  rows_ = std::make_unique<NeighborhoodRows>(a, kind, undirected);
}
SimilarityGraph::SimilarityGraph(SimilarityGraph&&) noexcept = default;
SimilarityGraph& SimilarityGraph::operator=(SimilarityGraph&&) noexcept = default;
SimilarityGraph::~SimilarityGraph() = default;
Vertex SimilarityGraph::num_vertices() const {
  return rows_->b().n;
}

KnnResult similarity_knn(const SimilarityGraph& g, std::span<const Vertex> queries,
                         const SimilarityKnnOptions& options) {
  detail::check_knn_queries(queries, g.num_vertices(), "similarity kNN");
  return similarity_knn_of(g.rows(), std::vector<Vertex>(queries.begin(), queries.end()), options);
}

#define SPGRAPH_INSTANTIATE_SIMILARITY_KNN(T)                                              \
  template KnnResult similarity_knn<T>(const Matrix<T>&, std::span<const Vertex>,          \
                                       const SimilarityKnnOptions&);                       \
  template KnnResult similarity_knn_all<T>(const Matrix<T>&, const SimilarityKnnOptions&); \
  template SimilarityGraph::SimilarityGraph(const Matrix<T>&, Neighborhood, bool);
SPGRAPH_INSTANTIATE_SIMILARITY_KNN(bool)
SPGRAPH_INSTANTIATE_SIMILARITY_KNN(std::int32_t)
SPGRAPH_INSTANTIATE_SIMILARITY_KNN(std::int64_t)
SPGRAPH_INSTANTIATE_SIMILARITY_KNN(float)
SPGRAPH_INSTANTIATE_SIMILARITY_KNN(double)
#undef SPGRAPH_INSTANTIATE_SIMILARITY_KNN

}  // namespace spgraph
