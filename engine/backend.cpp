// SPDX-License-Identifier: Apache-2.0
// Backend availability: see backend.hpp.
#include "engine/backend.hpp"

#include "engine/context.hpp"
#include "engine/core/error.hpp"

#if SPGRAPH_HAVE_CUDA
#include "formats/device/cuda_runtime.hpp"
#endif

namespace spgraph {

bool cuda_backend_built() {
  return SPGRAPH_HAVE_CUDA != 0;
}

std::string backend_status(Backend b) {
  if (b == Backend::Cpu) return "cpu: " + std::to_string(num_threads()) + " threads";
#if SPGRAPH_HAVE_CUDA
  const CudaDeviceInfo& d = cuda_device_info();
  if (d.count == 0) return "cuda: " + d.reason;
  return "cuda: " + d.name + ", sm_" + std::to_string(d.compute_capability) + ", " +
         std::to_string(d.memory_bytes >> 20) + " MiB";
#else
  return "cuda: not built (this spgraph was configured without SPGRAPH_ENABLE_CUDA; rebuild with "
         "-DSPGRAPH_ENABLE_CUDA=ON where nvcc is installed)";
#endif
}

void require_backend(Backend b) {
  if (b == Backend::Cpu) return;
#if SPGRAPH_HAVE_CUDA
  if (cuda_device_info().count > 0) return;
#endif
  throw BackendUnavailable(backend_status(b));
}

void no_kernel_on_backend(Backend b, const std::string& operation) {
  throw BackendUnavailable(std::string(backend_name(b)) + ": " + operation +
                           " has no kernel on this backend (docs/cuda.md lists what the CUDA "
                           "backend runs)");
}

}  // namespace spgraph
