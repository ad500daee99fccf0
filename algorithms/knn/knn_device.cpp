// SPDX-License-Identifier: Apache-2.0
// Similarity and feature kNN on the device and in its host emulation (knn_device.hpp): the
// CPU's checks, then the batch as knn_rows_lanes.hpp reads it (KnnRowsInput), then the device
// kernel (knn_rows_cuda) or the emulation (knn_rows_emulated).
//   - similarity: L = B and R = Bᵀ of the neighbourhood kind (NeighborhoodRows, as
//     knn_similarity.cpp builds them), no values; the items are the vertices.
//   - features: L = Q and R = Xᵀ with values as doubles; for cosine, Q's values over their row's
//     scale and Xᵀ's over their item's scale, and the norms of the scaled rows (row_norms of
//     knn_feature_rows.hpp, as knn_features.cpp computes them), so that the products are the
//     CPU's products.
#include "algorithms/knn/knn_device.hpp"

#include <algorithm>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "algorithms/knn/knn_checks.hpp"
#include "algorithms/knn/knn_feature_rows.hpp"
#include "algorithms/knn/knn_neighborhoods.hpp"
#include "algorithms/knn/knn_rows_cuda.hpp"
#include "algorithms/knn/knn_rows_emulated.hpp"
#include "engine/backend.hpp"
#include "formats/topk/batch_select_cuda.hpp"

namespace spgraph {
namespace {

/// A batch and the arrays it owns (the rest are the matrices', which outlive it).
struct KnnBatch {
  KnnRowsInput in;
  std::vector<Vertex> queries;
  std::unique_ptr<detail::NeighborhoodRows> rows;
  std::vector<double> l_val, r_val;
  detail::ScaledNorms left, items;
};

KnnRowScore row_score(SimilarityMeasure m) {
  switch (m) {
    case SimilarityMeasure::CommonNeighbors:
      return KnnRowScore::Common;
    case SimilarityMeasure::Jaccard:
      return KnnRowScore::Jaccard;
    case SimilarityMeasure::Cosine:
      return KnnRowScore::Cosine;
    case SimilarityMeasure::Overlap:
      return KnnRowScore::Overlap;
    default:
      no_kernel_on_backend(Backend::Cuda, "knn --measure " +
                                              std::string(similarity_measure_name(m)) +
                                              " (the device kernel covers common, jaccard, "
                                              "cosine and overlap)");
  }
}

/// The device keeps at most kBlockSortMax answers per query.
void check_device_k(std::uint64_t k) {
  if (k > kBlockSortMax)
    no_kernel_on_backend(Backend::Cuda, "knn with " + std::to_string(k) +
                                            " answers per query (the device kernel keeps at "
                                            "most " +
                                            std::to_string(kBlockSortMax) + ")");
}

std::unique_ptr<KnnBatch> similarity_batch(const Matrix<bool>& a, std::span<const Vertex> queries,
                                           const SimilarityKnnOptions& o) {
  detail::check_knn_square(a.nrows(), a.ncols(), "similarity kNN");
  detail::check_knn_queries(queries, a.nrows(), "similarity kNN");
  auto b = std::make_unique<KnnBatch>();
  KnnRowsView& v = b->in.view;
  v.score = row_score(o.measure);
  v.k = std::min<std::uint64_t>(o.k, a.nrows());
  check_device_k(v.k);
  b->rows = std::make_unique<detail::NeighborhoodRows>(a, o.neighborhood, o.undirected);
  const detail::PatternRows& rb = b->rows->b();
  const detail::PatternRows& rt = b->rows->bt();
  v.l_ptr = rb.ptr;
  v.l_col = rb.col;
  v.r_ptr = rt.ptr;
  v.r_col = rt.col;
  v.include_self = o.include_self;
  v.include_neighbors = o.include_neighbors;
  b->queries.assign(queries.begin(), queries.end());
  b->in.l_rows = b->in.r_rows = b->in.items = a.nrows();
  b->in.l_entries = rb.ptr ? rb.ptr[rb.n] : 0;
  b->in.r_entries = rt.ptr ? rt.ptr[rt.n] : 0;
  return b;
}

/// The values of c as doubles, each over the scale of its row (row_scale) or its column
/// (col_scale); null scales leave the values as they are.
std::vector<double> scaled_values(const Csr<double>& c, const std::vector<double>* row_scale,
                                  const std::vector<double>* col_scale) {
  std::vector<double> out(c.nnz());
  for (Vertex i = 0; i < c.nrows; ++i)
    for (Offset e = c.row_begin(i); e < c.row_end(i); ++e) {
      const double x = detail::entry_value(c, e);
      out[e] = row_scale ? x / (*row_scale)[i] : col_scale ? x / (*col_scale)[c.col[e]] : x;
    }
  return out;
}

std::unique_ptr<KnnBatch> feature_batch(const Matrix<double>& x, const Matrix<double>* q,
                                        const FeatureKnnOptions& o) {
  const Csr<double>& xc = x.csr();
  const Csr<double>& qc = q != nullptr ? q->csr() : xc;
  detail::check_feature_inputs(xc, q != nullptr ? &qc : nullptr, o.threshold);
  auto b = std::make_unique<KnnBatch>();
  KnnRowsView& v = b->in.view;
  const bool cosine = o.measure == FeatureMeasure::Cosine;
  v.score = cosine ? KnnRowScore::FeatureCosine : KnnRowScore::Dot;
  v.k = std::min<std::uint64_t>(o.k, x.nrows());
  check_device_k(v.k);
  const Csr<double>& xt = x.transposed();
  if (cosine) {
    b->items = detail::row_norms(xc);
    b->left = q != nullptr ? detail::row_norms(qc) : b->items;
    v.left_norm = b->left.norm.data();
    v.item_norm = b->items.norm.data();
  }
  b->l_val = scaled_values(qc, cosine ? &b->left.scale : nullptr, nullptr);
  b->r_val = scaled_values(xt, nullptr, cosine ? &b->items.scale : nullptr);
  v.l_ptr = qc.row_ptr.data();
  v.l_col = qc.col.data();
  v.l_val = b->l_val.data();
  v.r_ptr = xt.row_ptr.data();
  v.r_col = xt.col.data();
  v.r_val = b->r_val.data();
  v.threshold = o.threshold;
  v.include_self = o.include_self;
  v.self_is_item = q == nullptr && !o.include_self;
  b->queries.resize(qc.nrows);
  std::iota(b->queries.begin(), b->queries.end(), Vertex(0));
  b->in.l_rows = qc.nrows;
  b->in.r_rows = xt.nrows;
  b->in.items = x.nrows();
  b->in.l_entries = qc.nnz();
  b->in.r_entries = xt.nnz();
  return b;
}

KnnResult result_of(KnnRowsAnswers&& a, std::vector<Vertex> queries) {
  KnnResult r;
  r.queries = std::move(queries);
  r.ptr = std::move(a.ptr);
  r.ids = std::move(a.ids);
  r.scores = std::move(a.scores);
  return r;
}

KnnDeviceRun run_on_device(KnnBatch& b) {
  require_backend(Backend::Cuda);
  b.in.queries = b.queries.data();
  b.in.num_queries = b.queries.size();
  KnnRowsAnswers a = knn_rows_cuda(b.in);
  KnnDeviceRun run;
  run.h2d_bytes = a.h2d_bytes;
  run.d2h_bytes = a.d2h_bytes;
  run.peak_bytes = a.peak_bytes;
  run.result = result_of(std::move(a), std::move(b.queries));
  return run;
}

KnnResult run_emulated(KnnBatch& b, int nthreads) {
  b.in.queries = b.queries.data();
  b.in.num_queries = b.queries.size();
  return result_of(knn_rows_emulated(b.in, nthreads), std::move(b.queries));
}

}  // namespace

KnnDeviceRun similarity_knn_cuda(const Matrix<bool>& a, std::span<const Vertex> queries,
                                 const SimilarityKnnOptions& options) {
  return run_on_device(*similarity_batch(a, queries, options));
}

KnnDeviceRun feature_knn_cuda(const Matrix<double>& x, const Matrix<double>* q,
                              const FeatureKnnOptions& options) {
  return run_on_device(*feature_batch(x, q, options));
}

KnnResult similarity_knn_emulated(const Matrix<bool>& a, std::span<const Vertex> queries,
                                  const SimilarityKnnOptions& options, int nthreads) {
  return run_emulated(*similarity_batch(a, queries, options), nthreads);
}

KnnResult feature_knn_emulated(const Matrix<double>& x, const Matrix<double>* q,
                               const FeatureKnnOptions& options, int nthreads) {
  return run_emulated(*feature_batch(x, q, options), nthreads);
}

}  // namespace spgraph
