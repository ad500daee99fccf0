// SPDX-License-Identifier: Apache-2.0
// The condensed closure's reach sets and the ReachabilityIndex (see reachability.hpp).
#include "algorithms/closure/reachability.hpp"

#include <omp.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <fstream>
#include <string>

#include "algorithms/closure/closure_size_estimate.hpp"
#include "engine/core/error.hpp"
#include "engine/core/resources.hpp"
#include "formats/csr/sort_keys.hpp"

namespace spgraph {

bool ComponentSet::contains(Vertex c) const {
  if (dense()) return (bits[c >> 6] >> (c & 63)) & 1;
  return std::binary_search(list, list + count, c);
}

std::size_t CondensedClosure::bytes() const {
  std::size_t b = reach.capacity() * sizeof(ComponentSet) + reach_vertices.capacity() * 8;
  for (const auto& a : lists) b += a.bytes();
  for (const auto& a : bitsets) b += a.bytes();
  return b;
}

namespace {

/// Per-thread union of component sets (phase 2 of reachability.hpp).
class SetUnion {
 public:
  explicit SetUnion(Vertex ncomp)
      : n_(ncomp), words_((std::size_t(ncomp) + 63) / 64), acc_(words_) {}

  void start() {
    count_ = 0;
    vertices_ = 0;
    dense_ = false;
    list_.clear();
  }
  /// Adds one id; `size` is the number of vertices it stands for.
  void add(Vertex c, Offset size) {
    std::uint64_t& w = acc_[c >> 6];
    const std::uint64_t bit = std::uint64_t(1) << (c & 63);
    if (w & bit) return;
    w |= bit;
    ++count_;
    vertices_ += size;
    if (!dense_) note(c);
  }
  /// Vertices the ids added so far stand for (maintained until the set turns dense).
  Offset vertices() const { return vertices_; }
  /// Adds every id of `s`; size(c) is the number of vertices id c stands for.
  template <class Size>
  void add(const ComponentSet& s, Size&& size) {
    if (!s.dense()) {
      for (Vertex k = 0; k < s.count; ++k) add(s.list[k], size(s.list[k]));
      return;
    }
    for (std::size_t w = 0; w < words_; ++w) {
      const std::uint64_t fresh = s.bits[w] & ~acc_[w];
      if (!fresh) continue;
      acc_[w] |= fresh;
      count_ += Vertex(std::popcount(fresh));
      if (!dense_)
        for (std::uint64_t x = fresh; x; x &= x - 1)
          if (!dense_) note(Vertex(w * 64 + std::size_t(__builtin_ctzll(x))));
    }
  }
  /// The set built since start(), stored in this thread's arenas; leaves the accumulator empty.
  ComponentSet finish(std::vector<Vertex>& scratch, Arena<Vertex>& lists,
                      Arena<std::uint64_t>& bitsets, bool sorted) {
    ComponentSet s;
    s.count = count_;
    if (dense_) {
      std::uint64_t* bits = bitsets.allocate(words_);
      std::copy(acc_.begin(), acc_.end(), bits);
      std::fill(acc_.begin(), acc_.end(), 0);
      s.bits = bits;
      s.words = std::uint32_t(words_);
    } else if (count_ > 0) {
      if (sorted) sort_keys(list_.data(), list_.size(), n_ ? n_ - 1 : 0, scratch);
      Vertex* list = lists.allocate(list_.size());
      std::copy(list_.begin(), list_.end(), list);
      for (Vertex c : list_) acc_[c >> 6] = 0;
      s.list = list;
    }
    return s;
  }

 private:
  void note(Vertex c) {
    list_.push_back(c);
    if (list_.size() > n_ / 32) dense_ = true;  // a bitset is now smaller than the list
  }

  Vertex n_;
  std::size_t words_;
  std::vector<std::uint64_t> acc_;
  std::vector<Vertex> list_;
  Vertex count_ = 0;
  Offset vertices_ = 0;
  bool dense_ = false;
};

}  // namespace

namespace detail {

void closure_too_large(const char* what, double pairs, double bytes, std::uint64_t limit,
                       std::uint64_t budget) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3g", pairs);
  throw OutOfMemory(std::string(what) + " would hold about " + buf + " pairs and need about " +
                    human_bytes(bytes) + ", more than " + describe_budget(limit, budget) +
                    "; nothing was allocated");
}

}  // namespace detail

CondensedClosure condensed_closure(Condensation scc, bool sorted_sets, bool parallel) {
  CondensedClosure cc;
  cc.scc = std::move(scc);
  const Condensation& c = cc.scc;
  const Vertex nc = c.num_components;
  cc.reach.resize(nc);
  cc.reach_vertices.assign(nc, 0);
  const int threads = parallel ? omp_get_max_threads() : 1;
  cc.lists.resize(threads);
  cc.bitsets.resize(threads);

  // Phase 2 for one component, on the calling thread's union and arenas; returns its pairs.
  auto build = [&](Vertex k, SetUnion& u, std::vector<Vertex>& scratch, Arena<Vertex>& lists,
                   Arena<std::uint64_t>& bitsets) {
    u.start();
    auto size = [&c](Vertex d) { return Offset(c.size(d)); };
    for (Offset q = c.dag.row_begin(k); q < c.dag.row_end(k); ++q) {
      const Vertex d = c.dag.col[q];
      u.add(d, size(d));
      u.add(cc.reach[d], size);
    }
    cc.reach[k] = u.finish(scratch, lists, bitsets, sorted_sets);
    Offset vertices = c.cyclic[k] ? c.size(k) : 0;
    if (cc.reach[k].dense())  // the running total stops when a set turns dense
      cc.reach[k].for_each([&](Vertex d) { vertices += c.size(d); });
    else
      vertices += u.vertices();
    cc.reach_vertices[k] = vertices;
    return Offset(c.size(k)) * vertices;
  };

  // Phase 1: levels (successors have lower ids, so one increasing pass suffices).
  std::vector<Vertex> level(nc, 0);
  Vertex depth = 0;
  if (!parallel) {  // serially, in id order: successors are always done; no level buckets
    SetUnion u(nc);
    std::vector<Vertex> scratch;
    for (Vertex k = 0; k < nc; ++k) {
      for (Offset q = c.dag.row_begin(k); q < c.dag.row_end(k); ++q)
        level[k] = std::max(level[k], level[c.dag.col[q]] + 1);
      depth = std::max(depth, level[k] + 1);
      cc.pairs += build(k, u, scratch, cc.lists[0], cc.bitsets[0]);
    }
    cc.levels = depth;
    return cc;
  }
  for (Vertex k = 0; k < nc; ++k) {
    for (Offset q = c.dag.row_begin(k); q < c.dag.row_end(k); ++q)
      level[k] = std::max(level[k], level[c.dag.col[q]] + 1);
    depth = std::max(depth, level[k] + 1);
  }
  cc.levels = depth;
  Csr<bool> by_level = Csr<bool>::empty(depth, nc, true);
  for (Vertex k = 0; k < nc; ++k) ++by_level.row_ptr[level[k] + 1];
  for (Vertex l = 0; l < depth; ++l) by_level.row_ptr[l + 1] += by_level.row_ptr[l];
  by_level.col.resize(nc);
  {
    std::vector<Offset> next(by_level.row_ptr.begin(), by_level.row_ptr.end() - 1);
    for (Vertex k = 0; k < nc; ++k) by_level.col[next[level[k]]++] = k;
  }

  // Phase 2: the unions, one level at a time.
  Offset pairs = 0;
#pragma omp parallel num_threads(threads) reduction(+ : pairs)
  {
    SetUnion u(nc);
    std::vector<Vertex> scratch;
    Arena<Vertex>& lists = cc.lists[omp_get_thread_num()];
    Arena<std::uint64_t>& bitsets = cc.bitsets[omp_get_thread_num()];
    for (Vertex l = 0; l < depth; ++l) {
      const std::int64_t lo = std::int64_t(by_level.row_begin(l));
      const std::int64_t hi = std::int64_t(by_level.row_end(l));
#pragma omp for schedule(dynamic, 16)
      for (std::int64_t p = lo; p < hi; ++p)
        pairs += build(by_level.col[p], u, scratch, lists, bitsets);
      // implicit barrier: the next level reads this one's sets
    }
  }
  cc.pairs = pairs;
  return cc;
}

void ReachabilityIndex::build(const AdjacencyView& g, std::uint64_t memory_limit) {
  Condensation scc = condense(g);
  const std::uint64_t budget = memory_budget(memory_limit);
  bool fits = true;
  const ClosureSizeEstimate est = closure_size_for_budget(
      scc, double(budget), [](const ClosureSizeEstimate& e) { return e.condensed_bytes; }, fits);
  if (!fits)
    detail::closure_too_large("the condensed closure", est.pairs, est.condensed_bytes, memory_limit,
                              budget);
  c_ = condensed_closure(std::move(scc), true, true);
}

bool ReachabilityIndex::reachable(Vertex u, Vertex v) const {
  const Vertex n = Vertex(c_.scc.comp.size());
  if (u >= n || v >= n)
    throw IndexOutOfBounds("reachable(" + std::to_string(u) + ", " + std::to_string(v) +
                           "): the graph has " + std::to_string(n) + " vertices");
  const Vertex cu = c_.scc.comp[u], cv = c_.scc.comp[v];
  if (cu == cv) return c_.scc.cyclic[cu];
  return cv < cu && c_.reach[cu].contains(cv);  // every DAG arc goes to a lower id
}

Offset ReachabilityIndex::reachable_count(Vertex u) const {
  if (u >= c_.scc.comp.size())
    throw IndexOutOfBounds("reachable_count(" + std::to_string(u) + "): the graph has " +
                           std::to_string(c_.scc.comp.size()) + " vertices");
  return c_.reach_vertices[c_.scc.comp[u]];
}

}  // namespace spgraph
