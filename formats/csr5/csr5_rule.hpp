// SPDX-License-Identifier: Apache-2.0
// When the CSR5 view pays for dense-vector SpMV, and when plain CSR is as fast: the measured
// rule behind SpmvFormat::Auto (engine/spmv_dense.hpp). Liu & Vinter (ICS'15 §5.3, Table 3)
// found CSR5 ahead on irregular (power-law) matrices and MKL's CSR ahead on regular ones; here
// the CSR kernel is already nnz-balanced across threads (formats/csr/spmv_dense_cpu.hpp), so
// what CSR5 can still win is the SIMD work on many short rows inside one tile, and what it
// costs is its conversion and a second copy of the indices and values.
//
// Rule (from the measurements in bench/RESULTS.md, "CSR or CSR5"): CSR5 when the matrix is
// large enough to run in parallel, stores values, and its row lengths are irregular (their
// coefficient of variation at least kCsr5MinRowCv); CSR otherwise. Measured on 2 threads: CSR5
// beat CSR on the valued Kronecker graph (0.62x vs 0.77x of GrB_mxv), lost on the regular 3-D
// grid (0.94x vs 0.74x), and tied or lost on pattern Kronecker graphs (1.02x vs 0.94x at scale
// 20), where the CSR kernel reads no values and its x gathers bound both. Cost O(rows).
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

#include "formats/csr/csr.hpp"
#include "formats/csr/kernel_tuning.hpp"

namespace spgraph {

/// Row-length coefficient of variation (σ/μ) from which CSR5 is chosen.
inline constexpr double kCsr5MinRowCv = 1.0;

struct Csr5Verdict {
  bool use_csr5 = false;
  std::string reason;  ///< e.g. "row-length CV 3.41 >= 1: irregular"
  double row_cv = 0;
};

/// Applies the rule to A's rows.
template <class T>
Csr5Verdict csr5_pays(const Csr<T>& a) {
  Csr5Verdict v;
  const Offset nnz = a.nnz();
  if (a.nrows == 0 || Offset(a.nrows) + nnz < kMinParallelWork) {
    v.reason = "small matrix: CSR";
    return v;
  }
  const double mean = double(nnz) / double(a.nrows);
  double sq = 0;
#pragma omp parallel for reduction(+ : sq) schedule(static)
  for (std::int64_t r = 0; r < std::int64_t(a.nrows); ++r) {
    const double d = double(a.row_ptr[r + 1] - a.row_ptr[r]) - mean;
    sq += d * d;
  }
  v.row_cv = mean > 0 ? std::sqrt(sq / double(a.nrows)) / mean : 0;
  const bool irregular = v.row_cv >= kCsr5MinRowCv;
  v.use_csr5 = irregular && !a.pattern;
  char buf[128];
  std::snprintf(buf, sizeof buf, "row-length CV %.2f %s %.2g: %s%s", v.row_cv,
                irregular ? ">=" : "<", kCsr5MinRowCv, irregular ? "irregular" : "regular",
                v.use_csr5               ? ", valued: CSR5"
                : a.pattern && irregular ? ", pattern: CSR"
                                         : ": CSR");
  v.reason = buf;
  return v;
}

}  // namespace spgraph
