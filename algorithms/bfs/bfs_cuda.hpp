// SPDX-License-Identifier: Apache-2.0
// BFS on a CUDA device, direction-optimizing (Beamer, Asanovic & Patterson, SC 2012): the level
// loop of bfs_levels_driver.hpp, with the same switching rule as the CPU kernel
// (bfs_direction.hpp), over kernels that run the lane logic of bfs_lanes.hpp (push: a warp per
// frontier row, warp-aggregated queue appends; pull: a warp per word of the visited bitmap, each
// lane's scan stopping at its first parent in the frontier bitmap). Levels and parents as the
// CPU's bfs() gives them (parents: any valid BFS tree).
//
// A plain header (no CUDA include): defined in bfs_cuda.cu in the library
// spgraph_algorithms_cuda when the CUDA backend is built, and otherwise by
// bfs_cuda_refusal.cpp, which throws BackendUnavailable with backend_status's reason.
//
// Transfers: the graph once per DeviceBfs (out-arcs, and in-arcs unless the graph is symmetric);
// per level a read-back of its counts (24 bytes: the rule needs them); per search the arrays
// asked for (levels, parents). Device memory: the graph, then 3 bitmaps of n bits, 2 queues and
// the 2 result arrays of n 32-bit entries, and CUB's workspace.
//
// STATUS: compiled (nvcc, sm_80 and sm_90), never run on a device: written where no GPU was
// lent. Its logic has run on the CPU through the host emulation (bfs_emulated.hpp).
#pragma once

#include <memory>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/device_run.hpp"
#include "formats/csr/adjacency.hpp"

namespace spgraph {

/// A graph uploaded once for any number of device searches.
class DeviceBfs {
 public:
  /// Uploads `out` (rows = sources) and `in` (its transpose; pass `out` again for a symmetric
  /// graph, which is then uploaded once). Throws BackendUnavailable without the backend or a
  /// device, OutOfMemory when the device has too little.
  DeviceBfs(const AdjacencyView& out, const AdjacencyView& in);
  ~DeviceBfs();
  DeviceBfs(const DeviceBfs&) = delete;
  DeviceBfs& operator=(const DeviceBfs&) = delete;

  /// One search from `source` (checked: IndexOutOfBounds), with o's method, alpha, beta and
  /// outputs; `cost` (optional) gets its run and download seconds and its transfers.
  BfsResult run(Vertex source, const BfsOptions& o, DeviceRun* cost = nullptr);

  /// What the upload cost: its seconds, bytes and the peak device memory after it.
  const DeviceRun& upload() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// bfs() on the device: one upload, one search.
template <class T>
BfsResult bfs_cuda(const Matrix<T>& a, Vertex source, const BfsOptions& options = {},
                   DeviceRun* cost = nullptr) {
  detail::check_bfs_arguments(a.nrows(), a.ncols(), source);
  DeviceBfs device(adjacency_of(a.csr()), detail::pull_side(a, options));
  BfsResult r = device.run(source, options, cost);
  if (cost) {
    cost->upload_seconds = device.upload().upload_seconds;
    cost->h2d_bytes += device.upload().h2d_bytes;
  }
  return r;
}

}  // namespace spgraph
