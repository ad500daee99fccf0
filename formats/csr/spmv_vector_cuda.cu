// SPDX-License-Identifier: Apache-2.0
// CSR-vector SpMV on a CUDA device: see spmv_vector_cuda.hpp. The phases are those of
// spmv_vector_lanes.hpp; this file maps them onto the GPU: thread i of the grid is lane
// i mod G of the group that works row i / G; phase 1 is csr_vector_lane_fold, phase 2 is
// log2 G steps of __shfl_xor_sync inside the group (a group's lanes sit in one warp, since G
// divides 32, and a group's lanes leave together, so each shuffle's mask names exactly the
// group), and lane 0 stores y[row]. ANY monoids: one thread per row takes the first term.
// Workspace: none.
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#include "formats/csr/spmv_vector_cuda.hpp"

#include <string>

#include "engine/core/error.hpp"
#include "formats/csr/spmv_vector_lanes.hpp"
#include "formats/device/cuda_error.hpp"

namespace spgraph {
namespace {

constexpr int kBlock = 256;

unsigned blocks_for(Offset threads) {
  return unsigned((threads + kBlock - 1) / kBlock);
}

/// The lanes of the calling thread's group inside its warp, as a shuffle mask.
__device__ unsigned group_mask(int group) {
  const unsigned lane_in_warp = threadIdx.x & 31u;
  const unsigned first = lane_in_warp & ~unsigned(group - 1);
  return group == 32 ? 0xffffffffu : ((1u << group) - 1u) << first;
}

template <class SR, class Stored>
__global__ void __launch_bounds__(kBlock)
    vector_rows(CsrArrays<Stored> a, const typename SR::value_type* x, typename SR::value_type* y,
                int group) {
  using V = typename SR::value_type;
  const Offset i = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  const Offset r = i / Offset(group);
  if (r >= a.nrows) return;  // the same for every lane of a group
  const int lane = int(i % Offset(group));
  V p = csr_vector_lane_fold<SR>(a, x, Vertex(r), lane, group);  // phase 1
  const unsigned mask = group_mask(group);
  for (int d = group / 2; d >= 1; d /= 2)  // phase 2
    p = csr_vector_butterfly_step<SR>(p, __shfl_xor_sync(mask, p, d, group));
  if (lane == 0) y[r] = p;
}

template <class SR, class Stored>
__global__ void any_rows(CsrArrays<Stored> a, const typename SR::value_type* x,
                         typename SR::value_type* y) {
  const Offset r = Offset(blockIdx.x) * blockDim.x + threadIdx.x;
  if (r < a.nrows) y[r] = csr_vector_any_term<SR>(a, x, Vertex(r));
}

}  // namespace

template <class SR, class T>
void csr_vector_spmv_cuda(const DeviceCsr<T>& d, const typename SR::value_type* x,
                          typename SR::value_type* y, int group) {
  if (group == 0) group = csr_vector_group_size(d.nnz, d.nrows);
  if (group < 1 || group > kCsrVectorMaxGroup || (group & (group - 1)) != 0)
    throw InvalidArgument("csr_vector_spmv_cuda: " + std::to_string(group) +
                          " lanes per row; the kernel needs a power of two from 1 to 32");
  if (d.nrows == 0) return;
  const cudaStream_t s = cuda_stream();
  const CsrArrays<stored_value_t<T>> a = d.arrays();
  if constexpr (SR::add_monoid::is_any) {
    any_rows<SR><<<blocks_for(d.nrows), kBlock, 0, s>>>(a, x, y);
  } else {
    vector_rows<SR><<<blocks_for(Offset(d.nrows) * Offset(group)), kBlock, 0, s>>>(a, x, y, group);
  }
  cuda_check(cudaGetLastError(), "csr_vector_spmv_cuda: kernel launch");
}

// The instances spmv_cuda_has names (formats/device/spmv_cuda_semirings.hpp).
#define I(SR, T)                                                                                 \
  template void csr_vector_spmv_cuda<SR, T>(const DeviceCsr<T>&, const typename SR::value_type*, \
                                            typename SR::value_type*, int);
SPGRAPH_CUDA_SPMV_INSTANCES
#undef I

}  // namespace spgraph
