// SPDX-License-Identifier: Apache-2.0
// The device closure's rounds in a build without the CUDA backend: it refuses, with the reason
// backend_status gives (closure_rounds_cuda.cu defines it in a CUDA build).
#include "algorithms/closure/closure_rounds_cuda.hpp"
#include "engine/backend.hpp"
#include "engine/core/error.hpp"

namespace spgraph {

Csr<bool> dag_closure_cuda(const Csr<bool>&, double, Vertex&) {
  throw BackendUnavailable(backend_status(Backend::Cuda));
}

}  // namespace spgraph
