// SPDX-License-Identifier: Apache-2.0
// VersionedArray<V>: a growable array that one writer changes in place and publishes, again and
// again, as immutable copies that reader threads keep as long as they like: the per-vertex
// answers of maintained views (engine/maintained_view.hpp) published with each DynamicGraph
// snapshot.
//
// Storage: pages of 4096 values in a copy-on-write table (formats/dcsr/cow_table.hpp, the same
// versioned pages Dynamic CSR snapshots use, after King et al. 2016's copy-on-write metadata).
// freeze() costs O(pages / 256); the first write to a page after a freeze copies that page
// (4096 values), later writes are plain stores. So a batch that changes k values publishes in
// O(n / 2^20 + pages touched · 4096), not O(n). A value never written reads as `fill`.
#pragma once

#include <omp.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "formats/dcsr/cow_table.hpp"

namespace spgraph {

template <class V>
class VersionedArray {
 public:
  static constexpr unsigned kShift = 12;
  static constexpr std::size_t kPageValues = std::size_t(1) << kShift;
  struct Page {
    std::array<V, kPageValues> v{};
    bool filled = false;  // false: never written, reads as the array's fill value
  };

  /// An immutable copy as of one freeze(): cheap to copy, safe to read from any thread.
  class Frozen {
   public:
    Frozen() = default;
    Frozen(typename CowTable<Page>::Frozen dirs, std::size_t size, V fill)
        : dirs_(std::move(dirs)), size_(size), fill_(fill) {}
    std::size_t size() const { return size_; }
    V operator[](std::size_t i) const {
      if (!dirs_) return fill_;
      const Page* p = typename CowTable<Page>::Reader(dirs_.get()).page(i >> kShift);
      return p && p->filled ? p->v[i & (kPageValues - 1)] : fill_;
    }
    /// Every value, in a plain vector (O(size)).
    std::vector<V> to_vector() const {
      std::vector<V> out(size_, fill_);
      if (!dirs_) return out;
      const typename CowTable<Page>::Reader r(dirs_.get());
      const std::int64_t pages = std::int64_t((size_ + kPageValues - 1) >> kShift);
#pragma omp parallel for schedule(static) if (pages > 16)
      for (std::int64_t p = 0; p < pages; ++p) {
        const Page* pg = r.page(std::size_t(p));
        if (!pg || !pg->filled) continue;
        const std::size_t b = std::size_t(p) << kShift;
        const std::size_t e = std::min(size_, b + kPageValues);
        std::copy(pg->v.begin(), pg->v.begin() + std::ptrdiff_t(e - b), out.begin() + b);
      }
      return out;
    }

   private:
    typename CowTable<Page>::Frozen dirs_;
    std::size_t size_ = 0;
    V fill_{};
  };

  explicit VersionedArray(std::size_t n = 0, V fill = V{}) : size_(n), fill_(fill) {
    table_.reserve_pages(pages_for(n));
  }

  std::size_t size() const {
    return size_;
  }
  V fill() const {
    return fill_;
  }
  V operator[](std::size_t i) const {
    const Page* p = table_.page(i >> kShift);
    return p && p->filled ? p->v[i & (kPageValues - 1)] : fill_;
  }
  /// Sets value i (the writer only; one thread at a time).
  void set(std::size_t i, V value) {
    writable(i >> kShift).v[i & (kPageValues - 1)] = value;
  }
  /// Grows to n values (new ones read as fill); never shrinks.
  void grow(std::size_t n) {
    if (n <= size_) return;
    size_ = n;
    table_.reserve_pages(pages_for(n));
  }
  /// Replaces every value with `values` (size() becomes values.size()); pages are copied in
  /// parallel.
  void assign(const std::vector<V>& values) {
    table_.clear();
    size_ = values.size();
    const std::size_t pages = pages_for(size_);
    table_.reserve_pages(pages);
    std::vector<Page*> dst(pages);
    for (std::size_t p = 0; p < pages; ++p) dst[p] = &writable(p);
#pragma omp parallel for schedule(static) if (pages > 16)
    for (std::int64_t p = 0; p < std::int64_t(pages); ++p) {
      const std::size_t b = std::size_t(p) << kShift;
      const std::size_t e = std::min(size_, b + kPageValues);
      std::copy(values.begin() + std::ptrdiff_t(b), values.begin() + std::ptrdiff_t(e),
                dst[std::size_t(p)]->v.begin());
    }
  }
  /// The values as of now, immutable; the writer's next writes copy the pages they touch.
  Frozen freeze() {
    return Frozen(table_.freeze(), size_, fill_);
  }
  /// Every value, in a plain vector (O(size)).
  std::vector<V> to_vector() {
    return freeze().to_vector();
  }

 private:
  static std::size_t pages_for(std::size_t n) {
    return (n + kPageValues - 1) >> kShift;
  }
  Page& writable(std::size_t p) {
    Page& pg = table_.writable(p);
    if (!pg.filled) {
      pg.v.fill(fill_);
      pg.filled = true;
    }
    return pg;
  }

  CowTable<Page> table_;
  std::size_t size_ = 0;
  V fill_{};
};

}  // namespace spgraph
