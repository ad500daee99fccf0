// SPDX-License-Identifier: Apache-2.0
// PageRank on a CUDA device: the whole power iteration there (pagerank_steps_driver.hpp's loop
// over the kernels of pagerank_cuda.cu): out-degrees counted from the in-arcs, the fused step of
// pagerank_lanes.hpp (the pull SpMV over A' by CSR-vector groups and blocks for long rows, the
// update, the next contributions), and the step's Σ|r' - r| and dangling rank by
// cub::DeviceReduce. Same variants (Gap, Standard), damping, personalization and stopping rule
// as the CPU kernel (pagerank.hpp), in double; the ranks agree with the CPU's to the rounding
// of a different order of addition, and so does the step count (equal unless a step's
// Σ|r' - r| lies within that rounding of the tolerance).
//
// Transfers: in, the in-arcs once (and the teleport vector when personalized); out, the ranks
// once; per step 16 bytes (the step's two sums: the host decides when to stop).
//
// Refused with BackendUnavailable (no kernel on the device): weighted PageRank, float scores,
// the Gauss-Seidel sweep and the CSR5 format (the device runs its own CSR kernel).
//
// A plain header (no CUDA include): the entry point is defined in pagerank_cuda.cu (library
// spgraph_algorithms_cuda) with the CUDA backend, else by pagerank_cuda_refusal.cpp, which
// throws BackendUnavailable with backend_status's reason.
//
// STATUS: compiled (nvcc, sm_80 and sm_90), never run on a device: written where no GPU was
// lent. Its logic has run on the CPU through the host emulation (pagerank_emulated.hpp).
#pragma once

#include "algorithms/device_run.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/pagerank/pagerank_setup.hpp"
#include "algorithms/pagerank/pagerank_steps_driver.hpp"
#include "engine/backend.hpp"

namespace spgraph {

/// PageRank over in-arcs already prepared (arguments checked, teleport vector built).
PageRankResult pagerank_cuda(const PageRankPullInput& in, const PageRankOptions& o,
                             DeviceRun* cost = nullptr);

namespace detail {
/// Throws BackendUnavailable for the options the device has no kernel for.
inline void refuse_pagerank_cuda_options(const PageRankOptions& o) {
  if (o.weighted) no_kernel_on_backend(Backend::Cuda, "pagerank --weighted");
  if (o.precision == PageRankPrecision::Float)
    no_kernel_on_backend(Backend::Cuda, "pagerank --precision float");
  if (o.sweep == PageRankSweep::GaussSeidel)
    no_kernel_on_backend(Backend::Cuda, "pagerank --sweep gauss-seidel");
  if (o.spmv == SpmvFormat::Csr5) no_kernel_on_backend(Backend::Cuda, "pagerank --spmv csr5");
}
}  // namespace detail

/// pagerank() on the device; the same checks, then A' (or A when options.undirected) uploaded.
template <class T>
PageRankResult pagerank_cuda(const Matrix<T>& a, const PageRankOptions& options = {},
                             DeviceRun* cost = nullptr) {
  detail::check_pagerank_arguments(a.nrows(), a.ncols(), options);
  detail::refuse_pagerank_cuda_options(options);
  const detail::Teleport tp = detail::make_teleport(a.nrows(), options);
  const Csr<T>& in = options.undirected ? a.csr() : a.transposed();
  const PageRankPullInput input{a.nrows(), in.row_ptr.data(), in.col.data(), &tp.tele, tp.uniform};
  return pagerank_cuda(input, options, cost);
}

}  // namespace spgraph
