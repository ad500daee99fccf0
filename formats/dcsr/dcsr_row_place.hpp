// SPDX-License-Identifier: Apache-2.0
// Step 3 of a Dynamic CSR row update (dcsr_row_update.hpp): place. King et al., "Dynamic-CSR"
// (2016), section III.A, Algorithm 1: the new entries go into the free tail of the row's last
// segment; when they do not fit, into a new segment of (needed - free + alpha) slots from the
// bump allocator, and Algorithm 2 spills them over from the old segment into the new one. Three
// departures:
//   - a row without a segment allocates segment 0, not a zero-length segment 0 plus segment 1
//     (Algorithm 1 as printed tests `rl >= 0`, so its empty-row branch is dead);
//   - a row that would need segment k + 1 is not flagged for a whole-matrix defragmentation but
//     relocated at once into one fresh sorted segment (a per-row defragmentation), as is a row
//     whose unsorted tail outgrew its sorted prefix or whose tombstones outnumber its entries;
//   - slots and segment records come from per-thread arenas (kDcsrSlotChunk), and a row whose
//     slots the buffers cannot hold is left untouched for the batch driver to retry.
// The row's page entry is the writer's own copy (the pass made it writable first), so writing
// it is safe while snapshots are read; data slots written are past every published row size.
#pragma once

#include <algorithm>

#include "formats/dcsr/dcsr_row_update.hpp"

namespace spgraph {

template <class T, class CombineOp>
bool Dcsr<T, CombineOp>::RowUpdate::place() {
  const detail::DcsrRowState& row = ws_.row;
  const Offset nb = ws_.app_col.size(), nk = ws_.kills.size();
  if (nb == 0 && nk == 0) return true;
  const Offset live_before = Offset(row.info.size) - row.dead;
  const Offset live_after = live_before - nk + nb;
  if (live_after == 0) {
    drop_row(live_before);
    return true;
  }
  if (must_relocate(live_after)) return relocate(live_before, live_after);
  if (nb > 0 && !append(live_after)) return false;
  finish_in_place();
  return true;
}

/// True when the row is rewritten into one fresh segment rather than appended to: the new
/// entries do not fit and the row has k segments; or the unsorted tail would outgrow the sorted
/// prefix (lookups scan the tail) in a matrix that is looked up (this batch does, or later ones
/// will: every policy but Keep, even when this batch's inserts are known absent and skip the
/// lookup); or the row would hold more tombstones than entries.
template <class T, class CombineOp>
bool Dcsr<T, CombineOp>::RowUpdate::must_relocate(Offset live_after) const {
  const detail::DcsrRowState& row = ws_.row;
  const Offset nb = ws_.app_col.size(), nk = ws_.kills.size();
  if (nb == 0) return false;
  const Offset tail_after = Offset(row.info.size) + nb - row.info.sorted();
  // A prefix recorded at its cap (DcsrRowInfo::kMaxSorted) may be longer: a relocation could
  // not record more, so the tail rule does not apply to it.
  const bool prefix_capped = row.info.sorted() == DcsrRowInfo::kMaxSorted;
  return (nb > row.free_in_last() && row.nseg >= d_.params_.max_segments) ||
         ((b_.lookups || d_.params_.duplicates != DuplicatePolicy::Keep) && !prefix_capped &&
          tail_after > std::max(detail::kDcsrTailMin, Offset(row.info.sorted()))) ||
         Offset(row.dead) + nk > live_after;
}

/// Every entry went: the row's segments are abandoned (their slots are never written again).
template <class T, class CombineOp>
void Dcsr<T, CombineOp>::RowUpdate::drop_row(Offset live_before) {
  ws_.d_dead += ws_.row.found_capacity;
  ws_.d_tomb -= ws_.row.dead;
  ws_.d_live -= std::int64_t(live_before);
  page_entry() = DcsrRowInfo{};
  d_.cap0_[ws_.row.row] = 0;
}

/// Per-row defragmentation: the live entries and the new ones, sorted, into one fresh segment
/// with slack; the old segments become dead space.
template <class T, class CombineOp>
bool Dcsr<T, CombineOp>::RowUpdate::relocate(Offset live_before, Offset live_after) {
  const Offset cap = live_after + slack(live_after);
  const Offset addr = take_slots(cap);
  if (addr == detail::kDcsrNoSlot) return false;
  copy_sorted(addr);
  DcsrRowInfo& e = page_entry();
  e.set_start(addr);
  e.set_sorted(live_after);
  e.size = std::uint32_t(live_after);
  d_.cap0_[ws_.row.row] = std::uint32_t(cap);
  e.aux = 0;
  ws_.max_size = std::max<Offset>(ws_.max_size, live_after);
  ws_.d_dead += ws_.row.found_capacity;
  ws_.d_tomb -= ws_.row.dead;
  ws_.d_live += std::int64_t(live_after) - std::int64_t(live_before);
  ++ws_.row_result.relocated;
  return true;
}

/// Writes the row's surviving entries and the new ones, sorted by column, from slot `addr`:
/// the sorted prefix is copied as it is, the rest sorted and merged in.
template <class T, class CombineOp>
void Dcsr<T, CombineOp>::RowUpdate::copy_sorted(Offset addr) {
  const DcsrRowInfo& info = ws_.row.info;
  const S* valv = d_.store_->val.get();
  Vertex* out_c = d_.store_->col.get() + addr;
  S* out_v = d_.pattern_ ? nullptr : d_.store_->val.get() + addr;
  std::sort(ws_.kills.begin(), ws_.kills.end());
  const bool any_killed = !ws_.kills.empty();
  ws_.tmp_col.assign(ws_.app_col.begin(), ws_.app_col.end());
  ws_.tmp_val.assign(ws_.app_val.begin(), ws_.app_val.end());
  Offset head = 0;
  cur_.for_each(ws_.row.row, [&](Vertex c, Offset s) {
    if (any_killed && std::binary_search(ws_.kills.begin(), ws_.kills.end(), s)) return;
    if (s >= info.start() && s < info.start() + info.sorted()) {
      out_c[head] = c;
      if (out_v) out_v[head] = valv[s];
      ++head;
    } else {
      ws_.tmp_col.push_back(c);
      if (out_v) ws_.tmp_val.push_back(valv[s]);
    }
  });
  detail::merge_sorted_tail(out_c, out_v, head, ws_.tmp_col, ws_.tmp_val, d_.ncols_,
                            ws_.pair_scratch, ws_.key_scratch);
}

/// Algorithms 1-2: the new entries into the last segment's free tail, spilling over into a new
/// segment when they do not fit (segment 0 for a row without one).
template <class T, class CombineOp>
bool Dcsr<T, CombineOp>::RowUpdate::append(Offset live_after) {
  detail::DcsrRowState& row = ws_.row;
  const Offset nb = ws_.app_col.size();
  if (row.nseg == 0) {
    const Offset cap = nb + slack(live_after);
    const Offset addr = take_slots(cap);
    if (addr == detail::kDcsrNoSlot) return false;
    put(addr, 0, nb);
    row.add_segment(addr, std::uint32_t(cap));
    row.sorted = std::uint32_t(nb);
    return true;
  }
  const Offset free = row.free_in_last();
  const Offset at = row.starts[row.nseg - 1] + row.used_in_last();
  if (nb <= free) {
    // Appending in order right after a fully sorted segment 0 keeps the prefix sorted.
    const Vertex* colv = d_.store_->col.get();
    if (row.nseg == 1 && row.sorted == row.info.size &&
        (row.info.size == 0 || colv[at - 1] <= ws_.app_col.front()))
      row.sorted += std::uint32_t(nb);
    put(at, 0, nb);
    return true;
  }
  const Offset cap = (nb - free) + slack(live_after);
  const Offset addr = take_slots(cap);
  if (addr == detail::kDcsrNoSlot) return false;
  put(at, 0, free);
  put(addr, free, nb - free);
  row.add_segment(addr, std::uint32_t(cap));
  ++ws_.row_result.new_segments;
  return true;
}

/// Copies new entries [from, from + count) into the buffers at `slot`.
template <class T, class CombineOp>
void Dcsr<T, CombineOp>::RowUpdate::put(Offset slot, std::size_t from, std::size_t count) {
  std::copy(ws_.app_col.begin() + from, ws_.app_col.begin() + from + count,
            d_.store_->col.get() + slot);
  if (!d_.pattern_)
    std::copy(ws_.app_val.begin() + from, ws_.app_val.begin() + from + count,
              d_.store_->val.get() + slot);
}

/// After an append or erases in place: queues the tombstones, and writes the row's page entry
/// and, for a row with several segments or tombstones, its segment record (in place when only
/// segments were added: their record slots lie past every published row size).
template <class T, class CombineOp>
void Dcsr<T, CombineOp>::RowUpdate::finish_in_place() {
  detail::DcsrRowState& row = ws_.row;
  const unsigned k = d_.params_.max_segments;
  const Offset nb = ws_.app_col.size(), nk = ws_.kills.size();
  row.dead += std::uint32_t(nk);
  ws_.tombs.insert(ws_.tombs.end(), ws_.kills.begin(), ws_.kills.end());
  ws_.d_tomb += std::int64_t(nk);
  ws_.d_live += std::int64_t(nb) - std::int64_t(nk);
  DcsrRowInfo& e = page_entry();
  e.set_start(row.starts[0]);
  d_.cap0_[row.row] = row.caps[0];
  e.size = std::uint32_t(row.info.size + nb);
  e.set_sorted(row.sorted);
  ws_.max_size = std::max<Offset>(ws_.max_size, row.info.size + nb);
  if (row.nseg <= 1 && row.dead == 0) {
    e.aux = 0;
  } else if (row.info.aux && nk == 0) {
    // Same tombstone count: new segments go into the record's free slots.
    if (row.nseg > row.found_nseg)
      append_segments(d_.store_->records.words(row.info.aux - 1), k, row.found_nseg, row.nseg,
                      row.caps, row.starts);
  } else {
    const std::uint32_t id = take_record();
    write_segment_record(d_.store_->records.words(id), k, row.nseg, row.dead, row.caps, row.starts);
    e.aux = id + 1;
  }
}

/// `cap` free slots from the thread's arena, refilled from the shared bump pointer a chunk at a
/// time (near the end of the buffers, just what fits); kDcsrNoSlot when the buffers are full.
template <class T, class CombineOp>
Offset Dcsr<T, CombineOp>::RowUpdate::take_slots(Offset cap) {
  if (ws_.slot_end - ws_.slot_next >= cap) {
    const Offset addr = ws_.slot_next;
    ws_.slot_next += cap;
    return addr;
  }
  const Offset chunk = std::max(cap, detail::kDcsrSlotChunk);
  const Offset addr = d_.bump_->fetch_add(chunk, std::memory_order_relaxed);
  if (addr + cap > d_.store_->capacity) return detail::kDcsrNoSlot;
  ws_.slot_next = addr + cap;
  ws_.slot_end = std::min(addr + chunk, d_.store_->capacity);
  return addr;
}

/// A new segment record id from the thread's arena (the pass reserved enough for the batch).
template <class T, class CombineOp>
std::uint32_t Dcsr<T, CombineOp>::RowUpdate::take_record() {
  if (ws_.rec_next == ws_.rec_end) {
    ws_.rec_next = d_.store_->records.allocate(detail::kDcsrRecordChunk);
    ws_.rec_end = ws_.rec_next + detail::kDcsrRecordChunk;
  }
  return ws_.rec_next++;
}

/// Slack for a new segment of a row of `len` entries: max(alpha, slack_ratio * len), capped so
/// that the row's slots fit 32 bits.
template <class T, class CombineOp>
Offset Dcsr<T, CombineOp>::RowUpdate::slack(Offset len) const {
  return std::min(std::max(b_.alpha, Offset(d_.params_.slack_ratio * double(len))),
                  Offset(UINT32_MAX) - len);
}

/// The row's page entry, in the writer's own copy of its page.
template <class T, class CombineOp>
DcsrRowInfo& Dcsr<T, CombineOp>::RowUpdate::page_entry() {
  const Vertex r = ws_.row.row;
  DcsrRowPage& pg = const_cast<DcsrRowPage&>(*d_.rows_.page(r >> DcsrRowPage::kShift));
  return pg.row[r & (DcsrRowPage::kRows - 1)];
}

}  // namespace spgraph
