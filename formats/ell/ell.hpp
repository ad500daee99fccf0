// SPDX-License-Identifier: Apache-2.0
// ELLPACK (ELL) storage: every row padded to one width and the padded rectangle stored
// column-major, as in Kirk & Hwu, "Programming Massively Parallel Processors", ch. 10 §10.3
// (Figs 10.8-10.9): element i of row r sits in slot r + i*nrows.
//
// Padding: the chapter pads with value 0 and relies on 0*x = 0 (§10.3), which is wrong for a
// semiring engine (min-plus has identity +inf, and 0*inf = NaN even in plus-times). Here a
// padding slot holds the sentinel column kNoVertex (its value, if any, is T(0) and never read),
// and kernels skip it. Stored entries of a row are packed into its first slots (slots 0..len-1
// are entries, len..width-1 padding), so a row's length is found by binary search and a kernel
// may stop at the first padding slot. Pattern matrices store no value array (every entry reads
// as T(1)); bool values are stored one per byte (stored_value_t).
//
// ell_from_csr: (1) width = the maximum row length unless given (a longer row is an error),
// (2) fill the slots in chunks of rows, slot-column by slot-column, so both the CSR reads and
// the column-major writes run forward. Cost O(nrows*width); workspace none.
// ell_to_csr (and hyb_to_csr, which shares it): (1) count each row's stored entries, plus any
// row-sorted overflow tuples (HYB's COO part), (2) gather each row in stored order, stably sort
// it by column and combine repeated columns with DupOp in stored order, (3) compact into CSR.
// Cost O(nrows*width + nnz log(row length)); workspace one copy of the entries.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/semiring.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/kernel_tuning.hpp"

namespace spgraph {

/// ELL arrays: `col` and `val` hold nrows × width slots column-major (slot r + i*nrows is
/// element i of row r); padding slots have col = kNoVertex and follow the row's entries.
/// `val` is empty for a pattern (bool values are stored one per byte: stored_value_t).
template <class T>
struct Ell {
  Vertex nrows = 0;
  Vertex ncols = 0;
  Vertex width = 0;  ///< slots per row
  bool pattern = false;
  Offset nvals = 0;  ///< stored entries, i.e. slots that are not padding
  std::vector<Vertex> col;
  std::vector<stored_value_t<T>> val;

  /// An nrows × ncols matrix with `width` padding slots per row and no entries.
  static Ell empty(Vertex nrows, Vertex ncols, Vertex width, bool pattern) {
    Ell e;
    e.nrows = nrows;
    e.ncols = ncols;
    e.width = width;
    e.pattern = pattern;
    e.col.assign(std::size_t(nrows) * width, kNoVertex);
    if (!pattern) e.val.assign(std::size_t(nrows) * width, stored_value_t<T>(0));
    return e;
  }
  /// The position of element i of row r in `col` and `val`.
  std::size_t slot(Vertex r, Vertex i) const { return std::size_t(r) + std::size_t(i) * nrows; }
  Offset nnz() const { return nvals; }
  /// The number of entries stored in row r (binary search over its packed slots).
  Vertex row_length(Vertex r) const {
    Vertex lo = 0, hi = width;
    while (lo < hi) {
      const Vertex mid = lo + (hi - lo) / 2;
      if (col[slot(r, mid)] != kNoVertex)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo;
  }
  /// The value stored in slot s (T(1) for patterns).
  T value(std::size_t s) const { return pattern ? T(1) : static_cast<T>(val[s]); }
  /// Bytes held by the arrays, padding included.
  std::size_t bytes() const {
    return col.capacity() * sizeof(Vertex) + val.capacity() * sizeof(stored_value_t<T>);
  }
};

/// Converts `a` to ELL of the given width (0 = the maximum row length); throws InvalidArgument
/// when a row has more entries than a nonzero `width`.
template <class T>
Ell<T> ell_from_csr(const Csr<T>& a, Vertex width = 0);

/// Converts `e` to CSR with sorted rows; a column repeated within a row (possible only in an
/// Ell filled by hand) is combined with DupOp in slot order, keeping the first by default.
template <class T, class DupOp = FirstOp<T>>
Csr<T> ell_to_csr(const Ell<T>& e);

/// Checks the ELL invariants (array sizes, packed rows, in-range columns, nvals); throws
/// InvalidArgument describing the first violation.
template <class T>
void validate_ell(const Ell<T>& e);

namespace detail {

/// Rows per chunk in the ELL loops: the chunk's slot-column segments (chunk × 4-byte columns
/// plus values) and its accumulators stay in L1 while every slot-column is read forward.
inline constexpr Vertex kEllRowChunk = 256;

/// Fills slots 0..min(len, e.width)-1 of every row of `e` (already sized and padded) with the
/// first entries of the row in `a`; returns the number of entries placed.
template <class T>
Offset ell_fill_from_csr(const Csr<T>& a, Ell<T>& e) {
  const Vertex n = a.nrows;
  const Vertex w = e.width;
  const std::int64_t nchunks = (std::int64_t(n) + kEllRowChunk - 1) / kEllRowChunk;
  Offset placed = 0;
#pragma omp parallel for schedule(static) reduction(+ : placed) \
    if (Offset(n) * w + a.nnz() >= kMinParallelWork)
  for (std::int64_t c = 0; c < nchunks; ++c) {
    const Vertex lo = Vertex(c * kEllRowChunk);
    const Vertex hi = std::min<Vertex>(n, lo + kEllRowChunk);
    for (Vertex i = 0; i < w; ++i) {
      bool any = false;
      for (Vertex r = lo; r < hi; ++r) {
        if (a.degree(r) <= i) continue;
        const Offset p = a.row_begin(r) + i;
        const std::size_t s = e.slot(r, i);
        e.col[s] = a.col[p];
        if (!a.pattern) e.val[s] = a.val[p];
        any = true;
      }
      if (!any) break;  // rows are packed: no row of the chunk reaches slot-column i or later
    }
    for (Vertex r = lo; r < hi; ++r) placed += std::min<Offset>(a.degree(r), w);
  }
  return placed;
}

/// One stored entry while a row is being sorted.
template <class T>
struct RowEntry {
  Vertex col;
  stored_value_t<T> val;
};

/// Stable sort of one row by column: insertion sort for short rows, merge sort otherwise.
template <class T>
void stable_sort_row(RowEntry<T>* first, RowEntry<T>* last) {
  auto by_col = [](const RowEntry<T>& x, const RowEntry<T>& y) { return x.col < y.col; };
  if (std::is_sorted(first, last, by_col)) return;
  if (last - first <= 32) {
    for (RowEntry<T>* s = first + 1; s < last; ++s) {
      const RowEntry<T> x = *s;
      RowEntry<T>* t = s;
      for (; t > first && (t - 1)->col > x.col; --t) *t = *(t - 1);
      *t = x;
    }
  } else {
    std::stable_sort(first, last, by_col);
  }
}

/// CSR of the entries of `e` plus `nextra` overflow tuples (xrow sorted ascending; xval null
/// for patterns), each row sorted by column with repeats combined by DupOp in stored order
/// (the row's ELL slots, then its overflow tuples). See phases in the file header.
template <class T, class DupOp>
Csr<T> ell_rows_to_csr(const Ell<T>& e, const Vertex* xrow, const Vertex* xcol,
                       const stored_value_t<T>* xval, Offset nextra) {
  using S = stored_value_t<T>;
  const Vertex n = e.nrows;
  const bool pattern = e.pattern;
  const bool parallel = Offset(n) * e.width + nextra >= kMinParallelWork;
  // Phase 1: entries per row (ELL length plus the row's run of overflow tuples).
  std::vector<Offset> xptr(std::size_t(n) + 1, 0);
  for (Offset k = 0; k < nextra; ++k) ++xptr[std::size_t(xrow[k]) + 1];
  for (Vertex r = 0; r < n; ++r) xptr[r + 1] += xptr[r];
  std::vector<Offset> raw(std::size_t(n) + 1, 0);
#pragma omp parallel for schedule(static) if (parallel)
  for (std::int64_t r = 0; r < std::int64_t(n); ++r)
    raw[r + 1] = e.row_length(Vertex(r)) + (xptr[r + 1] - xptr[r]);
  for (Vertex r = 0; r < n; ++r) raw[r + 1] += raw[r];
  // Phase 2: gather, sort and combine each row; `kept[r]` = distinct columns of row r.
  std::vector<RowEntry<T>> tmp(raw[n]);
  std::vector<Offset> kept(std::size_t(n) + 1, 0);
#pragma omp parallel for schedule(dynamic, 256) if (parallel)
  for (std::int64_t ri = 0; ri < std::int64_t(n); ++ri) {
    const Vertex r = Vertex(ri);
    RowEntry<T>* row = tmp.data() + raw[r];
    Offset len = 0;
    for (Vertex i = 0; i < e.width; ++i) {
      const std::size_t s = e.slot(r, i);
      if (e.col[s] == kNoVertex) break;
      row[len++] = {e.col[s], pattern ? S(0) : e.val[s]};
    }
    for (Offset k = xptr[r]; k < xptr[r + 1]; ++k) row[len++] = {xcol[k], pattern ? S(0) : xval[k]};
    stable_sort_row(row, row + len);
    Offset out = 0;
    for (Offset k = 0; k < len; ++k) {
      if (out > 0 && row[out - 1].col == row[k].col) {
        if (!pattern)
          row[out - 1].val =
              S(DupOp::apply(static_cast<T>(row[out - 1].val), static_cast<T>(row[k].val)));
      } else {
        row[out++] = row[k];
      }
    }
    kept[r + 1] = out;
  }
  // Phase 3: compact.
  Csr<T> c = Csr<T>::empty(n, e.ncols, pattern);
  for (Vertex r = 0; r < n; ++r) c.row_ptr[r + 1] = c.row_ptr[r] + kept[r + 1];
  c.col.resize(c.nnz());
  if (!pattern) c.val.resize(c.nnz());
#pragma omp parallel for schedule(static) if (parallel)
  for (std::int64_t ri = 0; ri < std::int64_t(n); ++ri) {
    const RowEntry<T>* row = tmp.data() + raw[ri];
    const Offset dst = c.row_ptr[ri];
    for (Offset k = 0; k < kept[ri + 1]; ++k) {
      c.col[dst + k] = row[k].col;
      if (!pattern) c.val[dst + k] = row[k].val;
    }
  }
  return c;
}

}  // namespace detail

template <class T>
Ell<T> ell_from_csr(const Csr<T>& a, Vertex width) {
  // Phase 1: the width.
  Offset longest = 0;
  Vertex longest_row = 0;
  for (Vertex r = 0; r < a.nrows; ++r)
    if (a.degree(r) > longest) {
      longest = a.degree(r);
      longest_row = r;
    }
  if (width != 0 && longest > width)
    throw InvalidArgument("ell_from_csr: row " + std::to_string(longest_row) + " has " +
                          std::to_string(longest) + " entries, more than the width " +
                          std::to_string(width) +
                          "; pass width 0 (the longest row) or store the matrix as HYB");
  // Phase 2: fill.
  Ell<T> e = Ell<T>::empty(a.nrows, a.ncols, width != 0 ? width : Vertex(longest), a.pattern);
  e.nvals = detail::ell_fill_from_csr(a, e);
  return e;
}

template <class T, class DupOp>
Csr<T> ell_to_csr(const Ell<T>& e) {
  return detail::ell_rows_to_csr<T, DupOp>(e, nullptr, nullptr, nullptr, 0);
}

template <class T>
void validate_ell(const Ell<T>& e) {
  auto fail = [](const std::string& what) { throw InvalidArgument("invalid ELL: " + what); };
  const std::size_t slots = std::size_t(e.nrows) * e.width;
  if (e.col.size() != slots) fail("col must have nrows*width entries");
  if (e.pattern && !e.val.empty()) fail("a pattern matrix must have no values");
  if (!e.pattern && e.val.size() != slots) fail("val must have nrows*width entries");
  Offset stored = 0;
  for (Vertex r = 0; r < e.nrows; ++r) {
    bool padded = false;
    for (Vertex i = 0; i < e.width; ++i) {
      const Vertex c = e.col[e.slot(r, i)];
      if (c == kNoVertex) {
        padded = true;
      } else if (padded) {
        fail("row " + std::to_string(r) + " has an entry after padding (slot " + std::to_string(i) +
             ")");
      } else if (c >= e.ncols) {
        fail("column out of range in row " + std::to_string(r));
      } else {
        ++stored;
      }
    }
  }
  if (stored != e.nvals)
    fail("nvals is " + std::to_string(e.nvals) + " but " + std::to_string(stored) +
         " slots hold entries");
}

}  // namespace spgraph
