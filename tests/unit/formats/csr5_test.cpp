// SPDX-License-Identifier: Apache-2.0
// Tests of the CSR5 format (formats/csr5/): the arrays and the SpMV trace of the worked example
// (the 8×8 matrix of Liu & Vinter, "CSR5", ICS'15, Fig. 4, and of W. Liu's thesis "Parallel and
// Scalable Sparse BLAS", 2015, Fig. 6.1; ω = σ = 4), then the SpMV against csr_spmv_dense
// (formats/csr/spmv_dense_cpu.hpp) and a serial fold written here, over many semirings (positional
// ones included), tile shapes, every ISA path, degenerate shapes (0×0, n×0, all rows empty, nnz
// below one tile, one huge row, empty-row runs at tile boundaries) and thread counts that change
// between conversion and use. Every check also runs the lane algorithm that the CUDA kernel is
// built from (csr5_spmv_lanes.hpp) on the host.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/semiring.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/csr/spmv_dense_cpu.hpp"
#include "formats/csr5/csr5.hpp"
#include "formats/csr5/csr5_build.hpp"
#include "formats/csr5/csr5_spmv_cpu.hpp"
#include "formats/csr5/csr5_spmv_lanes.hpp"

namespace spgraph::testing {
namespace {

/// Sets the OpenMP thread count for one scope.
class ThreadCount {
 public:
  explicit ThreadCount(int n) : old_(omp_get_max_threads()) { omp_set_num_threads(n); }
  ~ThreadCount() { omp_set_num_threads(old_); }

 private:
  int old_;
};

/// A plain array of n values (std::vector<bool> gives no pointer).
template <class V>
struct Array {
  explicit Array(std::size_t n) : n(n), p(new V[n == 0 ? 1 : n]()) {}
  V* data() { return p.get(); }
  const V* data() const { return p.get(); }
  V& operator[](std::size_t i) { return p[i]; }
  const V& operator[](std::size_t i) const { return p[i]; }
  std::size_t n;
  std::unique_ptr<V[]> p;
};

/// CSR from per-row sorted column lists; values from `value(r, q)` unless pattern.
template <class T, class F>
Csr<T> make_csr(Vertex ncols, const std::vector<std::vector<Vertex>>& rows, bool pattern, F value) {
  Csr<T> a = Csr<T>::empty(Vertex(rows.size()), ncols, pattern);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (Vertex c : rows[r]) {
      a.col.push_back(c);
      if (!pattern) a.val.push_back(stored_value_t<T>(value(r, a.col.size())));
    }
    a.row_ptr[r + 1] = a.col.size();
  }
  return a;
}

/// `len` distinct sorted columns in [0, ncols).
std::vector<Vertex> random_columns(std::mt19937_64& rng, Vertex ncols, std::size_t len) {
  std::vector<Vertex> out;
  if (len == 0 || ncols == 0) return out;
  len = std::min<std::size_t>(len, ncols);
  if (len * 4 >= ncols) {  // selection sampling (Knuth, Algorithm S)
    std::size_t need = len;
    for (Vertex c = 0; c < ncols && need > 0; ++c)
      if (std::uniform_int_distribution<std::size_t>(0, ncols - c - 1)(rng) < need) {
        out.push_back(c);
        --need;
      }
    return out;
  }
  std::uniform_int_distribution<Vertex> pick(0, ncols - 1);
  while (out.size() < len) {
    out.push_back(pick(rng));
    if (out.size() == len) {
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
    }
  }
  return out;
}

/// Row-length patterns that stress tile boundaries, empty rows and rows crossing tiles.
std::vector<std::size_t> row_lengths(std::mt19937_64& rng, Vertex nrows, Vertex ncols, int kind) {
  std::vector<std::size_t> len(nrows, 0);
  std::uniform_real_distribution<double> u(0, 1);
  for (Vertex r = 0; r < nrows; ++r) {
    switch (kind) {
      case 0:  // uniform short rows
        len[r] = std::size_t(u(rng) * 12);
        break;
      case 1:  // mostly empty, in runs
        len[r] = (r / 7) % 3 == 0 ? 0 : u(rng) < 0.6 ? 0 : 1 + std::size_t(u(rng) * 4);
        break;
      case 2:  // heavy tail (power law)
        len[r] = std::size_t(std::min(double(ncols), 1.0 / std::pow(1.0 - u(rng), 0.8) - 1.0));
        break;
      case 3:  // one huge row among tiny ones, first rows empty
        len[r] = r < 3 ? 0 : r == nrows / 2 ? ncols : std::size_t(u(rng) * 3);
        break;
      default:  // rows of exactly 16, 32 or 64 entries separated by empty runs
        len[r] = (r % 5 == 0 || r % 5 == 1) ? 0 : std::size_t(16) << (r % 3);
        break;
    }
  }
  return len;
}

template <class T>
Csr<T> random_csr(std::mt19937_64& rng, Vertex nrows, Vertex ncols, int kind, bool pattern) {
  std::vector<std::vector<Vertex>> rows(nrows);
  const auto len = row_lengths(rng, nrows, ncols, kind);
  for (Vertex r = 0; r < nrows; ++r) rows[r] = random_columns(rng, ncols, len[r]);
  std::uniform_int_distribution<int> small(-9, 9);
  std::uniform_real_distribution<double> real(-1, 1);
  return make_csr<T>(ncols, rows, pattern, [&](std::size_t, std::size_t) {
    if constexpr (std::is_same_v<T, bool>)
      return small(rng) > 0;
    else if constexpr (std::is_floating_point_v<T>)
      return T(real(rng));
    else
      return T(small(rng));
  });
}

template <class V>
Array<V> random_x(std::mt19937_64& rng, Vertex n) {
  Array<V> x(n);
  std::uniform_int_distribution<int> small(-20, 20);
  std::uniform_real_distribution<double> real(-4, 4);
  for (Vertex k = 0; k < n; ++k) {
    if constexpr (std::is_same_v<V, bool>)
      x[k] = small(rng) > 0;
    else if constexpr (std::is_floating_point_v<V>)
      x[k] = V(real(rng));
    else
      x[k] = V(small(rng));
  }
  return x;
}

/// Serial reference written here: each row folded from the identity in CSR order.
template <class SR, class T>
Array<typename SR::value_type> serial_fold(const Csr<T>& a, const typename SR::value_type* x) {
  using V = typename SR::value_type;
  Array<V> y(a.nrows);
  for (Vertex r = 0; r < a.nrows; ++r) {
    V acc = SR::identity();
    for (Offset e = a.row_ptr[r]; e < a.row_ptr[r + 1]; ++e)
      acc = SR::add(
          acc, SR::mul(a.pattern ? V(1) : static_cast<V>(a.val[e]), x[a.col[e]], r, a.col[e], 0));
    y[r] = acc;
  }
  return y;
}

/// Checks y (CSR5) against yc (CSR): bitwise, or for sums of doubles within
/// 1e-12 · ℓ · Σ|A(r,k) x[k]| (the bound stated in csr5_spmv_cpu.hpp). ANY is checked against
/// the row's own terms instead (any one of them is a correct answer).
template <class SR, class T>
::testing::AssertionResult same_result(const Csr<T>& a, const typename SR::value_type* x,
                                       const typename SR::value_type* yc,
                                       const typename SR::value_type* y) {
  using V = typename SR::value_type;
  constexpr bool kTolerant =
      std::is_floating_point_v<V> && std::is_same_v<typename SR::add_monoid, PlusMonoid<V>>;
  for (Vertex r = 0; r < a.nrows; ++r) {
    bool ok;
    if constexpr (SR::add_monoid::is_any) {  // any one of the row's terms; identity if none
      ok = a.degree(r) == 0 && y[r] == SR::identity();
      for (Offset e = a.row_ptr[r]; e < a.row_ptr[r + 1]; ++e)
        ok = ok || y[r] == SR::mul(a.pattern ? V(1) : static_cast<V>(a.val[e]), x[a.col[e]], r,
                                   a.col[e], 0);
    } else if constexpr (kTolerant) {
      double mag = 0;
      for (Offset e = a.row_ptr[r]; e < a.row_ptr[r + 1]; ++e)
        mag += std::fabs(double(
            SR::mul(a.pattern ? V(1) : static_cast<V>(a.val[e]), x[a.col[e]], r, a.col[e], 0)));
      ok = std::fabs(double(y[r]) - double(yc[r])) <= 1e-12 * double(a.degree(r)) * mag + 1e-300;
    } else {
      ok = y[r] == yc[r];
    }
    if (!ok)
      return ::testing::AssertionFailure()
             << "row " << r << " of " << a.nrows << " (degree " << a.degree(r) << "): csr5 "
             << double(y[r]) << " vs csr " << double(yc[r]);
  }
  return ::testing::AssertionSuccess();
}

constexpr Csr5Isa kIsas[] = {Csr5Isa::Scalar, Csr5Isa::Avx2, Csr5Isa::Avx512};

/// The ISA csr5_spmv_dense_isa must report for SR on a view of shape ω (independent of the
/// library's own choice function).
template <class SR, class T>
Csr5Isa expected_isa(bool pattern, int omega, Csr5Isa asked) {
  const Csr5Isa cpu = csr5_cpu_isa();
  if (int(asked) > int(cpu)) asked = cpu;
  if (csr5_simd_prod<SR, T>(pattern) < 0 || asked == Csr5Isa::Scalar) return Csr5Isa::Scalar;
  if (asked == Csr5Isa::Avx512 && omega == 8) return Csr5Isa::Avx512;
  if (omega == 4) return Csr5Isa::Avx2;
  return Csr5Isa::Scalar;
}

/// csr5 (every shape in `shapes`, every ISA) against csr_spmv_dense on x.
template <class SR, class T>
void check_matrix(const Csr<T>& a, const std::vector<Csr5Params>& shapes, std::mt19937_64& rng,
                  const std::string& what) {
  using V = typename SR::value_type;
  const Array<V> x = random_x<V>(rng, a.ncols);
  Array<V> yc(a.nrows);
  csr_spmv_dense<SR>(a, x.data(), yc.data());
  for (const Csr5Params& p : shapes) {
    const Csr5<T> c = csr5_from_csr(a, p);
    for (Csr5Isa isa : kIsas) {
      Array<V> y(a.nrows);
      for (Vertex r = 0; r < a.nrows; ++r) y[r] = V(7);  // poison: every entry must be written
      const Csr5Isa used = csr5_spmv_dense_isa<SR>(c, x.data(), y.data(), isa);
      EXPECT_EQ(int(used), int(expected_isa<SR, T>(a.pattern, p.omega, isa)));
      EXPECT_TRUE((same_result<SR>(a, x.data(), yc.data(), y.data())))
          << what << " omega=" << p.omega << " sigma=" << p.sigma << " isa=" << csr5_isa_name(isa)
          << " threads=" << omp_get_max_threads();
    }
    // The lane algorithm the CUDA kernel runs (csr5_tile_lanes.hpp), on the host.
    Array<V> y(a.nrows);
    for (Vertex r = 0; r < a.nrows; ++r) y[r] = V(7);
    csr5_spmv_lanes<SR>(c, x.data(), y.data());
    EXPECT_TRUE((same_result<SR>(a, x.data(), yc.data(), y.data())))
        << what << " omega=" << p.omega << " sigma=" << p.sigma << " lane algorithm";
  }
}

const std::vector<Csr5Params> kShapes = {{4, 1},  {4, 3},  {4, 16},  {8, 1},  {8, 2},  {8, 16},
                                         {8, 32}, {16, 5}, {16, 16}, {3, 7},  {1, 1},  {32, 8},
                                         {4, 32}, {8, 7},  {32, 1},  {32, 3}, {32, 64}};

// ---- the worked example (notes §2.8) -----------------------------------------------------------

Csr<double> worked_example() {
  const std::vector<std::vector<Vertex>> rows = {{0, 2, 3, 6, 7},
                                                 {1, 3},
                                                 {},
                                                 {0, 1, 2, 3, 4, 6, 7},
                                                 {1, 3, 5},
                                                 {0, 1},
                                                 {1, 2, 3, 4, 5, 6, 7},
                                                 {0, 1, 2, 3, 4, 5, 6, 7}};
  Csr<double> a = Csr<double>::empty(8, 8, false);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::size_t q = 0; q < rows[r].size(); ++q) {
      a.col.push_back(rows[r][q]);
      a.val.push_back(double(q + 1));
    }
    a.row_ptr[r + 1] = a.col.size();
  }
  return a;
}

TEST(Csr5, WorkedExampleArrays) {
  const Csr<double> a = worked_example();
  ASSERT_EQ(a.row_ptr, (std::vector<Offset>{0, 5, 7, 7, 14, 17, 19, 26, 34}));
  const Csr5<double> c = csr5_from_csr(a, Csr5Params{4, 4});
  EXPECT_EQ(c.num_tiles, 2u);
  ASSERT_EQ(c.tile_ptr.size(), 3u);
  EXPECT_EQ(c.tile_row(0), 0u);  // "-0": row 0 with the empty-row flag
  EXPECT_TRUE(c.tile_dirty(0));
  EXPECT_EQ(c.tile_row(1), 4u);
  EXPECT_FALSE(c.tile_dirty(1));
  EXPECT_EQ(c.tile_row(2), 7u);  // the tail starts in row 7
  EXPECT_FALSE(c.tile_single_row(0) || c.tile_single_row(1));
  // bit_flag per lane (steps 0..3): tile 0: L0 1000 L1 0101 L2 0000 L3 0010;
  // tile 1: L0 1101 L1 0000 L2 0010 L3 0000. Stored step-major as lane masks.
  const std::uint32_t flags0[4] = {0b0001, 0b0010, 0b1000, 0b0010};
  const std::uint32_t flags1[4] = {0b0001, 0b0001, 0b0100, 0b0001};
  for (int j = 0; j < 4; ++j) {
    EXPECT_EQ(c.step_mask(0, j), flags0[j]) << "tile 0 step " << j;
    EXPECT_EQ(c.step_mask(1, j), flags1[j]) << "tile 1 step " << j;
  }
  const int y0[4] = {0, 1, 3, 3}, s0[4] = {0, 1, 0, 0}, y1[4] = {0, 3, 3, 4}, s1[4] = {1, 0, 1, 0};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(c.y_offset(0, i), y0[i]) << i;
    EXPECT_EQ(c.seg_offset(0, i), s0[i]) << i;
    EXPECT_EQ(c.y_offset(1, i), y1[i]) << i;
    EXPECT_EQ(c.seg_offset(1, i), s1[i]) << i;
  }
  ASSERT_EQ(c.eo_ptr.size(), 3u);
  EXPECT_EQ(c.eo_ptr[0], 0u);
  EXPECT_EQ(c.eo_ptr[1], 4u);
  EXPECT_EQ(c.eo_ptr[2], 4u);  // tile 1 is clean: no entries
  EXPECT_EQ(c.empty_offset, (std::vector<Vertex>{0, 1, 3, 4}));
  const Vertex seg_rows[4] = {0, 1, 3, 4};
  for (Offset k = 0; k < 4; ++k) EXPECT_EQ(c.segment_row(0, k), seg_rows[k]);
  const std::vector<Vertex> col0 = {0, 7, 1, 6, 2, 1, 2, 7, 3, 3, 3, 1, 6, 0, 4, 3};
  const std::vector<double> val0 = {1, 5, 2, 6, 2, 1, 3, 7, 3, 2, 4, 1, 4, 1, 5, 2};
  EXPECT_EQ(std::vector<Vertex>(c.col.data(), c.col.data() + 16), col0);
  EXPECT_EQ(std::vector<double>(c.val.data(), c.val.data() + 16), val0);
  // The tail (entries 32, 33: row 7, columns 6 and 7) stays in CSR order.
  EXPECT_EQ(c.col.data()[32], 6u);
  EXPECT_EQ(c.col.data()[33], 7u);
  EXPECT_EQ(c.val.data()[33], 8.0);
  EXPECT_GT(c.bytes(), 34 * (sizeof(Vertex) + sizeof(double)));
}

TEST(Csr5, WorkedExampleSpmvEveryIsa) {
  const Csr<double> a = worked_example();
  const std::vector<double> x(8, 1.0);
  const std::vector<double> want = {15, 3, 0, 28, 6, 3, 28, 36};
  for (const Csr5Params p : {Csr5Params{4, 4}, Csr5Params{8, 4}, Csr5Params{8, 2}}) {
    const Csr5<double> c = csr5_from_csr(a, p);
    for (Csr5Isa isa : kIsas) {
      std::vector<double> y(8, -1.0);
      csr5_spmv_dense_isa<PlusTimes<double>>(c, x.data(), y.data(), isa);
      EXPECT_EQ(y, want) << "omega=" << p.omega << " isa=" << csr5_isa_name(isa);
      // min_plus: row r's minimum of A(r,k) + 1, i.e. 2 for every non-empty row.
      csr5_spmv_dense_isa<MinPlus<double>>(c, x.data(), y.data(), isa);
      for (Vertex r = 0; r < 8; ++r)
        EXPECT_EQ(y[r], r == 2 ? upper_limit<double>() : 2.0) << r << csr5_isa_name(isa);
    }
  }
}

// ---- randomized against CSR
// ----------------------------------------------------------------------

template <class T>
void check_semirings(const Csr<T>& a, std::mt19937_64& rng, const std::vector<Csr5Params>& shapes,
                     const std::string& what) {
  if constexpr (!std::is_same_v<T, bool>) {
    check_matrix<PlusTimes<double>>(a, shapes, rng, what + " plus_times<double>");
    check_matrix<PlusTimes<std::int64_t>>(a, shapes, rng, what + " plus_times<int64>");
    check_matrix<MinPlus<double>>(a, shapes, rng, what + " min_plus<double>");
    check_matrix<MinPlus<std::int64_t>>(a, shapes, rng, what + " min_plus<int64>");
    check_matrix<MaxPlus<double>>(a, shapes, rng, what + " max_plus<double>");
    check_matrix<MaxPlus<std::int64_t>>(a, shapes, rng, what + " max_plus<int64>");
    check_matrix<PlusSecond<double>>(a, shapes, rng, what + " plus_second<double>");
    check_matrix<MinSecond<double>>(a, shapes, rng, what + " min_second<double>");
  }
  check_matrix<LorLand<bool>>(a, shapes, rng, what + " lor_land<bool>");
  check_matrix<AnyPair<std::int64_t>>(a, shapes, rng, what + " any_pair<int64>");
  check_matrix<AnySecondI<std::int64_t>>(a, shapes, rng, what + " any_secondi<int64>");
  check_matrix<PlusPair<std::int64_t>>(a, shapes, rng, what + " plus_pair<int64>");
  check_matrix<MinSecondI<std::int64_t>>(a, shapes, rng, what + " min_secondi<int64>");
  check_matrix<MinFirstI<std::int64_t>>(a, shapes, rng, what + " min_firsti<int64>");
}

TEST(Csr5, RandomSmallMatricesAllSemirings) {
  std::mt19937_64 rng(20150609);
  for (int kind = 0; kind < 5; ++kind)
    for (const Vertex n : {Vertex(1), Vertex(9), Vertex(40), Vertex(300)}) {
      const std::string what = "kind " + std::to_string(kind) + " n " + std::to_string(n);
      check_semirings(random_csr<double>(rng, n, n + 3, kind, false), rng, kShapes,
                      what + " double");
      check_semirings(random_csr<double>(rng, n, n, kind, true), rng, kShapes,
                      what + " double-pattern");
      check_semirings(random_csr<std::int64_t>(rng, n, 2 * n, kind, false), rng, {{4, 16}, {8, 5}},
                      what + " int64");
      check_semirings(random_csr<bool>(rng, n, n, kind, true), rng, kShapes, what + " pattern");
      check_semirings(random_csr<bool>(rng, n, n, kind, false), rng, {{8, 3}, {4, 4}},
                      what + " bool");
    }
}

TEST(Csr5, SigmaSweep) {
  std::mt19937_64 rng(7);
  const Csr<double> a = random_csr<double>(rng, 500, 500, 2, false);
  const Csr<bool> b = random_csr<bool>(rng, 500, 500, 1, true);
  for (int omega : {4, 8, 16})
    for (int sigma = 1; sigma <= 32; ++sigma) {
      const std::string what = "sweep";
      check_matrix<PlusTimes<double>>(a, {{omega, sigma}}, rng, what);
      check_matrix<MinPlus<double>>(a, {{omega, sigma}}, rng, what);
      check_matrix<MinFirstI<std::int64_t>>(a, {{omega, sigma}}, rng, what);
      check_matrix<PlusTimes<double>>(b, {{omega, sigma}}, rng, what + " pattern");
      check_matrix<LorLand<bool>>(b, {{omega, sigma}}, rng, what + " pattern");
    }
}

// ---- degenerate shapes
// ---------------------------------------------------------------------------

TEST(Csr5, EmptyShapes) {
  std::mt19937_64 rng(1);
  for (const auto& [m, n] : {std::pair<Vertex, Vertex>{0, 0}, {5, 0}, {0, 5}, {1000, 1000}}) {
    const Csr<double> a = Csr<double>::empty(m, n, false);
    const Csr5<double> c = csr5_from_csr(a, Csr5Params{8, 16});
    EXPECT_EQ(c.num_tiles, 0u);
    EXPECT_EQ(c.tile_row(0), m);  // no tail either
    check_semirings(a, rng, kShapes, "empty " + std::to_string(m) + "x" + std::to_string(n));
    check_semirings(Csr<bool>::empty(m, n, true), rng, kShapes, "empty pattern");
  }
}

TEST(Csr5, FewerEntriesThanOneTile) {
  std::mt19937_64 rng(2);
  // Entries in rows 0, 3 and 999 only: the whole matrix is tail, with empty rows around it.
  const Csr<double> a = make_csr<double>(
      50,
      [] {
        std::vector<std::vector<Vertex>> rows(1000);
        rows[0] = {1, 2};
        rows[3] = {0};
        rows[999] = {4, 49};
        return rows;
      }(),
      false, [](std::size_t, std::size_t q) { return double(q); });
  const Csr5<double> c = csr5_from_csr(a, Csr5Params{8, 16});
  EXPECT_EQ(c.num_tiles, 0u);
  EXPECT_EQ(c.tile_row(0), 0u);
  check_semirings(a, rng, {{8, 16}, {4, 2}}, "tail only");
}

TEST(Csr5, SingleHugeRow) {
  std::mt19937_64 rng(3);
  for (const Vertex n : {Vertex(1), Vertex(2), Vertex(7)}) {
    std::vector<std::vector<Vertex>> rows(n);
    rows[n / 2] = random_columns(rng, 20000, 20000);
    const Csr<double> a = make_csr<double>(
        20000, rows, false, [&](std::size_t, std::size_t q) { return double(int(q % 17) - 8); });
    const Csr5<double> c = csr5_from_csr(a, Csr5Params{8, 16});
    for (Offset t = 0; t < c.num_tiles; ++t) EXPECT_TRUE(c.tile_single_row(t)) << t;
    for (int threads : {1, 2, 3}) {
      ThreadCount tc(threads);
      check_semirings(a, rng, {{8, 16}, {4, 16}, {16, 3}}, "huge row n " + std::to_string(n));
    }
  }
}

TEST(Csr5, AllRowsEmptyAndRunsAtTileBoundaries) {
  std::mt19937_64 rng(4);
  // Rows of exactly one tile (ω·σ = 32) separated by runs of empty rows: empty rows sit exactly
  // at tile boundaries, so no tile is dirty; then rows of 31 and 33 entries shift them inside.
  for (const std::size_t len :
       {std::size_t(32), std::size_t(31), std::size_t(33), std::size_t(64)}) {
    std::vector<std::vector<Vertex>> rows(60);
    for (std::size_t r = 0; r < rows.size(); ++r)
      if (r % 3 == 2) rows[r] = random_columns(rng, 100, len);
    const Csr<double> a =
        make_csr<double>(100, rows, false, [](std::size_t r, std::size_t) { return double(r); });
    if (len == 32) {
      const Csr5<double> c = csr5_from_csr(a, Csr5Params{8, 4});
      for (Offset t = 0; t < c.num_tiles; ++t) {
        EXPECT_FALSE(c.tile_dirty(t)) << t;
        EXPECT_TRUE(c.tile_single_row(t)) << t;
      }
      EXPECT_TRUE(c.eo_ptr.empty());
    }
    check_semirings(a, rng, {{8, 4}, {4, 8}, {8, 16}, {16, 2}}, "runs len " + std::to_string(len));
  }
}

TEST(Csr5, RejectsBadTileShapes) {
  const Csr<double> a = worked_example();
  EXPECT_THROW(csr5_from_csr(a, Csr5Params{0, 4}), InvalidArgument);
  EXPECT_THROW(csr5_from_csr(a, Csr5Params{33, 4}), InvalidArgument);
  EXPECT_THROW(csr5_from_csr(a, Csr5Params{8, 0}), InvalidArgument);
  EXPECT_THROW(csr5_from_csr(a, Csr5Params{32, 65}), InvalidArgument);
  EXPECT_NO_THROW(csr5_from_csr(a, Csr5Params{32, 64}));
}

TEST(Csr5, DefaultParams) {
  const Csr5Params d = csr5_default_params<double>(), f = csr5_default_params<float>(),
                   b = csr5_default_params<bool>();
  const int lanes = csr5_cpu_isa() == Csr5Isa::Avx512 ? 8 : 4;
  EXPECT_EQ(d.omega, lanes);
  EXPECT_EQ(f.omega, 2 * lanes);
  EXPECT_EQ(b.omega, lanes);
  EXPECT_EQ(d.sigma, 16);
  // The default view runs the widest vector kernel for plus_times over double.
  const Csr<double> a = worked_example();
  const Csr5<double> c = csr5_from_csr(a);
  EXPECT_EQ(int(csr5_kernel_isa<PlusTimes<double>>(c, csr5_cpu_isa())), int(csr5_cpu_isa()));
}

// ---- threads: large enough to pass kMinParallelWork, count changed after conversion ----------

TEST(Csr5, ThreadCountChangesBetweenConversionAndUse) {
  std::mt19937_64 rng(5);
  for (int kind = 0; kind < 5; ++kind) {
    const Vertex n = kind == 1 || kind == 3 ? 30000 : 12000;
    const Csr<double> a = random_csr<double>(rng, n, n, kind, false);
    const Csr<bool> p = random_csr<bool>(rng, n, n, kind, true);
    ASSERT_GE(Offset(a.nrows) + a.nnz(), kMinParallelWork);
    for (int build_threads : {1, 3}) {
      std::vector<Csr5<double>> views;
      std::vector<Csr5<bool>> pviews;
      {
        ThreadCount tc(build_threads);
        for (const Csr5Params s : {Csr5Params{8, 16}, Csr5Params{4, 16}, Csr5Params{16, 3}}) {
          views.push_back(csr5_from_csr(a, s));
          pviews.push_back(csr5_from_csr(p, s));
        }
      }
      for (int use_threads : {1, 2, 3}) {
        ThreadCount tc(use_threads);
        const Array<double> x = random_x<double>(rng, n);
        const Array<std::int64_t> xi = random_x<std::int64_t>(rng, n);
        Array<double> yc(n), ycp(n), y(n);
        Array<std::int64_t> yci(n), yi(n);
        csr_spmv_dense<PlusTimes<double>>(a, x.data(), yc.data());
        csr_spmv_dense<MinPlus<double>>(p, x.data(), ycp.data());
        csr_spmv_dense<MinFirstI<std::int64_t>>(a, xi.data(), yci.data());
        const Array<double> yserial = serial_fold<PlusTimes<double>>(a, x.data());
        ASSERT_TRUE((same_result<PlusTimes<double>>(a, x.data(), yc.data(), yserial.data())));
        for (std::size_t v = 0; v < views.size(); ++v)
          for (Csr5Isa isa : kIsas) {
            const std::string what = "kind " + std::to_string(kind) + " built on " +
                                     std::to_string(build_threads) + " used on " +
                                     std::to_string(use_threads) + " omega " +
                                     std::to_string(views[v].omega) + " " + csr5_isa_name(isa);
            csr5_spmv_dense_isa<PlusTimes<double>>(views[v], x.data(), y.data(), isa);
            EXPECT_TRUE((same_result<PlusTimes<double>>(a, x.data(), yc.data(), y.data()))) << what;
            csr5_spmv_dense_isa<MinPlus<double>>(pviews[v], x.data(), y.data(), isa);
            EXPECT_TRUE((same_result<MinPlus<double>>(p, x.data(), ycp.data(), y.data())))
                << what << " pattern min_plus";
            csr5_spmv_dense_isa<MinFirstI<std::int64_t>>(views[v], xi.data(), yi.data(), isa);
            EXPECT_TRUE((same_result<MinFirstI<std::int64_t>>(a, xi.data(), yci.data(), yi.data())))
                << what << " min_firsti";
            // Same view, same x, twice: the calibrators are reset between calls.
            csr5_spmv_dense_isa<PlusTimes<double>>(views[v], x.data(), y.data(), isa);
            EXPECT_TRUE((same_result<PlusTimes<double>>(a, x.data(), yc.data(), y.data())))
                << what << " second call";
          }
      }
    }
  }
}

TEST(Csr5, HugeRowPlusManyTinyRowsAcrossThreads) {
  std::mt19937_64 rng(6);
  std::vector<std::vector<Vertex>> rows(40000);
  std::uniform_real_distribution<double> u(0, 1);
  for (Vertex r = 0; r < rows.size(); ++r)
    rows[r] = random_columns(rng, 40000, r == 20001 ? 35000 : u(rng) < 0.3 ? 0 : 2);
  const Csr<double> a =
      make_csr<double>(40000, rows, false, [&](std::size_t, std::size_t) { return u(rng); });
  for (int threads : {2, 3}) {
    ThreadCount tc(threads);
    check_semirings(a, rng, {{8, 16}, {4, 16}, {8, 3}},
                    "huge+tiny threads " + std::to_string(threads));
  }
}

}  // namespace
}  // namespace spgraph::testing
