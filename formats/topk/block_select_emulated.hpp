// SPDX-License-Identifier: Apache-2.0
// The block select of block_select_lanes.hpp run on the host, thread by thread: the phases a
// CUDA block runs (the kernels in batch_select_cuda.cu and algorithms/knn/knn_rows_cuda.cu),
// with each barrier a loop over the block's threads. It is the CPU tests' check on the logic
// the kernels are built from, not a fast path: serial, O(passes·m + P log² P) per list.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "formats/topk/batch_select_cuda.hpp"
#include "formats/topk/block_select_lanes.hpp"

namespace spgraph {

/// The `min(k, m)` smallest of m items (item(i): the key of item i), ascending, by the block
/// algorithm with `nthreads` emulated threads.
template <class Hi, class Items>
std::vector<RankKey<Hi>> block_select_emulated(const Items& item, std::uint32_t m, std::uint64_t k,
                                               int nthreads = 32) {
  RadixSelectState<Hi> s;
  radix_select_start(s, k, m);  // phase 1
  std::uint32_t hist[kRadixBuckets] = {};
  while (!s.done) {  // phase 2
    for (int t = 0; t < nthreads; ++t) radix_count(item, m, s, hist, t, nthreads);
    radix_pick(s, hist);
  }
  const std::uint32_t p = bitonic_size(s.keep);
  std::vector<RankKey<Hi>> buf(p, RankKey<Hi>::pad());
  std::uint32_t count = 0;
  auto emit = [&buf](std::uint32_t slot, const RankKey<Hi>& key) { buf[slot] = key; };
  for (int t = 0; t < nthreads; ++t) radix_gather(item, m, s, emit, &count, t, nthreads);  // 3
  assert(count == s.keep);
  for (std::uint32_t size = 2; size <= p; size <<= 1)  // phase 4
    for (std::uint32_t stride = size >> 1; stride > 0; stride >>= 1)
      for (int t = 0; t < nthreads; ++t) bitonic_step(buf.data(), p, size, stride, t, nthreads);
  buf.resize(s.keep);
  return buf;
}

/// batch_k_select_cuda's answer computed by the emulated block, one list at a time.
inline BatchSelectResult batch_k_select_emulated(std::span<const float> keys,
                                                 std::span<const Offset> list_ptr, std::size_t k,
                                                 int nthreads = 32) {
  check_batch_select_input(keys, list_ptr, "batch_k_select_emulated");
  BatchSelectResult r;
  r.ptr = batch_select_out_ptr(list_ptr, k);
  r.keys.resize(r.ptr.back());
  r.positions.resize(r.ptr.back());
  for (std::size_t i = 0; i + 1 < list_ptr.size(); ++i) {
    const float* list = keys.data() + list_ptr[i];
    auto item = [list](std::uint32_t j) {
      return RankKey<std::uint32_t>{float_rank_bits(list[j]), j};
    };
    const auto kept = block_select_emulated<std::uint32_t>(
        item, std::uint32_t(list_ptr[i + 1] - list_ptr[i]), k, nthreads);
    for (std::size_t j = 0; j < kept.size(); ++j) {
      r.keys[r.ptr[i] + j] = list[kept[j].lo];
      r.positions[r.ptr[i] + j] = kept[j].lo;
    }
  }
  return r;
}

}  // namespace spgraph
