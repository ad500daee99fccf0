// SPDX-License-Identifier: Apache-2.0
// Dynamic CSR (DCSR): a sparse matrix that takes batches of inserts, erases and value updates in
// place while earlier snapshots of it stay readable. After King, Gilray, Kirby & Might,
// "Dynamic-CSR: A Format for Dynamic Sparse-Matrix Updates" (2016), section III.A.
//
// Structure (paper, section III.A): column ids and values live in shared buffers; each row owns
// up to k segments of them, handed out by a bump allocator with slack alpha added to every new
// segment; explicit row sizes say how much of the last segment is used. Storage details and
// the CPU layout are in dcsr_store.hpp.
//
// Updates (Algorithms 1-2, generalized to mixed batches; dcsr_update_impl.hpp): a batch is
// ordered by (row, column) (batch_order.hpp), then rows are processed in parallel, each by one
// thread, in three steps (RowUpdate, dcsr_row_update.hpp):
//   1. look up the batch's columns in the row, when the duplicate policy or an erase needs it:
//      binary search of the row's sorted prefix, one pass over the rest;
//   2. fold each column's updates in batch order into at most one tombstone and one new entry
//      (Keep: new copies); a changed value is a tombstone plus a new entry, never an overwrite;
//   3. place the new entries: in the free tail of the last segment; else in a new segment of
//      (needed + slack) slots (the only atomic: the bump pointer); else, when the row already
//      has k segments or its unsorted tail outgrew its sorted prefix, relocate the row into one
//      fresh segment, sorted (a per-row defragmentation: the old segments become dead space).
// A row whose allocation does not fit the buffers is left untouched and retried after the
// buffers grow (a defragmentation into larger buffers), so no entry is lost and no batch is
// half applied.
//
// Erases mark tombstones (versioned bits per slot); a defragmentation (Algorithm 4: a scan of
// the live row sizes, then a copy of each row's live entries with no sort) drops them and the
// dead space. It runs on request, and automatically after a batch when tombstones exceed
// params.tombstone_threshold of the entries, or when the space not holding live entries (slack,
// abandoned segments, tombstones, segment records) exceeds params.space_threshold of the live
// entries: that bounds memory whatever the update pattern.
//
// Snapshots and concurrency: freeze() returns an immutable DcsrView of the matrix as of the last
// batch, cheap (O(rows / 16384)) and safe to read from any thread while this object goes on
// updating, because the writer never writes memory a published snapshot can read:
//   - a data slot is written once, before the batch that fills it is frozen (appends go to
//     slack beyond every published row size; relocation and growth write fresh slots);
//   - row metadata and tombstone bits live in copy-on-write pages (cow_table.hpp);
//   - a segment record is written once, except that new segments go into its slots that no
//     published row size reaches;
//   - a defragmentation builds new buffers; old ones live while a snapshot holds them.
// The writer itself is single-threaded from the caller's point of view (one batch at a time);
// inside a batch it uses OpenMP threads over rows.
//
// Cost per batch: O(b log b) ordering + O(sum over touched rows of (lookups + new entries)), plus
// O(row) for a relocated row; defragmentation O(rows + entries).
#pragma once

#include <atomic>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "engine/core/edge_update.hpp"
#include "engine/core/semiring.hpp"
#include "formats/csr/csr.hpp"
#include "formats/dcsr/batch_order.hpp"
#include "formats/dcsr/cow_table.hpp"
#include "formats/dcsr/dcsr_params.hpp"
#include "formats/dcsr/dcsr_store.hpp"
#include "formats/dcsr/dcsr_view.hpp"

namespace spgraph {

/// Entries whose presence a batch changed (for incremental algorithms).
struct DcsrChangeLog {
  std::vector<std::pair<Vertex, Vertex>> added;    ///< absent before the batch, present after
  std::vector<std::pair<Vertex, Vertex>> removed;  ///< present before the batch, absent after
};

template <class T, class CombineOp = PlusOp<T>>
class Dcsr {
 public:
  using value_type = T;
  using View = DcsrView<T>;

  /// An empty nrows x ncols matrix; rows get params.initial_width slots each.
  Dcsr(Vertex nrows, Vertex ncols, bool pattern, DcsrParams params = {});
  /// A copy of `a`: one segment per row, no slack (paper, section III.A, "From CSR").
  static Dcsr from_csr(const Csr<T>& a, DcsrParams params = {});

  Dcsr(Dcsr&&) noexcept = default;
  Dcsr& operator=(Dcsr&&) noexcept = default;

  Vertex nrows() const { return nrows_; }
  Vertex ncols() const { return ncols_; }
  bool is_pattern() const { return pattern_; }
  /// Entries present.
  Offset nvals() const { return live_; }
  const DcsrParams& params() const { return params_; }
  /// Batches applied so far.
  std::uint64_t version() const { return version_; }

  /// Grows the dimensions (new rows are empty). Shrinking throws InvalidArgument.
  void resize(Vertex nrows, Vertex ncols);

  /// Inserts (rows[k], cols[k], vals[k]) per the duplicate policy. `vals` is empty for a
  /// pattern and has one value per entry otherwise. Throws IndexOutOfBounds or InvalidArgument
  /// before changing anything.
  DcsrBatchResult insert(std::span<const Vertex> rows, std::span<const Vertex> cols,
                         std::span<const T> vals = {}, DcsrChangeLog* log = nullptr);
  /// Erases every stored copy of (rows[k], cols[k]); absent entries are counted as missing.
  DcsrBatchResult erase(std::span<const Vertex> rows, std::span<const Vertex> cols,
                        DcsrChangeLog* log = nullptr);
  /// Applies a mixed batch (update k changes row updates[k].u, column updates[k].v); updates
  /// of the same entry take effect in batch order.
  DcsrBatchResult apply(std::span<const EdgeUpdate<T>> updates, DcsrChangeLog* log = nullptr);
  /// The same batch as parallel arrays: update k is (kinds[k], rows[k], cols[k], vals[k]);
  /// `vals` is empty for a pattern and has one value per update otherwise.
  DcsrBatchResult apply(std::span<const UpdateKind> kinds, std::span<const Vertex> rows,
                        std::span<const Vertex> cols, std::span<const T> vals = {},
                        DcsrChangeLog* log = nullptr);
  /// apply() for a caller that validated the batch at its own boundary (DynamicGraph): the
  /// arrays hold one entry per update (`kinds` empty: every update inserts; `vals` empty for a
  /// pattern), every index is in range, and a pattern gets no Assign. Checked by assert only.
  /// `inserts_absent`: the caller knows that every insert names a distinct entry the matrix
  /// does not hold (DynamicGraph's mirrored arcs, taken from the canonical arcs' change log), so
  /// rows are not searched for them, as under Keep.
  DcsrBatchResult apply_trusted(std::span<const UpdateKind> kinds, std::span<const Vertex> rows,
                                std::span<const Vertex> cols, std::span<const T> vals,
                                DcsrChangeLog* log, bool inserts_absent = false);

  /// Compacts every row into one segment with no slack, dropping tombstones and dead space
  /// (Algorithm 4); with `sort_rows`, each row also comes out sorted.
  void defragment(bool sort_rows = false);

  /// The current state, borrowed: valid until the next update, for this thread's use.
  View view() const;
  /// An immutable snapshot of the current state, safe to share with reader threads.
  View freeze();

  DcsrStats stats() const;
  /// Bytes in use: allocated slots (live, tombstoned, dead and slack) plus metadata.
  std::size_t memory_bytes() const;
  /// Bytes of address space reserved (buffer capacity plus metadata).
  std::size_t reserved_bytes() const;

 private:
  using Store = DcsrStore<T>;
  using S = stored_value_t<T>;
  struct Group {
    Vertex row;
    std::uint32_t begin, end;  // range in the ordered batch
  };
  struct Batch;
  struct Workspace;
  class RowUpdate;
  struct Holder;

  Dcsr(Vertex nrows, Vertex ncols, bool pattern, DcsrParams params, bool blank);
  View make_view(const DcsrStore<T>* store, typename CowTable<DcsrRowPage>::Reader rows,
                 typename CowTable<DcsrTombPage>::Reader tombs,
                 std::shared_ptr<const void> hold) const;
  /// Applies a valid batch (kinds null: every update is `uniform`; vals null for a pattern).
  DcsrBatchResult run_batch(const Vertex* rows, const Vertex* cols, const UpdateKind* kinds,
                            UpdateKind uniform, const T* vals, std::size_t n, DcsrChangeLog* log,
                            bool inserts_absent = false);
  /// Throws for the first update out of range, or assigning a value to a pattern.
  void validate(const Vertex* rows, const Vertex* cols, const UpdateKind* kinds, UpdateKind uniform,
                std::size_t n) const;
  /// The position of the first update validate() would throw for, or n.
  std::size_t first_invalid(const Vertex* rows, const Vertex* cols, const UpdateKind* kinds,
                            UpdateKind uniform, std::size_t n) const;
  void pass(const Batch& b, const std::vector<Group>& groups, std::vector<Group>& pending,
            DcsrBatchResult& result, DcsrChangeLog* log);
  void rebuild(Offset min_capacity, bool sort_rows);
  Offset slack_for(Offset len) const;
  /// Slots not holding live entries, plus segment records counted in slots.
  Offset space_overhead() const;
  Offset alpha() const;
  std::uint64_t max_records() const { return 4 * std::uint64_t(nrows_) + (1u << 20); }

  Vertex nrows_ = 0;
  Vertex ncols_ = 0;
  bool pattern_ = false;
  DcsrParams params_;
  std::shared_ptr<Store> store_;
  CowTable<DcsrRowPage> rows_;
  /// Capacity of each row's segment 0 (0: no segment), which only the writer reads (the row
  /// entries hold what readers need; dcsr_store.hpp). Not versioned: no snapshot reads it.
  std::vector<std::uint32_t> cap0_;
  CowTable<DcsrTombPage> tombs_;
  std::unique_ptr<std::atomic<Offset>> bump_ = std::make_unique<std::atomic<Offset>>(0);
  Offset live_ = 0;
  Offset tomb_count_ = 0;
  Offset dead_ = 0;
  std::uint64_t version_ = 0;
  std::uint64_t defrags_ = 0;
  std::uint64_t generation_ = 0;
  Offset max_row_size_ = 0;                             // no row holds more slots than this
  std::unique_ptr<std::vector<Workspace>> workspaces_;  // per-thread, reused across batches
  OrderedBatch batch_order_;                            // reused across batches
};

}  // namespace spgraph

#include "formats/dcsr/dcsr_rebuild_impl.hpp"
#include "formats/dcsr/dcsr_row_update.hpp"
