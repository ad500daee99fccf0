// SPDX-License-Identifier: Apache-2.0
// DeviceTimes: the phases of a CUDA algorithm run as a user waits for them (bfs_cuda.hpp,
// pagerank_cuda.hpp): the upload of the graph, the kernels (levels or power steps, with the
// small per-level or per-step read-backs of counts they need), and the download of the answer.
#pragma once

namespace spgraph {

struct DeviceTimes {
  double upload_seconds = 0;    ///< graph to the device, and its one-time set-up there
  double run_seconds = 0;       ///< the kernels, up to the answer being ready on the device
  double download_seconds = 0;  ///< the answer to the host
};

}  // namespace spgraph
