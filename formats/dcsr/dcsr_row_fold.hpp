// SPDX-License-Identifier: Apache-2.0
// Step 2 of a Dynamic CSR row update (dcsr_row_update.hpp): fold. Each distinct column's updates
// are replayed in batch order against the copies the lookup found, leaving slots to kill
// (tombstones; ws.kills) and new entries (ws.app_col / ws.app_val, in column order). A changed
// value is a tombstone plus a new entry, never an overwrite, since a slot a snapshot can read is
// never written again. Under Keep, inserts add copies, as King et al., "Dynamic-CSR" (2016),
// section III.A, let duplicates accumulate; under Combine and IgnoreIfPresent a column holds at
// most one entry. The step also counts what the updates did (ws.row_result) and logs entries
// whose presence changed (ws.added, ws.removed).
#pragma once

#include "formats/dcsr/dcsr_row_update.hpp"

namespace spgraph {

template <class T, class CombineOp>
void Dcsr<T, CombineOp>::RowUpdate::fold() {
  ws_.kills.clear();
  ws_.app_col.clear();
  ws_.app_val.clear();
  const bool keep = d_.params_.duplicates == DuplicatePolicy::Keep;
  std::size_t mi = 0;
  for (std::size_t j = 0; j < ws_.qcol.size(); ++j) {
    // ws.matches is sorted: column j's copies are the run [m0, mi).
    const std::size_t m0 = mi;
    while (mi < ws_.matches.size() && ws_.matches[mi].first == j) ++mi;
    const std::size_t existing = mi - m0;
    const ColumnFold f = keep ? fold_copies(j, existing)
                              : fold_single(j, existing, existing ? ws_.matches[m0].second : 0);
    if (f.killed)
      for (std::size_t m = m0; m < mi; ++m) ws_.kills.push_back(ws_.matches[m].second);
    log_change(ws_.qcol[j], existing, f.count);
  }
}

/// Combine and IgnoreIfPresent: column j holds at most one entry (in `slot` when `existing`).
/// Its updates are replayed on (present, value); the entry found is killed when it goes or its
/// value changes, and the final one is new when it was absent or changed.
template <class T, class CombineOp>
typename Dcsr<T, CombineOp>::RowUpdate::ColumnFold Dcsr<T, CombineOp>::RowUpdate::fold_single(
    std::size_t j, std::size_t existing, Offset slot) {
  const bool combine = d_.params_.duplicates == DuplicatePolicy::Combine && !d_.pattern_;
  DcsrBatchResult& res = ws_.row_result;
  const bool initial = existing > 0;
  bool present = initial, fresh = false;
  T value = initial ? cur_.value(slot) : T{};
  for (std::uint32_t k = ws_.qbegin[j]; k < ws_.qbegin[j + 1]; ++k) {
    switch (b_.kind(k)) {
      case UpdateKind::Insert:
        if (!present) {
          present = fresh = true;
          value = b_.value(k);
        } else if (combine) {
          value = CombineOp::apply(value, b_.value(k));
          fresh = true;
          ++res.combined;
        } else {
          ++res.ignored;
        }
        break;
      case UpdateKind::Erase:
        if (present)
          present = fresh = false;
        else
          ++res.missing;
        break;
      case UpdateKind::Assign:
        if (present) {
          value = b_.value(k);
          fresh = true;
          ++res.assigned;
        } else {
          ++res.missing;
        }
        break;
    }
  }
  if (present && (!initial || fresh)) {
    ws_.app_col.push_back(ws_.qcol[j]);
    if (!d_.pattern_) ws_.app_val.push_back(S(value));
  }
  return {present ? std::size_t(1) : std::size_t(0), initial && (!present || fresh)};
}

/// Keep: column j holds `existing` copies. Inserts add copies; an erase kills every copy, an
/// assign replaces every copy with one of the new value each (copies found are then killed).
template <class T, class CombineOp>
typename Dcsr<T, CombineOp>::RowUpdate::ColumnFold Dcsr<T, CombineOp>::RowUpdate::fold_copies(
    std::size_t j, std::size_t existing) {
  DcsrBatchResult& res = ws_.row_result;
  bool killed = false;
  ws_.copies.clear();
  for (std::uint32_t k = ws_.qbegin[j]; k < ws_.qbegin[j + 1]; ++k) {
    const std::size_t stored = (killed ? 0 : existing) + ws_.copies.size();
    switch (b_.kind(k)) {
      case UpdateKind::Insert:
        ws_.copies.push_back(S(b_.value(k)));
        break;
      case UpdateKind::Erase:
        if (stored) {
          killed = true;
          ws_.copies.clear();
        } else {
          ++res.missing;
        }
        break;
      case UpdateKind::Assign:
        if (stored) {
          killed = true;
          ws_.copies.assign(stored, S(b_.value(k)));
          ++res.assigned;
        } else {
          ++res.missing;
        }
        break;
    }
  }
  for (const S v : ws_.copies) {
    ws_.app_col.push_back(ws_.qcol[j]);
    if (!d_.pattern_) ws_.app_val.push_back(v);
  }
  return {(killed ? 0 : existing) + ws_.copies.size(), killed && existing > 0};
}

/// Counts column c going from `before` to `after` stored copies, and logs its (dis)appearance.
template <class T, class CombineOp>
void Dcsr<T, CombineOp>::RowUpdate::log_change(Vertex c, std::size_t before, std::size_t after) {
  DcsrBatchResult& res = ws_.row_result;
  if (after > before) res.inserted += after - before;
  if (after < before) res.erased += before - after;
  if (before == 0 && after > 0) ws_.added.push_back({ws_.row.row, c});
  if (before > 0 && after == 0) ws_.removed.push_back({ws_.row.row, c});
}

}  // namespace spgraph
