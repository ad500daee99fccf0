// SPDX-License-Identifier: Apache-2.0
// The cuSPARSE side of `spgraph compare spmv --backend cuda` and of the GPU benchmark
// (bench/gpu/spmv_bench.cu): y = A x with cusparseSpMV (the CUDA Toolkit's generic API, CSR, the
// default algorithm, α = 1, β = 0), as a cuSPARSE user writes a dense SpMV: its own CSR copy on
// the device (32-bit row offsets and columns when nnz fits, else 64-bit), x and y allocated once,
// the work buffer asked for once, every call on the CUDA backend's stream, so spgraph's kernels
// and cuSPARSE run on the same device in the same process. cuSPARSE's SpMV is arithmetic only
// (+, ×) over real types: the peer is plus_times over double; a pattern matrix is given values 1.
//
// libcusparse is opened at run time (dlopen of libcusparse.so.12), not linked: the library is
// 155 MB and the CLI carried to a GPU machine must start where it is missing; there the peer is
// BackendUnavailable naming the library. In a build without CUDA every constructor throws the
// backend's BackendUnavailable (cusparse_spmv_refusal.cpp).
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "formats/csr/csr.hpp"

namespace spgraph::peers {

/// A prepared cusparseSpMV on the device.
class CusparseSpmv {
 public:
  /// Uploads A (pattern entries as 1) and x (A.ncols entries); throws BackendUnavailable without
  /// the CUDA backend, a device or libcusparse, Error when a cuSPARSE call fails.
  template <class T>
  CusparseSpmv(const Csr<T>& a, const std::vector<double>& x);
  ~CusparseSpmv();
  CusparseSpmv(const CusparseSpmv&) = delete;
  CusparseSpmv& operator=(const CusparseSpmv&) = delete;

  /// One cusparseSpMV and a wait for it; returns its seconds.
  double run();
  /// Launches one cusparseSpMV without waiting (for timing with device events).
  void launch();
  /// y (A.nrows entries), copied back.
  std::vector<double> result() const;
  /// Device bytes cuSPARSE's side holds: its CSR copy, x, y and the work buffer.
  std::size_t device_bytes() const;
  /// "cuSPARSE 12.6.3" (the library's own version).
  std::string version() const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace spgraph::peers
