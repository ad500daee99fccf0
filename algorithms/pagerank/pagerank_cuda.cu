// SPDX-License-Identifier: Apache-2.0
// PageRank on a CUDA device: see pagerank_cuda.hpp. The loop is pagerank_steps_driver.hpp's, the
// lane logic pagerank_lanes.hpp's (CSR-vector pull, Bell & Garland, SC 2009, section 4.3; the
// step of the GAP benchmark's "pr"); this file maps a step onto kernels:
//   set-up (once, after the upload): out-degrees by an atomicAdd histogram of the in-arcs'
//     columns; the rows longer than kPageRankLongRow listed by cub::DeviceSelect::If.
//   start: r0, w0 and each vertex's dangling share, then their sum (cub::DeviceReduce).
//   step: long_rows_kernel, a block per long row (each warp's xor butterfly, then the warps'
//     sums in order, into long_sum); step_kernel, a group of `width` lanes per row (lane sums,
//     xor butterfly by __shfl_xor_sync), whose first lane runs pagerank_vertex_step with the
//     teleport weight of the previous step's dangling rank (read on the device) and writes the
//     rank, the next contribution and the vertex's (delta, dangling) pair; then
//     cub::DeviceReduce::Reduce of the pairs, whose 16 bytes the host reads to decide to stop.
// Kernels on one stream run in order. Device memory: the in-arcs, then 5 arrays of n doubles,
// the pairs (16n bytes), the degrees (4n) and the long-row list.
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#include "algorithms/pagerank/pagerank_cuda.hpp"

#include <thrust/iterator/counting_iterator.h>

#include <chrono>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_select.cuh>

#include "algorithms/pagerank/pagerank_lanes.hpp"
#include "formats/device/cuda_error.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_buffer.hpp"
#include "formats/device/device_stats.hpp"

namespace spgraph {
namespace {

constexpr int kBlock = 256;
constexpr unsigned kFullMask = 0xffffffffu;
static_assert(kPageRankBlock == kBlock, "a long row's block is one launch block");

/// A vertex's (delta, dangling), and their sum over a step.
struct StepPair {
  double delta;
  double dangling;
};

struct AddPairs {
  __host__ __device__ StepPair operator()(const StepPair& a, const StepPair& b) const {
    return {a.delta + b.delta, a.dangling + b.dangling};
  }
};

unsigned blocks_for(Offset threads) {
  const Offset b = (threads + kBlock - 1) / kBlock;
  return unsigned(b == 0 ? 1 : b);
}

__global__ void degree_kernel(const Vertex* in_col, Offset nnz, std::uint32_t* degree) {
  const Offset stride = Offset(gridDim.x) * blockDim.x;
  for (Offset k = Offset(blockIdx.x) * blockDim.x + threadIdx.x; k < nnz; k += stride)
    atomicAdd(&degree[in_col[k]], 1u);
}

__global__ void start_kernel(PageRankStepConstants c, Vertex n, const std::uint32_t* degree,
                             double* rank, double* w, StepPair* pairs) {
  const Offset v = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= n) return;
  const PageRankVertexStep s = pagerank_vertex_start(c, Vertex(v), degree[v]);
  rank[v] = s.rank;
  w[v] = s.contribution;
  pairs[v] = {0.0, s.dangling};
}

__device__ double xor_butterfly(double x, int width) {
  for (int offset = width / 2; offset > 0; offset /= 2)
    x += __shfl_xor_sync(kFullMask, x, offset, width);
  return x;
}

__global__ void __launch_bounds__(kBlock)
    long_rows_kernel(const Offset* in_rp, const Vertex* in_col, const Vertex* rows, const double* w,
                     double* long_sum) {
  __shared__ double warp_sums[kPageRankWarps];
  const Vertex v = rows[blockIdx.x];
  const int t = int(threadIdx.x);
  const double p =
      xor_butterfly(pagerank_lane_sum(in_col, w, in_rp[v], in_rp[v + 1], t, kBlock), 32);
  if ((t & 31) == 0) warp_sums[t / 32] = p;
  __syncthreads();
  if (t == 0) {
    double total = 0;
    for (int k = 0; k < kPageRankWarps; ++k) total += warp_sums[k];
    long_sum[v] = total;
  }
}

/// The fixed inputs of a step kernel.
struct StepArrays {
  const Offset* in_rp;
  const Vertex* in_col;
  const std::uint32_t* degree;
  const double* long_sum;
  const StepPair* previous;  ///< the previous step's sums (its dangling rank)
};

__global__ void __launch_bounds__(kBlock)
    step_kernel(StepArrays g, PageRankStepConstants c, bool standard, Vertex n, int width,
                const double* w, double* next_w, double* rank, StepPair* pairs) {
  const Offset thread = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  const Offset row = thread / Offset(width);
  const int lane = int(thread % Offset(width));
  // Every lane of the warp takes part in the shuffles; lanes past the last row add zeros.
  const bool valid = row < n;
  const Offset s = valid ? g.in_rp[row] : 0, e = valid ? g.in_rp[row + 1] : 0;
  const bool long_row = e - s > kPageRankLongRow;
  const double part = long_row ? 0.0 : pagerank_lane_sum(g.in_col, w, s, e, lane, width);
  const double sum = xor_butterfly(part, width);
  if (!valid || lane != 0) return;
  c.teleport_weight = pagerank_teleport_weight(c.damping, standard, g.previous->dangling);
  const Vertex v = Vertex(row);
  const PageRankVertexStep r =
      pagerank_vertex_step(c, v, long_row ? g.long_sum[v] : sum, rank[v], g.degree[v]);
  rank[v] = r.rank;
  next_w[v] = r.contribution;
  pairs[v] = {r.delta, r.dangling};
}

/// Rows longer than kPageRankLongRow.
struct IsLongRow {
  const Offset* in_rp;
  __host__ __device__ bool operator()(Vertex v) const {
    return in_rp[v + 1] - in_rp[v] > kPageRankLongRow;
  }
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// The steps of pagerank_steps_driver.hpp on the device.
class DeviceSteps {
 public:
  DeviceSteps(const PageRankPullInput& in, const PageRankOptions& o) : o_(o), n_(in.n) {
    const Offset nnz = in.in_rp[in.n];
    in_rp_ = DeviceBuffer<Offset>::from_host(in.in_rp, std::size_t(n_) + 1);
    in_col_ = DeviceBuffer<Vertex>::from_host(in.in_col, nnz);
    if (in.tele && !in.tele->empty()) tele_ = DeviceBuffer<double>::from_host(*in.tele);
    uniform_ = in.uniform;
    width_ = pagerank_group_width(nnz, n_);
    degree_ = DeviceBuffer<std::uint32_t>(n_);
    cuda_check(cudaMemsetAsync(degree_.data(), 0, std::size_t(n_) * 4, stream_),
               "cudaMemsetAsync(degree)");
    if (nnz > 0) {
      degree_kernel<<<blocks_for(nnz < Offset(1) << 26 ? nnz : Offset(1) << 26), kBlock, 0,
                      stream_>>>(in_col_.data(), nnz, degree_.data());
      cuda_check(cudaGetLastError(), "pagerank_cuda: degree kernel launch");
    }
    list_long_rows();
    rank_ = DeviceBuffer<double>(n_);
    w_ = DeviceBuffer<double>(n_);
    next_w_ = DeviceBuffer<double>(n_);
    long_sum_ = DeviceBuffer<double>(n_);
    pairs_ = DeviceBuffer<StepPair>(n_);
    sums_ = DeviceBuffer<StepPair>(2);
    cuda_check(cub::DeviceReduce::Reduce(nullptr, reduce_bytes_, pairs_.data(), sums_.data(), n_,
                                         AddPairs{}, StepPair{0, 0}, stream_),
               "cub::DeviceReduce::Reduce (size query)");
    reduce_temp_ = DeviceBuffer<std::uint8_t>(reduce_bytes_);
  }

  void start() {
    start_kernel<<<blocks_for(n_), kBlock, 0, stream_>>>(constants(), n_, degree_.data(),
                                                         rank_.data(), w_.data(), pairs_.data());
    cuda_check(cudaGetLastError(), "pagerank_cuda: start kernel launch");
    reduce_into(0);
  }

  PageRankStepSums step() {
    if (long_rows_ > 0) {
      long_rows_kernel<<<unsigned(long_rows_), kBlock, 0, stream_>>>(
          in_rp_.data(), in_col_.data(), long_list_.data(), w_.data(), long_sum_.data());
      cuda_check(cudaGetLastError(), "pagerank_cuda: long-row kernel launch");
    }
    const StepArrays g{in_rp_.data(), in_col_.data(), degree_.data(), long_sum_.data(),
                       sums_.data() + previous_};
    step_kernel<<<blocks_for(Offset(n_) * Offset(width_)), kBlock, 0, stream_>>>(
        g, constants(), o_.variant == PageRankVariant::Standard, n_, width_, w_.data(),
        next_w_.data(), rank_.data(), pairs_.data());
    cuda_check(cudaGetLastError(), "pagerank_cuda: step kernel launch");
    std::swap(w_, next_w_);
    previous_ = 1 - previous_;
    reduce_into(previous_);
    StepPair s;
    cuda_check(
        cudaMemcpyAsync(&s, sums_.data() + previous_, sizeof s, cudaMemcpyDeviceToHost, stream_),
        "cudaMemcpyAsync(step sums)");
    device_stats_detail::count_device_to_host(sizeof s);
    cuda_synchronize("cudaStreamSynchronize(pagerank_cuda step)");
    return {s.delta, s.dangling};
  }

  void finish(std::vector<double>& rank) { rank = rank_.to_host(); }

 private:
  PageRankStepConstants constants() const {
    return {o_.damping, 0.0, uniform_, tele_.size() ? tele_.data() : nullptr};
  }

  void reduce_into(int slot) {
    std::size_t bytes = reduce_bytes_;
    cuda_check(
        cub::DeviceReduce::Reduce(reduce_temp_.data(), bytes, pairs_.data(), sums_.data() + slot,
                                  n_, AddPairs{}, StepPair{0, 0}, stream_),
        "cub::DeviceReduce::Reduce (step sums)");
  }

  void list_long_rows() {
    long_list_ = DeviceBuffer<Vertex>(n_);
    DeviceBuffer<Offset> count(1);
    std::size_t bytes = 0;
    const thrust::counting_iterator<Vertex> ids(0);
    cuda_check(cub::DeviceSelect::If(nullptr, bytes, ids, long_list_.data(), count.data(), n_,
                                     IsLongRow{in_rp_.data()}, stream_),
               "cub::DeviceSelect::If (size query)");
    DeviceBuffer<std::uint8_t> temp(bytes);
    cuda_check(cub::DeviceSelect::If(temp.data(), bytes, ids, long_list_.data(), count.data(), n_,
                                     IsLongRow{in_rp_.data()}, stream_),
               "cub::DeviceSelect::If (long rows)");
    count.download(&long_rows_);
  }

  const PageRankOptions& o_;
  Vertex n_;
  cudaStream_t stream_ = cuda_stream();
  DeviceBuffer<Offset> in_rp_;
  DeviceBuffer<Vertex> in_col_, long_list_;
  DeviceBuffer<double> tele_, rank_, w_, next_w_, long_sum_;
  DeviceBuffer<std::uint32_t> degree_;
  DeviceBuffer<StepPair> pairs_, sums_;
  DeviceBuffer<std::uint8_t> reduce_temp_;
  std::size_t reduce_bytes_ = 0;
  double uniform_ = 0;
  int width_ = 1;
  Offset long_rows_ = 0;
  int previous_ = 0;  ///< the slot of sums_ holding the last reduced sums
};

}  // namespace

PageRankResult pagerank_cuda(const PageRankPullInput& in, const PageRankOptions& o,
                             DeviceRun* cost) {
  require_backend(Backend::Cuda);
  if (in.n == 0) {  // pagerank_run_steps's answer for n = 0, with nothing uploaded
    PageRankResult empty;
    empty.converged = true;
    return empty;
  }
  auto t0 = std::chrono::steady_clock::now();
  const DeviceStats before = device_stats();
  DeviceSteps steps(in, o);
  cuda_synchronize("cudaStreamSynchronize(pagerank_cuda upload)");
  if (cost) cost->upload_seconds = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  // The loop of pagerank_steps_driver.hpp, with the download timed apart.
  struct Timed {
    DeviceSteps& s;
    DeviceRun* cost;
    std::chrono::steady_clock::time_point t0;
    void start() { s.start(); }
    PageRankStepSums step() { return s.step(); }
    void finish(std::vector<double>& rank) {
      if (cost) cost->run_seconds = seconds_since(t0);
      const auto t1 = std::chrono::steady_clock::now();
      s.finish(rank);
      if (cost) cost->download_seconds = seconds_since(t1);
    }
  } timed{steps, cost, t0};
  PageRankResult r = pagerank_run_steps(timed, in.n, o);
  if (cost) {
    const DeviceStats now = device_stats();
    cost->h2d_bytes = now.host_to_device_bytes - before.host_to_device_bytes;
    cost->d2h_bytes = now.device_to_host_bytes - before.device_to_host_bytes;
    cost->peak_bytes = now.peak_bytes;
  }
  return r;
}

}  // namespace spgraph
