// SPDX-License-Identifier: Apache-2.0
// Parameters, batch results and statistics of the Dynamic CSR format (formats/dcsr/dcsr.hpp).
// Defaults follow King, Gilray, Kirby & Might, "Dynamic-CSR: A Format for Dynamic Sparse-Matrix
// Updates" (2016), section III.A: k = 4 segments per row, initial width mu and slack alpha
// equal to the average row length.
#pragma once

#include <cstdint>

#include "engine/core/duplicate_policy.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// The largest k (DcsrParams::max_segments) a matrix may be built with. The per-row update pass
/// keeps the segment list of the row it updates in arrays of this size, so the constructor
/// rejects a larger k and every step that adds a segment checks the bound.
inline constexpr unsigned kDcsrMaxSegments = 64;

struct DcsrParams {
  /// k: segments a row may hold before it is relocated into one (the paper's k = 4), from 1 to
  /// kDcsrMaxSegments.
  unsigned max_segments = 4;
  /// mu: slots given to every row of a blank matrix; 0 = none (rows get space on first insert).
  Offset initial_width = 0;
  /// alpha: slack added to every new segment; 0 = the average row length (at least 1).
  Offset slack = 0;
  /// Extra slack as a fraction of the row's length (0 = the paper's fixed alpha). A new segment
  /// gets max(alpha, slack_ratio * row length) free slots.
  double slack_ratio = 0;
  /// What an insert does with an entry already stored: Keep (another copy; the paper's choice,
  /// duplicates accumulate), Combine (folded into it with the format's operator) or
  /// IgnoreIfPresent (left as it is). Reject is not a choice here.
  DuplicatePolicy duplicates = DuplicatePolicy::Keep;
  /// Defragment the whole matrix after a batch once tombstones exceed this fraction of the
  /// stored entries.
  double tombstone_threshold = 0.2;
  /// ... or once the space not holding live entries (slack, abandoned segments, tombstones,
  /// segment records) exceeds this fraction of the live entries.
  double space_threshold = 0.5;
  /// Buffer reservation factor: buffers are reserved at this many times the slots needed
  /// (when built, defragmented, or grown because the bump allocator ran out). Reserved slots
  /// that are never handed out cost address space, not resident memory.
  double growth = 2.0;
};

/// Parameters for streams of updates on a CPU: the paper's k = 4, but slack of a quarter of the
/// row (at least 2 slots) instead of the paper's fixed alpha = mu. With alpha = mu every row an
/// update touches reserves mu slots, so a stream that touches many rows spends memory, and time
/// on defragmentation, on slack it never uses (bench/RESULTS.md: 3-5x slower inserts on a
/// Kronecker graph), while long rows still take a new segment per batch. DynamicGraph uses these.
inline DcsrParams streaming_dcsr_params() {
  DcsrParams p;
  p.slack = 2;
  p.slack_ratio = 0.25;
  return p;
}

/// What one batch did.
struct DcsrBatchResult {
  Offset inserted = 0;        ///< entries that became present (new keys, or new copies under Keep)
  Offset ignored = 0;         ///< inserts dropped because the entry was present (IgnoreIfPresent)
  Offset combined = 0;        ///< inserts folded into a present entry (Combine)
  Offset erased = 0;          ///< stored entries removed
  Offset missing = 0;         ///< erases and assigns of entries that were not present
  Offset assigned = 0;        ///< values changed by Assign
  Offset relocated = 0;       ///< rows moved into one segment (out of segments, or a long tail)
  Offset new_segments = 0;    ///< segments allocated
  bool defragmented = false;  ///< the batch ended with a whole-matrix defragmentation
  bool grew = false;          ///< the buffers were reallocated (larger) during the batch

  /// Adds the counts of `o` (the flags are the batch's, not summed).
  DcsrBatchResult& operator+=(const DcsrBatchResult& o) {
    inserted += o.inserted;
    ignored += o.ignored;
    combined += o.combined;
    erased += o.erased;
    missing += o.missing;
    assigned += o.assigned;
    relocated += o.relocated;
    new_segments += o.new_segments;
    return *this;
  }
};

/// A picture of the format's memory and fragmentation.
struct DcsrStats {
  Offset live = 0;        ///< entries present
  Offset tombstones = 0;  ///< erased entries still occupying slots in live rows
  Offset dead = 0;        ///< slots of abandoned segments (reclaimed by defragmentation)
  Offset allocated =
      0;  ///< slots handed out by the bump allocator (live + tombstones + dead + slack)
  Offset capacity = 0;  ///< slots in the buffers
  Offset multi_segment_rows = 0;
  std::uint64_t defragmentations = 0;
  std::uint64_t generation = 0;  ///< buffers built so far (defragmentations and growth)
  double tombstone_fraction() const {
    return live + tombstones ? double(tombstones) / double(live + tombstones) : 0.0;
  }
};

}  // namespace spgraph
