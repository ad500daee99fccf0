// Cross-checks the operations against SuiteSparse:GraphBLAS entry by entry on random int64
// operands: mxm (PLUS_TIMES and MIN_SECONDI, every write mode, A and B transposed or not); mxv and
// vxm (PLUS_TIMES and the positional MIN_SECONDI) in every write mode, including the complemented
// absent mask; ewise_add and ewise_mult (PLUS and the non-commutative MINUS); select tril; row
// reduction; transpose. This pins our reading of the C API 2.0 semantics to the reference
// implementation.
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

namespace spgraph::testing {
namespace {

using I64 = std::int64_t;

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

/// An owned GrB_Matrix.
struct GrbMatrix {
  GrB_Matrix m = nullptr;
  explicit GrbMatrix(const Matrix<I64>& a) {
    grb_ok(GrB_Matrix_new(&m, GrB_INT64, a.nrows(), a.ncols()), "GrB_Matrix_new");
    std::vector<Vertex> r, c;
    std::vector<I64> v;
    a.extract_tuples(r, c, v);
    std::vector<GrB_Index> ri(r.begin(), r.end()), ci(c.begin(), c.end());
    grb_ok(GrB_Matrix_build_INT64(m, ri.data(), ci.data(), v.data(), ri.size(), GrB_PLUS_INT64),
           "GrB_Matrix_build");
  }
  GrbMatrix(const GrbMatrix&) = delete;
  GrbMatrix& operator=(const GrbMatrix&) = delete;
  ~GrbMatrix() { GrB_Matrix_free(&m); }
  /// The dense contents.
  std::vector<std::optional<I64>> dense() const {
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
};

/// An owned GrB_Vector.
struct GrbVector {
  GrB_Vector v = nullptr;
  template <class T>
  explicit GrbVector(const Vector<T>& u) {
    grb_ok(GrB_Vector_new(&v, std::is_same_v<T, I64> ? GrB_INT64 : GrB_INT32, u.size()),
           "GrB_Vector_new");
    u.for_each([&](Vertex i, T x) {
      if constexpr (std::is_same_v<T, I64>)
        GrB_Vector_setElement_INT64(v, x, i);
      else
        GrB_Vector_setElement_INT32(v, x, i);
    });
  }
  GrbVector(const GrbVector&) = delete;
  GrbVector& operator=(const GrbVector&) = delete;
  ~GrbVector() { GrB_Vector_free(&v); }
  /// The dense contents.
  std::vector<std::optional<I64>> dense() const {
    GrB_Index n = 0;
    GrB_Vector_size(&n, v);
    std::vector<std::optional<I64>> out(n);
    for (GrB_Index i = 0; i < n; ++i) {
      I64 x = 0;
      if (GrB_Vector_extractElement_INT64(&x, v, i) == GrB_SUCCESS) out[i] = x;
    }
    return out;
  }
};

/// An owned GrB_Descriptor matching `d`.
struct GrbDescriptor {
  GrB_Descriptor d = nullptr;
  explicit GrbDescriptor(const Descriptor& s) {
    grb_ok(GrB_Descriptor_new(&d), "GrB_Descriptor_new");
    if (s.replace) GrB_Descriptor_set(d, GrB_OUTP, GrB_REPLACE);
    const int mask = (s.mask_complement ? GrB_COMP : 0) + (s.mask_structural ? GrB_STRUCTURE : 0);
    if (mask) GrB_Descriptor_set(d, GrB_MASK, GrB_Desc_Value(mask));
    if (s.transpose_a) GrB_Descriptor_set(d, GrB_INP0, GrB_TRAN);
    if (s.transpose_b) GrB_Descriptor_set(d, GrB_INP1, GrB_TRAN);
  }
  GrbDescriptor(const GrbDescriptor&) = delete;
  GrbDescriptor& operator=(const GrbDescriptor&) = delete;
  ~GrbDescriptor() { GrB_Descriptor_free(&d); }
};

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
    const GrbMatrix ga(a);
    for (bool vector_first : {false, true}) {
      const Vertex un = (vector_first != trans) ? 37 : 29;
      const Vertex wn = (vector_first != trans) ? 29 : 37;
      for (double density : {0.05, 0.5}) {
        const auto u = random_vector<I64>(rng, un, density, VectorForm::Sparse);
        const auto w0 = random_vector<I64>(rng, wn, 0.5, VectorForm::Sparse);
        const auto mask = random_vector<std::int32_t>(rng, wn, 0.5, VectorForm::Bitmap);
        const GrbVector gu(u), gmask(mask);
        for (const WriteMode& mode : all_write_modes()) {
          for (bool positional : {false, true}) {
            SCOPED_TRACE(std::string(trans ? "A' " : "A ") + (vector_first ? "vxm " : "mxv ") +
                         (positional ? "min_secondi " : "plus_times ") + mode.name());
            Descriptor d = mode.descriptor();
            // A is GrB_vxm's second input, so its transpose flag is INP1.
            (vector_first ? d.transpose_b : d.transpose_a) = trans;
            const GrbDescriptor gd(d);
            Vector<I64> w = w0;
            const GrbVector gw(w0);
            const GrB_Semiring gsr =
                positional ? GxB_MIN_SECONDI_INT64 : GrB_PLUS_TIMES_SEMIRING_INT64;
            with_both_masks(mode, mask, gmask.v, [&](auto m, auto accum, GrB_Vector gm, auto gacc) {
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
                grb_ok(GrB_vxm(gw.v, gm, gacc, gsr, gu.v, ga.m, gd.d), "GrB_vxm");
              else
                grb_ok(GrB_mxv(gw.v, gm, gacc, gsr, ga.m, gu.v, gd.d), "GrB_mxv");
            });
            ASSERT_EQ(oracle::dense(w), gw.dense());
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
    const GrbMatrix ga(a), gb(b), gmask(mask);
    for (const WriteMode& mode : all_write_modes()) {
      for (bool positional : {false, true}) {
        SCOPED_TRACE(std::string(ta ? "A' " : "A ") + (tb ? "B' " : "B ") +
                     (positional ? "min_secondi " : "plus_times ") + mode.name());
        Descriptor d = mode.descriptor();
        d.transpose_a = ta;
        d.transpose_b = tb;
        const GrbDescriptor gd(d);
        Matrix<I64> c = c0;
        GrbMatrix gc(c0);
        const GrB_Semiring gsr = positional ? GxB_MIN_SECONDI_INT64 : GrB_PLUS_TIMES_SEMIRING_INT64;
        with_both_masks(mode, mask, gmask.m, [&](auto m, auto accum, GrB_Matrix gm, auto gacc) {
          if (positional)
            mxm(c, m, accum, MinSecondI<I64>{}, a, b, d);
          else
            mxm(c, m, accum, PlusTimes<I64>{}, a, b, d);
          grb_ok(GrB_mxm(gc.m, gm, gacc, gsr, ga.m, gb.m, gd.d), "GrB_mxm");
        });
        ASSERT_EQ(oracle::dense(c).a, gc.dense());
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
  const GrbMatrix ga(a), gb(b), gmask(mask);
  const GrbVector gvmask(vmask);
  for (const WriteMode& mode : all_write_modes()) {
    for (bool trans : {false, true}) {
      SCOPED_TRACE(mode.name() + (trans ? " A'" : ""));
      Descriptor d = mode.descriptor();
      d.transpose_a = trans;
      const GrbDescriptor gd(d);
      auto check_matrix = [&](const char* what, auto&& ours, auto&& theirs) {
        SCOPED_TRACE(what);
        Matrix<I64> c = c0;
        GrbMatrix gc(c0);
        with_both_masks(mode, mask, gmask.m, [&](auto m, auto accum, GrB_Matrix gm, auto gacc) {
          ours(c, m, accum);
          grb_ok(theirs(gc.m, gm, gacc), what);
        });
        ASSERT_EQ(oracle::dense(c).a, gc.dense());
      };
      check_matrix(
          "ewise_add minus",
          [&](auto& c, auto m, auto acc) { ewise_add(c, m, acc, MinusOp<I64>{}, a, b, d); },
          [&](GrB_Matrix c, GrB_Matrix m, GrB_BinaryOp acc) {
            return GrB_Matrix_eWiseAdd_BinaryOp(c, m, acc, GrB_MINUS_INT64, ga.m, gb.m, gd.d);
          });
      check_matrix(
          "ewise_mult plus",
          [&](auto& c, auto m, auto acc) { ewise_mult(c, m, acc, PlusOp<I64>{}, a, b, d); },
          [&](GrB_Matrix c, GrB_Matrix m, GrB_BinaryOp acc) {
            return GrB_Matrix_eWiseMult_BinaryOp(c, m, acc, GrB_PLUS_INT64, ga.m, gb.m, gd.d);
          });
      for (I64 k : {I64(-1), I64(0), I64(2)}) {
        check_matrix(
            "select tril", [&](auto& c, auto m, auto acc) { select(c, m, acc, Tril{}, a, k, d); },
            [&](GrB_Matrix c, GrB_Matrix m, GrB_BinaryOp acc) {
              return GrB_Matrix_select_INT64(c, m, acc, GrB_TRIL, ga.m, k, gd.d);
            });
      }
      check_matrix(
          "transpose", [&](auto& c, auto m, auto acc) { transpose(c, m, acc, a, d); },
          [&](GrB_Matrix c, GrB_Matrix m, GrB_BinaryOp acc) {
            return GrB_transpose(c, m, acc, ga.m, gd.d);
          });
      Vector<I64> w = w0;
      GrbVector gw(w0);
      with_both_masks(mode, vmask, gvmask.v, [&](auto m, auto accum, GrB_Vector gm, auto gacc) {
        reduce(w, m, accum, PlusMonoid<I64>{}, a, d);
        grb_ok(GrB_Matrix_reduce_Monoid(gw.v, gm, gacc, GrB_PLUS_MONOID_INT64, ga.m, gd.d),
               "GrB_reduce");
      });
      ASSERT_EQ(oracle::dense(w), gw.dense());
    }
  }
}

}  // namespace
}  // namespace spgraph::testing
