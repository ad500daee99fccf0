// SPDX-License-Identifier: Apache-2.0
// The per-row step of a Dynamic CSR batch (Dcsr::RowUpdate, declared in dcsr.hpp): King et al.,
// "Dynamic-CSR" (2016), section III.A, Algorithms 1 ("Allocate Segments") and 2 ("Insert
// Elements"), generalized to mixed batches, on a CPU. One thread owns a row for the whole batch,
// so only the bump allocator is shared, and a row takes at most one new segment per batch.
//
// RowUpdate::run takes one row through named steps, each in its own header, sharing their state
// through the thread's Workspace (below):
//   0. load the row's page entry and segment list (ws.row);
//   1. lookup (dcsr_row_lookup.hpp): the batch's distinct columns and the live slots holding
//      them (ws.qcol, ws.matches);
//   2. fold (dcsr_row_fold.hpp): each column's updates, in batch order, into slots to kill and
//      new entries (ws.kills, ws.app_col / ws.app_val), counts and change-log entries;
//   3. place (dcsr_row_place.hpp): write the new entries and the row's metadata, or leave the
//      row untouched when its new segment does not fit the buffers (the batch driver,
//      dcsr_update_impl.hpp, grows them and runs the row again).
// Input: the row's updates, ordered by column. Workspace: the thread's buffers, reused row after
// row, plus a bitmap of ncols bits once a row has more than two columns to look up. Cost per
// row of u updates over q columns: O(u), plus the lookup (O(q log prefix) or O(prefix), and
// O(tail)), plus O(row log row) when the row is relocated.
#pragma once

#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

#include "formats/dcsr/dcsr.hpp"

namespace spgraph {

namespace detail {
/// A row's unsorted tail may grow to the length of its sorted prefix (at least this many
/// slots) before the row is relocated and sorted; lookups scan the tail.
inline constexpr Offset kDcsrTailMin = 64;
/// take_slots' answer when the buffers are full.
inline constexpr Offset kDcsrNoSlot = ~Offset(0);
/// A binary-search probe into a row's sorted prefix costs about this many steps of a merge
/// walk (probes miss the cache, the walk streams); the cheaper one is used.
inline constexpr Offset kDcsrMergeCost = 4;
/// Slots and segment records are handed to each thread in chunks of this many, so that the
/// shared bump pointers are touched once per chunk rather than once per row: per-thread arenas
/// instead of the paper's one atomicAdd per new segment (King et al. 2016, Algorithm 1).
inline constexpr Offset kDcsrSlotChunk = Offset(1) << 14;
inline constexpr std::uint32_t kDcsrRecordChunk = 64;

/// The row a thread is updating: its page entry as the pass found it, and its segment list,
/// which the place step extends.
struct DcsrRowState {
  Vertex row = 0;
  DcsrRowInfo info;           ///< the page entry as found
  std::uint32_t dead = 0;     ///< tombstones in the row
  std::uint32_t sorted = 0;   ///< length of the sorted prefix of segment 0
  unsigned nseg = 0;          ///< segments now
  unsigned found_nseg = 0;    ///< segments as found
  Offset found_capacity = 0;  ///< slots of the segments as found
  std::uint32_t caps[kDcsrMaxSegments];
  Offset starts[kDcsrMaxSegments];

  /// Appends a segment to the list; k <= kDcsrMaxSegments bounds it (the constructor checks k,
  /// and a row with k segments is relocated rather than given another).
  void add_segment(Offset start, std::uint32_t cap) {
    assert(nseg < kDcsrMaxSegments);
    starts[nseg] = start;
    caps[nseg] = cap;
    ++nseg;
  }
  /// Slots in use in the last segment found (the paper's "index of the last element").
  Offset used_in_last() const { return info.size - (found_capacity - caps[found_nseg - 1]); }
  /// Free slots after them (King et al. 2016, section III.A: the final segment's end minus the
  /// next free slot); 0 for a row without segments.
  Offset free_in_last() const { return found_nseg ? caps[found_nseg - 1] - used_in_last() : 0; }
};
}  // namespace detail

/// One batch, ordered by (row, column), as the row steps read it.
template <class T, class CombineOp>
struct Dcsr<T, CombineOp>::Batch {
  const OrderedBatch& order;
  const UpdateKind* kinds = nullptr;  // by batch position; null: every update is `uniform`
  UpdateKind uniform = UpdateKind::Insert;
  const T* vals = nullptr;  // by batch position; null for a pattern
  bool lookups = false;     // rows must be searched for the batch's columns
  Offset alpha = 1;
  UpdateKind kind(std::size_t k) const { return kinds ? kinds[order.index[k]] : uniform; }
  T value(std::size_t k) const { return vals ? vals[order.index[k]] : T(1); }
};

/// One thread's state: the row it is updating, the steps' scratch buffers (reused row after
/// row), what its rows changed (merged serially after the parallel pass) and its arenas.
/// Threads' workspaces sit side by side in one array and each is written row after row, so each
/// starts on its own cache line: otherwise one thread's row state shares a line with the next
/// thread's buffer pointers, and inserts with 2 threads ran 11% slower (bench/RESULTS.md).
template <class T, class CombineOp>
struct alignas(64) Dcsr<T, CombineOp>::Workspace {
  detail::DcsrRowState row;
  DcsrBatchResult row_result;         // counts of the row being updated
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

/// Updates one row of a batch on the calling thread; see the steps above. The short steps are
/// always inlined, so run() compiles to one loop body per row (no call, and no spill of the row
/// state, per step); the long, rarer ones (the lookups, relocation) stay calls.
template <class T, class CombineOp>
class Dcsr<T, CombineOp>::RowUpdate {
 public:
  RowUpdate(Dcsr& d, const Batch& b, const View& cur, Workspace& ws)
      : d_(d), b_(b), cur_(cur), ws_(ws) {}

  /// Applies the row's group of updates. Returns false, with the row and the thread's totals
  /// untouched, when the row needs slots the buffers do not have.
  bool run(const Group& g);

 private:
  /// What folding one column's updates left: its stored copies afterwards, and whether the
  /// copies found are killed.
  struct ColumnFold {
    std::size_t count;
    bool killed;
  };

  [[gnu::always_inline]] inline void load_row(Vertex r);
  // Step 1: lookup.
  [[gnu::always_inline]] inline void distinct_columns(const Group& g);
  void lookup();
  void lookup_sorted_prefix();
  void lookup_tail();
  void match_run(Offset first, Offset end, bool has_dead);
  bool live(Offset slot) const { return ws_.row.dead == 0 || !cur_.is_tombstone(slot); }
  // Step 2: fold.
  [[gnu::always_inline]] inline void fold();
  [[gnu::always_inline]] inline ColumnFold fold_single(std::size_t j, std::size_t existing,
                                                       Offset slot);
  [[gnu::always_inline]] inline ColumnFold fold_copies(std::size_t j, std::size_t existing);
  [[gnu::always_inline]] inline void log_change(Vertex c, std::size_t before, std::size_t after);
  // Step 3: place.
  [[gnu::always_inline]] inline bool place();
  [[gnu::always_inline]] inline bool must_relocate(Offset live_after) const;
  [[gnu::always_inline]] inline void drop_row(Offset live_before);
  bool relocate(Offset live_before, Offset live_after);
  void copy_sorted(Offset addr);
  [[gnu::always_inline]] inline bool append(Offset live_after);
  [[gnu::always_inline]] inline void put(Offset slot, std::size_t from, std::size_t count);
  [[gnu::always_inline]] inline void finish_in_place();
  [[gnu::always_inline]] inline Offset take_slots(Offset cap);
  [[gnu::always_inline]] inline std::uint32_t take_record();
  [[gnu::always_inline]] inline Offset slack(Offset len) const;
  [[gnu::always_inline]] inline DcsrRowInfo& page_entry();

  Dcsr& d_;
  const Batch& b_;
  const View& cur_;
  Workspace& ws_;
};

template <class T, class CombineOp>
bool Dcsr<T, CombineOp>::RowUpdate::run(const Group& g) {
  const std::size_t added = ws_.added.size(), removed = ws_.removed.size();
  ws_.row_result = {};
  load_row(g.row);
  distinct_columns(g);
  ws_.matches.clear();
  if (b_.lookups && ws_.row.info.size > 0) lookup();
  fold();
  if (!place()) {
    // Retried after the buffers grow: withdraw what the fold logged.
    ws_.added.resize(added);
    ws_.removed.resize(removed);
    return false;
  }
  ws_.result += ws_.row_result;
  return true;
}

/// Step 0: row r's page entry, and its segments from the entry (one) or its record (several).
template <class T, class CombineOp>
void Dcsr<T, CombineOp>::RowUpdate::load_row(Vertex r) {
  detail::DcsrRowState& row = ws_.row;
  row.row = r;
  row.info = cur_.row_info(r);
  row.dead = 0;
  row.sorted = row.info.sorted();
  row.nseg = 0;
  if (row.info.aux) {
    const SegmentRecordView rec = cur_.record(row.info.aux);
    row.dead = rec.dead();
    for (unsigned s = 0; s < rec.nseg(); ++s) row.add_segment(rec.start(s), rec.cap(s));
  } else if (const std::uint32_t cap0 = d_.cap0_[r]) {
    row.add_segment(row.info.start(), cap0);
  }
  row.found_nseg = row.nseg;
  row.found_capacity = 0;
  for (unsigned s = 0; s < row.nseg; ++s) row.found_capacity += row.caps[s];
}

}  // namespace spgraph

// The steps, and the batch driver that runs them: each needs RowUpdate complete.
#include "formats/dcsr/dcsr_row_fold.hpp"
#include "formats/dcsr/dcsr_row_lookup.hpp"
#include "formats/dcsr/dcsr_row_place.hpp"
#include "formats/dcsr/dcsr_update_impl.hpp"
