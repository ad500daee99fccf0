// SPDX-License-Identifier: Apache-2.0
// k-selection by one thread block, as host-and-device functions (SPGRAPH_HD): the per-thread and
// per-block logic of the CUDA k-selection kernels (batch_select_cuda.cu, algorithms/knn/
// knn_rows_cuda.cu), written once so that the CPU tests run the code a block runs
// (block_select_emulated.hpp runs it thread by thread on the host).
//
// What it computes: the `keep` smallest of m items in a strict total order, sorted. An item is a
// RankKey: `hi`, the order-preserving image of its score (float_rank_bits for ascending keys,
// badness_rank_bits for the kNN's "largest score first"), then `lo`, its id (the position in
// its list, or the answer's vertex). Comparing (hi, lo) lexicographically is the CPU's rule:
// by score, then the smaller id (formats/topk/topk_selector.hpp, batch_select.hpp), with -0.0
// ranked and reported as 0.0. Ids are distinct, so the order is strict and the answer does not
// depend on the order items are visited in -- the order in which GPU threads meet them.
//
// Method: MSD radix select over the composite key, 8 bits per pass (the bucket-select family:
// Alabi et al., "Fast k-Selection Algorithms for Graphics Processing Units", JEA 2012, §3;
// the digit-histogram select of Satish et al.'s radix sort, IPDPS 2009), then a bitonic sort of
// the kept items (Liu's thesis §4.5.1, Alg. 14) in shared memory. Not the thesis's ad-heap
// (§4.6): its update-key is a serial chain of find-maxchild steps per accepted key (about
// k·ln(l/k) of them per list), which the thesis itself measured slower on a GPU than on the CPU
// cores (§4.6.4, Figs. 4.11-4.12), and its speed-up rests on a CPU core sharing the heap
// through coherent memory (the "bridge"), which a discrete GPU does not have. The radix select
// costs at most passes·m reads per list whatever k is, with no dependent chains.
//
// Phases for one list of m items (the state lives in shared memory; one block, T threads):
//   1. radix_select_start: keep = min(k, m); keep = m needs no pass (every item is kept).
//   2. Up to kRankPasses(Hi) passes p: radix_count (each thread, items tid, tid+T, ...: those
//      that match the prefix found so far add 1 to the bucket of their digit p), then
//      radix_pick (one thread: the bucket where the running count reaches `remaining`; the
//      items of lower buckets are all kept; the prefix grows by that digit; the select ends
//      once that bucket holds exactly `remaining` items, since all of them are kept).
//   3. radix_gather: each thread hands its kept items ((key & mask) <= prefix) to a buffer
//      (an atomic slot counter; any order).
//   4. bitonic_step over the buffer padded to a power of two with pad keys (all ones), for
//      size = 2, 4, ... and stride = size/2 ... 1: the kept items in ascending order.
// Cost per list: at most passes·m reads and m adds to shared buckets (passes = sizeof(Hi) + 4
// at worst, fewer when the buckets separate early), 256 serial steps per pass for the pick,
// and P/2·log²P compare-exchanges for P = bit_ceil(keep). Workspace: 256 buckets, the state
// and P keys.
#pragma once

#include <cstdint>
#include <cstring>

#include "engine/core/host_device.hpp"

namespace spgraph {

/// An item's rank: score image `hi` (order-preserving), then id `lo`; smaller ranks first.
template <class Hi>
struct RankKey {
  Hi hi;
  std::uint32_t lo;

  /// The largest key: pads the bitonic buffer and never beats a real item.
  SPGRAPH_HD static RankKey pad() { return RankKey{Hi(~Hi(0)), ~std::uint32_t(0)}; }
  SPGRAPH_HD friend bool operator<(const RankKey& a, const RankKey& b) {
    return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
  }
  SPGRAPH_HD friend bool operator==(const RankKey& a, const RankKey& b) {
    return a.hi == b.hi && a.lo == b.lo;
  }
};

/// The order-preserving image of a float: ascending floats give ascending images, -0.0 the
/// image of 0.0. NaN is not ranked (the callers refuse it).
SPGRAPH_HD inline std::uint32_t float_rank_bits(float x) {
  if (x == 0.0f) x = 0.0f;
  std::uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return (u >> 31) ? ~u : (u | 0x80000000u);
}

/// The order-preserving image of a double, as TopKSelector's RankedId makes it.
SPGRAPH_HD inline std::uint64_t double_rank_bits(double x) {
  if (x == 0.0) x = 0.0;
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return (u >> 63) ? ~u : (u | (std::uint64_t(1) << 63));
}

/// The double whose image is `u` (the inverse of double_rank_bits; 0.0 for either zero).
SPGRAPH_HD inline double double_of_rank_bits(std::uint64_t u) {
  u = (u >> 63) ? (u & ~(std::uint64_t(1) << 63)) : ~u;
  double x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}

/// The rank image of a score when larger scores come first (the kNN's order): the image of
/// -score, so that "smallest key" is "largest score".
SPGRAPH_HD inline std::uint64_t largest_first_bits(double score) {
  return double_rank_bits(-score);
}

/// The score whose largest_first_bits is `u`, with -0.0 reported as 0.0 (as TopKSelector does).
SPGRAPH_HD inline double score_of_largest_first_bits(std::uint64_t u) {
  const double s = -double_of_rank_bits(u);
  return s == 0.0 ? 0.0 : s;
}

/// Buckets per radix pass (8-bit digits).
inline constexpr int kRadixBuckets = 256;

/// Passes over a RankKey<Hi>: one per byte of hi and lo.
template <class Hi>
inline constexpr int kRankPasses = int(sizeof(Hi)) + 4;

/// The state of one block's select, shared by its threads: items whose key under `mask`
/// equals `prefix` are still undecided, those below it are kept; `remaining` of the undecided
/// are still to keep. done: the kept set is {key : (key & mask) <= prefix}.
template <class Hi>
struct RadixSelectState {
  RankKey<Hi> prefix;
  RankKey<Hi> mask;
  std::uint32_t remaining;
  std::uint32_t keep;
  int pass;
  bool done;
};

/// Phase 1 (one thread): the select of min(k, m) of m items; keeping every item needs no pass.
template <class Hi>
SPGRAPH_HD inline void radix_select_start(RadixSelectState<Hi>& s, std::uint64_t k,
                                          std::uint32_t m) {
  s.prefix = RankKey<Hi>{Hi(0), 0u};
  s.mask = RankKey<Hi>{Hi(0), 0u};
  s.keep = k < m ? std::uint32_t(k) : m;
  s.remaining = s.keep;
  s.pass = 0;
  s.done = s.keep == m || s.keep == 0;  // an empty mask keeps every item (none when keep = 0)
}

/// Digit `pass` of key (pass 0: the top byte of hi; the last pass: the low byte of lo).
template <class Hi>
SPGRAPH_HD inline unsigned radix_digit(const RankKey<Hi>& key, int pass) {
  constexpr int hi_bytes = int(sizeof(Hi));
  if (pass < hi_bytes) return unsigned((key.hi >> (8 * (hi_bytes - 1 - pass))) & 0xFFu);
  return unsigned((key.lo >> (8 * (3 - (pass - hi_bytes)))) & 0xFFu);
}

/// key under the state's mask, compared with its prefix: -1 below (kept), 0 equal, 1 above.
template <class Hi>
SPGRAPH_HD inline int radix_compare(const RankKey<Hi>& key, const RadixSelectState<Hi>& s) {
  const Hi h = key.hi & s.mask.hi;
  if (h != s.prefix.hi) return h < s.prefix.hi ? -1 : 1;
  const std::uint32_t l = key.lo & s.mask.lo;
  if (l != s.prefix.lo) return l < s.prefix.lo ? -1 : 1;
  return 0;
}

/// Adds 1 to *counter and returns its old value: atomically on the device, plainly on the host
/// (the emulation runs one thread at a time).
SPGRAPH_HD inline std::uint32_t lanes_fetch_add(std::uint32_t* counter, std::uint32_t v = 1) {
#if defined(__CUDA_ARCH__)
  return atomicAdd(counter, v);
#else
  const std::uint32_t old = *counter;
  *counter = old + v;
  return old;
#endif
}

/// Phase 2a, thread tid of nthreads: counts its undecided items by digit into hist (zeroed).
/// `item(i)` gives item i's key.
template <class Hi, class Items>
SPGRAPH_HD inline void radix_count(const Items& item, std::uint32_t m,
                                   const RadixSelectState<Hi>& s, std::uint32_t* hist, int tid,
                                   int nthreads) {
  for (std::uint32_t i = std::uint32_t(tid); i < m; i += std::uint32_t(nthreads)) {
    const RankKey<Hi> key = item(i);
    if (radix_compare(key, s) == 0) lanes_fetch_add(&hist[radix_digit(key, s.pass)]);
  }
}

/// Phase 2b (one thread): the bucket holding the remaining-th undecided item joins the prefix;
/// hist is zeroed for the next pass.
template <class Hi>
SPGRAPH_HD inline void radix_pick(RadixSelectState<Hi>& s, std::uint32_t* hist) {
  std::uint32_t below = 0;
  unsigned digit = 0;
  while (below + hist[digit] < s.remaining) below += hist[digit++];
  const std::uint32_t in_bucket = hist[digit];
  for (int b = 0; b < kRadixBuckets; ++b) hist[b] = 0;
  constexpr int hi_bytes = int(sizeof(Hi));
  if (s.pass < hi_bytes) {
    const int shift = 8 * (hi_bytes - 1 - s.pass);
    s.prefix.hi |= Hi(digit) << shift;
    s.mask.hi |= Hi(0xFF) << shift;
  } else {
    const int shift = 8 * (3 - (s.pass - hi_bytes));
    s.prefix.lo |= std::uint32_t(digit) << shift;
    s.mask.lo |= std::uint32_t(0xFF) << shift;
  }
  s.remaining -= below;
  ++s.pass;
  // Every item of the bucket is kept: the select is over (ids are distinct, so the last pass
  // always ends here).
  s.done = in_bucket == s.remaining || s.pass == kRankPasses<Hi>;
}

/// Phase 3, thread tid: hands each of its kept items to emit(slot, key), slots from *count (any
/// order).
template <class Hi, class Items, class Emit>
SPGRAPH_HD inline void radix_gather(const Items& item, std::uint32_t m,
                                    const RadixSelectState<Hi>& s, const Emit& emit,
                                    std::uint32_t* count, int tid, int nthreads) {
  if (s.keep == 0) return;
  for (std::uint32_t i = std::uint32_t(tid); i < m; i += std::uint32_t(nthreads)) {
    const RankKey<Hi> key = item(i);
    if (radix_compare(key, s) <= 0) emit(lanes_fetch_add(count), key);
  }
}

/// The bitonic buffer's size for n items: the next power of two (1 for n <= 1).
SPGRAPH_HD inline std::uint32_t bitonic_size(std::uint32_t n) {
  std::uint32_t p = 1;
  while (p < n) p <<= 1;
  return p;
}

/// Phase 4, thread tid: one step (size, stride) of the bitonic sort of a[0, p) ascending
/// (Liu's thesis §4.5.1, Alg. 14): each i < p whose partner i ^ stride is above it orders the
/// pair, ascending where (i & size) == 0.
template <class Hi>
SPGRAPH_HD inline void bitonic_step(RankKey<Hi>* a, std::uint32_t p, std::uint32_t size,
                                    std::uint32_t stride, int tid, int nthreads) {
  for (std::uint32_t i = std::uint32_t(tid); i < p; i += std::uint32_t(nthreads)) {
    const std::uint32_t j = i ^ stride;
    if (j <= i) continue;
    const bool ascending = (i & size) == 0;
    if ((a[j] < a[i]) == ascending) {
      const RankKey<Hi> t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}

}  // namespace spgraph
