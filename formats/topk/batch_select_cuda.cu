// SPDX-License-Identifier: Apache-2.0
// Batch k-selection on a CUDA device: see batch_select_cuda.hpp. The phases are those of
// block_select_lanes.hpp; this file maps them onto the GPU:
//   - one block of kThreads threads per list; the select state, the 256 buckets and the
//     bitonic buffer (kBlockSortMax keys) in shared memory; each phase separated by
//     __syncthreads; the list is read from global memory once per radix pass (it stays in L1/L2
//     for lists of 10^4 keys);
//   - k <= kBlockSortMax: the kept keys are sorted in shared memory by the bitonic steps and
//     written to the output slice;
//   - k > kBlockSortMax: every block writes its kept keys, packed as (image << 32 | position)
//     in 64 bits, to a global buffer; cub::DeviceSegmentedRadixSort::SortKeys sorts each list's
//     slice; a last kernel unpacks them (the list of an output slot by a binary search of
//     out_ptr).
// Workspace: the 64-bit buffer and CUB's temporary storage when k > kBlockSortMax, from the
// device's stream-ordered pool.
//
// STATUS: compiled (nvcc, -Werror, sm_80 and sm_90), never run: written where no GPU was lent.
#include "formats/topk/batch_select_cuda.hpp"

#include <cub/device/device_segmented_radix_sort.cuh>

#include <climits>

#include "formats/device/cuda_error.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_buffer.hpp"
#include "formats/topk/block_select_device.cuh"

namespace spgraph {
namespace {

constexpr int kThreads = 256;

/// Item j of a list: its key's image and its position.
struct ListItems {
  const float* list;
  __device__ RankKey<std::uint32_t> operator()(std::uint32_t j) const {
    return RankKey<std::uint32_t>{float_rank_bits(list[j]), j};
  }
};

using Shared = BlockSelectShared<std::uint32_t, kBlockSortMax>;

/// One block per list: select, sort in shared memory, write keys and positions.
__global__ void __launch_bounds__(kThreads)
    select_and_sort(const float* keys, const Offset* list_ptr, const Offset* out_ptr,
                    std::uint64_t k, float* out_keys, std::uint32_t* out_positions) {
  __shared__ Shared sh;
  const float* list = keys + list_ptr[blockIdx.x];
  const std::uint32_t m = std::uint32_t(list_ptr[blockIdx.x + 1] - list_ptr[blockIdx.x]);
  block_select_sorted(ListItems{list}, m, k, sh);
  const Offset o = out_ptr[blockIdx.x];
  for (std::uint32_t j = threadIdx.x; j < sh.state.keep; j += kThreads) {
    out_keys[o + j] = list[sh.sorted[j].lo];
    out_positions[o + j] = sh.sorted[j].lo;
  }
}

/// One block per list: select, write the kept keys packed in 64 bits, unsorted.
__global__ void __launch_bounds__(kThreads)
    select_to_packed(const float* keys, const Offset* list_ptr, const Offset* out_ptr,
                     std::uint64_t k, std::uint64_t* packed) {
  __shared__ BlockSelectShared<std::uint32_t, 1> sh;
  const std::uint32_t m = std::uint32_t(list_ptr[blockIdx.x + 1] - list_ptr[blockIdx.x]);
  const ListItems item{keys + list_ptr[blockIdx.x]};
  block_select_state(item, m, k, sh);
  std::uint64_t* out = packed + out_ptr[blockIdx.x];
  auto emit = [out](std::uint32_t slot, const RankKey<std::uint32_t>& key) {
    out[slot] = (std::uint64_t(key.hi) << 32) | key.lo;
  };
  radix_gather(item, m, sh.state, emit, &sh.count, int(threadIdx.x), kThreads);
}

/// One thread per output slot: the packed key's position and the key at it.
__global__ void unpack(const std::uint64_t* packed, const float* keys, const Offset* list_ptr,
                       const Offset* out_ptr, std::size_t lists, float* out_keys,
                       std::uint32_t* out_positions) {
  const Offset j = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (j >= out_ptr[lists]) return;
  std::size_t lo = 0, hi = lists;  // the list i with out_ptr[i] <= j < out_ptr[i + 1]
  while (hi - lo > 1) {
    const std::size_t mid = (lo + hi) / 2;
    if (out_ptr[mid] <= j)
      lo = mid;
    else
      hi = mid;
  }
  const std::uint32_t pos = std::uint32_t(packed[j]);
  out_keys[j] = keys[list_ptr[lo] + pos];
  out_positions[j] = pos;
}

void sort_packed(std::uint64_t* packed, std::size_t total, const Offset* out_ptr, std::size_t lists,
                 cudaStream_t st) {
  if (total > std::size_t(INT_MAX) || lists > std::size_t(INT_MAX))
    throw InvalidArgument("batch_k_select_cuda: more than 2^31 kept keys or lists with k > " +
                          std::to_string(kBlockSortMax) + " (CUB's segmented sort counts in int)");
  DeviceBuffer<std::uint64_t> sorted(total);
  std::size_t temp_bytes = 0;
  cuda_check(cub::DeviceSegmentedRadixSort::SortKeys(nullptr, temp_bytes, packed, sorted.data(),
                                                     int(total), int(lists), out_ptr, out_ptr + 1,
                                                     0, 64, st),
             "cub::DeviceSegmentedRadixSort::SortKeys (size query)");
  DeviceBuffer<std::uint8_t> temp(temp_bytes);
  cuda_check(cub::DeviceSegmentedRadixSort::SortKeys(temp.data(), temp_bytes, packed, sorted.data(),
                                                     int(total), int(lists), out_ptr, out_ptr + 1,
                                                     0, 64, st),
             "cub::DeviceSegmentedRadixSort::SortKeys");
  cuda_check(cudaMemcpyAsync(packed, sorted.data(), total * sizeof(std::uint64_t),
                             cudaMemcpyDeviceToDevice, st),
             "cudaMemcpyAsync(device to device)");
}

}  // namespace

void batch_k_select_device(const float* keys, const Offset* list_ptr, const Offset* out_ptr,
                           std::size_t lists, std::size_t k, float* out_keys,
                           std::uint32_t* out_positions) {
  if (lists == 0 || k == 0) return;
  const cudaStream_t st = cuda_stream();
  if (k <= kBlockSortMax) {
    select_and_sort<<<unsigned(lists), kThreads, 0, st>>>(keys, list_ptr, out_ptr, k, out_keys,
                                                          out_positions);
    cuda_check(cudaGetLastError(), "batch_k_select_cuda: select kernel launch");
    return;
  }
  Offset total = 0;
  cuda_check(cudaMemcpyAsync(&total, out_ptr + lists, sizeof total, cudaMemcpyDeviceToHost, st),
             "cudaMemcpyAsync(device to host)");
  cuda_synchronize("batch_k_select_cuda: output size");
  if (total == 0) return;
  DeviceBuffer<std::uint64_t> packed(total);
  select_to_packed<<<unsigned(lists), kThreads, 0, st>>>(keys, list_ptr, out_ptr, k, packed.data());
  cuda_check(cudaGetLastError(), "batch_k_select_cuda: select kernel launch");
  sort_packed(packed.data(), total, out_ptr, lists, st);
  unpack<<<unsigned((total + kThreads - 1) / kThreads), kThreads, 0, st>>>(
      packed.data(), keys, list_ptr, out_ptr, lists, out_keys, out_positions);
  cuda_check(cudaGetLastError(), "batch_k_select_cuda: unpack kernel launch");
}

BatchSelectResult batch_k_select_cuda(std::span<const float> keys, std::span<const Offset> list_ptr,
                                      std::size_t k) {
  check_batch_select_input(keys, list_ptr, "batch_k_select_cuda");
  BatchSelectResult r;
  r.ptr = batch_select_out_ptr(list_ptr, k);
  const std::size_t lists = r.ptr.size() - 1;
  if (r.ptr.back() == 0) return r;
  require_cuda_device();
  const auto d_keys = DeviceBuffer<float>::from_host(keys.data(), keys.size());
  const auto d_list_ptr = DeviceBuffer<Offset>::from_host(list_ptr.data(), list_ptr.size());
  const auto d_out_ptr = DeviceBuffer<Offset>::from_host(r.ptr);
  DeviceBuffer<float> d_out_keys(r.ptr.back());
  DeviceBuffer<std::uint32_t> d_out_positions(r.ptr.back());
  batch_k_select_device(d_keys.data(), d_list_ptr.data(), d_out_ptr.data(), lists, k,
                        d_out_keys.data(), d_out_positions.data());
  r.keys = d_out_keys.to_host();
  r.positions = d_out_positions.to_host();
  return r;
}

}  // namespace spgraph
