// SPDX-License-Identifier: Apache-2.0
// The CUDA device and stream of the backend: see cuda_runtime.hpp.
#include "formats/device/cuda_runtime.hpp"

#include <cstdint>
#include <mutex>

#include "engine/core/error.hpp"
#include "formats/device/cuda_error.hpp"

namespace spgraph {

const CudaDeviceInfo& cuda_device_info() {
  static const CudaDeviceInfo info = [] {
    CudaDeviceInfo i;
    const cudaError_t code = cudaGetDeviceCount(&i.count);
    if (code != cudaSuccess) {
      i.count = 0;
      i.reason = cuda_error_message(code, "cudaGetDeviceCount");
      cudaGetLastError();  // the probe's error is reported through `reason`, not left sticky
      return i;
    }
    if (i.count == 0) {
      i.reason = "cudaGetDeviceCount: no CUDA device is visible";
      return i;
    }
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess) {
      i.name = prop.name;
      i.compute_capability = prop.major * 10 + prop.minor;
      i.memory_bytes = prop.totalGlobalMem;
    } else {
      (void)cudaGetLastError();
    }
    return i;
  }();
  return info;
}

void require_cuda_device() {
  const CudaDeviceInfo& info = cuda_device_info();
  if (info.count == 0) throw BackendUnavailable("CUDA backend: " + info.reason);
}

cudaStream_t cuda_stream() {
  static std::once_flag once;
  static cudaStream_t stream = nullptr;
  std::call_once(once, [] {
    require_cuda_device();
    cuda_check(cudaSetDevice(0), "cudaSetDevice");
    cudaMemPool_t pool = nullptr;
    cuda_check(cudaDeviceGetDefaultMemPool(&pool, 0), "cudaDeviceGetDefaultMemPool");
    std::uint64_t keep = UINT64_MAX;
    cuda_check(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep),
               "cudaMemPoolSetAttribute(cudaMemPoolAttrReleaseThreshold)");
    cuda_check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking),
               "cudaStreamCreateWithFlags");
  });
  // The current device is per host thread: select it in every thread that calls the backend.
  cuda_check(cudaSetDevice(0), "cudaSetDevice");
  return stream;
}

void cuda_synchronize(const char* what) {
  cuda_check(cudaStreamSynchronize(cuda_stream()), what);
}

}  // namespace spgraph
