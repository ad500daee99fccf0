// SPDX-License-Identifier: Apache-2.0
// Implementation of transpose() and validate_csr() for formats/csr/csr.hpp.
// transpose: the stable counting sort of formats/csr/counting_sort.hpp, keyed by column, over
// contiguous row blocks balanced by entries, each scattered in row order: (1) per-block column
// histograms, (2) an exclusive scan over (column, block) giving each block its own write cursor
// per column, (3) the scatter, so each output row is sorted. Workspace: threads × ncols offsets.
#pragma once

#include <omp.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "formats/csr/counting_sort.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

template <class T>
Csr<T> transpose(const Csr<T>& a) {
  Csr<T> t = Csr<T>::empty(a.ncols, a.nrows, a.pattern);
  const Offset nnz = a.nnz();
  t.col.resize(nnz);
  if (!a.pattern) t.val.resize(nnz);
  if (nnz == 0) return t;
  const int nthreads = nnz < 100000 ? 1 : omp_get_max_threads();
  // Row blocks balanced by entries, so each thread scatters about nnz / nthreads entries; each
  // block's entries are one part of the counting sort, scattered in row order.
  std::vector<Vertex> block(nthreads + 1, a.nrows);
  block[0] = 0;
  for (int b = 1; b < nthreads; ++b) {
    Offset target = nnz * Offset(b) / Offset(nthreads);
    block[b] = Vertex(std::upper_bound(a.row_ptr.begin(), a.row_ptr.end(), target) -
                      a.row_ptr.begin() - 1);
  }
  std::vector<Offset> part(std::size_t(nthreads) + 1);
  for (int p = 0; p <= nthreads; ++p) part[p] = a.row_ptr[block[p]];
  detail::stable_counting_sort(
      part, a.ncols, [&](Offset k) { return a.col[k]; }, t.row_ptr.data(),
      [&](int p, Offset* next) {
        for (Vertex i = block[p]; i < block[p + 1]; ++i) {
          for (Offset k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
            const Offset dst = next[a.col[k]]++;
            t.col[dst] = i;
            if (!a.pattern) t.val[dst] = a.val[k];
          }
        }
      });
  return t;
}

template <class T>
void validate_csr(const Csr<T>& a) {
  auto fail = [](const std::string& what) { throw InvalidArgument("invalid CSR: " + what); };
  if (a.row_ptr.size() != std::size_t(a.nrows) + 1) fail("row_ptr must have nrows+1 entries");
  if (a.row_ptr[0] != 0) fail("row_ptr[0] must be 0");
  if (a.col.size() != a.row_ptr.back()) fail("col size differs from row_ptr[nrows]");
  if (!a.pattern && a.val.size() != a.col.size()) fail("val size differs from col size");
  if (a.pattern && !a.val.empty()) fail("a pattern matrix must have no values");
  for (Vertex i = 0; i < a.nrows; ++i)
    if (a.row_ptr[i + 1] < a.row_ptr[i]) fail("row_ptr decreases at row " + std::to_string(i));
  for (Vertex i = 0; i < a.nrows; ++i) {
    for (Offset k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
      if (a.col[k] >= a.ncols) fail("column out of range in row " + std::to_string(i));
      if (k > a.row_ptr[i] && a.col[k] <= a.col[k - 1])
        fail("columns not sorted and unique in row " + std::to_string(i));
    }
  }
}

}  // namespace spgraph
