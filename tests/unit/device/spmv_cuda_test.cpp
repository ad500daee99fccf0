// SPDX-License-Identifier: Apache-2.0
// The CUDA SpMV kernels and their front end, built only with SPGRAPH_ENABLE_CUDA:
//   - without a device: DeviceSpmv (engine/spmv_dense_cuda.hpp) and the CSR-vector kernel refuse
//     with BackendUnavailable / InvalidArgument before touching the device;
//   - with a device (else skipped with the probe's reason): the CSR-vector kernel equals its host
//     emulation (spmv_vector_emulated.hpp) and the CSR5 kernel its host lane algorithm
//     (csr5_spmv_lanes.hpp), entry for entry on integer-valued inputs, for every semiring of the
//     compiled list (formats/device/spmv_cuda_semirings.hpp), every group size, over shapes with
//     empty rows, one huge row, a tail and empty matrices; the device mirror is cached with the
//     matrix, so a second mxv uploads only x's bytes (device_stats), and a change of the matrix
//     drops it; mxv on the device equals mxv on the CPU with either kernel.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/ops.hpp"
#include "engine/spmv_dense_cuda.hpp"
#include "formats/csr/spmv_vector_cuda.hpp"
#include "formats/csr/spmv_vector_emulated.hpp"
#include "formats/csr5/csr5_build.hpp"
#include "formats/csr5/csr5_gpu_params.hpp"
#include "formats/csr5/csr5_spmv_cuda.hpp"
#include "formats/csr5/csr5_spmv_lanes.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_mirrors.hpp"
#include "formats/device/device_stats.hpp"

namespace spgraph::testing {
namespace {

#define SKIP_WITHOUT_DEVICE()                                                   \
  do {                                                                          \
    if (cuda_device_info().count == 0)                                          \
      GTEST_SKIP() << "skipped: no CUDA device: " << cuda_device_info().reason; \
  } while (0)

/// A random n × n CSR of T with small integer values: runs of empty rows, one huge row.
template <class T>
Csr<T> random_csr(std::mt19937_64& rng, Vertex n, bool pattern) {
  Csr<T> a = Csr<T>::empty(n, n, pattern);
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
      if (!pattern) a.val.push_back(stored_value_t<T>(val(rng)));
    }
    a.row_ptr[r + 1] = a.col.size();
  }
  return a;
}

template <class V>
std::vector<V> random_x(std::mt19937_64& rng, Vertex n) {
  std::vector<V> x(n);
  std::uniform_int_distribution<int> xv(-5, 5);
  for (V& e : x) e = V(xv(rng));
  return x;
}

/// Both device kernels against their host runs on A, for semiring SR.
template <class SR, class T>
void check_kernels(const Csr<T>& a, std::mt19937_64& rng, const std::string& what) {
  using V = typename SR::value_type;
  const std::vector<V> x = random_x<V>(rng, a.ncols);
  const DeviceBuffer<V> dx = DeviceBuffer<V>::from_host(x);
  DeviceBuffer<V> dy(a.nrows);
  const DeviceCsr<T> d = DeviceCsr<T>::upload(a);
  std::vector<V> want(a.nrows);
  for (const int group : {0, 2, 4, 8, 16, 32}) {
    const int g = group ? group : csr_vector_group_size(a.nnz(), a.nrows);
    csr_vector_spmv_emulated<SR>(a, x.data(), want.data(), g);
    csr_vector_spmv_cuda<SR>(d, dx.data(), dy.data(), group);
    const std::vector<V> got = dy.to_host();
    for (Vertex r = 0; r < a.nrows; ++r)
      ASSERT_EQ(got[r], want[r]) << what << " CSR vector, group " << g << ", row " << r;
  }
  for (const Csr5Params p : {csr5_gpu_params(a.nnz(), a.nrows), Csr5Params{32, 3}}) {
    const Csr5<T> c = csr5_from_csr(a, p);
    csr5_spmv_lanes<SR>(c, x.data(), want.data());
    const DeviceCsr5<T> d5 = DeviceCsr5<T>::upload(c);
    csr5_spmv_cuda<SR>(d5, dx.data(), dy.data());
    const std::vector<V> got = dy.to_host();
    for (Vertex r = 0; r < a.nrows; ++r)
      ASSERT_EQ(got[r], want[r]) << what << " CSR5, sigma " << p.sigma << ", row " << r;
  }
}

#define SPGRAPH_CHECK_KERNELS(S) check_kernels<S>(a, rng, what + " " #S);
template <class T>
void check_every_semiring(const Csr<T>& a, std::mt19937_64& rng, const std::string& what) {
  if constexpr (std::is_same_v<T, double> || std::is_same_v<T, bool>) {
    SPGRAPH_CUDA_SPMV_NUMERIC_SEMIRINGS(SPGRAPH_CHECK_KERNELS, double)
  }
  if constexpr (std::is_same_v<T, std::int64_t> || std::is_same_v<T, bool>) {
    SPGRAPH_CUDA_SPMV_NUMERIC_SEMIRINGS(SPGRAPH_CHECK_KERNELS, std::int64_t)
    SPGRAPH_CUDA_SPMV_INTEGER_SEMIRINGS(SPGRAPH_CHECK_KERNELS, std::int64_t)
  }
  if constexpr (std::is_same_v<T, double>) {
    SPGRAPH_CUDA_SPMV_COUNTING_SEMIRINGS(SPGRAPH_CHECK_KERNELS)
  }
}
#undef SPGRAPH_CHECK_KERNELS

TEST(CudaSpmv, WithoutADeviceTheFrontEndRefusesBeforeAnyDeviceCall) {
  if (cuda_device_info().count > 0) GTEST_SKIP() << "skipped: a device is present";
  const Matrix<double> a(3, 3);
  const std::vector<double> x(3, 1.0);
  EXPECT_THROW((DeviceSpmv<PlusTimes<double>, double>(a, false, x.data())), BackendUnavailable);
  Descriptor d;
  d.backend = Backend::Cuda;
  Vector<double> w(3);
  EXPECT_THROW(mxv(w, nullptr, NoAccum{}, PlusTimes<double>{}, a, Vector<double>::full(3, 1.0), d),
               BackendUnavailable);
  EXPECT_EQ(a.cached_backend_views(), 0u);
}

TEST(CudaSpmv, AGroupSizeThatIsNotAPowerOfTwoIsRefused) {
  DeviceCsr<double> d;
  d.nrows = 4;
  EXPECT_THROW(csr_vector_spmv_cuda<PlusTimes<double>>(d, nullptr, nullptr, 3), InvalidArgument);
  EXPECT_THROW(csr_vector_spmv_cuda<PlusTimes<double>>(d, nullptr, nullptr, 64), InvalidArgument);
}

TEST(CudaSpmv, BothKernelsEqualTheirHostRunsForEverySemiring) {
  SKIP_WITHOUT_DEVICE();
  std::mt19937_64 rng(34);
  for (const Vertex n : {Vertex(1), Vertex(70), Vertex(3000)}) {
    const std::string what = "n " + std::to_string(n);
    check_every_semiring(random_csr<double>(rng, n, false), rng, what + " double");
    check_every_semiring(random_csr<std::int64_t>(rng, n, false), rng, what + " int64");
    check_every_semiring(random_csr<bool>(rng, n, true), rng, what + " pattern");
  }
  check_every_semiring(Csr<double>::empty(0, 0, false), rng, "0x0");
  check_every_semiring(Csr<double>::empty(50, 7, false), rng, "all rows empty");
}

TEST(CudaSpmv, ASecondMxvUploadsOnlyX) {
  SKIP_WITHOUT_DEVICE();
  std::mt19937_64 rng(35);
  Matrix<double> a(random_csr<double>(rng, 2000, false));
  const Vector<double> u = Vector<double>::full(a.ncols(), 1.0);
  for (const SpmvFormat f : {SpmvFormat::Csr5, SpmvFormat::Csr}) {
    for (const bool transpose : {false, true}) {
      Descriptor d;
      d.backend = Backend::Cuda;
      d.spmv_format = f;
      d.transpose_a = transpose;
      Vector<double> w1(a.nrows()), w2(a.nrows()), cpu(a.nrows());
      mxv(w1, nullptr, NoAccum{}, PlusTimes<double>{}, a, u, d);  // uploads op(A) and x
      reset_device_stats();
      mxv(w2, nullptr, NoAccum{}, PlusTimes<double>{}, a, u, d);
      const DeviceStats s = device_stats();
      EXPECT_EQ(s.host_to_device_copies, 1u) << "format " << int(f) << " transpose " << transpose;
      EXPECT_EQ(s.host_to_device_bytes, a.ncols() * sizeof(double));
      EXPECT_EQ(s.device_to_host_bytes, a.nrows() * sizeof(double));
      Descriptor on_cpu = d;
      on_cpu.backend = Backend::Cpu;
      mxv(cpu, nullptr, NoAccum{}, PlusTimes<double>{}, a, u, on_cpu);
      EXPECT_EQ(w2.nvals(), cpu.nvals());
      cpu.for_each([&](Vertex i, double v) { EXPECT_EQ(w2.get(i), v) << "row " << i; });
    }
  }
  EXPECT_EQ(a.cached_backend_views(), 4u) << "CSR5 and CSR mirrors of A and A'";
  // A change drops the mirrors: the next call uploads the matrix again.
  a.assign(random_csr<double>(rng, 2000, false));
  EXPECT_EQ(a.cached_backend_views(), 0u);
  reset_device_stats();
  Descriptor d;
  d.backend = Backend::Cuda;
  Vector<double> w(a.nrows());
  mxv(w, nullptr, NoAccum{}, PlusTimes<double>{}, a, u, d);
  EXPECT_GT(device_stats().host_to_device_bytes, a.nvals() * sizeof(Vertex));
}

}  // namespace
}  // namespace spgraph::testing
