// SPDX-License-Identifier: Apache-2.0
// The block select of block_select_lanes.hpp as device functions, for the CUDA kernels that
// select in one block (formats/topk/batch_select_cuda.cu, algorithms/knn/knn_rows_cuda.cu): the
// phases in the order block_select_emulated.hpp runs them on the host, with a __syncthreads
// where the emulation ends a loop over threads. Included by .cu files only.
//
// STATUS: compiled (nvcc, -Werror, sm_80 and sm_90), never run: written where no GPU was lent.
#pragma once

#include <cstdint>

#include "formats/topk/block_select_lanes.hpp"

namespace spgraph {

/// The shared memory one block's select uses (declare it __shared__).
template <class Hi, std::uint32_t MaxSorted>
struct BlockSelectShared {
  RadixSelectState<Hi> state;
  std::uint32_t hist[kRadixBuckets];
  std::uint32_t count;
  RankKey<Hi> sorted[MaxSorted];
};

/// Phases 1-2, every thread of the block: the select state of m items (in sh.state on return;
/// sh.count is 0).
template <class Hi, std::uint32_t MaxSorted, class Items>
__device__ void block_select_state(const Items& item, std::uint32_t m, std::uint64_t k,
                                   BlockSelectShared<Hi, MaxSorted>& sh) {
  const int tid = int(threadIdx.x), nthreads = int(blockDim.x);
  for (int b = tid; b < kRadixBuckets; b += nthreads) sh.hist[b] = 0;
  if (tid == 0) {
    radix_select_start(sh.state, k, m);
    sh.count = 0;
  }
  __syncthreads();
  while (!sh.state.done) {
    radix_count(item, m, sh.state, sh.hist, tid, nthreads);
    __syncthreads();
    if (tid == 0) radix_pick(sh.state, sh.hist);
    __syncthreads();
  }
}

/// Phases 1-4, every thread of the block: the min(k, m) smallest items ascending in
/// sh.sorted[0, sh.state.keep) on return. Needs min(k, m) <= MaxSorted.
template <class Hi, std::uint32_t MaxSorted, class Items>
__device__ void block_select_sorted(const Items& item, std::uint32_t m, std::uint64_t k,
                                    BlockSelectShared<Hi, MaxSorted>& sh) {
  const int tid = int(threadIdx.x), nthreads = int(blockDim.x);
  block_select_state(item, m, k, sh);
  const std::uint32_t p = bitonic_size(sh.state.keep);
  for (std::uint32_t j = tid; j < p; j += nthreads) sh.sorted[j] = RankKey<Hi>::pad();
  __syncthreads();
  RankKey<Hi>* sorted = sh.sorted;
  auto emit = [sorted](std::uint32_t slot, const RankKey<Hi>& key) { sorted[slot] = key; };
  radix_gather(item, m, sh.state, emit, &sh.count, tid, nthreads);
  __syncthreads();
  for (std::uint32_t size = 2; size <= p; size <<= 1)
    for (std::uint32_t stride = size >> 1; stride > 0; stride >>= 1) {
      bitonic_step(sh.sorted, p, size, stride, tid, nthreads);
      __syncthreads();
    }
}

}  // namespace spgraph
