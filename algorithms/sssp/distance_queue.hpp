// SPDX-License-Identifier: Apache-2.0
// The two small structures of the maintained distances (incremental_distances.cpp):
//   - DistanceQueue: Dijkstra's monotone priority queue of (distance, vertex), as a list per
//     level when every arc weighs 1 (a BFS relaxes level by level, as Dial's bucket queue does:
//     Dial, "Algorithm 360", CACM 1969; only the levels present are kept) and as a binary heap
//     otherwise;
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
  /// `levels`: every key is a whole number (hop counts); a list per level instead of a heap.
  explicit DistanceQueue(bool levels) : levels_(levels) {}

  void push(double key, Vertex v) {
    if (levels_)
      by_level_[std::uint64_t(key)].push_back(v);
    else
      heap_.push({key, v});
  }
  /// Takes a smallest entry; false when empty.
  bool pop(double& key, Vertex& v) {
    if (levels_) {
      if (by_level_.empty()) return false;
      const auto first = by_level_.begin();
      key = double(first->first);
      v = first->second.back();
      first->second.pop_back();
      if (first->second.empty()) by_level_.erase(first);
      return true;
    }
    if (heap_.empty()) return false;
    key = heap_.top().first;
    v = heap_.top().second;
    heap_.pop();
    return true;
  }

 private:
  using Entry = std::pair<double, Vertex>;
  bool levels_;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap_;
  /// The levels present, each with its vertices: a few at a time, whatever the graph's depth,
  /// so the queue costs nothing per level it never holds.
  std::map<std::uint64_t, std::vector<Vertex>> by_level_;
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
