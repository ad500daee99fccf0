// SPDX-License-Identifier: Apache-2.0
// The "rebuild CSR for each batch" contender of the streaming benchmarks: the best a static CSR
// can do with a batch of new arcs. Phases: 1. order the batch by (row, column)
// (formats/dcsr/batch_order.hpp, the same parallel radix sort the Dynamic CSR insert uses);
// 2. per row, in parallel, count the batch's columns missing from the row (a merge of two
// sorted lists, dropping repeats); 3. scan into new row pointers; 4. per row, in parallel, merge
// old and new columns into fresh arrays. Cost O(rows + entries + batch) per batch, and twice
// the matrix in memory while the new copy is built.
#pragma once

#include <omp.h>

#include <algorithm>
#include <vector>

#include "formats/csr/csr.hpp"
#include "formats/dcsr/batch_order.hpp"

namespace spgraph::bench {

/// a := a ∪ {(rows[k], cols[k])}, rebuilt into new arrays; rows stay sorted and unique.
inline void csr_insert_by_rebuild(Csr<bool>& a, const Vertex* rows, const Vertex* cols,
                                  std::size_t n) {
  OrderedBatch b;
  order_batch(rows, cols, n, a.nrows, a.ncols, b);
  const Vertex nr = a.nrows;
  // Batch range of each row.
  std::vector<Offset> bstart(std::size_t(nr) + 1, 0);
  for (std::size_t k = 0; k < n; ++k) ++bstart[b.row(k) + 1];
  for (Vertex r = 0; r < nr; ++r) bstart[r + 1] += bstart[r];
  auto merge_row = [&](Vertex r, Vertex* out) {
    const Vertex* x = a.col.data() + a.row_ptr[r];
    const Vertex* xe = a.col.data() + a.row_ptr[r + 1];
    Offset k = bstart[r], ke = bstart[r + 1];
    Offset w = 0;
    Vertex last = kNoVertex;
    while (x != xe || k != ke) {
      Vertex c;
      if (k == ke || (x != xe && *x <= b.col(k))) {
        c = *x++;
      } else {
        c = b.col(k++);
      }
      if (c == last) continue;
      last = c;
      if (out) out[w] = c;
      ++w;
    }
    return w;
  };
  std::vector<Offset> row_ptr(std::size_t(nr) + 1, 0);
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t r = 0; r < std::int64_t(nr); ++r)
    row_ptr[r + 1] =
        bstart[r + 1] > bstart[r] ? merge_row(Vertex(r), nullptr) : a.degree(Vertex(r));
  for (Vertex r = 0; r < nr; ++r) row_ptr[r + 1] += row_ptr[r];
  std::vector<Vertex> col(row_ptr[nr]);
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t r = 0; r < std::int64_t(nr); ++r) {
    if (bstart[r + 1] > bstart[r])
      merge_row(Vertex(r), col.data() + row_ptr[r]);
    else
      std::copy(a.col.begin() + std::ptrdiff_t(a.row_ptr[r]),
                a.col.begin() + std::ptrdiff_t(a.row_ptr[r + 1]),
                col.begin() + std::ptrdiff_t(row_ptr[r]));
  }
  a.row_ptr = std::move(row_ptr);
  a.col = std::move(col);
}

}  // namespace spgraph::bench
