// SPDX-License-Identifier: Apache-2.0
// Element-wise union (eWiseAdd) and intersection (eWiseMult) of two CSR matrices.
//
// Computes T = A op B over the union (add) or intersection (mult) of the two patterns. In a
// union, a position held by only one operand copies that value (cast to the result type); where
// both are present T = op(a, b). Pattern operands read as 1; two pattern matrices under an
// operator with op(1, 1) = 1 give a pattern result (no value array).
//
// Inputs: rows of CSR sorted; the two operands have the same shape (checked by
// engine/ops.hpp).
//
// Phases: 1. count each row's result entries with a merge of the two rows
// (formats/vec/merge_sorted.hpp; parallel over rows); 2. exclusive scan of the counts into
// row_ptr; 3. fill each row with the same merge (parallel). Workspace: the output only. Cost
// O(nnz(A) + nnz(B)). The vector version is formats/vec/ewise_vector_cpu.hpp.
//
// Source: GraphBLAS C API 2.0 §4.3.4 (eWiseMult) and §4.3.5 (eWiseAdd).
#pragma once

#include <omp.h>

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/vec/merge_sorted.hpp"

namespace spgraph {

/// Union (`Union` = true) or intersection of two CSR matrices with `op`, as result type Z.
template <class Z, bool Union, class TA, class TB, class Op>
Csr<Z> ewise_csr_cpu(const Csr<TA>& a, const Csr<TB>& b, Op op) {
  // Two patterns under an operator with op(1, 1) = 1 give a pattern: every value would be 1.
  const bool ones = a.pattern && b.pattern && op(TA(1), TB(1)) == Z(1);
  Csr<Z> out = Csr<Z>::empty(a.nrows, a.ncols, ones);
  const bool parallel = a.nrows + a.nnz() + b.nnz() >= kMinParallelWork;
  auto merge_row = [&](Vertex i, auto&& emit) {
    const Offset ab = a.row_begin(i), bb = b.row_begin(i);
    merge_sorted(
        a.col.data() + ab, a.degree(i), b.col.data() + bb, b.degree(i),
        [&](std::size_t p) {
          if constexpr (Union) emit(a.col[ab + p], static_cast<Z>(a.value(ab + p)));
        },
        [&](std::size_t q) {
          if constexpr (Union) emit(b.col[bb + q], static_cast<Z>(b.value(bb + q)));
        },
        [&](std::size_t p, std::size_t q) {
          emit(a.col[ab + p], op(a.value(ab + p), b.value(bb + q)));
        });
  };
  // Phase 1: count.
#pragma omp parallel for schedule(dynamic, 256) if (parallel)
  for (std::int64_t i = 0; i < std::int64_t(a.nrows); ++i) {
    Offset n = 0;
    merge_row(Vertex(i), [&](Vertex, Z) { ++n; });
    out.row_ptr[i + 1] = n;
  }
  // Phase 2: scan.
  for (std::size_t i = 0; i < a.nrows; ++i) out.row_ptr[i + 1] += out.row_ptr[i];
  out.col.resize(out.nnz());
  if (!ones) out.val.resize(out.nnz());
    // Phase 3: fill.
#pragma omp parallel for schedule(dynamic, 256) if (parallel)
  for (std::int64_t i = 0; i < std::int64_t(a.nrows); ++i) {
    Offset p = out.row_ptr[i];
    merge_row(Vertex(i), [&](Vertex j, Z x) {
      out.col[p] = j;
      if (!ones) out.val[p] = x;
      ++p;
    });
  }
  return out;
}

}  // namespace spgraph
