// SPDX-License-Identifier: Apache-2.0
// Similarity and feature kNN on the CUDA backend (the fused product row plus top-k of
// knn_rows_lanes.hpp, one thread block per query row), and the same batches run by the host
// emulation of those blocks, which the CPU tests hold to similarity_knn and feature_knn. Both
// take the CPU functions' arguments, make the CPU's checks with its messages, and answer
// identically: the same ids in the same order (ties by the smaller id) and the same scores bit
// for bit. The device covers the count measures (common, jaccard, cosine, overlap) and both
// feature scores, with min(k, vertices or items) <= 2048 (kBlockSortMax); Adamic-Adar,
// resource allocation and larger k raise BackendUnavailable naming what is missing. Declared
// without CUDA includes: the CLI calls these in every build (without the backend built, or
// without a device, they raise BackendUnavailable as require_backend words it).
//
// STATUS: the device path compiled (nvcc, -Werror, sm_80 and sm_90), never run: written where
// no GPU was lent. The emulation runs in the CPU tests (tests/unit/algorithms/knn/).
#pragma once

#include <cstdint>
#include <span>

#include "algorithms/knn/knn.hpp"
#include "engine/matrix.hpp"

namespace spgraph {

/// A device run's answers and what it moved and held on the device (device_stats() deltas).
struct KnnDeviceRun {
  KnnResult result;
  std::uint64_t h2d_bytes = 0;
  std::uint64_t d2h_bytes = 0;
  std::uint64_t peak_bytes = 0;
};

/// similarity_knn (knn.hpp) on the CUDA device.
KnnDeviceRun similarity_knn_cuda(const Matrix<bool>& a, std::span<const Vertex> queries,
                                 const SimilarityKnnOptions& options = {});

/// feature_knn (knn.hpp) on the CUDA device (q null: the queries are X's rows).
KnnDeviceRun feature_knn_cuda(const Matrix<double>& x, const Matrix<double>* q,
                              const FeatureKnnOptions& options = {});

/// similarity_knn by the host emulation of the device's blocks (nthreads threads per block).
KnnResult similarity_knn_emulated(const Matrix<bool>& a, std::span<const Vertex> queries,
                                  const SimilarityKnnOptions& options = {}, int nthreads = 32);

/// feature_knn by the host emulation of the device's blocks.
KnnResult feature_knn_emulated(const Matrix<double>& x, const Matrix<double>* q,
                               const FeatureKnnOptions& options = {}, int nthreads = 32);

}  // namespace spgraph
