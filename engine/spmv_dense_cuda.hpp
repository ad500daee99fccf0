// SPDX-License-Identifier: Apache-2.0
// The dense-vector SpMV of mxv/vxm on the CUDA backend (Descriptor::backend = Cuda): op(A) in
// CSR5 with the GPU tile shape (formats/csr5/csr5_gpu_params.hpp), uploaded with x, the kernel
// of formats/csr5/csr5_spmv_cuda.hpp, and y copied back. Nothing is cached on the device yet:
// each call uploads op(A) (counted in device_stats()).
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#pragma once

#if SPGRAPH_HAVE_CUDA

#include "engine/matrix.hpp"
#include "formats/csr5/csr5_build.hpp"
#include "formats/csr5/csr5_gpu_params.hpp"
#include "formats/csr5/csr5_spmv_cuda.hpp"
#include "formats/device/device_mirrors.hpp"

namespace spgraph {

/// y = op(A) ⊕.⊗ x on the device; x has op(A).ncols entries, y op(A).nrows (host memory).
template <class SR, class T>
void spmv_dense_cuda(const Matrix<T>& a, bool transpose, const typename SR::value_type* x,
                     typename SR::value_type* y) {
  using V = typename SR::value_type;
  const Csr<T>& s = transpose ? a.transposed() : a.csr();
  const Csr5<T> c = csr5_from_csr(s, csr5_gpu_params(s.nnz(), s.nrows));
  const DeviceCsr5<T> d = DeviceCsr5<T>::upload(c);
  const DeviceBuffer<V> dx = DeviceBuffer<V>::from_host(x, s.ncols);
  DeviceBuffer<V> dy(s.nrows);
  csr5_spmv_cuda<SR>(d, dx.data(), dy.data());
  dy.download(y);
}

}  // namespace spgraph

#endif
