// SPDX-License-Identifier: Apache-2.0
// The device closure's semi-naive rounds (closure_rounds_cuda.hpp): the DAG uploaded once; each
// round one masked boolean product by the device hash SpGEMM (pattern result, the complement
// of T as the mask, so only new pairs are formed) and one merge T ∪ D (one thread per row,
// closure_merge_lanes.hpp; offsets by an element-wise sum); the count of new pairs is the one
// value read back per round.
//
// STATUS: compiled (nvcc, -Werror, sm_80 and sm_90), never run: written where no GPU was lent.
#include <cuda_runtime_api.h>

#include <string>

#include "algorithms/closure/closure_merge_lanes.hpp"
#include "algorithms/closure/closure_rounds_cuda.hpp"
#include "engine/core/error.hpp"
#include "formats/csr/spgemm_hash_resident_cuda.hpp"
#include "formats/device/cuda_error.hpp"

namespace spgraph {
namespace {

constexpr unsigned kBlock = 256;

unsigned blocks_for(Offset n) {
  return unsigned((n + kBlock - 1) / kBlock);
}

__global__ void add_offsets(const Offset* t, const Offset* d, Offset n, Offset* out) {
  const Offset i = Offset(blockIdx.x) * kBlock + threadIdx.x;
  if (i <= n) out[i] = t[i] + d[i];
}

__global__ void merge_rows(const Offset* tp, const Vertex* tc, const Offset* dp, const Vertex* dc,
                           const Offset* op, Vertex* oc, Vertex n) {
  const Offset i = Offset(blockIdx.x) * kBlock + threadIdx.x;
  if (i >= n) return;
  closure_merge_rows(tc + tp[i], tp[i + 1] - tp[i], dc + dp[i], dp[i + 1] - dp[i], oc + op[i]);
}

/// T ∪ D for D disjoint from T, on the device.
DeviceCsr<bool> merge_disjoint(const DeviceCsr<bool>& t, const DeviceCsr<bool>& d, Offset nnz) {
  const cudaStream_t s = cuda_stream();
  DeviceCsr<bool> out;
  out.nrows = t.nrows;
  out.ncols = t.ncols;
  out.pattern = true;
  out.nnz = nnz;
  out.row_ptr = DeviceBuffer<Offset>(std::size_t(t.nrows) + 1);
  out.col = DeviceBuffer<Vertex>(nnz);
  add_offsets<<<blocks_for(Offset(t.nrows) + 1), kBlock, 0, s>>>(t.row_ptr.data(), d.row_ptr.data(),
                                                                 t.nrows, out.row_ptr.data());
  cuda_check(cudaGetLastError(), "dag_closure_cuda: offsets launch");
  merge_rows<<<blocks_for(t.nrows), kBlock, 0, s>>>(t.row_ptr.data(), t.col.data(),
                                                    d.row_ptr.data(), d.col.data(),
                                                    out.row_ptr.data(), out.col.data(), t.nrows);
  cuda_check(cudaGetLastError(), "dag_closure_cuda: merge launch");
  return out;
}

/// The entries of a device CSR (its last row pointer).
Offset entries_of(const DeviceCsr<bool>& a) {
  Offset n = 0;
  cuda_check(cudaMemcpyAsync(&n, a.row_ptr.data() + a.nrows, sizeof(Offset), cudaMemcpyDeviceToHost,
                             cuda_stream()),
             "cudaMemcpyAsync(device to host)");
  device_stats_detail::count_device_to_host(sizeof(Offset));
  cuda_synchronize("dag_closure_cuda: a count");
  return n;
}

[[noreturn]] void does_not_fit(double pairs, double bytes, std::size_t free_bytes) {
  throw OutOfMemory(
      "transitive closure (--backend cuda): the reach sets of the condensation "
      "do not fit in device memory: up to " +
      std::to_string(std::uint64_t(pairs)) + " component pairs need about " +
      std::to_string(std::uint64_t(bytes)) + " bytes, the device has " +
      std::to_string(free_bytes) + " free; use --backend cpu");
}

}  // namespace

Csr<bool> dag_closure_cuda(const Csr<bool>& dag, double component_pairs_bound, Vertex& rounds) {
  require_cuda_device();
  std::size_t free_bytes = 0, total_bytes = 0;
  cuda_check(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo");
  // T, T ∪ D and D (at most T's size) coexist during a merge, plus the product's workspace.
  const double need =
      4.0 * sizeof(Vertex) * component_pairs_bound + 4.0 * sizeof(Offset) * (double(dag.nrows) + 1);
  if (need > double(free_bytes)) does_not_fit(component_pairs_bound, need, free_bytes);
  rounds = 0;
  try {
    const DeviceCsr<bool> a = DeviceCsr<bool>::upload(dag);
    DeviceCsr<bool> t = DeviceCsr<bool>::upload(dag);
    DeviceCsr<bool> d = DeviceCsr<bool>::upload(dag);
    Offset t_entries = dag.nnz(), d_entries = dag.nnz();
    while (d_entries > 0) {
      d = spgemm_hash_cuda_device<LorLand<bool>>(d, a, &t, true, false);
      ++rounds;
      d_entries = entries_of(d);
      if (d_entries == 0) break;
      t_entries += d_entries;
      t = merge_disjoint(t, d, t_entries);
    }
    return t.download();
  } catch (const OutOfMemory&) {
    does_not_fit(component_pairs_bound, need, free_bytes);
  }
}

}  // namespace spgraph
