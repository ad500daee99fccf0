// SPDX-License-Identifier: Apache-2.0
// The device triangle count's arc step in a build without the CUDA backend: it refuses, with
// the reason backend_status gives (triangle_arcs_cuda.cu defines it in a CUDA build).
#include "algorithms/triangles/triangle_arcs_cuda.hpp"
#include "engine/backend.hpp"
#include "engine/core/error.hpp"

namespace spgraph {

ArcTriangleCounts triangle_arcs_cuda(const Csr<bool>&, bool) {
  throw BackendUnavailable(backend_status(Backend::Cuda));
}

}  // namespace spgraph
