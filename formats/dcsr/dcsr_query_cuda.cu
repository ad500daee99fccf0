// SPDX-License-Identifier: Apache-2.0
// Reads of a DcsrDevice (dcsr_cuda.hpp) on a CUDA device, on the fragmented form:
//   - SpMV: King et al., "Dynamic-CSR" (2016), §III.C, Alg. 3 (CSR-vector with an outer loop
//     over segments): one warp per row, each lane folding its entries (dcsr_row_lane_fold),
//     then cub::WarpReduce with the semiring's ⊕; lane 0 writes the row;
//   - BFS: level-synchronous push, one warp per frontier vertex (dcsr_row_lane_neighbors); a
//     neighbour is claimed by atomicCAS on its level and appended to the next frontier by
//     atomicAdd on its count (one download of the count per level);
//   - degree, statistics, and the download (the rows compacted on the device, then copied).
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#include <cub/warp/warp_reduce.cuh>

#include <vector>

#include "formats/dcsr/dcsr_cuda_state.cuh"

namespace spgraph {
namespace {

using dcsr_cuda::blocks_for;
using dcsr_cuda::kBlock;
using dcsr_cuda::kWarpsPerBlock;

template <class SR>
struct SemiringAdd {
  template <class V>
  __host__ __device__ V operator()(const V& l, const V& r) const {
    return SR::add(l, r);
  }
};

template <class SR, class S>
__global__ void __launch_bounds__(kBlock)
    spmv_rows(DcsrDeviceArrays<S> a, const typename SR::value_type* x, typename SR::value_type* y) {
  using V = typename SR::value_type;
  using WarpReduce = cub::WarpReduce<V>;
  __shared__ typename WarpReduce::TempStorage storage[kWarpsPerBlock];
  const Offset r = (Offset(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
  if (r >= a.nrows) return;  // r is the same for the 32 threads of a warp
  const unsigned lane = threadIdx.x & 31;
  const V part = dcsr_row_lane_fold<SR>(a, x, Vertex(r), lane, 32);
  const V row = WarpReduce(storage[threadIdx.x >> 5]).Reduce(part, SemiringAdd<SR>{});
  if (lane == 0) y[r] = row;
}

template <class S>
__global__ void bfs_level(DcsrDeviceArrays<S> a, const Vertex* frontier, std::uint32_t count,
                          Vertex depth, Vertex* level, Vertex* next, std::uint32_t* next_count) {
  const Offset w = (Offset(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
  if (w >= count) return;
  dcsr_row_lane_neighbors(a, frontier[w], threadIdx.x & 31, 32, [&](Vertex v) {
    if (atomicCAS(level + v, kNoVertex, depth) == kNoVertex) next[atomicAdd(next_count, 1u)] = v;
  });
}

template <class S>
__global__ void count_multi_segment(DcsrDeviceArrays<S> a, unsigned long long* count) {
  const Offset r = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (r < a.nrows && a.nseg[r] > 1) atomicAdd(count, 1ull);
}

template <class V>
void copy_to_host(V* dst, const V* src, std::size_t n) {
  if (n == 0) return;
  cuda_check(cudaMemcpyAsync(dst, src, n * sizeof(V), cudaMemcpyDeviceToHost, cuda_stream()),
             "cudaMemcpyAsync(device to host)");
  device_stats_detail::count_device_to_host(n * sizeof(V));
  cuda_synchronize("cudaStreamSynchronize(device to host)");
}

}  // namespace

template <class T>
template <class SR>
void DcsrDevice<T>::spmv_on_device(const typename SR::value_type* x,
                                   typename SR::value_type* y) const {
  static_assert(dcsr_cuda_has<SR>, "DcsrDevice::spmv is not compiled for this semiring");
  const Impl& m = *impl_;
  if (m.nrows == 0) return;
  spmv_rows<SR><<<blocks_for(Offset(m.nrows) * 32), kBlock, 0, cuda_stream()>>>(m.arrays(), x, y);
  cuda_check(cudaGetLastError(), "device Dynamic CSR: SpMV kernel launch");
  cuda_synchronize("device Dynamic CSR: SpMV");
}

template <class T>
template <class SR>
void DcsrDevice<T>::spmv(const typename SR::value_type* x, typename SR::value_type* y) const {
  using V = typename SR::value_type;
  const DeviceBuffer<V> dx = DeviceBuffer<V>::from_host(x, impl_->ncols);
  DeviceBuffer<V> dy(impl_->nrows);
  spmv_on_device<SR>(dx.data(), dy.data());
  dy.download(y);
}

template <class T>
std::vector<Vertex> DcsrDevice<T>::bfs_levels(Vertex source) const {
  const Impl& m = *impl_;
  if (source >= m.nrows) throw IndexOutOfBounds("device Dynamic CSR: BFS source out of range");
  const cudaStream_t s = cuda_stream();
  DeviceBuffer<Vertex> level(m.nrows), frontier(m.nrows), next(m.nrows);
  DeviceBuffer<std::uint32_t> next_count(1);
  cuda_check(cudaMemsetAsync(level.data(), 0xFF, level.bytes(), s), "cudaMemsetAsync(level)");
  const Vertex zero = 0;
  cuda_check(cudaMemcpyAsync(level.data() + source, &zero, sizeof zero, cudaMemcpyHostToDevice, s),
             "cudaMemcpyAsync(host to device)");
  frontier.upload(&source, 1);
  device_stats_detail::count_host_to_device(sizeof zero);
  std::uint32_t count = 1;
  for (Vertex depth = 1; count > 0; ++depth) {
    cuda_check(cudaMemsetAsync(next_count.data(), 0, sizeof(std::uint32_t), s),
               "cudaMemsetAsync(count)");
    bfs_level<<<blocks_for(Offset(count) * 32), kBlock, 0, s>>>(
        m.arrays(), frontier.data(), count, depth, level.data(), next.data(), next_count.data());
    cuda_check(cudaGetLastError(), "device Dynamic CSR: BFS kernel launch");
    next_count.download(&count);
    std::swap(frontier, next);
  }
  return level.to_host();
}

template <class T>
Offset DcsrDevice<T>::degree(Vertex r) const {
  if (r >= impl_->nrows) throw IndexOutOfBounds("device Dynamic CSR: row out of range");
  std::uint32_t d = 0;
  copy_to_host(&d, impl_->size.data() + r, 1);
  return d;
}

template <class T>
DcsrDeviceContents<T> DcsrDevice<T>::download() const {
  const Impl& m = *impl_;
  const DeviceBuffer<Offset> start = m.row_starts();
  DeviceBuffer<Vertex> c;
  DeviceBuffer<stored_value_t<T>> v;
  const Offset total = m.compact_into(start, 0, c, v);
  DcsrDeviceContents<T> out;
  out.row_ptr = start.to_host();
  out.col.resize(total);
  copy_to_host(out.col.data(), c.data(), total);
  if (!m.pattern) {
    out.val.resize(total);
    copy_to_host(out.val.data(), v.data(), total);
  }
  return out;
}

template <class T>
DcsrStats DcsrDevice<T>::stats() const {
  const Impl& m = *impl_;
  DcsrStats st;
  st.live = m.live;
  st.allocated = std::min<Offset>(m.bump_value(), m.col.size());
  st.capacity = m.col.size();
  st.dead = st.allocated - st.live;
  DeviceBuffer<unsigned long long> count(1);
  cuda_check(cudaMemsetAsync(count.data(), 0, count.bytes(), cuda_stream()), "cudaMemsetAsync");
  if (m.nrows > 0) {
    count_multi_segment<<<blocks_for(m.nrows), kBlock, 0, cuda_stream()>>>(m.arrays(),
                                                                           count.data());
    cuda_check(cudaGetLastError(), "device Dynamic CSR: statistics kernel launch");
  }
  st.multi_segment_rows = count.to_host()[0];
  st.defragmentations = st.generation = m.defrags;
  return st;
}

template <class T>
std::size_t DcsrDevice<T>::device_bytes() const {
  const Impl& m = *impl_;
  return m.seg_start.bytes() + m.seg_cap.bytes() + m.nseg.bytes() + m.size.bytes() + m.col.bytes() +
         m.val.bytes() + m.bump.bytes();
}

// The members defined here (the class itself is instantiated in dcsr_update_cuda.cu).
#define SPGRAPH_DCSR_CUDA_READS(T)                                      \
  template std::vector<Vertex> DcsrDevice<T>::bfs_levels(Vertex) const; \
  template Offset DcsrDevice<T>::degree(Vertex) const;                  \
  template DcsrDeviceContents<T> DcsrDevice<T>::download() const;       \
  template DcsrStats DcsrDevice<T>::stats() const;                      \
  template std::size_t DcsrDevice<T>::device_bytes() const;
SPGRAPH_DCSR_CUDA_READS(double)
SPGRAPH_DCSR_CUDA_READS(bool)

#define SPGRAPH_DCSR_CUDA_SPMV(T, SR)                                                  \
  template void DcsrDevice<T>::spmv<SR>(const SR::value_type*, SR::value_type*) const; \
  template void DcsrDevice<T>::spmv_on_device<SR>(const SR::value_type*, SR::value_type*) const;
SPGRAPH_DCSR_CUDA_SPMV(double, PlusTimes<double>)
SPGRAPH_DCSR_CUDA_SPMV(double, MinPlus<double>)
SPGRAPH_DCSR_CUDA_SPMV(bool, PlusTimes<double>)
SPGRAPH_DCSR_CUDA_SPMV(bool, MinPlus<double>)

}  // namespace spgraph
