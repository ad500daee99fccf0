// SPDX-License-Identifier: Apache-2.0
// The block select of block_select_lanes.hpp run on the host, thread by thread: the phases a
// CUDA block runs (the kernels in batch_select_cuda.cu and algorithms/knn/knn_rows_cuda.cu),
// with each barrier a loop over the block's threads; and the grid-wide select of one long list
// (select_long_cuda.cu), with each kernel boundary a loop over the grid's threads. It is the CPU
// tests' check on the logic the kernels are built from, not a fast path: serial, O(passes·m + P
// log² P) per list.
#pragma once

#include <algorithm>
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

/// long_k_select_cuda's answer computed as its grid computes it: `blocks` blocks of `threads`
/// threads, each pass counting per block into local buckets that are then added to the global
/// ones, one pick per pass, a gather by grid-wide thread ids, and a sort of the kept keys
/// (std::sort standing in for CUB's radix sort: both order distinct keys the same way).
inline BatchSelectResult long_k_select_emulated(std::span<const float> keys, std::size_t k,
                                                int blocks = 4, int threads = 8) {
  const std::vector<Offset> list_ptr = {0, keys.size()};
  check_batch_select_input(keys, list_ptr, "long_k_select_emulated");
  const auto m = std::uint32_t(keys.size());
  auto item = [&keys](std::uint32_t j) {
    return RankKey<std::uint32_t>{float_rank_bits(keys[j]), j};
  };
  const int grid = blocks * threads;
  RadixSelectState<std::uint32_t> s;
  radix_select_start(s, k, m);
  std::uint32_t hist[kRadixBuckets] = {};
  for (int pass = 0; pass < kRankPasses<std::uint32_t>; ++pass) {  // one kernel pair each
    if (s.done) continue;
    for (int b = 0; b < blocks; ++b) {
      std::uint32_t local[kRadixBuckets] = {};
      for (int t = 0; t < threads; ++t) radix_count(item, m, s, local, b * threads + t, grid);
      for (int d = 0; d < kRadixBuckets; ++d) hist[d] += local[d];
    }
    radix_pick(s, hist);
  }
  std::vector<std::uint64_t> packed(s.keep);
  std::uint32_t count = 0;
  auto emit = [&packed](std::uint32_t slot, const RankKey<std::uint32_t>& key) {
    packed[slot] = (std::uint64_t(key.hi) << 32) | key.lo;
  };
  for (int t = 0; t < grid; ++t) radix_gather(item, m, s, emit, &count, t, grid);
  assert(count == s.keep);
  std::sort(packed.begin(), packed.end());
  BatchSelectResult r;
  r.ptr = {0, Offset(s.keep)};
  for (std::uint64_t x : packed) {
    r.keys.push_back(keys[std::uint32_t(x)]);
    r.positions.push_back(std::uint32_t(x));
  }
  return r;
}

}  // namespace spgraph
