// SPDX-License-Identifier: Apache-2.0
// The per-edge triangle count of edge_triangles.hpp: the degree orientation, then one pass over
// its rows with a per-thread position marker.
#include "algorithms/triangles/edge_triangles.hpp"

#include <omp.h>

#include <atomic>
#include <utility>

#include "algorithms/triangles/degree_orientation.hpp"

namespace spgraph {

namespace {

/// How many rows ahead in U(u) the count prefetches the rows U(v) it reads next (as the fused
/// count of triangle_count.cpp does).
constexpr Offset kRowAhead = 4;

inline void add_relaxed(Vertex& x, Vertex k) {
  std::atomic_ref<Vertex>(x).fetch_add(k, std::memory_order_relaxed);
}

/// Counts the triangles of row u of U (the triangles whose lowest corner is u), adding one to
/// each of their edges; `at` is the thread's marker, all zero on entry and on return.
std::uint64_t count_row(const Offset* rp, const Vertex* col, Vertex u, Vertex* at,
                        Vertex* support) {
  const Offset ub = rp[u], ue = rp[u + 1];
  if (ue - ub < 2) return 0;
  for (Offset k = ub; k < ue; ++k) at[col[k]] = Vertex(k - ub + 1);
  std::uint64_t total = 0;
  for (Offset k = ub; k < ue; ++k) {
    if (k + 2 * kRowAhead < ue) __builtin_prefetch(rp + col[k + 2 * kRowAhead]);
    if (k + kRowAhead < ue) __builtin_prefetch(col + rp[col[k + kRowAhead]]);
    const Vertex v = col[k];
    Vertex closed = 0;
    for (Offset q = rp[v], qe = rp[v + 1]; q < qe; ++q) {
      const Vertex p = at[col[q]];
      if (p == 0) continue;
      ++closed;
      add_relaxed(support[q], 1);           // (v, w)
      add_relaxed(support[ub + p - 1], 1);  // (u, w)
    }
    if (closed) add_relaxed(support[k], closed);  // (u, v)
    total += closed;
  }
  for (Offset k = ub; k < ue; ++k) at[col[k]] = 0;
  return total;
}

}  // namespace

EdgeTriangles edge_triangles(const AdjacencyView& g) {
  detail::Oriented o = detail::orient_by_degree(g);
  EdgeTriangles r;
  r.self_loops = o.self_loops;
  r.oriented = std::move(o.u);
  const Vertex n = r.oriented.nrows;
  const Offset* rp = r.oriented.row_ptr.data();
  const Vertex* col = r.oriented.col.data();
  r.support.assign(r.oriented.nnz(), 0);
  Vertex* support = r.support.data();
  const bool parallel = 2 * r.oriented.nnz() >= detail::kParallelEntries;
  std::uint64_t total = 0;
#pragma omp parallel reduction(+ : total) if (parallel)
  {
    std::vector<Vertex> at(n, 0);  // 1 + w's position in U(u) while row u is counted, else 0
#pragma omp for schedule(dynamic, 64)
    for (std::int64_t u = 0; u < std::int64_t(n); ++u)
      total += count_row(rp, col, Vertex(u), at.data(), support);
  }
  r.triangles = total;
  return r;
}

}  // namespace spgraph
