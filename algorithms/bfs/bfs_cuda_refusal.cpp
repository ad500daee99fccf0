// SPDX-License-Identifier: Apache-2.0
// DeviceBfs (bfs_cuda.hpp) in a build without the CUDA backend: every entry point throws
// BackendUnavailable with backend_status's reason ("cuda: not built ..."), so the CLI and the
// tests compile and refuse cleanly in every build. The CUDA build compiles bfs_cuda.cu instead.
#include "algorithms/bfs/bfs_cuda.hpp"
#include "engine/backend.hpp"
#include "engine/core/error.hpp"

namespace spgraph {

struct DeviceBfs::State {};

DeviceBfs::DeviceBfs(const AdjacencyView&, const AdjacencyView&) {
  throw BackendUnavailable(backend_status(Backend::Cuda));
}

DeviceBfs::~DeviceBfs() = default;

BfsResult DeviceBfs::run(Vertex, const BfsOptions&, DeviceRun*) {
  throw BackendUnavailable(backend_status(Backend::Cuda));
}

const DeviceRun& DeviceBfs::upload() const {
  throw BackendUnavailable(backend_status(Backend::Cuda));
}

}  // namespace spgraph
