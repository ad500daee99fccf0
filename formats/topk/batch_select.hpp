// SPDX-License-Identifier: Apache-2.0
// Batch k-selection: for each of many unordered lists, its k smallest keys in ascending order.
// This is the benchmark of Liu's thesis §4.6.4 (e.g. the candidate lists of a batch of kNN
// queries), run on CPU cores only.
//
// What it computes: for list i, keys[list_ptr[i], list_ptr[i+1]), its min(k, len) smallest
// keys in ascending order, written to out[out_ptr[i], out_ptr[i+1]). Keys that compare equal
// are interchangeable. Inputs: list_ptr non-decreasing, list_ptr.back() <= keys.size(); keys
// not NaN.
//
// Phases:
//   1. out_ptr: a prefix sum of min(k, len) (serial, O(lists)); out is resized to the total.
//   2. Lists in parallel (OpenMP, dynamic schedule, one list per chunk), each with its own
//      reused workspace, by one of two methods:
//      - AdHeap: the thesis loop. Heapify the first k keys, then for each further key: if it is
//        smaller than the root, update-key (replace the root, sift down). The root compares run
//        8 or 16 keys per vector instruction (formats/topk/ad_heap.hpp). O(len + u·d·log_d k)
//        for u root updates (u ≈ k·ln(len/k) on random input), workspace k keys.
//      - Reservoir: copy the list, nth_element at k, sort the first k. O(len + k log k),
//        workspace len keys.
//      Auto takes the heap when len >= 8k and the heap fits in 16 KiB, or len >= 32k (few
//      updates expected), the reservoir otherwise; measured (bench/topk_bench.cpp --setup ratio,
//      bench/results/topk.md).
//   3. Each kept set is sorted ascending into its slice of out.
// Results do not depend on the thread count.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/topk/ad_heap.hpp"

namespace spgraph {

enum class BatchSelectMethod { Auto, AdHeap, Reservoir };

/// Auto's rule (measured: bench/results/topk.md, "batch method sweep"): the heap wins once a
/// list is kBatchHeapRatioSmall times longer than k while the heap fits in kBatchSmallHeapBytes
/// (an L1-resident heap), and kBatchHeapRatioLarge times longer beyond that.
inline constexpr std::size_t kBatchHeapRatioSmall = 8;
inline constexpr std::size_t kBatchHeapRatioLarge = 32;
inline constexpr std::size_t kBatchSmallHeapBytes = 16 * 1024;

/// The method Auto picks for one list of length len of keys of key_bytes bytes.
constexpr BatchSelectMethod batch_select_auto(std::size_t k, std::size_t len,
                                              std::size_t key_bytes = 4) {
  const std::size_t ratio =
      k * key_bytes <= kBatchSmallHeapBytes ? kBatchHeapRatioSmall : kBatchHeapRatioLarge;
  return k <= len / ratio ? BatchSelectMethod::AdHeap : BatchSelectMethod::Reservoir;
}

/// For each list i (keys[list_ptr[i], list_ptr[i+1])), its min(k, len) smallest keys in
/// ascending order, written to out[out_ptr[i], out_ptr[i+1]); lists run in parallel (OpenMP,
/// dynamic schedule) across lists.
template <class Key>
void batch_k_select(std::span<const Key> keys, std::span<const Offset> list_ptr, std::size_t k,
                    std::vector<Key>& out, std::vector<Offset>& out_ptr,
                    BatchSelectMethod method = BatchSelectMethod::Auto) {
  // 1. Output offsets.
  const std::size_t lists = list_ptr.empty() ? 0 : list_ptr.size() - 1;
  out_ptr.assign(lists + 1, 0);
  for (std::size_t i = 0; i < lists; ++i) {
    assert(list_ptr[i] <= list_ptr[i + 1] && list_ptr[i + 1] <= keys.size());
    const std::size_t len = list_ptr[i + 1] - list_ptr[i];
    out_ptr[i + 1] = out_ptr[i] + std::min<std::size_t>(k, len);
  }
  out.resize(out_ptr[lists]);

  // 2-3. Each list selected and sorted into its slice.
#pragma omp parallel
  {
    AdHeap<Key> heap;
    std::vector<Key> scratch;
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t si = 0; si < static_cast<std::int64_t>(lists); ++si) {
      const auto i = static_cast<std::size_t>(si);
      const std::span<const Key> list = keys.subspan(list_ptr[i], list_ptr[i + 1] - list_ptr[i]);
      const std::size_t keep = std::min(k, list.size());
      Key* dst = out.data() + out_ptr[i];
      if (keep == 0) continue;
      BatchSelectMethod m = method;
      if (m == BatchSelectMethod::Auto) m = batch_select_auto(k, list.size(), sizeof(Key));
      if (m == BatchSelectMethod::AdHeap) {
        heap.reset(keep);
        heap.heapify(list);
        heap.extract_sorted_into(dst);
      } else {
        scratch.assign(list.begin(), list.end());
        if (keep < scratch.size())
          std::nth_element(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(keep),
                           scratch.end());
        std::sort(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(keep));
        std::copy(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(keep), dst);
      }
    }
  }
}

}  // namespace spgraph
