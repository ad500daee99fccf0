// SPDX-License-Identifier: Apache-2.0
// The device hash SpGEMM (formats/csr/spgemm_hash_cuda.hpp) against the CPU kernel: the cases of
// tests/unit/formats/spgemm_cases.hpp (generated here, no files) under no mask, a mask and a
// complemented mask, values and patterns, every bin forced (each forced run checks that the bin
// took rows), over the semirings the device is compiled for: identical for integer and order-free
// semirings, floating plus within 1e-12 of the sum of the absolute products. Then mxm through
// the engine with Descriptor::backend = Cuda (masks, transposes) against the CPU backend, the
// device-resident form keeping its operands, and the transfer counters. Label cuda: skips, with
// the probe's reason, where there is no device.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "engine/ops.hpp"
#include "formats/csr/spgemm_hash_cuda.hpp"
#include "formats/csr/spgemm_hash_resident_cuda.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "formats/device/device_stats.hpp"
#include "tests/unit/formats/spgemm_cases.hpp"

namespace spgraph::testing {
namespace {

#define SKIP_WITHOUT_DEVICE()                                                   \
  do {                                                                          \
    if (cuda_device_info().count == 0)                                          \
      GTEST_SKIP() << "skipped: no CUDA device: " << cuda_device_info().reason; \
  } while (0)

template <class SR, class T>
void check_device_against_cpu(std::uint64_t seed) {
  check_product_against_cpu<SR, T>(seed, spgemm_hash_cuda<SR, T, T>, false);
}

TEST(SpgemmCuda, PlusTimesInt64IsIdenticalToTheCpuKernel) {
  SKIP_WITHOUT_DEVICE();
  check_device_against_cpu<PlusTimes<std::int64_t>, std::int64_t>(35101);
}

TEST(SpgemmCuda, PlusTimesDoubleIsWithinTheSummationBound) {
  SKIP_WITHOUT_DEVICE();
  check_device_against_cpu<PlusTimes<double>, double>(35102);
}

TEST(SpgemmCuda, MinPlusAndMaxPlusDoubleAreIdentical) {
  SKIP_WITHOUT_DEVICE();
  check_device_against_cpu<MinPlus<double>, double>(35103);
  check_device_against_cpu<MaxPlus<double>, double>(35104);
}

TEST(SpgemmCuda, PairPositionalAndBooleanSemiringsAreIdentical) {
  SKIP_WITHOUT_DEVICE();
  check_device_against_cpu<PlusPair<std::int64_t>, bool>(35105);
  check_device_against_cpu<AnyPair<std::int64_t>, bool>(35106);
  check_device_against_cpu<MinSecondI<std::int64_t>, bool>(35107);
  check_device_against_cpu<LorLand<bool>, bool>(35108);
}

TEST(SpgemmCuda, MxmOnTheCudaBackendMatchesTheCpuBackend) {
  SKIP_WITHOUT_DEVICE();
  std::mt19937_64 rng(35109);
  const Matrix<double> a = Matrix<double>::trusted(
      random_csr<double>(rng, 300, 200, [](Vertex i) { return Offset(1 + i % 40); }));
  const Matrix<double> b = Matrix<double>::trusted(
      random_csr<double>(rng, 300, 250, [](Vertex j) { return Offset(j % 25); }));
  const Matrix<bool> mask =
      Matrix<bool>::trusted(random_csr<bool>(rng, 200, 250, [](Vertex) { return Offset(60); }));
  for (int variant = 0; variant < 4; ++variant) {
    Descriptor cpu;
    cpu.transpose_a = true;  // C = A'·B: 200 x 250
    cpu.mask_structural = true;
    cpu.mask_complement = variant & 1;
    cpu.replace = true;
    Descriptor cuda = cpu;
    cuda.backend = Backend::Cuda;
    Matrix<double> want(200, 250), got(200, 250);
    if (variant & 2) {
      mxm(want, &mask, NoAccum{}, PlusTimes<double>{}, a, b, cpu);
      mxm(got, &mask, NoAccum{}, PlusTimes<double>{}, a, b, cuda);
    } else {
      mxm(want, nullptr, NoAccum{}, MinPlus<double>{}, a, b, cpu);
      mxm(got, nullptr, NoAccum{}, MinPlus<double>{}, a, b, cuda);
    }
    ASSERT_EQ(got.csr().row_ptr, want.csr().row_ptr) << "variant " << variant;
    ASSERT_EQ(got.csr().col, want.csr().col) << "variant " << variant;
    for (std::size_t k = 0; k < got.csr().val.size(); ++k)
      ASSERT_NEAR(got.csr().val[k], want.csr().val[k], 1e-9) << "variant " << variant;
  }
}

TEST(SpgemmCuda, ResidentOperandsGiveTheHostCallsAnswerAndCountTransfers) {
  SKIP_WITHOUT_DEVICE();
  std::mt19937_64 rng(35110);
  const Csr<std::int64_t> a =
      random_csr<std::int64_t>(rng, 500, 500, [](Vertex i) { return Offset(i % 17); });
  const DeviceCsr<std::int64_t> d = DeviceCsr<std::int64_t>::upload(a);
  reset_device_stats();
  const Csr<std::int64_t> c =
      spgemm_hash_cuda_device<PlusTimes<std::int64_t>>(d, d, nullptr, false, true).download();
  const DeviceStats s = device_stats();
  EXPECT_EQ(s.host_to_device_bytes, 0u);  // the operands stay on the device
  EXPECT_GE(s.device_to_host_bytes, c.col.size() * sizeof(Vertex));
  EXPECT_GT(s.peak_bytes, 0u);
  const Csr<std::int64_t> want = cpu_product<PlusTimes<std::int64_t>>(a, a, nullptr, false, true);
  EXPECT_EQ(c.row_ptr, want.row_ptr);
  EXPECT_EQ(c.col, want.col);
  EXPECT_EQ(c.val, want.val);
}

}  // namespace
}  // namespace spgraph::testing
