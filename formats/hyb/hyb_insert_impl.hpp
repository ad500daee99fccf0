// SPDX-License-Identifier: Apache-2.0
// Implementation of hyb_insert() for formats/hyb/hyb.hpp: the streaming update of the HYB
// baseline in King et al., "Dynamic-CSR" (2016), §IV-A and §IV-C (an entry goes into the ELL
// part if its row has room, otherwise into the COO part, which must then be sorted by row
// again), done as a CPU competitor for the parallel Dynamic CSR insert rather than with the
// GPU's atomic append.
//
// Input: a batch of m tuples in any order; repeats and tuples already stored are kept as
// separate entries (no dedup, as in the paper). Output: every tuple stored; the COO part sorted
// by row, entries of a row in insertion order (old entries first, then the batch's, in batch
// order).
//
// Phases (no entry of `h` changes before phase 4, so an error leaves it as it was; phase 3 may
// only grow the COO capacity):
// 0. Validate lengths and indices (parallel min-reduction to name the first bad tuple).
// 1. Group the batch by row, stably: for a batch small against the row count, sort 64-bit keys
//    (row << 32 | position), two halves in parallel then merged; otherwise the stable counting
//    sort of formats/csr/counting_sort.hpp. Gives the touched rows in ascending order, each
//    with its tuples.
// 2. Per touched row (parallel): its ELL length (binary search over the packed slots), how
//    many tuples fit, and how many overflow; an exclusive scan of the overflow gives each row's
//    place in the overflow buffer, which is therefore sorted by row without a sort.
// 3. Allocate everything: COO capacity (grown by at least half when short), the overflow
//    buffer, each overflow tuple's insertion point in the old COO part (upper bound of its
//    row, so old entries of a row stay first), the merge split and its scratch.
// 4. Fill the free ELL slots and the overflow buffer (parallel over touched rows).
// 5. Merge the overflow into the COO part in place, from the back: old entries only move right,
//    by the number of new entries before them, and the prefix before the first insertion point
//    does not move. The moving part is split between threads by merge path (equal shares of
//    moved plus inserted entries, cut between overflow tuples); each thread first saves the
//    head of its old range that the thread to its left will overwrite (at most its count of
//    earlier overflow tuples), then, after a barrier, moves its old blocks with memmove-style
//    copies and drops in its new tuples.
// Cost: O(m log m) (or O(nrows + m)) to group, O(touched rows × log K) for ELL lengths,
// O(touched rows × log(coo / touched rows)) for insertion points (galloping), and O(coo entries
// after the first insertion point + overflow) to merge. Workspace O(m) plus O(threads × nrows) in
// the counting branch.
//
// Design: phase 5 merges the overflow into the COO part instead of re-sorting it, since the
// old COO part is already sorted and a re-sort repeats O(coo log coo) work to place a few
// entries; and the merge is split between threads. Both measured in bench/RESULTS.md ("HYB
// streaming insert: merge, not re-sort").
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/counting_sort.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/hyb/hyb.hpp"

namespace spgraph {

namespace detail {

/// Touched rows from which the per-row phases run in parallel: each row costs a few cache
/// misses (ELL slots lie nrows apart, the COO search), so a thread team pays off far below
/// kMinParallelWork, which counts sequential units of work.
inline constexpr Offset kHybParallelRows = 4096;

/// Batches smaller than nrows / kHybSortKeysRatio are grouped by sorting keys, larger ones by
/// a counting sort over all rows.
inline constexpr Offset kHybSortKeysRatio = 8;

/// Reserves room for `needed` elements, growing the capacity by at least half, so that a
/// stream of batches reallocates the COO part O(log) times rather than once per batch.
template <class E>
void reserve_geometric(std::vector<E>& v, Offset needed) {
  if (v.capacity() < needed) v.reserve(std::max<Offset>(needed, v.capacity() + v.capacity() / 2));
}

/// A batch grouped by row: touched rows ascending, and for touched row t its tuples'
/// positions order[begin[t] .. begin[t+1]) in batch order.
struct RowGroups {
  std::vector<Vertex> rows;
  std::vector<Offset> begin;
  std::vector<Offset> order;
};

/// Phase 1 of hyb_insert (see the file header).
inline RowGroups group_by_row(std::span<const Vertex> rows, Vertex nrows) {
  const Offset m = rows.size();
  RowGroups g;
  g.order.resize(m);
  if (m * kHybSortKeysRatio < nrows) {
    const bool halves = m >= 2 * kHybParallelRows && omp_get_max_threads() > 1;
    // m < 2^29 here, so a position fits in the low 32 bits.
    std::vector<std::uint64_t> keys(m);
    for (Offset k = 0; k < m; ++k) keys[k] = (std::uint64_t(rows[k]) << 32) | k;
    const Offset half = halves ? m / 2 : m;
#pragma omp parallel sections num_threads(2) if (halves)
    {
#pragma omp section
      std::sort(keys.begin(), keys.begin() + half);
#pragma omp section
      std::sort(keys.begin() + half, keys.end());
    }
    std::inplace_merge(keys.begin(), keys.begin() + half, keys.end());
    for (Offset k = 0; k < m; ++k) {
      const Vertex r = Vertex(keys[k] >> 32);
      if (k == 0 || r != g.rows.back()) {
        g.rows.push_back(r);
        g.begin.push_back(k);
      }
      g.order[k] = keys[k] & 0xFFFFFFFFu;
    }
    g.begin.push_back(m);
    return g;
  }
  const int nthreads = m < kMinParallelWork ? 1 : omp_get_max_threads();
  const std::size_t n = nrows;
  std::vector<Offset> row_start(n + 1, 0);
  std::vector<Offset> part(std::size_t(nthreads) + 1);
  for (int p = 0; p <= nthreads; ++p) part[p] = m * Offset(p) / Offset(nthreads);
  stable_counting_sort(
      part, n, [&](Offset k) { return rows[k]; }, row_start.data(),
      [&](int p, Offset* next) {
        for (Offset k = part[p]; k < part[p + 1]; ++k) g.order[next[rows[k]]++] = k;
      });
  for (std::size_t r = 0; r < n; ++r)
    if (row_start[r + 1] > row_start[r]) {
      g.rows.push_back(Vertex(r));
      g.begin.push_back(row_start[r]);
    }
  g.begin.push_back(m);
  return g;
}

/// For each touched row t with overflow, sets at[over[t] .. over[t+1]) to the first position
/// in the sorted `crow[0, n)` whose row exceeds rows[t]. Each thread takes a block of rows:
/// one binary search, then a gallop forward from the previous answer (the rows ascend).
inline void insertion_points(const Vertex* crow, Offset n, const std::vector<Vertex>& rows,
                             const std::vector<Offset>& over, std::vector<Offset>& at) {
  const std::int64_t touched = std::int64_t(rows.size());
#pragma omp parallel if (Offset(touched) >= kHybParallelRows)
  {
    const std::int64_t nt = omp_get_num_threads(), tid = omp_get_thread_num();
    Offset prev = 0;
    for (std::int64_t t = touched * tid / nt; t < touched * (tid + 1) / nt; ++t) {
      if (over[t + 1] == over[t]) continue;
      const Vertex r = rows[t];
      // Every entry in [prev, lo) has a row <= r; the answer lies in [lo, min(lo + len, n)].
      Offset lo = prev, len = 1;
      while (lo + len <= n && crow[lo + len - 1] <= r) {
        lo += len;
        len *= 2;
      }
      prev = Offset(std::upper_bound(crow + lo, crow + std::min(lo + len, n), r) - crow);
      std::fill(at.begin() + over[t], at.begin() + over[t + 1], prev);
    }
  }
}

/// The right-shifting in-place merge of phase 5: old COO arrays of `nold` entries (already
/// resized to nold + nnew), new tuples `fresh` (sorted by row), and their insertion points
/// `at` (at[nnew] = nold).
template <class T>
class CooMerge {
 public:
  CooMerge(const Offset* at, Offset nold, Offset nnew, bool pattern) : at_(at) {
    // Split the moving region (old entries from at[0] on, plus the new ones) into equal
    // shares, cutting between new tuples: q_[t] = first new tuple of part t.
    const Offset volume = (nold - at[0]) + nnew;
    const int parts =
        volume < kMinParallelWork
            ? 1
            : int(std::clamp<Offset>(nnew, 1, Offset(std::max(1, omp_get_max_threads()))));
    q_.assign(std::size_t(parts) + 1, nnew);
    q_[0] = 0;
    for (int t = 1; t < parts; ++t) {
      const Offset target = volume * Offset(t) / Offset(parts);
      Offset lo = q_[t - 1], hi = nnew;  // smallest j with (at[j] - at[0]) + j >= target
      while (lo < hi) {
        const Offset mid = lo + (hi - lo) / 2;
        if ((at[mid] - at[0]) + mid >= target)
          hi = mid;
        else
          lo = mid + 1;
      }
      q_[t] = lo;
    }
    // Part t's old range is [at[q_t], at[q_{t+1}]); its head of min(q_t, length) entries is
    // overwritten by the parts to its left, so it is saved first.
    saved_.assign(std::size_t(parts) + 1, 0);
    for (int t = 0; t < parts; ++t)
      saved_[t + 1] = saved_[t] + std::min(q_[t], at[q_[t + 1]] - at[q_[t]]);
    scratch_row_.resize(saved_[parts]);
    scratch_col_.resize(saved_[parts]);
    if (!pattern) scratch_val_.resize(saved_[parts]);
  }

  int parts() const { return int(q_.size()) - 1; }

  /// Saves the head of part t's old range (before the barrier).
  void save(int t, const Coo<T>& coo) {
    const Offset lo = at_[q_[t]], len = saved_[t + 1] - saved_[t];
    std::copy_n(coo.row.begin() + lo, len, scratch_row_.begin() + saved_[t]);
    std::copy_n(coo.col.begin() + lo, len, scratch_col_.begin() + saved_[t]);
    if (!coo.pattern) std::copy_n(coo.val.begin() + lo, len, scratch_val_.begin() + saved_[t]);
  }

  /// Moves part t's old entries right and places its new tuples (after the barrier).
  void merge(int t, Coo<T>& coo, const Coo<T>& fresh) {
    merge_array(t, coo.row.data(), fresh.row.data(), scratch_row_.data());
    merge_array(t, coo.col.data(), fresh.col.data(), scratch_col_.data());
    if (!coo.pattern) merge_array(t, coo.val.data(), fresh.val.data(), scratch_val_.data());
  }

 private:
  template <class E>
  void merge_array(int t, E* arr, const E* fresh, const E* scratch) const {
    const Offset lo = at_[q_[t]];
    const Offset head_end = lo + (saved_[t + 1] - saved_[t]);  // [lo, head_end) is in scratch
    const E* head = scratch + saved_[t];
    Offset i = at_[q_[t + 1]];  // old entries [i, ...) of this part are already placed
    for (Offset j = q_[t + 1]; j-- > q_[t];) {
      // Old entries [at[j], i) follow new tuples 0..j, so they move right by j + 1.
      const Offset a = at_[j], d = j + 1;
      const Offset split = std::max(a, head_end);
      if (split < i) std::move_backward(arr + split, arr + i, arr + i + d);
      if (a < std::min(i, head_end))
        std::copy(head + (a - lo), head + (std::min(i, head_end) - lo), arr + a + d);
      arr[a + j] = fresh[j];
      i = a;
    }
  }

  const Offset* at_;
  std::vector<Offset> q_;
  std::vector<Offset> saved_;
  std::vector<Vertex> scratch_row_;
  std::vector<Vertex> scratch_col_;
  std::vector<stored_value_t<T>> scratch_val_;
};

}  // namespace detail

template <class T>
void hyb_insert(Hyb<T>& h, std::span<const Vertex> rows, std::span<const Vertex> cols,
                std::span<const T> vals) {
  using S = stored_value_t<T>;
  Ell<T>& e = h.ell;
  Coo<T>& coo = h.coo;
  const bool pattern = h.pattern();
  const Offset m = rows.size();

  // Phase 0: validate.
  if (cols.size() != m)
    throw InvalidArgument("hyb_insert: " + std::to_string(m) + " rows but " +
                          std::to_string(cols.size()) + " columns");
  if (pattern && !vals.empty())
    throw InvalidArgument("hyb_insert: the matrix is a pattern, so pass no values (got " +
                          std::to_string(vals.size()) + ")");
  if (!pattern && vals.size() != m)
    throw InvalidArgument("hyb_insert: " + std::to_string(m) + " rows but " +
                          std::to_string(vals.size()) + " values");
  if (m == 0) return;
  Offset bad = m;
#pragma omp parallel for reduction(min : bad) if (m >= kMinParallelWork)
  for (Offset k = 0; k < m; ++k)
    if (rows[k] >= h.nrows() || cols[k] >= h.ncols()) bad = std::min(bad, k);
  if (bad != m)
    throw IndexOutOfBounds("hyb_insert: entry " + std::to_string(bad) + " (" +
                           std::to_string(rows[bad]) + ", " + std::to_string(cols[bad]) +
                           ") lies outside a " + std::to_string(h.nrows()) + " x " +
                           std::to_string(h.ncols()) + " matrix; nothing was inserted");

  // Phase 1: group by row.
  const detail::RowGroups g = detail::group_by_row(rows, h.nrows());
  const std::int64_t touched = std::int64_t(g.rows.size());
  const bool parallel = Offset(touched) >= detail::kHybParallelRows;

  // Phase 2: ELL room and overflow per touched row.
  std::vector<Vertex> ell_len(touched);
  std::vector<Offset> over(touched + 1, 0);
#pragma omp parallel for schedule(static) if (parallel)
  for (std::int64_t t = 0; t < touched; ++t) {
    const Vertex len = e.row_length(g.rows[t]);
    const Offset batch = g.begin[t + 1] - g.begin[t];
    ell_len[t] = len;
    over[t + 1] = batch - std::min<Offset>(batch, e.width - len);
  }
  for (std::int64_t t = 0; t < touched; ++t) over[t + 1] += over[t];
  const Offset nover = over[touched];
  const Offset nold = coo.size();

  // Phase 3: allocate.
  detail::reserve_geometric(coo.row, nold + nover);
  detail::reserve_geometric(coo.col, nold + nover);
  if (!pattern) detail::reserve_geometric(coo.val, nold + nover);
  Coo<T> fresh;
  fresh.pattern = pattern;
  fresh.row.resize(nover);
  fresh.col.resize(nover);
  if (!pattern) fresh.val.resize(nover);
  std::vector<Offset> at(nover + 1, nold);
  detail::insertion_points(coo.row.data(), nold, g.rows, over, at);
  detail::CooMerge<T> merge(at.data(), nold, nover, pattern);

  // Phase 4: fill ELL slots and the overflow buffer.
#pragma omp parallel for schedule(static) if (parallel)
  for (std::int64_t t = 0; t < touched; ++t) {
    const Vertex r = g.rows[t];
    const Offset batch = g.begin[t + 1] - g.begin[t];
    const Offset fit = batch - (over[t + 1] - over[t]);
    for (Offset b = 0; b < batch; ++b) {
      const Offset k = g.order[g.begin[t] + b];
      if (b < fit) {
        const std::size_t s = e.slot(r, ell_len[t] + Vertex(b));
        e.col[s] = cols[k];
        if (!pattern) e.val[s] = S(vals[k]);
      } else {
        const Offset dst = over[t] + (b - fit);
        fresh.row[dst] = r;
        fresh.col[dst] = cols[k];
        if (!pattern) fresh.val[dst] = S(vals[k]);
      }
    }
  }
  e.nvals += m - nover;
  if (nover == 0) return;

  // Phase 5: merge the overflow into the COO part.
  coo.row.resize(nold + nover);
  coo.col.resize(nold + nover);
  if (!pattern) coo.val.resize(nold + nover);
  const int parts = merge.parts();
#pragma omp parallel num_threads(parts) if (parts > 1)
  {
#pragma omp for schedule(static, 1)
    for (int t = 0; t < parts; ++t) merge.save(t, coo);
#pragma omp for schedule(static, 1)
    for (int t = 0; t < parts; ++t) merge.merge(t, coo, fresh);
  }
}

}  // namespace spgraph
