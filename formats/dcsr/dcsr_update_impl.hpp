// SPDX-License-Identifier: Apache-2.0
// Batch updates of Dcsr (declared in dcsr.hpp): insert, erase and mixed batches. King et al.,
// "Dynamic-CSR" (2016), section III.A, Algorithms 1-2 on a CPU; a batch runs in phases:
//   1. validate every update at the public entry points (nothing changes if one is bad;
//      apply_trusted's caller validated, so the batch is only asserted);
//   2. order the batch by (row, column) and cut it into per-row groups (batch_order.hpp);
//   3. pre-pass (serial): make the pages of touched rows writable (copy-on-write) and reserve
//      segment records, so the parallel pass never changes the page tables;
//   4. parallel pass over rows, one thread per row: lookup, fold, place (RowUpdate,
//      dcsr_row_update.hpp); a row whose allocation would overflow the buffers is left
//      untouched and marked pending;
//   5. serial merge: tombstone bits, counters, change logs;
//   6. pending rows: grow the buffers (a rebuild with room for them) and run the pass again;
//   7. defragment when tombstones or dead space pass their thresholds.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cassert>
#include <string>

#include "engine/core/error.hpp"
#include "formats/dcsr/dcsr_row_update.hpp"

namespace spgraph {

template <class T, class CombineOp>
DcsrBatchResult Dcsr<T, CombineOp>::insert(std::span<const Vertex> rows,
                                           std::span<const Vertex> cols, std::span<const T> vals,
                                           DcsrChangeLog* log) {
  if (rows.size() != cols.size())
    throw InvalidArgument("dcsr insert: " + std::to_string(rows.size()) + " rows but " +
                          std::to_string(cols.size()) + " columns");
  if (pattern_ ? !vals.empty() : vals.size() != rows.size())
    throw InvalidArgument(pattern_ ? "dcsr insert: a pattern matrix takes no values"
                                   : "dcsr insert: " + std::to_string(rows.size()) +
                                         " entries but " + std::to_string(vals.size()) + " values");
  validate(rows.data(), cols.data(), nullptr, UpdateKind::Insert, rows.size());
  return run_batch(rows.data(), cols.data(), nullptr, UpdateKind::Insert,
                   pattern_ ? nullptr : vals.data(), rows.size(), log);
}

template <class T, class CombineOp>
DcsrBatchResult Dcsr<T, CombineOp>::erase(std::span<const Vertex> rows,
                                          std::span<const Vertex> cols, DcsrChangeLog* log) {
  if (rows.size() != cols.size())
    throw InvalidArgument("dcsr erase: " + std::to_string(rows.size()) + " rows but " +
                          std::to_string(cols.size()) + " columns");
  validate(rows.data(), cols.data(), nullptr, UpdateKind::Erase, rows.size());
  return run_batch(rows.data(), cols.data(), nullptr, UpdateKind::Erase, nullptr, rows.size(), log);
}

template <class T, class CombineOp>
DcsrBatchResult Dcsr<T, CombineOp>::apply(std::span<const EdgeUpdate<T>> updates,
                                          DcsrChangeLog* log) {
  const std::size_t n = updates.size();
  std::vector<Vertex> rows(n), cols(n);
  std::vector<UpdateKind> kinds(n);
  auto vals = std::make_unique<T[]>(pattern_ ? 0 : n);  // not std::vector<bool>
  for (std::size_t k = 0; k < n; ++k) {
    rows[k] = updates[k].u;
    cols[k] = updates[k].v;
    kinds[k] = updates[k].kind;
    if (!pattern_) vals[k] = updates[k].w;
  }
  validate(rows.data(), cols.data(), kinds.data(), UpdateKind::Insert, n);
  return run_batch(rows.data(), cols.data(), kinds.data(), UpdateKind::Insert,
                   pattern_ ? nullptr : vals.get(), n, log);
}

template <class T, class CombineOp>
DcsrBatchResult Dcsr<T, CombineOp>::apply(std::span<const UpdateKind> kinds,
                                          std::span<const Vertex> rows,
                                          std::span<const Vertex> cols, std::span<const T> vals,
                                          DcsrChangeLog* log) {
  if (rows.size() != cols.size() || kinds.size() != rows.size())
    throw InvalidArgument("dcsr apply: " + std::to_string(kinds.size()) + " kinds, " +
                          std::to_string(rows.size()) + " rows and " + std::to_string(cols.size()) +
                          " columns");
  if (pattern_ ? !vals.empty() : vals.size() != rows.size())
    throw InvalidArgument(pattern_ ? "dcsr apply: a pattern matrix takes no values"
                                   : "dcsr apply: " + std::to_string(rows.size()) +
                                         " updates but " + std::to_string(vals.size()) + " values");
  validate(rows.data(), cols.data(), kinds.data(), UpdateKind::Insert, rows.size());
  return run_batch(rows.data(), cols.data(), kinds.data(), UpdateKind::Insert,
                   pattern_ ? nullptr : vals.data(), rows.size(), log);
}

template <class T, class CombineOp>
DcsrBatchResult Dcsr<T, CombineOp>::apply_trusted(std::span<const UpdateKind> kinds,
                                                  std::span<const Vertex> rows,
                                                  std::span<const Vertex> cols,
                                                  std::span<const T> vals, DcsrChangeLog* log,
                                                  bool inserts_absent) {
  assert(rows.size() == cols.size() && (kinds.empty() || kinds.size() == rows.size()));
  assert(pattern_ ? vals.empty() : vals.size() == rows.size());
  return run_batch(rows.data(), cols.data(), kinds.empty() ? nullptr : kinds.data(),
                   UpdateKind::Insert, pattern_ ? nullptr : vals.data(), rows.size(), log,
                   inserts_absent);
}

template <class T, class CombineOp>
std::size_t Dcsr<T, CombineOp>::first_invalid(const Vertex* rows, const Vertex* cols,
                                              const UpdateKind* kinds, UpdateKind uniform,
                                              std::size_t n) const {
  for (std::size_t k = 0; k < n; ++k)
    if (rows[k] >= nrows_ || cols[k] >= ncols_ ||
        (pattern_ && (kinds ? kinds[k] : uniform) == UpdateKind::Assign))
      return k;
  return n;
}

template <class T, class CombineOp>
void Dcsr<T, CombineOp>::validate(const Vertex* rows, const Vertex* cols, const UpdateKind* kinds,
                                  UpdateKind uniform, std::size_t n) const {
  const std::size_t k = first_invalid(rows, cols, kinds, uniform, n);
  if (k == n) return;
  if (rows[k] >= nrows_ || cols[k] >= ncols_)
    throw IndexOutOfBounds("dcsr: update " + std::to_string(k) + " at (" + std::to_string(rows[k]) +
                           ", " + std::to_string(cols[k]) + ") lies outside the " +
                           std::to_string(nrows_) + " x " + std::to_string(ncols_) + " matrix");
  throw InvalidArgument("dcsr: update " + std::to_string(k) +
                        " assigns a value, but the matrix is a pattern (no values)");
}

template <class T, class CombineOp>
DcsrBatchResult Dcsr<T, CombineOp>::run_batch(const Vertex* rows, const Vertex* cols,
                                              const UpdateKind* kinds, UpdateKind uniform,
                                              const T* vals, std::size_t n, DcsrChangeLog* log,
                                              bool inserts_absent) {
  // Phase 1: the public entry points validated the batch.
  assert(first_invalid(rows, cols, kinds, uniform, n) == n);
  DcsrBatchResult result;
  if (n == 0) {
    ++version_;
    return result;
  }
  // Phase 2: order and group.
  Batch b{batch_order_};
  order_batch(rows, cols, n, nrows_, ncols_, batch_order_);
  b.kinds = kinds;
  b.uniform = uniform;
  b.vals = vals;
  b.alpha = alpha();
  // Keep with inserts only needs no lookups, unless the caller wants to know which entries
  // became present; nor do inserts the caller knows to be absent.
  b.lookups = (params_.duplicates != DuplicatePolicy::Keep && !inserts_absent) ||
              uniform != UpdateKind::Insert || log != nullptr;
  if (kinds)
    for (std::size_t k = 0; k < n && !b.lookups; ++k) b.lookups = kinds[k] != UpdateKind::Insert;
  std::vector<Group> groups;
  Offset longest = 0;
  for (std::size_t k = 0; k < n;) {
    const Vertex r = b.order.row(k);
    std::size_t e = k + 1;
    while (e < n && b.order.row(e) == r) ++e;
    groups.push_back({r, std::uint32_t(k), std::uint32_t(e)});
    longest = std::max<Offset>(longest, e - k);
    k = e;
  }
  // A row holds at most 2^32 - 1 slots; max_row_size_ bounds every row, so rows are read only
  // when the bound says one might overflow.
  if (max_row_size_ + longest > UINT32_MAX) {
    const View cur = view();
    for (const Group& g : groups)
      if (Offset(cur.row_info(g.row).size) + (g.end - g.begin) > UINT32_MAX)
        throw InvalidArgument("dcsr: row " + std::to_string(g.row) +
                              " would hold more than 4294967295 slots");
  }
  // Phases 3-5.
  std::vector<Group> pending;
  pass(b, groups, pending, result, log);
  // Phase 6: grow and retry the rows that did not fit.
  while (!pending.empty()) {
    const View cur = view();
    Offset extra = 0;
    for (const Group& g : pending) {
      const Offset len = cur.degree(g.row) + (g.end - g.begin);
      extra += len + slack_for(len);
    }
    const Offset need = live_ + extra;
    rebuild(std::max(store_->capacity, Offset(double(need) * std::max(1.0, params_.growth))) + 1024,
            false);
    result.grew = true;
    std::vector<Group> again;
    pass(b, pending, again, result, log);
    if (again.size() == pending.size())
      throw OutOfMemory("dcsr: buffers could not grow to hold the batch");
    pending.swap(again);
  }
  // Phase 7: defragment past the thresholds.
  if ((tomb_count_ > 0 &&
       double(tomb_count_) > params_.tombstone_threshold * double(live_ + tomb_count_)) ||
      double(space_overhead()) > params_.space_threshold * double(std::max<Offset>(live_, 1))) {
    rebuild(0, false);
    result.defragmented = true;
  }
  ++version_;
  return result;
}

template <class T, class CombineOp>
void Dcsr<T, CombineOp>::pass(const Batch& b, const std::vector<Group>& groups,
                              std::vector<Group>& pending, DcsrBatchResult& result,
                              DcsrChangeLog* log) {
  // Phase 3: pages and records, serially, so the parallel pass never changes the page tables.
  const int threads = omp_get_max_threads();
  const std::uint64_t records = groups.size() + std::uint64_t(threads) * detail::kDcsrRecordChunk;
  if (!store_->records.reserve(records)) {
    rebuild(store_->capacity, false);  // a new generation starts an empty record arena
    if (!store_->records.reserve(records))
      throw OutOfMemory("dcsr: too many rows in one batch for the segment records");
  }
  for (std::size_t k = 0; k < groups.size(); ++k) {
    const std::size_t p = groups[k].row >> DcsrRowPage::kShift;
    if (k == 0 || p != (groups[k - 1].row >> DcsrRowPage::kShift)) {
      store_->origin.touch_page(p);  // before any change: see CsrOrigin
      rows_.writable(p);
    }
  }
  // Phase 4: rows in parallel.
  if (!workspaces_) workspaces_ = std::make_unique<std::vector<Workspace>>();
  if (workspaces_->size() < std::size_t(threads)) workspaces_->resize(threads);
  for (Workspace& ws : *workspaces_) {
    ws.tombs.clear();
    ws.added.clear();
    ws.removed.clear();
    ws.pending.clear();
    ws.result = {};
    ws.d_live = ws.d_tomb = 0;
    ws.d_dead = 0;
    ws.max_size = 0;
    if (ws.arena_generation != generation_) {
      ws.slot_next = ws.slot_end = 0;
      ws.rec_next = ws.rec_end = 0;
      ws.arena_generation = generation_;
    }
  }
  const View cur = view();
  const bool parallel = groups.size() >= 64 && b.order.size() >= 4096;
  const std::int64_t ngroups = std::int64_t(groups.size());
#pragma omp parallel for schedule(dynamic, 64) if (parallel)
  for (std::int64_t k = 0; k < ngroups; ++k) {
    // Rows are spread over the whole matrix: fetch the page entry of the row 16 ahead, and the
    // segment record of the row 8 ahead (whose page entry is in cache by now).
    if (k + 16 < ngroups) __builtin_prefetch(cur.row_address(groups[k + 16].row));
    if (k + 8 < ngroups) {
      const DcsrRowInfo ahead = cur.row_info(groups[k + 8].row);
      if (ahead.aux) __builtin_prefetch(store_->records.words(ahead.aux - 1));
    }
    Workspace& ws = (*workspaces_)[omp_get_thread_num()];
    if (!RowUpdate(*this, b, cur, ws).run(groups[k])) ws.pending.push_back(groups[k]);
  }
  // Phase 5: merge.
  for (Workspace& ws : *workspaces_) {
    for (Offset s : ws.tombs) {
      DcsrTombPage& pg = tombs_.writable(s >> DcsrTombPage::kShift);
      pg.bits[(s >> 6) & 63] |= std::uint64_t(1) << (s & 63);
    }
    live_ = Offset(std::int64_t(live_) + ws.d_live);
    tomb_count_ = Offset(std::int64_t(tomb_count_) + ws.d_tomb);
    dead_ += ws.d_dead;
    max_row_size_ = std::max(max_row_size_, ws.max_size);
    result += ws.result;
    if (log) {
      log->added.insert(log->added.end(), ws.added.begin(), ws.added.end());
      log->removed.insert(log->removed.end(), ws.removed.begin(), ws.removed.end());
    }
    pending.insert(pending.end(), ws.pending.begin(), ws.pending.end());
  }
}

}  // namespace spgraph
