// SPDX-License-Identifier: Apache-2.0
// Pieces shared by the CSR5 SpMV kernels (formats/csr5/csr5_spmv_*.hpp): the carry of a row
// that crosses tiles (the per-thread "calibrator" of the authors' reference code,
// Benchmark_SpMV_using_CSR5, in place of the atomic adds of Liu & Vinter, "CSR5", ICS'15 §4), and
// which semirings have a vector kernel.
//
// Ownership of y (the stores of Liu & Vinter's Alg. 8, ordered without atomics): a row's genuine
// first entry lies in exactly one tile, which stores the row with `=`; every later tile sees the
// row as its first segment and merges through the carry. A thread owns a contiguous range of tiles;
// the carry of the row its range starts with goes to the thread's calibrator (merged after the
// parallel loop), any other carry goes to y with ⊕=, ordered after the `=` by program order in that
// thread. No atomics.
#pragma once

#include <type_traits>

#include "engine/core/semiring.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// A thread's carry: rows equal to start_row fold into cal, others into y.
template <class SR>
struct Csr5Carry {
  using V = typename SR::value_type;
  V* y;
  Vertex start_row;
  V cal;
  void operator()(Vertex row, V v) {
    if (row == start_row)
      cal = SR::add(cal, v);
    else
      y[row] = SR::add(y[row], v);
  }
};

/// The product a vector kernel forms for entry (r,k): val·x[k], val+x[k], x[k] or 1+x[k]
/// (1 being the value a pattern entry reads as).
enum class Csr5Prod { ValTimesX, ValPlusX, X, OnePlusX };

/// The vector kernels: ⊕ is + or min over double (the product as above), matched by exact
/// semiring type so that user semirings always take the generic path.
template <class SR>
inline constexpr bool csr5_simd_plus =
    std::is_same_v<SR, PlusTimes<double>> || std::is_same_v<SR, PlusSecond<double>>;
template <class SR>
inline constexpr bool csr5_simd_min =
    std::is_same_v<SR, MinPlus<double>> || std::is_same_v<SR, MinSecond<double>>;

/// The product a vector kernel uses for SR over a Csr5<T> (pattern or not), or -1 when only the
/// generic kernel computes it.
template <class SR, class T>
constexpr int csr5_simd_prod(bool pattern) {
  constexpr bool valued_double = std::is_same_v<T, double>;
  if constexpr (std::is_same_v<SR, PlusTimes<double>>) {
    if (pattern) return int(Csr5Prod::X);
    return valued_double ? int(Csr5Prod::ValTimesX) : -1;
  } else if constexpr (std::is_same_v<SR, MinPlus<double>>) {
    if (pattern) return int(Csr5Prod::OnePlusX);
    return valued_double ? int(Csr5Prod::ValPlusX) : -1;
  } else if constexpr (std::is_same_v<SR, PlusSecond<double>> ||
                       std::is_same_v<SR, MinSecond<double>>) {
    return int(Csr5Prod::X);  // the matrix value is ignored
  } else {
    (void)pattern;
    return -1;
  }
}

}  // namespace spgraph
