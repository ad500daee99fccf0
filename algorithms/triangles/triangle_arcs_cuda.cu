// SPDX-License-Identifier: Apache-2.0
// The device triangle count's arc step (triangle_arcs_cuda.hpp): U uploaded once, one thread
// per arc running triangle_arc_count (triangle_arcs_lanes.hpp), the block's counts summed by
// cub::BlockReduce and added to the total by one atomicAdd per block; per-vertex counts by
// atomicAdd on the three corners of each triangle. Arcs are taken in order, so the threads of a
// warp mostly share their row u.
//
// STATUS: compiled (nvcc, -Werror, sm_80 and sm_90), never run: written where no GPU was lent.
#include <cub/block/block_reduce.cuh>

#include "algorithms/triangles/triangle_arcs_cuda.hpp"
#include "algorithms/triangles/triangle_arcs_lanes.hpp"
#include "formats/device/cuda_error.hpp"
#include "formats/device/device_mirrors.hpp"

namespace spgraph {
namespace {

constexpr unsigned kBlock = 256;

__global__ void __launch_bounds__(kBlock)
    count_arcs(TriangleArcsView g, unsigned long long* total, unsigned long long* per_vertex) {
  using Reduce = cub::BlockReduce<unsigned long long, kBlock>;
  __shared__ typename Reduce::TempStorage storage;
  const Offset e = Offset(blockIdx.x) * kBlock + threadIdx.x;
  unsigned long long found = 0;
  if (e < g.arcs) {
    found = triangle_arc_count(g, e, [&](Vertex w) {
      if (per_vertex != nullptr) atomicAdd(per_vertex + w, 1ull);
    });
    if (per_vertex != nullptr && found > 0) {
      atomicAdd(per_vertex + triangle_arc_source(g, e), found);
      atomicAdd(per_vertex + g.col[e], found);
    }
  }
  const unsigned long long block_total = Reduce(storage).Sum(found);
  if (threadIdx.x == 0 && block_total > 0) atomicAdd(total, block_total);
}

}  // namespace

ArcTriangleCounts triangle_arcs_cuda(const Csr<bool>& u, bool per_vertex) {
  require_cuda_device();
  ArcTriangleCounts r;
  const cudaStream_t s = cuda_stream();
  const DeviceCsr<bool> d = DeviceCsr<bool>::upload(u);
  DeviceBuffer<unsigned long long> total(1), counts(per_vertex ? u.nrows : 0);
  cuda_check(cudaMemsetAsync(total.data(), 0, total.bytes(), s), "cudaMemsetAsync");
  if (per_vertex)
    cuda_check(cudaMemsetAsync(counts.data(), 0, counts.bytes(), s), "cudaMemsetAsync");
  const TriangleArcsView g{u.nrows, u.nnz(), d.row_ptr.data(), d.col.data()};
  if (g.arcs > 0) {
    count_arcs<<<unsigned((g.arcs + kBlock - 1) / kBlock), kBlock, 0, s>>>(
        g, total.data(), per_vertex ? counts.data() : nullptr);
    cuda_check(cudaGetLastError(), "triangle_arcs_cuda: kernel launch");
  }
  unsigned long long t = 0;
  total.download(&t);
  r.triangles = t;
  if (per_vertex) {
    const std::vector<unsigned long long> c = counts.to_host();
    r.per_vertex.assign(c.begin(), c.end());
  }
  return r;
}

}  // namespace spgraph
