// SPDX-License-Identifier: Apache-2.0
// Tests of the ELL and HYB benchmark baselines (formats/ell, formats/hyb): the exact arrays of
// the textbook's 4×4 example and exercise matrix (Kirk & Hwu ch. 10, Figs 10.1-10.13 and
// §10.7 exercise 3), CSR round trips on random matrices, SpMV over plus-times, min-plus and
// lor-land against the dense oracle (tests/oracle/dense_oracle.hpp) with x(0) poisoned so that
// padding that is not skipped shows, and HYB streaming inserts (King et al., "Dynamic-CSR",
// 2016, §IV-A) checked entry by entry against a per-row sequence model, a std::map model and
// build_csr over the same tuples.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/semiring.hpp"
#include "engine/core/types.hpp"
#include "formats/coo/coo.hpp"
#include "formats/csr/csr.hpp"
#include "formats/ell/ell.hpp"
#include "formats/ell/ell_spmv_cpu.hpp"
#include "formats/hyb/hyb.hpp"
#include "formats/hyb/hyb_spmv_cpu.hpp"
#include "tests/oracle/dense_oracle.hpp"
#include "tests/unit/engine/engine_test_util.hpp"

namespace spgraph::testing {
namespace {

constexpr Vertex kPad = kNoVertex;

/// Sets the OpenMP thread count for one scope (the kernels split work by thread count).
class ThreadCount {
 public:
  explicit ThreadCount(int n) : old_(omp_get_max_threads()) { omp_set_num_threads(n); }
  ~ThreadCount() { omp_set_num_threads(old_); }

 private:
  int old_;
};

/// The 4×4 matrix of Fig. 10.1 in the CSR arrays of Fig. 10.2.
Csr<double> textbook_csr() {
  Csr<double> a = Csr<double>::empty(4, 4, false);
  a.row_ptr = {0, 2, 2, 5, 7};
  a.col = {0, 2, 1, 2, 3, 0, 3};
  a.val = {3, 1, 2, 4, 1, 1, 1};
  validate_csr(a);
  return a;
}

/// Expects the ELL arrays `col` and, for non-padding slots, `val`, slot by slot.
void expect_ell_arrays(const Ell<double>& e, const std::vector<Vertex>& col,
                       const std::vector<double>& val) {
  ASSERT_EQ(e.col.size(), col.size());
  ASSERT_EQ(e.val.size(), val.size());
  for (std::size_t s = 0; s < col.size(); ++s) {
    EXPECT_EQ(e.col[s], col[s]) << "slot " << s;
    if (col[s] != kPad) {
      EXPECT_EQ(e.val[s], val[s]) << "slot " << s;
    }
  }
}

// The arrays of Kirk & Hwu's Fig. 10.9.
TEST(EllLayout, TextbookExampleMatchesTheFigureArrays) {
  const Ell<double> e = ell_from_csr(textbook_csr());
  EXPECT_EQ(e.width, 3u) << "default width is the longest row";
  EXPECT_EQ(e.nvals, 7u);
  expect_ell_arrays(e, {0, kPad, 1, 0, 2, kPad, 2, 3, kPad, kPad, 3, kPad},
                    {3, 0, 2, 1, 1, 0, 4, 1, 0, 0, 1, 0});
  EXPECT_EQ(e.row_length(0), 2u);
  EXPECT_EQ(e.row_length(1), 0u);
  EXPECT_EQ(e.row_length(2), 3u);
  EXPECT_EQ(e.bytes(), 12 * (sizeof(Vertex) + sizeof(double)));
  validate_ell(e);
}

TEST(EllLayout, Exercise3MatrixHasWidth2ColumnMajorArrays) {
  Csr<double> a = Csr<double>::empty(4, 4, false);
  a.row_ptr = {0, 2, 3, 5, 7};
  a.col = {0, 2, 2, 1, 2, 0, 3};
  a.val = {1, 7, 8, 4, 3, 2, 1};
  const Ell<double> e = ell_from_csr(a);
  EXPECT_EQ(e.width, 2u);
  expect_ell_arrays(e, {0, 2, 1, 0, 2, kPad, 2, 3}, {1, 8, 4, 2, 7, 0, 3, 1});
}

TEST(EllLayout, PatternEllHasNoValueArray) {
  Csr<bool> a = Csr<bool>::empty(2, 3, true);
  a.row_ptr = {0, 1, 3};
  a.col = {2, 0, 1};
  const Ell<bool> e = ell_from_csr(a);
  EXPECT_TRUE(e.val.empty());
  EXPECT_EQ(e.col, (std::vector<Vertex>{2, 0, kPad, 1}));
  EXPECT_EQ(e.bytes(), 4 * sizeof(Vertex));
}

TEST(EllFromCsr, RowLongerThanGivenWidthIsRejectedNamingTheRow) {
  try {
    (void)ell_from_csr(textbook_csr(), 2);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("row 2 has 3 entries"), std::string::npos) << msg;
    EXPECT_NE(msg.find("width 2"), std::string::npos) << msg;
  }
  EXPECT_EQ(ell_from_csr(textbook_csr(), 5).width, 5u) << "a wider width is allowed";
}

TEST(HybLayout, TextbookExampleMovesLastElementOfRow2ToCoo) {
  for (Vertex width : {Vertex(0), Vertex(2)}) {
    SCOPED_TRACE("width argument " + std::to_string(width));
    const Hyb<double> h = hyb_from_csr(textbook_csr(), width);
    EXPECT_EQ(h.width(), 2u) << "mu = ceil(7 / 4) = 2";
    expect_ell_arrays(h.ell, {0, kPad, 1, 0, 2, kPad, 2, 3}, {3, 0, 2, 1, 1, 0, 4, 1});
    EXPECT_EQ(h.coo.row, (std::vector<Vertex>{2}));
    EXPECT_EQ(h.coo.col, (std::vector<Vertex>{3}));
    EXPECT_EQ(h.coo.val, (std::vector<double>{1}));
    EXPECT_EQ(h.nnz(), 7u);
    EXPECT_EQ(h.bytes(),
              8 * (sizeof(Vertex) + sizeof(double)) + 2 * sizeof(Vertex) + sizeof(double));
    validate_hyb(h);
  }
}

TEST(HybLayout, DefaultWidthIsCeilOfAverageRowLengthAndAtLeastOne) {
  EXPECT_EQ(hyb_default_width(textbook_csr()), 2u);
  EXPECT_EQ(hyb_default_width(Csr<double>::empty(5, 5, false)), 1u);
  EXPECT_EQ(hyb_default_width(Csr<double>::empty(0, 0, false)), 1u);
}

// ---- random matrices -------------------------------------------------------------------------

/// A random value of T for stored entries: integers 1..9 (exact in float sums), or true/false.
template <class T>
T entry_value(std::mt19937_64& rng) {
  if constexpr (std::is_same_v<T, bool>)
    return rng() % 2 == 0;
  else
    return T(1 + rng() % 9);
}

/// A random nrows × ncols CSR built by build_csr: about a quarter of the rows empty, the rest
/// with 1..8 entries, and row nrows/2 (if any) with up to `long_row` entries. Columns are drawn
/// from [first_col, ncols).
template <class T>
Csr<T> random_csr(std::mt19937_64& rng, Vertex nrows, Vertex ncols, bool pattern,
                  Vertex long_row = 300, Vertex first_col = 0) {
  Coo<T> coo;
  coo.nrows = nrows;
  coo.ncols = ncols;
  coo.pattern = pattern;
  const Vertex span = ncols > first_col ? ncols - first_col : 0;
  for (Vertex r = 0; r < nrows && span > 0; ++r) {
    Vertex degree = rng() % 4 == 0 ? 0 : Vertex(1 + rng() % 8);
    if (r == nrows / 2) degree = long_row;
    std::set<Vertex> cols;
    for (Vertex t = 0; t < 4 * degree && cols.size() < std::min(degree, span); ++t)
      cols.insert(first_col + Vertex(rng() % span));
    for (Vertex c : cols) {
      coo.row.push_back(r);
      coo.col.push_back(c);
      if (!pattern) coo.val.push_back(entry_value<T>(rng));
    }
  }
  return build_csr<T, FirstOp<T>>(std::move(coo), DuplicatePolicy::Reject);
}

template <class T>
void expect_same_csr(const Csr<T>& got, const Csr<T>& want) {
  EXPECT_EQ(got.nrows, want.nrows);
  EXPECT_EQ(got.ncols, want.ncols);
  EXPECT_EQ(got.pattern, want.pattern);
  EXPECT_EQ(got.row_ptr, want.row_ptr);
  EXPECT_EQ(got.col, want.col);
  EXPECT_EQ(got.val, want.val);
}

struct Dims {
  Vertex nrows, ncols;
};
const Dims kShapes[] = {{0, 0}, {0, 5}, {7, 0}, {1, 1}, {40, 30}, {200, 500}, {3000, 2000}};

TEST(EllRoundTrip, CsrToEllToCsrIsIdentityOnRandomMatrices) {
  std::uint64_t seed = test_seed(101);
  for (const Dims& d : kShapes)
    for (bool pattern : {false, true}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + ", " + std::to_string(d.nrows) + " x " +
                   std::to_string(d.ncols) + (pattern ? " pattern" : ""));
      std::mt19937_64 rng(seed++);
      const auto a = random_csr<double>(rng, d.nrows, d.ncols, pattern);
      const Ell<double> e = ell_from_csr(a);
      validate_ell(e);
      EXPECT_EQ(e.nnz(), a.nnz());
      expect_same_csr(ell_to_csr(e), a);
      const auto b = random_csr<bool>(rng, d.nrows, d.ncols, false);
      expect_same_csr(ell_to_csr(ell_from_csr(b)), b);
    }
}

TEST(HybRoundTrip, CsrToHybToCsrIsIdentityOnRandomMatrices) {
  std::uint64_t seed = test_seed(202);
  for (const Dims& d : kShapes)
    for (bool pattern : {false, true})
      for (Vertex width : {Vertex(0), Vertex(1), Vertex(3), Vertex(400)}) {
        SCOPED_TRACE("seed " + std::to_string(seed) + ", " + std::to_string(d.nrows) + " x " +
                     std::to_string(d.ncols) + ", width " + std::to_string(width) +
                     (pattern ? " pattern" : ""));
        std::mt19937_64 rng(seed++);
        const auto a = random_csr<double>(rng, d.nrows, d.ncols, pattern);
        const Hyb<double> h = hyb_from_csr(a, width);
        validate_hyb(h);
        EXPECT_EQ(h.width(), width != 0 ? width : hyb_default_width(a));
        EXPECT_EQ(h.nnz(), a.nnz());
        Offset overflow = 0;
        for (Vertex r = 0; r < a.nrows; ++r)
          overflow += a.degree(r) > h.width() ? a.degree(r) - h.width() : 0;
        EXPECT_EQ(h.coo.size(), overflow) << "exactly the entries past the width overflow";
        expect_same_csr(hyb_to_csr(h), a);
      }
}

// ---- SpMV against the dense oracle -------------------------------------------------------------

/// A value for x(0), a column no stored entry uses: if a kernel multiplied padding as
/// (column 0, value 0), the result would change (plus-times: 0 * inf = NaN; min-plus: -inf;
/// lor-land over a pattern: padding would read as true AND true).
template <class SR>
typename SR::value_type poison() {
  using V = typename SR::value_type;
  if constexpr (std::is_same_v<SR, MinPlus<V>>)
    return -std::numeric_limits<V>::infinity();
  else if constexpr (std::is_same_v<V, bool>)
    return true;
  else
    return std::numeric_limits<V>::infinity();
}

template <class T>
oracle::DMat<T> dense_of(const Csr<T>& a) {
  oracle::DMat<T> d(a.nrows, a.ncols);
  for (Vertex r = 0; r < a.nrows; ++r)
    for (Offset p = a.row_begin(r); p < a.row_end(r); ++p) d.at(r, a.col[p]) = a.value(p);
  return d;
}

/// Success when y(r) equals the oracle's single candidate, or SR::identity() where the
/// oracle has no term.
template <class SR>
::testing::AssertionResult matches_oracle(const typename SR::value_type* y,
                                          const oracle::Candidates<typename SR::value_type>& want) {
  for (std::size_t r = 0; r < want.size(); ++r) {
    const auto expected = want[r].empty() ? SR::identity() : want[r][0];
    if (!(y[r] == expected))
      return ::testing::AssertionFailure()
             << "y(" << r << ") = " << +y[r] << ", expected " << +expected;
  }
  return ::testing::AssertionSuccess();
}

template <class SR>
class EllHybSpmv : public ::testing::Test {};
using SpmvSemirings = ::testing::Types<PlusTimes<double>, MinPlus<double>, LorLand<bool>>;
TYPED_TEST_SUITE(EllHybSpmv, SpmvSemirings);

TYPED_TEST(EllHybSpmv, MatchDenseOracleAndSkipPadding) {
  using SR = TypeParam;
  using V = typename SR::value_type;
  std::uint64_t seed = test_seed(303);
  for (const Dims& d : kShapes)
    for (bool pattern : {false, true})
      for (int threads : {1, 3}) {
        SCOPED_TRACE("seed " + std::to_string(seed) + ", " + std::to_string(d.nrows) + " x " +
                     std::to_string(d.ncols) + (pattern ? " pattern" : "") + ", " +
                     std::to_string(threads) + " threads");
        const ThreadCount tc(threads);
        std::mt19937_64 rng(seed++);
        const auto a = random_csr<V>(rng, d.nrows, d.ncols, pattern, 300, 1);
        auto x = std::make_unique<V[]>(d.ncols + 1);
        oracle::DVec<V> xd(d.ncols);
        for (Vertex k = 0; k < d.ncols; ++k) {
          x[k] = k == 0 ? poison<SR>() : entry_value<V>(rng);
          xd[k] = x[k];
        }
        const auto want = oracle::multiply<SR>(dense_of(a), xd, false);
        auto y = std::make_unique<V[]>(d.nrows + 1);
        ell_spmv<SR>(ell_from_csr(a), x.get(), y.get());
        EXPECT_TRUE(matches_oracle<SR>(y.get(), want)) << "ELL";
        for (Vertex width : {Vertex(0), Vertex(1), Vertex(4)}) {
          std::fill_n(y.get(), d.nrows, entry_value<V>(rng));
          hyb_spmv<SR>(hyb_from_csr(a, width), x.get(), y.get());
          EXPECT_TRUE(matches_oracle<SR>(y.get(), want)) << "HYB, width argument " << width;
        }
      }
}

TEST(HybSpmv, LongRowSplitBetweenThreadsSumsEveryCooEntry) {
  // One row of 90000 entries, almost all in the COO part, so that each thread's share of the
  // COO part lies inside the same row and the carries must be combined.
  const Vertex ncols = 100000;
  std::uint64_t seed = test_seed(404);
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  Coo<double> coo;
  coo.nrows = 5;
  coo.ncols = ncols;
  for (Vertex c = 0; c < ncols; ++c)
    if (c % 10 != 0) {
      coo.row.push_back(2);
      coo.col.push_back(c);
      coo.val.push_back(double(1 + rng() % 9));
    }
  coo.row.push_back(4);
  coo.col.push_back(7);
  coo.val.push_back(3);
  const Csr<double> a = build_csr<double, FirstOp<double>>(std::move(coo), DuplicatePolicy::Reject);
  std::vector<double> x(ncols);
  for (double& v : x) v = double(rng() % 5);
  const auto want = oracle::multiply<PlusTimes<double>>(
      dense_of(a), oracle::DVec<double>(x.begin(), x.end()), false);
  for (int threads : {1, 2, 3, 4}) {
    const ThreadCount tc(threads);
    std::vector<double> y(5, -1);
    hyb_spmv<PlusTimes<double>>(hyb_from_csr(a), x.data(), y.data());
    EXPECT_TRUE(matches_oracle<PlusTimes<double>>(y.data(), want)) << threads << " threads";
    std::vector<double> ymin(5, -1);
    hyb_spmv<MinPlus<double>>(hyb_from_csr(a), x.data(), ymin.data());
    EXPECT_TRUE(matches_oracle<MinPlus<double>>(
        ymin.data(), oracle::multiply<MinPlus<double>>(
                         dense_of(a), oracle::DVec<double>(x.begin(), x.end()), false)))
        << threads << " threads";
  }
}

// ---- HYB streaming inserts ---------------------------------------------------------------------

/// The model of a HYB: each row's entries in stored order (initial CSR order, then insertion
/// order), plus every tuple in insertion order for build_csr.
template <class T>
struct InsertModel {
  Vertex nrows, ncols;
  bool pattern;
  std::vector<std::vector<std::pair<Vertex, T>>> rows;
  std::vector<Vertex> all_rows, all_cols;
  std::vector<T> all_vals;

  explicit InsertModel(const Csr<T>& a)
      : nrows(a.nrows), ncols(a.ncols), pattern(a.pattern), rows(a.nrows) {
    for (Vertex r = 0; r < a.nrows; ++r)
      for (Offset p = a.row_begin(r); p < a.row_end(r); ++p) add(r, a.col[p], a.value(p));
  }
  void add(Vertex r, Vertex c, T v) {
    rows[r].push_back({c, pattern ? T(1) : v});
    all_rows.push_back(r);
    all_cols.push_back(c);
    all_vals.push_back(v);
  }
  /// build_csr over every tuple so far, repeats combined with Op.
  template <class Op>
  Csr<T> csr() const {
    Coo<T> coo;
    coo.nrows = nrows;
    coo.ncols = ncols;
    coo.pattern = pattern;
    coo.row = all_rows;
    coo.col = all_cols;
    if (!pattern)
      for (T v : all_vals) coo.val.push_back(v);
    return build_csr<T, Op>(std::move(coo), DuplicatePolicy::Combine);
  }
};

/// Success when `h` stores exactly the model's entries: per row, the ELL slots then the COO
/// run, in the model's order, with the first min(width, row length) entries in ELL.
template <class T>
::testing::AssertionResult matches_model(const Hyb<T>& h, const InsertModel<T>& model) {
  try {
    validate_hyb(h);
  } catch (const InvalidArgument& e) {
    return ::testing::AssertionFailure() << e.what();
  }
  Offset total = 0;
  for (Vertex r = 0; r < h.nrows(); ++r) {
    std::vector<std::pair<Vertex, T>> stored;
    for (Vertex i = 0; i < h.ell.row_length(r); ++i) {
      const std::size_t s = h.ell.slot(r, i);
      stored.push_back({h.ell.col[s], h.ell.value(s)});
    }
    const auto [first, last] = std::equal_range(h.coo.row.begin(), h.coo.row.end(), r);
    for (auto it = first; it != last; ++it) {
      const Offset p = Offset(it - h.coo.row.begin());
      stored.push_back({h.coo.col[p], h.pattern() ? T(1) : static_cast<T>(h.coo.val[p])});
    }
    const auto& want = model.rows[r];
    total += want.size();
    if (stored != want)
      return ::testing::AssertionFailure()
             << "row " << r << " stores " << stored.size() << " entries, model has " << want.size()
             << " (or the order or a value differs)";
    const std::size_t in_ell = std::min<std::size_t>(h.width(), want.size());
    if (h.ell.row_length(r) != in_ell)
      return ::testing::AssertionFailure() << "row " << r << " has " << h.ell.row_length(r)
                                           << " ELL entries, expected " << in_ell;
  }
  if (h.nnz() != total)
    return ::testing::AssertionFailure() << "nnz " << h.nnz() << ", model " << total;
  return ::testing::AssertionSuccess();
}

/// A batch of m random tuples: rows drawn from a few "hot" rows, a long row, and uniformly;
/// some tuples repeat earlier ones of the batch or of the model.
template <class T>
void random_batch(std::mt19937_64& rng, const InsertModel<T>& model, std::size_t m,
                  std::vector<Vertex>& r, std::vector<Vertex>& c, std::vector<T>& v) {
  r.clear();
  c.clear();
  v.clear();
  for (std::size_t k = 0; k < m; ++k) {
    const auto pick = rng() % 10;
    if (pick == 0 && !r.empty()) {  // repeat of this batch
      const std::size_t q = rng() % r.size();
      r.push_back(r[q]);
      c.push_back(c[q]);
    } else if (pick == 1 && !model.all_rows.empty()) {  // repeat of an earlier tuple
      const std::size_t q = rng() % model.all_rows.size();
      r.push_back(model.all_rows[q]);
      c.push_back(model.all_cols[q]);
    } else {
      r.push_back(pick < 5 ? Vertex(rng() % 4) * (model.nrows / 4) : Vertex(rng() % model.nrows));
      c.push_back(Vertex(rng() % model.ncols));
    }
    v.push_back(entry_value<T>(rng));
  }
}

template <class T>
void run_random_inserts(bool pattern, int threads, std::uint64_t seed) {
  SCOPED_TRACE("seed " + std::to_string(seed) + (pattern ? ", pattern" : "") + ", " +
               std::to_string(threads) + " threads");
  const ThreadCount tc(threads);
  std::mt19937_64 rng(seed);
  const Vertex nrows = 4000, ncols = 3000;
  const auto a = random_csr<T>(rng, nrows, ncols, pattern, 2500);
  Hyb<T> h = hyb_from_csr(a);
  InsertModel<T> model(a);
  ASSERT_TRUE(matches_model(h, model));
  std::vector<Vertex> r, c;
  std::vector<T> v;
  // Batch sizes: empty, tiny, sorted-key grouping, counting-sort grouping (>= nrows / 8), and
  // one large enough for the parallel merge.
  for (std::size_t m : {0, 1, 7, 300, 450, 2000, 60000, 5}) {
    SCOPED_TRACE("batch of " + std::to_string(m));
    random_batch(rng, model, m, r, c, v);
    auto vals = std::make_unique<T[]>(m + 1);
    std::copy(v.begin(), v.end(), vals.get());
    hyb_insert(h, std::span<const Vertex>(r), std::span<const Vertex>(c),
               pattern ? std::span<const T>() : std::span<const T>(vals.get(), m));
    for (std::size_t k = 0; k < m; ++k) model.add(r[k], c[k], v[k]);
    ASSERT_TRUE(matches_model(h, model));
    expect_same_csr(hyb_to_csr(h), model.template csr<FirstOp<T>>());
    if constexpr (!std::is_same_v<T, bool>)
      expect_same_csr(hyb_to_csr<T, PlusOp<T>>(h), model.template csr<PlusOp<T>>());
  }
  // SpMV folds every stored entry, repeats included.
  using SR = std::conditional_t<std::is_same_v<T, bool>, LorLand<bool>, PlusTimes<T>>;
  auto x = std::make_unique<T[]>(ncols);
  for (Vertex k = 0; k < ncols; ++k) x[k] = entry_value<T>(rng);
  auto y = std::make_unique<T[]>(nrows);
  hyb_spmv<SR>(h, x.get(), y.get());
  for (Vertex i = 0; i < nrows; ++i) {
    T want = SR::identity();
    for (const auto& [k, val] : model.rows[i]) want = SR::add(want, SR::mul(val, x[k], i, k, 0));
    ASSERT_EQ(y[i], want) << "row " << i;
  }
}

TEST(HybInsert, RandomBatchesWithRepeatsMatchModelEntryByEntry) {
  std::uint64_t seed = test_seed(505);
  for (int threads : {1, 2, 3}) {
    run_random_inserts<double>(false, threads, seed++);
    run_random_inserts<double>(true, threads, seed++);
    run_random_inserts<bool>(false, threads, seed++);
  }
}

TEST(HybInsert, OverflowGoesToCooSortedByRow) {
  Hyb<double> h = hyb_from_csr(textbook_csr());  // width 2; COO = {(2, 3, 1)}
  const std::vector<Vertex> r = {3, 1, 1, 1, 0, 2, 3};
  const std::vector<Vertex> c = {1, 0, 1, 2, 3, 0, 2};
  const std::vector<double> v = {10, 11, 12, 13, 14, 15, 16};
  hyb_insert(h, std::span<const Vertex>(r), std::span<const Vertex>(c), std::span<const double>(v));
  validate_hyb(h);
  // Row 1 (empty) takes two in ELL; rows 0, 2 and 3 were full.
  EXPECT_EQ(h.ell.col, (std::vector<Vertex>{0, 0, 1, 0, 2, 1, 2, 3}));
  EXPECT_EQ(h.ell.val, (std::vector<double>{3, 11, 2, 1, 1, 12, 4, 1}));
  EXPECT_EQ(h.coo.row, (std::vector<Vertex>{0, 1, 2, 2, 3, 3}));
  EXPECT_EQ(h.coo.col, (std::vector<Vertex>{3, 2, 3, 0, 1, 2}));
  EXPECT_EQ(h.coo.val, (std::vector<double>{14, 13, 1, 15, 10, 16}))
      << "within a row, old COO entries first, then the batch's in batch order";
  EXPECT_EQ(h.nnz(), 14u);
}

TEST(HybInsert, SingleLongRowOverflowsToCooInInsertionOrder) {
  const Vertex ncols = 50;
  Hyb<double> h = Hyb<double>::empty(6, ncols, false, 3);
  std::vector<Vertex> r, c;
  std::vector<double> v;
  for (Vertex k = 0; k < 70000; ++k) {  // long enough for the parallel merge
    r.push_back(4);
    c.push_back((k * 7) % ncols);  // columns repeat
    v.push_back(double(k % 9 + 1));
  }
  r.push_back(1);
  c.push_back(5);
  v.push_back(2);
  std::vector<Vertex> r2 = {0, 4, 5, 4};
  std::vector<Vertex> c2 = {1, 2, 3, 4};
  std::vector<double> v2 = {7, 8, 9, 6};
  for (int threads : {1, 3}) {
    SCOPED_TRACE(std::to_string(threads) + " threads");
    const ThreadCount tc(threads);
    Hyb<double> g = h;
    hyb_insert(g, std::span<const Vertex>(r), std::span<const Vertex>(c),
               std::span<const double>(v));
    hyb_insert(g, std::span<const Vertex>(r2), std::span<const Vertex>(c2),
               std::span<const double>(v2));
    validate_hyb(g);
    EXPECT_EQ(g.ell.row_length(4), 3u);
    EXPECT_EQ(g.ell.row_length(1), 1u);
    EXPECT_EQ(g.ell.row_length(2), 0u) << "untouched rows stay empty";
    ASSERT_EQ(g.coo.size(), 70000u - 3 + 2);
    for (Offset p = 0; p < 70000 - 3; ++p) {
      ASSERT_EQ(g.coo.row[p], 4u);
      ASSERT_EQ(g.coo.col[p], c[p + 3]) << "COO entry " << p;
      ASSERT_EQ(g.coo.val[p], v[p + 3]) << "COO entry " << p;
    }
    EXPECT_EQ(g.coo.col[70000 - 3], 2u);
    EXPECT_EQ(g.coo.col[70000 - 2], 4u);
    std::vector<double> x(ncols, 1.0), y(6);
    hyb_spmv<PlusTimes<double>>(g, x.data(), y.data());
    double sum = 8 + 6;
    for (double val : v) sum += val;
    EXPECT_EQ(y[4], sum - 2) << "every repeat is summed (row 1's entry excluded)";
    EXPECT_EQ(y[2], 0.0);
  }
}

template <class T>
void expect_same_hyb(const Hyb<T>& got, const Hyb<T>& want) {
  EXPECT_EQ(got.ell.col, want.ell.col);
  EXPECT_EQ(got.ell.val, want.ell.val);
  EXPECT_EQ(got.ell.nvals, want.ell.nvals);
  EXPECT_EQ(got.coo.row, want.coo.row);
  EXPECT_EQ(got.coo.col, want.coo.col);
  EXPECT_EQ(got.coo.val, want.coo.val);
}

TEST(HybInsert, EmptyBatchChangesNothing) {
  Hyb<double> h = hyb_from_csr(textbook_csr());
  const Hyb<double> before = h;
  hyb_insert(h, std::span<const Vertex>(), std::span<const Vertex>(), std::span<const double>());
  expect_same_hyb(h, before);
}

TEST(HybInsert, OutOfRangeIndexIsRejectedAndNothingChanges) {
  std::uint64_t seed = test_seed(606);
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  Hyb<double> h = hyb_from_csr(random_csr<double>(rng, 50, 40, false), 2);
  const Hyb<double> before = h;
  for (bool bad_row : {true, false}) {
    std::vector<Vertex> r, c;
    std::vector<double> v;
    for (Vertex k = 0; k < 40000; ++k) {  // both full ELL rows and overflow, in parallel
      r.push_back(Vertex(rng() % 50));
      c.push_back(Vertex(rng() % 40));
      v.push_back(1);
    }
    r[31234] = bad_row ? 50 : 3;
    c[31234] = bad_row ? 1 : 40;
    r[35000] = 99;  // a later bad entry is not the one named
    try {
      hyb_insert(h, std::span<const Vertex>(r), std::span<const Vertex>(c),
                 std::span<const double>(v));
      FAIL() << "expected IndexOutOfBounds";
    } catch (const IndexOutOfBounds& e) {
      const std::string msg = e.what();
      const std::string tuple = bad_row ? "(50, 1)" : "(3, 40)";
      EXPECT_NE(msg.find("entry 31234 " + tuple), std::string::npos) << msg;
      EXPECT_NE(msg.find("50 x 40"), std::string::npos) << msg;
    }
    expect_same_hyb(h, before);
  }
}

TEST(HybInsert, MismatchedLengthsOrValuesForAPatternAreRejected) {
  Hyb<double> h = hyb_from_csr(textbook_csr());
  const Hyb<double> before = h;
  const std::vector<Vertex> r = {0, 1}, c = {1};
  const std::vector<double> v = {1, 2};
  EXPECT_THROW(hyb_insert(h, std::span<const Vertex>(r), std::span<const Vertex>(c),
                          std::span<const double>(v)),
               InvalidArgument);
  EXPECT_THROW(hyb_insert(h, std::span<const Vertex>(r), std::span<const Vertex>(r),
                          std::span<const double>()),
               InvalidArgument);
  expect_same_hyb(h, before);
  Hyb<double> p = Hyb<double>::empty(3, 3, true, 1);
  EXPECT_THROW(hyb_insert(p, std::span<const Vertex>(r), std::span<const Vertex>(r),
                          std::span<const double>(v)),
               InvalidArgument);
  EXPECT_EQ(p.nnz(), 0u);
}

}  // namespace
}  // namespace spgraph::testing
