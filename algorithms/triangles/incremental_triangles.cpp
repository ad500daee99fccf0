// SPDX-License-Identifier: Apache-2.0
// Incremental triangle counting (see incremental_triangles.hpp for the method and its phases).
#include "algorithms/triangles/incremental_triangles.hpp"

#include <omp.h>

#include <algorithm>
#include <vector>

#include "algorithms/triangles/triangle_count.hpp"

namespace spgraph {

namespace {

std::uint64_t edge_key(Vertex a, Vertex b) {
  if (a > b) std::swap(a, b);
  return (std::uint64_t(a) << 32) | b;
}

}  // namespace

std::uint64_t triangles_touching(const DcsrAdjacency& g,
                                 std::span<const std::pair<Vertex, Vertex>> edges,
                                 TriangleMarks* marks) {
  if (edges.empty()) return 0;
  // Phase 1: the changed edges, sorted by key.
  std::vector<std::uint64_t> keys(edges.size());
  for (std::size_t k = 0; k < edges.size(); ++k)
    keys[k] = edge_key(edges[k].first, edges[k].second);
  std::sort(keys.begin(), keys.end());
  auto changed_below = [&](std::uint64_t key, std::uint64_t limit) {
    return key < limit && std::binary_search(keys.begin(), keys.end(), key);
  };
  // Phase 2: intersections.
  const Vertex n = g.n();
  std::uint64_t total = 0;
  Offset work = 0;
  for (const auto& [u, v] : edges) work += g.degree(u) + g.degree(v);
  const std::size_t words = (std::size_t(n) + 63) / 64;
  TriangleMarks local;
  TriangleMarks& m = marks ? *marks : local;
  const bool parallel = work > 65536;
  const std::size_t threads = parallel ? std::size_t(omp_get_max_threads()) : 1;
  if (m.bits.size() < threads) m.bits.resize(threads);
  for (std::size_t t = 0; t < threads; ++t)
    if (m.bits[t].size() < words) m.bits[t].resize(words, 0);  // new words are zero
#pragma omp parallel if (parallel) reduction(+ : total)
  {
    std::vector<std::uint64_t>& mark = m.bits[std::size_t(omp_get_thread_num())];
#pragma omp for schedule(dynamic, 16)
    for (std::int64_t k = 0; k < std::int64_t(keys.size()); ++k) {
      const Vertex u = Vertex(keys[k] >> 32), v = Vertex(keys[k] & 0xFFFFFFFFu);
      if (u == v) continue;
      // Mark the smaller neighbourhood, scan the other.
      const bool swap = g.degree(u) > g.degree(v);
      const Vertex a = swap ? v : u, b = swap ? u : v;
      g.for_each_neighbor(a, [&](Vertex w) { mark[w >> 6] |= std::uint64_t(1) << (w & 63); });
      g.for_each_neighbor(b, [&](Vertex w) {
        if (w == u || w == v || !((mark[w >> 6] >> (w & 63)) & 1)) return;
        // Triangle {u, v, w}: count it at its smallest changed edge only.
        if (changed_below(edge_key(u, w), keys[k]) || changed_below(edge_key(v, w), keys[k]))
          return;
        ++total;
      });
      g.for_each_neighbor(a, [&](Vertex w) { mark[w >> 6] = 0; });
    }
  }
  return total;
}

std::int64_t IncrementalTriangles::initial(const DcsrAdjacency& g) {
  // A sorted CSR copy of the structure, then the fused count.
  const Vertex n = g.n();
  std::vector<Offset> row_ptr(std::size_t(n) + 1, 0);
  for (Vertex r = 0; r < n; ++r) row_ptr[r + 1] = row_ptr[r] + g.degree(r);
  std::vector<Vertex> col(row_ptr[n]);
  for (Vertex r = 0; r < n; ++r) {
    Offset w = row_ptr[r];
    g.for_each_neighbor(r, [&](Vertex c) { col[w++] = c; });
    std::sort(col.begin() + std::ptrdiff_t(row_ptr[r]), col.begin() + std::ptrdiff_t(w));
  }
  TriangleOptions o;
  o.undirected = true;
  return std::int64_t(
      detail::triangle_count_symmetric(AdjacencyView{n, row_ptr.data(), col.data()}, o).triangles);
}

std::int64_t IncrementalTriangles::delta(const DcsrAdjacency& before, const DcsrAdjacency& after,
                                         std::span<const std::pair<Vertex, Vertex>> removed,
                                         std::span<const std::pair<Vertex, Vertex>> added) {
  return std::int64_t(triangles_touching(after, added, &marks_)) -
         std::int64_t(triangles_touching(before, removed, &marks_));
}

}  // namespace spgraph
