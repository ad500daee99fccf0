// SPDX-License-Identifier: Apache-2.0
// The CUDA backend's device layer (formats/device) and CSR5 kernel (formats/csr5/
// csr5_spmv_cuda.cu), built only with SPGRAPH_ENABLE_CUDA.
//   - Without a device: the error mapping (every CUDA error becomes an spgraph error naming the
//     call, out of memory naming the bytes), that the probe, the stream and an allocation all
//     report the same reason as BackendUnavailable, and that the kernel refuses a CSR5 view
//     whose ω is not 32.
//   - With a device (else skipped with the probe's reason): uploads round-trip for CSR, CSR5 and
//     pattern vectors, transfers and allocations are counted, an impossible allocation is
//     OutOfMemory naming its bytes, and the CSR5 kernel equals the host run of the same lane
//     algorithm (csr5_spmv_lanes) entry for entry on integer-valued inputs, for every compiled
//     semiring, over shapes with empty rows, dirty tiles, a huge row and a tail.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/semiring.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr5/csr5_build.hpp"
#include "formats/csr5/csr5_gpu_params.hpp"
#include "formats/csr5/csr5_spmv_cuda.hpp"
#include "formats/csr5/csr5_spmv_lanes.hpp"
#include "formats/device/cuda_error.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_buffer.hpp"
#include "formats/device/device_mirrors.hpp"
#include "formats/device/device_stats.hpp"

namespace spgraph::testing {
namespace {

#define SKIP_WITHOUT_DEVICE()                                                   \
  do {                                                                          \
    if (cuda_device_info().count == 0)                                          \
      GTEST_SKIP() << "skipped: no CUDA device: " << cuda_device_info().reason; \
  } while (0)

TEST(CudaErrors, EachErrorNamesItsCall) {
  const std::string oom =
      cuda_error_message(cudaErrorMemoryAllocation, "cudaMallocAsync", std::size_t(1) << 40);
  EXPECT_NE(oom.find("cudaMallocAsync"), std::string::npos) << oom;
  EXPECT_NE(oom.find("1099511627776 bytes"), std::string::npos) << oom;
  EXPECT_THROW(throw_cuda_error(cudaErrorMemoryAllocation, "cudaMallocAsync", 64), OutOfMemory);
  EXPECT_THROW(throw_cuda_error(cudaErrorNoDevice, "cudaGetDeviceCount"), BackendUnavailable);
  EXPECT_THROW(throw_cuda_error(cudaErrorInsufficientDriver, "cudaSetDevice"), BackendUnavailable);
  try {
    throw_cuda_error(cudaErrorIllegalAddress, "cudaStreamSynchronize(csr5 kernel)");
    FAIL() << "no throw";
  } catch (const OutOfMemory&) {
    FAIL() << "wrong type";
  } catch (const BackendUnavailable&) {
    FAIL() << "wrong type";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("cudaStreamSynchronize(csr5 kernel) failed"), std::string::npos) << m;
    EXPECT_NE(m.find("cudaErrorIllegalAddress"), std::string::npos) << m;
  }
  EXPECT_NO_THROW(cuda_check(cudaSuccess, "anything"));
}

TEST(CudaRuntime, WithoutADeviceEveryEntryPointSaysWhy) {
  const CudaDeviceInfo& info = cuda_device_info();
  if (info.count > 0) GTEST_SKIP() << "skipped: a device is present (" << info.name << ")";
  EXPECT_NE(info.reason.find("cudaGetDeviceCount"), std::string::npos) << info.reason;
  EXPECT_THROW(require_cuda_device(), BackendUnavailable);
  EXPECT_THROW(cuda_stream(), BackendUnavailable);
  const DeviceStats before = device_stats();
  EXPECT_THROW(DeviceBuffer<double>(1000), BackendUnavailable);
  EXPECT_EQ(device_stats().allocations, before.allocations);
  EXPECT_NO_THROW(DeviceBuffer<double>(0));  // an empty buffer needs no device
}

TEST(CudaCsr5, AViewWithoutOmega32IsRefusedBeforeAnyDeviceCall) {
  DeviceCsr5<double> d;  // an empty view with a CPU tile shape
  d.view.omega = 8;
  d.view.nrows = 5;
  EXPECT_THROW(csr5_spmv_cuda<PlusTimes<double>>(d, nullptr, nullptr), InvalidArgument);
}

TEST(CudaMirrors, UploadsRoundTripAndAreCounted) {
  SKIP_WITHOUT_DEVICE();
  reset_device_stats();
  Csr<double> a = Csr<double>::empty(4, 6, false);
  a.row_ptr = {0, 2, 2, 5, 6};
  a.col = {0, 5, 1, 2, 3, 4};
  a.val = {1, 2, 3, 4, 5, 6};
  const DeviceCsr<double> d = DeviceCsr<double>::upload(a);
  const Csr<double> back = d.download();
  EXPECT_EQ(back.row_ptr, a.row_ptr);
  EXPECT_EQ(back.col, a.col);
  EXPECT_EQ(back.val, a.val);
  const DeviceStats s = device_stats();
  EXPECT_EQ(s.host_to_device_copies, 3u);
  EXPECT_EQ(s.host_to_device_bytes, 5 * 8 + 6 * 4 + 6 * 8u);
  EXPECT_EQ(s.device_to_host_copies, 3u);
  EXPECT_GE(s.bytes_in_use, d.bytes());
  EXPECT_GE(s.peak_bytes, s.bytes_in_use);

  SparseVector<double> v(100);
  v.set(3, 1.0);
  v.set(70, 2.0);
  EXPECT_EQ(DevicePatternVector::upload(v).download_indices(), (std::vector<Vertex>{3, 70}));
  v.to_bitmap();
  EXPECT_EQ(DevicePatternVector::upload(v).download_indices(), (std::vector<Vertex>{3, 70}));
}

TEST(CudaMirrors, AnImpossibleAllocationIsOutOfMemoryNamingItsBytes) {
  SKIP_WITHOUT_DEVICE();
  const std::size_t n = std::size_t(1) << 47;  // 1 PiB of doubles
  try {
    DeviceBuffer<double> b(n);
    FAIL() << "allocated 1 PiB";
  } catch (const OutOfMemory& e) {
    EXPECT_NE(std::string(e.what()).find(std::to_string(n * sizeof(double))), std::string::npos)
        << e.what();
  }
}

/// A random CSR with integer values: rows of mixed lengths, empty runs, and one huge row.
Csr<double> random_csr(std::mt19937_64& rng, Vertex n, bool pattern) {
  Csr<double> a = Csr<double>::empty(n, n, pattern);
  std::uniform_int_distribution<int> len(0, 12), val(-9, 9);
  std::uniform_int_distribution<Vertex> col(0, n - 1);
  for (Vertex r = 0; r < n; ++r) {
    int k = (r / 9) % 4 == 0 ? 0 : len(rng);
    if (r == n / 3) k = int(n);
    std::vector<Vertex> c;
    for (int q = 0; q < k; ++q) c.push_back(col(rng));
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    for (Vertex x : c) {
      a.col.push_back(x);
      if (!pattern) a.val.push_back(val(rng));
    }
    a.row_ptr[r + 1] = a.col.size();
  }
  return a;
}

template <class SR, class T>
void check_kernel(const Csr<T>& a, Csr5Params p, std::mt19937_64& rng, const std::string& what) {
  using V = typename SR::value_type;
  const Csr5<T> c = csr5_from_csr(a, p);
  std::vector<V> x(a.ncols);
  std::uniform_int_distribution<int> xv(-5, 5);
  for (auto& e : x) e = V(xv(rng));
  std::vector<V> expect(a.nrows);
  csr5_spmv_lanes<SR>(c, x.data(), expect.data());
  const DeviceCsr5<T> d = DeviceCsr5<T>::upload(c);
  const DeviceBuffer<V> dx = DeviceBuffer<V>::from_host(x);
  DeviceBuffer<V> dy(a.nrows);
  csr5_spmv_cuda<SR>(d, dx.data(), dy.data());
  const std::vector<V> got = dy.to_host();
  for (Vertex r = 0; r < a.nrows; ++r)
    ASSERT_EQ(got[r], expect[r]) << what << " sigma " << p.sigma << " row " << r;
}

TEST(CudaCsr5, KernelEqualsTheHostLaneAlgorithm) {
  SKIP_WITHOUT_DEVICE();
  std::mt19937_64 rng(15);
  for (const Vertex n : {Vertex(1), Vertex(50), Vertex(3000), Vertex(40000)}) {
    const Csr<double> a = random_csr(rng, n, false);
    const Csr<double> ap = random_csr(rng, n, true);
    for (const Csr5Params p :
         {csr5_gpu_params(a.nnz(), n), Csr5Params{32, 1}, Csr5Params{32, 7}, Csr5Params{32, 64}}) {
      const std::string what = "n " + std::to_string(n);
      check_kernel<PlusTimes<double>>(a, p, rng, what + " plus_times");
      check_kernel<MinPlus<double>>(a, p, rng, what + " min_plus");
      check_kernel<MaxPlus<double>>(a, p, rng, what + " max_plus");
      check_kernel<PlusPair<std::int64_t>>(ap, p, rng, what + " plus_pair");
      check_kernel<MinSecondI<std::int64_t>>(ap, p, rng, what + " min_secondi");
      check_kernel<AnyPair<std::int64_t>>(ap, p, rng, what + " any_pair");
    }
  }
}

}  // namespace
}  // namespace spgraph::testing
