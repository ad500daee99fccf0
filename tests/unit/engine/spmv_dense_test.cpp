// SPDX-License-Identifier: Apache-2.0
// The dense-vector path of mxv / vxm (a full u and no mask: engine/spmv_dense.hpp) against the
// dense oracle, on CSR and on the CSR5 view, for every semiring of the registry: shapes large
// enough for many CSR5 tiles, runs of empty rows, one huge row among short ones, transposed A,
// pattern A, and every accumulate / replace mode (a mask sends the call to the bitmap kernel,
// which multiply_test.cpp covers). Also: the CSR5 view is cached with the matrix, dropped when
// the matrix changes, and Auto resolves to CSR or CSR5 by the rule.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <type_traits>

#include "engine/ops.hpp"
#include "tests/oracle/dense_oracle.hpp"
#include "tests/unit/engine/engine_test_util.hpp"

namespace spgraph::testing {
namespace {

/// A random matrix whose row `heavy` is dense and whose rows [gap0, gap1) are empty.
template <class T>
Matrix<T> skewed_matrix(std::mt19937_64& rng, Vertex nr, Vertex nc, double density, bool pattern,
                        Vertex heavy, Vertex gap0, Vertex gap1) {
  std::vector<Vertex> r, c;
  std::vector<T> v;
  std::bernoulli_distribution keep(density);
  for (Vertex i = 0; i < nr; ++i) {
    if (i >= gap0 && i < gap1) continue;
    for (Vertex j = 0; j < nc; ++j)
      if (i == heavy || keep(rng)) {
        r.push_back(i);
        c.push_back(j);
        v.push_back(random_value<T>(rng));
      }
  }
  if (pattern) return Matrix<T>::build_pattern(nr, nc, r, c, DuplicatePolicy::Reject);
  auto vals = std::make_unique<T[]>(v.size());
  std::copy(v.begin(), v.end(), vals.get());
  return Matrix<T>::build(nr, nc, r, c, std::span<const T>(vals.get(), v.size()),
                          DuplicatePolicy::Reject);
}

template <class SR>
class SpmvDenseTest : public ::testing::Test {};

TYPED_TEST_SUITE(SpmvDenseTest, RegistrySemirings);

TYPED_TEST(SpmvDenseTest, FullUMatchesDenseOracleOnCsrAndCsr5) {
  using SR = TypeParam;
  using V = typename SR::value_type;
  using Accum = std::conditional_t<std::is_same_v<V, bool>, LorOp<V>, PlusOp<V>>;
  const std::uint64_t seed = test_seed(20261123);
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  struct Shape {
    Vertex nr, nc;
    double density;
    Vertex heavy, gap0, gap1;
  };
  const Shape shapes[] = {{0, 0, 0, 0, 0, 0},
                          {1, 9, 0.5, 5, 0, 0},
                          {37, 29, 0.3, 100, 3, 9},
                          {257, 131, 0.15, 7, 40, 90},
                          {90, 700, 0.02, 89, 0, 30}};
  for (const Shape& s : shapes) {
    for (bool pattern : {false, true}) {
      const Matrix<V> a =
          skewed_matrix<V>(rng, s.nr, s.nc, s.density, pattern, s.heavy, s.gap0, s.gap1);
      for (bool trans : {false, true}) {
        oracle::DMat<V> ad = oracle::dense(a);
        if (trans) ad = oracle::transposed(ad);
        for (bool vector_first : {false, true}) {
          const Vertex un = vector_first ? ad.nrows : ad.ncols;
          const Vertex wn = vector_first ? ad.ncols : ad.nrows;
          const Vector<V> u = random_vector<V>(rng, un, 1.0, VectorForm::Bitmap);
          const Vector<V> w0 = random_vector<V>(rng, wn, 0.5, VectorForm::Sparse);
          const Vector<std::int32_t> no_mask(wn);
          const auto t = oracle::multiply<SR>(ad, oracle::dense(u), vector_first);
          const auto w0d = oracle::dense(w0);
          for (SpmvFormat format : {SpmvFormat::Csr, SpmvFormat::Csr5, SpmvFormat::Auto}) {
            for (const WriteMode& mode : all_write_modes()) {
              if (mode.mask != MaskKind::None) continue;
              SCOPED_TRACE(std::to_string(s.nr) + "x" + std::to_string(s.nc) +
                           (pattern ? " pattern" : "") + (trans ? " transposed" : "") +
                           (vector_first ? " vxm" : " mxv") + " format " +
                           spmv_format_name(format) + " " + mode.name());
              Descriptor d = mode.descriptor();
              (vector_first ? d.transpose_b : d.transpose_a) = trans;
              d.spmv_format = format;
              Vector<V> w = w0;
              with_write_mode<Accum>(mode, no_mask, [&](auto m, auto accum) {
                if (vector_first)
                  vxm(w, m, accum, SR{}, u, a, d);
                else
                  mxv(w, m, accum, SR{}, a, u, d);
              });
              ASSERT_TRUE(matches(oracle::dense(w),
                                  expected_write<Accum>(mode, w0d, oracle::dense(no_mask), t)));
            }
          }
        }
      }
    }
  }
}

TEST(SpmvDenseCache, Csr5ViewIsCachedAndDroppedWhenTheMatrixChanges) {
  std::mt19937_64 rng(7);
  Matrix<double> a = random_matrix<double>(rng, 200, 200, 0.1);
  const std::vector<double> x(200, 1.0);
  std::vector<double> y(200), y5(200);
  EXPECT_FALSE(a.has_cached_csr5());
  spmv_dense<PlusTimes<double>>(a, false, x.data(), y.data(), SpmvFormat::Csr);
  EXPECT_FALSE(a.has_cached_csr5());
  spmv_dense<PlusTimes<double>>(a, false, x.data(), y5.data(), SpmvFormat::Csr5);
  EXPECT_TRUE(a.has_cached_csr5());
  EXPECT_FALSE(a.has_cached_csr5(true));
  EXPECT_EQ(y, y5);
  // A changed matrix drops the view; the next CSR5 call sees the new entries.
  Matrix<double> b = random_matrix<double>(rng, 200, 200, 0.2);
  a.assign(b.csr());
  EXPECT_FALSE(a.has_cached_csr5());
  spmv_dense<PlusTimes<double>>(a, false, x.data(), y.data(), SpmvFormat::Csr);
  spmv_dense<PlusTimes<double>>(a, false, x.data(), y5.data(), SpmvFormat::Csr5);
  EXPECT_EQ(y, y5);
  // The transpose's view is separate.
  spmv_dense<PlusTimes<double>>(a, true, x.data(), y5.data(), SpmvFormat::Csr5);
  EXPECT_TRUE(a.has_cached_csr5(true));
}

TEST(SpmvDenseRule, AutoPicksCsr5ForSkewedValuedRowsAndCsrOtherwise) {
  // A regular band: every row has 5 entries.
  const Vertex n = 20000;
  std::vector<Vertex> r, c;
  for (Vertex i = 0; i < n; ++i)
    for (Vertex k = 0; k < 5; ++k) {
      r.push_back(i);
      c.push_back((i + k) % n);
    }
  const std::vector<double> ones(r.size() + n, 1.0);
  auto valued = [&] {
    return Matrix<double>::build(n, n, r, c, std::span<const double>(ones.data(), r.size()));
  };
  const Matrix<double> band = valued();
  EXPECT_EQ(choose_spmv_format(band, false, SpmvFormat::Auto).format, SpmvFormat::Csr);
  // The same plus one row holding every column: the row lengths are skewed.
  for (Vertex j = 0; j < n; ++j) {
    r.push_back(0);
    c.push_back(j);
  }
  const Matrix<double> skew = valued();
  EXPECT_EQ(choose_spmv_format(skew, false, SpmvFormat::Auto).format, SpmvFormat::Csr5);
  // A pattern with the same skew stays on CSR, which then reads no values at all.
  const Matrix<bool> skew_pattern = Matrix<bool>::build_pattern(n, n, r, c);
  EXPECT_EQ(choose_spmv_format(skew_pattern, false, SpmvFormat::Auto).format, SpmvFormat::Csr);
  // What is asked for is kept.
  EXPECT_EQ(choose_spmv_format(band, false, SpmvFormat::Csr5).format, SpmvFormat::Csr5);
  EXPECT_EQ(choose_spmv_format(skew, false, SpmvFormat::Csr).format, SpmvFormat::Csr);
  // Tiny matrices stay on CSR whatever their shape.
  const Matrix<bool> tiny =
      Matrix<bool>::build_pattern(3, 3, std::vector<Vertex>{0, 0, 0}, std::vector<Vertex>{0, 1, 2});
  EXPECT_EQ(choose_spmv_format(tiny, false, SpmvFormat::Auto).format, SpmvFormat::Csr);
}

}  // namespace
}  // namespace spgraph::testing
