// SPDX-License-Identifier: Apache-2.0
// The host side of the CUDA SpMV kernels, run on the CPU:
//   - the CSR-vector lane logic (formats/csr/spmv_vector_lanes.hpp), emulated on the host as a
//     warp runs it (spmv_vector_emulated.hpp), against the CPU kernel csr_spmv_dense
//     (formats/csr/spmv_dense_cpu.hpp) for every semiring the device kernels are compiled for
//     (the list of formats/device/spmv_cuda_semirings.hpp, expanded here), over valued and
//     pattern matrices, every group size, and the edge cases: empty rows and runs of them, one
//     huge row, 0×0, n×0 and 0×n matrices. Values are small integers (also as doubles), so
//     every order of summation gives the same double and results compare exactly; under ANY
//     the emulation must give the row's first term, which the brute-force check computes.
//   - the group-size rule (CUSP's csr_vector), the GPU's CSR-vector-or-CSR5 rule
//     (formats/csr5/csr5_gpu_rule.hpp) and the paper's σ rule for the GPU
//     (formats/csr5/csr5_gpu_params.hpp, Liu & Vinter ICS'15 §3.2) at and around each bound.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/core/semiring.hpp"
#include "formats/csr/any_fold.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/spmv_dense_cpu.hpp"
#include "formats/csr/spmv_vector_emulated.hpp"
#include "formats/csr5/csr5_gpu_params.hpp"
#include "formats/csr5/csr5_gpu_rule.hpp"
#include "formats/device/spmv_cuda_semirings.hpp"

namespace spgraph::testing {
namespace {

/// A CSR from per-row lengths: distinct random sorted columns, small integer values.
template <class T>
Csr<T> csr_with_lengths(std::mt19937_64& rng, Vertex ncols, const std::vector<Offset>& len,
                        bool pattern) {
  Csr<T> a = Csr<T>::empty(Vertex(len.size()), ncols, pattern);
  std::uniform_int_distribution<int> val(-9, 9);
  for (std::size_t r = 0; r < len.size(); ++r) {
    std::vector<Vertex> cols(ncols);
    for (Vertex c = 0; c < ncols; ++c) cols[c] = c;
    std::shuffle(cols.begin(), cols.end(), rng);
    cols.resize(std::min<std::size_t>(len[r], ncols));
    std::sort(cols.begin(), cols.end());
    for (Vertex c : cols) {
      a.col.push_back(c);
      if (!pattern) a.val.push_back(stored_value_t<T>(val(rng)));
    }
    a.row_ptr[r + 1] = a.col.size();
  }
  return a;
}

/// Row lengths of one of the shapes the kernels must survive.
std::vector<Offset> lengths(std::mt19937_64& rng, Vertex n, Vertex ncols, int kind) {
  std::vector<Offset> len(n, 0);
  std::uniform_int_distribution<int> shortrow(0, 12);
  for (Vertex r = 0; r < n; ++r) {
    if (kind == 0) len[r] = Offset(shortrow(rng));                     // regular short rows
    if (kind == 1) len[r] = (r / 5) % 3 == 0 ? 0 : shortrow(rng) % 3;  // runs of empty rows
    if (kind == 2) len[r] = r == n / 2 ? ncols : shortrow(rng) % 4;    // one huge row
    if (kind == 3) len[r] = Offset(17 + shortrow(rng) * 5);            // rows longer than 16
  }
  return len;
}

/// The emulated CSR-vector kernel with `group` lanes against the CPU kernel, every row.
template <class SR, class T>
void check_semiring(const Csr<T>& a, std::mt19937_64& rng, const std::string& what) {
  using V = typename SR::value_type;
  std::vector<V> x(a.ncols == 0 ? 1 : a.ncols);
  std::uniform_int_distribution<int> xv(-20, 20);
  for (V& e : x) e = V(xv(rng));
  std::vector<V> want(a.nrows == 0 ? 1 : a.nrows);
  csr_spmv_dense<SR>(a, x.data(), want.data());
  for (const int group : {1, 2, 4, 8, 16, 32}) {
    std::vector<V> got(a.nrows == 0 ? 1 : a.nrows, V(7));  // poison: every row must be written
    csr_vector_spmv_emulated<SR>(a, x.data(), got.data(), group);
    for (Vertex r = 0; r < a.nrows; ++r) {
      if constexpr (monoid_is_any<SR>()) {
        // The kernel's ANY answer: the row's first term (the identity for an empty row).
        const Offset e = a.row_ptr[r];
        const V first = e == a.row_ptr[r + 1]
                            ? SR::identity()
                            : SR::mul(a.pattern ? V(1) : V(a.val[e]), x[a.col[e]], r, a.col[e], 0);
        ASSERT_EQ(got[r], first) << what << " group " << group << " row " << r;
      } else {
        ASSERT_EQ(got[r], want[r]) << what << " group " << group << " row " << r;
      }
    }
  }
}

/// Every semiring the device kernels are compiled for, over a matrix of T.
#define SPGRAPH_CHECK_SEMIRING(S) check_semiring<S>(a, rng, what + " " #S);
template <class T>
void check_every_semiring(const Csr<T>& a, std::mt19937_64& rng, const std::string& what){
    SPGRAPH_CUDA_SPMV_NUMERIC_SEMIRINGS(SPGRAPH_CHECK_SEMIRING, double)
        SPGRAPH_CUDA_SPMV_NUMERIC_SEMIRINGS(SPGRAPH_CHECK_SEMIRING, std::int64_t)
            SPGRAPH_CUDA_SPMV_INTEGER_SEMIRINGS(SPGRAPH_CHECK_SEMIRING, std::int64_t)}
#undef SPGRAPH_CHECK_SEMIRING

TEST(CsrVectorLanes, EmulationEqualsTheCpuKernelForEveryDeviceSemiring) {
  std::mt19937_64 rng(34);
  for (int kind = 0; kind < 4; ++kind)
    for (const Vertex n : {Vertex(1), Vertex(7), Vertex(64), Vertex(300)}) {
      const std::string what = "kind " + std::to_string(kind) + " n " + std::to_string(n);
      const Vertex ncols = n + 5;
      const auto len = lengths(rng, n, ncols, kind);
      check_every_semiring(csr_with_lengths<double>(rng, ncols, len, false), rng, what + " double");
      check_every_semiring(csr_with_lengths<std::int64_t>(rng, ncols, len, false), rng,
                           what + " int64");
      check_every_semiring(csr_with_lengths<bool>(rng, ncols, len, true), rng, what + " pattern");
    }
}

TEST(CsrVectorLanes, EmptyShapesWriteTheIdentityOrNothing) {
  std::mt19937_64 rng(35);
  for (const auto& [m, n] : {std::pair<Vertex, Vertex>{0, 0}, {5, 0}, {0, 5}, {40, 40}}) {
    const std::string what = "empty " + std::to_string(m) + "x" + std::to_string(n);
    check_every_semiring(Csr<double>::empty(m, n, false), rng, what);
    check_every_semiring(Csr<bool>::empty(m, n, true), rng, what + " pattern");
  }
}

TEST(CsrVectorLanes, OneHugeRowFoldsAcrossEveryLane) {
  std::mt19937_64 rng(36);
  // One row of 5000 entries between empty rows: each of 32 lanes folds ~156 of them.
  const Csr<double> a = csr_with_lengths<double>(rng, 5000, {0, 5000, 0}, false);
  check_semiring<PlusTimes<double>>(a, rng, "huge row plus_times");
  check_semiring<MinPlus<double>>(a, rng, "huge row min_plus");
  check_semiring<MaxSecond<std::int64_t>>(csr_with_lengths<std::int64_t>(rng, 5000, {5000}, false),
                                          rng, "huge row max_second");
}

TEST(CsrVectorLanes, GroupSizeFollowsTheMeanRowLengthAsCuspDoes) {
  EXPECT_EQ(csr_vector_group_size(0, 0), 2);
  EXPECT_EQ(csr_vector_group_size(0, 10), 2);
  EXPECT_EQ(csr_vector_group_size(20, 10), 2);  // mean 2
  EXPECT_EQ(csr_vector_group_size(21, 10), 4);  // mean 2.1 rounds up
  EXPECT_EQ(csr_vector_group_size(40, 10), 4);
  EXPECT_EQ(csr_vector_group_size(80, 10), 8);
  EXPECT_EQ(csr_vector_group_size(160, 10), 16);
  EXPECT_EQ(csr_vector_group_size(161, 10), 32);
  EXPECT_EQ(csr_vector_group_size(1000000, 1), 32);
}

TEST(GpuSpmvRule, RegularRowsTakeCsrVectorIrregularOrLongRowsTakeCsr5) {
  std::mt19937_64 rng(37);
  const Csr<double> grid = csr_with_lengths<double>(rng, 200, std::vector<Offset>(300, 7), false);
  const GpuSpmvVerdict g = gpu_spmv_choice(grid);
  EXPECT_FALSE(g.use_csr5) << g.reason;
  EXPECT_DOUBLE_EQ(g.rows.cv, 0.0);
  EXPECT_EQ(g.rows.max, 7u);
  // Power-law-like: most rows 1 entry, a few of 150: CV far above 1.
  std::vector<Offset> skew(300, 1);
  for (std::size_t r = 0; r < skew.size(); r += 50) skew[r] = 150;
  const GpuSpmvVerdict p = gpu_spmv_choice(csr_with_lengths<double>(rng, 200, skew, false));
  EXPECT_TRUE(p.use_csr5) << p.reason;
  EXPECT_GE(p.rows.cv, kGpuCsr5MinRowCv);
  // Regular but every row longer than one warp's 32 steps: CSR5.
  const Csr<bool> wide =
      csr_with_lengths<bool>(rng, 1100, std::vector<Offset>(4, kGpuCsrVectorMaxRow + 1), true);
  const GpuSpmvVerdict w = gpu_spmv_choice(wide);
  EXPECT_LT(w.rows.cv, kGpuCsr5MinRowCv);
  EXPECT_TRUE(w.use_csr5) << w.reason;
  EXPECT_FALSE(gpu_spmv_choice(Csr<double>::empty(0, 0, false)).use_csr5);
}

TEST(Csr5GpuParams, SigmaFollowsThePapersBoundsForTheGpu) {
  // ⟨r, s, t, u⟩ = ⟨4, 32, 256, 4⟩ (ICS'15 §3.2), ℓ = nnz / rows as an integer.
  const Vertex rows = 1000;
  auto sigma = [&](Offset mean) { return csr5_gpu_sigma(mean * rows, rows); };
  EXPECT_EQ(sigma(0), 4);
  EXPECT_EQ(sigma(1), 4);
  EXPECT_EQ(sigma(4), 4);
  EXPECT_EQ(sigma(5), 5);
  EXPECT_EQ(sigma(17), 17);
  EXPECT_EQ(sigma(32), 32);
  EXPECT_EQ(sigma(33), 32);
  EXPECT_EQ(sigma(256), 32);
  EXPECT_EQ(sigma(257), 4);
  EXPECT_EQ(sigma(100000), 4);
  EXPECT_EQ(csr5_gpu_sigma(4999, rows), 4);  // ℓ = 4.999 truncates to 4
  EXPECT_EQ(csr5_gpu_sigma(5000, rows), 5);
  EXPECT_EQ(csr5_gpu_sigma(0, 0), 4);  // no rows
  EXPECT_EQ(csr5_gpu_params(17 * rows, rows).omega, 32);
  EXPECT_EQ(csr5_gpu_params(17 * rows, rows).sigma, 17);
  // The authors' CUDA code's u = 6 changes only the last case.
  const Csr5SigmaRule reference{4, 32, 256, 6};
  EXPECT_EQ(csr5_gpu_sigma(257 * rows, rows, reference), 6);
  EXPECT_EQ(csr5_gpu_sigma(100 * rows, rows, reference), 32);
  // Every σ the rule gives fits a CSR5 tile of ω = 32 (ω·σ <= 2048 entries).
  for (Offset mean = 0; mean < 600; ++mean)
    EXPECT_LE(32 * sigma(mean), Csr5<double>::kMaxTile) << mean;
}

}  // namespace
}  // namespace spgraph::testing
