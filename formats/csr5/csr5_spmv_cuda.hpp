// SPDX-License-Identifier: Apache-2.0
// CSR5 SpMV on a CUDA device (Liu & Vinter, "CSR5", ICS'15 §4 and Alg. 8: one warp per tile; the
// lane logic is shared with the host in csr5_tile_lanes.hpp, whose phases this kernel runs).
// Declared here for the front end; defined in csr5_spmv_cuda.cu for the (semiring, matrix type)
// pairs of Csr5CudaInstances, and built only with SPGRAPH_ENABLE_CUDA.
//
// STATUS: compiled in CI (nvcc, -Werror, sm_80 and sm_90) but never run: it was written where
// no GPU was available to run it. Its tests (tests/unit/device, label "cuda") compare it
// with the CPU kernel wherever a device is present.
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/core/semiring.hpp"
#include "formats/device/device_mirrors.hpp"

namespace spgraph {

/// True for the (SR, T) pairs csr5_spmv_cuda is compiled for.
template <class SR, class T>
inline constexpr bool csr5_cuda_has = (std::is_same_v<T, double> || std::is_same_v<T, bool>)&&(
    std::is_same_v<SR, PlusTimes<double>> || std::is_same_v<SR, MinPlus<double>> ||
    std::is_same_v<SR, MaxPlus<double>> || std::is_same_v<SR, PlusPair<std::int64_t>> ||
    std::is_same_v<SR, MinSecondI<std::int64_t>> || std::is_same_v<SR, AnyPair<std::int64_t>>);

/// y = A ⊕.⊗ x on the device (x: ncols entries, y: nrows entries, both device memory; every
/// entry of y written), ordered on the backend's stream: the result is ready after the next
/// synchronisation (a download synchronises). `a` must have ω = 32 (csr5_gpu_params).
template <class SR, class T>
void csr5_spmv_cuda(const DeviceCsr5<T>& a, const typename SR::value_type* x,
                    typename SR::value_type* y);

}  // namespace spgraph
