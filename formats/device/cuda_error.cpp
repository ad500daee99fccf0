// SPDX-License-Identifier: Apache-2.0
// CUDA runtime errors as spgraph errors: see cuda_error.hpp.
#include "formats/device/cuda_error.hpp"

#include "engine/core/error.hpp"

namespace spgraph {
namespace {

bool means_no_device(cudaError_t code) {
  return code == cudaErrorNoDevice || code == cudaErrorInsufficientDriver ||
         code == cudaErrorDevicesUnavailable || code == cudaErrorInvalidDevice ||
         code == cudaErrorSystemDriverMismatch || code == cudaErrorCompatNotSupportedOnDevice ||
         code == cudaErrorNoKernelImageForDevice || code == cudaErrorUnsupportedPtxVersion;
}

}  // namespace

std::string cuda_error_message(cudaError_t code, const char* call, std::size_t bytes) {
  std::string msg = call;
  if (code == cudaErrorMemoryAllocation && bytes > 0) {
    msg += ": out of device memory asking for ";
    msg += std::to_string(bytes);
    msg += " bytes";
  } else if (means_no_device(code)) {
    msg += ": no usable CUDA device: ";
    msg += cudaGetErrorString(code);
  } else {
    msg += " failed: ";
    msg += cudaGetErrorString(code);
  }
  msg += " (";
  msg += cudaGetErrorName(code);
  msg += ")";
  return msg;
}

void throw_cuda_error(cudaError_t code, const char* call, std::size_t bytes) {
  // The runtime keeps a thread's last error until it is read: clear it, so that the next launch
  // check (ours or CUB's cudaPeekAtLastError) does not report this one again.
  (void)cudaGetLastError();
  const std::string msg = cuda_error_message(code, call, bytes);
  if (code == cudaErrorMemoryAllocation) throw OutOfMemory(msg);
  if (means_no_device(code)) throw BackendUnavailable(msg);
  throw Error(msg);
}

}  // namespace spgraph
