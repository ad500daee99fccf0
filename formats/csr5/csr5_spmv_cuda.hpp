// SPDX-License-Identifier: Apache-2.0
// CSR5 SpMV on a CUDA device (Liu & Vinter, "CSR5", ICS'15 §4 and Alg. 8: one warp per tile; the
// lane logic is shared with the host in csr5_tile_lanes.hpp, whose phases this kernel runs).
// Declared here for the front end; defined in csr5_spmv_cuda.cu for the (semiring, matrix type)
// pairs of formats/device/spmv_cuda_semirings.hpp, and built only with SPGRAPH_ENABLE_CUDA.
//
// STATUS: compiled in CI (nvcc, -Werror, sm_80 and sm_90) but never run: it was written where
// no GPU was available to run it. Its tests (tests/unit/device, label "cuda") compare it
// with the CPU kernel wherever a device is present.
#pragma once

#include "engine/core/semiring.hpp"
#include "formats/device/device_mirrors.hpp"
#include "formats/device/spmv_cuda_semirings.hpp"

namespace spgraph {

/// True for the (SR, T) pairs csr5_spmv_cuda is compiled for: spmv_cuda_has, every semiring of
/// the engine's table over double and int64 (formats/device/spmv_cuda_semirings.hpp).
template <class SR, class T>
inline constexpr bool csr5_cuda_has = spmv_cuda_has<SR, T>;

/// y = A ⊕.⊗ x on the device (x: ncols entries, y: nrows entries, both device memory; every
/// entry of y written), ordered on the backend's stream: the result is ready after the next
/// synchronisation (a download synchronises). `a` must have ω = 32 (csr5_gpu_params).
template <class SR, class T>
void csr5_spmv_cuda(const DeviceCsr5<T>& a, const typename SR::value_type* x,
                    typename SR::value_type* y);

}  // namespace spgraph
