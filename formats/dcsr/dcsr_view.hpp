// SPDX-License-Identifier: Apache-2.0
// DcsrView: read access to a Dynamic CSR matrix, either a frozen snapshot (immutable, shareable
// between threads, kept alive by reference count) or the writer's current state (borrowed,
// valid until the next update).
//
// A row is read as the paper's DCSR SpMV reads it (King et al. 2016, Algorithm 3, with the
// clip of the last segment that the text prescribes): walk the segments in order, taking
// min(capacity, size - consumed) slots from each. Rows whose entries were erased carry
// tombstones; their slots are checked against the versioned tombstone bits and skipped. Rows
// are not sorted: segment 0 starts with `sorted` slots in ascending column order (a row fresh
// from CSR, a relocation or a sorting defragmentation), and entries appended since follow in
// insertion order. Lookups binary-search the sorted prefix and scan the rest.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include <omp.h>

#include "engine/core/semiring.hpp"
#include "formats/coo/coo.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/sort_keys.hpp"
#include "formats/dcsr/cow_table.hpp"
#include "formats/dcsr/dcsr_params.hpp"
#include "formats/dcsr/dcsr_store.hpp"

namespace spgraph {

/// The structure of a Dynamic CSR matrix (no values): what BFS and other structure-only kernels
/// read, compiled once for every value type.
class DcsrAdjacency {
 public:
  DcsrAdjacency() = default;
  DcsrAdjacency(const Vertex* col, const SegmentRecords* records, const CsrOrigin* origin,
                CowTable<DcsrRowPage>::Reader rows, CowTable<DcsrTombPage>::Reader tombs,
                Vertex nrows, Offset live)
      : col_(col),
        records_(records),
        origin_(origin),
        rows_(rows),
        tombs_(tombs),
        n_(nrows),
        live_(live) {}

  Vertex n() const { return n_; }
  /// Entries present.
  Offset nnz() const { return live_; }

  /// Page metadata of row r.
  DcsrRowInfo row_info(Vertex r) const {
    const DcsrRowPage* pg = rows_.page(r >> DcsrRowPage::kShift);
    if (!pg) return {};
    const unsigned i = r & (DcsrRowPage::kRows - 1);
    return pg->row[i];
  }
  const DcsrRowPage* page(std::size_t p) const { return rows_.page(p); }
  /// The address of row r's page entry, or nullptr (for prefetching).
  const void* row_address(Vertex r) const {
    const DcsrRowPage* pg = rows_.page(r >> DcsrRowPage::kShift);
    return pg ? &pg->row[r & (DcsrRowPage::kRows - 1)] : nullptr;
  }
  SegmentRecordView record(std::uint32_t aux) const {
    return SegmentRecordView(records_->words(aux - 1), records_->k());
  }

  /// The CSR the generation started from, for rows still as they were there.
  const CsrOrigin& origin() const { return *origin_; }

  /// Entries present in row r.
  Offset degree(Vertex r) const {
    if (origin_->clean(r)) return origin_->row_ptr()[r + 1] - origin_->row_ptr()[r];
    const DcsrRowInfo info = row_info(r);
    return info.aux ? Offset(info.size) - record(info.aux).dead() : Offset(info.size);
  }

  /// True when slot `s` holds an erased entry.
  bool is_tombstone(Offset s) const {
    const DcsrTombPage* pg = tombs_.page(s >> DcsrTombPage::kShift);
    return pg && ((pg->bits[(s >> 6) & 63] >> (s & 63)) & 1);
  }

  /// Calls f(first_slot, length, has_tombstones) for each used run of row r's segments, in
  /// order, until f returns true; returns whether it did.
  template <class F>
  bool for_each_run(Vertex r, F&& f) const {
    if (origin_->clean(r)) {
      const Offset b = origin_->row_ptr()[r], e = origin_->row_ptr()[r + 1];
      return e > b && f(b, e - b, false);
    }
    const DcsrRowInfo info = row_info(r);
    if (info.size == 0) return false;
    if (info.aux == 0) return f(info.start(), Offset(info.size), false);
    const SegmentRecordView rec = record(info.aux);
    const bool dead = rec.dead() != 0;
    Offset left = info.size;
    // The size bounds the walk: segments past it may be in the writer's hands.
    for (unsigned s = 0; s < rec.k() && left; ++s) {
      const Offset len = std::min<Offset>(rec.cap(s), left);
      if (f(rec.start(s), len, dead)) return true;
      left -= len;
    }
    return false;
  }

  /// Calls f(col, slot) for every entry of row r, in storage order.
  template <class F>
  void for_each(Vertex r, F&& f) const {
    for_each_run(r, [&](Offset b, Offset len, bool dead) {
      if (!dead) {
        for (Offset s = b; s < b + len; ++s) f(col_[s], s);
      } else {
        for (Offset s = b; s < b + len; ++s)
          if (!is_tombstone(s)) f(col_[s], s);
      }
      return false;
    });
  }
  /// Calls f(col) for every neighbour of v (the BFS kernel's interface).
  template <class F>
  void for_each_neighbor(Vertex v, F&& f) const {
    for_each(v, [&](Vertex c, Offset) { f(c); });
  }

  /// Calls pred(col, slot) for the entries of row r until it returns true; returns whether it
  /// did (the early exit of BFS pull steps).
  template <class F>
  bool find_if(Vertex r, F&& pred) const {
    return for_each_run(r, [&](Offset b, Offset len, bool dead) {
      for (Offset s = b; s < b + len; ++s)
        if ((!dead || !is_tombstone(s)) && pred(col_[s], s)) return true;
      return false;
    });
  }
  /// Calls pred(col) on the neighbours of v until it returns true (the BFS kernel's interface).
  template <class F>
  bool find_neighbor(Vertex v, F&& pred) const {
    return find_if(v, [&](Vertex c, Offset) { return pred(c); });
  }

  /// The column id in slot s.
  Vertex col_at(Offset s) const { return col_[s]; }
  const Vertex* cols() const { return col_; }

  /// The slot holding (r, c), or nullopt; with duplicates kept, the first stored copy.
  std::optional<Offset> find(Vertex r, Vertex c) const {
    const DcsrRowInfo info = row_info(r);
    if (info.size == 0) return std::nullopt;
    const Vertex* b = col_ + info.start();
    for (const Vertex* it = std::lower_bound(b, b + info.sorted(), c);
         it != b + info.sorted() && *it == c; ++it)
      if (!is_tombstone(Offset(it - col_))) return Offset(it - col_);
    std::optional<Offset> hit;
    Offset skip = info.sorted();
    for_each_run(r, [&](Offset first, Offset len, bool dead) {
      const Offset from = std::min(skip, len);
      skip -= from;
      for (Offset s = first + from; s < first + len; ++s)
        if (col_[s] == c && (!dead || !is_tombstone(s))) {
          hit = s;
          return true;
        }
      return false;
    });
    return hit;
  }

 private:
  const Vertex* col_ = nullptr;
  const SegmentRecords* records_ = nullptr;
  const CsrOrigin* origin_ = nullptr;
  CowTable<DcsrRowPage>::Reader rows_;
  CowTable<DcsrTombPage>::Reader tombs_;
  Vertex n_ = 0;
  Offset live_ = 0;
};

/// The number of vertices of a graph structure (the kernels' common interface).
inline Vertex vertex_count(const DcsrAdjacency& g) {
  return g.n();
}

template <class T>
class DcsrView {
 public:
  using value_type = T;
  using RowTable = CowTable<DcsrRowPage>;
  using TombTable = CowTable<DcsrTombPage>;

  /// The pieces a view reads; `hold` owns them for a frozen view and is empty for a borrowed one.
  struct Parts {
    const DcsrStore<T>* store = nullptr;
    typename RowTable::Reader rows;
    typename TombTable::Reader tombs;
    Vertex nrows = 0;
    Vertex ncols = 0;
    bool pattern = false;
    Offset live = 0;
    std::uint64_t version = 0;
    DuplicatePolicy duplicates = DuplicatePolicy::Keep;
    std::shared_ptr<const void> hold;
  };

  DcsrView() = default;
  explicit DcsrView(Parts p)
      : p_(std::move(p)),
        adj_(p_.store->col.get(), &p_.store->records, &p_.store->origin, p_.rows, p_.tombs,
             p_.nrows, p_.live) {}

  Vertex nrows() const { return p_.nrows; }
  Vertex ncols() const { return p_.ncols; }
  bool is_pattern() const { return p_.pattern; }
  /// Entries present (tombstones excluded).
  Offset nvals() const { return p_.live; }
  /// The number of batches applied before this view was taken (0 = as built).
  std::uint64_t version() const { return p_.version; }
  DuplicatePolicy duplicates() const { return p_.duplicates; }
  /// True for a frozen snapshot (safe to read while the writer goes on).
  bool is_frozen() const { return p_.hold != nullptr; }
  /// The structure alone.
  const DcsrAdjacency& adjacency() const { return adj_; }

  DcsrRowInfo row_info(Vertex r) const { return adj_.row_info(r); }
  const void* row_address(Vertex r) const { return adj_.row_address(r); }
  SegmentRecordView record(std::uint32_t aux) const { return adj_.record(aux); }
  /// Entries present in row r.
  Offset degree(Vertex r) const { return adj_.degree(r); }
  /// True when slot `s` holds an erased entry.
  bool is_tombstone(Offset s) const { return adj_.is_tombstone(s); }
  /// See DcsrAdjacency::for_each_run.
  template <class F>
  bool for_each_run(Vertex r, F&& f) const {
    return adj_.for_each_run(r, std::forward<F>(f));
  }
  /// Calls f(col, slot) for every entry of row r, in storage order.
  template <class F>
  void for_each(Vertex r, F&& f) const {
    adj_.for_each(r, std::forward<F>(f));
  }
  /// Calls pred(col, slot) for the entries of row r until it returns true.
  template <class F>
  bool find_if(Vertex r, F&& pred) const {
    return adj_.find_if(r, std::forward<F>(pred));
  }

  /// The value in slot s (1 for a pattern).
  T value(Offset s) const { return p_.pattern ? T(1) : static_cast<T>(p_.store->val[s]); }
  /// The column id in slot s.
  Vertex col_at(Offset s) const { return adj_.col_at(s); }

  /// The slot holding (r, c), or nullopt; with duplicates kept, the first stored copy.
  std::optional<Offset> find(Vertex r, Vertex c) const { return adj_.find(r, c); }
  bool contains(Vertex r, Vertex c) const { return find(r, c).has_value(); }
  /// The value at (r, c), or nullopt when absent.
  std::optional<T> get(Vertex r, Vertex c) const {
    const auto s = find(r, c);
    return s ? std::optional<T>(value(*s)) : std::nullopt;
  }

  /// The matrix as CSR with sorted rows. Copies kept under DuplicatePolicy::Keep are folded
  /// with DupOp (sum by default, as the paper's accumulated duplicates would multiply).
  template <class DupOp = PlusOp<T>>
  Csr<T> to_csr() const;

  /// The pieces this view reads (for kernels and the writer).
  const Parts& parts() const { return p_; }

 private:
  Parts p_;
  DcsrAdjacency adj_;
};

namespace detail {

/// Sorts (col, value) pairs of one row by column (stable), reusing `scratch`.
template <class V>
void sort_row_entries(Vertex* cols, V* vals, std::size_t n,
                      std::vector<std::pair<Vertex, V>>& scratch) {
  if (n < 2) return;
  scratch.resize(n);
  for (std::size_t k = 0; k < n; ++k) scratch[k] = {cols[k], vals[k]};
  std::stable_sort(scratch.begin(), scratch.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t k = 0; k < n; ++k) {
    cols[k] = scratch[k].first;
    vals[k] = scratch[k].second;
  }
}

/// The sorted merge that finishes a row copied as "sorted prefix, then the rest": out_c[0, head)
/// (and out_v, null for a pattern) hold the row's sorted prefix; the rest of its entries, in
/// tail_col / tail_val, are sorted by column and merged in from the back, so the prefix stays
/// in place and out_c[0, head + tail) comes out sorted. Columns are below `ncols`.
template <class S>
void merge_sorted_tail(Vertex* out_c, S* out_v, std::size_t head, std::vector<Vertex>& tail_col,
                       std::vector<S>& tail_val, Vertex ncols,
                       std::vector<std::pair<Vertex, S>>& pair_scratch,
                       std::vector<Vertex>& key_scratch) {
  if (out_v)
    sort_row_entries(tail_col.data(), tail_val.data(), tail_col.size(), pair_scratch);
  else
    sort_keys(tail_col.data(), tail_col.size(), ncols ? ncols - 1 : 0, key_scratch);
  std::size_t a = head, t = tail_col.size(), w = head + t;
  while (t > 0) {
    --w;
    if (a > 0 && out_c[a - 1] > tail_col[t - 1]) {
      --a;
      out_c[w] = out_c[a];
      if (out_v) out_v[w] = out_v[a];
    } else {
      --t;
      out_c[w] = tail_col[t];
      if (out_v) out_v[w] = tail_val[t];
    }
  }
}

}  // namespace detail

template <class T>
template <class DupOp>
Csr<T> DcsrView<T>::to_csr() const {
  using S = stored_value_t<T>;
  const Vertex n = p_.nrows;
  if (p_.duplicates == DuplicatePolicy::Keep) {
    // Copies may repeat: gather tuples and let the COO build fold them.
    Coo<T> coo{n, p_.ncols, p_.pattern, {}, {}, {}};
    coo.row.reserve(p_.live);
    coo.col.reserve(p_.live);
    if (!p_.pattern) coo.val.reserve(p_.live);
    for (Vertex r = 0; r < n; ++r)
      for_each(r, [&](Vertex c, Offset s) {
        coo.row.push_back(r);
        coo.col.push_back(c);
        if (!p_.pattern) coo.val.push_back(p_.store->val[s]);
      });
    return build_csr<T, DupOp>(std::move(coo), DuplicatePolicy::Combine);
  }
  // Phase 1: live degrees and row pointers.
  Csr<T> c = Csr<T>::empty(n, p_.ncols, p_.pattern);
#pragma omp parallel for schedule(static, 4096) if (n > 65536)
  for (std::int64_t r = 0; r < std::int64_t(n); ++r) c.row_ptr[r + 1] = degree(Vertex(r));
  for (Vertex r = 0; r < n; ++r) c.row_ptr[r + 1] += c.row_ptr[r];
  c.col.resize(c.row_ptr[n]);
  if (!p_.pattern) c.val.resize(c.row_ptr[n]);
  // Phase 2: copy each row, live sorted prefix first, then sort the rest and merge.
  const S* val = p_.pattern ? nullptr : p_.store->val.get();
#pragma omp parallel if (c.row_ptr[n] > 65536)
  {
    std::vector<Vertex> tail_col, key_scratch;
    std::vector<S> tail_val;
    std::vector<std::pair<Vertex, S>> pair_scratch;
#pragma omp for schedule(dynamic, 256)
    for (std::int64_t ri = 0; ri < std::int64_t(n); ++ri) {
      const Vertex r = Vertex(ri);
      const DcsrRowInfo info = row_info(r);
      Vertex* out_c = c.col.data() + c.row_ptr[r];
      S* out_v = p_.pattern ? nullptr : c.val.data() + c.row_ptr[r];
      Offset head = 0;
      tail_col.clear();
      tail_val.clear();
      for_each(r, [&](Vertex cc, Offset s) {
        const bool in_prefix = s >= info.start() && s < info.start() + info.sorted();
        if (in_prefix) {
          out_c[head] = cc;
          if (out_v) out_v[head] = val[s];
          ++head;
        } else {
          tail_col.push_back(cc);
          if (out_v) tail_val.push_back(val[s]);
        }
      });
      if (tail_col.empty()) continue;
      detail::merge_sorted_tail(out_c, out_v, head, tail_col, tail_val, p_.ncols, pair_scratch,
                                key_scratch);
    }
  }
  return c;
}

}  // namespace spgraph
