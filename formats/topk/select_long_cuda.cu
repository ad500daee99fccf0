// SPDX-License-Identifier: Apache-2.0
// k-selection of one long list on a CUDA device (long_k_select_cuda, batch_select_cuda.hpp): the
// block select of block_select_lanes.hpp run by the whole grid, each grid-wide barrier a
// kernel boundary on the backend's stream:
//   1. start: one thread sets the select state (global memory);
//   2. per pass (kRankPasses launches of two kernels, no host round trip; a finished select
//      makes the rest no-ops): count_pass, each block counting its grid-strided share into
//      shared buckets and adding the non-zero ones to the global buckets (one atomic per bucket
//      per block), then pick_pass, one thread choosing the bucket (radix_pick, which zeroes
//      the global buckets for the next pass);
//   3. gather: every thread appends its kept keys, packed as (image << 32 | position), to a
//      global buffer through one global counter;
//   4. cub::DeviceRadixSort::SortKeys of the min(k, n) packed keys, then unpack.
// The emulation of exactly these steps is long_k_select_emulated (block_select_emulated.hpp).
// Workspace: the state, 256 buckets, and 2 · min(k, n) packed keys plus CUB's storage.
//
// STATUS: compiled (nvcc, -Werror, sm_80 and sm_90), never run: written where no GPU was lent.
#include <cub/device/device_radix_sort.cuh>

#include <algorithm>
#include <string>
#include <vector>

#include "formats/device/cuda_error.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_buffer.hpp"
#include "formats/topk/batch_select_cuda.hpp"
#include "formats/topk/block_select_lanes.hpp"

namespace spgraph {
namespace {

constexpr int kThreads = 256;
constexpr unsigned kMaxBlocks = 2048;
using State = RadixSelectState<std::uint32_t>;

struct Keys {
  const float* keys;
  __device__ RankKey<std::uint32_t> operator()(std::uint32_t j) const {
    return RankKey<std::uint32_t>{float_rank_bits(keys[j]), j};
  }
};

__device__ int grid_thread() {
  return int(blockIdx.x * blockDim.x + threadIdx.x);
}
__device__ int grid_threads() {
  return int(gridDim.x * blockDim.x);
}

__global__ void start(State* s, std::uint64_t k, std::uint32_t m) {
  radix_select_start(*s, k, m);
}

__global__ void __launch_bounds__(kThreads)
    count_pass(Keys item, std::uint32_t m, const State* s, std::uint32_t* hist) {
  __shared__ std::uint32_t local[kRadixBuckets];
  const State st = *s;
  if (st.done) return;  // the same for every thread of the grid
  for (int b = int(threadIdx.x); b < kRadixBuckets; b += kThreads) local[b] = 0;
  __syncthreads();
  radix_count(item, m, st, local, grid_thread(), grid_threads());
  __syncthreads();
  for (int b = int(threadIdx.x); b < kRadixBuckets; b += kThreads)
    if (local[b] != 0) atomicAdd(&hist[b], local[b]);
}

__global__ void pick_pass(State* s, std::uint32_t* hist) {
  if (!s->done) radix_pick(*s, hist);
}

__global__ void __launch_bounds__(kThreads) gather(Keys item, std::uint32_t m, const State* s,
                                                   std::uint64_t* packed, std::uint32_t* count) {
  const State st = *s;
  auto emit = [packed](std::uint32_t slot, const RankKey<std::uint32_t>& key) {
    packed[slot] = (std::uint64_t(key.hi) << 32) | key.lo;
  };
  radix_gather(item, m, st, emit, count, grid_thread(), grid_threads());
}

__global__ void unpack(const std::uint64_t* packed, std::size_t keep, const float* keys,
                       float* out_keys, std::uint32_t* out_positions) {
  const std::size_t j = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (j >= keep) return;
  const std::uint32_t pos = std::uint32_t(packed[j]);
  out_keys[j] = keys[pos];
  out_positions[j] = pos;
}

}  // namespace

void long_k_select_device(const float* keys, std::size_t n, std::size_t k, float* out_keys,
                          std::uint32_t* out_positions) {
  const std::size_t keep = std::min(k, n);
  if (keep == 0) return;
  const cudaStream_t st = cuda_stream();
  const auto m = std::uint32_t(n);
  const unsigned blocks =
      unsigned(std::min<std::size_t>(kMaxBlocks, (n + kThreads - 1) / kThreads));
  DeviceBuffer<State> state(1);
  DeviceBuffer<std::uint32_t> hist(kRadixBuckets);
  DeviceBuffer<std::uint32_t> count(1);
  cuda_check(cudaMemsetAsync(hist.data(), 0, hist.bytes(), st), "cudaMemsetAsync(buckets)");
  cuda_check(cudaMemsetAsync(count.data(), 0, count.bytes(), st), "cudaMemsetAsync(count)");
  start<<<1, 1, 0, st>>>(state.data(), k, m);
  for (int pass = 0; pass < kRankPasses<std::uint32_t>; ++pass) {
    count_pass<<<blocks, kThreads, 0, st>>>(Keys{keys}, m, state.data(), hist.data());
    pick_pass<<<1, 1, 0, st>>>(state.data(), hist.data());
  }
  DeviceBuffer<std::uint64_t> packed(keep), sorted(keep);
  gather<<<blocks, kThreads, 0, st>>>(Keys{keys}, m, state.data(), packed.data(), count.data());
  cuda_check(cudaGetLastError(), "long_k_select_cuda: select kernel launch");
  std::size_t temp_bytes = 0;
  cuda_check(cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, packed.data(), sorted.data(), keep,
                                            0, 64, st),
             "cub::DeviceRadixSort::SortKeys (size query)");
  DeviceBuffer<std::uint8_t> temp(temp_bytes);
  cuda_check(cub::DeviceRadixSort::SortKeys(temp.data(), temp_bytes, packed.data(), sorted.data(),
                                            keep, 0, 64, st),
             "cub::DeviceRadixSort::SortKeys");
  unpack<<<unsigned((keep + kThreads - 1) / kThreads), kThreads, 0, st>>>(sorted.data(), keep, keys,
                                                                          out_keys, out_positions);
  cuda_check(cudaGetLastError(), "long_k_select_cuda: unpack kernel launch");
}

BatchSelectResult long_k_select_cuda(std::span<const float> keys, std::size_t k) {
  const std::vector<Offset> list_ptr = {0, keys.size()};
  check_batch_select_input(keys, list_ptr, "long_k_select_cuda");
  BatchSelectResult r;
  r.ptr = batch_select_out_ptr(list_ptr, k);
  if (r.ptr.back() == 0) return r;
  require_cuda_device();
  const auto d_keys = DeviceBuffer<float>::from_host(keys.data(), keys.size());
  DeviceBuffer<float> out_keys(r.ptr.back());
  DeviceBuffer<std::uint32_t> out_positions(r.ptr.back());
  long_k_select_device(d_keys.data(), keys.size(), k, out_keys.data(), out_positions.data());
  r.keys = out_keys.to_host();
  r.positions = out_positions.to_host();
  return r;
}

}  // namespace spgraph
