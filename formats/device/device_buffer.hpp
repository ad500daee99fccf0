// SPDX-License-Identifier: Apache-2.0
// DeviceBuffer<T>: n elements of device memory, owned (RAII, move-only), allocated from the
// device's stream-ordered pool (cudaMallocAsync on the backend's stream, cuda_runtime.hpp) and
// freed back to it. Copies to and from the host are ordered on the same stream and counted in
// device_stats(). Contents start uninitialized, as with make_unique_for_overwrite.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>

#include <cuda_runtime_api.h>

#include "formats/device/cuda_error.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_stats.hpp"

namespace spgraph {

template <class T>
class DeviceBuffer {
  static_assert(std::is_trivially_copyable_v<T>, "device buffers hold plain data");

 public:
  DeviceBuffer() = default;
  /// n uninitialized elements (none for n = 0); OutOfMemory names the bytes when the device
  /// has too few, BackendUnavailable when there is no device.
  explicit DeviceBuffer(std::size_t n) : n_(n) {
    if (n == 0) return;
    const std::size_t bytes = n * sizeof(T);
    void* p = nullptr;
    stream_ = cuda_stream();
    cuda_check_alloc(cudaMallocAsync(&p, bytes, stream_), "cudaMallocAsync", bytes);
    p_ = static_cast<T*>(p);
    device_stats_detail::count_allocation(bytes);
  }
  /// A copy of host[0, n) on the device.
  static DeviceBuffer from_host(const T* host, std::size_t n) {
    DeviceBuffer b(n);
    b.upload(host, n);
    return b;
  }
  static DeviceBuffer from_host(const std::vector<T>& host) {
    return from_host(host.data(), host.size());
  }
  DeviceBuffer(DeviceBuffer&& o) noexcept
      : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)), stream_(o.stream_) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    if (this != &o) {
      release();
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
      stream_ = o.stream_;
    }
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() { release(); }

  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }
  std::size_t bytes() const { return n_ * sizeof(T); }

  /// Copies host[0, n) into the first n elements (n <= size()); asynchronous on the stream, so
  /// `host` must stay valid until the next synchronisation.
  void upload(const T* host, std::size_t n) {
    if (n == 0) return;
    cuda_check(cudaMemcpyAsync(p_, host, n * sizeof(T), cudaMemcpyHostToDevice, cuda_stream()),
               "cudaMemcpyAsync(host to device)");
    device_stats_detail::count_host_to_device(n * sizeof(T));
  }
  /// Copies every element to host[0, size()) and waits for the copy.
  void download(T* host) const {
    if (n_ == 0) return;
    cuda_check(cudaMemcpyAsync(host, p_, bytes(), cudaMemcpyDeviceToHost, cuda_stream()),
               "cudaMemcpyAsync(device to host)");
    device_stats_detail::count_device_to_host(bytes());
    cuda_synchronize("cudaStreamSynchronize(device to host)");
  }
  std::vector<T> to_host() const {
    std::vector<T> out(n_);
    download(out.data());
    return out;
  }

 private:
  void release() noexcept {
    if (!p_) return;
    // A failure to free (a dying context) cannot be reported from a destructor; the pool's
    // memory goes back to the driver with the context.
    if (cudaFreeAsync(p_, stream_) != cudaSuccess) (void)cudaGetLastError();
    device_stats_detail::count_free(bytes());
    p_ = nullptr;
    n_ = 0;
  }

  T* p_ = nullptr;
  std::size_t n_ = 0;
  cudaStream_t stream_ = nullptr;  ///< the stream it was allocated on, and is freed on
};

}  // namespace spgraph
