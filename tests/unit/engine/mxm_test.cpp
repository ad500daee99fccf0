// SPDX-License-Identifier: Apache-2.0
// mxm against the dense oracle: every semiring of the registry × every write mode × transposed
// A and/or B × pattern operands × accumulator (auto, hash forced, dense forced), on random operands
// of several shapes (0 × 0 included, rows with enough products to use the hash bins). Then shapes
// that reach the large-row hash table and the dense accumulator, the fused reductions
// (mxm_reduce_rows / mxm_reduce_scalar), the kernel's unsorted mode, and edge cases: empty
// operands, a single huge row, aliasing, shape errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <type_traits>

#include "engine/ops.hpp"
#include "tests/oracle/dense_oracle.hpp"
#include "tests/unit/engine/engine_test_util.hpp"

namespace spgraph::testing {
namespace {

template <class SR>
class MxmTest : public ::testing::Test {};
TYPED_TEST_SUITE(MxmTest, RegistrySemirings);

/// Auto, and each accumulator forced (hash tables, dense), so every path meets every case.
constexpr MxmMethod kAllMxmMethods[] = {MxmMethod::Auto, MxmMethod::Hash, MxmMethod::Gustavson};

/// The accumulator used by the write-mode tests for value type V.
template <class V>
using TestAccum = std::conditional_t<std::is_same_v<V, bool>, LorOp<V>, PlusOp<V>>;

/// Runs mxm in `mode` from `c0` and checks it against the oracle's T for the same operands.
template <class SR, class V>
void check_all_modes(const Matrix<V>& a, const Matrix<V>& b, Descriptor orient,
                     const oracle::Candidates<V>& t, const Matrix<V>& c0,
                     const Matrix<std::int32_t>& mask, const std::string& what) {
  const auto c0d = oracle::dense(c0).a;
  const auto maskd = oracle::dense(mask).a;
  for (MxmMethod method : kAllMxmMethods) {
    for (const WriteMode& mode : all_write_modes()) {
      SCOPED_TRACE(what + " " + mode.name() + " method " + std::to_string(int(method)));
      Descriptor d = mode.descriptor();
      d.transpose_a = orient.transpose_a;
      d.transpose_b = orient.transpose_b;
      d.mxm_method = method;
      Matrix<V> c = c0;
      with_write_mode<TestAccum<V>>(mode, mask,
                                    [&](auto m, auto accum) { mxm(c, m, accum, SR{}, a, b, d); });
      ASSERT_TRUE(matches(oracle::dense(c).a, expected_write<TestAccum<V>>(mode, c0d, maskd, t)));
    }
  }
}

TYPED_TEST(MxmTest, MxmMatchesDenseOracleInEveryMode) {
  using SR = TypeParam;
  using V = typename SR::value_type;
  const std::uint64_t seed = test_seed(20261123);
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  struct Shape {
    Vertex m, k, n;
    double density;
  };
  // The last shape gives rows of ~100 products: hash-table rows, and masks both pre-inserted
  // (short mask rows) and searched (long ones).
  const Shape shapes[] = {{0, 0, 0, 0.2}, {1, 7, 5, 0.4}, {17, 13, 11, 0.3}, {40, 30, 35, 0.6}};
  for (const Shape& s : shapes) {
    for (int patterns = 0; patterns < 4; ++patterns) {
      for (int trans = 0; trans < 4; ++trans) {
        Descriptor orient;
        orient.transpose_a = trans & 1;
        orient.transpose_b = trans & 2;
        const Matrix<V> a = orient.transpose_a
                                ? random_matrix<V>(rng, s.k, s.m, s.density, patterns & 1)
                                : random_matrix<V>(rng, s.m, s.k, s.density, patterns & 1);
        const Matrix<V> b = orient.transpose_b
                                ? random_matrix<V>(rng, s.n, s.k, s.density, patterns & 2)
                                : random_matrix<V>(rng, s.k, s.n, s.density, patterns & 2);
        oracle::DMat<V> ad = oracle::dense(a), bd = oracle::dense(b);
        if (orient.transpose_a) ad = oracle::transposed(ad);
        if (orient.transpose_b) bd = oracle::transposed(bd);
        const auto t = oracle::mxm<SR>(ad, bd);
        const Matrix<V> c0 = random_matrix<V>(rng, s.m, s.n, 0.3);
        const Matrix<std::int32_t> mask = random_matrix<std::int32_t>(rng, s.m, s.n, 0.5);
        check_all_modes<SR>(a, b, orient, t, c0, mask,
                            std::to_string(s.m) + "x" + std::to_string(s.k) + "x" +
                                std::to_string(s.n) + " patterns " + std::to_string(patterns) +
                                " transposes " + std::to_string(trans));
      }
    }
  }
}

/// Semirings for the large shapes (a handful: the oracle is slow at these sizes).
template <class SR>
class MxmLargeRowTest : public ::testing::Test {};
using LargeRowSemirings = ::testing::Types<PlusTimes<std::int64_t>, MinPlus<double>,
                                           AnySecondI<std::int32_t>, LorLand<bool>>;
TYPED_TEST_SUITE(MxmLargeRowTest, LargeRowSemirings);

// Rows whose key bound exceeds the last hash bin (8192 columns) use either a per-row hash table
// (bound <= ncols / 8) or the dense accumulator; both are checked, with and without masks.
TYPED_TEST(MxmLargeRowTest, LargeRowsUseSizedTablesAndTheDenseAccumulator) {
  using SR = TypeParam;
  using V = typename SR::value_type;
  const std::uint64_t seed = test_seed(77);
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  // {ncols, B density}: 9000 columns with ~2700 per B row -> dense; 100000 columns with ~9900
  // products per row of C (bound between 8192 and ncols / 8) -> a sized hash table.
  const std::pair<Vertex, double> shapes[] = {{9000, 0.3}, {100000, 0.009}};
  for (auto [n, density] : shapes) {
    const Matrix<V> a = random_matrix<V>(rng, 3, 12, 0.9);
    const Matrix<V> b = random_matrix<V>(rng, 12, n, density);
    const auto t = oracle::mxm<SR>(oracle::dense(a), oracle::dense(b));
    const Matrix<V> c0 = random_matrix<V>(rng, 3, n, 0.01);
    const Matrix<std::int32_t> mask = random_matrix<std::int32_t>(rng, 3, n, 0.2);
    const auto c0d = oracle::dense(c0).a;
    const auto maskd = oracle::dense(mask).a;
    for (const WriteMode& mode : {WriteMode{}, WriteMode{MaskKind::Structural, false, true, false},
                                  WriteMode{MaskKind::Structural, true, true, false},
                                  WriteMode{MaskKind::Valued, true, false, true},
                                  WriteMode{MaskKind::Valued, false, false, false}}) {
      for (MxmMethod method : kAllMxmMethods) {
        SCOPED_TRACE(std::to_string(n) + " columns, " + mode.name() + " method " +
                     std::to_string(int(method)));
        Matrix<V> c = c0;
        Descriptor d = mode.descriptor();
        d.mxm_method = method;
        with_write_mode<TestAccum<V>>(mode, mask,
                                      [&](auto m, auto accum) { mxm(c, m, accum, SR{}, a, b, d); });
        ASSERT_TRUE(matches(oracle::dense(c).a, expected_write<TestAccum<V>>(mode, c0d, maskd, t)));
      }
    }
  }
}

/// The oracle's row reductions of candidate lists (single-candidate semirings only).
template <class Monoid, class V>
std::vector<std::optional<V>> reduce_oracle_rows(const oracle::Candidates<V>& t, Vertex m,
                                                 Vertex n) {
  std::vector<std::optional<V>> out(m);
  for (Vertex i = 0; i < m; ++i)
    for (Vertex j = 0; j < n; ++j)
      for (V x : t[std::size_t(i) * n + j]) out[i] = out[i] ? Monoid::add(*out[i], x) : x;
  return out;
}

TEST(MxmReduce, RowsAndScalarMatchReducingTheStoredProduct) {
  std::mt19937_64 rng(test_seed(5));
  const Matrix<std::int64_t> a = random_matrix<std::int64_t>(rng, 50, 40, 0.3);
  const Matrix<std::int64_t> b = random_matrix<std::int64_t>(rng, 40, 45, 0.3);
  const Matrix<std::int32_t> mask = random_matrix<std::int32_t>(rng, 50, 45, 0.4);
  for (bool structural : {false, true})
    for (bool complement : {false, true}) {
      SCOPED_TRACE(std::string(structural ? "structural" : "valued") +
                   (complement ? " complemented" : ""));
      Descriptor d;
      d.mask_structural = structural;
      d.mask_complement = complement;
      oracle::DMat<std::int64_t> ad = oracle::dense(a), bd = oracle::dense(b);
      auto t = oracle::mxm<PlusTimes<std::int64_t>>(ad, bd);
      const auto maskd = oracle::dense(mask).a;
      const auto bits = oracle::mask_bits(&maskd, t.size(), d);
      for (std::size_t p = 0; p < t.size(); ++p)
        if (!bits[p]) t[p].clear();
      const auto want = reduce_oracle_rows<PlusMonoid<std::int64_t>>(t, 50, 45);
      for (MxmMethod method : kAllMxmMethods) {
        d.mxm_method = method;
        const Vector<std::int64_t> w =
            mxm_reduce_rows(PlusMonoid<std::int64_t>{}, &mask, PlusTimes<std::int64_t>{}, a, b, d);
        EXPECT_EQ(oracle::dense(w), want);
      }
      std::int64_t total = 0;
      for (const auto& x : want) total += x.value_or(0);
      EXPECT_EQ(
          mxm_reduce_scalar(PlusMonoid<std::int64_t>{}, &mask, PlusTimes<std::int64_t>{}, a, b, d),
          total);
    }
}

TEST(MxmKernel, UnsortedRowsHoldTheSameEntriesAsSortedRows) {
  std::mt19937_64 rng(test_seed(9));
  const Matrix<double> a = random_matrix<double>(rng, 60, 70, 0.4);
  const Matrix<double> b = random_matrix<double>(rng, 70, 80, 0.4);
  const SpgemmMask<bool> none;
  const Csr<double> sorted = spgemm_hash_cpu<PlusTimes<double>>(a.csr(), b.csr(), none);
  Csr<double> unsorted = spgemm_hash_cpu<PlusTimes<double>>(a.csr(), b.csr(), none, true, false);
  ASSERT_EQ(sorted.row_ptr, unsorted.row_ptr);
  for (Vertex i = 0; i < 60; ++i) {
    std::vector<std::pair<Vertex, double>> row;
    for (Offset k = unsorted.row_begin(i); k < unsorted.row_end(i); ++k)
      row.emplace_back(unsorted.col[k], unsorted.val[k]);
    std::sort(row.begin(), row.end());
    for (Offset k = sorted.row_begin(i); k < sorted.row_end(i); ++k) {
      EXPECT_EQ(row[k - sorted.row_begin(i)].first, sorted.col[k]);
      EXPECT_EQ(row[k - sorted.row_begin(i)].second, sorted.val[k]);
    }
  }
}

TEST(MxmEdgeCases, EmptyOperandsGiveAnEmptyProduct) {
  Matrix<double> a(5, 0), b(0, 7), c(5, 7);
  mxm(c, nullptr, NoAccum{}, PlusTimes<double>{}, a, b);
  EXPECT_EQ(c.nvals(), 0u);
  Matrix<double> e(0, 0), f(0, 0), g(0, 0);
  mxm(g, nullptr, NoAccum{}, PlusTimes<double>{}, e, f);
  EXPECT_EQ(g.nvals(), 0u);
}

TEST(MxmEdgeCases, ASingleHugeRowMatchesTheOracle) {
  // One row of A touching every row of B: one row with n * deg products over 20000 columns.
  std::mt19937_64 rng(test_seed(11));
  const Vertex n = 20000;
  std::vector<Vertex> r(400, 0), c(400);
  for (Vertex k = 0; k < 400; ++k) c[k] = k;
  const Matrix<std::int64_t> a = Matrix<std::int64_t>::build_pattern(1, 400, r, c);
  const Matrix<std::int64_t> b = random_matrix<std::int64_t>(rng, 400, n, 0.01);
  Matrix<std::int64_t> out(1, n);
  mxm(out, nullptr, NoAccum{}, PlusTimes<std::int64_t>{}, a, b);
  const auto t = oracle::mxm<PlusTimes<std::int64_t>>(oracle::dense(a), oracle::dense(b));
  EXPECT_TRUE(matches(oracle::dense(out).a, t));
}

TEST(MxmEdgeCases, OutputMayAliasAnInput) {
  std::mt19937_64 rng(test_seed(13));
  Matrix<std::int32_t> a = random_matrix<std::int32_t>(rng, 30, 30, 0.2);
  const auto t = oracle::mxm<PlusTimes<std::int32_t>>(oracle::dense(a), oracle::dense(a));
  mxm(a, nullptr, NoAccum{}, PlusTimes<std::int32_t>{}, a, a);
  EXPECT_TRUE(matches(oracle::dense(a).a, t));
}

TEST(MxmEdgeCases, PatternProductsUnderLorLandStoreNoValues) {
  std::mt19937_64 rng(test_seed(15));
  const Matrix<bool> a = random_matrix<bool>(rng, 30, 30, 0.2, true);
  Matrix<bool> c(30, 30);
  mxm(c, nullptr, NoAccum{}, LorLand<bool>{}, a, a);
  EXPECT_TRUE(c.is_pattern());
  EXPECT_TRUE(
      matches(oracle::dense(c).a, oracle::mxm<LorLand<bool>>(oracle::dense(a), oracle::dense(a))));
  Matrix<std::int64_t> counts(30, 30);
  const Matrix<std::int64_t> ai = Matrix<std::int64_t>::trusted(
      Csr<std::int64_t>{30, 30, true, a.csr().row_ptr, a.csr().col, {}});
  mxm(counts, nullptr, NoAccum{}, PlusPair<std::int64_t>{}, ai, ai);
  EXPECT_FALSE(counts.is_pattern());  // path counts are not all 1
}

TEST(MxmEdgeCases, MismatchedShapesNameBothOperands) {
  Matrix<double> a(3, 4), b(5, 6), c(3, 6);
  try {
    mxm(c, nullptr, NoAccum{}, PlusTimes<double>{}, a, b);
    FAIL() << "expected DimensionMismatch";
  } catch (const DimensionMismatch& e) {
    EXPECT_NE(std::string(e.what()).find("3 x 4"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("5 x 6"), std::string::npos) << e.what();
  }
  Matrix<double> wrong(2, 2);
  Matrix<double> b2(4, 6);
  EXPECT_THROW(mxm(wrong, nullptr, NoAccum{}, PlusTimes<double>{}, a, b2), DimensionMismatch);
  const Matrix<bool> bad_mask(3, 5);  // 3 x 5 mask for a 3 x 6 output
  EXPECT_THROW(mxm(c, &bad_mask, NoAccum{}, PlusTimes<double>{}, a, b2), DimensionMismatch);
}

}  // namespace
}  // namespace spgraph::testing
