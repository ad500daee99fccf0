// SPDX-License-Identifier: Apache-2.0
// The CUDA device the backend runs on: whether there is one (and if not, why), and the one
// stream every backend call is ordered on. The device's default memory pool serves the
// backend's allocations (cudaMallocAsync, stream-ordered); its release threshold is raised so
// that freed blocks stay in the pool for the next call instead of going back to the driver.
#pragma once

#include <cstddef>
#include <string>

#include <cuda_runtime_api.h>

namespace spgraph {

/// What the runtime reports about device 0, probed once per process.
struct CudaDeviceInfo {
  int count = 0;                 ///< devices visible (0 when none or no driver)
  std::string reason;            ///< why count is 0: the runtime's message naming its call
  std::string name;              ///< device 0's name, when there is one
  int compute_capability = 0;    ///< major·10 + minor of device 0
  std::size_t memory_bytes = 0;  ///< device 0's global memory
};

/// The probe's result (cached; thread-safe).
const CudaDeviceInfo& cuda_device_info();

/// Throws BackendUnavailable, with the probe's reason, when there is no usable device.
void require_cuda_device();

/// The stream the backend orders its work on (created on first use; device 0, its memory pool
/// configured as above), with device 0 made current in the calling thread. Throws
/// BackendUnavailable when there is no device.
cudaStream_t cuda_stream();

/// Waits for the backend's stream; a kernel's failure surfaces here, naming `what`.
void cuda_synchronize(const char* what);

}  // namespace spgraph
