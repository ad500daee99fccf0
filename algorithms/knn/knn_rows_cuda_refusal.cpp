// SPDX-License-Identifier: Apache-2.0
// knn_rows_cuda (knn_rows_cuda.hpp) in a build without the CUDA backend: it refuses, with the
// reason backend_status gives ("cuda: not built ..."). Compiled into spgraph_algorithms only
// when SPGRAPH_ENABLE_CUDA is off; the CUDA build defines it in knn_rows_cuda.cu.
#include "algorithms/knn/knn_rows_cuda.hpp"

#include "engine/backend.hpp"
#include "engine/core/error.hpp"

namespace spgraph {

KnnRowsAnswers knn_rows_cuda(const KnnRowsInput&) {
  throw BackendUnavailable(backend_status(Backend::Cuda));
}

}  // namespace spgraph
