// SPDX-License-Identifier: Apache-2.0
// Step 1 of a Dynamic CSR row update (dcsr_row_update.hpp): lookup. The batch's updates of the
// row, ordered by column, give its distinct columns; each is looked up among the row's live
// entries. King et al., "Dynamic-CSR" (2016), section III.A, keep rows unsorted and duplicates
// accumulated, so their insert needs no lookup; every other duplicate policy, an erase or an
// assign does. A row is searched the way it is stored: its sorted prefix by binary search per
// column (galloping from the previous one) or one merge walk (whichever costs less), the unsorted
// rest by one pass.
#pragma once

#include <algorithm>
#include <bit>

#include "formats/dcsr/dcsr_row_update.hpp"

namespace spgraph {

/// The distinct columns of the row's updates (ws.qcol) and where each one's updates start in
/// the ordered batch (ws.qbegin, closed by the group's end).
template <class T, class CombineOp>
void Dcsr<T, CombineOp>::RowUpdate::distinct_columns(const Group& g) {
  ws_.qcol.clear();
  ws_.qbegin.clear();
  for (std::uint32_t k = g.begin; k < g.end; ++k) {
    const Vertex c = b_.order.col(k);
    if (ws_.qcol.empty() || ws_.qcol.back() != c) {
      ws_.qcol.push_back(c);
      ws_.qbegin.push_back(k);
    }
  }
  ws_.qbegin.push_back(g.end);
}

/// ws.matches: a (column index, slot) pair for every live slot of the row holding one of
/// ws.qcol, sorted.
template <class T, class CombineOp>
void Dcsr<T, CombineOp>::RowUpdate::lookup() {
  const DcsrRowInfo& info = ws_.row.info;
  if (info.sorted() > 0) lookup_sorted_prefix();
  if (info.size > info.sorted()) lookup_tail();
  std::sort(ws_.matches.begin(), ws_.matches.end());
}

/// The sorted prefix of segment 0, searched for the sorted columns ws.qcol: a galloping search
/// per column when the columns are few against the prefix, else one merge walk of both sorted
/// lists. The gallop starts where the previous column's search ended and doubles its step, so
/// q columns cost O(q log(prefix / q)) probes, and a column close to the last one is found in
/// lines already in cache; a plain binary search per column costs O(q log prefix) probes, each
/// likely a cache miss, which was the set-semantics insert's largest cost on Kronecker rows.
template <class T, class CombineOp>
void Dcsr<T, CombineOp>::RowUpdate::lookup_sorted_prefix() {
  const DcsrRowInfo& info = ws_.row.info;
  const Vertex* colv = d_.store_->col.get();
  const Vertex* pb = colv + info.start();
  const Vertex* pe = pb + info.sorted();
  const std::size_t q = ws_.qcol.size();
  const Offset gap = Offset(info.sorted()) / Offset(q) + 1;
  if (Offset(q) * (2 * std::bit_width(gap) + 1) * detail::kDcsrMergeCost < info.sorted()) {
    const Vertex* lo = pb;
    for (std::size_t j = 0; j < q && lo != pe; ++j) {
      const Vertex c = ws_.qcol[j];
      // Gallop: the first probe past lo that is not below c bounds the search.
      std::size_t step = 1;
      const Vertex* hi = lo;
      while (hi != pe && *hi < c) {
        lo = hi + 1;
        hi = std::size_t(pe - lo) > step ? lo + step : pe;
        step *= 2;
      }
      lo = std::lower_bound(lo, hi, c);
      for (const Vertex* it = lo; it != pe && *it == c; ++it)
        if (live(Offset(it - colv))) ws_.matches.push_back({std::uint32_t(j), Offset(it - colv)});
    }
    return;
  }
  std::size_t j = 0;
  for (const Vertex* it = pb; it != pe && j < q;) {
    if (*it < ws_.qcol[j]) {
      ++it;
    } else if (*it > ws_.qcol[j]) {
      ++j;
    } else {
      if (live(Offset(it - colv))) ws_.matches.push_back({std::uint32_t(j), Offset(it - colv)});
      ++it;
    }
  }
}

/// The slots after the sorted prefix, in one pass over the row's segments. With more than two
/// columns they are first marked in the thread's column bitmap, so a slot costs one bit test.
template <class T, class CombineOp>
void Dcsr<T, CombineOp>::RowUpdate::lookup_tail() {
  const std::size_t q = ws_.qcol.size();
  const Vertex* qb = ws_.qcol.data();
  const bool use_bitmap = q > 2;
  if (use_bitmap) {
    const std::size_t words = (std::size_t(d_.ncols_) + 63) / 64;
    if (ws_.colmark.size() < words) ws_.colmark.assign(words, 0);
    for (std::size_t t = 0; t < q; ++t) ws_.colmark[qb[t] >> 6] |= std::uint64_t(1) << (qb[t] & 63);
  }
  Offset skip = ws_.row.info.sorted();
  cur_.for_each_run(ws_.row.row, [&](Offset first, Offset len, bool has_dead) {
    const Offset from = std::min(skip, len);
    skip -= from;
    match_run(first + from, first + len, has_dead);
    return false;
  });
  if (use_bitmap)
    for (std::size_t t = 0; t < q; ++t) ws_.colmark[qb[t] >> 6] = 0;
}

/// Matches the live slots of [first, end) against ws.qcol (through the bitmap when marked).
template <class T, class CombineOp>
void Dcsr<T, CombineOp>::RowUpdate::match_run(Offset first, Offset end, bool has_dead) {
  const Vertex* colv = d_.store_->col.get();
  const std::size_t q = ws_.qcol.size();
  const Vertex* qb = ws_.qcol.data();
  const bool use_bitmap = q > 2;
  for (Offset s = first; s < end; ++s) {
    const Vertex c = colv[s];
    std::size_t j = q;
    if (!use_bitmap) {
      for (std::size_t t = 0; t < q; ++t)
        if (qb[t] == c) {
          j = t;
          break;
        }
    } else if ((ws_.colmark[c >> 6] >> (c & 63)) & 1) {
      j = std::size_t(std::lower_bound(qb, qb + q, c) - qb);
    }
    if (j < q && (!has_dead || !cur_.is_tombstone(s))) ws_.matches.push_back({std::uint32_t(j), s});
  }
}

}  // namespace spgraph
