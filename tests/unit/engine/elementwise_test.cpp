// SPDX-License-Identifier: Apache-2.0
// ewise_add, ewise_mult, apply, select, reduce and transpose against the dense oracle, for
// vectors and matrices of every numeric value type, in every write mode, with bool and double
// masks, sparse and bitmap operands, input transposes and pattern operands.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <tuple>

#include "engine/ops.hpp"
#include "tests/oracle/dense_oracle.hpp"
#include "tests/unit/engine/engine_test_util.hpp"

namespace spgraph::testing {
namespace {

template <class T>
class ElementwiseTest : public ::testing::Test {};

using ValueTypes = ::testing::Types<std::int32_t, std::int64_t, float, double>;
TYPED_TEST_SUITE(ElementwiseTest, ValueTypes);

/// Calls f(Op{}) for each binary operator the element-wise tests cover.
template <class T, class F>
void for_each_binary_op(F&& f) {
  std::apply(
      [&](auto... op) { (f(op), ...); },
      std::tuple<PlusOp<T>, MinusOp<T>, TimesOp<T>, MinOp<T>, MaxOp<T>, FirstOp<T>, SecondOp<T>>{});
}

/// Calls f(pred, thunk, name) for each predefined select predicate and a user predicate.
template <class F>
void for_each_predicate(F&& f) {
  for (int k : {-2, 0, 1}) {
    f(Tril{}, k, "tril");
    f(Triu{}, k, "triu");
    f(Diag{}, k, "diag");
    f(Offdiag{}, k, "offdiag");
  }
  f(ValueEq{}, 4, "valueeq");
  f(ValueNe{}, 4, "valuene");
  f(ValueGt{}, 4, "valuegt");
  f(ValueGe{}, 4, "valuege");
  f(ValueLt{}, 4, "valuelt");
  f(ValueLe{}, 4, "valuele");
  f([](auto x, Vertex i, Vertex j, int k) { return x + k > decltype(x)(i % 7 + j % 3); }, 1,
    "user");
}

TYPED_TEST(ElementwiseTest, VectorEwiseAddAndMultMatchOracle) {
  using T = TypeParam;
  const std::uint64_t seed = test_seed(101);
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  for (Vertex n : {0u, 1u, 40u}) {
    for (VectorForm fu : {VectorForm::Sparse, VectorForm::Bitmap}) {
      for (VectorForm fv : {VectorForm::Sparse, VectorForm::Bitmap}) {
        const Vector<T> u = random_vector<T>(rng, n, 0.4, fu);
        const Vector<T> v = random_vector<T>(rng, n, 0.4, fv);
        const Vector<T> w0 = random_vector<T>(rng, n, 0.5, VectorForm::Sparse);
        const Vector<bool> mask = random_vector<bool>(rng, n, 0.6, fu);
        for_each_binary_op<T>([&](auto op) {
          using Op = decltype(op);
          for (bool is_union : {false, true}) {
            const auto t = oracle::ewise<Op, T>(oracle::dense(u), oracle::dense(v), is_union);
            for (const WriteMode& mode : all_write_modes()) {
              SCOPED_TRACE("n " + std::to_string(n) + (is_union ? " add " : " mult ") +
                           typeid(Op).name() + " " + mode.name());
              Vector<T> w = w0;
              with_write_mode<PlusOp<T>>(mode, mask, [&](auto m, auto accum) {
                if (is_union)
                  ewise_add(w, m, accum, op, u, v, mode.descriptor());
                else
                  ewise_mult(w, m, accum, op, u, v, mode.descriptor());
              });
              ASSERT_TRUE(matches(
                  oracle::dense(w),
                  expected_write<PlusOp<T>>(mode, oracle::dense(w0), oracle::dense(mask), t)));
            }
          }
        });
      }
    }
  }
}

TYPED_TEST(ElementwiseTest, MatrixEwiseAddAndMultMatchOracle) {
  using T = TypeParam;
  const std::uint64_t seed = test_seed(202);
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  const Matrix<T> a = random_matrix<T>(rng, 13, 13, 0.3);
  const Matrix<T> b = random_matrix<T>(rng, 13, 13, 0.3, true);
  const Matrix<T> c0 = random_matrix<T>(rng, 13, 13, 0.4);
  const Matrix<double> mask = random_matrix<double>(rng, 13, 13, 0.5);
  for (bool ta : {false, true}) {
    for (bool tb : {false, true}) {
      auto ad = oracle::dense(a), bd = oracle::dense(b);
      if (ta) ad = oracle::transposed(ad);
      if (tb) bd = oracle::transposed(bd);
      for_each_binary_op<T>([&](auto op) {
        using Op = decltype(op);
        for (bool is_union : {false, true}) {
          const auto t = oracle::ewise<Op, T>(ad.a, bd.a, is_union);
          for (const WriteMode& mode : all_write_modes()) {
            SCOPED_TRACE(std::string(ta ? "A' " : "A ") + (tb ? "B' " : "B ") +
                         (is_union ? "add " : "mult ") + typeid(Op).name() + " " + mode.name());
            Descriptor d = mode.descriptor();
            d.transpose_a = ta;
            d.transpose_b = tb;
            Matrix<T> c = c0;
            with_write_mode<PlusOp<T>>(mode, mask, [&](auto m, auto accum) {
              if (is_union)
                ewise_add(c, m, accum, op, a, b, d);
              else
                ewise_mult(c, m, accum, op, a, b, d);
            });
            ASSERT_TRUE(matches(
                oracle::dense(c).a,
                expected_write<PlusOp<T>>(mode, oracle::dense(c0).a, oracle::dense(mask).a, t)));
          }
        }
      });
    }
  }
}

TYPED_TEST(ElementwiseTest, ApplyMatchesOracleForVectorsAndMatrices) {
  using T = TypeParam;
  const std::uint64_t seed = test_seed(303);
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  auto f = [](T x) { return double(x) * 2 + 1; };
  for (bool pattern : {false, true}) {
    const Matrix<T> a = random_matrix<T>(rng, 11, 16, 0.3, pattern);
    const Matrix<T> c0 = random_matrix<T>(rng, 16, 11, 0.4);
    const Matrix<T> mask = random_matrix<T>(rng, 16, 11, 0.5, pattern);
    const Vector<T> u = random_vector<T>(rng, 16, 0.4, VectorForm::Bitmap);
    const Vector<T> w0 = random_vector<T>(rng, 16, 0.4, VectorForm::Sparse);
    const Vector<T> vmask = random_vector<T>(rng, 16, 0.5, VectorForm::Sparse);
    const auto t = oracle::apply<T>(oracle::transposed(oracle::dense(a)), f);
    oracle::DMat<T> ud(16, 1);
    ud.a = oracle::dense(u);
    const auto tv = oracle::apply<T>(ud, f);
    for (const WriteMode& mode : all_write_modes()) {
      SCOPED_TRACE(std::string(pattern ? "pattern " : "") + mode.name());
      Descriptor d = mode.descriptor();
      d.transpose_a = true;
      Matrix<T> c = c0;
      Vector<T> w = w0;
      with_write_mode<MinOp<T>>(mode, mask,
                                [&](auto m, auto accum) { apply(c, m, accum, f, a, d); });
      with_write_mode<MinOp<T>>(
          mode, vmask, [&](auto m, auto accum) { apply(w, m, accum, f, u, mode.descriptor()); });
      ASSERT_TRUE(matches(oracle::dense(c).a, expected_write<MinOp<T>>(mode, oracle::dense(c0).a,
                                                                       oracle::dense(mask).a, t)));
      ASSERT_TRUE(matches(oracle::dense(w), expected_write<MinOp<T>>(mode, oracle::dense(w0),
                                                                     oracle::dense(vmask), tv)));
    }
  }
}

TYPED_TEST(ElementwiseTest, SelectMatchesOracleForEveryPredicate) {
  using T = TypeParam;
  const std::uint64_t seed = test_seed(404);
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  const Matrix<T> a = random_matrix<T>(rng, 12, 12, 0.5);
  const Matrix<T> c0 = random_matrix<T>(rng, 12, 12, 0.3);
  const Matrix<bool> mask = random_matrix<bool>(rng, 12, 12, 0.5);
  const Vector<T> u = random_vector<T>(rng, 30, 0.5, VectorForm::Sparse);
  const Vector<T> w0 = random_vector<T>(rng, 30, 0.3, VectorForm::Bitmap);
  const Vector<bool> vmask = random_vector<bool>(rng, 30, 0.5, VectorForm::Bitmap);
  for (bool trans : {false, true}) {
    auto ad = oracle::dense(a);
    if (trans) ad = oracle::transposed(ad);
    oracle::DMat<T> ud(30, 1);
    ud.a = oracle::dense(u);
    for_each_predicate([&](auto pred, int k, const char* name) {
      const auto t = oracle::select(ad, pred, k);
      const auto tv = oracle::select(ud, pred, k);
      for (const WriteMode& mode : all_write_modes()) {
        SCOPED_TRACE(std::string(name) + " k=" + std::to_string(k) + (trans ? " A' " : " ") +
                     mode.name());
        Descriptor d = mode.descriptor();
        d.transpose_a = trans;
        Matrix<T> c = c0;
        Vector<T> w = w0;
        with_write_mode<PlusOp<T>>(mode, mask,
                                   [&](auto m, auto accum) { select(c, m, accum, pred, a, k, d); });
        with_write_mode<PlusOp<T>>(mode, vmask, [&](auto m, auto accum) {
          select(w, m, accum, pred, u, k, mode.descriptor());
        });
        ASSERT_TRUE(matches(
            oracle::dense(c).a,
            expected_write<PlusOp<T>>(mode, oracle::dense(c0).a, oracle::dense(mask).a, t)));
        ASSERT_TRUE(matches(oracle::dense(w), expected_write<PlusOp<T>>(mode, oracle::dense(w0),
                                                                        oracle::dense(vmask), tv)));
      }
    });
  }
}

TYPED_TEST(ElementwiseTest, ReduceRowsAndColumnsMatchOracle) {
  using T = TypeParam;
  const std::uint64_t seed = test_seed(505);
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  for (bool pattern : {false, true}) {
    const Matrix<T> a = random_matrix<T>(rng, 25, 18, 0.1, pattern);
    auto run = [&](auto monoid, const char* name) {
      using Mon = decltype(monoid);
      for (bool trans : {false, true}) {
        auto ad = oracle::dense(a);
        if (trans) ad = oracle::transposed(ad);
        const auto t = oracle::reduce_rows<Mon>(ad);
        const Vector<T> w0 = random_vector<T>(rng, ad.nrows, 0.5, VectorForm::Bitmap);
        const Vector<std::int64_t> mask =
            random_vector<std::int64_t>(rng, ad.nrows, 0.5, VectorForm::Sparse);
        for (const WriteMode& mode : all_write_modes()) {
          SCOPED_TRACE(std::string(name) + (trans ? " columns " : " rows ") + mode.name());
          Descriptor d = mode.descriptor();
          d.transpose_a = trans;
          Vector<T> w = w0;
          with_write_mode<PlusOp<T>>(
              mode, mask, [&](auto m, auto accum) { reduce(w, m, accum, monoid, a, d); });
          ASSERT_TRUE(matches(oracle::dense(w), expected_write<PlusOp<T>>(mode, oracle::dense(w0),
                                                                          oracle::dense(mask), t)));
        }
      }
      oracle::DMat<T> flat(1, std::uint32_t(oracle::dense(a).a.size()));
      flat.a = oracle::dense(a).a;
      const auto all = oracle::reduce_rows<Mon>(flat);
      const T s = reduce_scalar<Mon>(a);
      if (all[0].empty())
        EXPECT_EQ(s, Mon::identity());
      else
        EXPECT_TRUE(matches<T>({s}, all));
    };
    run(PlusMonoid<T>{}, "plus");
    run(MinMonoid<T>{}, "min");
    run(MaxMonoid<T>{}, "max");
    run(TimesMonoid<T>{}, "times");
    run(AnyMonoid<T>{}, "any");
  }
}

TYPED_TEST(ElementwiseTest, TransposeMatchesOracle) {
  using T = TypeParam;
  const std::uint64_t seed = test_seed(606);
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  for (bool pattern : {false, true}) {
    const Matrix<T> a = random_matrix<T>(rng, 9, 14, 0.3, pattern);
    const Matrix<T> c0 = random_matrix<T>(rng, 14, 9, 0.3);
    const Matrix<T> same0 = random_matrix<T>(rng, 9, 14, 0.3);
    const Matrix<std::int32_t> mask = random_matrix<std::int32_t>(rng, 14, 9, 0.5);
    const Matrix<std::int32_t> same_mask = random_matrix<std::int32_t>(rng, 9, 14, 0.5);
    const auto t = oracle::exact<T>(oracle::transposed(oracle::dense(a)).a);
    const auto same = oracle::exact<T>(oracle::dense(a).a);
    for (const WriteMode& mode : all_write_modes()) {
      SCOPED_TRACE(std::string(pattern ? "pattern " : "") + mode.name());
      Matrix<T> c = c0;
      with_write_mode<MaxOp<T>>(
          mode, mask, [&](auto m, auto accum) { transpose(c, m, accum, a, mode.descriptor()); });
      ASSERT_TRUE(matches(oracle::dense(c).a, expected_write<MaxOp<T>>(mode, oracle::dense(c0).a,
                                                                       oracle::dense(mask).a, t)));
      // With INP0 transposed, transpose copies A itself.
      Descriptor d = mode.descriptor();
      d.transpose_a = true;
      Matrix<T> c2 = same0;
      with_write_mode<MaxOp<T>>(mode, same_mask,
                                [&](auto m, auto accum) { transpose(c2, m, accum, a, d); });
      ASSERT_TRUE(
          matches(oracle::dense(c2).a, expected_write<MaxOp<T>>(mode, oracle::dense(same0).a,
                                                                oracle::dense(same_mask).a, same)));
    }
  }
}

}  // namespace
}  // namespace spgraph::testing
