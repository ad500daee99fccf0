// SPDX-License-Identifier: Apache-2.0
// Element-wise union (eWiseAdd) and intersection (eWiseMult) of two sparse vectors.
//
// Computes t = a op b over the union (add) or intersection (mult) of the two patterns. In a
// union, a position held by only one operand copies that value (cast to the result type); where
// both are present t(i) = op(a(i), b(i)).
//
// Inputs: two SparseVectors of the same size (checked by engine/ops.hpp), in either form.
//
// Phases: when both are bitmaps, one parallel pass over the positions; otherwise 1. the entries
// of each as sorted lists (a bitmap's are gathered), 2. one merge of the lists
// (formats/vec/merge_sorted.hpp). The result is conformed to its density. Workspace: the output,
// plus the gathered lists. Cost O(n) for two bitmaps, O(nnz(a) + nnz(b)) otherwise (plus n for
// a gathered bitmap).
//
// Source: GraphBLAS C API 2.0 §4.3.4 (eWiseMult) and §4.3.5 (eWiseAdd).
#pragma once

#include <omp.h>

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/vec/merge_sorted.hpp"
#include "formats/vec/sparse_vector.hpp"

namespace spgraph {

/// Union (`Union` = true) or intersection of two sparse vectors with `op`, as result type Z.
template <class Z, bool Union, class TA, class TB, class Op>
SparseVector<Z> ewise_vector_cpu(const SparseVector<TA>& a, const SparseVector<TB>& b, Op op) {
  const Vertex n = a.size();
  SparseVector<Z> out(n);
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
  // Phase 1: sorted lists.
  std::vector<Vertex> ai, bi, idx;
  std::vector<TA> av;
  std::vector<TB> bv;
  std::vector<Z> val;
  a.extract_tuples(ai, av);
  b.extract_tuples(bi, bv);
  // Phase 2: merge.
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

}  // namespace spgraph
