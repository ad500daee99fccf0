// SPDX-License-Identifier: Apache-2.0
// Semiring matrix-vector kernels on Dynamic CSR (any DcsrView: a frozen snapshot or the
// writer's current state), over any semiring struct (engine/core/semiring.hpp):
//   - dcsr_spmv_dense: y = A ⊕.⊗ x with x dense (every entry present), the SpMV of iterative
//     methods and of the paper's benchmarks; empty rows get the monoid identity;
//   - dcsr_mxv: t = A ⊕.⊗ u (GrB_mxv without mask or accumulator): row-wise pull over a bitmap
//     u, rows with no present term produce no entry, early exit at the monoid's terminal value;
//   - dcsr_vxm: t = u ⊕.⊗ A (GrB_vxm): scatter of the rows of A selected by a sparse u.
// Multiplies keep the GraphBLAS operand order and positions: mxv calls mul(A(r,k), u(k), r, k,
// 0); vxm calls mul(u(k), A(k,c), 0, k, c).
//
// Phases (King et al. 2016, Algorithm 3, with the clip of the last segment): for each row, walk
// its segments, taking min(capacity, size - consumed) slots from each; rows with tombstones
// check each slot's bit. A row with one segment and no tombstones (every row after a
// defragmentation) is one contiguous loop, as in CSR. Threads take chunks of 64-row pages
// (dynamic schedule), the same granularity as csr_spmv_dense, so the two compare fairly.
// Entries are visited in storage order (rows are not sorted), so a reduction whose result
// depends on order (ANY, floating-point PLUS) may differ in which term or rounding it keeps.
// Cost O(rows + entries) for the pull kernels; O(sum of selected row lengths) for vxm.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "formats/csr/any_fold.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/dcsr/dcsr_view.hpp"
#include "formats/vec/gather_sparse_accumulator.hpp"
#include "formats/vec/sparse_vector.hpp"

namespace spgraph {

namespace detail {

/// Calls fn(slot) for the live slots of row r, in storage order, until fn returns false.
template <class T, class Fn>
void dcsr_row_slots(const DcsrView<T>& a, const DcsrRowPage& pg, unsigned i, Vertex r, Fn&& fn) {
  const CsrOrigin& origin = a.adjacency().origin();
  if (origin.clean(r)) {
    for (Offset s = origin.row_ptr()[r]; s < origin.row_ptr()[r + 1]; ++s)
      if (!fn(s)) return;
    return;
  }
  const std::uint32_t size = pg.row[i].size;
  if (size == 0) return;
  if (pg.row[i].aux == 0) {
    const Offset b = pg.row[i].start();
    for (Offset s = b; s < b + size; ++s)
      if (!fn(s)) return;
    return;
  }
  a.for_each_run(r, [&](Offset b, Offset len, bool dead) {
    for (Offset s = b; s < b + len; ++s)
      if ((!dead || !a.is_tombstone(s)) && !fn(s)) return true;
    return false;
  });
}

/// Throws DimensionMismatch unless u has `want` entries (A's columns for mxv, rows for vxm).
template <class T>
void check_dcsr_vector_size(const char* op, const DcsrView<T>& a, Vertex u_size, Vertex want) {
  if (u_size == want) return;
  std::string msg = "dcsr ";
  msg += op;
  msg += ": A is " + std::to_string(a.nrows()) + " x " + std::to_string(a.ncols()) +
         " but u has size " + std::to_string(u_size);
  throw DimensionMismatch(msg);
}

/// acc ⊕= A(r, k) ⊗ x[k] over slots [b, e) (tombstones skipped when `dead`). Written as a
/// plain loop over a local accumulator, so the sum stays in a register.
template <class SR, bool Pattern, class S>
typename SR::value_type dcsr_fold_run(typename SR::value_type acc, const Vertex* col, const S* val,
                                      const typename SR::value_type* x, Vertex r, Offset b,
                                      Offset e) {
  using V = typename SR::value_type;
  for (Offset s = b; s < e; ++s) {
    const V a = Pattern ? V(1) : static_cast<V>(val[s]);
    acc = SR::add(acc, SR::mul(a, x[col[s]], r, col[s], 0));
  }
  return acc;
}

template <class SR, bool Pattern, class T>
void dcsr_spmv_dense_impl(const DcsrView<T>& a, const typename SR::value_type* x,
                          typename SR::value_type* y) {
  using V = typename SR::value_type;
  const Vertex n = a.nrows();
  const auto& parts = a.parts();
  const Vertex* col = parts.store->col.get();
  const auto* val = parts.store->val.get();
  const CsrOrigin& origin = parts.store->origin;
  const std::size_t pages = (std::size_t(n) + DcsrRowPage::kRows - 1) >> DcsrRowPage::kShift;
#pragma omp parallel for schedule(dynamic, 4) if (Offset(n) + a.nvals() >= kMinParallelWork)
  for (std::int64_t p = 0; p < std::int64_t(pages); ++p) {
    const Vertex r0 = Vertex(p) << DcsrRowPage::kShift;
    const Vertex r1 = std::min<Vertex>(n, r0 + DcsrRowPage::kRows);
    if (origin.clean_page(std::size_t(p))) {
      // A page untouched since the generation began: plain CSR rows.
      const Offset* rp = origin.row_ptr();
      for (Vertex r = r0; r < r1; ++r)
        y[r] = dcsr_fold_run<SR, Pattern>(SR::identity(), col, val, x, r, rp[r], rp[r + 1]);
      continue;
    }
    const DcsrRowPage* pg = parts.rows.page(std::size_t(p));
    for (Vertex r = r0; r < r1; ++r) {
      V acc = SR::identity();
      const DcsrRowInfo& info = pg ? pg->row[r - r0] : DcsrRowInfo{};
      if (info.aux == 0) {
        acc =
            dcsr_fold_run<SR, Pattern>(acc, col, val, x, r, info.start(), info.start() + info.size);
      } else {
        // Several segments (King et al. 2016, Algorithm 3: clip the last one to the size).
        const SegmentRecordView rec = a.record(info.aux);
        Offset left = info.size;
        for (unsigned sg = 0; sg < rec.k() && left; ++sg) {
          const Offset b = rec.start(sg), len = std::min<Offset>(rec.cap(sg), left);
          left -= len;
          if (rec.dead() == 0) {
            acc = dcsr_fold_run<SR, Pattern>(acc, col, val, x, r, b, b + len);
          } else {
            for (Offset s = b; s < b + len; ++s)
              if (!a.is_tombstone(s))
                acc = dcsr_fold_run<SR, Pattern>(acc, col, val, x, r, s, s + 1);
          }
        }
      }
      y[r] = acc;
    }
  }
}

}  // namespace detail

/// y[r] = ⊕_k A(r,k) ⊗ x[k] for every row r (x has ncols entries, y nrows).
template <class SR, class T>
void dcsr_spmv_dense(const DcsrView<T>& a, const typename SR::value_type* x,
                     typename SR::value_type* y) {
  // Rows fold from the identity, which under ANY must keep a term (any_fold.hpp).
  using FoldSR = IdentityFoldSemiring<SR>;
  if (a.is_pattern())
    detail::dcsr_spmv_dense_impl<FoldSR, true>(a, x, y);
  else
    detail::dcsr_spmv_dense_impl<FoldSR, false>(a, x, y);
}

/// t = A ⊕.⊗ u (GrB_mxv, no mask): pull over the rows of A. Returns t as a bitmap.
template <class SR, class T, class TU>
SparseVector<typename SR::value_type> dcsr_mxv(const DcsrView<T>& a, const SparseVector<TU>& u) {
  using V = typename SR::value_type;
  detail::check_dcsr_vector_size("mxv", a, u.size(), a.ncols());
  SparseVector<TU> ub = u;
  ub.to_bitmap();
  const std::vector<std::uint8_t>& present = ub.present();
  const std::vector<TU>& dense = ub.dense();
  const Vertex n = a.nrows();
  const auto& parts = a.parts();
  const Vertex* col = parts.store->col.get();
  std::vector<std::uint8_t> t_present(n, 0);
  std::vector<V> t_dense(n);
  Offset nvals = 0;
  const std::size_t pages = (std::size_t(n) + DcsrRowPage::kRows - 1) >> DcsrRowPage::kShift;
#pragma omp parallel for schedule(dynamic, 4) reduction(+ : nvals) if (Offset(n) + a.nvals() >= kMinParallelWork)
  for (std::int64_t p = 0; p < std::int64_t(pages); ++p) {
    const DcsrRowPage* pg = parts.rows.page(std::size_t(p));
    if (!pg) continue;
    const Vertex r0 = Vertex(p) << DcsrRowPage::kShift;
    const Vertex r1 = std::min<Vertex>(n, r0 + DcsrRowPage::kRows);
    for (Vertex r = r0; r < r1; ++r) {
      bool found = false;
      V acc{};
      detail::dcsr_row_slots(a, *pg, r - r0, r, [&](Offset s) {
        const Vertex k = col[s];
        if (!present[k]) return true;
        const V prod = SR::mul(static_cast<V>(a.value(s)), static_cast<V>(dense[k]), r, k, 0);
        acc = found ? SR::add(acc, prod) : prod;
        found = true;
        if constexpr (SR::has_terminal) return !SR::is_terminal(acc);
        return true;
      });
      if (found) {
        t_present[r] = 1;
        t_dense[r] = acc;
        ++nvals;
      }
    }
  }
  SparseVector<V> t(n);
  t.assign_bitmap(std::move(t_present), std::move(t_dense), nvals);
  return t;
}

/// t = u ⊕.⊗ A (GrB_vxm, no mask): scatter of the rows A(k,:) for the entries u(k), folded in
/// ascending k. Returns t in sparse form.
template <class SR, class T, class TU>
SparseVector<typename SR::value_type> dcsr_vxm(const SparseVector<TU>& u, const DcsrView<T>& a) {
  using V = typename SR::value_type;
  detail::check_dcsr_vector_size("vxm", a, u.size(), a.nrows());
  const Vertex n = a.ncols();
  std::vector<V> acc(n);
  std::vector<std::uint8_t> mark(n, 0);
  std::vector<Vertex> touched;
  u.for_each([&](Vertex k, TU uk) {
    const V x = static_cast<V>(uk);
    a.for_each(k, [&](Vertex c, Offset s) {
      if (mark[c]) {
        if constexpr (SR::has_terminal) {
          if (SR::is_terminal(acc[c])) return;
        }
        acc[c] = SR::add(acc[c], SR::mul(x, static_cast<V>(a.value(s)), 0, k, c));
      } else {
        mark[c] = 1;
        acc[c] = SR::mul(x, static_cast<V>(a.value(s)), 0, k, c);
        touched.push_back(c);
      }
    });
  });
  return gather_sparse_accumulator(n, std::move(touched), mark, acc);
}

}  // namespace spgraph
