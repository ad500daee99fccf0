// SPDX-License-Identifier: Apache-2.0
// Host emulation of the device hash SpGEMM (formats/csr/spgemm_hash_cuda.cu): the same bins,
// tables, lanes and steps (formats/csr/spgemm_hash_lanes.hpp), with the threads of a row group
// run one after another and the block barriers between steps implied. The CPU tests run it
// against the CPU kernel (spgemm_hash_cpu.hpp) with every bin forced, so that the logic the GPU
// runs has been run somewhere. It is a test model, serial and slow: not a kernel to call.
//
// Phases (Nagasaka, Nukada & Matsuoka, ICPP 2017, Fig. 1): (1) products per row; (2) symbolic
// bins by key bound; (3) symbolic count per row in its bin's table; (4) scan into row_ptr; (5)
// numeric bins by the exact count; (6) numeric rows: insert with values, compact, rank (shared
// bins) or gather and sort (global bin).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

#include "formats/csr/csr.hpp"
#include "formats/csr/spgemm_hash_lanes.hpp"

namespace spgraph {

/// Single-threaded stand-ins for the device atomics.
struct SpgemmSerialAtomics {
  static Vertex load(const Vertex* p) { return *p; }
  static Vertex cas(Vertex* p, Vertex expected, Vertex desired) {
    const Vertex old = *p;
    if (old == expected) *p = desired;
    return old;
  }
  template <class SR, class W, class V>
  static void combine(W* p, V x) {
    *p = static_cast<W>(SR::add(static_cast<V>(*p), x));
  }
};

namespace detail {

template <class T>
SpgemmCsrView<stored_value_t<T>> spgemm_host_view(const Csr<T>& a) {
  return {a.nrows, a.ncols, a.row_ptr.data(), a.col.data(), a.pattern ? nullptr : a.val.data()};
}

/// The emulated device SpGEMM for one (semiring, A, B) combination.
template <class SR, class TA, class TB>
class EmulatedHashSpgemm {
 public:
  using V = typename SR::value_type;
  using W = spgemm_table_word_t<V>;

  EmulatedHashSpgemm(const Csr<TA>& a, const Csr<TB>& b, const Csr<bool>* allowed, bool complement,
                     int min_bin)
      : a_(spgemm_host_view(a)), b_(spgemm_host_view(b)), min_bin_(min_bin) {
    if (allowed != nullptr) mask_ = {allowed->row_ptr.data(), allowed->col.data(), complement};
  }

  Csr<V> multiply(bool values, SpgemmBinRows* rows) {
    const Vertex m = a_.nrows;
    Csr<V> c = Csr<V>::empty(m, b_.ncols, !values);
    SpgemmBinRows local;
    for (Vertex i = 0; i < m; ++i) {  // phases 1-3
      const Offset bound = spgemm_key_bound(spgemm_row_products(a_, b_, i), b_.ncols, mask_, i);
      const int bin = spgemm_device_bin(bound, min_bin_);
      ++local.symbolic[bin];
      c.row_ptr[i + 1] = bin == 0 ? 0 : symbolic_row(i, bin, bound);
    }
    for (Vertex i = 0; i < m; ++i) c.row_ptr[i + 1] += c.row_ptr[i];  // phase 4
    c.col.resize(c.row_ptr[m]);
    if (values) c.val.resize(c.row_ptr[m]);
    for (Vertex i = 0; i < m; ++i) {  // phases 5-6
      const Offset n = c.row_ptr[i + 1] - c.row_ptr[i];
      const int bin = spgemm_device_bin(n, min_bin_);
      ++local.numeric[bin];
      if (bin != 0) numeric_row(c, i, bin, values);
    }
    if (rows != nullptr) *rows = local;
    return c;
  }

 private:
  /// The slots of row i's table in `bin` (global: sized for the row's key bound).
  static unsigned table_log2(int bin, Offset keys) {
    return bin == kSpgemmGlobalBin ? spgemm_global_table_log2(keys)
                                   : spgemm_device_bin_params(bin).table_log2;
  }

  /// Phase 3 for one row: clear, then every lane's inserts; the count is the claims' sum.
  Offset symbolic_row(Vertex i, int bin, Offset bound) {
    const unsigned threads = spgemm_device_bin_params(bin).threads_per_row;
    const unsigned log2 = table_log2(bin, bound);
    keys_.resize(Offset(1) << log2);
    for (unsigned t = 0; t < threads; ++t)
      spgemm_lane_clear<W>(keys_.data(), nullptr, keys_.size(), t, threads, W{});
    Offset count = 0;
    for (unsigned t = 0; t < threads; ++t)
      count += spgemm_lane_symbolic<SpgemmSerialAtomics>(
          a_, b_, mask_, i, spgemm_lane_of(t, threads), keys_.data(), log2);
    return count;
  }

  /// Phase 6 for one row: clear, insert with values, then write the row sorted.
  void numeric_row(Csr<V>& c, Vertex i, int bin, bool values) {
    const Offset n = c.row_ptr[i + 1] - c.row_ptr[i];
    const unsigned threads = spgemm_device_bin_params(bin).threads_per_row;
    const unsigned log2 = table_log2(bin, n);
    keys_.resize(Offset(1) << log2);
    vals_.resize(values ? keys_.size() : 0);
    W* vals = values ? vals_.data() : nullptr;
    for (unsigned t = 0; t < threads; ++t)
      spgemm_lane_clear<W>(keys_.data(), vals, keys_.size(), t, threads,
                           static_cast<W>(SR::identity()));
    for (unsigned t = 0; t < threads; ++t)
      spgemm_lane_numeric<SR, SpgemmSerialAtomics>(a_, b_, mask_, i, spgemm_lane_of(t, threads),
                                                   keys_.data(), vals, log2);
    Vertex* cols = c.col.data() + c.row_ptr[i];
    stored_value_t<V>* out = values ? c.val.data() + c.row_ptr[i] : nullptr;
    if (bin == kSpgemmGlobalBin) {
      gather_and_sort(cols, out, n, vals);
      return;
    }
    compact(threads, vals);
    for (unsigned e = 0; e < unsigned(n); ++e) {  // rank step, one thread per entry
      const unsigned r = spgemm_rank(keys_.data(), unsigned(n), e);
      cols[r] = keys_[e];
      if (out != nullptr) out[r] = static_cast<V>(vals[e]);
    }
  }

  /// The compaction step of a shared bin: every thread takes its chunk, then (after the
  /// barrier) puts it at the offset of the threads before it.
  void compact(unsigned threads, W* vals) {
    std::vector<std::array<Vertex, kSpgemmSlotsPerThread>> ck(threads);
    std::vector<std::array<W, kSpgemmSlotsPerThread>> cv(threads);
    std::vector<unsigned> cn(threads), at(threads + 1, 0);
    for (unsigned t = 0; t < threads; ++t) {
      cn[t] = spgemm_lane_take_chunk<W>(keys_.data(), vals, t, ck[t].data(), cv[t].data());
      at[t + 1] = at[t] + cn[t];
    }
    for (unsigned t = 0; t < threads; ++t)
      spgemm_lane_put_chunk<W>(keys_.data(), vals, at[t], cn[t], ck[t].data(), cv[t].data());
  }

  /// The global bin: occupied slots in table order, then sorted by column (the device sorts
  /// with cub::DeviceSegmentedSort).
  void gather_and_sort(Vertex* cols, stored_value_t<V>* out, Offset n, const W* vals) {
    std::vector<std::pair<Vertex, V>> row;
    row.reserve(n);
    for (Offset s = 0; s < keys_.size(); ++s)
      if (keys_[s] != kSpgemmEmptyKey)
        row.emplace_back(keys_[s], vals != nullptr ? static_cast<V>(vals[s]) : V(1));
    std::sort(row.begin(), row.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    for (Offset q = 0; q < row.size(); ++q) {
      cols[q] = row[q].first;
      if (out != nullptr) out[q] = row[q].second;
    }
  }

  SpgemmCsrView<stored_value_t<TA>> a_;
  SpgemmCsrView<stored_value_t<TB>> b_;
  SpgemmMaskView mask_;
  int min_bin_;
  std::vector<Vertex> keys_;
  std::vector<W> vals_;
};

}  // namespace detail

/// C<mask> = A ⊕.⊗ B as the device kernel computes it, on one host thread. `allowed`: the mask's
/// allowed pattern (nullptr: no mask), `complement` to rule its entries out instead; `values`
/// = false gives a pattern; every row with products goes to bin `min_bin` at least. `rows`, if
/// given, receives the rows each bin took.
template <class SR, class TA, class TB>
Csr<typename SR::value_type> spgemm_hash_emulated(const Csr<TA>& a, const Csr<TB>& b,
                                                  const Csr<bool>* allowed, bool complement,
                                                  bool values, int min_bin = 0,
                                                  SpgemmBinRows* rows = nullptr) {
  return detail::EmulatedHashSpgemm<SR, TA, TB>(a, b, allowed, complement, min_bin)
      .multiply(values, rows);
}

}  // namespace spgraph
