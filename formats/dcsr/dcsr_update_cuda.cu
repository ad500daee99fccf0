// SPDX-License-Identifier: Apache-2.0
// DcsrDevice (dcsr_cuda.hpp) on a CUDA device: construction, growth, batches, defragmentation
// and snapshots. A batch, after King et al., "Dynamic-CSR" (2016), section III.A (the batch
// grouped by row first, then Alg. 1-2 per row), in these device steps:
//   1. upload; keys (row << 32 | column) with the update's position, one thread each;
//   2. cub::DeviceRadixSort::SortPairs on the keys (stable: batch order kept among updates of
//      one entry), over the bits the row ids use;
//   3. one thread per update gathers its column, kind, value and counted flag in sorted order
//      and flags the first update of each row; cub::DeviceSelect::Flagged compacts the flags'
//      positions into the group boundaries (one download: the group count);
//   4. dcsr_merge_batch (dcsr_device_driver.hpp) with merge passes of one thread per group
//      (dcsr_merge_row), the counters summed by atomicAdd (integers: the same in any order),
//      and the pool rebuilt by compaction (dcsr_cuda_state.cuh) when rows were left pending.
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#include <thrust/iterator/counting_iterator.h>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_select.cuh>

#include <bit>
#include <string>

#include "engine/core/error.hpp"
#include "formats/dcsr/dcsr_cuda_state.cuh"
#include "formats/dcsr/dcsr_merge_lanes.hpp"

namespace spgraph {
namespace {

using dcsr_cuda::blocks_for;
using dcsr_cuda::kBlock;

__global__ void make_keys(const Vertex* rows, const Vertex* cols, std::size_t n,
                          unsigned long long* keys, std::uint32_t* index) {
  const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  keys[i] = (static_cast<unsigned long long>(rows[i]) << 32) | cols[i];
  index[i] = std::uint32_t(i);
}

/// The sorted batch's fields, and the flags of each row's first update.
template <class S>
__global__ void gather_sorted(const unsigned long long* keys, const std::uint32_t* index,
                              std::size_t n, const std::uint8_t* kind_in, const S* val_in,
                              const std::uint8_t* counted_in, Vertex* col, std::uint8_t* kind,
                              S* val, std::uint8_t* counted, std::uint8_t* head) {
  const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const std::uint32_t k = index[i];
  col[i] = Vertex(keys[i] & 0xFFFFFFFFull);
  kind[i] = kind_in ? kind_in[k] : std::uint8_t(UpdateKind::Insert);
  if (val) val[i] = val_in[k];
  if (counted) counted[i] = counted_in[k];
  head[i] = i == 0 || (keys[i] >> 32) != (keys[i - 1] >> 32);
}

__global__ void group_rows(const unsigned long long* keys, const std::uint32_t* begin,
                           std::uint32_t groups, Vertex* row) {
  const std::uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < groups) row[g] = Vertex(keys[begin[g]] >> 32);
}

template <class T, class S>
__global__ void merge_rows(DcsrDeviceArrays<S> a, DcsrDeviceBatch<S> b, DcsrMergeParams m,
                           unsigned long long* counters) {
  const std::uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= b.groups) return;
  const DcsrRowCounts t = dcsr_merge_row<T, PlusOp<T>>(a, b, g, m);
  for (unsigned i = 0; i < kDcsrCounters; ++i)
    if (t.c[i]) atomicAdd(counters + i, t.c[i]);
}

/// Runs a CUB algorithm twice: for its temporary storage size, then for real.
template <class Run>
void cub_call(const char* what, Run&& run) {
  std::size_t bytes = 0;
  cuda_check(run(nullptr, bytes), what);
  DeviceBuffer<std::uint8_t> temp(bytes);
  cuda_check(run(temp.data(), bytes), what);
}

}  // namespace

template <class T>
void dcsr_device_defragment(typename DcsrDevice<T>::Impl& d, Offset capacity);

/// One batch on the device, sorted and grouped: the Engine of dcsr_merge_batch.
template <class T>
struct DcsrDeviceBatchRun {
  using S = stored_value_t<T>;
  explicit DcsrDeviceBatchRun(typename DcsrDevice<T>::Impl& impl) : d(impl) {}
  typename DcsrDevice<T>::Impl& d;
  DeviceBuffer<Vertex> col, group_row;
  DeviceBuffer<std::uint8_t> kind, counted, kill, done;
  DeviceBuffer<S> val, found_val;
  DeviceBuffer<std::uint32_t> group_begin, found;
  DeviceBuffer<unsigned long long> counters{kDcsrCounters};
  std::uint32_t groups = 0;

  DcsrDeviceBatch<S> view() {
    DcsrDeviceBatch<S> b;
    b.col = col.data();
    b.kind = kind.data();
    b.val = val.size() ? val.data() : nullptr;
    b.counted = counted.size() ? counted.data() : nullptr;
    b.group_row = group_row.data();
    b.group_begin = group_begin.data();
    b.groups = groups;
    b.found = found.data();
    b.found_val = found_val.size() ? found_val.data() : nullptr;
    b.kill = kill.data();
    b.done = done.data();
    return b;
  }
  DcsrRowCounts merge_pass(const DcsrMergeParams& m) {
    const cudaStream_t s = cuda_stream();
    cuda_check(cudaMemsetAsync(counters.data(), 0, counters.bytes(), s), "cudaMemsetAsync");
    merge_rows<T><<<blocks_for(groups), kBlock, 0, s>>>(d.arrays(), view(), m, counters.data());
    cuda_check(cudaGetLastError(), "device Dynamic CSR: merge kernel launch");
    DcsrRowCounts t;
    counters.download(t.c);
    return t;
  }
  void defragment(Offset capacity) { dcsr_device_defragment<T>(d, capacity); }
  Offset live() const { return d.live; }
  void add_live(std::int64_t delta) { d.live = Offset(std::int64_t(d.live) + delta); }
  Offset allocated() const {
    const Offset b = d.bump_value();
    return b < d.col.size() ? b : d.col.size();
  }
};

/// Alg. 4 in place: the pool rebuilt compact with `capacity` slots, one segment per row.
template <class T>
void dcsr_device_defragment(typename DcsrDevice<T>::Impl& d, Offset capacity) {
  const DeviceBuffer<Offset> start = d.row_starts();
  DeviceBuffer<Vertex> c;
  DeviceBuffer<stored_value_t<T>> v;
  const Offset total = d.compact_into(start, capacity, c, v);
  d.col = std::move(c);  // freed in stream order, after the copy that reads it
  d.val = std::move(v);
  if (d.nrows > 0) {
    dcsr_cuda::set_compact<<<blocks_for(d.nrows), kBlock, 0, cuda_stream()>>>(d.arrays(),
                                                                              start.data());
    cuda_check(cudaGetLastError(), "device Dynamic CSR: compaction kernel launch");
  }
  d.live = total;
  d.set_bump(total);
  ++d.defrags;
}

template <class T>
DcsrDevice<T>::DcsrDevice(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

template <class T>
DcsrDevice<T>::DcsrDevice(Vertex nrows, Vertex ncols, bool pattern, DcsrParams params) {
  if (params.max_segments < 1 || params.max_segments > 255)
    throw InvalidArgument("device Dynamic CSR: max_segments must be 1 to 255");
  if (params.duplicates == DuplicatePolicy::Reject)
    throw InvalidArgument("device Dynamic CSR: the duplicate policy 'reject' does not apply");
  require_cuda_device();
  impl_ = std::make_unique<Impl>();
  impl_->ncols = ncols;
  impl_->pattern = pattern;
  impl_->params = params;
  impl_->allocate_rows(nrows);
  impl_->set_bump(0);
}

template <class T>
DcsrDevice<T> DcsrDevice<T>::from_csr(const Csr<T>& a, DcsrParams params) {
  DcsrDevice d(a.nrows, a.ncols, a.pattern, params);
  Impl& m = *d.impl_;
  // The rows as one compact pool: sizes and CSR arrays uploaded, then Alg. 4's last step.
  std::vector<std::uint32_t> sizes(a.nrows);
  for (Vertex r = 0; r < a.nrows; ++r) sizes[r] = std::uint32_t(a.row_ptr[r + 1] - a.row_ptr[r]);
  m.size.upload(sizes.data(), sizes.size());
  const DeviceBuffer<Offset> start = DeviceBuffer<Offset>::from_host(a.row_ptr);
  const Offset capacity = dcsr_pool_capacity(params, a.nnz(), 0);
  m.col = DeviceBuffer<Vertex>(capacity);
  m.col.upload(a.col.data(), a.col.size());
  if (!a.pattern) {
    m.val = DeviceBuffer<stored_value_t<T>>(capacity);
    m.val.upload(a.val.data(), a.val.size());
  }
  if (a.nrows > 0) {
    dcsr_cuda::set_compact<<<blocks_for(a.nrows), kBlock, 0, cuda_stream()>>>(m.arrays(),
                                                                              start.data());
    cuda_check(cudaGetLastError(), "device Dynamic CSR: compaction kernel launch");
  }
  m.live = a.nnz();
  m.set_bump(a.nnz());
  return d;
}

template <class T>
DcsrDevice<T>::DcsrDevice(DcsrDevice&&) noexcept = default;
template <class T>
DcsrDevice<T>& DcsrDevice<T>::operator=(DcsrDevice&&) noexcept = default;
template <class T>
DcsrDevice<T>::~DcsrDevice() = default;

template <class T>
Vertex DcsrDevice<T>::nrows() const {
  return impl_->nrows;
}
template <class T>
Vertex DcsrDevice<T>::ncols() const {
  return impl_->ncols;
}
template <class T>
Offset DcsrDevice<T>::nvals() const {
  return impl_->live;
}
template <class T>
std::uint64_t DcsrDevice<T>::version() const {
  return impl_->version;
}

template <class T>
void DcsrDevice<T>::resize(Vertex nrows, Vertex ncols) {
  Impl& m = *impl_;
  if (nrows < m.nrows || ncols < m.ncols)
    throw InvalidArgument("device Dynamic CSR: resize cannot shrink");
  m.ncols = ncols;
  if (nrows == m.nrows) return;
  Impl old;  // the old tables, moved out, then copied into the larger ones
  old.params = m.params;
  old.nrows = m.nrows;
  old.seg_start = std::move(m.seg_start);
  old.seg_cap = std::move(m.seg_cap);
  old.nseg = std::move(m.nseg);
  old.size = std::move(m.size);
  m.allocate_rows(nrows);
  const cudaStream_t s = cuda_stream();
  const auto copy = [&](void* dst, const void* src, std::size_t bytes) {
    if (bytes)
      cuda_check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, s),
                 "cudaMemcpyAsync(device to device)");
  };
  copy(m.seg_start.data(), old.seg_start.data(), old.seg_start.bytes());
  copy(m.seg_cap.data(), old.seg_cap.data(), old.seg_cap.bytes());
  copy(m.nseg.data(), old.nseg.data(), old.nseg.bytes());
  copy(m.size.data(), old.size.data(), old.size.bytes());
}

template <class T>
DcsrDeviceResult DcsrDevice<T>::apply(std::span<const UpdateKind> kinds,
                                      std::span<const Vertex> rows, std::span<const Vertex> cols,
                                      std::span<const T> vals,
                                      std::span<const std::uint8_t> counted) {
  using S = stored_value_t<T>;
  Impl& m = *impl_;
  const std::size_t n = rows.size();
  if (n == 0) {
    ++m.version;
    return {};
  }
  if (n > 0xFFFFFFFFu) throw InvalidArgument("device Dynamic CSR: a batch of 2^32 updates or more");
  const cudaStream_t s = cuda_stream();
  DcsrDeviceBatchRun<T> b(m);
  // Step 1: upload, keys.
  const auto up_rows = DeviceBuffer<Vertex>::from_host(rows.data(), n);
  const auto up_cols = DeviceBuffer<Vertex>::from_host(cols.data(), n);
  DeviceBuffer<std::uint8_t> up_kinds, up_counted;
  if (!kinds.empty())
    up_kinds = DeviceBuffer<std::uint8_t>::from_host(
        reinterpret_cast<const std::uint8_t*>(kinds.data()), n);
  if (!counted.empty()) up_counted = DeviceBuffer<std::uint8_t>::from_host(counted.data(), n);
  DeviceBuffer<S> up_vals;
  std::vector<S> host_vals;  // valid until the merge's first download synchronises
  if (!m.pattern) {
    host_vals.assign(vals.begin(), vals.end());
    up_vals = DeviceBuffer<S>::from_host(host_vals);
  }
  DeviceBuffer<unsigned long long> keys(n), sorted_keys(n);
  DeviceBuffer<std::uint32_t> index(n), sorted_index(n);
  make_keys<<<blocks_for(n), kBlock, 0, s>>>(up_rows.data(), up_cols.data(), n, keys.data(),
                                             index.data());
  cuda_check(cudaGetLastError(), "device Dynamic CSR: key kernel launch");
  // Step 2: the stable radix sort, over the bits the keys use.
  const int end_bit = 32 + int(std::bit_width(m.nrows > 0 ? m.nrows - 1 : 0u));
  cub_call("cub::DeviceRadixSort::SortPairs", [&](void* t, std::size_t& bytes) {
    return cub::DeviceRadixSort::SortPairs(t, bytes, keys.data(), sorted_keys.data(), index.data(),
                                           sorted_index.data(), n, 0, end_bit, s);
  });
  // Step 3: gather, flag, group.
  b.col = DeviceBuffer<Vertex>(n);
  b.kind = DeviceBuffer<std::uint8_t>(n);
  if (!m.pattern) b.val = DeviceBuffer<S>(n);
  if (!counted.empty()) b.counted = DeviceBuffer<std::uint8_t>(n);
  DeviceBuffer<std::uint8_t> head(n);
  gather_sorted<<<blocks_for(n), kBlock, 0, s>>>(
      sorted_keys.data(), sorted_index.data(), n, kinds.empty() ? nullptr : up_kinds.data(),
      m.pattern ? nullptr : up_vals.data(), counted.empty() ? nullptr : up_counted.data(),
      b.col.data(), b.kind.data(), m.pattern ? nullptr : b.val.data(),
      counted.empty() ? nullptr : b.counted.data(), head.data());
  cuda_check(cudaGetLastError(), "device Dynamic CSR: gather kernel launch");
  b.group_begin = DeviceBuffer<std::uint32_t>(n + 1);
  DeviceBuffer<std::uint32_t> selected(1);
  cub_call("cub::DeviceSelect::Flagged", [&](void* t, std::size_t& bytes) {
    return cub::DeviceSelect::Flagged(t, bytes, thrust::counting_iterator<std::uint32_t>(0),
                                      head.data(), b.group_begin.data(), selected.data(),
                                      std::int64_t(n), s);
  });
  b.groups = selected.to_host()[0];
  const std::uint32_t end = std::uint32_t(n);
  cuda_check(
      cudaMemcpyAsync(b.group_begin.data() + b.groups, &end, sizeof end, cudaMemcpyHostToDevice, s),
      "cudaMemcpyAsync(host to device)");
  device_stats_detail::count_host_to_device(sizeof end);
  b.group_row = DeviceBuffer<Vertex>(b.groups);
  group_rows<<<blocks_for(b.groups), kBlock, 0, s>>>(sorted_keys.data(), b.group_begin.data(),
                                                     b.groups, b.group_row.data());
  cuda_check(cudaGetLastError(), "device Dynamic CSR: group kernel launch");
  // Step 4: the merge.
  b.found = DeviceBuffer<std::uint32_t>(n);
  if (!m.pattern) b.found_val = DeviceBuffer<S>(n);
  b.kill = DeviceBuffer<std::uint8_t>(n);
  b.done = DeviceBuffer<std::uint8_t>(b.groups);
  cuda_check(cudaMemsetAsync(b.done.data(), 0, b.done.bytes(), s), "cudaMemsetAsync(done)");
  const DcsrMergeParams mp = dcsr_merge_params(
      m.params, m.pattern, dcsr_batch_needs_lookups(m.params.duplicates, kinds), m.live, m.nrows);
  const DcsrDeviceResult r = dcsr_merge_batch(b, m.params, mp);
  ++m.version;
  return r;
}

template <class T>
void DcsrDevice<T>::defragment() {
  dcsr_device_defragment<T>(*impl_, dcsr_pool_capacity(impl_->params, impl_->live, 0));
  cuda_synchronize("device Dynamic CSR: defragmentation");
}

template <class T>
DcsrDevice<T> DcsrDevice<T>::freeze() const {
  const Impl& m = *impl_;
  auto c = std::make_unique<Impl>();
  c->ncols = m.ncols;
  c->pattern = m.pattern;
  c->params = m.params;
  c->version = m.version;
  c->allocate_rows(m.nrows);
  if (m.nrows > 0)
    cuda_check(cudaMemcpyAsync(c->size.data(), m.size.data(), m.size.bytes(),
                               cudaMemcpyDeviceToDevice, cuda_stream()),
               "cudaMemcpyAsync(device to device)");
  const DeviceBuffer<Offset> start = m.row_starts();
  c->live = m.compact_into(start, 0, c->col, c->val);
  if (m.nrows > 0) {
    dcsr_cuda::set_compact<<<blocks_for(m.nrows), kBlock, 0, cuda_stream()>>>(c->arrays(),
                                                                              start.data());
    cuda_check(cudaGetLastError(), "device Dynamic CSR: compaction kernel launch");
  }
  c->set_bump(c->live);
  return DcsrDevice(std::move(c));
}

template class DcsrDevice<double>;
template class DcsrDevice<bool>;

}  // namespace spgraph
