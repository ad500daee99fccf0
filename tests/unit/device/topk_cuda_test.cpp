// SPDX-License-Identifier: Apache-2.0
// The device k-selection (formats/topk/batch_select_cuda.cu) and the device kNN
// (algorithms/knn/knn_rows_cuda.cu), built only with SPGRAPH_ENABLE_CUDA, against the CPU:
//   - batch_k_select_cuda equals std::partial_sort of (key, position) pairs and the host
//     emulation of the same block logic, on random lists with ties, -0.0, infinities, empty
//     lists and k from 0 to past the lengths, on both the shared-memory sort (k <= 2048) and the
//     CUB path (k > 2048); NaN refused before any device call; the grid-wide select of one long
//     list (long_k_select_cuda) likewise;
//   - similarity_knn_cuda and feature_knn_cuda equal similarity_knn and feature_knn (ids in the
//     same order, scores bit for bit) on random graphs and feature matrices, and report their
//     transfers and peak device memory.
// Without a device every test but the refusals skips, naming the probe's reason.
//
// STATUS: compiled, never run on a device (none was lent where it was written).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "algorithms/knn/knn.hpp"
#include "algorithms/knn/knn_device.hpp"
#include "engine/core/error.hpp"
#include "engine/matrix.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/topk/batch_select_cuda.hpp"
#include "formats/topk/block_select_emulated.hpp"

namespace spgraph::testing {
namespace {

#define SKIP_WITHOUT_DEVICE()                                                   \
  do {                                                                          \
    if (cuda_device_info().count == 0)                                          \
      GTEST_SKIP() << "skipped: no CUDA device: " << cuda_device_info().reason; \
  } while (0)

struct Lists {
  std::vector<float> keys;
  std::vector<Offset> ptr{0};
};

Lists random_lists(std::size_t count, std::size_t max_len, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const float specials[] = {0.0f, -0.0f, std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity()};
  Lists l;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t len = i % 9 == 0 ? 0 : rng() % (max_len + 1);
    for (std::size_t j = 0; j < len; ++j) {
      const int kind = int(rng() % 10);
      l.keys.push_back(kind == 0  ? specials[rng() % 4]
                       : kind < 4 ? float(int(rng() % 5))
                                  : float(rng() % 1000000) / 7.0f - 50000.0f);
    }
    l.ptr.push_back(l.keys.size());
  }
  return l;
}

void expect_partial_sort(const Lists& l, std::size_t k, const BatchSelectResult& got) {
  std::size_t slot = 0;
  ASSERT_EQ(got.ptr.size(), l.ptr.size());
  for (std::size_t i = 0; i + 1 < l.ptr.size(); ++i) {
    std::vector<std::pair<float, std::uint32_t>> pairs;
    for (Offset e = l.ptr[i]; e < l.ptr[i + 1]; ++e)
      pairs.push_back({l.keys[e], std::uint32_t(e - l.ptr[i])});
    const std::size_t keep = std::min(k, pairs.size());
    std::partial_sort(pairs.begin(), pairs.begin() + std::ptrdiff_t(keep), pairs.end(),
                      [](const auto& a, const auto& b) {
                        return a.first < b.first || (a.first == b.first && a.second < b.second);
                      });
    ASSERT_EQ(got.ptr[i + 1] - got.ptr[i], keep) << "list " << i;
    for (std::size_t j = 0; j < keep; ++j, ++slot) {
      ASSERT_EQ(got.positions[slot], pairs[j].second) << "list " << i << " rank " << j;
      ASSERT_EQ(got.keys[slot], pairs[j].first) << "list " << i << " rank " << j;
    }
  }
}

TEST(CudaBatchSelect, NaNIsRefusedBeforeAnyDeviceCall) {
  const std::vector<float> keys = {1.0f, std::numeric_limits<float>::quiet_NaN()};
  EXPECT_THROW(batch_k_select_cuda(keys, std::vector<Offset>{0, 2}, 1), InvalidArgument);
}

TEST(CudaBatchSelect, EqualsPartialSortAndTheEmulation) {
  SKIP_WITHOUT_DEVICE();
  const Lists l = random_lists(200, 3000, 1);
  for (std::size_t k : {0, 1, 10, 255, 1000, 2048, 2049, 5000}) {
    SCOPED_TRACE("k " + std::to_string(k));
    const BatchSelectResult got = batch_k_select_cuda(l.keys, l.ptr, k);
    expect_partial_sort(l, k, got);
    const BatchSelectResult emulated = batch_k_select_emulated(l.keys, l.ptr, k, 256);
    EXPECT_EQ(got.positions, emulated.positions);
  }
}

TEST(CudaBatchSelect, AllEqualAndSingleLists) {
  SKIP_WITHOUT_DEVICE();
  Lists l;
  l.keys.assign(10000, 3.0f);
  l.ptr = {0, 10000};
  for (std::size_t k : {1, 10, 1000, 10000})
    expect_partial_sort(l, k, batch_k_select_cuda(l.keys, l.ptr, k));
}

TEST(CudaLongSelect, EqualsPartialSortAndTheEmulation) {
  SKIP_WITHOUT_DEVICE();
  Lists l = random_lists(2, 3000000, 5);  // two lists end to end: one long list
  l.keys.insert(l.keys.end(), 100000, 1.0f);
  l.ptr = {0, l.keys.size()};
  for (std::size_t k : {0, 1, 10, 1000, 100000, 5000000}) {
    SCOPED_TRACE("k " + std::to_string(k));
    const BatchSelectResult got = long_k_select_cuda(l.keys, k);
    expect_partial_sort(l, k, got);
    EXPECT_EQ(got.positions, long_k_select_emulated(l.keys, k, 64, 256).positions);
  }
  const std::vector<float> nan = {std::numeric_limits<float>::quiet_NaN()};
  EXPECT_THROW(long_k_select_cuda(nan, 1), InvalidArgument);
}

Matrix<bool> random_graph(Vertex n, std::size_t m, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Vertex> r, c;
  for (std::size_t e = 0; e < m; ++e) {
    const double x = double(rng() % 1000) / 1000.0;
    r.push_back(Vertex(rng() % n));
    c.push_back(e % 23 == 0 ? r.back() : Vertex(double(n) * x * x * x));
  }
  return Matrix<bool>::build_pattern(n, n, r, c);
}

Matrix<double> random_features(Vertex rows, Vertex cols, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Vertex> r, c;
  std::vector<double> v;
  for (Vertex i = 0; i < rows; ++i)
    for (int e = int(rng() % 12); e > 0; --e) {
      r.push_back(i);
      c.push_back(Vertex(rng() % cols));
      v.push_back(double(int(rng() % 2001) - 1000) / 37.0);
    }
  return Matrix<double>::build(rows, cols, r, c, v);
}

void expect_identical(const KnnResult& a, const KnnResult& b) {
  EXPECT_EQ(a.ptr, b.ptr);
  EXPECT_EQ(a.ids, b.ids);
  ASSERT_EQ(a.scores.size(), b.scores.size());
  for (std::size_t i = 0; i < a.scores.size(); ++i) ASSERT_EQ(a.scores[i], b.scores[i]) << i;
}

TEST(CudaKnn, SimilarityEqualsTheCpu) {
  SKIP_WITHOUT_DEVICE();
  const Vertex n = 3000;
  const Matrix<bool> a = random_graph(n, 30000, 2);
  std::vector<Vertex> all(n);
  for (Vertex v = 0; v < n; ++v) all[v] = v;
  for (SimilarityMeasure m : {SimilarityMeasure::CommonNeighbors, SimilarityMeasure::Jaccard,
                              SimilarityMeasure::Cosine, SimilarityMeasure::Overlap})
    for (Neighborhood nb : {Neighborhood::Out, Neighborhood::In, Neighborhood::Both})
      for (std::size_t k : {1, 10, 300}) {
        SimilarityKnnOptions o;
        o.measure = m;
        o.neighborhood = nb;
        o.k = k;
        o.include_self = k == 300;
        const KnnDeviceRun run = similarity_knn_cuda(a, all, o);
        expect_identical(run.result, similarity_knn(a, all, o));
        EXPECT_GT(run.h2d_bytes, 0u);
        EXPECT_GE(run.peak_bytes, run.h2d_bytes / 2);
      }
}

TEST(CudaKnn, FeaturesEqualTheCpu) {
  SKIP_WITHOUT_DEVICE();
  const Matrix<double> x = random_features(4000, 500, 3);
  const Matrix<double> q = random_features(300, 500, 4);
  for (FeatureMeasure m : {FeatureMeasure::Dot, FeatureMeasure::Cosine})
    for (const Matrix<double>* queries : {static_cast<const Matrix<double>*>(nullptr), &q}) {
      FeatureKnnOptions o;
      o.measure = m;
      o.k = 10;
      expect_identical(feature_knn_cuda(x, queries, o).result, feature_knn(x, queries, o));
      o.threshold = 0.0;
      o.k = 2048;
      expect_identical(feature_knn_cuda(x, queries, o).result, feature_knn(x, queries, o));
    }
}

}  // namespace
}  // namespace spgraph::testing
