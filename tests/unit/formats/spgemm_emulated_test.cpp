// SPDX-License-Identifier: Apache-2.0
// The device hash SpGEMM's logic, run on the CPU by its host emulation
// (formats/csr/spgemm_hash_emulated.hpp, on the lanes of spgemm_hash_lanes.hpp), against the CPU
// kernel (spgemm_hash_cpu.hpp, itself tested against the dense oracle in mxm_test.cpp): every
// case of spgemm_cases.hpp, with no mask, a mask and a complemented mask, values and patterns,
// and every bin forced; each forced run checks that the bin took the rows. Also the bin rule and
// the hash table on their own.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>

#include "formats/csr/spgemm_hash_emulated.hpp"
#include "tests/unit/formats/spgemm_cases.hpp"

namespace spgraph::testing {
namespace {

TEST(SpgemmDeviceBins, KeysGoToTheSmallestBinWhoseTableHoldsThemTwice) {
  EXPECT_EQ(spgemm_device_bin(0), 0);
  EXPECT_EQ(spgemm_device_bin(0, 7), 0);  // an empty row stays empty whatever is forced
  EXPECT_EQ(spgemm_device_bin(1), 1);
  EXPECT_EQ(spgemm_device_bin(16), 1);
  EXPECT_EQ(spgemm_device_bin(17), 2);
  EXPECT_EQ(spgemm_device_bin(4096), 6);
  EXPECT_EQ(spgemm_device_bin(4097), kSpgemmGlobalBin);
  EXPECT_EQ(spgemm_device_bin(5, 4), 4);
  EXPECT_EQ(spgemm_device_bin(3000, 2), 6);  // a forced bin never shrinks a row's table
  for (Offset keys : {Offset(1), Offset(16), Offset(300), Offset(4096)}) {
    const SpgemmDeviceBin b = spgemm_device_bin_params(spgemm_device_bin(keys));
    EXPECT_GE(Offset(1) << b.table_log2, 2 * keys);
  }
  EXPECT_EQ(spgemm_global_table_log2(4097), 14u);
  EXPECT_EQ(spgemm_global_table_log2(8192), 14u);
  EXPECT_EQ(spgemm_global_table_log2(8193), 15u);
}

TEST(SpgemmDeviceBins, TableInsertFindsEveryKeyOnceAndNeverLosesOne) {
  std::vector<Vertex> keys(64, kSpgemmEmptyKey);
  std::set<Vertex> seen;
  // Keys that collide under the hash (multiples of 64 map to slot 0) and others.
  for (Vertex k : {0u, 64u, 128u, 5u, 64u, 0u, 1000000u, 5u, 192u, 4294967294u}) {
    bool inserted = false;
    const Offset s = spgemm_table_insert<SpgemmSerialAtomics>(keys.data(), 6, k, inserted);
    EXPECT_EQ(inserted, seen.insert(k).second) << k;
    EXPECT_EQ(keys[s], k);
  }
  EXPECT_EQ(Offset(std::count_if(keys.begin(), keys.end(),
                                 [](Vertex k) { return k != kSpgemmEmptyKey; })),
            Offset(seen.size()));
}

/// Runs every case under every mask mode and forced bin, with values and (where the answer is
/// all ones or the semiring ignores values) as a pattern, against the CPU kernel.
template <class SR, class T>
void check_against_cpu(std::uint64_t seed) {
  check_product_against_cpu<SR, T>(seed, spgemm_hash_emulated<SR, T, T>, true);
}

TEST(SpgemmEmulated, PlusTimesInt64IsIdenticalToTheCpuKernel) {
  check_against_cpu<PlusTimes<std::int64_t>, std::int64_t>(35001);
}

TEST(SpgemmEmulated, PlusTimesDoubleIsWithinTheSummationBound) {
  check_against_cpu<PlusTimes<double>, double>(35002);
}

TEST(SpgemmEmulated, MinPlusAndMaxPlusDoubleAreIdentical) {
  check_against_cpu<MinPlus<double>, double>(35003);
  check_against_cpu<MaxPlus<double>, double>(35004);
}

TEST(SpgemmEmulated, PairAndPositionalSemiringsAreIdentical) {
  check_against_cpu<PlusPair<std::int64_t>, std::int64_t>(35005);
  check_against_cpu<AnyPair<std::int64_t>, std::int64_t>(35006);
  check_against_cpu<MinSecondI<std::int64_t>, std::int64_t>(35007);
}

TEST(SpgemmEmulated, LorLandOverPatternsIsIdentical) {
  check_against_cpu<LorLand<bool>, bool>(35008);
}

TEST(SpgemmEmulated, EveryNaturalBinIsReachedByTheSkewedCase) {
  for (const SpgemmCase<double>& c : spgemm_cases<double>(35009)) {
    if (c.name != "skewed rows" && c.name != "one huge row") continue;
    SpgemmBinRows rows;
    (void)spgemm_hash_emulated<PlusTimes<double>>(c.a, c.b, nullptr, false, true, 0, &rows);
    if (c.name == "one huge row") {
      EXPECT_GT(rows.symbolic[kSpgemmGlobalBin], 0u);
      EXPECT_GT(rows.numeric[kSpgemmGlobalBin], 0u);
    } else {
      for (int b = 1; b < kSpgemmGlobalBin; ++b) EXPECT_GT(rows.symbolic[b], 0u) << "bin " << b;
    }
  }
}

}  // namespace
}  // namespace spgraph::testing
