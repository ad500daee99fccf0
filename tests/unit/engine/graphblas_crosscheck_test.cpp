// SPDX-License-Identifier: Apache-2.0
// Cross-checks the operations against SuiteSparse:GraphBLAS entry by entry on random int64
// operands: mxm (PLUS_TIMES and MIN_SECONDI, every write mode, A and B transposed or not); mxv and
// vxm (PLUS_TIMES and the positional MIN_SECONDI) in every write mode, including the complemented
// absent mask; ewise_add and ewise_mult (PLUS and the non-commutative MINUS); select tril; row
// reduction; transpose. This pins our reading of the C API 2.0 semantics to the reference
// implementation. GraphBLAS handles are held by the GraphBLAS peers' owner, and descriptors are
// translated by their grb_descriptor (tools/compare/peers/graphblas_owner.hpp).
#include <gtest/gtest.h>

extern "C" {
#include <GraphBLAS.h>
}

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "engine/ops.hpp"
#include "tests/unit/engine/engine_test_util.hpp"
#include "tools/compare/peers/graphblas_owner.hpp"

namespace spgraph::testing {
namespace {

using I64 = std::int64_t;
using peers::grb_descriptor;
using peers::GrbOwner;

/// Fails the current test when a GraphBLAS call does not succeed.
void grb_ok(GrB_Info info, const char* what) {
  ASSERT_TRUE(info == GrB_SUCCESS || info == GrB_NO_VALUE) << what << " returned " << int(info);
}

/// Initialises GraphBLAS once for the suite and finalises it afterwards.
class GraphBLASCrossCheck : public ::testing::Test {
 public:
  static void SetUpTestSuite() { grb_ok(GrB_init(GrB_NONBLOCKING), "GrB_init"); }
  static void TearDownTestSuite() { GrB_finalize(); }
};

/// A GrB_Matrix (INT64) with the entries of `a`.
GrbOwner<GrB_Matrix> grb_matrix(const Matrix<I64>& a) {
  GrbOwner<GrB_Matrix> m;
  grb_ok(GrB_Matrix_new(m.out(), GrB_INT64, a.nrows(), a.ncols()), "GrB_Matrix_new");
  std::vector<Vertex> r, c;
  std::vector<I64> v;
  a.extract_tuples(r, c, v);
  std::vector<GrB_Index> ri(r.begin(), r.end()), ci(c.begin(), c.end());
  grb_ok(GrB_Matrix_build_INT64(m, ri.data(), ci.data(), v.data(), ri.size(), GrB_PLUS_INT64),
         "GrB_Matrix_build");
  return m;
}

/// The dense contents of a GrB_Matrix.
std::vector<std::optional<I64>> grb_dense(GrB_Matrix m) {
  GrB_Index nr = 0, nc = 0;
  GrB_Matrix_nrows(&nr, m);
  GrB_Matrix_ncols(&nc, m);
  std::vector<std::optional<I64>> out(nr * nc);
  for (GrB_Index i = 0; i < nr; ++i)
    for (GrB_Index j = 0; j < nc; ++j) {
      I64 x = 0;
      if (GrB_Matrix_extractElement_INT64(&x, m, i, j) == GrB_SUCCESS) out[i * nc + j] = x;
    }
  return out;
}

/// A GrB_Vector (INT64 or INT32) with the entries of `u`.
template <class T>
GrbOwner<GrB_Vector> grb_vector(const Vector<T>& u) {
  GrbOwner<GrB_Vector> v;
  grb_ok(GrB_Vector_new(v.out(), std::is_same_v<T, I64> ? GrB_INT64 : GrB_INT32, u.size()),
         "GrB_Vector_new");
  u.for_each([&](Vertex i, T x) {
    if constexpr (std::is_same_v<T, I64>)
      GrB_Vector_setElement_INT64(v, x, i);
    else
      GrB_Vector_setElement_INT32(v, x, i);
  });
  return v;
}

/// The dense contents of a GrB_Vector.
std::vector<std::optional<I64>> grb_dense(GrB_Vector v) {
  GrB_Index n = 0;
  GrB_Vector_size(&n, v);
  std::vector<std::optional<I64>> out(n);
  for (GrB_Index i = 0; i < n; ++i) {
    I64 x = 0;
    if (GrB_Vector_extractElement_INT64(&x, v, i) == GrB_SUCCESS) out[i] = x;
  }
  return out;
}

/// Both sides' mask pointers and accumulators for one write mode.
template <class MaskObj, class GrbMask, class F>
void with_both_masks(const WriteMode& mode, const MaskObj& mask, GrbMask grb_mask, F&& f) {
  const GrB_BinaryOp grb_accum = mode.accum ? GrB_PLUS_INT64 : nullptr;
  with_write_mode<PlusOp<I64>>(mode, mask, [&](auto m, auto accum) {
    f(m, accum, mode.mask == MaskKind::None ? nullptr : grb_mask, grb_accum);
  });
}

TEST_F(GraphBLASCrossCheck, MxvAndVxmMatchInEveryWriteMode) {
  std::mt19937_64 rng(test_seed(31337));
  for (bool trans : {false, true}) {
    const Matrix<I64> a = random_matrix<I64>(rng, 37, 29, 0.15);
    const GrbOwner<GrB_Matrix> ga = grb_matrix(a);
    for (bool vector_first : {false, true}) {
      const Vertex un = (vector_first != trans) ? 37 : 29;
      const Vertex wn = (vector_first != trans) ? 29 : 37;
      for (double density : {0.05, 0.5}) {
        const auto u = random_vector<I64>(rng, un, density, VectorForm::Sparse);
        const auto w0 = random_vector<I64>(rng, wn, 0.5, VectorForm::Sparse);
        const auto mask = random_vector<std::int32_t>(rng, wn, 0.5, VectorForm::Bitmap);
        const GrbOwner<GrB_Vector> gu = grb_vector(u), gmask = grb_vector(mask);
        for (const WriteMode& mode : all_write_modes()) {
          for (bool positional : {false, true}) {
            SCOPED_TRACE(std::string(trans ? "A' " : "A ") + (vector_first ? "vxm " : "mxv ") +
                         (positional ? "min_secondi " : "plus_times ") + mode.name());
            Descriptor d = mode.descriptor();
            // A is GrB_vxm's second input, so its transpose flag is INP1.
            (vector_first ? d.transpose_b : d.transpose_a) = trans;
            const GrbOwner<GrB_Descriptor> gd = grb_descriptor(d);
            Vector<I64> w = w0;
            const GrbOwner<GrB_Vector> gw = grb_vector(w0);
            const GrB_Semiring gsr =
                positional ? GxB_MIN_SECONDI_INT64 : GrB_PLUS_TIMES_SEMIRING_INT64;
            with_both_masks(mode, mask, gmask.get(),
                            [&](auto m, auto accum, GrB_Vector gm, auto gacc) {
                              if (positional) {
                                if (vector_first)
                                  vxm(w, m, accum, MinSecondI<I64>{}, u, a, d);
                                else
                                  mxv(w, m, accum, MinSecondI<I64>{}, a, u, d);
                              } else {
                                if (vector_first)
                                  vxm(w, m, accum, PlusTimes<I64>{}, u, a, d);
                                else
                                  mxv(w, m, accum, PlusTimes<I64>{}, a, u, d);
                              }
                              if (vector_first)
                                grb_ok(GrB_vxm(gw, gm, gacc, gsr, gu, ga, gd), "GrB_vxm");
                              else
                                grb_ok(GrB_mxv(gw, gm, gacc, gsr, ga, gu, gd), "GrB_mxv");
                            });
            ASSERT_EQ(oracle::dense(w), grb_dense(gw));
          }
        }
      }
    }
  }
}

TEST_F(GraphBLASCrossCheck, MxmMatchesInEveryWriteModeAndOrientation) {
  std::mt19937_64 rng(test_seed(2718));
  // 40 x 30 x 35 at density 0.4: rows of ~170 products, so the hash bins and both mask
  // strategies (pre-inserted short mask rows, searched long ones) are exercised.
  for (int trans = 0; trans < 4; ++trans) {
    const bool ta = trans & 1, tb = trans & 2;
    const Matrix<I64> a =
        ta ? random_matrix<I64>(rng, 30, 40, 0.4) : random_matrix<I64>(rng, 40, 30, 0.4);
    const Matrix<I64> b =
        tb ? random_matrix<I64>(rng, 35, 30, 0.4) : random_matrix<I64>(rng, 30, 35, 0.4);
    const Matrix<I64> c0 = random_matrix<I64>(rng, 40, 35, 0.3);
    const Matrix<I64> mask = random_matrix<I64>(rng, 40, 35, 0.5);
    const GrbOwner<GrB_Matrix> ga = grb_matrix(a), gb = grb_matrix(b), gmask = grb_matrix(mask);
    for (const WriteMode& mode : all_write_modes()) {
      for (bool positional : {false, true}) {
        SCOPED_TRACE(std::string(ta ? "A' " : "A ") + (tb ? "B' " : "B ") +
                     (positional ? "min_secondi " : "plus_times ") + mode.name());
        Descriptor d = mode.descriptor();
        d.transpose_a = ta;
        d.transpose_b = tb;
        const GrbOwner<GrB_Descriptor> gd = grb_descriptor(d);
        Matrix<I64> c = c0;
        const GrbOwner<GrB_Matrix> gc = grb_matrix(c0);
        const GrB_Semiring gsr = positional ? GxB_MIN_SECONDI_INT64 : GrB_PLUS_TIMES_SEMIRING_INT64;
        with_both_masks(mode, mask, gmask.get(), [&](auto m, auto accum, GrB_Matrix gm, auto gacc) {
          if (positional)
            mxm(c, m, accum, MinSecondI<I64>{}, a, b, d);
          else
            mxm(c, m, accum, PlusTimes<I64>{}, a, b, d);
          grb_ok(GrB_mxm(gc, gm, gacc, gsr, ga, gb, gd), "GrB_mxm");
        });
        ASSERT_EQ(oracle::dense(c).a, grb_dense(gc));
      }
    }
  }
}

TEST_F(GraphBLASCrossCheck, EwiseSelectReduceTransposeMatch) {
  std::mt19937_64 rng(test_seed(4242));
  const Matrix<I64> a = random_matrix<I64>(rng, 21, 21, 0.3);
  const Matrix<I64> b = random_matrix<I64>(rng, 21, 21, 0.3);
  const Matrix<I64> c0 = random_matrix<I64>(rng, 21, 21, 0.3);
  const Matrix<I64> mask = random_matrix<I64>(rng, 21, 21, 0.5);
  const auto w0 = random_vector<I64>(rng, 21, 0.5, VectorForm::Sparse);
  const auto vmask = random_vector<I64>(rng, 21, 0.5, VectorForm::Sparse);
  const GrbOwner<GrB_Matrix> ga = grb_matrix(a), gb = grb_matrix(b), gmask = grb_matrix(mask);
  const GrbOwner<GrB_Vector> gvmask = grb_vector(vmask);
  for (const WriteMode& mode : all_write_modes()) {
    for (bool trans : {false, true}) {
      SCOPED_TRACE(mode.name() + (trans ? " A'" : ""));
      Descriptor d = mode.descriptor();
      d.transpose_a = trans;
      const GrbOwner<GrB_Descriptor> gd = grb_descriptor(d);
      auto check_matrix = [&](const char* what, auto&& ours, auto&& theirs) {
        SCOPED_TRACE(what);
        Matrix<I64> c = c0;
        const GrbOwner<GrB_Matrix> gc = grb_matrix(c0);
        with_both_masks(mode, mask, gmask.get(), [&](auto m, auto accum, GrB_Matrix gm, auto gacc) {
          ours(c, m, accum);
          grb_ok(theirs(gc, gm, gacc), what);
        });
        ASSERT_EQ(oracle::dense(c).a, grb_dense(gc));
      };
      check_matrix(
          "ewise_add minus",
          [&](auto& c, auto m, auto acc) { ewise_add(c, m, acc, MinusOp<I64>{}, a, b, d); },
          [&](GrB_Matrix c, GrB_Matrix m, GrB_BinaryOp acc) {
            return GrB_Matrix_eWiseAdd_BinaryOp(c, m, acc, GrB_MINUS_INT64, ga, gb, gd);
          });
      check_matrix(
          "ewise_mult plus",
          [&](auto& c, auto m, auto acc) { ewise_mult(c, m, acc, PlusOp<I64>{}, a, b, d); },
          [&](GrB_Matrix c, GrB_Matrix m, GrB_BinaryOp acc) {
            return GrB_Matrix_eWiseMult_BinaryOp(c, m, acc, GrB_PLUS_INT64, ga, gb, gd);
          });
      for (I64 k : {I64(-1), I64(0), I64(2)}) {
        check_matrix(
            "select tril", [&](auto& c, auto m, auto acc) { select(c, m, acc, Tril{}, a, k, d); },
            [&](GrB_Matrix c, GrB_Matrix m, GrB_BinaryOp acc) {
              return GrB_Matrix_select_INT64(c, m, acc, GrB_TRIL, ga, k, gd);
            });
      }
      check_matrix(
          "transpose", [&](auto& c, auto m, auto acc) { transpose(c, m, acc, a, d); },
          [&](GrB_Matrix c, GrB_Matrix m, GrB_BinaryOp acc) {
            return GrB_transpose(c, m, acc, ga, gd);
          });
      Vector<I64> w = w0;
      const GrbOwner<GrB_Vector> gw = grb_vector(w0);
      with_both_masks(mode, vmask, gvmask.get(), [&](auto m, auto accum, GrB_Vector gm, auto gacc) {
        reduce(w, m, accum, PlusMonoid<I64>{}, a, d);
        grb_ok(GrB_Matrix_reduce_Monoid(gw, gm, gacc, GrB_PLUS_MONOID_INT64, ga, gd), "GrB_reduce");
      });
      ASSERT_EQ(oracle::dense(w), grb_dense(gw));
    }
  }
}

}  // namespace
}  // namespace spgraph::testing
