// SPDX-License-Identifier: Apache-2.0
// The state of a DcsrDevice (dcsr_cuda.hpp) and the device steps its two CUDA files share
// (dcsr_update_cuda.cu: batches, growth, defragmentation, snapshots; dcsr_query_cuda.cu: SpMV,
// BFS, downloads): the row tables and the pool in device buffers, the arrays view the lane
// functions read (dcsr_segment_lanes.hpp), and the compaction of King et al., "Dynamic-CSR"
// (2016), Alg. 4: an exclusive scan of the row sizes (cub::DeviceScan), then one warp per row
// copying its segments, in order, to its place in a new pool.
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#pragma once

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cub/device/device_scan.cuh>

#include <cstdint>

#include "formats/dcsr/dcsr_cuda.hpp"
#include "formats/dcsr/dcsr_segment_lanes.hpp"
#include "formats/device/cuda_error.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_buffer.hpp"

namespace spgraph::dcsr_cuda {

inline constexpr int kBlock = 256;
inline constexpr int kWarpsPerBlock = kBlock / 32;

inline unsigned blocks_for(Offset threads) {
  return unsigned((threads + kBlock - 1) / kBlock);
}

/// Row r's size as an Offset (0 past the last row), the scan's input.
struct RowSizeAt {
  const std::uint32_t* size;
  Vertex nrows;
  __host__ __device__ Offset operator()(Offset r) const { return r < nrows ? size[r] : 0; }
};

/// Warp per row: row r's entries to dst[start[r] ...].
template <class S>
__global__ void copy_rows(DcsrDeviceArrays<S> a, const Offset* start, Vertex* dst_col, S* dst_val) {
  const Offset r = (Offset(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
  if (r >= a.nrows) return;
  dcsr_row_lane_copy(a, Vertex(r), threadIdx.x & 31, 32, dst_col, dst_val, start[r]);
}

/// Thread per row: one compact segment at start[r].
template <class S>
__global__ void set_compact(DcsrDeviceArrays<S> a, const Offset* start) {
  const Offset r = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (r < a.nrows) dcsr_row_set_compact(a, Vertex(r), start[r]);
}

}  // namespace spgraph::dcsr_cuda

namespace spgraph {

template <class T>
struct DcsrDevice<T>::Impl {
  using S = stored_value_t<T>;
  Vertex nrows = 0, ncols = 0;
  bool pattern = false;
  DcsrParams params;
  Offset live = 0;
  std::uint64_t version = 0, defrags = 0;
  DeviceBuffer<Offset> seg_start;
  DeviceBuffer<std::uint32_t> seg_cap;
  DeviceBuffer<std::uint8_t> nseg;
  DeviceBuffer<std::uint32_t> size;
  DeviceBuffer<Vertex> col;
  DeviceBuffer<S> val;
  DeviceBuffer<unsigned long long> bump{1};

  /// The arrays as the lane functions read them (device pointers).
  DcsrDeviceArrays<S> arrays() const {
    auto& self = const_cast<Impl&>(*this);  // one view type serves reads and writes
    DcsrDeviceArrays<S> a;
    a.nrows = nrows;
    a.ncols = ncols;
    a.k = params.max_segments;
    a.seg_start = self.seg_start.data();
    a.seg_cap = self.seg_cap.data();
    a.nseg = self.nseg.data();
    a.size = self.size.data();
    a.col = self.col.data();
    a.val = pattern ? nullptr : self.val.data();
    a.capacity = col.size();
    a.bump = self.bump.data();
    return a;
  }
  /// The bump pointer (one download).
  Offset bump_value() const { return bump.to_host()[0]; }
  void set_bump(Offset b) {
    const unsigned long long v = b;
    bump.upload(&v, 1);
    cuda_synchronize("device Dynamic CSR: bump pointer upload");
  }
  /// Row tables for n rows, all empty.
  void allocate_rows(Vertex n) {
    const cudaStream_t s = cuda_stream();
    const std::size_t slots = std::size_t(n) * params.max_segments;
    seg_start = DeviceBuffer<Offset>(slots);
    seg_cap = DeviceBuffer<std::uint32_t>(slots);
    nseg = DeviceBuffer<std::uint8_t>(n);
    size = DeviceBuffer<std::uint32_t>(n);
    cuda_check(cudaMemsetAsync(nseg.data(), 0, nseg.bytes(), s), "cudaMemsetAsync(nseg)");
    cuda_check(cudaMemsetAsync(size.data(), 0, size.bytes(), s), "cudaMemsetAsync(size)");
    cuda_check(cudaMemsetAsync(seg_cap.data(), 0, seg_cap.bytes(), s), "cudaMemsetAsync(seg_cap)");
    nrows = n;
  }
  /// Row r's place in a compact pool: the exclusive scan of the sizes (nrows + 1 entries).
  DeviceBuffer<Offset> row_starts() const {
    DeviceBuffer<Offset> start(std::size_t(nrows) + 1);
    const auto in = thrust::make_transform_iterator(thrust::counting_iterator<Offset>(0),
                                                    dcsr_cuda::RowSizeAt{size.data(), nrows});
    std::size_t temp_bytes = 0;
    const cudaStream_t s = cuda_stream();
    cuda_check(cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, in, start.data(),
                                             std::int64_t(nrows) + 1, s),
               "cub::DeviceScan::ExclusiveSum (size query)");
    DeviceBuffer<std::uint8_t> temp(temp_bytes);
    cuda_check(cub::DeviceScan::ExclusiveSum(temp.data(), temp_bytes, in, start.data(),
                                             std::int64_t(nrows) + 1, s),
               "cub::DeviceScan::ExclusiveSum");
    return start;
  }
  /// Alg. 4's copy: every row, compacted, into col/val (at least `capacity` slots); returns the
  /// entries copied. `start` is row_starts().
  Offset compact_into(const DeviceBuffer<Offset>& start, Offset capacity, DeviceBuffer<Vertex>& c,
                      DeviceBuffer<S>& v) const {
    Offset total = 0;
    cuda_check(cudaMemcpyAsync(&total, start.data() + nrows, sizeof(Offset), cudaMemcpyDeviceToHost,
                               cuda_stream()),
               "cudaMemcpyAsync(device to host)");
    device_stats_detail::count_device_to_host(sizeof(Offset));
    cuda_synchronize("device Dynamic CSR: row scan");
    const Offset slots = capacity > total ? capacity : total;
    c = DeviceBuffer<Vertex>(slots);
    v = pattern ? DeviceBuffer<S>() : DeviceBuffer<S>(slots);
    if (nrows > 0) {
      dcsr_cuda::copy_rows<<<dcsr_cuda::blocks_for(Offset(nrows) * 32), dcsr_cuda::kBlock, 0,
                             cuda_stream()>>>(arrays(), start.data(), c.data(),
                                              pattern ? nullptr : v.data());
      cuda_check(cudaGetLastError(), "device Dynamic CSR: row copy kernel launch");
    }
    return total;
  }
};

}  // namespace spgraph
