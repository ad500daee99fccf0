// SPDX-License-Identifier: Apache-2.0
// CSR5 SpMV on a CUDA device: see csr5_spmv_cuda.hpp. The phases are those of
// csr5_tile_lanes.hpp; this file only maps them onto the GPU:
//   0. y = identity (one thread per row); ANY monoids instead take each row's first term and stop.
//   1-3. one warp per tile, one thread per lane: csr5_lane_walk, then the segmented scan as
//      cub::WarpScan::InclusiveScan with Csr5SegmentScan, the closing lane's value fetched by a
//      shuffle, then csr5_lane_finish; segment 0 goes to carry[t].
//   4. calibration: cub::DeviceReduce::ReduceByKey over (tile row, carry), tiles in order, then
//      y[row] ⊕= aggregate, one thread per distinct row; instantiated per monoid, not per
//      semiring, since CUB's reduce-by-key is most of the device code.
//   5. the tail: one thread per tail row, the first one ⊕=.
// Kernels on one stream run in order, which orders phase 3's `=` stores before phase 4's ⊕= and
// phase 4 before phase 5. Workspace: carry (one value per tile) and CUB's temporary storage,
// from the device's stream-ordered pool.
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#include "formats/csr5/csr5_spmv_cuda.hpp"

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cub/device/device_reduce.cuh>
#include <cub/util_ptx.cuh>
#include <cub/warp/warp_scan.cuh>

#include <string>

#include "engine/core/error.hpp"
#include "formats/csr5/csr5_tile_lanes.hpp"
#include "formats/device/cuda_error.hpp"

namespace spgraph {
namespace {

constexpr int kWarpsPerBlock = 8;
constexpr int kBlock = 32 * kWarpsPerBlock;

unsigned blocks_for(Offset threads) {
  return unsigned((threads + kBlock - 1) / kBlock);
}

template <class Monoid>
__global__ void fill_identity(typename Monoid::value_type* y, Vertex n) {
  const Offset r = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (r < n) y[r] = Monoid::identity();
}

template <class SR, class Stored>
__global__ void any_rows(Csr5Arrays<Stored> a, const typename SR::value_type* x,
                         typename SR::value_type* y) {
  const Offset r = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (r < a.nrows) y[r] = csr5_any_row_term<SR>(a, x, Vertex(r));
}

template <class SR, class Stored>
__global__ void __launch_bounds__(kBlock)
    tiles(Csr5Arrays<Stored> a, const typename SR::value_type* x, typename SR::value_type* y,
          typename SR::value_type* carry) {
  using V = typename SR::value_type;
  using WarpScan = cub::WarpScan<Csr5ScanItem<V>>;
  __shared__ typename WarpScan::TempStorage scan_storage[kWarpsPerBlock];
  const int lane = int(threadIdx.x & 31), warp = int(threadIdx.x >> 5);
  const Offset t = (Offset(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
  if (t >= a.num_tiles) return;  // t is the same for the 32 threads of a warp
  const Csr5TileOutput<SR, Stored> out{&a, y, carry + t, t};
  const Csr5LanePartial<V> p = csr5_lane_walk<SR>(a, x, t, lane, out);  // phase 1
  const int previous_flags = __shfl_up_sync(0xffffffffu, p.flags, 1);
  Csr5ScanItem<V> scanned;  // phase 2
  WarpScan(scan_storage[warp])
      .InclusiveScan(csr5_scan_item(p, lane, lane > 0 && previous_flags > 0), scanned,
                     Csr5SegmentScan<SR>{});
  const int j = csr5_closing_lane(a, t, lane);
  const V closing = cub::ShuffleIndex<32>(scanned.value, j < 0 ? lane : j, 0xffffffffu);
  csr5_lane_finish<SR>(a, t, lane, p, j < 0 ? SR::identity() : closing, out);  // phase 3
}

/// The tile's first row: the key of phase 4's reduce-by-key (read from tile_ptr alone, so the
/// reduce-by-key does not depend on the matrix's value type).
struct TileRow {
  const std::uint64_t* tile_ptr;
  __host__ __device__ Vertex operator()(Offset t) const {
    return Vertex(tile_ptr[t] & Csr5Arrays<double>::kRowMask);
  }
};

/// The monoid's ⊕ as a binary functor for CUB.
template <class Monoid>
struct MonoidAdd {
  template <class V>
  __host__ __device__ V operator()(const V& l, const V& r) const {
    return Monoid::add(l, r);
  }
};

template <class Monoid>
__global__ void apply_carries(const Vertex* rows, const typename Monoid::value_type* sums,
                              const Offset* count, typename Monoid::value_type* y) {
  const Offset i = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < *count) y[rows[i]] = Monoid::add(y[rows[i]], sums[i]);
}

/// Phase 4: y[tile row] ⊕= the carries of the tiles that start in it, tiles in order. Templated
/// on the monoid alone, so every semiring with the same ⊕ and value type shares one instance of
/// CUB's reduce-by-key (the bulk of the kernels' device code).
template <class Monoid>
void apply_tile_carries(const std::uint64_t* tile_ptr, Offset num_tiles,
                        const typename Monoid::value_type* carry, typename Monoid::value_type* y,
                        cudaStream_t s) {
  using V = typename Monoid::value_type;
  const auto keys =
      thrust::make_transform_iterator(thrust::counting_iterator<Offset>(0), TileRow{tile_ptr});
  DeviceBuffer<Vertex> rows(num_tiles);
  DeviceBuffer<V> sums(num_tiles);
  DeviceBuffer<Offset> count(1);
  std::size_t temp_bytes = 0;
  cuda_check(
      cub::DeviceReduce::ReduceByKey(nullptr, temp_bytes, keys, rows.data(), carry, sums.data(),
                                     count.data(), MonoidAdd<Monoid>{}, num_tiles, s),
      "cub::DeviceReduce::ReduceByKey (size query)");
  DeviceBuffer<std::uint8_t> temp(temp_bytes);
  cuda_check(
      cub::DeviceReduce::ReduceByKey(temp.data(), temp_bytes, keys, rows.data(), carry, sums.data(),
                                     count.data(), MonoidAdd<Monoid>{}, num_tiles, s),
      "cub::DeviceReduce::ReduceByKey");
  apply_carries<Monoid>
      <<<blocks_for(num_tiles), kBlock, 0, s>>>(rows.data(), sums.data(), count.data(), y);
  cuda_check(cudaGetLastError(), "csr5_spmv_cuda: calibration kernel launch");
}

template <class SR, class Stored>
__global__ void tail_rows(Csr5Arrays<Stored> a, const typename SR::value_type* x,
                          typename SR::value_type* y, Vertex first, Vertex end) {
  const Offset i = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= Offset(end - first)) return;
  const Vertex r = first + Vertex(i);
  const typename SR::value_type v = csr5_tail_fold<SR>(a, x, r);
  y[r] = r == first ? SR::add(y[r], v) : v;
}

}  // namespace

template <class SR, class T>
void csr5_spmv_cuda(const DeviceCsr5<T>& d, const typename SR::value_type* x,
                    typename SR::value_type* y) {
  using V = typename SR::value_type;
  using Stored = stored_value_t<T>;
  const Csr5Arrays<Stored> a = d.view;
  if (a.omega != 32)
    throw InvalidArgument("csr5_spmv_cuda: the CSR5 view has omega = " + std::to_string(a.omega) +
                          "; the kernel runs one warp lane per tile column and needs omega = 32 "
                          "(csr5_gpu_params)");
  const cudaStream_t s = cuda_stream();
  if (a.nrows == 0) return;
  if constexpr (SR::add_monoid::is_any) {
    any_rows<SR><<<blocks_for(a.nrows), kBlock, 0, s>>>(a, x, y);
    cuda_check(cudaGetLastError(), "csr5_spmv_cuda: ANY kernel launch");
    return;
  } else {
    fill_identity<typename SR::add_monoid><<<blocks_for(a.nrows), kBlock, 0, s>>>(y, a.nrows);
    cuda_check(cudaGetLastError(), "csr5_spmv_cuda: identity kernel launch");
    if (a.num_tiles > 0) {
      DeviceBuffer<V> carry(a.num_tiles);
      tiles<SR><<<blocks_for(a.num_tiles * 32), kBlock, 0, s>>>(a, x, y, carry.data());
      cuda_check(cudaGetLastError(), "csr5_spmv_cuda: tile kernel launch");
      apply_tile_carries<typename SR::add_monoid>(a.tile_ptr, a.num_tiles, carry.data(), y,
                                                  s);  // phase 4
    }
    if (d.tail_end_row > d.tail_first_row) {
      tail_rows<SR><<<blocks_for(d.tail_end_row - d.tail_first_row), kBlock, 0, s>>>(
          a, x, y, d.tail_first_row, d.tail_end_row);
      cuda_check(cudaGetLastError(), "csr5_spmv_cuda: tail kernel launch");
    }
  }
}

// The instances spmv_cuda_has names (formats/device/spmv_cuda_semirings.hpp).
#define I(SR, T)                                                                            \
  template void csr5_spmv_cuda<SR, T>(const DeviceCsr5<T>&, const typename SR::value_type*, \
                                      typename SR::value_type*);
SPGRAPH_CUDA_SPMV_INSTANCES
#undef I

}  // namespace spgraph
