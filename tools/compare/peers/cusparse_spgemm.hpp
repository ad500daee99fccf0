// SPDX-License-Identifier: Apache-2.0
// The cuSPARSE peer of `spgraph compare mxm --backend cuda`: C = A·B over plus_times<double> by
// cusparseSpGEMM on the CUDA backend's device, A and B uploaded and C downloaded by the call
// (device_stats() counts them, and its peak device memory). A plain header: defined by
// cusparse_spgemm.cu in a CUDA build (library spgraph_cusparse_peer, CUDA::cusparse), and by
// cusparse_spgemm_refusal.cpp otherwise, which raises BackendUnavailable.
//
// STATUS: compiled, never run (written where no GPU was lent).
#pragma once

#include "formats/csr/csr.hpp"

namespace spgraph::peers {

/// C = A·B (plus_times over double) by cusparseSpGEMM, rows sorted. Throws BackendUnavailable
/// without the CUDA backend or a device, Error for more than 2^31 entries (32-bit indices).
Csr<double> cusparse_spgemm_host(const Csr<double>& a, const Csr<double>& b);

}  // namespace spgraph::peers
