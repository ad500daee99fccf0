// SPDX-License-Identifier: Apache-2.0
// Per-thread row accumulators of the hash SpGEMM: a linear-probing hash table and a dense
// accumulator. Each holds, for one row of C at a time, the columns met so far with a state and
// (optionally) a value, and is reused across rows: only the slots a row touched are cleared.
//
// Slot states: Valued (an entry of C with a value), Allowed (pre-inserted from a mask row:
// products may land here), Blocked (pre-inserted from a complemented mask row: products are
// dropped). A product whose column is absent is inserted as Valued only when the row allows
// inserts (no mask, a complemented mask, or a mask checked by search). A row with no mask
// pre-inserted is "plain": every slot is Valued, so the hot path never reads a state. These
// rules are written once (RowAccumulator); each accumulator supplies only how it finds a
// column's slot and stores its state.
//
// Hash table (Nagasaka, Nukada & Matsuoka, ICPP 2017, §III-B.2, Alg. 5, without the atomics a
// GPU needs): keys in a power-of-two table, empty = kNoVertex (never a column), linear probing.
// The paper hashes a column by multiplying it by a constant modulo the table size, which keeps
// the low bits of the product only: runs of columns then map to a fixed stride. Here the hash
// is multiplicative on the high bits, (j * 0x9E3779B1) >> (32 - log2) (Knuth, TAOCP vol. 3,
// §6.4, multiplicative hashing by the golden ratio).
// Dense accumulator (the dense array of Gustavson's row-by-row SpGEMM, ACM TOMS 1978, which
// Gilbert et al. call the sparse accumulator, SPA; Liu, PhD thesis 2015, §7.3.1 and §9.3.1):
// arrays of ncols states and values; a state word holds epoch + state, so a new row only bumps
// the epoch instead of clearing (a full clear happens once every 2^29 rows).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/sort_keys.hpp"

namespace spgraph::detail {

enum class SlotState : std::uint8_t { Allowed = 1, Valued = 2, Blocked = 3 };

/// The slot-state rules shared by both accumulators (see the file header). Table is the
/// accumulator itself (CRTP), providing find<Insert>(j, fresh, inserted), which inserts an
/// absent column with state `fresh` and counts it in valued_ when Valued, and state(s) /
/// set_state(s, st) for the slots of rows that are not plain.
template <class Table, class V, bool Values>
class RowAccumulator {
 public:
  static constexpr bool kValues = Values;
  static constexpr std::size_t kNone = ~std::size_t(0);

  /// Pre-inserts column j from a mask row.
  void mark(Vertex j, SlotState st) {
    bool inserted;
    table().template find<true>(j, st, inserted);
  }
  /// Records column j (symbolic: no value). Blocked slots stay blocked.
  template <bool Insert>
  void touch(Vertex j) {
    bool inserted;
    const std::size_t s = table().template find<Insert>(j, SlotState::Valued, inserted);
    if (!plain_ && s != kNone && !inserted && table().state(s) == SlotState::Allowed) {
      table().set_state(s, SlotState::Valued);
      ++valued_;
    }
  }
  /// Folds product() into column j with the semiring's add; skips blocked columns and
  /// columns already at the monoid's terminal value (product() is then not evaluated).
  template <bool Insert, class SR, class Product>
  void accumulate(Vertex j, Product&& product) {
    bool inserted;
    const std::size_t s = table().template find<Insert>(j, SlotState::Valued, inserted);
    if (s == kNone) return;
    if (inserted) {
      vals_[s] = product();
      return;
    }
    if (plain_) {
      if constexpr (SR::has_terminal) {
        if (SR::is_terminal(vals_[s])) return;
      }
      vals_[s] = SR::add(vals_[s], product());
      return;
    }
    switch (table().state(s)) {
      case SlotState::Valued:
        if constexpr (SR::has_terminal) {
          if (SR::is_terminal(vals_[s])) return;
        }
        vals_[s] = SR::add(vals_[s], product());
        return;
      case SlotState::Allowed:
        table().set_state(s, SlotState::Valued);
        ++valued_;
        vals_[s] = product();
        return;
      case SlotState::Blocked:
        return;
    }
  }

  /// Number of Valued columns in this row.
  Offset valued() const { return valued_; }
  /// The value held in `slot`.
  V value(std::size_t slot) const { return vals_[slot]; }

 protected:
  /// Starts a row: no column Valued yet; `plain` as in the file header.
  void start_row(bool plain) {
    valued_ = 0;
    plain_ = plain;
  }

  std::vector<V> vals_;
  Offset valued_ = 0;
  bool plain_ = true;

 private:
  Table& table() { return static_cast<Table&>(*this); }
};

/// Linear-probing hash table over column ids. V is the value type; with Values = false no
/// values are stored (symbolic phase, structure-only products).
template <class V, bool Values>
class HashRowAccumulator : public RowAccumulator<HashRowAccumulator<V, Values>, V, Values> {
  using Base = RowAccumulator<HashRowAccumulator<V, Values>, V, Values>;
  friend Base;

 public:
  using Base::kNone;

  /// Prepares for a row whose distinct keys fit in half of 2^log2 slots; `plain` when no mask
  /// entries will be pre-inserted (mark() is then not called).
  void start(unsigned log2, bool plain) {
    const std::size_t size = std::size_t(1) << log2;
    if (keys_.size() < size) {
      keys_.assign(size, kNoVertex);
      state_.resize(size);
      if constexpr (Values) vals_.resize(size);
    }
    mask_ = size - 1;
    shift_ = 32 - log2;
    used_.clear();
    this->start_row(plain);
  }
  /// Clears the slots this row used, leaving the table empty.
  void finish() {
    for (std::uint32_t s : used_) keys_[s] = kNoVertex;
  }

  /// The slot holding column j, inserting it with state `fresh` if absent (and `insert`).
  /// Returns kNone when j is absent and insert is false. Plain rows store no state.
  template <bool Insert>
  std::size_t find(Vertex j, SlotState fresh, bool& inserted) {
    std::size_t s = slot_of(j);
    while (true) {
      const Vertex k = keys_[s];
      if (k == j) {
        inserted = false;
        return s;
      }
      if (k == kNoVertex) {
        if constexpr (!Insert) {
          return kNone;
        } else {
          keys_[s] = j;
          if (!plain_) state_[s] = fresh;
          used_.push_back(std::uint32_t(s));
          valued_ += fresh == SlotState::Valued;
          inserted = true;
          return s;
        }
      }
      s = (s + 1) & mask_;
    }
  }

  /// Calls f(column, slot) for each Valued column, in insertion order.
  template <class F>
  void for_each_valued(F&& f) const {
    for (std::uint32_t s : used_)
      if (plain_ || state_[s] == SlotState::Valued) f(keys_[s], std::size_t(s));
  }

 private:
  using Base::plain_;
  using Base::vals_;
  using Base::valued_;

  std::size_t slot_of(Vertex j) const {
    return std::size_t(std::uint32_t(j * 0x9E3779B1u) >> shift_) & mask_;
  }
  SlotState state(std::size_t s) const { return state_[s]; }
  void set_state(std::size_t s, SlotState st) { state_[s] = st; }

  std::vector<Vertex> keys_;
  std::vector<SlotState> state_;
  std::vector<std::uint32_t> used_;
  std::size_t mask_ = 0;
  unsigned shift_ = 32;
};

/// Dense accumulator over ncols columns, with the same interface as HashRowAccumulator.
template <class V, bool Values>
class DenseRowAccumulator : public RowAccumulator<DenseRowAccumulator<V, Values>, V, Values> {
  using Base = RowAccumulator<DenseRowAccumulator<V, Values>, V, Values>;
  friend Base;

 public:
  using Base::kNone;

  /// Prepares for a row of a product with `ncols` columns (`plain` as for the hash table).
  void start(Vertex ncols, bool plain) {
    if (mark_.size() < ncols) {
      mark_.assign(ncols, 0);
      if constexpr (Values) vals_.resize(ncols);
      epoch_ = 0;
    }
    epoch_ += 4;
    if (epoch_ >= (std::uint32_t(1) << 31)) {  // wrap: forget every old mark once
      std::fill(mark_.begin(), mark_.end(), 0);
      epoch_ = 4;
    }
    touched_.clear();
    this->start_row(plain);
  }
  void finish() {}

  /// As HashRowAccumulator::find; the slot of column j is j.
  template <bool Insert>
  std::size_t find(Vertex j, SlotState fresh, bool& inserted) {
    if (mark_[j] > epoch_) {
      inserted = false;
      return j;
    }
    if constexpr (!Insert) {
      return kNone;
    } else {
      mark_[j] = epoch_ + std::uint32_t(fresh);
      touched_.push_back(j);
      valued_ += fresh == SlotState::Valued;
      inserted = true;
      return j;
    }
  }

  /// Calls f(column, slot) for each Valued column, in insertion order.
  template <class F>
  void for_each_valued(F&& f) const {
    for (Vertex j : touched_)
      if (plain_ || state(j) == SlotState::Valued) f(j, std::size_t(j));
  }
  /// Calls f(column, slot) for each Valued column in ascending column order: a branch-free
  /// scan of the marks when that is cheaper than sorting the touched columns (ncols below
  /// about 2 t log2 t for t touched), else the sort.
  template <class F>
  void for_each_valued_sorted(F&& f, std::vector<Vertex>& scratch) {
    const std::size_t t = touched_.size(), n = mark_.size();
    if (n < 2 * t * std::size_t(std::bit_width(t))) {
      const std::uint32_t valued_mark = epoch_ + std::uint32_t(SlotState::Valued);
      scan_.resize(n + 1);
      std::size_t w = 0;
      for (Vertex j = 0; j < n; ++j) {
        scan_[w] = j;
        w += mark_[j] == valued_mark;
      }
      for (std::size_t q = 0; q < w; ++q) f(scan_[q], std::size_t(scan_[q]));
    } else {
      sort_keys(touched_.data(), t, Vertex(n - 1), scratch);
      for_each_valued(f);
    }
  }

 private:
  using Base::plain_;
  using Base::vals_;
  using Base::valued_;

  SlotState state(std::size_t j) const { return SlotState(mark_[j] - epoch_); }
  void set_state(std::size_t j, SlotState st) { mark_[j] = epoch_ + std::uint32_t(st); }

  std::vector<std::uint32_t> mark_;
  std::vector<Vertex> touched_;
  std::vector<Vertex> scan_;
  std::uint32_t epoch_ = 0;
};

}  // namespace spgraph::detail
