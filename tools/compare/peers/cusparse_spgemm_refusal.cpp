// SPDX-License-Identifier: Apache-2.0
// The cuSPARSE peer in a build without the CUDA backend: it refuses, with the reason
// backend_status gives (cusparse_spgemm.cu defines it in a CUDA build).
#include "engine/backend.hpp"
#include "engine/core/error.hpp"
#include "tools/compare/peers/cusparse_spgemm.hpp"

namespace spgraph::peers {

Csr<double> cusparse_spgemm_host(const Csr<double>&, const Csr<double>&) {
  throw BackendUnavailable(backend_status(Backend::Cuda));
}

}  // namespace spgraph::peers
