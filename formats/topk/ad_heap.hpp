// SPDX-License-Identifier: Apache-2.0
// AdHeap: an implicit d-ary max-heap that keeps the k smallest keys offered, laid out as Liu's
// thesis §4.6.1 lays out the d-heap under its ad-heap (after LaMarca & Ladner 1996).
//
// What it computes: after reset(k) and any sequence of offers, the k smallest keys offered (all
// of them while fewer than k came), with the largest kept key at the root, so a new key is
// rejected by one compare with top() unless it beats it.
//
// Layout: node i lives at array index i + d - 1; the d - 1 slots in front of the root are the
// thesis' "head". The children of node i are nodes d·i + 1 .. d·i + d, at array indices
// d·(i + 1) .. d·(i + 1) + d - 1, so with a 64-byte-aligned array every child group starts on
// a d·sizeof(Key)-aligned block: one cache line (and one vector load) when d·sizeof(Key) = 64.
// For arithmetic keys (and keys with a static pad()) the slots past the last node hold the
// smallest key (-inf for floating point), so find-maxchild always reads a whole group with no
// bound checks.
//
// What is kept from the thesis, and why: the ad-heap proper adds an implicit "bridge" in the
// head, through which a GPU does find-maxchild and a CPU core the serial compare-and-swap
// writes. That needs a tightly coupled CPU-GPU chip with shared coherent memory and HSA-style
// queues; on a CPU-only machine only the d-ary layout with aligned child groups, a SIMD
// find-maxchild (one AVX2/AVX-512 load, a horizontal max, cmpeq + movemask + tzcnt; Furtak et
// al. did it with SSE) and the batch k-selection loop of §4.6.4 carry over. Those are what this
// class implements; the bridge is not.
//
// Operations (n = size(), k = capacity()):
//   1. offer(x): while n < k, insert (append, sift up; O(log_d n) compares, no data
//      parallelism). When full, x < top() replaces the root and sifts down (the thesis'
//      update-key, Alg 19/20: log_d k find-maxchild steps of one group each); otherwise
//      rejected with one compare.
//   2. heapify(keys): empties the heap, builds it from the first min(k, |keys|) keys bottom-up
//      (Floyd, O(k)), then offers the rest with the §4.6.4 loop, which compares 8 or 16 keys
//      with the root per vector instruction and updates only on success. offer_range(keys)
//      runs the same loop on top of what the heap already holds.
//   3. pop(): delete-max, the last node moved to the root and sifted down.
//   4. extract_sorted(out): appends the kept keys in ascending order (a sort of the k slots)
//      and empties the heap.
// Workspace: k + 2d keys, 64-byte aligned, reused by reset() without shrinking.
// Keys must be trivially copyable, ordered by operator< as a strict weak order, and not NaN;
// keys that compare equal are interchangeable (which of several equal keys is kept depends
// on the offer order). Vector kernels exist for 32- and 64-bit integers and floating point,
// chosen once at run time (topk_cpu_isa()); other keys take the scalar loop.
//
// Arity: d = ad_heap_default_arity<Key>() (one 64-byte line per child group), chosen by
// measurement: see that function's comment and bench/results/topk.md.
//
// Sources: W. Liu, "Parallel and Scalable Sparse Basic Linear Algebra Subprograms", PhD thesis,
// Copenhagen 2015, §4.6 (and Liu & Vinter, GPGPU-7 2014); A. LaMarca and R. Ladner, "The
// influence of caches on the performance of heaps", JEA 1996; T. Furtak, J. N. Amaral and
// R. Niewiadomski, "Using SIMD registers and instructions to enable instruction-level
// parallelism in sorting algorithms", SPAA 2007.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <span>
#include <type_traits>
#include <vector>

#include "formats/topk/ad_heap_kernels.hpp"
#include "formats/topk/topk_isa.hpp"

namespace spgraph {

/// The arity AdHeap uses for Key when none is named: one 64-byte line of keys per child group
/// (16 for 32-bit keys, 8 for 64-bit keys, 4 for 16-byte keys; at least 2). Measured with
/// topk_bench --setup arity (2e6 random keys, one thread, AVX-512 machine, ms; the full table
/// is in bench/results/topk.md):
///   u32, k = 1e3:  d=8 0.86, d=16 0.77, d=32 0.90   (scalar best: d=4 1.84)
///   u32, k = 1e5:  d=8 31.1, d=16 28.0, d=32 29.8   (scalar best: d=8 40.2)
///   u64, k = 1e3:  d=4 1.49, d=8 1.40, d=16 1.41;  k = 1e5: d=4 46.0, d=8 39.3, d=16 41.8
///   f64, k = 1e3:  d=4 1.42, d=8 1.40, d=16 1.55;  k = 1e5: d=4 39.0 (AVX2), d=8 44.0, d=16 41.5
///   (score, id) 16-byte keys, scalar: no arity wins in every cell (d=2 and d=4 trade places
///   run to run); one line, d=4, is kept.
/// With AVX2 only, d=8 and d=16 are level for 32-bit keys. When every key updates a small
/// heap (a descending stream), the scalar tournament beats the vector find-maxchild (u32, k =
/// 100: scalar d=8 39.8 ms, AVX-512 d=16 52.2 ms): the horizontal max is a longer dependency
/// chain than log2(d) selects. The vector path is kept because random streams, the use case,
/// gain 2-3x from the vector root compares.
template <class Key>
constexpr unsigned ad_heap_default_arity() {
  if constexpr (sizeof(Key) >= 32) return 2;
  return static_cast<unsigned>(64 / sizeof(Key));
}

/// Implicit d-ary max-heap with a padded head (d-1 slots) so each child group starts on an
/// aligned cache line; keeps the k smallest keys offered.
template <class Key, unsigned D = ad_heap_default_arity<Key>()>
class AdHeap {
  static_assert(D >= 2, "a d-heap needs d >= 2");
  static_assert(std::is_trivially_copyable_v<Key>, "AdHeap keys must be trivially copyable");

 public:
  static constexpr unsigned arity = D;

  /// Empties the heap and sets its capacity to k (k may be 0: every offer is then rejected).
  void reset(std::size_t k) {
    const std::size_t slots = k + 2 * std::size_t{D};
    const std::size_t lines = (slots * sizeof(Key) + sizeof(Line) - 1) / sizeof(Line);
    if (lines > store_.size()) store_.resize(lines);
    // Every slot a sift can read (array indices below k + 2d - 2) holds the pad key.
    if constexpr (kPadded) std::fill(array(), array() + slots, topk_detail::pad_key<Key>());
    k_ = k;
    n_ = 0;
  }

  std::size_t size() const { return n_; }
  std::size_t capacity() const { return k_; }
  bool full() const { return n_ == k_; }

  /// The largest kept key (precondition: size() > 0).
  const Key& top() const {
    assert(n_ > 0);
    return nodes()[0];
  }

  /// Keeps x if fewer than k keys are held or x < top() (then top() is dropped); returns
  /// whether x was kept.
  bool offer(const Key& x) {
    if (n_ < k_) {
      sift_up(x);
      return true;
    }
    if (k_ == 0 || !(x < nodes()[0])) return false;
    sift_down(0, x);
    return true;
  }

  /// Offers every key of `keys` in order (the §4.6.4 loop once the heap is full).
  void offer_range(std::span<const Key> keys) {
    std::size_t t = 0;
    while (t < keys.size() && n_ < k_) sift_up(keys[t++]);
    if (t == keys.size() || k_ == 0) return;
    const Key* p = keys.data() + t;
    const Key* e = keys.data() + keys.size();
    Key* h = nodes();
#if SPGRAPH_TOPK_X86
    if constexpr (kVector) {
      if (isa_ == TopkIsa::Avx512) return topk_detail::offer_full_avx512<Key, D>(h, n_, p, e);
      if (isa_ == TopkIsa::Avx2) return topk_detail::offer_full_avx2<Key, D>(h, n_, p, e);
    }
#endif
    topk_detail::offer_full_scalar<Key, D, kPadded>(h, n_, p, e);
  }

  /// Empties the heap, builds it from the first min(k, |keys|) keys (Floyd's bottom-up
  /// heapify), then offers the rest: the batch k-selection of Liu's §4.6.4.
  void heapify(std::span<const Key> keys) {
    clear();
    const std::size_t m = std::min(k_, keys.size());
    Key* h = nodes();
    std::copy(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(m), h);
    n_ = m;
    if (m > 1)
      for (std::size_t i = (m - 2) / D + 1; i-- > 0;) sift_down(i, h[i]);
    offer_range(keys.subspan(m));
  }

  /// Removes the largest key (precondition: size() > 0).
  void pop() {
    assert(n_ > 0);
    Key* h = nodes();
    const Key last = h[--n_];
    if constexpr (kPadded) h[n_] = topk_detail::pad_key<Key>();
    if (n_ > 0) sift_down(0, last);
  }

  /// Appends the kept keys to `out` in ascending order; the heap becomes empty.
  void extract_sorted(std::vector<Key>& out) {
    const std::size_t at = out.size();
    out.resize(at + n_);
    extract_sorted_into(out.data() + at);
  }

  /// Writes the size() kept keys to out[0, size()) in ascending order; the heap becomes empty.
  void extract_sorted_into(Key* out) {
    const Key* h = nodes();
    const std::size_t n = n_;
    for (std::size_t i = 0; i < n; ++i) out[i] = h[i];
    std::sort(out, out + n);
    clear();
  }

  /// Runs the kernels of `isa` from now on (lowered to what the CPU runs; tests and benchmarks
  /// use it to force a path). Keys without vector kernels always take the scalar loop.
  void set_isa(TopkIsa isa) {
    isa_ = kVector ? topk_clamp_isa(isa) : TopkIsa::Scalar;
  }
  /// The kernels in use.
  TopkIsa isa() const {
    return isa_;
  }

 private:
  struct alignas(64) Line {
    unsigned char bytes[64];
  };
  static constexpr bool kPadded = std::is_arithmetic_v<Key> || topk_detail::has_pad_key<Key>;
  static constexpr bool kVector =
      topk_detail::simd_key<Key> && (D * sizeof(Key)) % 32 == 0 && D * sizeof(Key) <= 256;

  // The array starts a 64-byte line; node i sits at index i + D - 1, so node d·i + 1 (the first
  // child of i) sits at d·(i + 1). The byte array implicitly creates the Key objects.
  Key* array() {
    return reinterpret_cast<Key*>(store_.data());
  }
  Key* nodes() {
    return array() + (D - 1);
  }
  const Key* nodes() const {
    return reinterpret_cast<const Key*>(store_.data()) + (D - 1);
  }

  void clear() {
    if constexpr (kPadded) std::fill(nodes(), nodes() + n_, topk_detail::pad_key<Key>());
    n_ = 0;
  }

  void sift_up(const Key& x) {
    Key* h = nodes();
    std::size_t i = n_++;
    while (i > 0) {
      const std::size_t p = (i - 1) / D;
      if (!(h[p] < x)) break;
      h[i] = h[p];
      i = p;
    }
    h[i] = x;
  }

  void sift_down(std::size_t i, Key v) {
    Key* h = nodes();
#if SPGRAPH_TOPK_X86
    if constexpr (kVector) {
      if (isa_ == TopkIsa::Avx512) return topk_detail::sift_down_avx512_at<Key, D>(h, n_, i, v);
      if (isa_ == TopkIsa::Avx2) return topk_detail::sift_down_avx2_at<Key, D>(h, n_, i, v);
    }
#endif
    topk_detail::sift_down_scalar<Key, D, kPadded>(h, n_, i, v);
  }

  std::vector<Line> store_;
  std::size_t n_ = 0;
  std::size_t k_ = 0;
  TopkIsa isa_ = kVector ? topk_cpu_isa() : TopkIsa::Scalar;
};

}  // namespace spgraph
