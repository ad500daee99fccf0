// SPDX-License-Identifier: Apache-2.0
// CUDA runtime errors as spgraph errors (engine/core/error.hpp). Every CUDA call of the backend
// goes through cuda_check or cuda_check_alloc, so a failure names the call that failed:
//   - out of device memory          -> OutOfMemory, with the bytes asked for;
//   - no device, or no usable driver -> BackendUnavailable, with the runtime's reason;
//   - anything else                  -> Error, with the runtime's error name and text.
// The message is built by cuda_error_message, which tests call with any error code, so the
// mapping is checked on machines without a GPU.
#pragma once

#include <cstddef>
#include <string>

#include <cuda_runtime_api.h>

namespace spgraph {

/// The message for `code` returned by `call` (bytes: what an allocation asked for, else 0).
std::string cuda_error_message(cudaError_t code, const char* call, std::size_t bytes = 0);

/// Throws the spgraph error for `code` (which is not cudaSuccess); see the header comment.
[[noreturn]] void throw_cuda_error(cudaError_t code, const char* call, std::size_t bytes = 0);

/// Throws if `code` is not cudaSuccess.
inline void cuda_check(cudaError_t code, const char* call) {
  if (code != cudaSuccess) throw_cuda_error(code, call);
}

/// Throws if an allocation of `bytes` by `call` failed (OutOfMemory names the bytes).
inline void cuda_check_alloc(cudaError_t code, const char* call, std::size_t bytes) {
  if (code != cudaSuccess) throw_cuda_error(code, call, bytes);
}

}  // namespace spgraph
