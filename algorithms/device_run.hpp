// SPDX-License-Identifier: Apache-2.0
// DeviceRun: what a CUDA algorithm run cost, as a user waits for it (bfs_cuda.hpp,
// pagerank_cuda.hpp): the upload of the graph, the kernels (levels or power steps, with the
// small per-level or per-step read-backs of counts they need), the download of the answer, and
// the transfers and peak device memory of formats/device/device_stats.hpp over the run. A plain
// struct, so that callers (the CLI) read them in every build: only the CUDA build fills it.
#pragma once

#include <cstdint>

namespace spgraph {

struct DeviceRun {
  double upload_seconds = 0;     ///< graph to the device, and its one-time set-up there
  double run_seconds = 0;        ///< the kernels, up to the answer being ready on the device
  double download_seconds = 0;   ///< the answer to the host
  std::uint64_t h2d_bytes = 0;   ///< host-to-device bytes copied during the run
  std::uint64_t d2h_bytes = 0;   ///< device-to-host bytes copied during the run
  std::uint64_t peak_bytes = 0;  ///< peak device memory held by the backend (process-wide)
};

}  // namespace spgraph
