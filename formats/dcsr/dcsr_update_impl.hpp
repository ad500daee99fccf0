// Batch updates of Dcsr (declared in dcsr.hpp): insert, erase and mixed batches.
//
// King et al. 2016, Algorithms 1 ("Allocate Segments") and 2 ("Insert Elements"), on a CPU:
// one thread owns a row for the whole batch, so only the bump allocator is atomic, and a row
// takes at most one new segment per batch. Phases of run_batch:
//   1. validate every update (nothing changes if one is bad);
//   2. order the batch by (row, column) and cut it into per-row groups (batch_order.hpp);
//   3. pre-pass (serial): make the pages of touched rows writable (copy-on-write) and reserve
//      segment records, so the parallel pass never changes the page tables;
//   4. parallel pass over rows (process_row): look up, fold, allocate, write; a row whose
//      allocation would overflow the buffers is left untouched and marked pending;
//   5. serial merge: tombstone bits, counters, change logs;
//   6. pending rows: grow the buffers (a rebuild with room for them) and run the pass again;
//   7. defragment when tombstones or dead space pass their thresholds.
// The errata of notes-dynamic-csr-ell-hash-spgemm.md A.4 are applied: an empty row allocates
// into segment 0; free space is end - next free slot; the segment limit is checked before
// writing past k.
#pragma once

#include <omp.h>

#include <algorithm>
#include <bit>
#include <string>

#include "engine/core/error.hpp"

namespace spgraph {

namespace detail {
/// A row's unsorted tail may grow to the length of its sorted prefix (at least this many
/// slots) before the row is relocated and sorted; lookups scan the tail.
inline constexpr Offset kDcsrTailMin = 64;
inline constexpr Offset kDcsrNoSlot = ~Offset(0);
/// A binary-search probe into a row's sorted prefix costs about this many steps of a merge
/// walk (probes miss the cache, the walk streams); the cheaper one is used.
inline constexpr Offset kDcsrMergeCost = 4;
/// Slots and segment records are handed to each thread in chunks of this many, so that the
/// shared bump pointers are touched once per chunk rather than once per row (notes A.6:
/// per-thread arenas).
inline constexpr Offset kDcsrSlotChunk = Offset(1) << 14;
inline constexpr std::uint32_t kDcsrRecordChunk = 64;
}  // namespace detail

template <class T, class CombineOp>
struct Dcsr<T, CombineOp>::Batch {
  const OrderedBatch& order;
  const DcsrOpKind* kinds = nullptr;  // by batch position; null: every update is `uniform`
  DcsrOpKind uniform = DcsrOpKind::Insert;
  const T* vals = nullptr;  // by batch position; null for a pattern
  bool lookups = false;     // rows must be searched for the batch's columns
  Offset alpha = 1;
  DcsrOpKind kind(std::size_t k) const { return kinds ? kinds[order.index[k]] : uniform; }
  T value(std::size_t k) const { return vals ? vals[order.index[k]] : T(1); }
};

template <class T, class CombineOp>
struct Dcsr<T, CombineOp>::Workspace {
  std::vector<Vertex> qcol;           // distinct columns of the row's updates
  std::vector<std::uint32_t> qbegin;  // their update ranges in the ordered batch
  std::vector<std::pair<std::uint32_t, Offset>> matches;  // (query, live slot)
  std::vector<Offset> kills;                              // slots whose entry goes away
  std::vector<Vertex> app_col;                            // new entries, in column order
  std::vector<S> app_val;
  std::vector<S> copies;  // Keep: pending copies of one column (not std::vector<bool>)
  std::vector<Vertex> tmp_col, key_scratch;
  std::vector<S> tmp_val;
  std::vector<std::pair<Vertex, S>> pair_scratch;
  std::vector<std::uint64_t> colmark;  // bitmap of the row's batch columns (kept all zero)
  std::vector<Offset> tombs;           // tombstone bits to set after the pass
  std::vector<std::pair<Vertex, Vertex>> added, removed;
  std::vector<Group> pending;
  DcsrBatchResult result;
  std::int64_t d_live = 0, d_tomb = 0;
  Offset d_dead = 0;
  Offset max_size = 0;  // largest row size this thread wrote
  // This thread's arenas: free slots [slot_next, slot_end) and record ids [rec_next, rec_end),
  // valid in buffer generation `arena_generation` only.
  Offset slot_next = 0, slot_end = 0;
  std::uint32_t rec_next = 0, rec_end = 0;
  std::uint64_t arena_generation = ~std::uint64_t(0);
};

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
  return run_batch(rows.data(), cols.data(), nullptr, DcsrOpKind::Insert,
                   pattern_ ? nullptr : vals.data(), rows.size(), log);
}

template <class T, class CombineOp>
DcsrBatchResult Dcsr<T, CombineOp>::erase(std::span<const Vertex> rows,
                                          std::span<const Vertex> cols, DcsrChangeLog* log) {
  if (rows.size() != cols.size())
    throw InvalidArgument("dcsr erase: " + std::to_string(rows.size()) + " rows but " +
                          std::to_string(cols.size()) + " columns");
  return run_batch(rows.data(), cols.data(), nullptr, DcsrOpKind::Erase, nullptr, rows.size(), log);
}

template <class T, class CombineOp>
DcsrBatchResult Dcsr<T, CombineOp>::apply(std::span<const DcsrOp<T>> ops, DcsrChangeLog* log) {
  std::vector<Vertex> rows(ops.size()), cols(ops.size());
  std::vector<DcsrOpKind> kinds(ops.size());
  auto vals = std::make_unique<T[]>(pattern_ ? 0 : ops.size());  // not std::vector<bool>
  for (std::size_t k = 0; k < ops.size(); ++k) {
    rows[k] = ops[k].row;
    cols[k] = ops[k].col;
    kinds[k] = ops[k].kind;
    if (!pattern_) vals[k] = ops[k].value;
  }
  return run_batch(rows.data(), cols.data(), kinds.data(), DcsrOpKind::Insert,
                   pattern_ ? nullptr : vals.get(), ops.size(), log);
}

template <class T, class CombineOp>
DcsrBatchResult Dcsr<T, CombineOp>::apply(std::span<const DcsrOpKind> kinds,
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
  return run_batch(rows.data(), cols.data(), kinds.data(), DcsrOpKind::Insert,
                   pattern_ ? nullptr : vals.data(), rows.size(), log);
}

template <class T, class CombineOp>
void Dcsr<T, CombineOp>::validate(const Vertex* rows, const Vertex* cols, const DcsrOpKind* kinds,
                                  DcsrOpKind uniform, std::size_t n) const {
  for (std::size_t k = 0; k < n; ++k) {
    if (rows[k] >= nrows_ || cols[k] >= ncols_)
      throw IndexOutOfBounds("dcsr: update " + std::to_string(k) + " at (" +
                             std::to_string(rows[k]) + ", " + std::to_string(cols[k]) +
                             ") lies outside the " + std::to_string(nrows_) + " x " +
                             std::to_string(ncols_) + " matrix");
    const DcsrOpKind kind = kinds ? kinds[k] : uniform;
    if (pattern_ && kind == DcsrOpKind::Assign)
      throw InvalidArgument("dcsr: update " + std::to_string(k) +
                            " assigns a value, but the matrix is a pattern (no values)");
  }
}

template <class T, class CombineOp>
DcsrBatchResult Dcsr<T, CombineOp>::run_batch(const Vertex* rows, const Vertex* cols,
                                              const DcsrOpKind* kinds, DcsrOpKind uniform,
                                              const T* vals, std::size_t n, DcsrChangeLog* log) {
  // Phase 1: validate.
  validate(rows, cols, kinds, uniform, n);
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
  // became present.
  b.lookups =
      params_.duplicates != DcsrDuplicates::Keep || uniform != DcsrOpKind::Insert || log != nullptr;
  if (kinds)
    for (std::size_t k = 0; k < n && !b.lookups; ++k) b.lookups = kinds[k] != DcsrOpKind::Insert;
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
  // Phase 3: pages and records, serially.
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
    if (!process_row(b, groups[k], cur, ws)) ws.pending.push_back(groups[k]);
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
    result.inserted += ws.result.inserted;
    result.ignored += ws.result.ignored;
    result.combined += ws.result.combined;
    result.erased += ws.result.erased;
    result.missing += ws.result.missing;
    result.assigned += ws.result.assigned;
    result.relocated += ws.result.relocated;
    result.new_segments += ws.result.new_segments;
    if (log) {
      log->added.insert(log->added.end(), ws.added.begin(), ws.added.end());
      log->removed.insert(log->removed.end(), ws.removed.begin(), ws.removed.end());
    }
    pending.insert(pending.end(), ws.pending.begin(), ws.pending.end());
  }
}

template <class T, class CombineOp>
bool Dcsr<T, CombineOp>::process_row(const Batch& b, const Group& g, const View& cur,
                                     Workspace& ws) {
  const Vertex r = g.row;
  const unsigned k_max = params_.max_segments;
  Vertex* colv = store_->col.get();
  S* valv = store_->val.get();
  const DcsrRowInfo info = cur.row_info(r);
  unsigned nseg = 0;
  std::uint32_t dead = 0;
  std::uint32_t caps[64];
  Offset starts[64];
  if (info.aux) {
    const SegmentRecordView rec = cur.record(info.aux);
    nseg = rec.nseg();
    dead = rec.dead();
    for (unsigned s = 0; s < nseg; ++s) {
      caps[s] = rec.cap(s);
      starts[s] = rec.start(s);
    }
  } else if (info.cap0) {
    nseg = 1;
    caps[0] = info.cap0;
    starts[0] = info.start;
  }

  const unsigned old_nseg = nseg;

  // 1. Distinct columns and lookups.
  ws.qcol.clear();
  ws.qbegin.clear();
  for (std::uint32_t k = g.begin; k < g.end; ++k) {
    const Vertex c = b.order.col(k);
    if (ws.qcol.empty() || ws.qcol.back() != c) {
      ws.qcol.push_back(c);
      ws.qbegin.push_back(k);
    }
  }
  ws.qbegin.push_back(g.end);
  const std::size_t q = ws.qcol.size();
  ws.matches.clear();
  if (b.lookups && info.size > 0) {
    auto live = [&](Offset s) { return dead == 0 || !cur.is_tombstone(s); };
    const Vertex* pb = colv + info.start;
    const Vertex* pe = pb + info.sorted;
    if (info.sorted > 0) {
      if (q * (std::bit_width(Offset(info.sorted)) + 1) * detail::kDcsrMergeCost < info.sorted) {
        for (std::size_t j = 0; j < q; ++j)
          for (const Vertex* it = std::lower_bound(pb, pe, ws.qcol[j]);
               it != pe && *it == ws.qcol[j]; ++it)
            if (live(Offset(it - colv)))
              ws.matches.push_back({std::uint32_t(j), Offset(it - colv)});
      } else {
        std::size_t j = 0;
        for (const Vertex* it = pb; it != pe && j < q;) {
          if (*it < ws.qcol[j]) {
            ++it;
          } else if (*it > ws.qcol[j]) {
            ++j;
          } else {
            if (live(Offset(it - colv)))
              ws.matches.push_back({std::uint32_t(j), Offset(it - colv)});
            ++it;
          }
        }
      }
    }
    if (info.size > info.sorted) {
      // The unsorted tail, one pass: one or two queries are compared directly; more are marked in a
      // per-thread bitmap of columns first, so each tail slot costs one bit test.
      Offset skip = info.sorted;
      const Vertex* qb = ws.qcol.data();
      const bool use_bitmap = q > 2;
      if (use_bitmap) {
        if (ws.colmark.size() < (std::size_t(ncols_) + 63) / 64)
          ws.colmark.assign((std::size_t(ncols_) + 63) / 64, 0);
        for (std::size_t t = 0; t < q; ++t)
          ws.colmark[qb[t] >> 6] |= std::uint64_t(1) << (qb[t] & 63);
      }
      cur.for_each_run(r, [&](Offset first, Offset len, bool has_dead) {
        const Offset from = std::min(skip, len);
        skip -= from;
        for (Offset s = first + from; s < first + len; ++s) {
          const Vertex c = colv[s];
          std::size_t j = q;
          if (!use_bitmap) {
            for (std::size_t t = 0; t < q; ++t)
              if (qb[t] == c) {
                j = t;
                break;
              }
          } else if ((ws.colmark[c >> 6] >> (c & 63)) & 1) {
            j = std::size_t(std::lower_bound(qb, qb + q, c) - qb);
          }
          if (j < q && (!has_dead || !cur.is_tombstone(s)))
            ws.matches.push_back({std::uint32_t(j), s});
        }
        return false;
      });
      if (use_bitmap)
        for (std::size_t t = 0; t < q; ++t) ws.colmark[qb[t] >> 6] = 0;
    }
    std::sort(ws.matches.begin(), ws.matches.end());
  }

  // 2. Fold each column's updates, in batch order, into kills and new entries.
  DcsrBatchResult res;
  ws.kills.clear();
  ws.app_col.clear();
  ws.app_val.clear();
  const std::size_t added0 = ws.added.size(), removed0 = ws.removed.size();
  const bool keep = params_.duplicates == DcsrDuplicates::Keep;
  const bool combine = params_.duplicates == DcsrDuplicates::Combine && !pattern_;
  std::size_t mi = 0;
  for (std::size_t j = 0; j < q; ++j) {
    const Vertex c = ws.qcol[j];
    const std::size_t m0 = mi;
    while (mi < ws.matches.size() && ws.matches[mi].first == j) ++mi;
    const std::size_t existing = mi - m0;
    std::size_t final_count = 0;
    bool killed = false;
    if (!keep) {
      const bool initial = existing > 0;
      const Offset islot = initial ? ws.matches[m0].second : 0;
      bool present = initial, fresh = false;
      T value = initial ? cur.value(islot) : T{};
      for (std::uint32_t k = ws.qbegin[j]; k < ws.qbegin[j + 1]; ++k) {
        switch (b.kind(k)) {
          case DcsrOpKind::Insert:
            if (!present) {
              present = fresh = true;
              value = b.value(k);
            } else if (combine) {
              value = CombineOp::apply(value, b.value(k));
              fresh = true;
              ++res.combined;
            } else {
              ++res.ignored;
            }
            break;
          case DcsrOpKind::Erase:
            if (present)
              present = fresh = false;
            else
              ++res.missing;
            break;
          case DcsrOpKind::Assign:
            if (present) {
              value = b.value(k);
              fresh = true;
              ++res.assigned;
            } else {
              ++res.missing;
            }
            break;
        }
      }
      killed = initial && (!present || fresh);
      if (present && (!initial || fresh)) {
        ws.app_col.push_back(c);
        if (!pattern_) ws.app_val.push_back(S(value));
      }
      final_count = present ? 1 : 0;
    } else {
      ws.copies.clear();
      for (std::uint32_t k = ws.qbegin[j]; k < ws.qbegin[j + 1]; ++k) {
        const std::size_t stored = (killed ? 0 : existing) + ws.copies.size();
        switch (b.kind(k)) {
          case DcsrOpKind::Insert:
            ws.copies.push_back(S(b.value(k)));
            break;
          case DcsrOpKind::Erase:
            if (stored) {
              killed = true;
              ws.copies.clear();
            } else {
              ++res.missing;
            }
            break;
          case DcsrOpKind::Assign:
            if (stored) {
              killed = true;
              ws.copies.assign(stored, S(b.value(k)));
              ++res.assigned;
            } else {
              ++res.missing;
            }
            break;
        }
      }
      for (const S v : ws.copies) {
        ws.app_col.push_back(c);
        if (!pattern_) ws.app_val.push_back(v);
      }
      final_count = (killed ? 0 : existing) + ws.copies.size();
      killed = killed && existing > 0;
    }
    if (killed)
      for (std::size_t m = m0; m < mi; ++m) ws.kills.push_back(ws.matches[m].second);
    if (final_count > existing) res.inserted += final_count - existing;
    if (final_count < existing) res.erased += existing - final_count;
    if (existing == 0 && final_count > 0) ws.added.push_back({r, c});
    if (existing > 0 && final_count == 0) ws.removed.push_back({r, c});
  }

  // 3. Place the changes.
  const Offset nb = ws.app_col.size(), nk = ws.kills.size();
  auto commit = [&] {
    ws.result.inserted += res.inserted;
    ws.result.ignored += res.ignored;
    ws.result.combined += res.combined;
    ws.result.erased += res.erased;
    ws.result.missing += res.missing;
    ws.result.assigned += res.assigned;
    ws.result.relocated += res.relocated;
    ws.result.new_segments += res.new_segments;
    return true;
  };
  auto fail = [&] {
    ws.added.resize(added0);
    ws.removed.resize(removed0);
    return false;
  };
  auto allocate = [&](Offset cap) {
    if (ws.slot_end - ws.slot_next >= cap) {
      const Offset addr = ws.slot_next;
      ws.slot_next += cap;
      return addr;
    }
    // A new chunk for this thread; near the end of the buffers, take just what fits.
    const Offset chunk = std::max(cap, detail::kDcsrSlotChunk);
    const Offset addr = bump_->fetch_add(chunk, std::memory_order_relaxed);
    if (addr + cap > store_->capacity) return detail::kDcsrNoSlot;
    ws.slot_next = addr + cap;
    ws.slot_end = std::min(addr + chunk, store_->capacity);
    return addr;
  };
  auto new_record = [&] {
    if (ws.rec_next == ws.rec_end) {
      ws.rec_next = store_->records.allocate(detail::kDcsrRecordChunk);
      ws.rec_end = ws.rec_next + detail::kDcsrRecordChunk;
    }
    return ws.rec_next++;
  };
  auto capped_slack = [&](Offset len) {
    return std::min(std::max(b.alpha, Offset(params_.slack_ratio * double(len))),
                    Offset(UINT32_MAX) - len);
  };
  Offset caps_total = 0;
  for (unsigned s = 0; s < nseg; ++s) caps_total += caps[s];
  if (nb == 0 && nk == 0) return commit();
  // The pre-pass made this page the writer's own copy (pass, phase 3), so writing is allowed.
  DcsrRowPage& pg = const_cast<DcsrRowPage&>(*rows_.page(r >> DcsrRowPage::kShift));
  const unsigned i = r & (DcsrRowPage::kRows - 1);
  const Offset live_before = Offset(info.size) - dead;
  const Offset live_after = live_before - nk + nb;
  if (live_after == 0) {
    // Every entry went: abandon the segments (their slots are never written again).
    ws.d_dead += caps_total;
    ws.d_tomb -= dead;
    ws.d_live -= std::int64_t(live_before);
    pg.row[i] = DcsrRowInfo{};
    return commit();
  }
  Offset used_last = 0, free = 0;
  if (nseg) {
    used_last = info.size - (caps_total - caps[nseg - 1]);
    free = caps[nseg - 1] - used_last;
  }
  const Offset tail_after = Offset(info.size) + nb - info.sorted;
  const bool relocate =
      nb > 0 && ((nb > free && nseg >= k_max) ||
                 (b.lookups && tail_after > std::max(detail::kDcsrTailMin, Offset(info.sorted))) ||
                 Offset(dead) + nk > live_after);
  if (relocate) {
    // Per-row defragmentation: the live entries, sorted, into one fresh segment.
    const Offset cap = live_after + capped_slack(live_after);
    const Offset addr = allocate(cap);
    if (addr == detail::kDcsrNoSlot) return fail();
    std::sort(ws.kills.begin(), ws.kills.end());
    auto is_killed = [&](Offset s) {
      return nk && std::binary_search(ws.kills.begin(), ws.kills.end(), s);
    };
    Vertex* out_c = colv + addr;
    S* out_v = pattern_ ? nullptr : valv + addr;
    Offset head = 0;
    ws.tmp_col.assign(ws.app_col.begin(), ws.app_col.end());
    ws.tmp_val.assign(ws.app_val.begin(), ws.app_val.end());
    cur.for_each(r, [&](Vertex c, Offset s) {
      if (is_killed(s)) return;
      if (s >= info.start && s < info.start + info.sorted) {
        out_c[head] = c;
        if (out_v) out_v[head] = valv[s];
        ++head;
      } else {
        ws.tmp_col.push_back(c);
        if (out_v) ws.tmp_val.push_back(valv[s]);
      }
    });
    if (out_v)
      detail::sort_row_entries(ws.tmp_col.data(), ws.tmp_val.data(), ws.tmp_col.size(),
                               ws.pair_scratch);
    else
      sort_keys(ws.tmp_col.data(), ws.tmp_col.size(), ncols_ - 1, ws.key_scratch);
    std::size_t a = head, t = ws.tmp_col.size(), w = head + t;
    while (t > 0) {
      --w;
      if (a > 0 && out_c[a - 1] > ws.tmp_col[t - 1]) {
        --a;
        out_c[w] = out_c[a];
        if (out_v) out_v[w] = out_v[a];
      } else {
        --t;
        out_c[w] = ws.tmp_col[t];
        if (out_v) out_v[w] = ws.tmp_val[t];
      }
    }
    pg.row[i].start = addr;
    pg.row[i].size = pg.row[i].sorted = std::uint32_t(live_after);
    ws.max_size = std::max<Offset>(ws.max_size, live_after);
    pg.row[i].cap0 = std::uint32_t(cap);
    pg.row[i].aux = 0;
    ws.d_dead += caps_total;
    ws.d_tomb -= dead;
    ws.d_live += std::int64_t(live_after) - std::int64_t(live_before);
    ++res.relocated;
    return commit();
  }
  std::uint32_t sorted = info.sorted;
  if (nb > 0) {
    auto put = [&](Offset slot, std::size_t from, std::size_t count) {
      std::copy(ws.app_col.begin() + from, ws.app_col.begin() + from + count, colv + slot);
      if (!pattern_)
        std::copy(ws.app_val.begin() + from, ws.app_val.begin() + from + count, valv + slot);
    };
    if (nseg == 0) {
      // No segment yet: allocate segment 0 (errata: not a zero-length segment 0 plus segment 1).
      const Offset cap = nb + capped_slack(live_after);
      const Offset addr = allocate(cap);
      if (addr == detail::kDcsrNoSlot) return fail();
      put(addr, 0, nb);
      nseg = 1;
      caps[0] = std::uint32_t(cap);
      starts[0] = addr;
      sorted = std::uint32_t(nb);
    } else if (nb <= free) {
      const Offset at = starts[nseg - 1] + used_last;
      // Appending in order right after a fully sorted segment 0 keeps the prefix sorted.
      if (nseg == 1 && sorted == info.size &&
          (info.size == 0 || colv[at - 1] <= ws.app_col.front()))
        sorted += std::uint32_t(nb);
      put(at, 0, nb);
    } else {
      const Offset cap = (nb - free) + capped_slack(live_after);
      const Offset addr = allocate(cap);
      if (addr == detail::kDcsrNoSlot) return fail();
      put(starts[nseg - 1] + used_last, 0, free);
      put(addr, free, nb - free);
      caps[nseg] = std::uint32_t(cap);
      starts[nseg] = addr;
      ++nseg;
      ++res.new_segments;
    }
  }
  dead += std::uint32_t(nk);
  ws.tombs.insert(ws.tombs.end(), ws.kills.begin(), ws.kills.end());
  ws.d_tomb += std::int64_t(nk);
  ws.d_live += std::int64_t(nb) - std::int64_t(nk);
  pg.row[i].start = starts[0];
  pg.row[i].cap0 = caps[0];
  pg.row[i].size = std::uint32_t(info.size + nb);
  ws.max_size = std::max<Offset>(ws.max_size, info.size + nb);
  pg.row[i].sorted = sorted;
  if (nseg > 1 || dead > 0) {
    if (info.aux && nk == 0) {
      // Same tombstone count: new segments go into the record's free slots, in place.
      if (nseg > old_nseg)
        append_segments(store_->records.words(info.aux - 1), k_max, old_nseg, nseg, caps, starts);
    } else {
      const std::uint32_t id = new_record();
      write_segment_record(store_->records.words(id), k_max, nseg, dead, caps, starts);
      pg.row[i].aux = id + 1;
    }
  } else {
    pg.row[i].aux = 0;
  }
  return commit();
}

}  // namespace spgraph
