// SPDX-License-Identifier: Apache-2.0
// Which CUDA SpMV kernel a matrix gets: CSR5 (csr5_spmv_cuda.hpp) or CSR vector
// (formats/csr/spmv_vector_cuda.hpp). Liu & Vinter (ICS'15 §5.3) found CSR5 ahead of cuSPARSE's
// and CUSP's CSR kernels on irregular matrices and level with them on regular ones; CSR vector
// needs no conversion and no second copy of the entries, and a group of lanes per row balances
// well when the rows are alike, but one long row holds its warp while the others idle (Bell &
// Garland, SC'09 §4.2). So:
//   CSR vector when the row lengths are regular (coefficient of variation below kGpuCsr5MinRowCv)
//   and no row is longer than kGpuCsrVectorMaxRow entries; CSR5 otherwise.
// The thresholds are starting values, NOT YET MEASURED ON A DEVICE: the CV bound is the CPU's
// measured one (csr5_rule.hpp, kCsr5MinRowCv), and the row bound is 32 steps of a full warp
// (32 lanes x 32 entries). bench/gpu/spmv_bench.cu measures both kernels on every graph it runs,
// with each graph's row CV and longest row, which is what will set them. Cost O(rows).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "formats/csr/csr.hpp"

namespace spgraph {

/// Row-length coefficient of variation from which the GPU takes CSR5 (not yet measured).
inline constexpr double kGpuCsr5MinRowCv = 1.0;
/// The longest row CSR vector takes (not yet measured): 32 steps of a 32-lane group.
inline constexpr Offset kGpuCsrVectorMaxRow = 32 * 32;

/// The row-length statistics the rule reads.
struct RowLengthStats {
  double mean = 0;
  double cv = 0;  ///< standard deviation / mean (0 for an empty matrix)
  Offset max = 0;
};

template <class T>
RowLengthStats row_length_stats(const Csr<T>& a) {
  RowLengthStats s;
  if (a.nrows == 0) return s;
  s.mean = double(a.nnz()) / double(a.nrows);
  double sq = 0;
  Offset longest = 0;
#pragma omp parallel for reduction(+ : sq) reduction(max : longest) schedule(static)
  for (std::int64_t r = 0; r < std::int64_t(a.nrows); ++r) {
    const Offset len = a.row_ptr[r + 1] - a.row_ptr[r];
    const double d = double(len) - s.mean;
    sq += d * d;
    longest = std::max(longest, len);
  }
  s.cv = s.mean > 0 ? std::sqrt(sq / double(a.nrows)) / s.mean : 0;
  s.max = longest;
  return s;
}

struct GpuSpmvVerdict {
  bool use_csr5 = false;
  std::string reason;  ///< e.g. "row-length CV 3.41 >= 1: irregular: CSR5"
  RowLengthStats rows;
};

/// The rule of the header comment, for the rows of A.
template <class T>
GpuSpmvVerdict gpu_spmv_choice(const Csr<T>& a) {
  GpuSpmvVerdict v;
  v.rows = row_length_stats(a);
  const bool irregular = v.rows.cv >= kGpuCsr5MinRowCv;
  const bool long_row = v.rows.max > kGpuCsrVectorMaxRow;
  v.use_csr5 = irregular || long_row;
  char buf[160];
  std::snprintf(buf, sizeof buf, "row-length CV %.2f %s %.2g, longest row %llu %s %llu: %s",
                v.rows.cv, irregular ? ">=" : "<", kGpuCsr5MinRowCv, (unsigned long long)v.rows.max,
                long_row ? ">" : "<=", (unsigned long long)kGpuCsrVectorMaxRow,
                v.use_csr5 ? "CSR5" : "CSR vector");
  v.reason = buf;
  return v;
}

}  // namespace spgraph
