// SPDX-License-Identifier: Apache-2.0
// BFS on a CUDA device: see bfs_cuda.hpp. The level loop is bfs_levels_driver.hpp's, the lane
// logic bfs_lanes.hpp's; this file maps the levels onto kernels (Beamer et al., SC 2012,
// Algorithms 2-3; Merrill, Garland & Grimshaw, PPoPP 2012, section 4, for the warp-per-row
// gather and the warp-aggregated queue):
//   push: one warp per queued vertex (grid-stride); a lane claims a neighbour with atomicOr on
//     its visited word; the warp's ballot of claims reserves its slots with one atomicAdd on the
//     queue's tail, and the degrees of the claimed vertices are summed by a warp shuffle into
//     one atomicAdd on the level's scout.
//   pull: one warp per 32-bit word of the visited bitmap; each lane scans its vertex's in-row to
//     the first parent in the frontier; the ballot is the next frontier's word, written by the
//     warp alone, and its popcount goes to the level's count.
//   push -> pull: the frontier bitmap set from the queue (atomicOr per vertex); pull -> push:
//     the queue compacted from the bitmap by cub::DeviceSelect::If over the vertex ids.
// Every kernel runs on the backend's stream; each level ends with the read-back of its counts,
// which also orders it before the next.
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#include "algorithms/bfs/bfs_cuda.hpp"

#include <thrust/iterator/counting_iterator.h>

#include <chrono>
#include <cub/device/device_select.cuh>
#include <string>

#include "algorithms/bfs/bfs_lanes.hpp"
#include "algorithms/bfs/bfs_levels_driver.hpp"
#include "engine/backend.hpp"
#include "engine/core/error.hpp"
#include "formats/device/cuda_error.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_buffer.hpp"
#include "formats/device/device_stats.hpp"

namespace spgraph {
namespace {

constexpr int kBlock = 256;
constexpr unsigned kFullMask = 0xffffffffu;

/// The counts a level reads back.
struct LevelCounts {
  unsigned long long found;  ///< push: the next queue's length
  unsigned long long scout;  ///< push: out-degree sum of the vertices found
  unsigned long long awake;  ///< pull: vertices found
};

/// A CSR structure in device memory.
struct DeviceArcs {
  const Offset* rp;
  const Vertex* col;
};

/// Where a level writes what it finds (either array may be null: not asked for).
struct Found {
  Vertex* level;
  Vertex* parent;
  __device__ void set(Vertex v, Vertex from, Vertex depth) const {
    if (level) level[v] = depth;
    if (parent) parent[v] = from;
  }
};

unsigned blocks_for(Offset threads) {
  const Offset b = (threads + kBlock - 1) / kBlock;
  return unsigned(b == 0 ? 1 : b < Offset(1) << 30 ? b : Offset(1) << 30);
}

__global__ void start_kernel(Vertex source, std::uint32_t* visited, Found out, Vertex* queue) {
  visited[bfs_word(source)] |= bfs_bit(source);
  out.set(source, source, 0);
  queue[0] = source;
}

__device__ unsigned long long warp_sum(unsigned long long x) {
  for (int offset = 16; offset > 0; offset /= 2) x += __shfl_xor_sync(kFullMask, x, offset);
  return x;
}

__global__ void __launch_bounds__(kBlock)
    push_kernel(DeviceArcs out, const Vertex* queue, Offset queue_size, Vertex* next,
                std::uint32_t* visited, Found found, Vertex depth, LevelCounts* counts) {
  const int lane = int(threadIdx.x & 31);
  const Offset warps = Offset(gridDim.x) * blockDim.x / 32;
  // q is the same for the 32 lanes of a warp, so every ballot below has the whole warp.
  for (Offset q = (Offset(blockIdx.x) * blockDim.x + threadIdx.x) / 32; q < queue_size;
       q += warps) {
    const Vertex u = queue[q];
    const Offset b = out.rp[u], e = out.rp[u + 1];
    unsigned long long scout = 0;
    for (Offset chunk = 0; chunk < bfs_push_chunks(e - b); ++chunk) {
      const Offset k = bfs_push_arc(b, e, chunk, lane);
      const Vertex v = k < e ? out.col[k] : 0;
      bool claimed = false;
      if (k < e && !bfs_test(visited, v)) {
        const std::uint32_t old = atomicOr(&visited[bfs_word(v)], bfs_bit(v));
        claimed = !(old & bfs_bit(v));
      }
      const std::uint32_t mask = __ballot_sync(kFullMask, claimed);
      if (mask == 0) continue;
      unsigned long long base = 0;
      if (lane == 0) base = atomicAdd(&counts->found, (unsigned long long)bfs_popcount(mask));
      base = __shfl_sync(kFullMask, base, 0);
      if (claimed) {
        next[base + unsigned(bfs_lane_slot(mask, lane))] = v;
        found.set(v, u, depth);
        scout += out.rp[v + 1] - out.rp[v];
      }
    }
    scout = warp_sum(scout);
    if (lane == 0 && scout) atomicAdd(&counts->scout, scout);
  }
}

__global__ void __launch_bounds__(kBlock)
    pull_kernel(DeviceArcs in, const std::uint32_t* frontier, std::uint32_t* next,
                std::uint32_t* visited, Found found, Vertex depth, Vertex n, LevelCounts* counts) {
  const int lane = int(threadIdx.x & 31);
  const Offset warps = Offset(gridDim.x) * blockDim.x / 32, words = bfs_bitmap_words(n);
  unsigned long long awake = 0;
  for (Offset w = (Offset(blockIdx.x) * blockDim.x + threadIdx.x) / 32; w < words; w += warps) {
    const std::uint32_t seen = visited[w];
    const Vertex v = Vertex(w * 32 + Offset(lane));
    const Vertex p = bfs_pull_lane_active(seen, w, n, lane)
                         ? bfs_first_frontier_parent(in.rp, in.col, frontier, v)
                         : kNoVertex;
    const std::uint32_t mask = __ballot_sync(kFullMask, p != kNoVertex);
    if (p != kNoVertex) found.set(v, p, depth);
    if (lane == 0) {
      next[w] = mask;
      visited[w] = seen | mask;
      awake += unsigned(bfs_popcount(mask));
    }
  }
  if (lane == 0 && awake) atomicAdd(&counts->awake, awake);
}

__global__ void queue_to_bitmap_kernel(const Vertex* queue, Offset size, std::uint32_t* bitmap) {
  const Offset i = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < size) atomicOr(&bitmap[bfs_word(queue[i])], bfs_bit(queue[i]));
}

/// Whether vertex v is in the bitmap: the selection of pull -> push.
struct InBitmap {
  const std::uint32_t* bitmap;
  __host__ __device__ bool operator()(Vertex v) const { return bfs_test(bitmap, v); }
};

double seconds_between(std::chrono::steady_clock::time_point a,
                       std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

/// Adds the transfers since `before` to `cost`, and the peak device memory.
void add_transfers(const DeviceStats& before, DeviceRun& cost) {
  const DeviceStats now = device_stats();
  cost.h2d_bytes += now.host_to_device_bytes - before.host_to_device_bytes;
  cost.d2h_bytes += now.device_to_host_bytes - before.device_to_host_bytes;
  cost.peak_bytes = cost.peak_bytes > now.peak_bytes ? cost.peak_bytes : now.peak_bytes;
}

}  // namespace

namespace detail {
/// The uploaded graph and every buffer a search needs, allocated once and reused.
struct BfsDeviceState {
  Vertex n = 0;
  Offset arcs = 0;
  bool symmetric = false;
  DeviceRun upload;
  DeviceBuffer<Offset> out_rp, in_rp;
  DeviceBuffer<Vertex> out_col, in_col;
  DeviceBuffer<std::uint32_t> visited, frontier, next_bits;
  DeviceBuffer<Vertex> level, parent, queue, next_queue;
  DeviceBuffer<LevelCounts> counts;
  DeviceBuffer<Offset> selected;
  DeviceBuffer<std::uint8_t> select_temp;
  std::size_t select_temp_bytes = 0;

  DeviceArcs out() const { return {out_rp.data(), out_col.data()}; }
  DeviceArcs in() const { return symmetric ? out() : DeviceArcs{in_rp.data(), in_col.data()}; }
};
}  // namespace detail

struct DeviceBfs::State : detail::BfsDeviceState {};

namespace {

/// The levels of bfs_levels_driver.hpp on the device.
class DeviceLevels {
 public:
  DeviceLevels(detail::BfsDeviceState& s, const BfsOptions& o, DeviceRun* cost)
      : s_(s), o_(o), times_(cost), stream_(cuda_stream()) {}

  void start(Vertex source) {
    const std::size_t words = bfs_bitmap_words(s_.n);
    cuda_check(cudaMemsetAsync(s_.visited.data(), 0, words * 4, stream_),
               "cudaMemsetAsync(visited)");
    if (o_.levels)
      cuda_check(cudaMemsetAsync(s_.level.data(), 0xff, std::size_t(s_.n) * 4, stream_),
                 "cudaMemsetAsync(level)");
    if (o_.parents)
      cuda_check(cudaMemsetAsync(s_.parent.data(), 0xff, std::size_t(s_.n) * 4, stream_),
                 "cudaMemsetAsync(parent)");
    start_kernel<<<1, 1, 0, stream_>>>(source, s_.visited.data(), found(), s_.queue.data());
    cuda_check(cudaGetLastError(), "bfs_cuda: start kernel launch");
    queue_size_ = 1;
  }

  BfsPushCounts push(Vertex depth) {
    zero_counts();
    push_kernel<<<blocks_for(queue_size_ * 32), kBlock, 0, stream_>>>(
        s_.out(), s_.queue.data(), queue_size_, s_.next_queue.data(), s_.visited.data(), found(),
        depth, s_.counts.data());
    cuda_check(cudaGetLastError(), "bfs_cuda: push kernel launch");
    const LevelCounts c = read_counts();
    std::swap(s_.queue, s_.next_queue);
    queue_size_ = c.found;
    return {Offset(c.found), Offset(c.scout)};
  }

  Offset pull(Vertex depth) {
    zero_counts();
    pull_kernel<<<blocks_for(bfs_bitmap_words(s_.n) * 32), kBlock, 0, stream_>>>(
        s_.in(), s_.frontier.data(), s_.next_bits.data(), s_.visited.data(), found(), depth, s_.n,
        s_.counts.data());
    cuda_check(cudaGetLastError(), "bfs_cuda: pull kernel launch");
    const LevelCounts c = read_counts();
    std::swap(s_.frontier, s_.next_bits);
    return Offset(c.awake);
  }

  void queue_to_bitmap() {
    cuda_check(cudaMemsetAsync(s_.frontier.data(), 0, bfs_bitmap_words(s_.n) * 4, stream_),
               "cudaMemsetAsync(frontier)");
    queue_to_bitmap_kernel<<<blocks_for(queue_size_), kBlock, 0, stream_>>>(
        s_.queue.data(), queue_size_, s_.frontier.data());
    cuda_check(cudaGetLastError(), "bfs_cuda: queue-to-bitmap kernel launch");
  }

  void bitmap_to_queue(Offset size) {
    std::size_t bytes = s_.select_temp_bytes;
    cuda_check(
        cub::DeviceSelect::If(s_.select_temp.data(), bytes, thrust::counting_iterator<Vertex>(0),
                              s_.queue.data(), s_.selected.data(), s_.n,
                              InBitmap{s_.frontier.data()}, stream_),
        "cub::DeviceSelect::If (frontier bitmap to queue)");
    queue_size_ = size;
  }

  void finish(BfsResult& r) {
    cuda_synchronize("cudaStreamSynchronize(bfs_cuda levels)");
    const auto t1 = std::chrono::steady_clock::now();
    if (o_.levels) r.level = s_.level.to_host();
    if (o_.parents) r.parent = s_.parent.to_host();
    if (times_) {
      times_->run_seconds = seconds_between(started_, t1);
      times_->download_seconds = seconds_between(t1, std::chrono::steady_clock::now());
    }
  }

 private:
  Found found() const {
    return {o_.levels ? s_.level.data() : nullptr, o_.parents ? s_.parent.data() : nullptr};
  }
  void zero_counts() {
    cuda_check(cudaMemsetAsync(s_.counts.data(), 0, sizeof(LevelCounts), stream_),
               "cudaMemsetAsync(level counts)");
  }
  LevelCounts read_counts() {
    LevelCounts c;
    s_.counts.download(&c);
    return c;
  }

  detail::BfsDeviceState& s_;
  const BfsOptions& o_;
  DeviceRun* times_;
  cudaStream_t stream_;
  Offset queue_size_ = 0;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace

DeviceBfs::DeviceBfs(const AdjacencyView& out, const AdjacencyView& in)
    : state_(std::make_unique<State>()) {
  require_backend(Backend::Cuda);
  const auto t0 = std::chrono::steady_clock::now();
  const DeviceStats before = device_stats();
  State& s = *state_;
  s.n = out.n;
  s.arcs = out.nnz();
  s.symmetric = in.row_ptr == out.row_ptr && in.col == out.col;
  s.out_rp = DeviceBuffer<Offset>::from_host(out.row_ptr, std::size_t(out.n) + 1);
  s.out_col = DeviceBuffer<Vertex>::from_host(out.col, out.nnz());
  if (!s.symmetric) {
    s.in_rp = DeviceBuffer<Offset>::from_host(in.row_ptr, std::size_t(in.n) + 1);
    s.in_col = DeviceBuffer<Vertex>::from_host(in.col, in.nnz());
  }
  const std::size_t words = bfs_bitmap_words(s.n);
  s.visited = DeviceBuffer<std::uint32_t>(words);
  s.frontier = DeviceBuffer<std::uint32_t>(words);
  s.next_bits = DeviceBuffer<std::uint32_t>(words);
  s.level = DeviceBuffer<Vertex>(s.n);
  s.parent = DeviceBuffer<Vertex>(s.n);
  s.queue = DeviceBuffer<Vertex>(s.n);
  s.next_queue = DeviceBuffer<Vertex>(s.n);
  s.counts = DeviceBuffer<LevelCounts>(1);
  s.selected = DeviceBuffer<Offset>(1);
  cuda_check(cub::DeviceSelect::If(
                 nullptr, s.select_temp_bytes, thrust::counting_iterator<Vertex>(0), s.queue.data(),
                 s.selected.data(), s.n, InBitmap{s.frontier.data()}, cuda_stream()),
             "cub::DeviceSelect::If (size query)");
  s.select_temp = DeviceBuffer<std::uint8_t>(s.select_temp_bytes);
  cuda_synchronize("cudaStreamSynchronize(bfs_cuda upload)");
  s.upload.upload_seconds = seconds_between(t0, std::chrono::steady_clock::now());
  add_transfers(before, s.upload);
}

DeviceBfs::~DeviceBfs() = default;

const DeviceRun& DeviceBfs::upload() const {
  return state_->upload;
}

BfsResult DeviceBfs::run(Vertex source, const BfsOptions& o, DeviceRun* cost) {
  if (source >= state_->n)
    throw IndexOutOfBounds("bfs: source " + std::to_string(source) +
                           " is not a vertex (n = " + std::to_string(state_->n) + ")");
  const DeviceStats before = device_stats();
  DeviceLevels levels(*state_, o, cost);
  BfsResult r;
  bfs_run_levels(levels, BfsShape{state_->n, state_->arcs}, source, o, r);
  if (cost) add_transfers(before, *cost);
  return r;
}

}  // namespace spgraph
