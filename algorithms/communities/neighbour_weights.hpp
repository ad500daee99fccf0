// SPDX-License-Identifier: Apache-2.0
// The per-thread accumulator of the community methods: the weight from one vertex (or one
// community's members) to each neighbouring community, as the rows of a Gustavson SpGEMM
// gather (Gustavson, ACM TOMS 4(3), 1978): a dense slot per community pointing into a compact
// list of the communities touched, which is all a query or a clear walks. One per thread, sized
// once to the largest level's vertex count, so no vertex allocates (Grappolo's per-thread maps,
// Lu, Halappanavar & Kalyanaraman, Parallel Computing 47, 2015, §4, without their hashing).
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"

namespace spgraph::detail {

class NeighbourWeights {
 public:
  /// Makes room for community ids below n (keeps what is there).
  void reserve(Vertex n) {
    if (slot_.size() < n) slot_.resize(n, kNoVertex);
  }
  /// Adds w to community c's weight.
  void add(Vertex c, double w) {
    Vertex& s = slot_[c];
    if (s == kNoVertex) {
      s = Vertex(keys_.size());
      keys_.push_back(c);
      vals_.push_back(w);
    } else {
      vals_[s] += w;
    }
  }
  /// The weight gathered for c (0 when untouched).
  double get(Vertex c) const {
    const Vertex s = slot_[c];
    return s == kNoVertex ? 0.0 : vals_[s];
  }
  /// The communities touched, in the order first touched, and their weights.
  std::size_t size() const { return keys_.size(); }
  Vertex key(std::size_t i) const { return keys_[i]; }
  double value(std::size_t i) const { return vals_[i]; }
  /// Forgets every touched community (O(touched)).
  void clear() {
    for (Vertex c : keys_) slot_[c] = kNoVertex;
    keys_.clear();
    vals_.clear();
  }

 private:
  std::vector<Vertex> slot_;
  std::vector<Vertex> keys_;
  std::vector<double> vals_;
};

/// One NeighbourWeights per OpenMP thread.
class ThreadWeights {
 public:
  /// Makes each thread's accumulator hold community ids below n. Large ones are sized by their
  /// own threads, so their pages are local to them; nothing is done when they are big enough.
  void reserve(Vertex n) {
    const std::size_t threads = std::size_t(std::max(1, omp_get_max_threads()));
    if (per_thread_.size() >= threads && n <= reserved_) return;
    if (per_thread_.size() < threads) per_thread_.resize(threads);
#pragma omp parallel if (n >= 65536)
    {
#pragma omp for schedule(static, 1)
      for (std::int64_t t = 0; t < std::int64_t(per_thread_.size()); ++t)
        per_thread_[std::size_t(t)].reserve(n);
    }
    reserved_ = std::max(reserved_, n);
  }
  /// The calling thread's accumulator (after reserve).
  NeighbourWeights& mine() {
    return per_thread_[std::size_t(omp_get_thread_num())];
  }

 private:
  std::vector<NeighbourWeights> per_thread_;
  Vertex reserved_ = 0;
};

}  // namespace spgraph::detail
