// SPDX-License-Identifier: Apache-2.0
// transitive_closure_cuda: the backend check, then the front end of transitive_closure_cuda.hpp
// with the device's rounds (closure_rounds_cuda.cu in a CUDA build; the refusal otherwise).
#include "algorithms/closure/transitive_closure_cuda.hpp"

#include "algorithms/closure/closure_rounds_cuda.hpp"
#include "engine/backend.hpp"

namespace spgraph {

ClosureResult transitive_closure_cuda(const Matrix<bool>& a, const ClosureOptions& options) {
  require_backend(Backend::Cuda);
  return transitive_closure_by_rounds(a, options, dag_closure_cuda);
}

}  // namespace spgraph
