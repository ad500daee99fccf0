// SPDX-License-Identifier: Apache-2.0
// feature_knn against a dense brute-force Q·Xᵀ in double: the candidates of query row i are
// the rows of X sharing a stored column with it; score = dot product or cosine (row norms);
// threshold kept as score >= threshold; row i of X dropped for query i when q is null unless
// include_self; sorted by (score desc, id asc) and cut at k (kAllNeighbors: no cut). Random
// sparse rows (seeds printed) with skewed columns, empty rows and repeated entries (summed by
// Matrix::build), as int32, int64, float, double and bool pattern; mixed-sign values; exact
// thresholds; thread counts; empty inputs; errors (column mismatch, NaN value or threshold).
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "algorithms/knn/knn.hpp"
#include "engine/core/error.hpp"
#include "tests/unit/algorithms/knn/knn_oracle.hpp"

namespace spgraph::testing::knn {
namespace {

/// A sparse matrix as tuples (repeats allowed), with its dense double image for the oracle.
struct Features {
  Vertex rows, cols;
  std::vector<Vertex> r, c;
  std::vector<double> v;

  template <class T>
  Matrix<T> matrix() const {
    std::vector<T> vals(v.begin(), v.end());
    return Matrix<T>::build(rows, cols, r, c, vals);
  }
  Matrix<bool> pattern() const { return Matrix<bool>::build_pattern(rows, cols, r, c); }

  /// Dense values (repeats summed) and which entries are stored.
  void dense(std::vector<double>& value, std::vector<char>& stored, bool as_pattern) const {
    value.assign(std::size_t(rows) * cols, 0.0);
    stored.assign(std::size_t(rows) * cols, 0);
    for (std::size_t k = 0; k < r.size(); ++k) {
      const std::size_t at = std::size_t(r[k]) * cols + c[k];
      value[at] = as_pattern ? 1.0 : value[at] + v[k];
      stored[at] = 1;
    }
  }
};

/// Random rows: 0..max_nnz entries each (some rows empty), columns skewed toward 0, values
/// integers 1..5 (exact dot products) or, with mixed, doubles in ±[0.1, 1].
Features random_features(Vertex rows, Vertex cols, int max_nnz, std::uint64_t seed,
                         bool mixed = false) {
  std::mt19937_64 rng =
      seeded(seed, "features " + std::to_string(rows) + "x" + std::to_string(cols));
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Features f{rows, cols, {}, {}, {}};
  for (Vertex i = 0; i < rows; ++i) {
    const int nnz = int(rng() % std::uint64_t(max_nnz + 1));
    for (int e = 0; e < nnz; ++e) {
      const double x = unit(rng);
      f.r.push_back(i);
      f.c.push_back(std::min<Vertex>(cols - 1, Vertex(double(cols) * x * x)));
      if (mixed) {
        const double mag = 0.1 + 0.9 * unit(rng);
        f.v.push_back(rng() % 2 ? mag : -mag);
      } else {
        f.v.push_back(double(1 + rng() % 5));
      }
    }
  }
  return f;
}

/// The oracle: full sorted answers for every query row.
std::vector<std::vector<Scored>> feature_answers(const Features& x, const Features* q,
                                                 const FeatureKnnOptions& o, bool as_pattern) {
  std::vector<double> xv, qv;
  std::vector<char> xs, qs;
  x.dense(xv, xs, as_pattern);
  const Features& qf = q ? *q : x;
  qf.dense(qv, qs, as_pattern);
  const Vertex d = x.cols;
  auto norm = [d](const std::vector<double>& m, Vertex i) {
    double s = 0;
    for (Vertex c = 0; c < d; ++c) s += m[std::size_t(i) * d + c] * m[std::size_t(i) * d + c];
    return std::sqrt(s);
  };
  std::vector<std::vector<Scored>> want(qf.rows);
  std::vector<Vertex> support;  // the stored columns of query row i
  for (Vertex i = 0; i < qf.rows; ++i) {
    support.clear();
    for (Vertex c = 0; c < d; ++c)
      if (qs[std::size_t(i) * d + c]) support.push_back(c);
    for (Vertex j = 0; j < x.rows; ++j) {
      if (!q && j == i && !o.include_self) continue;
      bool shared = false;
      double dot = 0;
      for (Vertex c : support)
        if (xs[std::size_t(j) * d + c]) {
          shared = true;
          dot += qv[std::size_t(i) * d + c] * xv[std::size_t(j) * d + c];
        }
      if (!shared) continue;
      const double score =
          o.measure == FeatureMeasure::Dot ? dot : dot / (norm(qv, i) * norm(xv, j));
      if (score >= o.threshold) want[i].push_back({j, score});
    }
    std::sort(want[i].begin(), want[i].end(), [](const Scored& a, const Scored& b) {
      return a.score != b.score ? a.score > b.score : a.id < b.id;
    });
  }
  return want;
}

std::string describe(const FeatureKnnOptions& o) {
  std::string s = o.measure == FeatureMeasure::Dot ? "dot" : "cosine";
  s += " k ";
  s += o.k == kAllNeighbors ? std::string("all") : std::to_string(o.k);
  s += " threshold ";
  s += std::to_string(o.threshold);
  if (o.include_self) s += " +self";
  return s;
}

std::vector<Vertex> row_ids(Vertex n) {
  std::vector<Vertex> v(n);
  for (Vertex i = 0; i < n; ++i) v[i] = i;
  return v;
}

template <class T>
Matrix<T> matrix_of(const Features& f) {
  if constexpr (std::is_same_v<T, bool>)
    return f.pattern();
  else
    return f.template matrix<T>();
}

/// feature_knn on matrices of type T built from x (and q) against the oracle; bool means
/// pattern matrices (every value 1).
template <class T>
void expect_features(const Features& x, const Features* q, const FeatureKnnOptions& o,
                     bool exact_dot) {
  const bool as_pattern = std::is_same_v<T, bool>;
  const Matrix<T> xm = matrix_of<T>(x);
  KnnResult r;
  if (q) {
    const Matrix<T> qm = matrix_of<T>(*q);
    r = feature_knn(xm, &qm, o);
  } else {
    r = feature_knn(xm, static_cast<const Matrix<T>*>(nullptr), o);
  }
  const auto want = feature_answers(x, q, o, as_pattern);
  const double tol = o.measure == FeatureMeasure::Dot && exact_dot ? 0.0 : 1e-12;
  expect_result(r, row_ids(q ? q->rows : x.rows), want, o.k, true, tol);
}

TEST(KnnFeatures, RandomRowsMatchDenseProducts) {
  const Features x = random_features(300, 120, 8, 3101);
  const Features q = random_features(80, 120, 10, 3102);
  for (FeatureMeasure m : {FeatureMeasure::Dot, FeatureMeasure::Cosine})
    for (bool self : {false, true})
      for (std::size_t k : {std::size_t(0), std::size_t(1), std::size_t(6), std::size_t(400)}) {
        FeatureKnnOptions o;
        o.measure = m;
        o.include_self = self;
        o.k = k;
        SCOPED_TRACE(describe(o));
        expect_features<double>(x, nullptr, o, true);
        if (!self) expect_features<double>(x, &q, o, true);
        if (k == 6) {
          expect_features<std::int32_t>(x, nullptr, o, true);
          expect_features<std::int64_t>(x, &q, o, true);
          // Small integers: dot products are exact in float too (cosine's precision in
          // float is not specified, so only dot is checked).
          if (m == FeatureMeasure::Dot) expect_features<float>(x, nullptr, o, true);
          expect_features<bool>(x, nullptr, o, true);  // pattern: every value is 1
          expect_features<bool>(x, &q, o, true);
        }
      }
}

TEST(KnnFeatures, MixedSignValues) {
  // Negative dot products are answers too (no threshold); scores compared to 1e-12.
  const Features x = random_features(250, 60, 6, 3201, true);
  const Features q = random_features(50, 60, 6, 3202, true);
  for (FeatureMeasure m : {FeatureMeasure::Dot, FeatureMeasure::Cosine})
    for (std::size_t k : {std::size_t(1), std::size_t(5), std::size_t(300)}) {
      FeatureKnnOptions o;
      o.measure = m;
      o.k = k;
      SCOPED_TRACE(describe(o));
      expect_features<double>(x, nullptr, o, false);
      expect_features<double>(x, &q, o, false);
      o.threshold = 0.0123456789;
      expect_features<double>(x, &q, o, false);
    }
}

TEST(KnnFeatures, ThresholdsKeepScoresAtOrAbove) {
  const Features x = random_features(300, 100, 8, 3301);
  const Features q = random_features(60, 100, 8, 3302);
  // Dot products are integers, so a threshold of 12 meets scores of exactly 12.
  for (std::size_t k : {std::size_t(3), kAllNeighbors}) {
    FeatureKnnOptions o;
    o.measure = FeatureMeasure::Dot;
    o.k = k;
    o.threshold = 12;
    SCOPED_TRACE(describe(o));
    expect_features<std::int32_t>(x, nullptr, o, true);
    expect_features<double>(x, &q, o, true);
    // Cosine thresholds away from any likely exact value.
    o.measure = FeatureMeasure::Cosine;
    for (double t : {0.2500001234, 0.7000004321, 1.5}) {
      o.threshold = t;
      expect_features<double>(x, nullptr, o, true);
      expect_features<double>(x, &q, o, true);
    }
  }
  // At least one query must have a score of exactly 12 for the >= check to mean something.
  FeatureKnnOptions o;
  o.measure = FeatureMeasure::Dot;
  o.threshold = 12;
  o.k = kAllNeighbors;
  const auto want = feature_answers(x, nullptr, o, false);
  bool hit = false;
  for (const auto& w : want)
    for (const Scored& s : w) hit = hit || s.score == 12;
  EXPECT_TRUE(hit) << "the data has no dot product of exactly 12; pick another threshold";
  const KnnResult r =
      feature_knn(x.matrix<double>(), static_cast<const Matrix<double>*>(nullptr), o);
  EXPECT_TRUE(std::find(r.scores.begin(), r.scores.end(), 12.0) != r.scores.end());
  EXPECT_TRUE(std::all_of(r.scores.begin(), r.scores.end(), [](double s) { return s >= 12; }));
}

TEST(KnnFeatures, CosineSurvivesHugeAndTinyValues) {
  // Answers must not be lost to overflow or underflow: squares of 1e200 overflow to inf and of
  // 5e-324 underflow to 0, which lost every answer; cosine scales each row by its largest |value|
  // first. Rows 0, 1: [1e200, 1e200]; rows 2, 3: [5e-324, 1e-323] (cosine 0.949 with rows 0, 1);
  // row 4: [1e200, -1e200] (cosine 0 with rows 0 and 1, -0.316 with rows 2 and 3).
  const double big = 1e200, tiny = 5e-324;
  const Features x{5,
                   2,
                   {0, 0, 1, 1, 2, 2, 3, 3, 4, 4},
                   {0, 1, 0, 1, 0, 1, 0, 1, 0, 1},
                   {big, big, big, big, tiny, 2 * tiny, tiny, 2 * tiny, big, -big}};
  FeatureKnnOptions o;
  o.k = 1;
  o.measure = FeatureMeasure::Cosine;
  const KnnResult r =
      feature_knn(x.matrix<double>(), static_cast<const Matrix<double>*>(nullptr), o);
  ASSERT_EQ(r.num_queries(), 5u);
  const std::vector<Vertex> want = {1, 0, 3, 2};
  for (Vertex q = 0; q < 4; ++q) {
    SCOPED_TRACE(q);
    ASSERT_EQ(r.ids_of(q).size(), 1u);
    EXPECT_EQ(r.ids_of(q)[0], want[q]);
    EXPECT_NEAR(r.scores_of(q)[0], 1.0, 1e-12);
  }
  ASSERT_EQ(r.ids_of(4).size(), 1u);
  EXPECT_EQ(r.ids_of(4)[0], 0u);
  EXPECT_NEAR(r.scores_of(4)[0], 0.0, 1e-12);
}

TEST(KnnFeatures, IdenticalRowsTieBySmallerId) {
  // Rows 4, 1, 3 equal row 0; row 2 is a multiple of it (cosine 1 too, dot larger).
  const Features x{6,
                   3,
                   {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5},
                   {0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 1},
                   {1, 2, 1, 2, 2, 4, 1, 2, 1, 2, 7}};
  const Matrix<double> xm = x.matrix<double>();
  FeatureKnnOptions o;
  o.k = 3;
  o.measure = FeatureMeasure::Cosine;
  KnnResult r = feature_knn(xm, static_cast<const Matrix<double>*>(nullptr), o);
  ASSERT_EQ(r.num_queries(), 6u);
  EXPECT_EQ(std::vector<Vertex>(r.ids_of(0).begin(), r.ids_of(0).end()),
            (std::vector<Vertex>{1, 2, 3}));
  EXPECT_EQ(std::vector<Vertex>(r.ids_of(3).begin(), r.ids_of(3).end()),
            (std::vector<Vertex>{0, 1, 2}));
  EXPECT_EQ(r.ids_of(5).size(), 0u);  // row 5 shares no column with anyone
  o.measure = FeatureMeasure::Dot;
  o.include_self = true;
  r = feature_knn(xm, static_cast<const Matrix<double>*>(nullptr), o);
  // Dots with row 0 (1, 0, 2): row 2 -> 10, rows 0, 1, 3, 4 -> 5.
  EXPECT_EQ(std::vector<Vertex>(r.ids_of(0).begin(), r.ids_of(0).end()),
            (std::vector<Vertex>{2, 0, 1}));
  EXPECT_EQ(std::vector<double>(r.scores_of(0).begin(), r.scores_of(0).end()),
            (std::vector<double>{10, 5, 5}));
  EXPECT_EQ(std::vector<Vertex>(r.ids_of(5).begin(), r.ids_of(5).end()), (std::vector<Vertex>{5}));
  EXPECT_EQ(r.scores_of(5)[0], 49.0);
}

TEST(KnnFeatures, ThreadCountsGiveIdenticalAnswers) {
  const Features x = random_features(700, 150, 10, 3401, true);
  const Matrix<double> xm = x.matrix<double>();
  const int before = omp_get_max_threads();
  for (FeatureMeasure m : {FeatureMeasure::Dot, FeatureMeasure::Cosine})
    for (std::size_t k : {std::size_t(1), std::size_t(10), kAllNeighbors}) {
      FeatureKnnOptions o;
      o.measure = m;
      o.k = k;
      if (k == kAllNeighbors) o.threshold = 0.05;
      SCOPED_TRACE(describe(o));
      omp_set_num_threads(1);
      const KnnResult one = feature_knn(xm, static_cast<const Matrix<double>*>(nullptr), o);
      for (int threads : {2, 3}) {
        omp_set_num_threads(threads);
        expect_identical(one, feature_knn(xm, static_cast<const Matrix<double>*>(nullptr), o));
      }
    }
  omp_set_num_threads(before);
}

TEST(KnnFeatures, EmptyInputs) {
  const Matrix<double> none(0, 0);
  EXPECT_EQ(feature_knn(none, static_cast<const Matrix<double>*>(nullptr)).num_queries(), 0u);
  // Queries against an X without rows, and an X without columns: rows with no answers.
  const Matrix<double> no_items(0, 4), queries(3, 4);
  KnnResult r = feature_knn(no_items, &queries);
  EXPECT_EQ(r.queries, (std::vector<Vertex>{0, 1, 2}));
  EXPECT_EQ(r.ptr, (std::vector<Offset>{0, 0, 0, 0}));
  const Matrix<double> no_columns(5, 0);
  FeatureKnnOptions o;
  o.include_self = true;
  r = feature_knn(no_columns, static_cast<const Matrix<double>*>(nullptr), o);
  EXPECT_EQ(r.num_queries(), 5u);
  EXPECT_TRUE(r.ids.empty());
}

TEST(KnnFeatures, Errors) {
  const Matrix<double> x(4, 3), q(2, 5);
  EXPECT_THROW(feature_knn(x, &q), DimensionMismatch);
  FeatureKnnOptions o;
  o.threshold = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(feature_knn(x, static_cast<const Matrix<double>*>(nullptr), o), InvalidArgument);
  const Features nan{2, 2, {0, 1}, {0, 1}, {1.0, std::numeric_limits<double>::quiet_NaN()}};
  const Features fine{2, 2, {0, 1}, {0, 1}, {1.0, 2.0}};
  const Matrix<double> nan_m = nan.matrix<double>(), fine_m = fine.matrix<double>();
  EXPECT_THROW(feature_knn(nan_m, static_cast<const Matrix<double>*>(nullptr)), InvalidArgument);
  EXPECT_THROW(feature_knn(fine_m, &nan_m), InvalidArgument);
  EXPECT_THROW(feature_knn(nan_m, &fine_m), InvalidArgument);
}

}  // namespace
}  // namespace spgraph::testing::knn
