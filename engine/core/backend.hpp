// SPDX-License-Identifier: Apache-2.0
// Backends: where an operation runs. Cpu (OpenMP + SIMD) is always built; Cuda only with
// SPGRAPH_ENABLE_CUDA (formats/device). Asking for a backend that is not built, or that has no
// device, or that has no kernel for the operation, raises BackendUnavailable
// (engine/backend.hpp); no CPU code runs in its place.
#pragma once

#include <string>
#include <string_view>

#include "engine/core/error.hpp"

namespace spgraph {

enum class Backend { Cpu, Cuda };

/// "cpu" or "cuda".
inline const char* backend_name(Backend b) {
  return b == Backend::Cuda ? "cuda" : "cpu";
}

/// The backend named `name` ("cpu" or "cuda"); InvalidArgument otherwise.
inline Backend parse_backend(std::string_view name) {
  if (name == "cpu") return Backend::Cpu;
  if (name == "cuda") return Backend::Cuda;
  throw InvalidArgument("unknown backend '" + printable(name) + "' (expected cpu or cuda)");
}

}  // namespace spgraph
