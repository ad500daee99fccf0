// SPDX-License-Identifier: Apache-2.0
// The pieces both level-synchronous peels (kcore.hpp, ktruss.hpp) share: the next frontier
// gathered from per-thread queues (no atomic counter, and no allocation once the queues have
// grown), and the start of a level, one parallel pass over the items still unpeeled that drops
// the peeled ones and finds the least degree or support with the items that have it (Kabir &
// Madduri's PKC, "Parallel k-core decomposition on multicore platforms", IPDPSW 2017, §IV:
// scanning only what is still unpeeled, not every vertex, at each level).
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace spgraph::detail {

/// Lists shorter than this are scanned on one thread: a parallel region costs microseconds, and
/// milliseconds when another process holds the second core (each region waits for a thread the
/// scheduler must first run), while a serial scan of this many ids takes about 0.2 ms.
inline constexpr std::size_t kParallelScan = std::size_t(1) << 18;

/// One queue per thread; take() concatenates them in thread order.
template <class Id>
class FrontierQueues {
 public:
  FrontierQueues() : local_(std::size_t(std::max(1, omp_get_max_threads()))) {}

  /// The number of queues (the most threads a parallel region may have).
  std::size_t size() const { return local_.size(); }
  /// The calling thread's queue (thread 0's outside a parallel region).
  std::vector<Id>& mine() { return local_[std::size_t(omp_get_thread_num())]; }

  /// Moves the ids queued by the threads t with use(t) into `out` (replacing its contents) and
  /// empties every queue.
  template <class Use>
  void take(std::vector<Id>& out, Use&& use) {
    std::size_t total = 0;
    for (std::size_t t = 0; t < local_.size(); ++t) total += use(t) ? local_[t].size() : 0;
    out.resize(total);
    auto at = out.begin();
    for (std::size_t t = 0; t < local_.size(); ++t) {
      if (use(t)) at = std::copy(local_[t].begin(), local_[t].end(), at);
      local_[t].clear();
    }
  }
  /// Moves every queued id into `out` (replacing its contents) and empties the queues.
  void take(std::vector<Id>& out) {
    take(out, [](std::size_t) { return true; });
  }

 private:
  std::vector<std::vector<Id>> local_;
};

/// The start of a level: one pass over `left` that drops the ids for which gone(id) holds and
/// gathers into `frontier` the ids of least value(id) among the others; returns that value (the
/// largest V when none is left, and then `frontier` is empty). Each thread filters one
/// contiguous block and keeps the ids at its own least value so far; the threads' lists at the
/// overall least value are joined. The frontier's ids stay in `left` (gone by the next pass).
template <class V, class Id, class Gone, class Value>
V start_level(std::vector<Id>& left, std::vector<Id>& frontier, FrontierQueues<Id>& kept,
              FrontierQueues<Id>& least, Gone&& gone, Value&& value) {
  std::vector<V> local(kept.size(), std::numeric_limits<V>::max());
#pragma omp parallel if (left.size() >= kParallelScan)
  {
    std::vector<Id>& keep = kept.mine();
    std::vector<Id>& low = least.mine();
    V m = std::numeric_limits<V>::max();
#pragma omp for schedule(static) nowait
    for (std::int64_t i = 0; i < std::int64_t(left.size()); ++i) {
      const Id id = left[std::size_t(i)];
      if (gone(id)) continue;
      keep.push_back(id);
      const V x = value(id);
      if (x < m) {
        m = x;
        low.clear();
      }
      if (x == m) low.push_back(id);
    }
    local[std::size_t(omp_get_thread_num())] = m;
  }
  const V k = *std::min_element(local.begin(), local.end());
  kept.take(left);
  least.take(frontier, [&](std::size_t t) { return local[t] == k; });
  return k;
}

}  // namespace spgraph::detail
