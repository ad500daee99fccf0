// SPDX-License-Identifier: Apache-2.0
// The Matrix and Vector handles: build with duplicates combined or rejected, index checks,
// the lazily cached transpose and backend views, get/set/remove, extract_tuples, and form
// switching.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "engine/matrix.hpp"
#include "engine/vector.hpp"
#include "tests/unit/engine/engine_test_util.hpp"

namespace spgraph::testing {
namespace {

const std::vector<Vertex> kDupRows{2, 0, 2, 1, 2};
const std::vector<Vertex> kDupCols{1, 0, 1, 2, 1};
const std::vector<double> kDupVals{5, 1, 7, 3, 11};

TEST(Handles, MatrixBuildCombinesDuplicatesInInputOrder) {
  auto plus = Matrix<double>::build(3, 3, kDupRows, kDupCols, kDupVals);
  auto first = Matrix<double>::build<FirstOp<double>>(3, 3, kDupRows, kDupCols, kDupVals);
  auto second = Matrix<double>::build<SecondOp<double>>(3, 3, kDupRows, kDupCols, kDupVals);
  EXPECT_EQ(plus.nvals(), 3u);
  EXPECT_EQ(plus.get(2, 1), 23.0);
  EXPECT_EQ(first.get(2, 1), 5.0);
  EXPECT_EQ(second.get(2, 1), 11.0);
  EXPECT_EQ(plus.get(0, 0), 1.0);
  EXPECT_EQ(plus.get(1, 1), std::nullopt);
}

TEST(Handles, MatrixBuildRejectsDuplicatesWhenAsked) {
  EXPECT_THROW(Matrix<double>::build(3, 3, kDupRows, kDupCols, kDupVals, DuplicatePolicy::Reject),
               InvalidArgument);
  EXPECT_THROW(Matrix<double>::build_pattern(3, 3, kDupRows, kDupCols, DuplicatePolicy::Reject),
               InvalidArgument);
}

TEST(Handles, VectorBuildCombinesOrRejectsDuplicates) {
  const std::vector<Vertex> idx{4, 1, 4, 4};
  const std::vector<std::int32_t> val{2, 9, 3, 5};
  EXPECT_EQ(Vector<std::int32_t>::build(6, idx, val).get(4), 10);
  EXPECT_EQ((Vector<std::int32_t>::build<FirstOp<std::int32_t>>(6, idx, val).get(4)), 2);
  EXPECT_EQ((Vector<std::int32_t>::build<SecondOp<std::int32_t>>(6, idx, val).get(4)), 5);
  EXPECT_THROW(Vector<std::int32_t>::build(6, idx, val, DuplicatePolicy::Reject), InvalidArgument);
}

TEST(Handles, BuildOutOfRangeThrowsIndexOutOfBounds) {
  const std::vector<Vertex> r{0, 3}, c{0, 0};
  const std::vector<double> v{1, 2};
  EXPECT_THROW(Matrix<double>::build(3, 3, r, c, v), IndexOutOfBounds);
  EXPECT_THROW(Matrix<double>::build(4, 3, c, r, v), IndexOutOfBounds);
  EXPECT_THROW(Vector<double>::build(3, r, v), IndexOutOfBounds);
  Matrix<double> m(2, 2);
  EXPECT_THROW(m.get(2, 0), IndexOutOfBounds);
  Vector<double> u(2);
  EXPECT_THROW(u.set(2, 1.0), IndexOutOfBounds);
  EXPECT_THROW(u.get(5), IndexOutOfBounds);
}

TEST(Handles, TransposeIsBuiltLazilyAndDroppedOnAssign) {
  std::mt19937_64 rng(test_seed(7));
  Matrix<double> a = random_matrix<double>(rng, 20, 30, 0.2);
  EXPECT_FALSE(a.has_cached_transpose());
  const Csr<double>& t = a.transposed();
  EXPECT_TRUE(a.has_cached_transpose());
  EXPECT_EQ(t.nrows, 30u);
  EXPECT_EQ(t.nnz(), a.nvals());
  for (Vertex i = 0; i < t.nrows; ++i)
    for (Offset p = t.row_begin(i); p < t.row_end(i); ++p) EXPECT_EQ(a.get(t.col[p], i), t.val[p]);
  EXPECT_EQ(&a.transposed(), &t) << "a second call must reuse the cache";
  a.assign(Csr<double>::empty(20, 30, false));
  EXPECT_FALSE(a.has_cached_transpose());
  EXPECT_EQ(a.transposed().nnz(), 0u);
  Matrix<double> copy = a;
  EXPECT_FALSE(copy.has_cached_transpose()) << "a copy starts without the view";
}

/// A stand-in for a backend's view (the CUDA backend caches device mirrors this way): it
/// records which operand it was built from and how many were built.
struct CountedView {
  Offset nnz;
  Vertex nrows;
  static inline int built = 0;
};

TEST(Handles, BackendViewsAreBuiltOncePerOperandAndDroppedOnAssign) {
  std::mt19937_64 rng(test_seed(8));
  Matrix<double> a = random_matrix<double>(rng, 20, 30, 0.2);
  CountedView::built = 0;
  auto make = [&a](bool t) {
    return [&a, t] {
      ++CountedView::built;
      const Csr<double>& s = t ? a.transposed() : a.csr();  // make may use the other caches
      return CountedView{s.nnz(), s.nrows};
    };
  };
  EXPECT_EQ(a.cached_backend_views(), 0u);
  const auto of_a = a.backend_view<CountedView>(false, make(false));
  const auto again = a.backend_view<CountedView>(false, make(false));
  EXPECT_EQ(of_a.get(), again.get()) << "a second call must reuse the cached view";
  EXPECT_EQ(CountedView::built, 1);
  const auto of_t = a.backend_view<CountedView>(true, make(true));
  EXPECT_EQ(CountedView::built, 2) << "A and A' are separate views";
  EXPECT_EQ(of_a->nrows, 20u);
  EXPECT_EQ(of_t->nrows, 30u);
  EXPECT_EQ(of_t->nnz, a.nvals());
  // Another view type over the same operand is another slot.
  const auto other = a.backend_view<int>(false, [] { return 7; });
  EXPECT_EQ(*other, 7);
  EXPECT_EQ(a.cached_backend_views(), 3u);
  Matrix<double> copy = a;
  EXPECT_EQ(copy.cached_backend_views(), 0u) << "a copy starts without backend views";
  a.assign(Csr<double>::empty(20, 30, false));
  EXPECT_EQ(a.cached_backend_views(), 0u) << "a change drops every backend view";
  EXPECT_EQ(of_a->nrows, 20u) << "a caller's pointer keeps its view alive";
  const auto rebuilt = a.backend_view<CountedView>(false, make(false));
  EXPECT_EQ(CountedView::built, 3);
  EXPECT_EQ(rebuilt->nnz, 0u);
}

/// A random n x n pattern holding each sampled arc in both directions, then `drop` arcs of it
/// removed in one direction only.
Matrix<bool> undirected_pattern(std::mt19937_64& rng, Vertex n, double density, int drop) {
  std::vector<Vertex> r, c;
  std::bernoulli_distribution keep(density);
  for (Vertex i = 0; i < n; ++i)
    for (Vertex j = i; j < n; ++j)
      if (keep(rng)) {
        r.push_back(i);
        c.push_back(j);
        if (i != j) {
          r.push_back(j);
          c.push_back(i);
        }
      }
  for (int d = 0; d < drop && !r.empty(); ++d) {
    std::size_t k = std::uniform_int_distribution<std::size_t>(0, r.size() - 1)(rng);
    while (r[k] == c[k] && k + 1 < r.size()) ++k;  // a self-loop is its own mirror
    r.erase(r.begin() + std::ptrdiff_t(k));
    c.erase(c.begin() + std::ptrdiff_t(k));
  }
  return Matrix<bool>::build_pattern(n, n, r, c, DuplicatePolicy::Reject);
}

TEST(Handles, StructureSymmetryMatchesTheTransposeAndIsCachedUntilAssign) {
  const std::uint64_t seed = test_seed(16);
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  for (int round = 0; round < 40; ++round) {
    const Vertex n = Vertex(1 + round * 3);
    const Matrix<bool> a = undirected_pattern(rng, n, 0.15, round % 3 == 0 ? 1 : 0);
    // Oracle: the structure equals the transpose's, compared array by array.
    const Matrix<bool> fresh = a;  // a copy starts with no cache
    const bool oracle =
        fresh.transposed().row_ptr == a.csr().row_ptr && fresh.transposed().col == a.csr().col;
    EXPECT_FALSE(a.has_cached_structure_symmetry());
    EXPECT_EQ(a.structure_symmetric(), oracle) << "n " << n << " round " << round;
    EXPECT_TRUE(a.has_cached_structure_symmetry());
    EXPECT_FALSE(a.has_cached_transpose()) << "the test builds no transpose";
  }
  // Values do not count; a change drops the answer; non-square is never symmetric.
  const std::vector<Vertex> r{0, 1, 1, 2, 2}, c{1, 0, 2, 1, 2};
  const std::vector<double> v{1, 2, 3, 4, 5};
  Matrix<double> m = Matrix<double>::build(3, 3, r, c, v);
  EXPECT_TRUE(m.structure_symmetric());
  m.assign(Matrix<double>::build(3, 3, std::vector<Vertex>{0, 1, 1}, std::vector<Vertex>{1, 0, 2},
                                 std::vector<double>{1, 1, 1})
               .csr());
  EXPECT_FALSE(m.has_cached_structure_symmetry());
  EXPECT_FALSE(m.structure_symmetric());
  EXPECT_FALSE(Matrix<double>(3, 4).structure_symmetric());
  EXPECT_TRUE(Matrix<double>(0, 0).structure_symmetric());
  Matrix<double> marked = Matrix<double>::build(3, 3, r, c, v);
  marked.mark_structure_symmetric();
  EXPECT_TRUE(marked.has_cached_structure_symmetry());
}

TEST(Handles, VectorGetSetRemoveAgreeInBothForms) {
  for (VectorForm form : {VectorForm::Sparse, VectorForm::Bitmap}) {
    Vector<std::int64_t> v(10);
    if (form == VectorForm::Bitmap) v.to_bitmap();
    v.set(7, 70);
    v.set(2, 20);
    v.set(7, 71);
    EXPECT_EQ(v.nvals(), 2u);
    EXPECT_EQ(v.get(7), 71);
    EXPECT_EQ(v.get(3), std::nullopt);
    v.remove(2);
    v.remove(3);
    EXPECT_EQ(v.nvals(), 1u);
    std::vector<Vertex> idx;
    std::vector<std::int64_t> val;
    v.extract_tuples(idx, val);
    EXPECT_EQ(idx, std::vector<Vertex>{7});
    EXPECT_EQ(val, std::vector<std::int64_t>{71});
    EXPECT_EQ(v.form(), form);
  }
}

TEST(Handles, VectorConformSwitchesFormsAndKeepsEntries) {
  std::mt19937_64 rng(test_seed(8));
  Vector<float> v = random_vector<float>(rng, 1000, 0.5, VectorForm::Sparse);
  const auto before = oracle::dense(v);
  v.conform();
  EXPECT_EQ(v.form(), VectorForm::Bitmap);
  EXPECT_EQ(oracle::dense(v), before);
  for (Vertex i = 10; i < 1000; ++i) v.remove(i);
  v.conform();
  EXPECT_EQ(v.form(), VectorForm::Sparse);
  for (Vertex i = 0; i < 10; ++i) EXPECT_EQ(v.get(i), before[i]);
  EXPECT_EQ(v.nvals(), Offset(std::count_if(before.begin(), before.begin() + 10,
                                            [](const auto& x) { return x.has_value(); })));
}

TEST(Handles, MatrixExtractTuplesIsRowMajor) {
  const std::vector<Vertex> r{1, 0, 1}, c{2, 1, 0};
  const std::vector<std::int32_t> v{3, 1, 2};
  auto m = Matrix<std::int32_t>::build(2, 3, r, c, v);
  std::vector<Vertex> rr, cc;
  std::vector<std::int32_t> vv;
  m.extract_tuples(rr, cc, vv);
  EXPECT_EQ(rr, (std::vector<Vertex>{0, 1, 1}));
  EXPECT_EQ(cc, (std::vector<Vertex>{1, 0, 2}));
  EXPECT_EQ(vv, (std::vector<std::int32_t>{1, 2, 3}));
}

TEST(Handles, PatternMatrixReadsAsOne) {
  const std::vector<Vertex> r{0, 1}, c{1, 1};
  auto m = Matrix<double>::build_pattern(2, 2, r, c);
  EXPECT_TRUE(m.is_pattern());
  EXPECT_EQ(m.get(0, 1), 1.0);
  EXPECT_EQ(m.get(0, 0), std::nullopt);
}

}  // namespace
}  // namespace spgraph::testing
