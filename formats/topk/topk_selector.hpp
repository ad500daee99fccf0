// SPDX-License-Identifier: Apache-2.0
// TopKSelector: the k best (score, id) pairs of a stream of offers, for kNN and top-k queries
// (algorithms/knn/). One selector per thread, reused across queries (start, offers, finish).
//
// What it computes: with TopKOrder::Largest the k pairs of highest score, with Smallest the k
// of lowest score; equal scores rank by the smaller id first. That is a strict total order on
// distinct ids, so the answer never depends on the order of the offers. -0.0 and 0.0 are the
// same score (both are reported as 0.0). Scores must not be NaN.
//
// Phases:
//   1. start(k, order): each pair is ranked by its "badness" (score for Smallest, -score for
//      Largest) and packed with its id into one 128-bit integer whose order is the ranking
//      (topk_detail::RankedId), so both orders keep the k smallest keys and a compare is one
//      integer compare.
//   2. offer: one compare with the bar (the worst kept pair once full) rejects most offers.
//      Otherwise, for k <= kTopKHeapMaxK, an AdHeap (formats/topk/ad_heap.hpp, the d-ary heap
//      of Liu's thesis §4.6 with aligned child groups, d = 4 keys = one 64-byte line): insert,
//      or replace the root and sift down (update-key, O(d log_d k)); the new root is the bar.
//      For larger k (and for k = SIZE_MAX, "keep everything") a reservoir: offers are appended
//      to a buffer; when it holds 2k, nth_element keeps the k best and their worst becomes the
//      bar (amortised O(1) per offer), as FAISS's reservoir result handler does.
//   3. finish: the kept pairs, best first (a sort of at most k, after an nth_element for the
//      reservoir).
// Workspace: O(k) pairs (2k for the reservoir), kept between queries.
// bound() exposes the bar once full(), so callers can skip computing exact scores that cannot
// win (with the reservoir it is the worst pair kept at the last compaction: looser, still
// safe). The heap/reservoir switch kTopKHeapMaxK is measured (bench/results/topk.md): with
// 16-byte keys the heap's log_d k dependent levels per update lose to the reservoir's
// amortised nth_element once more than a few hundred offers are kept.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/topk/ad_heap.hpp"

namespace spgraph {

/// One answer: a score and the id it belongs to.
struct ScoredId {
  double score;
  Vertex id;
};

/// Which end of the score range a TopKSelector keeps.
enum class TopKOrder : std::uint8_t { Largest, Smallest };

/// The largest k for which TopKSelector uses the heap; above it, the reservoir. Measured
/// (topk_bench --setup selector, bench/results/topk.md): up to k = 100 the two are level within
/// the noise of this machine (reservoir / heap 0.8-1.1), from k = 300 the reservoir is about 2x
/// faster (FAISS switches near 100 too). Below the switch the heap is kept for its exact
/// bound(): the worst kept pair at every moment, which lets callers stop early (the distance
/// kNN stops its search once the next distance exceeds it), where the reservoir's bar lags.
inline constexpr std::size_t kTopKHeapMaxK = 128;

/// How a TopKSelector keeps its pairs: Auto picks by k (kTopKHeapMaxK); tests and benchmarks
/// force the others. Heap reserves k slots up front.
enum class TopKMethod : std::uint8_t { Auto, Heap, Reservoir };

namespace topk_detail {

__extension__ typedef unsigned __int128 RankBits;

/// A (badness, id) pair packed into one 128-bit integer so that integer order is the ranking
/// (smaller badness first, then the smaller id): the badness as an order-preserving 64-bit
/// image of the double above the 32-bit id. One branch-free compare, and 0 sorts first (the
/// heap's pad key).
struct RankedId {
  RankBits bits;

  static constexpr RankedId pad() { return RankedId{0}; }
  static RankedId make(double bad, Vertex id) {
    std::uint64_t u;
    std::memcpy(&u, &bad, sizeof u);
    u = (u >> 63) ? ~u : (u | (std::uint64_t{1} << 63));
    return RankedId{(RankBits{u} << 32) | id};
  }
  double bad() const {
    std::uint64_t u = static_cast<std::uint64_t>(bits >> 32);
    u = (u >> 63) ? (u & ~(std::uint64_t{1} << 63)) : ~u;
    double b;
    std::memcpy(&b, &u, sizeof b);
    return b;
  }
  Vertex id() const { return static_cast<Vertex>(bits); }
  friend bool operator<(const RankedId& a, const RankedId& b) { return a.bits < b.bits; }
};

}  // namespace topk_detail

/// Keeps the k best (score, id) pairs offered: Largest keeps the highest scores, Smallest the
/// lowest; ties by the smaller id (a strict total order, so the result never depends on offer
/// order).
class TopKSelector {
  using Ranked = topk_detail::RankedId;

 public:
  /// Starts a new selection of the k best (k may be 0, or SIZE_MAX to keep every offer).
  void start(std::size_t k, TopKOrder order, TopKMethod method = TopKMethod::Auto) {
    k_ = k;
    order_ = order;
    reservoir_ = method == TopKMethod::Auto ? k > kTopKHeapMaxK : method == TopKMethod::Reservoir;
    bar_ = k == 0 ? Ranked::pad() : Ranked{~topk_detail::RankBits{0}};
    if (reservoir_) {
      buf_.clear();
      compacted_ = false;
      cap_ = k > std::numeric_limits<std::size_t>::max() / 2
                 ? std::numeric_limits<std::size_t>::max()
                 : 2 * k;
    } else {
      heap_.reset(k);
    }
  }

  /// Offers one pair (score not NaN): kept if fewer than k are held or it beats the worst kept.
  void offer(Vertex id, double score) {
    const Ranked x = Ranked::make(badness(score), id);
    if (!(x < bar_)) return;  // the cheap reject: one compare with the worst kept
    if (!reservoir_) {
      heap_.offer(x);
      if (heap_.full()) bar_ = heap_.top();
      return;
    }
    buf_.push_back(x);
    if (buf_.size() >= cap_) compact();
  }

  /// True once an offer must beat bound() to be kept (always for k = 0).
  bool full() const { return reservoir_ ? (k_ == 0 || compacted_) : heap_.full(); }

  /// The score an offer must beat (or tie with a smaller id) once full(): callers may prune
  /// candidates that cannot beat it before computing exact scores. Infinite (never beaten)
  /// for k = 0; only meaningful when full().
  double bound() const {
    if (k_ == 0)
      return order_ == TopKOrder::Largest ? std::numeric_limits<double>::infinity()
                                          : -std::numeric_limits<double>::infinity();
    return score_of(bar_.bad());
  }

  /// The number of pairs kept so far (at most k).
  std::size_t size() const { return reservoir_ ? std::min(buf_.size(), k_) : heap_.size(); }

  /// Appends the kept pairs to `out`, best first; the selector is empty afterwards (same k).
  void finish(std::vector<ScoredId>& out) {
    if (reservoir_) {
      if (buf_.size() > k_) {
        std::nth_element(buf_.begin(), buf_.begin() + static_cast<std::ptrdiff_t>(k_), buf_.end());
        buf_.resize(k_);
      }
      std::sort(buf_.begin(), buf_.end());
      emit(buf_, out);
      buf_.clear();
      compacted_ = false;
    } else {
      sorted_.clear();
      heap_.extract_sorted(sorted_);
      emit(sorted_, out);
    }
    bar_ = k_ == 0 ? Ranked::pad() : Ranked{~topk_detail::RankBits{0}};
  }

 private:
  double badness(double score) const {
    const double b = order_ == TopKOrder::Largest ? -score : score;
    return b == 0.0 ? 0.0 : b;  // -0.0 ranks (and is reported) as 0.0
  }
  double score_of(double bad) const {
    const double s = order_ == TopKOrder::Largest ? -bad : bad;
    return s == 0.0 ? 0.0 : s;
  }
  void emit(const std::vector<Ranked>& kept, std::vector<ScoredId>& out) const {
    out.reserve(out.size() + kept.size());
    for (const Ranked& r : kept) out.push_back(ScoredId{score_of(r.bad()), r.id()});
  }
  /// Keeps the k best of the buffer; their worst becomes the bar.
  void compact() {
    const auto kth = buf_.begin() + static_cast<std::ptrdiff_t>(k_ - 1);
    std::nth_element(buf_.begin(), kth, buf_.end());
    bar_ = *kth;
    buf_.resize(k_);
    compacted_ = true;
  }

  std::size_t k_ = 0;
  TopKOrder order_ = TopKOrder::Largest;
  bool reservoir_ = false;
  bool compacted_ = false;
  std::size_t cap_ = 0;
  Ranked bar_{0};  // offers not below it are rejected: all-ones until full, the worst kept after
  AdHeap<Ranked> heap_;
  std::vector<Ranked> buf_;
  std::vector<Ranked> sorted_;
};

}  // namespace spgraph
