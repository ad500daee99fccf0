// Implementation of transpose() and validate_csr() for formats/csr/csr.hpp.
// transpose: (1) per-thread column histograms over contiguous row blocks, (2) an exclusive
// scan over (column, thread) giving each thread its own write cursor per column, (3) a scatter
// pass in the same row order, so each output row is sorted. Workspace: threads × ncols offsets.
#pragma once

#include <omp.h>

#include <string>

#include "engine/core/error.hpp"

namespace spgraph {

template <class T>
Csr<T> transpose(const Csr<T>& a) {
  Csr<T> t = Csr<T>::empty(a.ncols, a.nrows, a.pattern);
  const Offset nnz = a.nnz();
  t.col.resize(nnz);
  if (!a.pattern) t.val.resize(nnz);
  if (nnz == 0) return t;
  const int nthreads = nnz < 100000 ? 1 : omp_get_max_threads();
  const std::size_t nc = a.ncols;
  std::vector<Offset> counts(std::size_t(nthreads) * nc, 0);
  // Row blocks balanced by entries, so each thread scatters about nnz / nthreads entries.
  std::vector<Vertex> block(nthreads + 1, a.nrows);
  block[0] = 0;
  for (int b = 1; b < nthreads; ++b) {
    Offset target = nnz * Offset(b) / Offset(nthreads);
    block[b] = Vertex(std::upper_bound(a.row_ptr.begin(), a.row_ptr.end(), target) -
                      a.row_ptr.begin() - 1);
  }
#pragma omp parallel num_threads(nthreads)
  {
    const int tid = omp_get_thread_num();
    Offset* cnt = counts.data() + std::size_t(tid) * nc;
    // Phase 1: histogram of this block's columns.
    for (Offset k = a.row_ptr[block[tid]]; k < a.row_ptr[block[tid + 1]]; ++k) ++cnt[a.col[k]];
#pragma omp barrier
      // Phase 2: exclusive scan over (column, thread), done by one thread.
#pragma omp single
    {
      Offset sum = 0;
      for (std::size_t c = 0; c < nc; ++c) {
        t.row_ptr[c] = sum;
        for (int th = 0; th < nthreads; ++th) {
          Offset x = counts[std::size_t(th) * nc + c];
          counts[std::size_t(th) * nc + c] = sum;
          sum += x;
        }
      }
      t.row_ptr[nc] = sum;
    }
    // Phase 3: scatter in row order.
    for (Vertex i = block[tid]; i < block[tid + 1]; ++i) {
      for (Offset k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
        Offset dst = cnt[a.col[k]]++;
        t.col[dst] = i;
        if (!a.pattern) t.val[dst] = a.val[k];
      }
    }
  }
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
