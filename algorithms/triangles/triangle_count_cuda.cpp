// SPDX-License-Identifier: Apache-2.0
// triangle_count_cuda: the backend check, then the front end of triangle_count_cuda.hpp with
// the device's arc step (defined by triangle_arcs_cuda.cu in a CUDA build, and by
// triangle_arcs_cuda_refusal.cpp otherwise).
#include "algorithms/triangles/triangle_count_cuda.hpp"

#include "engine/backend.hpp"

namespace spgraph {

TriangleResult triangle_count_cuda(const Matrix<bool>& a, const TriangleOptions& options) {
  require_backend(Backend::Cuda);
  return triangle_count_by_arcs(a, options, triangle_arcs_cuda);
}

}  // namespace spgraph
