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
#include "algorithms/knn/knn_product_row.hpp"
#include "engine/core/error.hpp"
#include "formats/topk/topk_selector.hpp"

namespace spgraph {

namespace {

/// The value of entry e of c as a double (1 for patterns).
template <class T>
double entry_value(const Csr<T>& c, Offset e) {
  return c.pattern ? 1.0 : double(c.value(e));
}

/// Throws InvalidArgument naming the first entry (in row order) that is NaN or infinite.
template <class T>
void check_no_nan(const Csr<T>& c, const char* which) {
  if constexpr (std::is_floating_point_v<T>) {
    if (c.pattern) return;
    for (Vertex i = 0; i < c.nrows; ++i)
      for (Offset e = c.row_begin(i); e < c.row_end(i); ++e)
        if (!std::isfinite(double(c.value(e)))) {
          std::string msg = "feature kNN: ";
          msg += which;
          msg += "(";
          msg += std::to_string(i);
          msg += ", ";
          msg += std::to_string(c.col[e]);
          msg += ") is not finite";
          throw InvalidArgument(msg);
        }
  }
}

/// Each row of c scaled by its largest |value| (`scale`, 1 for an empty row), and the
/// Euclidean norm of the scaled row (`norm`): cosine works on scaled rows, whose squares and
/// products neither overflow ([1e200, 1e200]) nor underflow ([5e-324]) as the raw ones do.
struct ScaledNorms {
  std::vector<double> scale, norm;
};

template <class T>
ScaledNorms row_norms(const Csr<T>& c) {
  ScaledNorms out{std::vector<double>(c.nrows, 1.0), std::vector<double>(c.nrows, 0.0)};
#pragma omp parallel for schedule(dynamic, 1024) if (c.nnz() >= 65536)
  for (std::int64_t i = 0; i < std::int64_t(c.nrows); ++i) {
    double m = 0;
    for (Offset e = c.row_begin(Vertex(i)); e < c.row_end(Vertex(i)); ++e)
      m = std::max(m, std::abs(entry_value(c, e)));
    if (m == 0) continue;  // an empty or all-zero row: norm 0, no answers
    double s = 0;
    for (Offset e = c.row_begin(Vertex(i)); e < c.row_end(Vertex(i)); ++e) {
      const double v = entry_value(c, e) / m;
      s += v * v;
    }
    out.scale[i] = m;
    out.norm[i] = std::sqrt(s);
  }
  return out;
}

struct FeatureWorkspace {
  FeatureWorkspace(Vertex n, bool batch) : row(n, batch) {}
  detail::KnnProductRow<double> row;
  TopKSelector selector;
};

}  // namespace

template <class T>
KnnResult feature_knn(const Matrix<T>& x, const Matrix<T>* q, const FeatureKnnOptions& o) {
  // Phase 1.
  if (q != nullptr && q->ncols() != x.ncols()) {
    std::string msg = "feature kNN: the queries have ";
    msg += std::to_string(q->ncols());
    msg += " features (columns) but the items have ";
    msg += std::to_string(x.ncols());
    throw DimensionMismatch(msg);
  }
  if (std::isnan(o.threshold)) throw InvalidArgument("feature kNN: the threshold is NaN");
  const Csr<T>& xc = x.csr();
  const Csr<T>& qc = q != nullptr ? q->csr() : xc;
  check_no_nan(xc, "X");
  if (q != nullptr) check_no_nan(qc, "Q");
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
