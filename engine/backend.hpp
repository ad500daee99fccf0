// SPDX-License-Identifier: Apache-2.0
// Whether a backend can run here, and why not: the checks behind Descriptor::backend and the
// CLI's --backend. The CUDA backend covers the dense-vector SpMV (engine/spmv_dense_cuda.hpp:
// CSR5 or CSR vector) for the semirings of spmv_cuda_has, and what docs/cuda.md lists; every
// other operation asked to run on it raises BackendUnavailable naming the operation.
#pragma once

#include <cstdint>
#include <string>

#include "engine/core/backend.hpp"

namespace spgraph {

/// True when this build has the CUDA backend (SPGRAPH_ENABLE_CUDA).
bool cuda_backend_built();

/// One line on backend b: "cpu: N threads", "cuda: <device>, sm_XY, N MiB", or why it cannot
/// run ("cuda: not built ...", "cuda: no usable CUDA device: ...").
std::string backend_status(Backend b);

/// Throws BackendUnavailable, with the reason backend_status gives, unless b can run here.
void require_backend(Backend b);

/// Throws BackendUnavailable: `operation` has no kernel on backend b (which is not Cpu).
[[noreturn]] void no_kernel_on_backend(Backend b, const std::string& operation);

}  // namespace spgraph
