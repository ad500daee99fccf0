// SPDX-License-Identifier: Apache-2.0
// mxv and vxm against the dense oracle: every semiring of the registry (over several value
// types) × every write mode × pull and push kernels × sparse and bitmap u × transposed A ×
// pattern A, on random operands of several shapes (0 × 0 included).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <type_traits>

#include "engine/ops.hpp"
#include "tests/oracle/dense_oracle.hpp"
#include "tests/unit/engine/engine_test_util.hpp"

namespace spgraph::testing {
namespace {

template <class SR>
class MultiplyTest : public ::testing::Test {};

TYPED_TEST_SUITE(MultiplyTest, RegistrySemirings);

TYPED_TEST(MultiplyTest, MxvAndVxmMatchDenseOracleInEveryMode) {
  using SR = TypeParam;
  using V = typename SR::value_type;
  using Accum = std::conditional_t<std::is_same_v<V, bool>, LorOp<V>, PlusOp<V>>;
  const std::uint64_t seed = test_seed(20261122);
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  const std::pair<Vertex, Vertex> shapes[] = {{0, 0}, {1, 9}, {23, 17}, {30, 30}};
  for (auto [nr, nc] : shapes) {
    for (bool pattern : {false, true}) {
      const Matrix<V> a = random_matrix<V>(rng, nr, nc, 0.2, pattern);
      for (bool trans : {false, true}) {
        oracle::DMat<V> ad = oracle::dense(a);
        if (trans) ad = oracle::transposed(ad);
        for (bool vector_first : {false, true}) {
          const Vertex un = vector_first ? ad.nrows : ad.ncols;
          const Vertex wn = vector_first ? ad.ncols : ad.nrows;
          for (double density : {0.1, 0.6}) {
            for (VectorForm form : {VectorForm::Sparse, VectorForm::Bitmap}) {
              const Vector<V> u = random_vector<V>(rng, un, density, form);
              const Vector<V> w0 = random_vector<V>(rng, wn, 0.5, VectorForm::Sparse);
              const Vector<std::int32_t> mask = random_vector<std::int32_t>(rng, wn, 0.5, form);
              const auto t = oracle::multiply<SR>(ad, oracle::dense(u), vector_first);
              const auto w0d = oracle::dense(w0);
              const auto maskd = oracle::dense(mask);
              for (SpmvMethod method : {SpmvMethod::Auto, SpmvMethod::Pull, SpmvMethod::Push}) {
                for (const WriteMode& mode : all_write_modes()) {
                  SCOPED_TRACE(std::to_string(nr) + "x" + std::to_string(nc) +
                               (pattern ? " pattern" : "") + (trans ? " transposed" : "") +
                               (vector_first ? " vxm" : " mxv") + " density " +
                               std::to_string(density) +
                               (form == VectorForm::Bitmap ? " bitmap" : " sparse") + " method " +
                               std::to_string(int(method)) + " " + mode.name());
                  Descriptor d = mode.descriptor();
                  // A is GrB_vxm's second input, so its transpose flag is INP1.
                  (vector_first ? d.transpose_b : d.transpose_a) = trans;
                  Vector<V> w = w0;
                  with_write_mode<Accum>(mode, mask, [&](auto m, auto accum) {
                    if (vector_first)
                      vxm(w, m, accum, SR{}, u, a, d, method);
                    else
                      mxv(w, m, accum, SR{}, a, u, d, method);
                  });
                  ASSERT_TRUE(
                      matches(oracle::dense(w), expected_write<Accum>(mode, w0d, maskd, t)));
                }
              }
            }
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace spgraph::testing
