// SPDX-License-Identifier: Apache-2.0
// The two small structures of the maintained distances (incremental_distances.cpp):
//   - DistanceQueue: Dijkstra's monotone priority queue of (distance, vertex), as buckets by
//     level when every arc weighs 1 (a BFS relaxes level by level, Dial's bucket queue: Dial,
//     "Algorithm 360", CACM 1969) and as a binary heap otherwise;
//   - DistanceCounts: how many vertices lie at each finite distance, so that the published
//     `reached` and `max_distance` follow every change in O(log distinct distances), with no
//     scan of the vertices.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <queue>
#include <unordered_map>
#include <utility>
#include <vector>

#include "algorithms/sssp/sssp.hpp"
#include "engine/core/types.hpp"

namespace spgraph::detail {

/// A min-queue of (distance, vertex) whose pushes are never below the last key popped once
/// popping has begun (pushes before the first pop may come in any order). Ties pop in no
/// particular but deterministic order.
class DistanceQueue {
 public:
  /// `levels`: every key is a whole number below 2^32 (hop counts); buckets instead of a heap.
  explicit DistanceQueue(bool levels) : levels_(levels) {}

  bool empty() const { return levels_ ? size_ == 0 : heap_.empty(); }
  void push(double key, Vertex v) {
    if (!levels_) {
      heap_.push({key, v});
      return;
    }
    const std::size_t b = std::size_t(key);
    if (b >= buckets_.size()) buckets_.resize(b + 1);
    buckets_[b].push_back(v);
    if (b < cursor_) cursor_ = b;
    ++size_;
  }
  /// Takes a smallest entry; false when empty.
  bool pop(double& key, Vertex& v) {
    if (!levels_) {
      if (heap_.empty()) return false;
      key = heap_.top().first;
      v = heap_.top().second;
      heap_.pop();
      return true;
    }
    if (size_ == 0) return false;
    while (buckets_[cursor_].empty()) ++cursor_;
    v = buckets_[cursor_].back();
    buckets_[cursor_].pop_back();
    key = double(cursor_);
    if (--size_ == 0) cursor_ = kNoBucket;
    return true;
  }

 private:
  static constexpr std::size_t kNoBucket = std::numeric_limits<std::size_t>::max();
  using Entry = std::pair<double, Vertex>;
  bool levels_;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap_;
  std::vector<std::vector<Vertex>> buckets_;  // kept between uses: their capacity is reused
  std::size_t cursor_ = kNoBucket;
  std::size_t size_ = 0;
};

/// The number of vertices at each finite distance.
class DistanceCounts {
 public:
  /// Counts `distance` afresh, in parallel: into an array by value when every finite distance
  /// is a small whole number (levels; integer weights on a low-diameter graph), else into
  /// per-thread hash maps.
  void rebuild(const std::vector<double>& distance) {
    counts_.clear();
    reached_ = 0;
    const std::int64_t n = std::int64_t(distance.size());
    double top = 0;
    bool whole = true;
#pragma omp parallel for schedule(static) reduction(max : top) reduction(&& : whole) if (n >= 65536)
    for (std::int64_t v = 0; v < n; ++v) {
      const double d = distance[std::size_t(v)];
      if (d == kUnreachableDistance) continue;
      top = std::max(top, d);
      whole = whole && d == std::floor(d);
    }
    if (whole && top < double(kArrayLimit))
      count_in_array(distance, std::size_t(top) + 1);
    else
      count_in_maps(distance);
  }
  void add(double d) {
    ++counts_[d];
    ++reached_;
  }
  void remove(double d) {
    const auto it = counts_.find(d);
    if (--it->second == 0) counts_.erase(it);
    --reached_;
  }
  /// Vertices at a finite distance.
  Vertex reached() const {
    return reached_;
  }
  /// The largest finite distance (0 when none).
  double max() const {
    return counts_.empty() ? 0 : counts_.rbegin()->first;
  }

 private:
  static constexpr std::size_t kArrayLimit = std::size_t(1) << 16;

  void count_in_array(const std::vector<double>& distance, std::size_t values) {
    const std::int64_t n = std::int64_t(distance.size());
    std::vector<std::vector<Vertex>> local(static_cast<std::size_t>(omp_get_max_threads()));
#pragma omp parallel if (n >= 65536)
    {
      std::vector<Vertex>& mine = local[std::size_t(omp_get_thread_num())];
      mine.assign(values, 0);
#pragma omp for schedule(static)
      for (std::int64_t v = 0; v < n; ++v) {
        const double d = distance[std::size_t(v)];
        if (d != kUnreachableDistance) ++mine[std::size_t(d)];
      }
    }
    for (std::size_t d = 0; d < values; ++d) {
      Vertex c = 0;
      for (const auto& m : local) c += m.empty() ? 0 : m[d];
      if (c) counts_.emplace_hint(counts_.end(), double(d), c);
      reached_ += c;
    }
  }

  void count_in_maps(const std::vector<double>& distance) {
    const std::int64_t n = std::int64_t(distance.size());
    std::vector<std::unordered_map<double, Vertex>> local(
        static_cast<std::size_t>(omp_get_max_threads()));
#pragma omp parallel if (n >= 65536)
    {
      std::unordered_map<double, Vertex>& mine = local[std::size_t(omp_get_thread_num())];
#pragma omp for schedule(static)
      for (std::int64_t v = 0; v < n; ++v)
        if (distance[std::size_t(v)] != kUnreachableDistance) ++mine[distance[std::size_t(v)]];
    }
    for (const auto& m : local)
      for (const auto& [d, c] : m) {
        counts_[d] += c;
        reached_ += c;
      }
  }

  std::map<double, Vertex> counts_;
  Vertex reached_ = 0;
};

}  // namespace spgraph::detail
