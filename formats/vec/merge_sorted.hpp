// SPDX-License-Identifier: Apache-2.0
// The merge of two sorted, unique index lists (a sparse vector's indices, or the columns of a
// CSR row), calling back for each index held by one list or by both, in ascending order. It is
// the loop under element-wise union and intersection (formats/vec/ewise_vector_cpu.hpp,
// formats/csr/ewise_cpu.hpp) and the output write-back (engine/ops_write_back.hpp).
//
// Cost O(na + nb); no workspace. Source: the merge step of Knuth, TAOCP vol. 3, §5.2.4.
#pragma once

#include <cstddef>

#include "engine/core/types.hpp"

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

}  // namespace spgraph
