// Element-wise union (eWiseAdd) and intersection (eWiseMult) of sparse vectors and CSR
// matrices, and the sorted-list merge they and the output write-back share.
//
// Computes T = A op B over the union (add) or intersection (mult) of the two patterns. In a
// union, a position held by only one operand copies that value (cast to the result type); where
// both are present T = op(a, b). Pattern operands read as 1; two pattern matrices under an
// operator with op(1, 1) = 1 give a pattern result (no value array).
//
// Inputs: index lists sorted and unique (vectors: sparse lists; rows of CSR sorted); the two
// operands have the same shape (checked by engine/ops.hpp).
//
// Phases (matrices): 1. count each row's result entries with a merge of the two rows (parallel
// over rows); 2. exclusive scan of the counts into row_ptr; 3. fill each row with the same
// merge (parallel). Vectors: one merge of the sorted lists, or, when both are bitmaps, one
// parallel pass over the positions. Workspace: the output only. Cost O(nnz(A) + nnz(B)) for
// lists and matrices, O(n) for two bitmaps.
//
// Source: GraphBLAS C API 2.0 §4.3.4 (eWiseMult) and §4.3.5 (eWiseAdd).
#pragma once

#include <omp.h>

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "engine/vector.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/kernel_tuning.hpp"

namespace spgraph {

/// Merges two sorted unique index lists, calling only_a(p), only_b(q) or both(p, q) in order.
template <class OnlyA, class OnlyB, class Both>
void merge_sorted(const Vertex* a, std::size_t na, const Vertex* b, std::size_t nb, OnlyA&& only_a,
                  OnlyB&& only_b, Both&& both) {
  std::size_t p = 0, q = 0;
  while (p < na && q < nb) {
    if (a[p] < b[q])
      only_a(p++);
    else if (b[q] < a[p])
      only_b(q++);
    else
      both(p++, q++);
  }
  while (p < na) only_a(p++);
  while (q < nb) only_b(q++);
}

/// Union (`Union` = true) or intersection of two sparse vectors with `op`, as result type Z.
template <class Z, bool Union, class TA, class TB, class Op>
Vector<Z> ewise_vector_cpu(const Vector<TA>& a, const Vector<TB>& b, Op op) {
  const Vertex n = a.size();
  Vector<Z> out(n);
  if (a.form() == VectorForm::Bitmap && b.form() == VectorForm::Bitmap) {
    std::vector<std::uint8_t> present(n, 0);
    std::vector<Z> dense(n);
    const auto &pa = a.present(), &pb = b.present();
    const auto &va = a.dense(), &vb = b.dense();
    Offset nvals = 0;
#pragma omp parallel for schedule(static) reduction(+ : nvals) if (n >= kMinParallelWork)
    for (std::int64_t i = 0; i < std::int64_t(n); ++i) {
      if (pa[i] && pb[i])
        dense[i] = op(va[i], vb[i]);
      else if (Union && pa[i])
        dense[i] = static_cast<Z>(va[i]);
      else if (Union && pb[i])
        dense[i] = static_cast<Z>(vb[i]);
      else
        continue;
      present[i] = 1;
      ++nvals;
    }
    out.assign_bitmap(std::move(present), std::move(dense), nvals);
    out.conform();
    return out;
  }
  std::vector<Vertex> ai, bi, idx;
  std::vector<TA> av;
  std::vector<TB> bv;
  std::vector<Z> val;
  a.extract_tuples(ai, av);
  b.extract_tuples(bi, bv);
  merge_sorted(
      ai.data(), ai.size(), bi.data(), bi.size(),
      [&](std::size_t p) {
        if constexpr (Union) {
          idx.push_back(ai[p]);
          val.push_back(static_cast<Z>(av[p]));
        }
      },
      [&](std::size_t q) {
        if constexpr (Union) {
          idx.push_back(bi[q]);
          val.push_back(static_cast<Z>(bv[q]));
        }
      },
      [&](std::size_t p, std::size_t q) {
        idx.push_back(ai[p]);
        val.push_back(op(av[p], bv[q]));
      });
  out.assign_sparse(std::move(idx), std::move(val));
  out.conform();
  return out;
}

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
