// SPDX-License-Identifier: Apache-2.0
// Fixed-size chunks of vertices for the parallel passes of the maintained PageRank view
// (pagerank_residual.hpp): a chunk is summed on one thread and the chunks' sums are added in
// order, so a sum does not depend on the schedule or the thread count.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"

namespace spgraph::detail {

inline constexpr std::int64_t kVertexChunk = 4096;

inline std::int64_t chunk_count(Vertex n) {
  return (std::int64_t(n) + kVertexChunk - 1) / kVertexChunk;
}
inline std::int64_t chunk_begin(std::int64_t c) {
  return c * kVertexChunk;
}
inline std::int64_t chunk_end(std::int64_t c, Vertex n) {
  return std::min<std::int64_t>(std::int64_t(n), (c + 1) * kVertexChunk);
}

/// K sums over the n vertices, f(v, sums) adding v's terms.
template <std::size_t K, class F>
std::array<double, K> chunked_sum(Vertex n, F&& f) {
  const std::int64_t chunks = chunk_count(n);
  std::vector<std::array<double, K>> partial(static_cast<std::size_t>(chunks));
#pragma omp parallel for schedule(static) if (chunks > 8)
  for (std::int64_t c = 0; c < chunks; ++c) {
    std::array<double, K> s{};
    for (std::int64_t v = chunk_begin(c), e = chunk_end(c, n); v < e; ++v) f(std::size_t(v), s);
    partial[std::size_t(c)] = s;
  }
  std::array<double, K> total{};
  for (const std::array<double, K>& s : partial)
    for (std::size_t i = 0; i < K; ++i) total[i] += s[i];
  return total;
}

}  // namespace spgraph::detail
