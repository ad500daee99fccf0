// SPDX-License-Identifier: Apache-2.0
// Hash SpGEMM on a CUDA device: see spgemm_hash_cuda.hpp. The phases are the paper's Fig. 1
// (Nagasaka, Nukada & Matsuoka, ICPP 2017); the per-thread steps are those of
// spgemm_hash_lanes.hpp, which the host emulation runs on the CPU. This file maps them onto the
// GPU:
//   1. products and key bound per row (one thread per row, Alg. 2) and the row's bin;
//   2. grouping: cub::DeviceHistogram counts the rows of each bin, cub::DeviceScan gives the
//      groups' offsets, cub::DeviceRadixSort (on the 3-bit bin id, stable) lists the rows of
//      each group, so no matrix is reordered (§III-A);
//   3. symbolic: one kernel per non-empty bin, each on its own stream so that the groups run
//      concurrently (§III-B): shared-memory tables for bins 1-6 (PWARP/ROW for bin 1, TB/ROW
//      above), global-memory tables sized per row for bin 7 (their offsets by a scan);
//   4. cub::DeviceScan over the counts gives C's row pointers; C is allocated exactly;
//   5-6. numeric: the rows regrouped by their exact count (step 6 of Fig. 1), one kernel per
//      bin again: insert with values, compact, rank and write the row sorted (§III-C); bin 7
//      rows are written unsorted to a staging area, sorted by cub::DeviceSegmentedSort and
//      copied into C.
// Every allocation is from the backend's stream-ordered pool (DeviceBuffer) on the backend's
// stream; the bin streams wait for an event recorded there, and it waits for theirs after.
//
// STATUS: compiled (nvcc, -Werror, sm_80 and sm_90), never run: written where no GPU was lent.
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_sort.cuh>

#include <array>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "formats/csr/spgemm_hash_resident_cuda.hpp"
#include "formats/device/cuda_error.hpp"

namespace spgraph {
namespace {

constexpr unsigned kRowBlock = 256;

unsigned blocks_for(Offset threads, unsigned block = kRowBlock) {
  return unsigned((threads + block - 1) / block);
}

/// The lanes' atomics on the device: compare-and-swap on the keys, and the semiring's add on
/// the values by atomicAdd (plus on a native type) or a compare-and-swap loop.
struct DeviceAtomics {
  __device__ static Vertex load(const Vertex* p) { return *static_cast<const volatile Vertex*>(p); }
  __device__ static Vertex cas(Vertex* p, Vertex expected, Vertex desired) {
    return atomicCAS(p, expected, desired);
  }
  template <class SR, class W, class V>
  __device__ static void combine(W* p, V x) {
    constexpr bool plus = std::is_same_v<typename SR::add_monoid, PlusMonoid<V>>;
    if constexpr (plus && std::is_same_v<W, double>) {
      atomicAdd(p, x);
    } else if constexpr (plus && std::is_same_v<W, std::int64_t>) {
      atomicAdd(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(x));
    } else {
      static_assert(sizeof(W) == 4 || sizeof(W) == 8, "table words are 4 or 8 bytes");
      using U = std::conditional_t<sizeof(W) == 8, unsigned long long, unsigned>;
      U* up = reinterpret_cast<U*>(p);
      U old = *up;
      while (true) {
        W current;
        memcpy(&current, &old, sizeof(W));
        const W next = static_cast<W>(SR::add(static_cast<V>(current), x));
        U desired;
        memcpy(&desired, &next, sizeof(W));
        if (desired == old) return;
        const U seen = atomicCAS(up, old, desired);
        if (seen == old) return;
        old = seen;
      }
    }
  }
};

template <class T>
SpgemmCsrView<stored_value_t<T>> view_of(const DeviceCsr<T>& a) {
  return {a.nrows, a.ncols, a.row_ptr.data(), a.col.data(), a.pattern ? nullptr : a.val.data()};
}

/// Runs a CUB device algorithm: the size query, the temporary storage, the call.
template <class F>
void cub_run(const char* what, F&& f) {
  std::size_t bytes = 0;
  cuda_check(f(nullptr, bytes), what);
  DeviceBuffer<std::uint8_t> temp(bytes);
  cuda_check(f(temp.data(), bytes), what);
}

/// One value from device memory (counted as a transfer).
template <class T>
T download_one(const T* p) {
  T x{};
  cuda_check(cudaMemcpyAsync(&x, p, sizeof(T), cudaMemcpyDeviceToHost, cuda_stream()),
             "cudaMemcpyAsync(device to host)");
  device_stats_detail::count_device_to_host(sizeof(T));
  cuda_synchronize("spgemm_hash_cuda: a count");
  return x;
}

/// The bins' streams, and the events that order them after and before the backend's stream.
struct BinStreams {
  cudaStream_t stream[kSpgemmDeviceBinCount] = {};
  cudaEvent_t ready = nullptr;
  cudaEvent_t done[kSpgemmDeviceBinCount] = {};
  BinStreams() {
    for (int b = 0; b < kSpgemmDeviceBinCount; ++b) {
      cuda_check(cudaStreamCreateWithFlags(&stream[b], cudaStreamNonBlocking), "cudaStreamCreate");
      cuda_check(cudaEventCreateWithFlags(&done[b], cudaEventDisableTiming), "cudaEventCreate");
    }
    cuda_check(cudaEventCreateWithFlags(&ready, cudaEventDisableTiming), "cudaEventCreate");
  }
  /// The bin streams start after everything queued on the backend's stream so far.
  void fork() {
    cuda_check(cudaEventRecord(ready, cuda_stream()), "cudaEventRecord");
    for (cudaStream_t s : stream)
      cuda_check(cudaStreamWaitEvent(s, ready, 0), "cudaStreamWaitEvent");
  }
  /// The backend's stream continues after everything queued on the bin streams.
  void join() {
    for (int b = 0; b < kSpgemmDeviceBinCount; ++b) {
      cuda_check(cudaEventRecord(done[b], stream[b]), "cudaEventRecord");
      cuda_check(cudaStreamWaitEvent(cuda_stream(), done[b], 0), "cudaStreamWaitEvent");
    }
  }
};

BinStreams& bin_streams() {
  static BinStreams s;  // created once, on first use (the device exists by then)
  return s;
}

// ---- Phase 1: key bounds and bins ----

template <class SA, class SB>
__global__ void row_bins(SpgemmCsrView<SA> a, SpgemmCsrView<SB> b, SpgemmMaskView m, int min_bin,
                         Offset* bound, std::uint8_t* bin) {
  const Offset i = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= a.nrows) return;
  const Offset k = spgemm_key_bound(spgemm_row_products(a, b, Vertex(i)), b.ncols, m, Vertex(i));
  bound[i] = k;
  bin[i] = std::uint8_t(spgemm_device_bin(k, min_bin));
}

__global__ void count_bins(const Offset* row_ptr, Vertex m, int min_bin, Offset* count,
                           std::uint8_t* bin) {
  const Offset i = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= m) return;
  count[i] = row_ptr[i + 1] - row_ptr[i];
  bin[i] = std::uint8_t(spgemm_device_bin(count[i], min_bin));
}

__global__ void iota(Vertex* v, Vertex n) {
  const Offset i = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) v[i] = Vertex(i);
}

/// The rows of each bin: rows[offset[b], offset[b + 1]) are bin b's, ascending.
struct RowGroups {
  DeviceBuffer<Vertex> rows;
  std::array<int, kSpgemmDeviceBinCount + 1> offset{};
  Offset size(int b) const { return Offset(offset[b + 1] - offset[b]); }
  const Vertex* of(int b) const { return rows.data() + offset[b]; }
};

/// Phase 2: histogram, scan and a stable sort of the row ids by bin.
RowGroups group_rows(const DeviceBuffer<std::uint8_t>& bin, Vertex m) {
  const cudaStream_t s = cuda_stream();
  DeviceBuffer<int> hist(kSpgemmDeviceBinCount + 1), offset(kSpgemmDeviceBinCount + 1);
  cuda_check(cudaMemsetAsync(hist.data(), 0, hist.bytes(), s), "cudaMemsetAsync");
  cub_run("cub::DeviceHistogram::HistogramEven", [&](void* t, std::size_t& n) {
    return cub::DeviceHistogram::HistogramEven(t, n, bin.data(), hist.data(),
                                               kSpgemmDeviceBinCount + 1, 0, kSpgemmDeviceBinCount,
                                               int(m), s);
  });
  cub_run("cub::DeviceScan::ExclusiveSum (bins)", [&](void* t, std::size_t& n) {
    return cub::DeviceScan::ExclusiveSum(t, n, hist.data(), offset.data(),
                                         kSpgemmDeviceBinCount + 1, s);
  });
  RowGroups g;
  offset.download(g.offset.data());
  DeviceBuffer<Vertex> ids(m);
  DeviceBuffer<std::uint8_t> sorted_bins(m);
  g.rows = DeviceBuffer<Vertex>(m);
  iota<<<blocks_for(m), kRowBlock, 0, s>>>(ids.data(), m);
  cuda_check(cudaGetLastError(), "spgemm_hash_cuda: iota launch");
  cub_run("cub::DeviceRadixSort::SortPairs (bins)", [&](void* t, std::size_t& n) {
    return cub::DeviceRadixSort::SortPairs(t, n, bin.data(), sorted_bins.data(), ids.data(),
                                           g.rows.data(), int(m), 0, 3, s);
  });
  return g;
}

// ---- Phase 3: symbolic ----

template <int kBin, class SA, class SB>
__global__ void __launch_bounds__(spgemm_device_bin_params(kBin).block)
    symbolic_shared(SpgemmCsrView<SA> a, SpgemmCsrView<SB> b, SpgemmMaskView m, const Vertex* rows,
                    Offset n, Offset* count) {
  constexpr SpgemmDeviceBin kP = spgemm_device_bin_params(kBin);
  constexpr unsigned kRows = kP.block / kP.threads_per_row;
  constexpr Offset kSlots = Offset(1) << kP.table_log2;
  extern __shared__ __align__(16) unsigned char smem[];
  __shared__ unsigned claimed_in_row[kRows];
  const unsigned r = threadIdx.x / kP.threads_per_row, t = threadIdx.x % kP.threads_per_row;
  const Offset q = Offset(blockIdx.x) * kRows + r;
  Vertex* keys = reinterpret_cast<Vertex*>(smem) + r * kSlots;
  if (t == 0) claimed_in_row[r] = 0;
  spgemm_lane_clear<Vertex>(keys, nullptr, kSlots, t, kP.threads_per_row, 0);
  __syncthreads();
  if (q < n) {
    const unsigned c = spgemm_lane_symbolic<DeviceAtomics>(
        a, b, m, rows[q], spgemm_lane_of(t, kP.threads_per_row), keys, kP.table_log2);
    if (c > 0) atomicAdd(&claimed_in_row[r], c);
  }
  __syncthreads();
  if (q < n && t == 0) count[rows[q]] = claimed_in_row[r];
}

/// A global table's slots start at ends[q] - 2^log2 (ends: inclusive scan of the sizes).
__global__ void global_table_sizes(const Vertex* rows, Offset n, const Offset* keys, Offset* size) {
  const Offset q = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (q < n) size[q] = Offset(1) << spgemm_global_table_log2(keys[rows[q]]);
}

template <class SA, class SB>
__global__ void __launch_bounds__(1024)
    symbolic_global(SpgemmCsrView<SA> a, SpgemmCsrView<SB> b, SpgemmMaskView m, const Vertex* rows,
                    const Offset* bound, const Offset* ends, Vertex* tables, Offset* count) {
  __shared__ unsigned long long claimed;
  const Vertex i = rows[blockIdx.x];
  const unsigned log2 = spgemm_global_table_log2(bound[i]);
  Vertex* keys = tables + ends[blockIdx.x] - (Offset(1) << log2);
  if (threadIdx.x == 0) claimed = 0;
  spgemm_lane_clear<Vertex>(keys, nullptr, Offset(1) << log2, threadIdx.x, blockDim.x, 0);
  __syncthreads();
  const unsigned c = spgemm_lane_symbolic<DeviceAtomics>(
      a, b, m, i, spgemm_lane_of(threadIdx.x, blockDim.x), keys, log2);
  if (c > 0) atomicAdd(&claimed, static_cast<unsigned long long>(c));
  __syncthreads();
  if (threadIdx.x == 0) count[i] = claimed;
}

// ---- Phase 6: numeric ----

/// Where a numeric kernel writes: C's row pointers, columns and values (nullptr: a pattern).
template <class V>
struct NumericOut {
  const Offset* row_ptr;
  Vertex* col;
  stored_value_t<V>* val;
};

template <int kBin, class SR, class SA, class SB>
__global__ void __launch_bounds__(spgemm_device_bin_params(kBin).block)
    numeric_shared(SpgemmCsrView<SA> a, SpgemmCsrView<SB> b, SpgemmMaskView m, const Vertex* rows,
                   Offset n, NumericOut<typename SR::value_type> out) {
  using V = typename SR::value_type;
  using W = spgemm_table_word_t<V>;
  constexpr SpgemmDeviceBin kP = spgemm_device_bin_params(kBin);
  constexpr unsigned kRows = kP.block / kP.threads_per_row;
  constexpr Offset kSlots = Offset(1) << kP.table_log2;
  extern __shared__ __align__(16) unsigned char smem[];
  __shared__ unsigned fill[kRows];
  const unsigned r = threadIdx.x / kP.threads_per_row, t = threadIdx.x % kP.threads_per_row;
  const Offset q = Offset(blockIdx.x) * kRows + r;
  Vertex* keys = reinterpret_cast<Vertex*>(smem) + r * kSlots;
  W* vals = out.val == nullptr
                ? nullptr
                : reinterpret_cast<W*>(smem + kRows * kSlots * sizeof(Vertex)) + r * kSlots;
  if (t == 0) fill[r] = 0;
  spgemm_lane_clear<W>(keys, vals, kSlots, t, kP.threads_per_row, static_cast<W>(SR::identity()));
  __syncthreads();
  const Vertex i = q < n ? rows[q] : 0;
  if (q < n)
    spgemm_lane_numeric<SR, DeviceAtomics>(a, b, m, i, spgemm_lane_of(t, kP.threads_per_row), keys,
                                           vals, kP.table_log2);
  __syncthreads();
  Vertex ck[kSpgemmSlotsPerThread];
  W cv[kSpgemmSlotsPerThread];
  const unsigned taken = spgemm_lane_take_chunk<W>(keys, vals, t, ck, cv);
  const unsigned at = taken > 0 ? atomicAdd(&fill[r], taken) : 0;
  __syncthreads();
  spgemm_lane_put_chunk<W>(keys, vals, at, taken, ck, cv);
  __syncthreads();
  if (q >= n) return;
  const Offset begin = out.row_ptr[i];
  const unsigned entries = unsigned(out.row_ptr[i + 1] - begin);
  for (unsigned e = t; e < entries; e += kP.threads_per_row) {
    const unsigned rank = spgemm_rank(keys, entries, e);
    out.col[begin + rank] = keys[e];
    if (vals != nullptr) out.val[begin + rank] = static_cast<V>(vals[e]);
  }
}

/// Bin 7: the row's entries go, unsorted, to its stretch of the staging area
/// [stage_end[q] - entries, stage_end[q]).
template <class SR, class SA, class SB>
__global__ void __launch_bounds__(1024)
    numeric_global(SpgemmCsrView<SA> a, SpgemmCsrView<SB> b, SpgemmMaskView m, const Vertex* rows,
                   const Offset* row_ptr, const Offset* table_end, Vertex* tables,
                   spgemm_table_word_t<typename SR::value_type>* table_vals,
                   const Offset* stage_end, Vertex* stage_col,
                   spgemm_table_word_t<typename SR::value_type>* stage_val) {
  using W = spgemm_table_word_t<typename SR::value_type>;
  __shared__ unsigned long long fill;
  const Vertex i = rows[blockIdx.x];
  const Offset entries = row_ptr[i + 1] - row_ptr[i];
  const unsigned log2 = spgemm_global_table_log2(entries);
  const Offset slots = Offset(1) << log2, first = table_end[blockIdx.x] - slots;
  Vertex* keys = tables + first;
  W* vals = table_vals == nullptr ? nullptr : table_vals + first;
  if (threadIdx.x == 0) fill = 0;
  spgemm_lane_clear<W>(keys, vals, slots, threadIdx.x, blockDim.x, static_cast<W>(SR::identity()));
  __syncthreads();
  spgemm_lane_numeric<SR, DeviceAtomics>(a, b, m, i, spgemm_lane_of(threadIdx.x, blockDim.x), keys,
                                         vals, log2);
  __syncthreads();
  const Offset base = stage_end[blockIdx.x] - entries;
  for (Offset s = threadIdx.x; s < slots; s += blockDim.x) {
    if (keys[s] == kSpgemmEmptyKey) continue;
    const Offset at = base + atomicAdd(&fill, 1ull);
    stage_col[at] = keys[s];
    if (vals != nullptr) stage_val[at] = vals[s];
  }
}

/// The staging stretch of bin-7 row q: [begin[q], end[q]).
__global__ void stage_bounds(const Vertex* rows, Offset n, const Offset* row_ptr, Offset* entries) {
  const Offset q = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (q < n) entries[q] = row_ptr[rows[q] + 1] - row_ptr[rows[q]];
}

__global__ void stage_begins(const Offset* end, const Offset* entries, Offset n, Offset* begin) {
  const Offset q = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (q < n) begin[q] = end[q] - entries[q];
}

/// Copies the sorted staging stretch of bin-7 row q (one block per row) into C.
template <class V>
__global__ void unstage(const Vertex* rows, const Offset* stage_begin, const Vertex* stage_col,
                        const spgemm_table_word_t<V>* stage_val, NumericOut<V> out) {
  const Vertex i = rows[blockIdx.x];
  const Offset begin = out.row_ptr[i], entries = out.row_ptr[i + 1] - begin;
  const Offset from = stage_begin[blockIdx.x];
  for (Offset e = threadIdx.x; e < entries; e += blockDim.x) {
    out.col[begin + e] = stage_col[from + e];
    if (out.val != nullptr) out.val[begin + e] = static_cast<V>(stage_val[from + e]);
  }
}

// ---- The driver ----

/// Dynamic shared memory of a block of bin b: its rows' tables, keys and value words.
std::size_t shared_bytes(int b, std::size_t value_bytes) {
  const SpgemmDeviceBin p = spgemm_device_bin_params(b);
  return std::size_t(p.block / p.threads_per_row) * (std::size_t(1) << p.table_log2) *
         (sizeof(Vertex) + value_bytes);
}

template <class K>
void allow_shared(K kernel, std::size_t bytes) {
  cuda_check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)),
             "cudaFuncSetAttribute(MaxDynamicSharedMemorySize)");
}

template <class SA, class SB>
struct Operands {
  SpgemmCsrView<SA> a;
  SpgemmCsrView<SB> b;
  SpgemmMaskView m;
};

/// The global-memory tables of bin 7: row q's slots end at ends[q] (an inclusive scan).
template <class W>
struct GlobalTables {
  DeviceBuffer<Offset> ends;
  DeviceBuffer<Vertex> keys;
  DeviceBuffer<W> vals;
};

/// Sizes bin 7's tables for keys_per_row[i] keys each and allocates them (backend's stream).
template <class W>
GlobalTables<W> global_tables(const RowGroups& g, const Offset* keys_per_row, bool values) {
  GlobalTables<W> t;
  const Offset n = g.size(kSpgemmGlobalBin);
  if (n == 0) return t;
  const cudaStream_t s = cuda_stream();
  DeviceBuffer<Offset> size(n);
  t.ends = DeviceBuffer<Offset>(n);
  global_table_sizes<<<blocks_for(n), kRowBlock, 0, s>>>(g.of(kSpgemmGlobalBin), n, keys_per_row,
                                                         size.data());
  cuda_check(cudaGetLastError(), "spgemm_hash_cuda: table size launch");
  cub_run("cub::DeviceScan::InclusiveSum (global tables)", [&](void* tmp, std::size_t& bytes) {
    return cub::DeviceScan::InclusiveSum(tmp, bytes, size.data(), t.ends.data(), int(n), s);
  });
  const Offset slots = download_one(t.ends.data() + n - 1);
  t.keys = DeviceBuffer<Vertex>(slots);
  if (values) t.vals = DeviceBuffer<W>(slots);
  return t;
}

template <int kBin, class SA, class SB>
void symbolic_bin(const Operands<SA, SB>& o, const RowGroups& g, Offset* count, cudaStream_t s) {
  constexpr SpgemmDeviceBin kP = spgemm_device_bin_params(kBin);
  const Offset n = g.size(kBin);
  if (n == 0) return;
  const std::size_t bytes = shared_bytes(kBin, 0);
  allow_shared(symbolic_shared<kBin, SA, SB>, bytes);
  symbolic_shared<kBin, SA, SB>
      <<<blocks_for(n, kP.block / kP.threads_per_row), kP.block, bytes, s>>>(o.a, o.b, o.m,
                                                                             g.of(kBin), n, count);
  cuda_check(cudaGetLastError(), "spgemm_hash_cuda: symbolic kernel launch");
}

/// Phase 3: every bin's kernel on its stream; count[i] = the entries of row i of C.
template <class SA, class SB>
void symbolic(const Operands<SA, SB>& o, const RowGroups& g, const Offset* bound, Offset* count) {
  GlobalTables<Vertex> t = global_tables<Vertex>(g, bound, false);
  BinStreams& bs = bin_streams();
  bs.fork();
  symbolic_bin<1>(o, g, count, bs.stream[1]);
  symbolic_bin<2>(o, g, count, bs.stream[2]);
  symbolic_bin<3>(o, g, count, bs.stream[3]);
  symbolic_bin<4>(o, g, count, bs.stream[4]);
  symbolic_bin<5>(o, g, count, bs.stream[5]);
  symbolic_bin<6>(o, g, count, bs.stream[6]);
  if (const Offset n = g.size(kSpgemmGlobalBin); n > 0) {
    symbolic_global<<<unsigned(n), 1024, 0, bs.stream[kSpgemmGlobalBin]>>>(
        o.a, o.b, o.m, g.of(kSpgemmGlobalBin), bound, t.ends.data(), t.keys.data(), count);
    cuda_check(cudaGetLastError(), "spgemm_hash_cuda: global symbolic kernel launch");
  }
  bs.join();
}

template <int kBin, class SR, class SA, class SB>
void numeric_bin(const Operands<SA, SB>& o, const RowGroups& g,
                 NumericOut<typename SR::value_type> out, cudaStream_t s) {
  using W = spgemm_table_word_t<typename SR::value_type>;
  constexpr SpgemmDeviceBin kP = spgemm_device_bin_params(kBin);
  const Offset n = g.size(kBin);
  if (n == 0) return;
  const std::size_t bytes = shared_bytes(kBin, out.val != nullptr ? sizeof(W) : 0);
  allow_shared(numeric_shared<kBin, SR, SA, SB>, bytes);
  numeric_shared<kBin, SR, SA, SB>
      <<<blocks_for(n, kP.block / kP.threads_per_row), kP.block, bytes, s>>>(o.a, o.b, o.m,
                                                                             g.of(kBin), n, out);
  cuda_check(cudaGetLastError(), "spgemm_hash_cuda: numeric kernel launch");
}

/// Bin 7's staging area: row q's unsorted entries at [begin[q], end[q]), then sorted.
template <class W>
struct Staging {
  DeviceBuffer<Offset> begin, end;
  DeviceBuffer<Vertex> col, sorted_col;
  DeviceBuffer<W> val, sorted_val;
  Offset entries = 0;
};

template <class W>
Staging<W> staging(const RowGroups& g, const Offset* row_ptr, bool values) {
  Staging<W> st;
  const Offset n = g.size(kSpgemmGlobalBin);
  if (n == 0) return st;
  const cudaStream_t s = cuda_stream();
  DeviceBuffer<Offset> entries(n);
  st.begin = DeviceBuffer<Offset>(n);
  st.end = DeviceBuffer<Offset>(n);
  stage_bounds<<<blocks_for(n), kRowBlock, 0, s>>>(g.of(kSpgemmGlobalBin), n, row_ptr,
                                                   entries.data());
  cuda_check(cudaGetLastError(), "spgemm_hash_cuda: staging launch");
  cub_run("cub::DeviceScan::InclusiveSum (staging)", [&](void* tmp, std::size_t& bytes) {
    return cub::DeviceScan::InclusiveSum(tmp, bytes, entries.data(), st.end.data(), int(n), s);
  });
  stage_begins<<<blocks_for(n), kRowBlock, 0, s>>>(st.end.data(), entries.data(), n,
                                                   st.begin.data());
  cuda_check(cudaGetLastError(), "spgemm_hash_cuda: staging launch");
  st.entries = download_one(st.end.data() + n - 1);
  st.col = DeviceBuffer<Vertex>(st.entries);
  st.sorted_col = DeviceBuffer<Vertex>(st.entries);
  if (values) {
    st.val = DeviceBuffer<W>(st.entries);
    st.sorted_val = DeviceBuffer<W>(st.entries);
  }
  return st;
}

/// Sorts bin 7's staged rows by column (CUB segmented sort) and copies them into C.
template <class V, class W>
void sort_staged(const RowGroups& g, Staging<W>& st, NumericOut<V> out) {
  const Offset n = g.size(kSpgemmGlobalBin);
  if (n == 0 || st.entries == 0) return;
  const cudaStream_t s = cuda_stream();
  if (out.val != nullptr)
    cub_run("cub::DeviceSegmentedSort::SortPairs", [&](void* tmp, std::size_t& bytes) {
      return cub::DeviceSegmentedSort::SortPairs(
          tmp, bytes, st.col.data(), st.sorted_col.data(), st.val.data(), st.sorted_val.data(),
          std::int64_t(st.entries), std::int64_t(n), st.begin.data(), st.end.data(), s);
    });
  else
    cub_run("cub::DeviceSegmentedSort::SortKeys", [&](void* tmp, std::size_t& bytes) {
      return cub::DeviceSegmentedSort::SortKeys(tmp, bytes, st.col.data(), st.sorted_col.data(),
                                                std::int64_t(st.entries), std::int64_t(n),
                                                st.begin.data(), st.end.data(), s);
    });
  unstage<V><<<unsigned(n), kRowBlock, 0, s>>>(g.of(kSpgemmGlobalBin), st.begin.data(),
                                               st.sorted_col.data(), st.sorted_val.data(), out);
  cuda_check(cudaGetLastError(), "spgemm_hash_cuda: unstage launch");
}

/// Phases 5-6 for rows grouped by their exact count.
template <class SR, class SA, class SB>
void numeric(const Operands<SA, SB>& o, const RowGroups& g, const Offset* count,
             NumericOut<typename SR::value_type> out) {
  using W = spgemm_table_word_t<typename SR::value_type>;
  const bool values = out.val != nullptr;
  GlobalTables<W> t = global_tables<W>(g, count, values);
  Staging<W> st = staging<W>(g, out.row_ptr, values);
  BinStreams& bs = bin_streams();
  bs.fork();
  numeric_bin<1, SR>(o, g, out, bs.stream[1]);
  numeric_bin<2, SR>(o, g, out, bs.stream[2]);
  numeric_bin<3, SR>(o, g, out, bs.stream[3]);
  numeric_bin<4, SR>(o, g, out, bs.stream[4]);
  numeric_bin<5, SR>(o, g, out, bs.stream[5]);
  numeric_bin<6, SR>(o, g, out, bs.stream[6]);
  if (const Offset n = g.size(kSpgemmGlobalBin); n > 0) {
    numeric_global<SR><<<unsigned(n), 1024, 0, bs.stream[kSpgemmGlobalBin]>>>(
        o.a, o.b, o.m, g.of(kSpgemmGlobalBin), out.row_ptr, t.ends.data(), t.keys.data(),
        values ? t.vals.data() : nullptr, st.end.data(), st.col.data(),
        values ? st.val.data() : nullptr);
    cuda_check(cudaGetLastError(), "spgemm_hash_cuda: global numeric kernel launch");
  }
  bs.join();
  sort_staged(g, st, out);
}

void record(const RowGroups& g, Offset (&rows)[kSpgemmDeviceBinCount]) {
  for (int b = 0; b < kSpgemmDeviceBinCount; ++b) rows[b] = g.size(b);
}

}  // namespace

template <class SR, class TA, class TB>
DeviceCsr<typename SR::value_type> spgemm_hash_cuda_device(const DeviceCsr<TA>& a,
                                                           const DeviceCsr<TB>& b,
                                                           const DeviceCsr<bool>* allowed,
                                                           bool complement, bool values,
                                                           int min_bin, SpgemmBinRows* rows) {
  using V = typename SR::value_type;
  const Vertex m = a.nrows;
  const cudaStream_t s = cuda_stream();
  DeviceCsr<V> c;
  c.nrows = m;
  c.ncols = b.ncols;
  c.pattern = !values;
  c.row_ptr = DeviceBuffer<Offset>(std::size_t(m) + 1);
  cuda_check(cudaMemsetAsync(c.row_ptr.data(), 0, c.row_ptr.bytes(), s), "cudaMemsetAsync");
  if (m == 0) return c;
  Operands<stored_value_t<TA>, stored_value_t<TB>> o{view_of(a), view_of(b), {}};
  if (allowed != nullptr) o.m = {allowed->row_ptr.data(), allowed->col.data(), complement};
  DeviceBuffer<Offset> bound(m), count(std::size_t(m) + 1);
  DeviceBuffer<std::uint8_t> bin(m);
  cuda_check(cudaMemsetAsync(count.data(), 0, count.bytes(), s), "cudaMemsetAsync");
  row_bins<<<blocks_for(m), kRowBlock, 0, s>>>(o.a, o.b, o.m, min_bin, bound.data(), bin.data());
  cuda_check(cudaGetLastError(), "spgemm_hash_cuda: bin kernel launch");
  {
    const RowGroups g = group_rows(bin, m);
    if (rows != nullptr) record(g, rows->symbolic);
    symbolic(o, g, bound.data(), count.data());
  }
  cub_run("cub::DeviceScan::ExclusiveSum (row pointers)", [&](void* tmp, std::size_t& bytes) {
    return cub::DeviceScan::ExclusiveSum(tmp, bytes, count.data(), c.row_ptr.data(), int(m) + 1, s);
  });
  const Offset nnz = download_one(c.row_ptr.data() + m);
  c.nnz = nnz;
  c.col = DeviceBuffer<Vertex>(nnz);
  if (values) c.val = DeviceBuffer<stored_value_t<V>>(nnz);
  count_bins<<<blocks_for(m), kRowBlock, 0, s>>>(c.row_ptr.data(), m, min_bin, count.data(),
                                                 bin.data());
  cuda_check(cudaGetLastError(), "spgemm_hash_cuda: bin kernel launch");
  const RowGroups g = group_rows(bin, m);
  if (rows != nullptr) record(g, rows->numeric);
  numeric<SR>(o, g, count.data(),
              NumericOut<V>{c.row_ptr.data(), c.col.data(), values ? c.val.data() : nullptr});
  return c;
}

template <class SR, class TA, class TB>
Csr<typename SR::value_type> spgemm_hash_cuda(const Csr<TA>& a, const Csr<TB>& b,
                                              const Csr<bool>* allowed, bool complement,
                                              bool values, int min_bin, SpgemmBinRows* rows) {
  require_cuda_device();
  const DeviceCsr<TA> da = DeviceCsr<TA>::upload(a);
  const DeviceCsr<TB> db = DeviceCsr<TB>::upload(b);
  DeviceCsr<bool> dm;
  if (allowed != nullptr) dm = DeviceCsr<bool>::upload(*allowed);
  return spgemm_hash_cuda_device<SR>(da, db, allowed != nullptr ? &dm : nullptr, complement, values,
                                     min_bin, rows)
      .download();
}

// The instances spgemm_cuda_has names.
#define SPGRAPH_SPGEMM_CUDA(SR, T)                                                       \
  template Csr<typename SR::value_type> spgemm_hash_cuda<SR, T, T>(                      \
      const Csr<T>&, const Csr<T>&, const Csr<bool>*, bool, bool, int, SpgemmBinRows*);  \
  template DeviceCsr<typename SR::value_type> spgemm_hash_cuda_device<SR, T, T>(         \
      const DeviceCsr<T>&, const DeviceCsr<T>&, const DeviceCsr<bool>*, bool, bool, int, \
      SpgemmBinRows*);
SPGRAPH_SPGEMM_CUDA(PlusTimes<double>, double)
SPGRAPH_SPGEMM_CUDA(MinPlus<double>, double)
SPGRAPH_SPGEMM_CUDA(MaxPlus<double>, double)
SPGRAPH_SPGEMM_CUDA(PlusPair<std::int64_t>, double)
SPGRAPH_SPGEMM_CUDA(PlusTimes<std::int64_t>, std::int64_t)
SPGRAPH_SPGEMM_CUDA(PlusTimes<double>, bool)
SPGRAPH_SPGEMM_CUDA(PlusPair<std::int64_t>, bool)
SPGRAPH_SPGEMM_CUDA(AnyPair<std::int64_t>, bool)
SPGRAPH_SPGEMM_CUDA(MinSecondI<std::int64_t>, bool)
SPGRAPH_SPGEMM_CUDA(LorLand<bool>, bool)

}  // namespace spgraph
