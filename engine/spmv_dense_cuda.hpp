// SPDX-License-Identifier: Apache-2.0
// The dense-vector SpMV on the CUDA backend (Descriptor::backend = Cuda, `spgraph spmv|mxv
// --backend cuda`): y = op(A) ⊕.⊗ x with op(A) in device memory, on one of two kernels:
//   - CSR5 (formats/csr5/csr5_spmv_cuda.hpp) with the GPU tile shape of the paper (ω = 32, σ
//     from the mean row length: formats/csr5/csr5_gpu_params.hpp);
//   - CSR vector (formats/csr/spmv_vector_cuda.hpp), a group of lanes per row;
// chosen by SpmvFormat (Csr5, Csr = CSR vector) or, for Auto, by the rule of
// formats/csr5/csr5_gpu_rule.hpp. The device mirror of op(A) is cached with the matrix
// (Matrix::backend_view, one per kernel and operand, and the rule's verdict too) and dropped
// when the matrix changes, so a second call uploads only x; every transfer is counted in
// device_stats().
//
// This header is plain C++ in every build: in a build without CUDA, DeviceSpmv's constructor
// throws the BackendUnavailable that names why (engine/backend.hpp), so callers (the CLI, the
// compare job) need no #if. It throws BackendUnavailable too for a (semiring, type) pair the
// kernels are not compiled for (formats/device/spmv_cuda_semirings.hpp).
//
// STATUS: compiled, never run (written where no GPU was available to run it).
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <type_traits>

#include "engine/backend.hpp"
#include "engine/core/descriptor.hpp"
#include "engine/matrix.hpp"
#include "formats/csr5/csr5_gpu_rule.hpp"
#include "formats/device/spmv_cuda_semirings.hpp"

#if SPGRAPH_HAVE_CUDA
#include "formats/csr/spmv_vector_cuda.hpp"
#include "formats/csr5/csr5_build.hpp"
#include "formats/csr5/csr5_gpu_params.hpp"
#include "formats/csr5/csr5_spmv_cuda.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_mirrors.hpp"
#endif

namespace spgraph {

/// The device kernel for op(A), never Auto (Csr means CSR vector), and why.
struct DeviceSpmvChoice {
  SpmvFormat format = SpmvFormat::Csr;
  std::string reason;
};

/// Resolves `asked` for op(A): Csr and Csr5 as given, Auto by gpu_spmv_choice (O(rows), once:
/// the verdict is cached with the matrix like the mirrors).
template <class T>
DeviceSpmvChoice choose_device_spmv_format(const Matrix<T>& a, bool transpose, SpmvFormat asked) {
  if (asked != SpmvFormat::Auto) return {asked, "asked for"};
  const auto v = a.template backend_view<GpuSpmvVerdict>(
      transpose, [&a, transpose] { return gpu_spmv_choice(transpose ? a.transposed() : a.csr()); });
  return {v->use_csr5 ? SpmvFormat::Csr5 : SpmvFormat::Csr, v->reason};
}

/// True when the device kernels are compiled for (SR, T) and its results are not bool (the
/// engine keeps boolean results on the CPU's bitmap kernel).
template <class SR, class T>
inline constexpr bool device_spmv_has =
    spmv_cuda_has<SR, T> && !std::is_same_v<typename SR::value_type, bool>;

#if SPGRAPH_HAVE_CUDA
/// The device CSR5 mirror of op(A) (GPU tile shape), cached with the matrix.
template <class T>
std::shared_ptr<const DeviceCsr5<T>> device_csr5_of(const Matrix<T>& a, bool transpose) {
  return a.template backend_view<DeviceCsr5<T>>(transpose, [&a, transpose] {
    const Csr<T>& s = transpose ? a.transposed() : a.csr();
    const Csr5<T> c = csr5_from_csr(s, csr5_gpu_params(s.nnz(), s.nrows));
    DeviceCsr5<T> d = DeviceCsr5<T>::upload(c);
    cuda_synchronize("cudaStreamSynchronize(CSR5 mirror upload)");  // c dies here
    return d;
  });
}

/// The device CSR mirror of op(A), cached with the matrix.
template <class T>
std::shared_ptr<const DeviceCsr<T>> device_csr_of(const Matrix<T>& a, bool transpose) {
  return a.template backend_view<DeviceCsr<T>>(transpose, [&a, transpose] {
    return DeviceCsr<T>::upload(transpose ? a.transposed() : a.csr());
  });
}
#endif

/// A dense SpMV prepared on the device: op(A)'s mirror (cached with the matrix; built and
/// uploaded on first use) and x uploaded, y allocated. run() launches the kernel and waits;
/// download() copies y back. Times are wall-clock seconds, each step synchronised.
template <class SR, class T>
class DeviceSpmv {
 public:
  using V = typename SR::value_type;

  /// x has op(A).ncols entries (host memory). Throws BackendUnavailable without the CUDA
  /// backend, a device, or a kernel for (SR, T).
  DeviceSpmv(const Matrix<T>& a, bool transpose, const V* x, SpmvFormat asked = SpmvFormat::Auto) {
    require_backend(Backend::Cuda);
    if constexpr (!device_spmv_has<SR, T>) {
      no_kernel_on_backend(Backend::Cuda, "the dense SpMV with this semiring and type");
    } else {
#if SPGRAPH_HAVE_CUDA
      const auto t0 = std::chrono::steady_clock::now();
      choice_ = choose_device_spmv_format(a, transpose, asked);
      if (choice_.format == SpmvFormat::Csr5)
        csr5_ = device_csr5_of(a, transpose);
      else
        csr_ = device_csr_of(a, transpose);
      matrix_seconds_ = seconds_since(t0);
      const auto t1 = std::chrono::steady_clock::now();
      ncols_ = transpose ? a.nrows() : a.ncols();
      nrows_ = transpose ? a.ncols() : a.nrows();
      x_ = DeviceBuffer<V>::from_host(x, ncols_);
      y_ = DeviceBuffer<V>(nrows_);
      cuda_synchronize("cudaStreamSynchronize(SpMV x upload)");
      x_seconds_ = seconds_since(t1);
#else
      (void)a, (void)transpose, (void)x, (void)asked;
#endif
    }
  }

  /// The kernel run (never Auto: Csr is CSR vector) and why.
  const DeviceSpmvChoice& choice() const {
    return choice_;
  }
  /// Seconds to get op(A)'s mirror: conversion and upload on first use, ~0 when cached.
  double matrix_seconds() const {
    return matrix_seconds_;
  }
  /// Seconds to upload x.
  double x_seconds() const {
    return x_seconds_;
  }

  /// Launches y = op(A) ⊕.⊗ x without waiting (ordered on the backend's stream).
  void launch() {
#if SPGRAPH_HAVE_CUDA
    if constexpr (device_spmv_has<SR, T>) {
      if (csr5_)
        csr5_spmv_cuda<SR>(*csr5_, x_.data(), y_.data());
      else
        csr_vector_spmv_cuda<SR>(*csr_, x_.data(), y_.data());
    }
#endif
  }
  /// Runs the kernel and waits for it; returns its seconds (launch included).
  double run() {
    const auto t0 = std::chrono::steady_clock::now();
    launch();
#if SPGRAPH_HAVE_CUDA
    cuda_synchronize("cudaStreamSynchronize(SpMV kernel)");
#endif
    return seconds_since(t0);
  }
  /// Copies y (op(A).nrows entries) to host memory; returns its seconds.
  double download(V* y) const {
    const auto t0 = std::chrono::steady_clock::now();
#if SPGRAPH_HAVE_CUDA
    y_.download(y);
#else
    (void)y;
#endif
    return seconds_since(t0);
  }
  /// Device pointers to x and y (for a peer that runs on the same vectors).
  const V* device_x() const {
    return ptr(x_);
  }
  V* device_y() {
    return ptr(y_);
  }

 private:
  static double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
#if SPGRAPH_HAVE_CUDA
  template <class B>
  static auto ptr(B& b) {
    return b.data();
  }
  std::shared_ptr<const DeviceCsr5<T>> csr5_;
  std::shared_ptr<const DeviceCsr<T>> csr_;
  DeviceBuffer<V> x_, y_;
#else
  template <class B>
  static V* ptr(const B&) {
    return nullptr;
  }
  int x_ = 0, y_ = 0;
#endif
  DeviceSpmvChoice choice_;
  Vertex nrows_ = 0, ncols_ = 0;
  double matrix_seconds_ = 0, x_seconds_ = 0;
};

/// y = op(A) ⊕.⊗ x on the device (x, y in host memory): mxv's and vxm's CUDA path.
template <class SR, class T>
void spmv_dense_cuda(const Matrix<T>& a, bool transpose, const typename SR::value_type* x,
                     typename SR::value_type* y, SpmvFormat format = SpmvFormat::Auto) {
  DeviceSpmv<SR, T> op(a, transpose, x, format);
  op.launch();
  op.download(y);
}

}  // namespace spgraph
