// SPDX-License-Identifier: Apache-2.0
// The device kNN's logic (algorithms/knn/knn_rows_lanes.hpp and the block select of
// formats/topk/block_select_lanes.hpp), run by its host emulation (knn_device.hpp,
// *_emulated), against the CPU kernels similarity_knn and feature_knn: identical ids in the same
// order and identical scores, on random graphs (Erdős–Rényi and power-law with a hub, repeats,
// self-loops, isolated vertices) for the count measures, every neighbourhood kind, every
// exclusion, k from 0 to past n, with 1, 7 and 32 emulated threads per block; and on random
// feature matrices (integer and mixed-sign values of very different magnitudes, empty and
// all-zero rows, a separate Q) for dot and cosine, thresholds and self-matches. The CPU kernels
// are themselves checked against brute-force oracles (knn_similarity_test, knn_features_test).
// Also the CPU's errors, and the device entry points' refusals (BackendUnavailable) where the
// backend cannot run: not built, no device, a measure or a k the kernel lacks.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "algorithms/knn/knn.hpp"
#include "algorithms/knn/knn_device.hpp"
#include "engine/backend.hpp"
#include "engine/core/error.hpp"
#include "tests/unit/algorithms/knn/knn_oracle.hpp"

namespace spgraph::testing::knn {
namespace {

constexpr SimilarityMeasure kCountMeasures[] = {
    SimilarityMeasure::CommonNeighbors, SimilarityMeasure::Jaccard, SimilarityMeasure::Cosine,
    SimilarityMeasure::Overlap};

std::vector<Vertex> all_vertices(Vertex n) {
  std::vector<Vertex> q(n);
  for (Vertex v = 0; v < n; ++v) q[v] = v;
  return q;
}

void expect_similarity_identical(const Matrix<bool>& a, const std::vector<Vertex>& queries,
                                 const SimilarityKnnOptions& o, int nthreads) {
  SCOPED_TRACE(describe(o) + ", " + std::to_string(nthreads) + " threads per block");
  expect_identical(similarity_knn_emulated(a, queries, o, nthreads), similarity_knn(a, queries, o));
}

TEST(KnnDeviceEmulated, SimilarityEqualsTheCpuOnRandomGraphs) {
  const Vertex n = 150;
  const std::vector<std::vector<Arc>> graphs = {erdos_renyi(n, 900, 11), power_law(n, 1200, 12),
                                                power_law(n, 700, 13, 1, 1, true)};
  for (std::size_t gi = 0; gi < graphs.size(); ++gi) {
    const Matrix<bool> a = pattern_of<bool>(n, graphs[gi]);
    const std::vector<Vertex> queries = all_vertices(n);
    for (SimilarityMeasure m : kCountMeasures)
      for (Neighborhood nb : kAllNeighborhoods)
        for (int excl = 0; excl < 4; ++excl) {
          SimilarityKnnOptions o;
          o.measure = m;
          o.neighborhood = nb;
          o.include_self = excl & 1;
          o.include_neighbors = excl & 2;
          o.undirected = gi == 2;
          o.k = std::size_t(1 + 7 * excl);
          expect_similarity_identical(a, queries, o, 32);
        }
  }
}

TEST(KnnDeviceEmulated, SimilarityEveryKAndBlockWidth) {
  const Vertex n = 90;
  const Matrix<bool> a = pattern_of<bool>(n, power_law(n, 800, 21));
  const std::vector<Vertex> queries = {0, 1, 2, 5, 0, 89, 44, 3};  // a repeat, an isolated vertex
  for (std::size_t k : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(10),
                        std::size_t(n - 1), std::size_t(n), std::size_t(10 * n)})
    for (int nthreads : {1, 7, 32}) {
      SimilarityKnnOptions o;
      o.k = k;
      o.measure = SimilarityMeasure::Jaccard;
      o.include_neighbors = true;
      expect_similarity_identical(a, queries, o, nthreads);
    }
}

TEST(KnnDeviceEmulated, SimilarityTiesAndEmptyGraphs) {
  // A complete bipartite-like graph: every pair of left vertices has the same score.
  std::vector<Arc> arcs;
  for (Vertex u = 0; u < 40; ++u)
    for (Vertex w = 40; w < 50; ++w) arcs.push_back({u, w});
  const Matrix<bool> a = pattern_of<bool>(60, arcs);
  for (SimilarityMeasure m : kCountMeasures) {
    SimilarityKnnOptions o;
    o.measure = m;
    o.k = 5;
    expect_similarity_identical(a, all_vertices(60), o, 32);
  }
  const Matrix<bool> empty = pattern_of<bool>(5, {});
  expect_similarity_identical(empty, all_vertices(5), SimilarityKnnOptions{}, 4);
  const Matrix<bool> none = pattern_of<bool>(0, {});
  expect_similarity_identical(none, {}, SimilarityKnnOptions{}, 4);
}

/// Random features: 0..max_nnz entries per row, columns skewed to 0, values either integers
/// 1..5 or mixed-sign reals scaled by 10^[-150, 150] per row (the cosine scaling's cases), a
/// few rows of explicit zeros.
Matrix<double> random_features(Vertex rows, Vertex cols, int max_nnz, std::uint64_t seed,
                               bool mixed) {
  std::mt19937_64 rng = seeded(seed, "features " + std::to_string(rows));
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<Vertex> r, c;
  std::vector<double> v;
  for (Vertex i = 0; i < rows; ++i) {
    const int nnz = int(rng() % std::uint64_t(max_nnz + 1));
    const double scale = mixed ? std::pow(10.0, double(int(rng() % 301) - 150)) : 1.0;
    for (int e = 0; e < nnz; ++e) {
      const double x = unit(rng);
      r.push_back(i);
      c.push_back(std::min<Vertex>(cols - 1, Vertex(double(cols) * x * x)));
      if (i % 17 == 5)
        v.push_back(0.0);
      else if (mixed)
        v.push_back((rng() % 2 ? 1.0 : -1.0) * (0.1 + 0.9 * unit(rng)) * scale);
      else
        v.push_back(double(1 + rng() % 5));
    }
  }
  return Matrix<double>::build(rows, cols, r, c, v);
}

TEST(KnnDeviceEmulated, FeaturesEqualTheCpu) {
  for (bool mixed : {false, true}) {
    const Matrix<double> x = random_features(120, 40, 9, mixed ? 31 : 32, mixed);
    const Matrix<double> q = random_features(30, 40, 12, 33, mixed);
    for (FeatureMeasure m : {FeatureMeasure::Dot, FeatureMeasure::Cosine})
      for (int variant = 0; variant < 4; ++variant) {
        FeatureKnnOptions o;
        o.measure = m;
        o.k = std::size_t(variant == 3 ? 200 : 1 + 4 * variant);
        o.include_self = variant == 1;
        if (variant == 2) o.threshold = m == FeatureMeasure::Cosine ? 0.25 : 3.0;
        for (const Matrix<double>* queries : {static_cast<const Matrix<double>*>(nullptr), &q}) {
          SCOPED_TRACE(std::string(mixed ? "mixed" : "integer") + " values, variant " +
                       std::to_string(variant) + (queries ? ", separate Q" : ", Q = X"));
          expect_identical(feature_knn_emulated(x, queries, o, 7),
                           feature_knn<double>(x, queries, o));
        }
      }
  }
}

TEST(KnnDeviceEmulated, FeaturesThresholdWithoutK) {
  const Matrix<double> x = random_features(60, 20, 6, 41, true);
  FeatureKnnOptions o;
  o.k = kAllNeighbors;
  o.threshold = 0.1;
  expect_identical(feature_knn_emulated(x, nullptr, o, 32), feature_knn<double>(x, nullptr, o));
}

TEST(KnnDeviceEmulated, TheCpuErrorsComeFirst) {
  const Matrix<bool> a = pattern_of<bool>(10, erdos_renyi(10, 30, 51));
  const std::vector<Vertex> bad = {3, 10};
  EXPECT_THROW(similarity_knn_emulated(a, bad), IndexOutOfBounds);
  EXPECT_THROW(similarity_knn_cuda(a, bad), IndexOutOfBounds);
  const std::vector<Vertex> r0 = {0}, c3 = {3};
  const Matrix<bool> wide = Matrix<bool>::build_pattern(3, 4, r0, c3);
  EXPECT_THROW(similarity_knn_emulated(wide, std::vector<Vertex>{}), DimensionMismatch);
  const Matrix<double> x = random_features(8, 5, 3, 52, false);
  const Matrix<double> q = random_features(4, 6, 3, 53, false);
  EXPECT_THROW(feature_knn_emulated(x, &q), DimensionMismatch);
  EXPECT_THROW(feature_knn_cuda(x, &q), DimensionMismatch);
  FeatureKnnOptions nan_threshold;
  nan_threshold.threshold = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(feature_knn_emulated(x, nullptr, nan_threshold), InvalidArgument);
}

TEST(KnnDeviceEmulated, WhatTheKernelLacksIsRefused) {
  const Matrix<bool> a = pattern_of<bool>(3000, erdos_renyi(3000, 6000, 61));
  const std::vector<Vertex> queries = {0, 1};
  SimilarityKnnOptions adamic;
  adamic.measure = SimilarityMeasure::AdamicAdar;
  EXPECT_THROW(similarity_knn_emulated(a, queries, adamic), BackendUnavailable);
  SimilarityKnnOptions huge_k;
  huge_k.k = 2049;
  try {
    similarity_knn_emulated(a, queries, huge_k);
    FAIL() << "k = 2049 was not refused";
  } catch (const BackendUnavailable& e) {
    EXPECT_NE(std::string(e.what()).find("at most 2048"), std::string::npos) << e.what();
  }
  huge_k.k = 2048;
  EXPECT_NO_THROW(similarity_knn_emulated(a, queries, huge_k));
}

TEST(KnnDeviceEmulated, TheDeviceEntryPointsRefuseWithoutABackend) {
  try {
    require_backend(Backend::Cuda);
    GTEST_SKIP() << "skipped: the CUDA backend can run here (tests/unit/device covers it)";
  } catch (const BackendUnavailable&) {
  }
  const Matrix<bool> a = pattern_of<bool>(20, erdos_renyi(20, 60, 71));
  const std::vector<Vertex> queries = {1, 2};
  try {
    similarity_knn_cuda(a, queries);
    FAIL() << "no refusal";
  } catch (const BackendUnavailable& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cuda: ", 0), 0u) << e.what();
  }
  const Matrix<double> x = random_features(8, 5, 3, 72, false);
  EXPECT_THROW(feature_knn_cuda(x, nullptr), BackendUnavailable);
}

}  // namespace
}  // namespace spgraph::testing::knn
