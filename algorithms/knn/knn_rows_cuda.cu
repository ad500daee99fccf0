// SPDX-License-Identifier: Apache-2.0
// The kNN batch kernel on a CUDA device: see knn_rows_cuda.hpp. The phases are those of
// knn_rows_lanes.hpp (steps 1-2) and formats/topk/block_select_device.cuh (step 3); this file
// maps them onto the GPU:
//   - one block of kThreads threads per query row at a time; a grid of a few blocks per SM
//     (as many as the device memory holds slabs for) takes the queries in turn;
//   - each block owns one accumulator slab in global memory (stamp, value, touched list,
//     candidates: one of each per answer id), zeroed once; a query's stamps are its tag q + 1,
//     so nothing is cleared between queries;
//   - the touched and candidate counters, the select state, its buckets and the sorted k in
//     shared memory; __syncthreads after each accumulate step (one entry of L(r,:)), after the
//     candidates, and inside the select;
//   - each query writes its k best (sorted) to its k-stride slot of the output, and its count;
//     the host packs them into CSR.
// Device memory: the batch's arrays, blocks · items · (8 + sizeof(V) + 16) bytes of slabs, and
// queries · k · 16 bytes of output; transfers and the peak are read from device_stats(), which
// this call resets.
//
// STATUS: compiled (nvcc, -Werror, sm_80 and sm_90), never run: written where no GPU was lent.
#include "algorithms/knn/knn_rows_cuda.hpp"

#include <algorithm>
#include <vector>

#include "formats/device/cuda_error.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_buffer.hpp"
#include "formats/device/device_stats.hpp"
#include "formats/topk/batch_select_cuda.hpp"
#include "formats/topk/block_select_device.cuh"

namespace spgraph {
namespace {

constexpr int kThreads = 256;
using Key = RankKey<std::uint64_t>;

template <class V>
__global__ void __launch_bounds__(kThreads)
    knn_rows(KnnRowsView p, const Vertex* queries, std::size_t num_queries, KnnSlab<V> slabs,
             Vertex items, Key* out, std::uint32_t* out_count) {
  __shared__ BlockSelectShared<std::uint64_t, kBlockSortMax> sh;
  __shared__ std::uint32_t touched, candidates;
  const int tid = int(threadIdx.x);
  const std::size_t base = std::size_t(blockIdx.x) * items;
  const KnnSlab<V> slab{slabs.stamp + base, slabs.value + base, slabs.touched + base,
                        slabs.candidates + base};
  for (std::size_t q = blockIdx.x; q < num_queries; q += gridDim.x) {
    const Vertex r = queries[q];
    const std::uint32_t tag = std::uint32_t(q + 1);
    if (tid == 0) touched = candidates = 0;
    __syncthreads();
    if (knn_row_has_answers(p, r)) {  // the same for every thread of the block
      for (Offset e = p.l_ptr[r]; e < p.l_ptr[r + 1]; ++e) {  // step 1
        knn_accumulate_step(p, slab, tag, e, &touched, tid, kThreads);
        __syncthreads();
      }
      knn_collect_candidates(p, slab, r, touched, &candidates, tid, kThreads);  // step 2
      __syncthreads();
      const Key* cand = slab.candidates;
      auto item = [cand](std::uint32_t j) { return cand[j]; };
      block_select_sorted(item, candidates, p.k, sh);  // step 3
      for (std::uint32_t j = tid; j < sh.state.keep; j += kThreads) out[q * p.k + j] = sh.sorted[j];
      if (tid == 0) out_count[q] = sh.state.keep;
    } else if (tid == 0) {
      out_count[q] = 0;
    }
    __syncthreads();
  }
}

/// A host array on the device (none when `host` is null).
template <class T>
DeviceBuffer<T> upload(const T* host, std::size_t n) {
  return host ? DeviceBuffer<T>::from_host(host, n) : DeviceBuffer<T>();
}

/// Blocks in the grid: a few per SM, at most one per query, as many slabs as half the free
/// device memory holds.
std::size_t grid_blocks(std::size_t num_queries, std::size_t slab_bytes) {
  int sms = 0;
  cuda_check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0),
             "cudaDeviceGetAttribute(multiprocessors)");
  std::size_t free_bytes = 0, total_bytes = 0;
  cuda_check(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo");
  const std::size_t fit =
      std::max<std::size_t>(1, free_bytes / 2 / std::max<std::size_t>(1, slab_bytes));
  return std::min({num_queries, std::size_t(4) * std::size_t(std::max(sms, 1)), fit});
}

template <class V>
void run_rows(const KnnRowsView& d, const Vertex* queries, std::size_t nq, Vertex items,
              std::vector<Key>& keys, std::vector<std::uint32_t>& counts) {
  const std::size_t blocks = grid_blocks(nq, std::size_t(items) * (8 + sizeof(V) + sizeof(Key)));
  const std::size_t slots = blocks * std::size_t(items);
  DeviceBuffer<std::uint32_t> stamp(slots);
  DeviceBuffer<V> value(slots);
  DeviceBuffer<Vertex> touched(slots);
  DeviceBuffer<Key> candidates(slots);
  const cudaStream_t st = cuda_stream();
  cuda_check(cudaMemsetAsync(stamp.data(), 0, stamp.bytes(), st), "cudaMemsetAsync(stamps)");
  DeviceBuffer<Key> out(nq * d.k);
  DeviceBuffer<std::uint32_t> out_count(nq);
  if (items > 0)
    knn_rows<V><<<unsigned(blocks), kThreads, 0, st>>>(
        d, queries, nq, KnnSlab<V>{stamp.data(), value.data(), touched.data(), candidates.data()},
        items, out.data(), out_count.data());
  else
    cuda_check(cudaMemsetAsync(out_count.data(), 0, out_count.bytes(), st),
               "cudaMemsetAsync(counts)");
  cuda_check(cudaGetLastError(), "knn_rows_cuda: kernel launch");
  keys = out.to_host();
  counts = out_count.to_host();
}

}  // namespace

KnnRowsAnswers knn_rows_cuda(const KnnRowsInput& in) {
  require_cuda_device();
  reset_device_stats();
  const KnnRowsView& h = in.view;
  KnnRowsAnswers a;
  a.ptr.assign(in.num_queries + 1, 0);
  if (in.num_queries == 0 || h.k == 0) return a;
  const auto l_ptr = upload(h.l_ptr, std::size_t(in.l_rows) + 1);
  const auto l_col = upload(h.l_col, in.l_entries);
  const auto l_val = upload(h.l_val, in.l_entries);
  const auto r_ptr = upload(h.r_ptr, std::size_t(in.r_rows) + 1);
  const auto r_col = upload(h.r_col, in.r_entries);
  const auto r_val = upload(h.r_val, in.r_entries);
  const auto left_norm = upload(h.left_norm, in.l_rows);
  const auto item_norm = upload(h.item_norm, in.items);
  const auto queries = upload(in.queries, in.num_queries);
  KnnRowsView d = h;
  d.l_ptr = l_ptr.data();
  d.l_col = l_col.data();
  d.l_val = h.l_val ? l_val.data() : nullptr;
  d.r_ptr = r_ptr.data();
  d.r_col = r_col.data();
  d.r_val = h.r_val ? r_val.data() : nullptr;
  d.left_norm = h.left_norm ? left_norm.data() : nullptr;
  d.item_norm = h.item_norm ? item_norm.data() : nullptr;
  std::vector<Key> keys;
  std::vector<std::uint32_t> counts;
  if (knn_row_counts(h.score))
    run_rows<std::uint32_t>(d, queries.data(), in.num_queries, in.items, keys, counts);
  else
    run_rows<double>(d, queries.data(), in.num_queries, in.items, keys, counts);
  for (std::size_t q = 0; q < in.num_queries; ++q) {
    for (std::uint32_t j = 0; j < counts[q]; ++j) {
      const Key& key = keys[q * h.k + j];
      a.ids.push_back(key.lo);
      a.scores.push_back(score_of_largest_first_bits(key.hi));
    }
    a.ptr[q + 1] = a.ids.size();
  }
  const DeviceStats s = device_stats();
  a.h2d_bytes = s.host_to_device_bytes;
  a.d2h_bytes = s.device_to_host_bytes;
  a.peak_bytes = s.peak_bytes;
  return a;
}

}  // namespace spgraph
