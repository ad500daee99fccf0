// SPDX-License-Identifier: Apache-2.0
// The kNN batch kernel's entry point (knn_rows_lanes.hpp says what one block computes): a batch
// as raw host arrays in, the answers back in host memory. Declared without CUDA includes;
// defined in knn_rows_cuda.cu (spgraph_algorithms_cuda) in a CUDA build and, in a build
// without CUDA, by knn_rows_cuda_refusal.cpp, which throws BackendUnavailable. The host
// emulation of the same blocks is knn_rows_emulated.hpp; knn_device.hpp builds the input.
//
// STATUS: compiled (nvcc, -Werror, sm_80 and sm_90), never run: written where no GPU was lent.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "algorithms/knn/knn_rows_lanes.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// A kNN batch: the arrays of `view` (host memory) with their sizes, and the query rows of L.
struct KnnRowsInput {
  KnnRowsView view;
  const Vertex* queries = nullptr;
  std::size_t num_queries = 0;
  Vertex l_rows = 0;     ///< rows of L (l_ptr has l_rows + 1 entries; left_norm l_rows)
  Vertex r_rows = 0;     ///< rows of R
  Vertex items = 0;      ///< answer ids are below it (item_norm has items entries)
  Offset l_entries = 0;  ///< entries of L (l_col, l_val)
  Offset r_entries = 0;  ///< entries of R (r_col, r_val)
};

/// The answers in CSR form (query q's are ids/scores[ptr[q], ptr[q+1]), best first) and what
/// the device run moved and held.
struct KnnRowsAnswers {
  std::vector<Offset> ptr{0};
  std::vector<Vertex> ids;
  std::vector<double> scores;
  std::uint64_t h2d_bytes = 0, d2h_bytes = 0, peak_bytes = 0;
};

/// Answers the batch on the device (uploads, runs, downloads). Needs min(k, items) <=
/// kBlockSortMax (formats/topk/batch_select_cuda.hpp). Throws BackendUnavailable without a
/// device or without the CUDA backend built, OutOfMemory when the device is too small.
KnnRowsAnswers knn_rows_cuda(const KnnRowsInput& in);

}  // namespace spgraph
