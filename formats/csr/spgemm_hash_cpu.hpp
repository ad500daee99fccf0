// SPDX-License-Identifier: Apache-2.0
// Hash SpGEMM on CPU threads: C<M> = A ⊕.⊗ B over any semiring, with the mask applied inside the
// kernel, and a variant that reduces each row of the (masked) product without storing it.
//
// Computes C(i,j) = ⊕_k mul(A(i,k), B(k,j), i, k, j) over the k with both entries present, for
// the (i,j) the mask allows: a mask row M(i,:) allows its entries (structural) or its entries
// whose value is true (valued); complemented, it allows every column except those. The
// unmasked product is never materialised.
//
// Inputs: A (m x n) and B (n x p) in CSR with sorted rows (pattern operands read as 1); the
// mask, if any, m x p with sorted rows. The caller (engine/ops_mxm.hpp) checks shapes and
// handles "no mask, complemented" (nothing allowed) itself.
//
// Phases (Nagasaka, Nukada & Matsuoka, ICPP 2017, Fig. 1 steps 1-7, on CPU threads):
//   1. count the intermediate products of each row, nprod(i) = Σ_{k ∈ A(i,:)} |B(k,:)|
//      (64-bit: the total can exceed 2^31), and split the rows into chunks of equal products
//      by a prefix sum, so the threads are balanced by work rather than by rows;
//   2. bin each row by its key bound (formats/csr/spgemm_bins.hpp): direct gather-and-sort for
//      tiny rows, a hash table sized to the bin, or, for rows whose bound is a large fraction of
//      the columns, the dense accumulator;
//   3. symbolic: count the distinct allowed columns of each row with its accumulator (keys only);
//   4. exclusive scan of the counts into row_ptr, and allocate C exactly;
//   5. numeric: recompute each row with values and write it at its offset;
//   6. sort the columns within each row, if asked: the keys are sorted in place and each value
//      fetched from the accumulator by its key.
// The mask enters at the insert step: a mask row is pre-inserted into the accumulator (Allowed
// or, complemented, Blocked slots) when it is short compared with the row's products, and is
// otherwise searched (binary search) per product; see kSpgemmMaskScatterRatio.
// Workspace: per thread, one hash table (grown to the largest bin used), a dense accumulator of
// p states and values if a dense row occurs, and a 32-entry buffer; plus nprod (8 bytes per
// row). Cost: O(Σ nprod) expected hash operations per phase plus sorting the output rows.
#pragma once

#include <omp.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/descriptor.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/csr/sort_keys.hpp"
#include "formats/csr/spgemm_accumulators.hpp"
#include "formats/csr/spgemm_bins.hpp"

namespace spgraph {

/// How the product reads its mask: nullptr rows = no mask (everything allowed).
template <class M>
struct SpgemmMask {
  const Csr<M>* rows = nullptr;
  bool structural = false;
  bool complement = false;
  /// Whether the k-th stored entry of the mask counts as true.
  bool entry_true(Offset k) const { return structural || static_cast<bool>(rows->value(k)); }
};

namespace detail {

/// How one row checks its mask.
enum class MaskMode : std::uint8_t { None, Scatter, Search };

/// One row's choices (phase 2), derived from nprod and the mask row length.
struct SpgemmRowPlan {
  SpgemmRowKind kind = SpgemmRowKind::Empty;
  MaskMode mask = MaskMode::None;
  bool dense = false;
  unsigned table_log2 = 0;
};

/// The hash SpGEMM for one (semiring, A, B, mask) combination; see the file header.
template <class SR, class TA, class TB, class M>
class HashSpgemm {
 public:
  using V = typename SR::value_type;

  HashSpgemm(const Csr<TA>& a, const Csr<TB>& b, const SpgemmMask<M>& mask, MxmMethod method)
      : a_(a), b_(b), mask_(mask), method_(method) {}

  /// C with sorted (or, with sort = false, insertion-ordered) rows; `values` = false leaves
  /// the value array empty (a pattern result: the caller knows every value is 1).
  Csr<V> multiply(bool values, bool sort) {
    count_products();
    Csr<V> c = Csr<V>::empty(a_.nrows, b_.ncols, !values);
    // Phase 3: symbolic count per row.
    CountOut counted;
    for_rows<false>([&](auto& ws, Vertex i) { c.row_ptr[i + 1] = row(ws, i, counted); });
    // Phase 4: scan and exact allocation.
    for (Vertex i = 0; i < a_.nrows; ++i) c.row_ptr[i + 1] += c.row_ptr[i];
    c.col.resize(c.row_ptr.back());
    if (values) c.val.resize(c.row_ptr.back());
    // Phases 5-6: numeric pass, each row written (sorted) at its offset.
    FillOut fill{&c, sort};
    if (values)
      for_rows<true>([&](auto& ws, Vertex i) { row(ws, i, fill); });
    else
      for_rows<false>([&](auto& ws, Vertex i) { row(ws, i, fill); });
    return c;
  }

  /// Calls emit(i, x) with x = ⊕_j C(i,j) under the monoid Reduce (values cast to its type) for
  /// every non-empty row i of the masked product, without storing the product. emit runs on
  /// the thread that computed the row, rows of a thread in ascending order.
  template <class Reduce, class Emit>
  void reduce_rows(Emit&& emit) {
    count_products();
    for_rows<true>([&](auto& ws, Vertex i) {
      ReduceOut<Reduce> r;
      row(ws, i, r);
      if (r.any) emit(i, r.sum);
    });
  }

 private:
  static constexpr bool kUsesValues = !SR::mul_ignores_values;

  /// What a row produces: its count (symbolic), its entries in C (numeric), or a reduction.
  struct CountOut {};
  struct FillOut {
    Csr<V>* c;
    bool sort;
  };
  template <class Reduce>
  struct ReduceOut {
    using R = typename Reduce::value_type;
    R sum = Reduce::identity();
    bool any = false;
    void add(V x) {
      if constexpr (Reduce::has_terminal) {
        if (any && Reduce::is_terminal(sum)) return;
      }
      sum = any ? Reduce::add(sum, static_cast<R>(x)) : static_cast<R>(x);
      any = true;
    }
  };
  template <class Out>
  static constexpr bool kIsReduce = !std::is_same_v<Out, CountOut> && !std::is_same_v<Out, FillOut>;

  /// Per-thread workspace: the accumulators, with or without values.
  template <bool Values>
  struct Workspace {
    static constexpr bool kValues = Values;
    HashRowAccumulator<V, Values> hash;
    DenseRowAccumulator<V, Values> dense;
    std::vector<std::pair<Vertex, V>> direct;
    std::vector<Vertex> direct_keys;
    std::vector<Vertex> scratch;  // radix-sort buffer
  };

  // Phase 1: products per row and work-balanced chunks of rows.
  void count_products() {
    const Vertex m = a_.nrows;
    nprod_.assign(m, 0);
    const bool parallel = Offset(m) + a_.nnz() >= kMinParallelWork;
#pragma omp parallel for schedule(static) if (parallel)
    for (std::int64_t i = 0; i < std::int64_t(m); ++i) {
      Offset p = 0;
      for (Offset k = a_.row_begin(Vertex(i)); k < a_.row_end(Vertex(i)); ++k)
        p += b_.degree(a_.col[k]);
      nprod_[i] = p;
    }
    Offset total = 0;
    for (Vertex i = 0; i < m; ++i) total += nprod_[i] + 1;  // +1: an empty row costs a little
    // Small products run on one thread: splitting ~1 ms of work gains little and, on a busy
    // or virtualised machine, a descheduled second thread can stall the join for far longer.
    threads_ = total >= kSpgemmMinParallelWork ? omp_get_max_threads() : 1;
    const Offset nchunks = std::max<Offset>(1, std::min<Offset>(Offset(threads_) * 16, m));
    chunk_.assign(1, 0);
    Offset acc = 0, next = 1;
    for (Vertex i = 0; i + 1 < m; ++i) {
      acc += nprod_[i] + 1;
      if (acc * nchunks >= total * next) {
        chunk_.push_back(i + 1);
        while (acc * nchunks >= total * next) ++next;
      }
    }
    chunk_.push_back(m);
  }

  /// Runs body(workspace, i) for every row; chunks are scheduled dynamically over the threads.
  template <bool Values, class Body>
  void for_rows(Body&& body) {
    const std::int64_t nchunks = std::int64_t(chunk_.size()) - 1;
#pragma omp parallel num_threads(threads_)
    {
      Workspace<Values> ws;
#pragma omp for schedule(dynamic, 1)
      for (std::int64_t q = 0; q < nchunks; ++q)
        for (Vertex i = chunk_[q]; i < chunk_[q + 1]; ++i) body(ws, i);
    }
  }

  // Phase 2: the row's accumulator and mask handling.
  SpgemmRowPlan plan(Vertex i) const {
    SpgemmRowPlan p;
    const Offset np = nprod_[i];
    if (np == 0) return p;
    Offset bound = std::min<Offset>(np, b_.ncols);
    if (mask_.rows) {
      const Offset mlen = mask_.rows->degree(i);
      if (!mask_.complement && mlen == 0) return p;  // nothing allowed in this row
      if (np > kSpgemmBins[1].max_keys && mlen <= kSpgemmMaskScatterRatio * np) {
        p.mask = MaskMode::Scatter;
        bound = mask_.complement ? std::min<Offset>(bound + mlen, b_.ncols) : std::min(bound, mlen);
      } else if (mlen > 0) {
        p.mask = MaskMode::Search;
      }
    }
    const SpgemmBin& bin = spgemm_bin_for(bound);
    p.kind = bin.kind;
    p.table_log2 = bin.table_log2;
    if (p.kind == SpgemmRowKind::Direct &&
        (np > kSpgemmBins[1].max_keys || p.mask == MaskMode::Scatter)) {
      p.kind = SpgemmRowKind::Hash;  // few columns but many products: hash them
      p.table_log2 = kSpgemmBins[2].table_log2;
    }
    if (p.kind == SpgemmRowKind::Large) p.table_log2 = unsigned(std::bit_width(2 * bound - 1));
    if (p.kind != SpgemmRowKind::Direct)
      p.dense = method_ == MxmMethod::Gustavson ||
                (method_ == MxmMethod::Auto &&
                 (dense_fits_ || bound * kSpgemmDenseDivisor >= Offset(b_.ncols)));
    return p;
  }

  /// Whether a search-mode mask allows column j of row i.
  bool search_allows(Vertex i, Vertex j) const {
    const Csr<M>& mr = *mask_.rows;
    const Vertex* b = mr.col.data() + mr.row_begin(i);
    const Vertex* e = mr.col.data() + mr.row_end(i);
    const Vertex* it = std::lower_bound(b, e, j);
    const bool hit = it != e && *it == j && mask_.entry_true(Offset(it - mr.col.data()));
    return hit != mask_.complement;
  }

  /// Computes row i into `out`; returns its entry count.
  template <class WS, class Out>
  Offset row(WS& ws, Vertex i, Out& out) {
    const SpgemmRowPlan p = plan(i);
    switch (p.kind) {
      case SpgemmRowKind::Empty:
        return 0;
      case SpgemmRowKind::Direct:
        return direct_row(ws, i, p, out);
      case SpgemmRowKind::Hash:
      case SpgemmRowKind::Large:
        if (p.dense) {
          ws.dense.start(b_.ncols, p.mask != MaskMode::Scatter);
          return accumulate_row(ws, ws.dense, i, p, out);
        }
        ws.hash.start(p.table_log2, p.mask != MaskMode::Scatter);
        return accumulate_row(ws, ws.hash, i, p, out);
    }
    return 0;
  }

  /// Phases 3 and 5 for a hash or dense accumulator.
  template <class WS, class Acc, class Out>
  Offset accumulate_row(WS& ws, Acc& acc, Vertex i, const SpgemmRowPlan& p, Out& out) {
    if (p.mask == MaskMode::Scatter) {
      const Csr<M>& mr = *mask_.rows;
      const SlotState st = mask_.complement ? SlotState::Blocked : SlotState::Allowed;
      for (Offset k = mr.row_begin(i); k < mr.row_end(i); ++k)
        if (mask_.entry_true(k)) acc.mark(mr.col[k], st);
    }
    const bool insert = !(p.mask == MaskMode::Scatter && !mask_.complement);
    if (insert)
      scan_products<WS::kValues, true>(acc, i, p);
    else
      scan_products<WS::kValues, false>(acc, i, p);
    const Offset n = acc.valued();
    if constexpr (std::is_same_v<Out, FillOut>) {
      emit_sorted(acc, i, n, out, ws.scratch);
    } else if constexpr (kIsReduce<Out>) {
      acc.for_each_valued([&](Vertex, std::size_t s) { out.add(acc.value(s)); });
    }
    acc.finish();
    return n;
  }

  /// Feeds the products of row i to the accumulator (keys only without values).
  template <bool Values, bool Insert, class Acc>
  void scan_products(Acc& acc, Vertex i, const SpgemmRowPlan& p) {
    const bool search = p.mask == MaskMode::Search;
    for (Offset ka = a_.row_begin(i); ka < a_.row_end(i); ++ka) {
      const Vertex k = a_.col[ka];
      V av{};
      if constexpr (Values && kUsesValues) av = static_cast<V>(a_.value(ka));
      const Vertex* bc = b_.col.data();
      for (Offset kb = b_.row_begin(k); kb < b_.row_end(k); ++kb) {
        const Vertex j = bc[kb];
        if (search && !search_allows(i, j)) continue;
        if constexpr (!Values) {
          acc.template touch<Insert>(j);
        } else {
          acc.template accumulate<Insert, SR>(j, [&] {
            V bv{};
            if constexpr (kUsesValues) bv = static_cast<V>(b_.value(kb));
            return SR::mul(av, bv, i, k, j);
          });
        }
      }
    }
  }

  /// Phase 6: writes the row's entries at row_ptr[i], sorted by column if asked.
  template <class Acc>
  void emit_sorted(Acc& acc, Vertex i, Offset n, FillOut& out, std::vector<Vertex>& scratch) {
    using WS = Workspace<Acc::kValues>;
    Csr<V>& c = *out.c;
    Vertex* cols = c.col.data() + c.row_ptr[i];
    stored_value_t<V>* vals = WS::kValues ? c.val.data() + c.row_ptr[i] : nullptr;
    Offset w = 0;
    auto write = [&](Vertex j, std::size_t s) {
      cols[w] = j;
      if constexpr (WS::kValues) vals[w] = acc.value(s);
      ++w;
    };
    if (!out.sort) {
      acc.for_each_valued(write);
    } else if constexpr (std::is_same_v<Acc, DenseRowAccumulator<V, WS::kValues>>) {
      acc.for_each_valued_sorted(write, scratch);
    } else if constexpr (!WS::kValues) {
      acc.for_each_valued(write);
      sort_keys(cols, n, b_.ncols - 1, scratch);
    } else {
      // Sort the 32-bit keys in place, then fetch each value with one probe of the (cached)
      // table: cheaper than sorting (key, slot) pairs.
      acc.for_each_valued([&](Vertex j, std::size_t) { cols[w++] = j; });
      sort_keys(cols, n, b_.ncols - 1, scratch);
      bool inserted;
      for (Offset q = 0; q < n; ++q)
        vals[q] = acc.value(acc.template find<false>(cols[q], SlotState::Valued, inserted));
    }
  }

  /// Tiny rows (the paper's PWARP group): gather the products, sort them by column (stably, so
  /// equal columns fold in product order), and fold runs of equal columns. Without values only
  /// the 32-bit keys are gathered and sorted.
  template <class WS, class Out>
  Offset direct_row(WS& ws, Vertex i, const SpgemmRowPlan& p, Out& out) {
    const bool search = p.mask == MaskMode::Search;
    if constexpr (!WS::kValues) {
      auto& keys = ws.direct_keys;
      keys.clear();
      for (Offset ka = a_.row_begin(i); ka < a_.row_end(i); ++ka) {
        const Vertex k = a_.col[ka];
        for (Offset kb = b_.row_begin(k); kb < b_.row_end(k); ++kb)
          if (!search || search_allows(i, b_.col[kb])) keys.push_back(b_.col[kb]);
      }
      sort_keys(keys.data(), keys.size(), b_.ncols - 1, ws.scratch);
      Offset n = 0;
      for (std::size_t s = 0; s < keys.size(); ++s) {
        if (s > 0 && keys[s] == keys[s - 1]) continue;
        if constexpr (std::is_same_v<Out, FillOut>) out.c->col[out.c->row_ptr[i] + n] = keys[s];
        ++n;
      }
      return n;
    } else {
      auto& buf = ws.direct;
      buf.clear();
      for (Offset ka = a_.row_begin(i); ka < a_.row_end(i); ++ka) {
        const Vertex k = a_.col[ka];
        V av{};
        if constexpr (kUsesValues) av = static_cast<V>(a_.value(ka));
        for (Offset kb = b_.row_begin(k); kb < b_.row_end(k); ++kb) {
          const Vertex j = b_.col[kb];
          if (search && !search_allows(i, j)) continue;
          V bv{};
          if constexpr (kUsesValues) bv = static_cast<V>(b_.value(kb));
          buf.emplace_back(j, SR::mul(av, bv, i, k, j));
        }
      }
      for (std::size_t s = 1; s < buf.size(); ++s) {  // insertion sort: at most 32 products
        const auto x = buf[s];
        std::size_t t = s;
        for (; t > 0 && buf[t - 1].first > x.first; --t) buf[t] = buf[t - 1];
        buf[t] = x;
      }
      Offset n = 0;
      for (std::size_t s = 0; s < buf.size();) {
        const Vertex j = buf[s].first;
        V x = buf[s].second;
        std::size_t t = s + 1;
        for (; t < buf.size() && buf[t].first == j; ++t) {
          bool done = false;
          if constexpr (SR::has_terminal) done = SR::is_terminal(x);
          if (!done) x = SR::add(x, buf[t].second);
        }
        if constexpr (std::is_same_v<Out, FillOut>) {
          out.c->col[out.c->row_ptr[i] + n] = j;
          out.c->val[out.c->row_ptr[i] + n] = x;
        } else if constexpr (kIsReduce<Out>) {
          out.add(x);
        }
        ++n;
        s = t;
      }
      return n;
    }
  }

  const Csr<TA>& a_;
  const Csr<TB>& b_;
  SpgemmMask<M> mask_;
  MxmMethod method_;
  /// The dense accumulator's arrays fit the per-thread cache budget (kSpgemmDenseBytes).
  const bool dense_fits_ =
      Offset(b_.ncols) * (sizeof(std::uint32_t) + sizeof(V)) <= kSpgemmDenseBytes;
  std::vector<Offset> nprod_;
  std::vector<Vertex> chunk_;
  int threads_ = 1;
};

}  // namespace detail

/// C<mask> = A ⊕.⊗ B by hash SpGEMM (see the file header). `values` = false returns a pattern
/// (for products whose every value is known to be 1); `sort` = false leaves rows unsorted;
/// `method` forces the accumulator of the rows that are not tiny (Auto: chosen per row).
template <class SR, class TA, class TB, class M>
Csr<typename SR::value_type> spgemm_hash_cpu(const Csr<TA>& a, const Csr<TB>& b,
                                             const SpgemmMask<M>& mask, bool values = true,
                                             bool sort = true, MxmMethod method = MxmMethod::Auto) {
  return detail::HashSpgemm<SR, TA, TB, M>(a, b, mask, method).multiply(values, sort);
}

/// Calls emit(i, ⊕_j (A ⊕.⊗ B)<mask>(i,j)) under the monoid Reduce for each non-empty row i of
/// the masked product, without storing it; emit may run on several threads at once.
template <class Reduce, class SR, class TA, class TB, class M, class Emit>
void spgemm_hash_reduce_rows_cpu(const Csr<TA>& a, const Csr<TB>& b, const SpgemmMask<M>& mask,
                                 Emit&& emit, MxmMethod method = MxmMethod::Auto) {
  detail::HashSpgemm<SR, TA, TB, M>(a, b, mask, method).template reduce_rows<Reduce>(emit);
}

}  // namespace spgraph
