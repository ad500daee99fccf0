// SPDX-License-Identifier: Apache-2.0
// Construction, snapshots and whole-matrix rebuilds of Dcsr (declared in dcsr.hpp).
//
// rebuild() is both the paper's defragmentation (King et al. 2016, Algorithm 4) and buffer
// growth: 1. live row sizes; 2. exclusive scan into new row starts; 3. per-row parallel copy of
// the live entries into new buffers (no sort; the sorted prefix stays a prefix, so rows keep
// their lookup structure), or with `sort_rows` a sorted copy; 4. swap in the new buffers and
// pages. Rows come out with one segment and no slack, as in the paper. Peak memory is the old
// plus the new buffers; snapshots that hold the old ones keep them until they are dropped.
#pragma once

#include <omp.h>

#include <algorithm>
#include <string>

#include "engine/core/error.hpp"
#include "formats/dcsr/dcsr.hpp"

namespace spgraph {

template <class T, class CombineOp>
struct Dcsr<T, CombineOp>::Holder {
  std::shared_ptr<const Store> store;
  typename CowTable<DcsrRowPage>::Frozen rows;
  typename CowTable<DcsrTombPage>::Frozen tombs;
};

template <class T, class CombineOp>
Dcsr<T, CombineOp>::Dcsr(Vertex nrows, Vertex ncols, bool pattern, DcsrParams params)
    : Dcsr(nrows, ncols, pattern, params, true) {}

template <class T, class CombineOp>
Dcsr<T, CombineOp>::Dcsr(Vertex nrows, Vertex ncols, bool pattern, DcsrParams params, bool blank)
    : nrows_(nrows), ncols_(ncols), pattern_(pattern), params_(params) {
  if (params_.max_segments < 1 || params_.max_segments > kDcsrMaxSegments) {
    std::string msg = "dcsr: max_segments must be between 1 and ";
    msg += std::to_string(kDcsrMaxSegments) + ", got " + std::to_string(params_.max_segments);
    throw InvalidArgument(msg);
  }
  if (params_.duplicates == DuplicatePolicy::Reject)
    throw InvalidArgument(
        "dcsr: duplicates 'reject' do not apply to updates; use 'keep', 'combine' or 'ignore'");
  if (nrows > kMaxDimension || ncols > kMaxDimension)
    throw InvalidArgument("dcsr: dimensions above 4294967294 are not supported");
  const Offset width = blank ? params_.initial_width : 0;
  const Offset used = Offset(nrows) * width;
  const Offset capacity = Offset(double(used) * std::max(1.0, params_.growth)) + 1024;
  store_ = std::make_shared<Store>(capacity, pattern, params_.max_segments, max_records());
  cap0_.assign(nrows, 0);
  rows_.reserve_pages((std::size_t(nrows) + DcsrRowPage::kRows - 1) >> DcsrRowPage::kShift);
  if (width > 0) {
    // Blank matrix with one segment of mu slots per row (paper, section III.A).
    if (width > UINT32_MAX) throw InvalidArgument("dcsr: initial_width too large");
    for (std::size_t p = 0;
         p < (std::size_t(nrows) + DcsrRowPage::kRows - 1) >> DcsrRowPage::kShift; ++p) {
      DcsrRowPage& pg = rows_.writable(p);
      for (unsigned i = 0; i < DcsrRowPage::kRows; ++i) {
        const Offset r = (Offset(p) << DcsrRowPage::kShift) + i;
        if (r >= nrows) break;
        pg.row[i].set_start(r * width);
        cap0_[r] = std::uint32_t(width);
      }
    }
  }
  bump_->store(used);
}

template <class T, class CombineOp>
Dcsr<T, CombineOp> Dcsr<T, CombineOp>::from_csr(const Csr<T>& a, DcsrParams params) {
  Dcsr d(a.nrows, a.ncols, a.pattern, params, false);
  const Offset nnz = a.nnz();
  // Room for the matrix, and for a new segment of alpha slots in every row.
  const Offset alpha =
      params.slack ? params.slack : std::max<Offset>(1, a.nrows ? nnz / a.nrows : 1);
  const Offset reserve = nnz + Offset(a.nrows) * alpha;
  d.store_ = std::make_shared<Store>(Offset(double(reserve) * std::max(1.0, params.growth)) + 1024,
                                     a.pattern, params.max_segments, d.max_records());
  d.store_->origin = CsrOrigin(a.nrows);
  std::copy(a.row_ptr.begin(), a.row_ptr.end(), d.store_->origin.row_ptr());
  std::copy(a.col.begin(), a.col.end(), d.store_->col.get());
  if (!a.pattern) std::copy(a.val.begin(), a.val.end(), d.store_->val.get());
  const std::size_t pages = (std::size_t(a.nrows) + DcsrRowPage::kRows - 1) >> DcsrRowPage::kShift;
  std::vector<DcsrRowPage*> page_ptr(pages);
  for (std::size_t p = 0; p < pages; ++p) page_ptr[p] = &d.rows_.writable(p);
#pragma omp parallel for schedule(static, 64) if (pages > 256)
  for (std::int64_t p = 0; p < std::int64_t(pages); ++p) {
    DcsrRowPage& pg = *page_ptr[p];
    for (unsigned i = 0; i < DcsrRowPage::kRows; ++i) {
      const Offset r = (Offset(p) << DcsrRowPage::kShift) + i;
      if (r >= a.nrows) break;
      const Offset deg = a.row_ptr[r + 1] - a.row_ptr[r];
      pg.row[i].set_start(a.row_ptr[r]);
      pg.row[i].set_sorted(deg);
      pg.row[i].size = d.cap0_[r] = std::uint32_t(deg);
    }
  }
  d.bump_->store(nnz);
  d.live_ = nnz;
  for (Vertex r = 0; r < a.nrows; ++r)
    d.max_row_size_ = std::max<Offset>(d.max_row_size_, a.row_ptr[r + 1] - a.row_ptr[r]);
  return d;
}

template <class T, class CombineOp>
void Dcsr<T, CombineOp>::resize(Vertex nrows, Vertex ncols) {
  if (nrows < nrows_ || ncols < ncols_)
    throw InvalidArgument("dcsr: resize cannot shrink a " + std::to_string(nrows_) + " x " +
                          std::to_string(ncols_) + " matrix to " + std::to_string(nrows) + " x " +
                          std::to_string(ncols));
  if (nrows > kMaxDimension || ncols > kMaxDimension)
    throw InvalidArgument("dcsr: dimensions above 4294967294 are not supported");
  // A partial last page of the CSR origin now holds rows it does not cover.
  if (store_->origin.rows() % DcsrRowPage::kRows != 0 && nrows > nrows_)
    store_->origin.touch_page(std::size_t(store_->origin.rows()) >> DcsrRowPage::kShift);
  nrows_ = nrows;
  ncols_ = ncols;
  cap0_.resize(nrows, 0);
  rows_.reserve_pages((std::size_t(nrows) + DcsrRowPage::kRows - 1) >> DcsrRowPage::kShift);
}

template <class T, class CombineOp>
Offset Dcsr<T, CombineOp>::alpha() const {
  if (params_.slack) return params_.slack;
  return std::max<Offset>(1, nrows_ ? (live_ + nrows_ - 1) / nrows_ : 1);
}

template <class T, class CombineOp>
Offset Dcsr<T, CombineOp>::slack_for(Offset len) const {
  return std::max(alpha(), Offset(params_.slack_ratio * double(len)));
}

template <class T, class CombineOp>
DcsrView<T> Dcsr<T, CombineOp>::make_view(const DcsrStore<T>* store,
                                          typename CowTable<DcsrRowPage>::Reader rows,
                                          typename CowTable<DcsrTombPage>::Reader tombs,
                                          std::shared_ptr<const void> hold) const {
  typename View::Parts p;
  p.store = store;
  p.rows = rows;
  p.tombs = tombs;
  p.nrows = nrows_;
  p.ncols = ncols_;
  p.pattern = pattern_;
  p.live = live_;
  p.version = version_;
  p.duplicates = params_.duplicates;
  p.hold = std::move(hold);
  return View(std::move(p));
}

template <class T, class CombineOp>
DcsrView<T> Dcsr<T, CombineOp>::view() const {
  return make_view(store_.get(), rows_.reader(), tombs_.reader(), nullptr);
}

template <class T, class CombineOp>
DcsrView<T> Dcsr<T, CombineOp>::freeze() {
  auto hold = std::make_shared<Holder>(Holder{store_, rows_.freeze(), tombs_.freeze()});
  const Holder& h = *hold;
  return make_view(h.store.get(), typename CowTable<DcsrRowPage>::Reader(h.rows.get()),
                   typename CowTable<DcsrTombPage>::Reader(h.tombs.get()), std::move(hold));
}

template <class T, class CombineOp>
void Dcsr<T, CombineOp>::defragment(bool sort_rows) {
  rebuild(0, sort_rows);
}

template <class T, class CombineOp>
void Dcsr<T, CombineOp>::rebuild(Offset min_capacity, bool sort_rows) {
  const View old = view();
  const Vertex n = nrows_;
  // Phases 1-2: live sizes, exclusive scan.
  std::vector<Offset> start(std::size_t(n) + 1, 0);
#pragma omp parallel for schedule(static, 4096) if (n > 65536)
  for (std::int64_t r = 0; r < std::int64_t(n); ++r) start[r + 1] = old.degree(Vertex(r));
  for (Vertex r = 0; r < n; ++r) start[r + 1] += start[r];
  const Offset live = start[n];
  const Offset capacity =
      std::max(min_capacity, Offset(double(live) * std::max(1.0, params_.growth)) + 1024);
  auto store = std::make_shared<Store>(capacity, pattern_, params_.max_segments, max_records());
  CowTable<DcsrRowPage> rows;
  const std::size_t pages = (std::size_t(n) + DcsrRowPage::kRows - 1) >> DcsrRowPage::kShift;
  rows.reserve_pages(pages);
  std::vector<DcsrRowPage*> page_ptr(pages);
  for (std::size_t p = 0; p < pages; ++p) page_ptr[p] = &rows.writable(p);
  // Phase 3: copy the live entries of each row.
  Vertex* col = store->col.get();
  S* val = store->val.get();
  const S* old_val = pattern_ ? nullptr : old.parts().store->val.get();
#pragma omp parallel if (live > 65536)
  {
    std::vector<std::pair<Vertex, S>> scratch;
    std::vector<Vertex> key_scratch;
#pragma omp for schedule(dynamic, 64)
    for (std::int64_t p = 0; p < std::int64_t(pages); ++p) {
      DcsrRowPage& pg = *page_ptr[p];
      for (unsigned i = 0; i < DcsrRowPage::kRows; ++i) {
        const Offset r = (Offset(p) << DcsrRowPage::kShift) + i;
        if (r >= n) break;
        const DcsrRowInfo info = old.row_info(Vertex(r));
        Offset w = start[r], prefix = 0;
        old.for_each(Vertex(r), [&](Vertex c, Offset s) {
          col[w] = c;
          if (val) val[w] = old_val[s];
          ++w;
          prefix += s >= info.start() && s < info.start() + info.sorted();
        });
        const Offset len = start[r + 1] - start[r];
        if (sort_rows && len > prefix) {
          if (val)
            detail::sort_row_entries(col + start[r], val + start[r], len, scratch);
          else
            sort_keys(col + start[r], len, ncols_ ? ncols_ - 1 : 0, key_scratch);
          prefix = len;
        }
        pg.row[i].set_start(start[r]);
        pg.row[i].size = cap0_[r] = std::uint32_t(len);
        pg.row[i].set_sorted(prefix);
        pg.row[i].aux = 0;
      }
    }
  }
  // Phase 4: swap in; the row starts are the new generation's CSR row pointers.
  store->origin = CsrOrigin(n);
  std::copy(start.begin(), start.end(), store->origin.row_ptr());
  store_ = std::move(store);
  rows_ = std::move(rows);
  tombs_ = CowTable<DcsrTombPage>();
  bump_->store(live);
  live_ = live;
  max_row_size_ = 0;
  for (Vertex r = 0; r < n; ++r) max_row_size_ = std::max(max_row_size_, start[r + 1] - start[r]);
  tomb_count_ = 0;
  dead_ = 0;
  ++generation_;
  ++defrags_;
}

template <class T, class CombineOp>
Offset Dcsr<T, CombineOp>::space_overhead() const {
  const Offset allocated = std::min(bump_->load(), store_->capacity);
  const std::size_t slot = sizeof(Vertex) + (pattern_ ? 0 : sizeof(S));
  const std::size_t record = (2 + 2 * std::size_t(params_.max_segments)) * sizeof(std::uint64_t);
  return (allocated > live_ ? allocated - live_ : 0) + store_->records.used() * record / slot;
}

template <class T, class CombineOp>
DcsrStats Dcsr<T, CombineOp>::stats() const {
  DcsrStats s;
  s.live = live_;
  s.tombstones = tomb_count_;
  s.dead = dead_;
  s.allocated = std::min(bump_->load(), store_->capacity);
  s.capacity = store_->capacity;
  s.defragmentations = defrags_;
  s.generation = generation_;
  const View v = view();
  for (Vertex r = 0; r < nrows_; ++r) {
    const DcsrRowInfo info = v.row_info(r);
    if (info.aux && v.record(info.aux).nseg() > 1) ++s.multi_segment_rows;
  }
  return s;
}

template <class T, class CombineOp>
std::size_t Dcsr<T, CombineOp>::memory_bytes() const {
  const std::size_t slot = sizeof(Vertex) + (pattern_ ? 0 : sizeof(S));
  const std::size_t used_records =
      store_->records.used() * (1 + (params_.max_segments + 1) / 2 + params_.max_segments) * 8;
  return std::min(bump_->load(), store_->capacity) * slot + store_->origin.bytes() +
         cap0_.capacity() * sizeof(std::uint32_t) +
         rows_.pages_held() * sizeof(typename CowTable<DcsrRowPage>::Box) +
         rows_.dirs_held() * sizeof(typename CowTable<DcsrRowPage>::Dir) +
         tombs_.pages_held() * sizeof(typename CowTable<DcsrTombPage>::Box) +
         tombs_.dirs_held() * sizeof(typename CowTable<DcsrTombPage>::Dir) + used_records;
}

template <class T, class CombineOp>
std::size_t Dcsr<T, CombineOp>::reserved_bytes() const {
  const std::size_t slot = sizeof(Vertex) + (pattern_ ? 0 : sizeof(S));
  return store_->capacity * slot + store_->records.bytes() + store_->origin.bytes() +
         cap0_.capacity() * sizeof(std::uint32_t) +
         rows_.pages_held() * sizeof(typename CowTable<DcsrRowPage>::Box) +
         rows_.dirs_held() * sizeof(typename CowTable<DcsrRowPage>::Dir) +
         tombs_.pages_held() * sizeof(typename CowTable<DcsrTombPage>::Box) +
         tombs_.dirs_held() * sizeof(typename CowTable<DcsrTombPage>::Dir);
}

}  // namespace spgraph
