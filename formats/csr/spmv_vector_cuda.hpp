// SPDX-License-Identifier: Apache-2.0
// CSR-vector SpMV on a CUDA device (Bell & Garland, SC'09 §4.2: a group of lanes per row; the
// group size from the mean row length as CUSP's csr_vector picks it): the lane logic is shared
// with the host in spmv_vector_lanes.hpp, whose phases this kernel runs. Declared here for the
// front end; defined in spmv_vector_cuda.cu for the (semiring, matrix type) pairs of
// formats/device/spmv_cuda_semirings.hpp, and built only with SPGRAPH_ENABLE_CUDA. The engine
// picks it over the CSR5 kernel for regular matrices (formats/csr5/csr5_gpu_rule.hpp).
//
// STATUS: compiled, never run (written where no GPU was available to run it). Its tests
// (tests/unit/device, label "cuda") compare it with the host emulation wherever a device is
// present; the emulation itself runs in the CPU tests.
#pragma once

#include "engine/core/semiring.hpp"
#include "formats/device/device_mirrors.hpp"
#include "formats/device/spmv_cuda_semirings.hpp"

namespace spgraph {

/// y = A ⊕.⊗ x on the device with `group` lanes per row (2, 4, 8, 16 or 32; 0 picks
/// csr_vector_group_size), x: ncols entries, y: nrows entries, both device memory, every entry
/// of y written; ordered on the backend's stream (ready after the next synchronisation).
template <class SR, class T>
void csr_vector_spmv_cuda(const DeviceCsr<T>& a, const typename SR::value_type* x,
                          typename SR::value_type* y, int group = 0);

}  // namespace spgraph
