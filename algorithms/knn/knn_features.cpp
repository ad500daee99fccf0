// SPDX-License-Identifier: Apache-2.0
// Feature kNN (algorithms/knn/knn.hpp): for each row r of Q (items × features), the k rows of
// X with the largest dot product or cosine, fused with the selection so that only k answers
// per row are ever held (the "sparse_dot_topn" operation, with a threshold, self-exclusion and
// its own row normalisation).
//
// Phases:
//   1. Checks (shapes, NaN or infinite values, a NaN threshold) and, for cosine, each row's
//   scale (its largest |value|) and the norm of the scaled row, for X and Q: cosine is computed
//   on scaled rows, so that huge or tiny values neither overflow nor underflow.
//   2. Per query row r (one thread): products = Σ_{f ∈ Q(r,:)} |Xᵀ(f,:)| chooses the
//      accumulator; acc[i] += Q(r,f) · X(i,f) for f in ascending order (so each sum's order
//      is fixed whatever the thread count); this is row r of Q·Xᵀ with the hash SpGEMM row
//      kernel (knn_product_row.hpp, Nagasaka et al., ICPP 2017).
//   3. Each touched i: skip i = r when Q is X (unless include_self), score = dot or
//      dot / (‖Q(r,:)‖ ‖X(i,:)‖) (rows with norm 0 have no answers), keep if >= threshold,
//      offer to the selector (formats/topk/, Liu's thesis §4.6).
// Workspace per thread: one accumulator and the selector; memory of the result: k per row.
// Xᵀ is the matrix's cached transpose (built once).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <numeric>
#include <string>
#include <type_traits>

#include "algorithms/knn/knn.hpp"
#include "algorithms/knn/knn_batch.hpp"
#include "algorithms/knn/knn_feature_rows.hpp"
#include "algorithms/knn/knn_product_row.hpp"
#include "engine/core/error.hpp"
#include "formats/topk/topk_selector.hpp"

namespace spgraph {

using detail::check_no_nan;
using detail::entry_value;
using detail::row_norms;
using detail::ScaledNorms;

namespace {

struct FeatureWorkspace {
  FeatureWorkspace(Vertex n, bool batch) : row(n, batch) {}
  detail::KnnProductRow<double> row;
  TopKSelector selector;
};

}  // namespace

template <class T>
KnnResult feature_knn(const Matrix<T>& x, const Matrix<T>* q, const FeatureKnnOptions& o) {
  // Phase 1.
  const Csr<T>& xc = x.csr();
  const Csr<T>& qc = q != nullptr ? q->csr() : xc;
  detail::check_feature_inputs(xc, q != nullptr ? &qc : nullptr, o.threshold);
  const bool cosine = o.measure == FeatureMeasure::Cosine;
  ScaledNorms x_rows, q_rows;
  if (cosine) {
    x_rows = row_norms(xc);
    if (q != nullptr) q_rows = row_norms(qc);
  }
  const std::vector<double>& x_norm = x_rows.norm;
  const std::vector<double>& qn = q != nullptr ? q_rows.norm : x_rows.norm;
  const std::vector<double>& qs = q != nullptr ? q_rows.scale : x_rows.scale;
  const Csr<T>& xt = x.transposed();
  const bool self_is_item = q == nullptr && !o.include_self;
  const std::size_t k = std::min<std::size_t>(o.k, x.nrows());

  const bool batch = std::size_t(qc.nrows) * 64 >= x.nrows();
  auto make_workspace = [&] { return std::make_unique<FeatureWorkspace>(x.nrows(), batch); };
  auto answer = [&](FeatureWorkspace& ws, Vertex r, std::vector<ScoredId>& out) {
    if (k == 0 || (cosine && qn[r] == 0)) return;
    // Phase 2.
    Offset products = 0;
    for (Offset e = qc.row_begin(r); e < qc.row_end(r); ++e) products += xt.degree(qc.col[e]);
    ws.selector.start(k, TopKOrder::Largest);
    // Cosine multiplies the scaled rows (row_norms): Q(r,f)/qs[r] times X(i,f)/xs[i].
    auto feed = [&](auto&& add) {
      for (Offset e = qc.row_begin(r); e < qc.row_end(r); ++e) {
        const Vertex f = qc.col[e];
        if (cosine) {
          const double qv = entry_value(qc, e) / qs[r];
          for (Offset g = xt.row_begin(f); g < xt.row_end(f); ++g)
            add(xt.col[g], qv * (entry_value(xt, g) / x_rows.scale[xt.col[g]]));
        } else {
          const double qv = entry_value(qc, e);
          for (Offset g = xt.row_begin(f); g < xt.row_end(f); ++g)
            add(xt.col[g], qv * entry_value(xt, g));
        }
      }
    };
    // Phase 3.
    auto visit = [&](Vertex i, double dot) {
      if (self_is_item && i == r) return;
      double score = dot;
      if (cosine) {
        if (x_norm[i] == 0) return;
        score = dot / (qn[r] * x_norm[i]);
      }
      if (score >= o.threshold) ws.selector.offer(i, score);
    };
    ws.row.run(products, feed, {}, visit);
    ws.selector.finish(out);
  };
  std::vector<Vertex> rows(qc.nrows);
  std::iota(rows.begin(), rows.end(), Vertex(0));
  return detail::run_knn_batch(std::move(rows), make_workspace, answer);
}

#define SPGRAPH_INSTANTIATE_FEATURE_KNN(T) \
  template KnnResult feature_knn<T>(const Matrix<T>&, const Matrix<T>*, const FeatureKnnOptions&);
SPGRAPH_INSTANTIATE_FEATURE_KNN(bool)
SPGRAPH_INSTANTIATE_FEATURE_KNN(std::int32_t)
SPGRAPH_INSTANTIATE_FEATURE_KNN(std::int64_t)
SPGRAPH_INSTANTIATE_FEATURE_KNN(float)
SPGRAPH_INSTANTIATE_FEATURE_KNN(double)
#undef SPGRAPH_INSTANTIATE_FEATURE_KNN

}  // namespace spgraph
