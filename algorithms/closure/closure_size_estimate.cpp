// SPDX-License-Identifier: Apache-2.0
// Bottom-k sketches of reachable sets over the condensation (see closure_size_estimate.hpp).
#include "algorithms/closure/closure_size_estimate.hpp"

#include <algorithm>
#include <array>

namespace spgraph {

namespace {

constexpr std::size_t kSketch = 16;

/// A pseudo-random 32-bit rank for vertex v (splitmix64 finaliser).
std::uint32_t vertex_rank(Vertex v) {
  std::uint64_t z = std::uint64_t(v) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return std::uint32_t((z ^ (z >> 31)) >> 32);
}

/// A sketch: at most k distinct ranks, ascending.
struct Sketch {
  std::array<std::uint32_t, kSketch> r{};
  std::size_t len = 0;
};

/// s = bottom-k(s ∪ in[0, n)), for sorted distinct `in`: a merge of two sorted lists, O(k).
void merge_into(Sketch& s, const std::uint32_t* in, std::size_t n) {
  std::array<std::uint32_t, kSketch> out;
  std::size_t i = 0, j = 0, o = 0;
  while (o < kSketch && (i < s.len || j < n)) {
    std::uint32_t x;
    if (j == n || (i < s.len && s.r[i] < in[j]))
      x = s.r[i++];
    else if (i == s.len || in[j] < s.r[i])
      x = in[j++];
    else
      x = s.r[i++], ++j;  // equal: keep one
    out[o++] = x;
  }
  s.r = out;
  s.len = o;
}

/// The size a sketch stands for: exact below k entries, (k - 1) / (k-th rank fraction) else.
double sketch_size(const std::uint32_t* s, std::size_t len) {
  if (len < kSketch) return double(len);
  const double kth = (double(s[kSketch - 1]) + 1.0) / 4294967296.0;
  return double(kSketch - 1) / kth;
}

}  // namespace

ClosureSizeEstimate estimate_closure_size(const Condensation& c) {
  const Vertex nc = c.num_components;
  // Sketches of each component's own members, then of its reachable set.
  std::vector<Sketch> own(nc), reach(nc);
  std::vector<std::uint32_t> ranks;
  for (Vertex k = 0; k < nc; ++k) {
    ranks.clear();
    for (Offset m = c.members.row_begin(k); m < c.members.row_end(k); ++m)
      ranks.push_back(vertex_rank(c.members.col[m]));
    const std::size_t keep = std::min(ranks.size(), kSketch);
    std::partial_sort(ranks.begin(), ranks.begin() + keep, ranks.end());
    merge_into(own[k], ranks.data(), keep);  // (ranks of distinct vertices rarely collide)
  }
  ClosureSizeEstimate e;
  e.reach.assign(nc, 0);
  // Components in increasing id: every successor (a lower id) is done first.
  for (Vertex k = 0; k < nc; ++k) {
    Sketch s;
    if (c.cyclic[k]) s = own[k];
    for (Offset q = c.dag.row_begin(k); q < c.dag.row_end(k); ++q) {
      const Vertex d = c.dag.col[q];
      merge_into(s, own[d].r.data(), own[d].len);
      merge_into(s, reach[d].r.data(), reach[d].len);
    }
    reach[k] = s;
    e.reach[k] = sketch_size(s.r.data(), s.len);
    e.pairs += double(c.size(k)) * e.reach[k];
    // The reach set of a component is a list of component ids (4 bytes each, at most one per
    // reachable vertex) or a bitset over components, whichever is smaller.
    e.condensed_bytes += std::min(4.0 * e.reach[k], double(nc) / 8.0 + 8.0);
  }
  return e;
}

ClosureSizeEstimate bound_closure_size(const Condensation& c) {
  const Vertex nc = c.num_components;
  const double n = double(c.comp.size());
  ClosureSizeEstimate e;
  e.reach.assign(nc, 0);
  for (Vertex k = 0; k < nc; ++k) {  // successors have lower ids: done first
    double r = c.cyclic[k] ? double(c.size(k)) : 0;
    for (Offset q = c.dag.row_begin(k); q < c.dag.row_end(k); ++q)
      r += double(c.size(c.dag.col[q])) + e.reach[c.dag.col[q]];
    e.reach[k] = std::min(r, n);
    e.pairs += double(c.size(k)) * e.reach[k];
    e.condensed_bytes += std::min(4.0 * e.reach[k], double(nc) / 8.0 + 8.0);
  }
  return e;
}

}  // namespace spgraph
