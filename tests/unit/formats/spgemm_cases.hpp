// SPDX-License-Identifier: Apache-2.0
// The SpGEMM cases the device hash SpGEMM is held to, shared by the host-emulation tests
// (spgemm_emulated_test.cpp, CPU) and the device tests (tests/unit/device/, label cuda): random
// operands generated in the test (no files, so the device tests can be carried), the edge cases
// (empty, empty rows, self-loops, one huge row, many products on few columns), masks, and the
// comparison with the CPU kernel: identical for integer and order-free semirings, within a
// stated bound for floating plus.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/core/semiring.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/spgemm_hash_cpu.hpp"
#include "formats/csr/spgemm_hash_lanes.hpp"

namespace spgraph::testing {

/// A random m x n CSR whose row i has degree(i) distinct sorted columns; values are random
/// reals in [-1, 1] (double), integers in [-9, 9], or a pattern (bool).
template <class T, class Degree>
Csr<T> random_csr(std::mt19937_64& rng, Vertex m, Vertex n, Degree&& degree) {
  Csr<T> a = Csr<T>::empty(m, n, std::is_same_v<T, bool>);
  std::vector<Vertex> row;
  for (Vertex i = 0; i < m; ++i) {
    const Offset want = n == 0 ? 0 : std::min<Offset>(degree(i), n);
    row.clear();
    if (want * 2 > n) {  // dense rows: shuffle-pick
      std::vector<Vertex> all(n);
      for (Vertex j = 0; j < n; ++j) all[j] = j;
      std::shuffle(all.begin(), all.end(), rng);
      row.assign(all.begin(), all.begin() + std::ptrdiff_t(want));
    } else {
      std::uniform_int_distribution<Vertex> pick(0, n - 1);
      while (row.size() < want) {
        const Vertex j = pick(rng);
        if (std::find(row.begin(), row.end(), j) == row.end()) row.push_back(j);
      }
    }
    std::sort(row.begin(), row.end());
    for (Vertex j : row) {
      a.col.push_back(j);
      if constexpr (std::is_floating_point_v<T>) {
        a.val.push_back(std::uniform_real_distribution<T>(-1, 1)(rng));
      } else if constexpr (!std::is_same_v<T, bool>) {
        a.val.push_back(T(std::uniform_int_distribution<int>(-9, 9)(rng)));
      }
    }
    a.row_ptr[i + 1] = a.col.size();
  }
  return a;
}

/// One product to check: C<mask> = A·B.
template <class T>
struct SpgemmCase {
  std::string name;
  Csr<T> a, b;
  Csr<bool> mask;  ///< the allowed pattern (m x p), used by the masked runs
};

/// The cases: random shapes whose rows reach every bin naturally, and the edge cases.
template <class T>
std::vector<SpgemmCase<T>> spgemm_cases(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<SpgemmCase<T>> cases;
  auto add = [&](std::string name, Csr<T> a, Csr<T> b, double mask_density) {
    const Vertex m = a.nrows, p = b.ncols;
    const Offset mdeg = Offset(mask_density * p);
    Csr<bool> mask = random_csr<bool>(rng, m, p, [&](Vertex i) { return i % 5 == 0 ? 0 : mdeg; });
    cases.push_back({std::move(name), std::move(a), std::move(b), std::move(mask)});
  };
  auto fixed = [](Offset d) { return [d](Vertex) { return d; }; };
  add("empty 0x0", Csr<T>::empty(0, 0, std::is_same_v<T, bool>),
      Csr<T>::empty(0, 0, std::is_same_v<T, bool>), 0.5);
  add("no entries", random_csr<T>(rng, 20, 15, fixed(0)), random_csr<T>(rng, 15, 25, fixed(3)),
      0.5);
  add("small random", random_csr<T>(rng, 40, 30, fixed(6)), random_csr<T>(rng, 30, 35, fixed(5)),
      0.3);
  {  // A·A with self-loops: the diagonal plus random arcs
    Csr<T> a = random_csr<T>(rng, 60, 60, [](Vertex i) { return Offset(i % 9); });
    Csr<T> loops = Csr<T>::empty(60, 60, a.pattern);
    for (Vertex i = 0; i < 60; ++i) {
      std::vector<Vertex> row(a.col.begin() + a.row_ptr[i], a.col.begin() + a.row_ptr[i + 1]);
      if (!std::binary_search(row.begin(), row.end(), i))
        row.insert(std::lower_bound(row.begin(), row.end(), i), i);
      for (Vertex j : row) {
        loops.col.push_back(j);
        if (!a.pattern) loops.val.push_back(stored_value_t<T>(j % 3 + 1));
      }
      loops.row_ptr[i + 1] = loops.col.size();
    }
    Csr<T> b = loops;
    add("self-loops A·A", std::move(loops), std::move(b), 0.2);
  }
  add("many products on few columns", random_csr<T>(rng, 30, 40, fixed(40)),
      random_csr<T>(rng, 40, 20, fixed(20)), 0.5);
  // Row degrees spread so that rows fall in every shared bin and the global one.
  add("skewed rows", random_csr<T>(rng, 54, 3000, [](Vertex i) { return Offset(1) << (i % 9); }),
      random_csr<T>(rng, 3000, 9000, [](Vertex j) { return Offset(1 + j % 40); }), 0.05);
  add("one huge row",
      random_csr<T>(rng, 4, 500, [](Vertex i) { return i == 1 ? Offset(500) : Offset(2); }),
      random_csr<T>(rng, 500, 20000, fixed(30)), 0.1);
  return cases;
}

/// A with every value replaced by its absolute value (for the floating error bound).
template <class T>
Csr<T> absolute(Csr<T> a) {
  if constexpr (std::is_floating_point_v<T>)
    for (auto& v : a.val) v = std::fabs(v);
  return a;
}

/// Expects got == want entry by entry: columns identical; values identical, except for
/// floating plus, where |got - want| <= 1e-12 · Σ|terms| (the sum of the absolute products,
/// `bound`): summation in another order errs by at most (k-1)·2^-53·Σ|terms| for k terms, and
/// every row here has fewer than 9000 terms.
template <class SR, class V>
void expect_same_product(const Csr<V>& got, const Csr<V>& want,
                         const std::type_identity_t<Csr<V>>* bound, const std::string& what) {
  ASSERT_EQ(got.nrows, want.nrows) << what;
  ASSERT_EQ(got.ncols, want.ncols) << what;
  ASSERT_EQ(got.row_ptr, want.row_ptr) << what;
  ASSERT_EQ(got.col, want.col) << what;
  ASSERT_EQ(got.val.size(), want.val.size()) << what;
  for (std::size_t k = 0; k < got.val.size(); ++k) {
    if (bound != nullptr) {
      ASSERT_LE(std::fabs(double(got.val[k]) - double(want.val[k])), 1e-12 * double(bound->val[k]))
          << what << " entry " << k;
    } else {
      ASSERT_EQ(got.val[k], want.val[k]) << what << " entry " << k;
    }
  }
}

/// The CPU kernel's answer (the oracle) for C<mask> = A·B; `mask` nullptr = none.
template <class SR, class T>
Csr<typename SR::value_type> cpu_product(const Csr<T>& a, const Csr<T>& b, const Csr<bool>* mask,
                                         bool complement, bool values) {
  SpgemmMask<bool> m{mask, true, complement};
  return spgemm_hash_cpu<SR>(a, b, m, values, true);
}

/// Whether SR is floating plus (answers compared within the bound).
template <class SR>
inline constexpr bool kFloatingPlus = std::is_floating_point_v<typename SR::value_type>&&
    std::is_same_v<typename SR::add_monoid, PlusMonoid<typename SR::value_type>>;

/// Runs every case under every mask mode (none, mask, complemented) and every forced bin, with
/// values and as a pattern, through `product(a, b, mask, complement, values, min_bin, rows)`
/// (the host emulation or the device kernel), against the CPU kernel. With `symbolic_counts`
/// the forced bin must also have taken rows in the symbolic phase.
template <class SR, class T, class Product>
void check_product_against_cpu(std::uint64_t seed, Product&& product, bool symbolic_counts) {
  using V = typename SR::value_type;
  for (const SpgemmCase<T>& c : spgemm_cases<T>(seed)) {
    for (int mask_mode = 0; mask_mode < 3; ++mask_mode) {
      const Csr<bool>* mask = mask_mode == 0 ? nullptr : &c.mask;
      const bool complement = mask_mode == 2;
      const Csr<V> want = cpu_product<SR>(c.a, c.b, mask, complement, true);
      Csr<V> bound;
      if constexpr (kFloatingPlus<SR>)
        bound = cpu_product<SR>(absolute(c.a), absolute(c.b), mask, complement, true);
      const Csr<V> want_pattern = cpu_product<SR>(c.a, c.b, mask, complement, false);
      for (int min_bin = 0; min_bin < kSpgemmDeviceBinCount; ++min_bin) {
        const std::string what = c.name + ", mask mode " + std::to_string(mask_mode) +
                                 ", bins from " + std::to_string(min_bin);
        SpgemmBinRows rows;
        const Csr<V> got = product(c.a, c.b, mask, complement, true, min_bin, &rows);
        expect_same_product<SR>(got, want, kFloatingPlus<SR> ? &bound : nullptr, what);
        if (min_bin > 1 && want.nnz() > 0) {
          if (symbolic_counts) {
            EXPECT_GT(rows.symbolic[min_bin], 0u) << what;
          }
          EXPECT_GT(rows.numeric[min_bin], 0u) << what;
          for (int b = 1; b < min_bin; ++b) EXPECT_EQ(rows.numeric[b], 0u) << what;
        }
        const Csr<V> pattern = product(c.a, c.b, mask, complement, false, min_bin, nullptr);
        if (symbolic_counts) {
          EXPECT_TRUE(pattern.pattern) << what;
        }
        expect_same_product<SR>(pattern, want_pattern, nullptr, what + " (pattern)");
      }
    }
  }
}

}  // namespace spgraph::testing
