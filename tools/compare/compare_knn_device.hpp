// SPDX-License-Identifier: Apache-2.0
// `spgraph compare knn ... --backend cuda`: the CUDA kNN (algorithms/knn/knn_device.hpp) against
// spgraph's CPU kNN on the same input, in the same process; the answers must be identical (ids
// in the same order and scores bit for bit), then both are timed in A/B pairs. The plan of
// compare_knn.cpp's job when --backend cuda is given (GraphBLAS is not run).
#pragma once

#include <string>

#include "tools/cli/knn_common.hpp"
#include "tools/compare/compare_driver.hpp"

namespace spgraph::cli {

/// The plan for a similarity (graph FILE) or feature (--features) kNN job on the device.
ComparePlan plan_knn_on_device(const CompareFlags& f, KnnJob& job, const KnnFlags& knn,
                               const std::string& file);

}  // namespace spgraph::cli
