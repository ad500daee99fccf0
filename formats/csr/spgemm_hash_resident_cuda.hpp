// SPDX-License-Identifier: Apache-2.0
// The device-resident form of the hash SpGEMM (spgemm_hash_cuda.hpp): operands and result in
// device memory (formats/device/device_mirrors.hpp), for callers that keep matrices on the
// device between products (the closure's semi-naive rounds, the GPU benchmark). CUDA builds
// only (it includes the CUDA runtime's header); defined in spgemm_hash_cuda.cu.
//
// STATUS: compiled, never run (written where no GPU was lent).
#pragma once

#include "formats/csr/spgemm_hash_cuda.hpp"
#include "formats/device/device_mirrors.hpp"

namespace spgraph {

/// C<mask> = A ⊕.⊗ B with A, B, the mask's allowed pattern (nullptr: none) and C on the device;
/// as spgemm_hash_cuda otherwise. Ordered on the backend's stream; the row pointers of C are
/// final when it returns (the call waits for the entry count, to allocate C).
template <class SR, class TA, class TB>
DeviceCsr<typename SR::value_type> spgemm_hash_cuda_device(
    const DeviceCsr<TA>& a, const DeviceCsr<TB>& b, const DeviceCsr<bool>* allowed, bool complement,
    bool values, int min_bin = 0, SpgemmBinRows* rows = nullptr);

}  // namespace spgraph
