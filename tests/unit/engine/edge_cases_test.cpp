// SPDX-License-Identifier: Apache-2.0
// Edge cases of the operations: empty and 0 × 0 operands, a single huge row, self loops,
// masks that allow nothing, a complemented absent mask, outputs aliasing inputs, and shape
// errors that name the shapes.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/ops.hpp"
#include "tests/oracle/dense_oracle.hpp"
#include "tests/unit/engine/engine_test_util.hpp"

namespace spgraph::testing {
namespace {

TEST(EdgeCases, ZeroByZeroAndEmptyOperandsGiveEmptyResults) {
  const Matrix<double> a0;
  Vector<double> w0(0);
  const Vector<double> u0(0);
  mxv(w0, nullptr, NoAccum{}, PlusTimes<double>{}, a0, u0);
  vxm(w0, nullptr, NoAccum{}, PlusTimes<double>{}, u0, a0);
  EXPECT_EQ(w0.nvals(), 0u);
  EXPECT_EQ(reduce_scalar<PlusMonoid<double>>(a0), 0.0);
  EXPECT_EQ(reduce_scalar<MinMonoid<double>>(a0), upper_limit<double>());

  const Matrix<double> empty(5, 7);
  Vector<double> w = Vector<double>::full(5, 3.0);
  mxv(w, nullptr, NoAccum{}, MinPlus<double>{}, empty, Vector<double>::full(7, 1.0));
  EXPECT_EQ(w.nvals(), 0u) << "no accumulator: the empty result replaces w";
  Vector<double> r(5);
  reduce(r, nullptr, NoAccum{}, PlusMonoid<double>{}, empty);
  EXPECT_EQ(r.nvals(), 0u) << "rows with no entries give no entry";
  Matrix<double> c(7, 5);
  transpose(c, nullptr, NoAccum{}, empty);
  EXPECT_EQ(c.nvals(), 0u);
}

TEST(EdgeCases, SingleHugeRowMatchesASerialLoop) {
  const Vertex n = 300000;
  std::mt19937_64 rng(test_seed(11));
  std::vector<Vertex> rows, cols;
  std::vector<std::int64_t> vals;
  for (Vertex j = 0; j < n; j += 1 + Vertex(rng() % 3)) {
    rows.push_back(0);
    cols.push_back(j);
    vals.push_back(std::int64_t(rng() % 100) - 50);
  }
  const auto a = Matrix<std::int64_t>::build(1, n, rows, cols, vals);
  std::int64_t sum = 0, lo = upper_limit<std::int64_t>();
  for (std::int64_t x : vals) {
    sum += x;
    lo = std::min(lo, x);
  }
  EXPECT_EQ(reduce_scalar<PlusMonoid<std::int64_t>>(a), sum);
  Vector<std::int64_t> r(1);
  reduce(r, nullptr, NoAccum{}, MinMonoid<std::int64_t>{}, a);
  EXPECT_EQ(r.get(0), lo);
  Vector<std::int64_t> w(1);
  mxv(w, nullptr, NoAccum{}, PlusTimes<std::int64_t>{}, a, Vector<std::int64_t>::full(n, 2));
  EXPECT_EQ(w.get(0), 2 * sum);
  // The transpose of the row scatters one value to each column: vxm with u = [3].
  const Vector<std::int64_t> three = Vector<std::int64_t>::full(1, 3);
  for (SpmvMethod method : {SpmvMethod::Pull, SpmvMethod::Push}) {
    Vector<std::int64_t> col(n);
    vxm(col, nullptr, NoAccum{}, PlusTimes<std::int64_t>{}, three, a, {}, method);
    ASSERT_EQ(col.nvals(), vals.size());
    for (std::size_t k = 0; k < cols.size(); ++k) ASSERT_EQ(col.get(cols[k]), 3 * vals[k]);
  }
}

TEST(EdgeCases, SelfLoopsTakePartLikeAnyOtherEdge) {
  // 0 -> 0, 0 -> 1, 1 -> 2, 2 -> 2.
  const std::vector<Vertex> r{0, 0, 1, 2}, c{0, 1, 2, 2};
  const auto a = Matrix<std::int64_t>::build_pattern(3, 3, r, c);
  Vector<std::int64_t> frontier(3);
  frontier.set(0, 1);
  Vector<std::int64_t> parent(3);
  vxm(parent, nullptr, NoAccum{}, MinSecondI<std::int64_t>{}, frontier, a);
  EXPECT_EQ(parent.get(0), 0) << "the self loop makes 0 its own parent";
  EXPECT_EQ(parent.get(1), 0);
  EXPECT_EQ(parent.get(2), std::nullopt);
  Matrix<std::int64_t> d(3, 3);
  select(d, nullptr, NoAccum{}, Diag{}, a, 0);
  EXPECT_EQ(d.nvals(), 2u);
  select(d, nullptr, NoAccum{}, Offdiag{}, a, 0);
  EXPECT_EQ(d.nvals(), 2u);
  EXPECT_EQ(d.get(1, 2), 1);
}

TEST(EdgeCases, AllMaskedOutKeepsOrClearsTheOutput) {
  std::mt19937_64 rng(test_seed(12));
  const auto a = random_matrix<double>(rng, 20, 20, 0.3);
  const auto u = random_vector<double>(rng, 20, 0.5, VectorForm::Bitmap);
  const auto w0 = random_vector<double>(rng, 20, 0.5, VectorForm::Sparse);
  Vector<std::int32_t> zeros(20);
  for (Vertex i = 0; i < 20; ++i) zeros.set(i, 0);
  Vector<double> w = w0;
  mxv(w, &zeros, NoAccum{}, PlusTimes<double>{}, a, u);
  EXPECT_EQ(oracle::dense(w), oracle::dense(w0)) << "a valued mask of zeros allows nothing";
  Descriptor replace;
  replace.replace = true;
  mxv(w, &zeros, PlusOp<double>{}, PlusTimes<double>{}, a, u, replace);
  EXPECT_EQ(w.nvals(), 0u) << "replace clears everything outside the mask";
}

TEST(EdgeCases, ComplementedAbsentMaskAllowsNothing) {
  std::mt19937_64 rng(test_seed(13));
  const auto a = random_matrix<double>(rng, 10, 10, 0.4);
  const auto u = random_vector<double>(rng, 10, 0.5, VectorForm::Sparse);
  const auto w0 = random_vector<double>(rng, 10, 0.5, VectorForm::Sparse);
  Descriptor comp;
  comp.mask_complement = true;
  Vector<double> w = w0;
  mxv(w, nullptr, NoAccum{}, PlusTimes<double>{}, a, u, comp);
  EXPECT_EQ(oracle::dense(w), oracle::dense(w0));
  comp.replace = true;
  mxv(w, nullptr, NoAccum{}, PlusTimes<double>{}, a, u, comp);
  EXPECT_EQ(w.nvals(), 0u);
}

TEST(EdgeCases, OutputMayAliasTheInputVectorAndTheMask) {
  std::mt19937_64 rng(test_seed(14));
  const auto a = random_matrix<std::int32_t>(rng, 30, 30, 0.2);
  for (VectorForm form : {VectorForm::Sparse, VectorForm::Bitmap}) {
    const auto w0 = random_vector<std::int32_t>(rng, 30, 0.4, form);
    Descriptor d;
    d.mask_structural = true;
    Vector<std::int32_t> copy = w0, expected = w0;
    mxv(expected, &copy, PlusOp<std::int32_t>{}, PlusTimes<std::int32_t>{}, a, copy, d);
    Vector<std::int32_t> w = w0;
    mxv(w, &w, PlusOp<std::int32_t>{}, PlusTimes<std::int32_t>{}, a, w, d);
    EXPECT_EQ(oracle::dense(w), oracle::dense(expected));
    Matrix<std::int32_t> c = a, c_expected = a;
    ewise_add(c_expected, &a, NoAccum{}, PlusOp<std::int32_t>{}, a, a);
    ewise_add(c, &c, NoAccum{}, PlusOp<std::int32_t>{}, c, c);
    EXPECT_EQ(oracle::dense(c).a, oracle::dense(c_expected).a);
  }
}

TEST(EdgeCases, ShapeErrorsNameTheShapes) {
  const Matrix<double> a(3, 4);
  Vector<double> w3(3), w4(4);
  const Vector<double> u3(3), u4(4);
  auto message = [](auto&& f) {
    try {
      f();
    } catch (const DimensionMismatch& e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  EXPECT_NE(
      message([&] { mxv(w3, nullptr, NoAccum{}, PlusTimes<double>{}, a, u3); }).find("A is 3 x 4"),
      std::string::npos);
  Descriptor t;
  t.transpose_a = true;
  EXPECT_NE(message([&] {
              mxv(w3, nullptr, NoAccum{}, PlusTimes<double>{}, a, u4, t);
            }).find("A is 4 x 3 (transposed)"),
            std::string::npos);
  EXPECT_NO_THROW(mxv(w4, nullptr, NoAccum{}, PlusTimes<double>{}, a, u3, t));
  EXPECT_NE(message([&] {
              vxm(w3, nullptr, NoAccum{}, PlusTimes<double>{}, u3, a);
            }).find("w has size 3"),
            std::string::npos);
  const Vector<bool> bad_mask(5);
  EXPECT_NE(message([&] {
              mxv(w3, &bad_mask, NoAccum{}, PlusTimes<double>{}, a, u4);
            }).find("mask has size 5"),
            std::string::npos);
  Matrix<double> c(4, 4);
  EXPECT_NE(message([&] {
              ewise_add(c, nullptr, NoAccum{}, PlusOp<double>{}, a, a);
            }).find("output is 4 x 4"),
            std::string::npos);
  EXPECT_NE(message([&] {
              ewise_mult(c, nullptr, NoAccum{}, PlusOp<double>{}, a, c);
            }).find("A is 3 x 4 but B is 4 x 4"),
            std::string::npos);
  EXPECT_THROW(ewise_add(w3, nullptr, NoAccum{}, PlusOp<double>{}, u3, u4), DimensionMismatch);
  EXPECT_THROW(reduce(w4, nullptr, NoAccum{}, PlusMonoid<double>{}, a), DimensionMismatch);
  EXPECT_THROW(transpose(c, nullptr, NoAccum{}, a), DimensionMismatch);
  EXPECT_THROW(select(c, nullptr, NoAccum{}, Tril{}, a, 0), DimensionMismatch);
}

TEST(EdgeCases, LargeOperandsTakeTheParallelPathsAndMatchTheOracle) {
  std::mt19937_64 rng(test_seed(15));
  const Vertex n = 400;  // about 48000 entries: above kMinParallelWork
  const auto a = random_matrix<std::int64_t>(rng, n, n, 0.3);
  const auto b = random_matrix<std::int64_t>(rng, n, n, 0.3);
  const auto mask = random_matrix<std::int32_t>(rng, n, n, 0.5);
  const WriteMode mode{MaskKind::Valued, false, false, true};
  const Descriptor d = mode.descriptor();
  const auto ad = oracle::dense(a), bd = oracle::dense(b);

  Matrix<std::int64_t> c = b;
  ewise_add(c, &mask, PlusOp<std::int64_t>{}, TimesOp<std::int64_t>{}, a, b, d);
  EXPECT_TRUE(matches(oracle::dense(c).a,
                      expected_write<PlusOp<std::int64_t>>(
                          mode, bd.a, oracle::dense(mask).a,
                          oracle::ewise<TimesOp<std::int64_t>, std::int64_t>(ad.a, bd.a, true))));
  Matrix<std::int64_t> low(n, n);
  select(low, nullptr, NoAccum{}, Tril{}, a, -3);
  EXPECT_TRUE(matches(oracle::dense(low).a, oracle::select(ad, Tril{}, -3)));

  const auto u = random_vector<std::int64_t>(rng, n, 0.5, VectorForm::Bitmap);
  for (SpmvMethod method : {SpmvMethod::Pull, SpmvMethod::Push}) {
    Vector<std::int64_t> w(n);
    mxv(w, nullptr, NoAccum{}, MaxPlus<std::int64_t>{}, a, u, {}, method);
    EXPECT_TRUE(matches(oracle::dense(w),
                        oracle::multiply<MaxPlus<std::int64_t>>(ad, oracle::dense(u), false)));
  }
  Vector<std::int64_t> r(n);
  reduce(r, nullptr, NoAccum{}, PlusMonoid<std::int64_t>{}, a);
  EXPECT_TRUE(matches(oracle::dense(r), oracle::reduce_rows<PlusMonoid<std::int64_t>>(ad)));
  std::int64_t total = 0;
  for (const auto& x : ad.a) total += x.value_or(0);
  EXPECT_EQ(reduce_scalar<PlusMonoid<std::int64_t>>(a), total);
}

}  // namespace
}  // namespace spgraph::testing
