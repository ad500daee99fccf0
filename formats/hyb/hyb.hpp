// SPDX-License-Identifier: Apache-2.0
// HYB storage: an ELL part of width K plus a COO part holding what does not fit, kept sorted by
// row. Kirk & Hwu, "Programming Massively Parallel Processors", ch. 10 §10.4 (Fig. 10.13),
// with the width and the update rule of the HYB that King et al., "Dynamic-CSR" (2016),
// benchmark against (width: §IV and Table II; update: §II, §IV-A and §IV-C): K = μ =
// ceil(nnz / nrows), at least 1; an inserted entry goes into its row's ELL slots while the row
// has room, otherwise to the COO part, which is then sorted by row again; duplicates accumulate
// as separate entries.
//
// Invariants (validate_hyb): the ELL part satisfies validate_ell (packed rows, sentinel
// padding); the COO part has the same shape and pattern flag, and is sorted by row, with the
// entries of one row in insertion order; a row has COO entries only when its ELL row is full.
// Rows of a HYB built from CSR are sorted by column (ELL slots first, then the row's COO run);
// after hyb_insert, entries of a row are in insertion order and may repeat a column.
//
// hyb_from_csr: (1) K, (2) fill the ELL part (ell_from_csr's fill), (3) count each row's
// overflow and scan, (4) copy the overflow into the COO part in row order, which is sorted.
// Cost O(nrows*K + nnz); workspace nrows+1 offsets.
// hyb_to_csr: ELL slots and COO runs row by row, each row stably sorted by column and repeated
// columns combined with DupOp in insertion order (see ell.hpp for the phases).
// hyb_insert: phases in formats/hyb/hyb_insert_impl.hpp.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/semiring.hpp"
#include "engine/core/types.hpp"
#include "formats/coo/coo.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/ell/ell.hpp"

namespace spgraph {

/// A HYB matrix: `ell` holds up to ell.width entries per row, `coo` the rest, sorted by row.
template <class T>
struct Hyb {
  Ell<T> ell;
  Coo<T> coo;

  /// An nrows × ncols matrix with no entries and an ELL part of `width` slots per row.
  static Hyb empty(Vertex nrows, Vertex ncols, bool pattern, Vertex width) {
    Hyb h;
    h.ell = Ell<T>::empty(nrows, ncols, width, pattern);
    h.coo.nrows = nrows;
    h.coo.ncols = ncols;
    h.coo.pattern = pattern;
    return h;
  }
  Vertex nrows() const { return ell.nrows; }
  Vertex ncols() const { return ell.ncols; }
  Vertex width() const { return ell.width; }
  bool pattern() const { return ell.pattern; }
  /// Stored entries, repeats included.
  Offset nnz() const { return ell.nnz() + coo.size(); }
  /// Bytes held by the arrays (ELL padding and COO capacity included).
  std::size_t bytes() const {
    return ell.bytes() + (coo.row.capacity() + coo.col.capacity()) * sizeof(Vertex) +
           coo.val.capacity() * sizeof(stored_value_t<T>);
  }
};

/// The default ELL width of a HYB for `a`: μ = ceil(nnz / nrows), at least 1.
template <class T>
Vertex hyb_default_width(const Csr<T>& a) {
  if (a.nrows == 0) return 1;
  return Vertex(std::max<Offset>(1, (a.nnz() + a.nrows - 1) / a.nrows));
}

/// Converts `a` to HYB with an ELL part of `width` slots per row (0 = hyb_default_width(a)).
template <class T>
Hyb<T> hyb_from_csr(const Csr<T>& a, Vertex width = 0);

/// Converts `h` to CSR with sorted rows. CSR holds each (row, column) once, so repeated
/// entries (which hyb_insert keeps) are combined with DupOp in insertion order; the default
/// FirstOp keeps the earliest value, so a HYB built from any sequence of edges has the pattern
/// of the CSR built from the same edges. Pass PlusOp<T> to sum repeats as hyb_spmv does.
template <class T, class DupOp = FirstOp<T>>
Csr<T> hyb_to_csr(const Hyb<T>& h);

/// Inserts the entries (rows[k], cols[k], vals[k]) into `h`: into the row's ELL slots while
/// it has room, otherwise into the COO part, which stays sorted by row; repeats are kept as
/// separate entries. `vals` is empty for a pattern. Throws InvalidArgument for mismatched
/// lengths and IndexOutOfBounds naming the first entry outside the matrix; on any error `h`
/// is unchanged.
template <class T>
void hyb_insert(Hyb<T>& h, std::span<const Vertex> rows, std::span<const Vertex> cols,
                std::span<const T> vals);

/// Checks the HYB invariants listed in the file header; throws InvalidArgument describing the
/// first violation.
template <class T>
void validate_hyb(const Hyb<T>& h);

template <class T>
Hyb<T> hyb_from_csr(const Csr<T>& a, Vertex width) {
  // Phase 1: the width.
  const Vertex k = width != 0 ? width : hyb_default_width(a);
  // Phase 2: the ELL part.
  Hyb<T> h = Hyb<T>::empty(a.nrows, a.ncols, a.pattern, k);
  h.ell.nvals = detail::ell_fill_from_csr(a, h.ell);
  // Phase 3: overflow offsets.
  const Vertex n = a.nrows;
  std::vector<Offset> over(std::size_t(n) + 1, 0);
  for (Vertex r = 0; r < n; ++r) over[r + 1] = over[r] + (a.degree(r) > k ? a.degree(r) - k : 0);
  const Offset total = over[n];
  // Phase 4: copy the overflow, row by row.
  h.coo.row.resize(total);
  h.coo.col.resize(total);
  if (!a.pattern) h.coo.val.resize(total);
#pragma omp parallel for schedule(dynamic, 1024) if (total + n >= kMinParallelWork)
  for (std::int64_t ri = 0; ri < std::int64_t(n); ++ri) {
    const Vertex r = Vertex(ri);
    Offset dst = over[r];
    for (Offset p = a.row_begin(r) + k; p < a.row_end(r); ++p, ++dst) {
      h.coo.row[dst] = r;
      h.coo.col[dst] = a.col[p];
      if (!a.pattern) h.coo.val[dst] = a.val[p];
    }
  }
  return h;
}

template <class T, class DupOp>
Csr<T> hyb_to_csr(const Hyb<T>& h) {
  return detail::ell_rows_to_csr<T, DupOp>(h.ell, h.coo.row.data(), h.coo.col.data(),
                                           h.pattern() ? nullptr : h.coo.val.data(), h.coo.size());
}

template <class T>
void validate_hyb(const Hyb<T>& h) {
  validate_ell(h.ell);
  auto fail = [](const std::string& what) { throw InvalidArgument("invalid HYB: " + what); };
  const Coo<T>& c = h.coo;
  if (c.nrows != h.nrows() || c.ncols != h.ncols() || c.pattern != h.pattern())
    fail("the COO part's shape or pattern flag differs from the ELL part's");
  if (c.col.size() != c.row.size()) fail("COO row and column arrays differ in length");
  if (c.pattern ? !c.val.empty() : c.val.size() != c.row.size())
    fail("COO value array has the wrong length");
  for (Offset k = 0; k < c.size(); ++k) {
    if (c.row[k] >= c.nrows || c.col[k] >= c.ncols)
      fail("COO entry " + std::to_string(k) + " lies outside the matrix");
    if (k > 0 && c.row[k] < c.row[k - 1])
      fail("COO part not sorted by row at entry " + std::to_string(k));
    if ((k == 0 || c.row[k] != c.row[k - 1]) && h.ell.row_length(c.row[k]) != h.width())
      fail("row " + std::to_string(c.row[k]) + " has COO entries but free ELL slots");
  }
}

}  // namespace spgraph

#include "formats/hyb/hyb_insert_impl.hpp"
