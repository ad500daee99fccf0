// SPDX-License-Identifier: Apache-2.0
// The host side of a device Dynamic CSR batch, shared by the CUDA driver (dcsr_update_cuda.cu,
// dcsr_query_cuda.cu) and its host emulation (dcsr_device_emulated.hpp): the merge's parameters,
// the counters turned into a batch result, and the loop that applies a batch whole. King, Gilray,
// Kirby & Might, "Dynamic-CSR" (2016), section III.A: when the pool (the paper's user-sized buffer)
// runs out, the rows that could not be served are left untouched; the pool is then rebuilt larger
// by a defragmentation (Alg. 4: a scan of the sizes, then a copy of each row) and those rows are
// merged again, so that no batch is half applied. After the batch, a defragmentation also runs
// when the space not holding entries (slack and abandoned segments) exceeds
// params.space_threshold of the entries, which bounds memory whatever the update pattern.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/error.hpp"
#include "formats/dcsr/dcsr_merge_lanes.hpp"
#include "formats/dcsr/dcsr_params.hpp"

namespace spgraph {

/// What a batch did on the device format: the CPU format's counts (dcsr_params.hpp; counted
/// updates only) and the change in the number of counted self-loops (DeviceDynamicGraph keeps
/// the self-loop count of an undirected graph with it). There is no change log.
struct DcsrDeviceResult {
  DcsrBatchResult counts;
  std::int64_t self_loop_delta = 0;
};

/// A device Dynamic CSR's entries copied to the host, row by row in storage order (not sorted;
/// every copy under Keep): row r's are [row_ptr[r], row_ptr[r+1]).
template <class T>
struct DcsrDeviceContents {
  std::vector<Offset> row_ptr;
  std::vector<Vertex> col;
  std::vector<stored_value_t<T>> val;  ///< empty for a pattern
};

/// Whether rows must be searched for the batch's columns: always under the set policies; under
/// Keep only when the batch erases or assigns (an insert adds a copy whatever is stored).
inline bool dcsr_batch_needs_lookups(DuplicatePolicy dup, std::span<const UpdateKind> kinds) {
  if (dup != DuplicatePolicy::Keep) return true;
  return std::any_of(kinds.begin(), kinds.end(),
                     [](UpdateKind k) { return k != UpdateKind::Insert; });
}

/// The merge's parameters for a matrix of `live` entries in `nrows` rows: alpha is the
/// params' slack, or the average row length (at least 1) when it is 0, as on the CPU.
inline DcsrMergeParams dcsr_merge_params(const DcsrParams& p, bool pattern, bool lookups,
                                         Offset live, Vertex nrows) {
  DcsrMergeParams m;
  m.duplicates = p.duplicates;
  m.pattern = pattern;
  m.lookups = lookups;
  m.alpha = p.slack ? p.slack : std::max<Offset>(1, nrows ? live / nrows : 1);
  m.slack_ratio = p.slack_ratio;
  return m;
}

/// The pool's capacity when it is rebuilt for `live` entries and `extra` more slots.
inline Offset dcsr_pool_capacity(const DcsrParams& p, Offset live, Offset extra) {
  const double growth = std::max(1.0, p.growth);
  return std::max<Offset>(Offset(growth * double(live + extra)), live + extra);
}

/// Applies a sorted, grouped batch whole. Engine (the CUDA driver or the emulation) offers:
///   DcsrRowCounts merge_pass(const DcsrMergeParams&)  merges every group not yet done;
///   void defragment(Offset capacity)                   rebuilds the pool (Alg. 4);
///   Offset live(), void add_live(std::int64_t), Offset allocated()  the pool's accounting.
template <class Engine>
DcsrDeviceResult dcsr_merge_batch(Engine& e, const DcsrParams& p, const DcsrMergeParams& m) {
  DcsrRowCounts total;
  DcsrDeviceResult out;
  for (int round = 0;; ++round) {
    const DcsrRowCounts t = e.merge_pass(m);
    for (unsigned i = 0; i < kDcsrCounters; ++i) total.c[i] += t.c[i];
    e.add_live(std::int64_t(t.c[kDcsrLiveAdded]) - std::int64_t(t.c[kDcsrLiveRemoved]));
    if (t.c[kDcsrPending] == 0) break;
    // Each pending row needs at most its entries plus slack; a pool rebuilt with that much
    // free serves every one, so a second round always finishes.
    if (round > 0) throw Error("device Dynamic CSR: the rebuilt pool could not serve a batch");
    e.defragment(dcsr_pool_capacity(p, e.live(), t.c[kDcsrPendingSlots]));
    out.counts.grew = true;
  }
  DcsrBatchResult& r = out.counts;
  r.inserted = total.c[kDcsrInserted];
  r.ignored = total.c[kDcsrIgnored];
  r.combined = total.c[kDcsrCombined];
  r.erased = total.c[kDcsrErased];
  r.missing = total.c[kDcsrMissing];
  r.assigned = total.c[kDcsrAssigned];
  r.relocated = total.c[kDcsrRelocated];
  r.new_segments = total.c[kDcsrNewSegments];
  out.self_loop_delta =
      std::int64_t(total.c[kDcsrLoopsAdded]) - std::int64_t(total.c[kDcsrLoopsRemoved]);
  const Offset live = e.live();
  if (double(e.allocated() - live) > p.space_threshold * double(live)) {
    e.defragment(dcsr_pool_capacity(p, live, 0));
    r.defragmented = true;
  }
  return out;
}

}  // namespace spgraph
