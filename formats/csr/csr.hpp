// SPDX-License-Identifier: Apache-2.0
// Compressed sparse row storage with sorted rows, and its transpose.
// Pattern matrices store no value array: every present entry reads as T(1) (GraphBLAS "iso").
// transpose() is Gustavson's permuted transposition (ACM TOMS 1978) as a stable parallel
// counting sort by column (formats/csr/counting_sort.hpp); rows of the result come out sorted
// because source rows are scanned in order.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "engine/core/types.hpp"

namespace spgraph {

/// CSR arrays: row_ptr has nrows+1 entries, col is sorted within each row, val is empty
/// when the matrix is a pattern (bool values are stored one per byte: stored_value_t).
template <class T>
struct Csr {
  Vertex nrows = 0;
  Vertex ncols = 0;
  bool pattern = false;
  std::vector<Offset> row_ptr = std::vector<Offset>(1, 0);
  std::vector<Vertex> col;
  std::vector<stored_value_t<T>> val;

  /// An empty nrows × ncols matrix.
  static Csr empty(Vertex nrows, Vertex ncols, bool pattern) {
    Csr c;
    c.nrows = nrows;
    c.ncols = ncols;
    c.pattern = pattern;
    c.row_ptr.assign(std::size_t(nrows) + 1, 0);
    return c;
  }
  Offset nnz() const { return row_ptr.back(); }
  Offset row_begin(Vertex i) const { return row_ptr[i]; }
  Offset row_end(Vertex i) const { return row_ptr[i + 1]; }
  Offset degree(Vertex i) const { return row_ptr[i + 1] - row_ptr[i]; }
  /// The value of the k-th stored entry (T(1) for patterns).
  T value(Offset k) const { return pattern ? T(1) : static_cast<T>(val[k]); }
  /// Bytes held by the arrays.
  std::size_t bytes() const {
    return row_ptr.capacity() * sizeof(Offset) + col.capacity() * sizeof(Vertex) +
           val.capacity() * sizeof(T);
  }
};

/// Returns the transpose of `a` (equivalently, `a` in CSC form), with sorted rows.
template <class T>
Csr<T> transpose(const Csr<T>& a);

/// Checks the CSR invariants (sizes, monotone row_ptr, sorted unique in-range columns);
/// throws InvalidArgument describing the first violation.
template <class T>
void validate_csr(const Csr<T>& a);

}  // namespace spgraph

#include "formats/csr/csr_impl.hpp"
