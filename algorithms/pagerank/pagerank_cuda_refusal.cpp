// SPDX-License-Identifier: Apache-2.0
// pagerank_cuda (pagerank_cuda.hpp) in a build without the CUDA backend: throws
// BackendUnavailable with backend_status's reason ("cuda: not built ..."), so the CLI and the
// tests compile and refuse cleanly in every build. The CUDA build compiles pagerank_cuda.cu
// instead.
#include "algorithms/pagerank/pagerank_cuda.hpp"
#include "engine/core/error.hpp"

namespace spgraph {

PageRankResult pagerank_cuda(const PageRankPullInput&, const PageRankOptions&, DeviceRun*) {
  throw BackendUnavailable(backend_status(Backend::Cuda));
}

}  // namespace spgraph
