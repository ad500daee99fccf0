// SPDX-License-Identifier: Apache-2.0
// The storage pieces of Dynamic CSR (formats/dcsr/dcsr.hpp):
//   - DcsrRowPage: the per-row metadata of 64 rows, the unit of copy-on-write versioning;
//   - DcsrTombPage: tombstone bits of 4096 slots, also versioned page by page;
//   - SegmentRecords: write-once records listing the segments (and tombstone count) of rows
//     that have more than one segment or hold tombstones;
//   - DcsrStore: one generation of buffers (column ids, values, segment records).
//
// Layout, and why it differs from the paper's (King et al. 2016, section III.A). The paper keeps
// a k x pitch table of (start, end) pairs, pitch >= 2n, so that GPU threads of adjacent rows read
// adjacent addresses. On a CPU the coalescing argument does not apply, and versioned snapshots
// need per-row state that can be copied page by page. So a row's common case (one segment, no
// tombstones) lives in one page entry: start of segment 0, size (slots used, tombstoned ones
// included) and the length of the sorted prefix; rows with more segments, or with tombstones,
// point (aux) at a record holding all k (start, capacity) pairs. The page entry is what readers
// need, 16 bytes per row, against the paper's 4 + 8k; the capacity of segment 0, which only the
// writer reads, is a writer-only array of 4 bytes per row beside it. A record costs 16 + 16k
// bytes, for the rows that need one. (An entry with a second segment inline, 40 bytes, was
// measured: it used more memory and, since defragmentation then came later, left rows more
// fragmented.)
//
// Concurrency rules that make snapshots safe (see dcsr.hpp): a data slot is written once, before
// the version that first includes it is published, and never again in its generation; a record
// only gains segments in slots no published size reaches; pages follow CowTable's
// copy-on-write.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/core/error.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// What a reader needs of a row, in 16 bytes (four rows per cache line): the first slot of
/// segment 0 and the length of its sorted prefix packed in one word, the slots in use, and the
/// segment record. The capacity of segment 0, which only the writer needs, lives in the writer's
/// own array (Dcsr::cap0_), not here.
struct DcsrRowInfo {
  static constexpr unsigned kStartBits = 36;
  /// The largest slot a row can start at (the store's capacity is capped below it).
  static constexpr Offset kMaxStart = (Offset(1) << kStartBits) - 1;
  /// The longest sorted prefix recorded; a longer one is recorded as this (a shorter prefix of
  /// a sorted run is still sorted, so readers stay right and only scan more).
  static constexpr std::uint32_t kMaxSorted = (std::uint32_t(1) << (64 - kStartBits)) - 1;

  std::uint32_t size = 0;  ///< slots in use over all segments (live + tombstoned)
  std::uint32_t aux = 0;   ///< 0, or 1 + id of the row's segment record

  /// First slot of segment 0.
  Offset start() const { return word_ & kMaxStart; }
  /// Leading slots of segment 0 whose columns do not descend (at most kMaxSorted).
  std::uint32_t sorted() const { return std::uint32_t(word_ >> kStartBits); }
  /// Sets the first slot (at most kMaxStart: DcsrStore refuses larger capacities).
  void set_start(Offset slot) { word_ = (word_ & ~kMaxStart) | slot; }
  /// Sets the sorted prefix, recorded as at most kMaxSorted.
  void set_sorted(Offset len) {
    word_ = (word_ & kMaxStart) | (std::min<Offset>(len, kMaxSorted) << kStartBits);
  }

 private:
  std::uint64_t word_ = 0;
};
static_assert(sizeof(DcsrRowInfo) == 16, "a row entry is 16 bytes");

/// Metadata of 64 consecutive rows, row by row (a row's fields share a cache line: an update
/// or a lookup of one row touches one line). A never-written page reads as 64 empty rows.
struct DcsrRowPage {
  static constexpr unsigned kShift = 6;
  static constexpr unsigned kRows = 1u << kShift;
  DcsrRowInfo row[kRows];
};

/// Tombstone bits of 4096 consecutive slots.
struct DcsrTombPage {
  static constexpr unsigned kShift = 12;
  std::uint64_t bits[(1u << kShift) / 64];
};

/// Records, each listing up to k segments of one row and its tombstone count. Readers walk a
/// row's segments until its (versioned) size is covered, so they never read a segment slot past
/// the ones their version published: the writer appends a segment to a record in place, in the
/// next free slot. A record's tombstone count never changes once written (a new count means a
/// new record). The segment count is the writer's alone. Record ids are handed out atomically
/// (several threads insert into different rows), from chunks whose addresses never change, so
/// readers may read published records while the writer adds new ones.
class SegmentRecords {
 public:
  static constexpr unsigned kChunkBits = 14;

  SegmentRecords(unsigned k, std::uint64_t max_records)
      : k_(k),
        stride_(2 + 2 * std::size_t(k)),
        max_chunks_((max_records >> kChunkBits) + 1),
        chunks_(std::make_unique<std::unique_ptr<std::uint64_t[]>[]>(max_chunks_)) {}

  unsigned k() const { return k_; }
  /// Ensures `more` further records can be allocated without a new chunk; false when the
  /// arena is full (the caller defragments, which starts a new arena).
  bool reserve(std::uint64_t more) {
    const std::uint64_t need = next_.load(std::memory_order_relaxed) + more;
    const std::uint64_t chunks = (need + (std::uint64_t(1) << kChunkBits) - 1) >> kChunkBits;
    if (chunks > max_chunks_) return false;
    for (; allocated_chunks_ < chunks; ++allocated_chunks_)
      chunks_[allocated_chunks_] =
          std::make_unique_for_overwrite<std::uint64_t[]>(stride_ << kChunkBits);
    return true;
  }
  /// The first of `count` new record ids (thread-safe within the reserved count).
  std::uint32_t allocate(std::uint32_t count = 1) {
    return std::uint32_t(next_.fetch_add(count, std::memory_order_relaxed));
  }
  std::uint64_t used() const { return next_.load(std::memory_order_relaxed); }
  std::size_t bytes() const {
    return allocated_chunks_ * (stride_ << kChunkBits) * sizeof(std::uint64_t) +
           max_chunks_ * sizeof(void*);
  }

  /// Word layout: dead (readers), nseg (writer only), caps (k words), starts (k words).
  std::uint64_t* words(std::uint32_t id) {
    return chunks_[id >> kChunkBits].get() + stride_ * (id & ((1u << kChunkBits) - 1));
  }
  const std::uint64_t* words(std::uint32_t id) const {
    return chunks_[id >> kChunkBits].get() + stride_ * (id & ((1u << kChunkBits) - 1));
  }

 private:
  unsigned k_;
  std::size_t stride_;
  std::uint64_t max_chunks_;
  std::unique_ptr<std::unique_ptr<std::uint64_t[]>[]> chunks_;
  std::uint64_t allocated_chunks_ = 0;
  std::atomic<std::uint64_t> next_{0};
};

/// Read access to one segment record.
class SegmentRecordView {
 public:
  SegmentRecordView(const std::uint64_t* w, unsigned k) : w_(w), k_(k) {}
  unsigned k() const { return k_; }
  /// Tombstones in the row.
  std::uint32_t dead() const { return std::uint32_t(w_[0]); }
  /// Segments in use: for the writer only (readers bound their walk by the row size).
  unsigned nseg() const { return unsigned(w_[1]); }
  std::uint32_t cap(unsigned s) const { return std::uint32_t(w_[2 + s]); }
  Offset start(unsigned s) const { return w_[2 + k_ + s]; }

 private:
  const std::uint64_t* w_;
  unsigned k_;
};

/// Writes a new segment record.
inline void write_segment_record(std::uint64_t* w, unsigned k, unsigned nseg, std::uint32_t dead,
                                 const std::uint32_t* caps, const Offset* starts) {
  w[0] = dead;
  w[1] = nseg;
  for (unsigned s = 0; s < k; ++s) w[2 + s] = s < nseg ? caps[s] : 0;
  for (unsigned s = 0; s < k; ++s) w[2 + k + s] = s < nseg ? starts[s] : 0;
}

/// Appends segments [from, nseg) to a record in place: their slots are past every published
/// row size, so no reader reads them.
inline void append_segments(std::uint64_t* w, unsigned k, unsigned from, unsigned nseg,
                            const std::uint32_t* caps, const Offset* starts) {
  for (unsigned s = from; s < nseg; ++s) {
    w[2 + s] = caps[s];
    w[2 + k + s] = starts[s];
  }
  w[1] = nseg;
}

/// The CSR row pointers a generation starts from (from CSR or a defragmentation: every row one
/// contiguous segment, rows in order), and which 64-row pages have been written since. A page
/// not marked is unchanged in every version of the generation, so readers may take its rows
/// straight from the row pointers, as CSR kernels do. The writer marks a page (relaxed atomic
/// or) before it changes the page; a reader that still sees it clear reads a version from
/// before the change, where the row pointers are right.
class CsrOrigin {
 public:
  CsrOrigin() = default;
  /// Row pointers for `rows` rows (rows + 1 entries), all pages clean.
  explicit CsrOrigin(Vertex rows)
      : rows_(rows),
        row_ptr_(std::make_unique_for_overwrite<Offset[]>(std::size_t(rows) + 1)),
        words_((std::size_t(rows) + (64u << 6) - 1) / (64u << 6)),
        touched_(std::make_unique<std::atomic<std::uint64_t>[]>(words_)) {}
  Offset* row_ptr() { return row_ptr_.get(); }
  const Offset* row_ptr() const { return row_ptr_.get(); }
  Vertex rows() const { return rows_; }
  /// True when row r may be read from the row pointers.
  bool clean(Vertex r) const { return r < rows_ && clean_page(r >> 6); }
  /// True when every row of page p may be read from the row pointers (the writer marks a
  /// partial last page when the matrix grows past it).
  bool clean_page(std::size_t p) const {
    if ((p << 6) >= rows_) return false;
    return !((touched_[p >> 6].load(std::memory_order_relaxed) >> (p & 63)) & 1);
  }
  /// Marks page p as written (writer only).
  void touch_page(std::size_t p) {
    if ((p << 6) < rows_)
      touched_[p >> 6].fetch_or(std::uint64_t(1) << (p & 63), std::memory_order_relaxed);
  }
  std::size_t bytes() const {
    return row_ptr_ ? (std::size_t(rows_) + 1) * sizeof(Offset) + words_ * 8 : 0;
  }

 private:
  Vertex rows_ = 0;
  std::unique_ptr<Offset[]> row_ptr_;
  std::size_t words_ = 0;
  std::unique_ptr<std::atomic<std::uint64_t>[]> touched_;
};

/// One generation of Dynamic CSR buffers. Slots are allocated uninitialized, so capacity that
/// is never handed out costs address space but no resident memory.
template <class T>
struct DcsrStore {
  DcsrStore(Offset capacity, bool pattern, unsigned k, std::uint64_t max_records)
      : capacity(checked_capacity(capacity)),
        col(std::make_unique_for_overwrite<Vertex[]>(capacity)),
        val(pattern ? nullptr : std::make_unique_for_overwrite<stored_value_t<T>[]>(capacity)),
        records(k, max_records) {}

  Offset capacity;
  std::unique_ptr<Vertex[]> col;
  std::unique_ptr<stored_value_t<T>[]> val;  ///< null for a pattern
  SegmentRecords records;
  CsrOrigin origin;  ///< empty for a blank matrix

  SegmentRecordView record(std::uint32_t id) const {
    return SegmentRecordView(records.words(id), records.k());
  }

 private:
  /// Row entries address slots with DcsrRowInfo::kStartBits bits.
  static Offset checked_capacity(Offset capacity) {
    if (capacity > DcsrRowInfo::kMaxStart)
      throw OutOfMemory("dcsr: " + std::to_string(capacity) +
                        " slots asked for; a Dynamic CSR holds at most 2^36 (about 68.7 billion)");
    return capacity;
  }
};

}  // namespace spgraph
