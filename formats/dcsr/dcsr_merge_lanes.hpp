// SPDX-License-Identifier: Apache-2.0
// The merge of one row's part of a batch into its segments, on the device Dynamic CSR: King,
// Gilray, Kirby & Might, "Dynamic-CSR" (2016), section III.A, Alg. 1 ("Allocate Segments") and
// Alg. 2 ("Insert Elements"), generalized, as on the CPU (dcsr_row_update.hpp), to mixed batches
// of inserts, erases and assigns under the duplicate policy. Host-and-device (SPGRAPH_HD): the
// CUDA kernel runs dcsr_merge_row with one thread per touched row, the host emulation
// (dcsr_device_emulated.hpp) runs the same function row after row.
//
// Input: the batch sorted by (row, column), batch order kept among updates of one entry (a
// stable radix sort), cut into groups, one per touched row. A row's merge:
//   1. lookup (when the policy or an erase/assign needs it): every stored entry's column is
//      searched among the group's columns (binary search); each column run counts its copies
//      and keeps the first copy's value;
//   2. fold, first pass: each column's updates replayed in batch order on its copies
//      (dcsr_fold_column; the CPU's semantics, dcsr_row_fold.hpp): whether the copies found are
//      removed, how many new entries it writes, and the counts;
//   3. plan: the row's entries after the batch fit its segments (in place), or the row takes one
//      new segment of (missing + slack) slots from the pool (the paper's slack check and the
//      only atomic, the bump pointer), or, holding k segments already, moves into one new
//      segment of (entries + slack) slots (a per-row defragmentation; the old segments become
//      dead space). When the pool has too few slots the row is left untouched and marked
//      pending; the driver grows the pool (a defragmentation into a larger one) and runs the
//      pending rows again, so a batch is applied whole;
//   4. write: the kept entries compacted in place (or copied to the new segment), then the
//      second fold pass writes the new entries after them, column by column.
// Cost per row of u updates: O(u) plus O(row · log u) for the lookup plus O(row) when entries
// are removed or the row moves; workspace: three arrays of batch length (the run starts' found
// counts, first values and kill flags) and one done flag per group.
#pragma once

#include <cstdint>

#include "engine/core/duplicate_policy.hpp"
#include "engine/core/edge_update.hpp"
#include "engine/core/host_device.hpp"
#include "engine/core/types.hpp"
#include "formats/dcsr/dcsr_segment_lanes.hpp"

namespace spgraph {

/// A batch sorted by (row, column) and cut into groups, with the merge's scratch.
template <class Stored>
struct DcsrDeviceBatch {
  const Vertex* col = nullptr;                 ///< column of sorted update i
  const std::uint8_t* kind = nullptr;          ///< its UpdateKind
  const Stored* val = nullptr;                 ///< its value; null for a pattern
  const std::uint8_t* counted = nullptr;       ///< 1: counted in the results; null: every update
  const Vertex* group_row = nullptr;           ///< row of group g
  const std::uint32_t* group_begin = nullptr;  ///< groups + 1 boundaries in the sorted batch
  std::uint32_t groups = 0;
  std::uint32_t* found = nullptr;  ///< at a column run's first update: copies stored
  Stored* found_val = nullptr;     ///< ... the first copy's value (null for a pattern)
  std::uint8_t* kill = nullptr;    ///< ... 1 when those copies are removed
  std::uint8_t* done = nullptr;    ///< per group: 1 once merged
};

/// What the merge needs to know besides the arrays.
struct DcsrMergeParams {
  DuplicatePolicy duplicates = DuplicatePolicy::Keep;
  bool pattern = false;
  bool lookups = true;     ///< rows must be searched for the batch's columns
  Offset alpha = 1;        ///< the paper's slack
  double slack_ratio = 0;  ///< extra slack as a fraction of the row
};

/// The counters a row's merge adds to (integer sums: the same whatever the order).
enum DcsrCounter : unsigned {
  kDcsrInserted,
  kDcsrIgnored,
  kDcsrCombined,
  kDcsrErased,
  kDcsrMissing,
  kDcsrAssigned,
  kDcsrRelocated,
  kDcsrNewSegments,
  kDcsrPending,       ///< rows left for after the pool grows
  kDcsrPendingSlots,  ///< slots they need at most (entries + slack each)
  kDcsrDeadSlots,     ///< slots abandoned by moved rows
  kDcsrLoopsAdded,    ///< counted self-loops that appeared
  kDcsrLoopsRemoved,  ///< ... and went
  kDcsrLiveAdded,
  kDcsrLiveRemoved,
  kDcsrCounters
};

struct DcsrRowCounts {
  unsigned long long c[kDcsrCounters] = {};
};

/// Slack of a new segment for a row of len entries: max(alpha, ratio · len).
SPGRAPH_HD inline Offset dcsr_slack(const DcsrMergeParams& m, Offset len) {
  const Offset r = Offset(m.slack_ratio * double(len));
  return r > m.alpha ? r : m.alpha;
}

/// Takes n slots from the pool: an atomic add on the device, a plain one in the (serial) host
/// emulation. Returns the first slot; the caller checks it against the capacity.
SPGRAPH_HD inline Offset dcsr_take_slots(unsigned long long* bump, Offset n) {
#if defined(__CUDA_ARCH__)
  return Offset(atomicAdd(bump, static_cast<unsigned long long>(n)));
#else
  const Offset s = *bump;
  *bump += n;
  return s;
#endif
}

/// What folding one column's updates left.
struct DcsrColumnFold {
  std::uint32_t after = 0;    ///< copies stored after the batch
  std::uint32_t emitted = 0;  ///< new entries written
  bool killed = false;        ///< the copies found are removed
  std::uint32_t ignored = 0, combined = 0, missing = 0, assigned = 0;
};

/// Combine and IgnoreIfPresent: the column holds at most one entry; its updates are replayed on
/// (present, value). A changed value is the old entry killed plus a new one.
template <class T, class CombineOp, class Stored, class Emit>
SPGRAPH_HD DcsrColumnFold dcsr_fold_single(const DcsrDeviceBatch<Stored>& b, std::uint32_t p,
                                           std::uint32_t q, std::uint32_t existing,
                                           Stored existing_val, const DcsrMergeParams& m,
                                           Emit&& emit) {
  DcsrColumnFold f;
  const bool combine = m.duplicates == DuplicatePolicy::Combine && !m.pattern;
  const bool initial = existing > 0;
  bool present = initial, fresh = false;
  T value = initial ? T(existing_val) : T{};
  for (std::uint32_t k = p; k < q; ++k) {
    const T v = b.val ? T(b.val[k]) : T(1);
    switch (UpdateKind(b.kind[k])) {
      case UpdateKind::Insert:
        if (!present) {
          present = fresh = true;
          value = v;
        } else if (combine) {
          value = CombineOp::apply(value, v);
          fresh = true;
          ++f.combined;
        } else {
          ++f.ignored;
        }
        break;
      case UpdateKind::Erase:
        if (present)
          present = fresh = false;
        else
          ++f.missing;
        break;
      case UpdateKind::Assign:
        if (present) {
          value = v;
          fresh = true;
          ++f.assigned;
        } else {
          ++f.missing;
        }
        break;
    }
  }
  if (present && (!initial || fresh)) {
    emit(Stored(value));
    f.emitted = 1;
  }
  f.after = present ? 1 : 0;
  f.killed = initial && (!present || fresh);
  return f;
}

/// Keep: the column holds `existing` copies. Inserts add copies; an erase removes every copy;
/// an assign replaces every copy by one of the new value each. The copies after the batch are
/// m copies of one value (from the last erase or assign on) followed by the later inserts, so
/// the second pass writes them without a list.
template <class Stored, class Emit>
SPGRAPH_HD DcsrColumnFold dcsr_fold_copies(const DcsrDeviceBatch<Stored>& b, std::uint32_t p,
                                           std::uint32_t q, std::uint32_t existing, Emit&& emit) {
  DcsrColumnFold f;
  bool killed = false;
  std::uint32_t uniform = 0, inserts = 0, tail = p;
  Stored uniform_val = Stored(1);
  for (std::uint32_t k = p; k < q; ++k) {
    const std::uint32_t stored = (killed ? 0 : existing) + uniform + inserts;
    switch (UpdateKind(b.kind[k])) {
      case UpdateKind::Insert:
        ++inserts;
        break;
      case UpdateKind::Erase:
        if (stored) {
          killed = true;
          uniform = inserts = 0;
          tail = k + 1;
        } else {
          ++f.missing;
        }
        break;
      case UpdateKind::Assign:
        if (stored) {
          killed = true;
          uniform = stored;
          uniform_val = b.val ? b.val[k] : Stored(1);
          inserts = 0;
          tail = k + 1;
          ++f.assigned;
        } else {
          ++f.missing;
        }
        break;
    }
  }
  for (std::uint32_t i = 0; i < uniform; ++i) emit(uniform_val);
  for (std::uint32_t k = tail; k < q; ++k)
    if (UpdateKind(b.kind[k]) == UpdateKind::Insert) emit(b.val ? b.val[k] : Stored(1));
  f.emitted = uniform + inserts;
  f.after = (killed ? 0 : existing) + f.emitted;
  f.killed = killed && existing > 0;
  return f;
}

/// Folds the updates [p, q) of one column (see dcsr_fold_single / dcsr_fold_copies), calling
/// emit(value) for each new entry, in order.
template <class T, class CombineOp, class Stored, class Emit>
SPGRAPH_HD DcsrColumnFold dcsr_fold_column(const DcsrDeviceBatch<Stored>& b, std::uint32_t p,
                                           std::uint32_t q, const DcsrMergeParams& m, Emit&& emit) {
  const Stored first = b.found_val ? b.found_val[p] : Stored(1);
  if (m.duplicates == DuplicatePolicy::Keep) return dcsr_fold_copies(b, p, q, b.found[p], emit);
  return dcsr_fold_single<T, CombineOp>(b, p, q, b.found[p], first, m, emit);
}

/// The end of the column run that starts at p (group end `e`).
template <class Stored>
SPGRAPH_HD std::uint32_t dcsr_run_end(const DcsrDeviceBatch<Stored>& b, std::uint32_t p,
                                      std::uint32_t e) {
  std::uint32_t q = p + 1;
  while (q < e && b.col[q] == b.col[p]) ++q;
  return q;
}

/// The first update of column c among [bb, be), or be when the group does not name c.
template <class Stored>
SPGRAPH_HD std::uint32_t dcsr_find_run(const DcsrDeviceBatch<Stored>& b, std::uint32_t bb,
                                       std::uint32_t be, Vertex c) {
  std::uint32_t lo = bb, hi = be;
  while (lo < hi) {
    const std::uint32_t mid = lo + (hi - lo) / 2;
    if (b.col[mid] < c)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < be && b.col[lo] == c ? lo : be;
}

/// Step 1: the copies of the group's columns stored in row r, and the first one's value.
template <class Stored>
SPGRAPH_HD void dcsr_row_lookup(const DcsrDeviceArrays<Stored>& a, const DcsrDeviceBatch<Stored>& b,
                                Vertex r, std::uint32_t bb, std::uint32_t be) {
  dcsr_row_lane_slots(a, r, 0, 1, [&](Offset s, Offset) {
    const std::uint32_t p = dcsr_find_run(b, bb, be, a.col[s]);
    if (p == be) return;
    if (b.found[p] == 0 && b.found_val) b.found_val[p] = a.val ? a.val[s] : Stored(1);
    ++b.found[p];
  });
}

/// Adds column run p's fold to a row's counts (counted runs only).
template <class Stored>
SPGRAPH_HD void dcsr_tally(DcsrRowCounts& t, const DcsrDeviceBatch<Stored>& b, std::uint32_t p,
                           const DcsrColumnFold& f, bool self_loop) {
  if (b.counted && !b.counted[p]) return;
  const std::uint32_t before = b.found[p];
  if (f.after > before) t.c[kDcsrInserted] += f.after - before;
  if (f.after < before) t.c[kDcsrErased] += before - f.after;
  t.c[kDcsrIgnored] += f.ignored;
  t.c[kDcsrCombined] += f.combined;
  t.c[kDcsrMissing] += f.missing;
  t.c[kDcsrAssigned] += f.assigned;
  if (self_loop && before == 0 && f.after > 0) ++t.c[kDcsrLoopsAdded];
  if (self_loop && before > 0 && f.after == 0) ++t.c[kDcsrLoopsRemoved];
}

/// Step 4 (first half): drops row r's entries whose column run is killed, keeping the order;
/// the kept ones go to the front of the row (in place) or, with `to` != ~0, to slots to, to+1,
/// ... Returns how many were kept.
template <class Stored>
SPGRAPH_HD Offset dcsr_row_keep(const DcsrDeviceArrays<Stored>& a, const DcsrDeviceBatch<Stored>& b,
                                Vertex r, std::uint32_t bb, std::uint32_t be, Offset to) {
  Offset w = 0;
  const Offset size = a.size[r];
  for (Offset i = 0; i < size; ++i) {
    const Offset s = a.slot(r, i);
    const std::uint32_t p = dcsr_find_run(b, bb, be, a.col[s]);
    if (p != be && b.kill[p]) continue;
    const Offset d = to != ~Offset(0) ? to + w : a.slot(r, w);
    if (d != s) {
      a.col[d] = a.col[s];
      if (a.val) a.val[d] = a.val[s];
    }
    ++w;
  }
  return w;
}

/// Merges group g of the batch into its row (steps 1-4 above) and returns what it did; a row
/// already merged, or one the pool cannot serve (pending), is left as it is.
template <class T, class CombineOp, class Stored>
SPGRAPH_HD DcsrRowCounts dcsr_merge_row(const DcsrDeviceArrays<Stored>& a,
                                        const DcsrDeviceBatch<Stored>& b, std::uint32_t g,
                                        const DcsrMergeParams& m) {
  DcsrRowCounts t;
  if (b.done[g]) return t;
  const Vertex r = b.group_row[g];
  const std::uint32_t bb = b.group_begin[g], be = b.group_begin[g + 1];
  for (std::uint32_t i = bb; i < be; ++i) b.found[i] = b.kill[i] = 0;
  if (m.lookups) dcsr_row_lookup(a, b, r, bb, be);
  Offset removed = 0, added = 0;  // step 2, first pass: count
  for (std::uint32_t p = bb, q; p < be; p = q) {
    q = dcsr_run_end(b, p, be);
    const DcsrColumnFold f = dcsr_fold_column<T, CombineOp>(b, p, q, m, [](Stored) {});
    b.kill[p] = f.killed;
    removed += f.killed ? b.found[p] : 0;
    added += f.emitted;
    dcsr_tally(t, b, p, f, b.col[p] == r);
  }
  // Step 3: plan and allocate.
  const Offset live_after = a.size[r] - removed + added;
  const Offset cap_found = a.row_capacity(r);
  const unsigned nseg = a.nseg[r];
  const bool fits = live_after <= cap_found, relocate = !fits && nseg >= a.k;
  const Offset slack = fits ? 0 : dcsr_slack(m, live_after);
  const Offset want = fits ? 0 : relocate ? live_after + slack : live_after - cap_found + slack;
  Offset start = 0;
  if (want) {
    start = dcsr_take_slots(a.bump, want);
    if (start + want > a.capacity) {
      DcsrRowCounts pending;
      pending.c[kDcsrPending] = 1;
      pending.c[kDcsrPendingSlots] = live_after + slack;
      return pending;
    }
  }
  // Step 4: keep, then write the new entries after the kept ones.
  Offset w = relocate || removed ? dcsr_row_keep(a, b, r, bb, be, relocate ? start : ~Offset(0))
                                 : a.size[r];
  if (relocate) {
    a.nseg[r] = 1;
    a.seg_start[Offset(r) * a.k] = start;
    a.seg_cap[Offset(r) * a.k] = std::uint32_t(want);
    t.c[kDcsrRelocated] = 1;
    t.c[kDcsrDeadSlots] = cap_found;
  } else if (want) {
    a.seg_start[Offset(r) * a.k + nseg] = start;
    a.seg_cap[Offset(r) * a.k + nseg] = std::uint32_t(want);
    a.nseg[r] = std::uint8_t(nseg + 1);
    t.c[kDcsrNewSegments] = 1;
  }
  for (std::uint32_t p = bb, q; p < be; p = q) {  // step 2, second pass: write
    q = dcsr_run_end(b, p, be);
    const Vertex c = b.col[p];
    dcsr_fold_column<T, CombineOp>(b, p, q, m, [&](Stored v) {
      const Offset d = relocate ? start + w : a.slot(r, w);
      a.col[d] = c;
      if (a.val) a.val[d] = v;
      ++w;
    });
  }
  a.size[r] = std::uint32_t(live_after);
  b.done[g] = 1;
  t.c[kDcsrLiveAdded] = added;
  t.c[kDcsrLiveRemoved] = removed;
  return t;
}

}  // namespace spgraph
