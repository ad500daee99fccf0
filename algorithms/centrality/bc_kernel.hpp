// SPDX-License-Identifier: Apache-2.0
// The unweighted Brandes search for K sources at once (K = 1: one source per search; K = 4:
// LAGraph's LAGr_Betweenness batch), included only by bc_unweighted.cpp. centrality.hpp says
// what it computes; this file says how.
//
// Layout: per vertex v and lane j (one source per lane), depth[v*K+j] (-1 unreached),
// sigma[v*K+j] (shortest-path count, 0 unreached) and coef[v*K+j], which holds
// (1 + delta_j(v)) / sigma_j(v) once v's level of the backward sweep is done; per vertex, the
// lane masks visited[v] (lanes that reached v), cur[v] (lanes with v in the current frontier)
// and nxt[v] (lanes that reach v in the level being built). The level lists are concatenated
// in `order` (a vertex is listed once per distinct depth among its lanes), level_start[d]
// being where level d begins: the forward search writes them and the backward sweep reads them
// back in reverse, as Brandes' stack S.
//
// Forward, level d -> d+1 (Beamer et al. SC 2012's direction choice, Algorithm 1-3):
//   - top-down: for each u in level d, each arc u -> w and each lane j in cur[u] not in
//     visited[w]: sigma_j(w) += sigma_j(u); the first lane to reach w in this level lists it.
//     On several threads nxt[w] is claimed with an atomic fetch_or and sigma added atomically.
//   - bottom-up: for each v not yet reached by every lane, scan ALL its in-arcs u -> v and sum
//     sigma_j(u) for every lane j that has u in its frontier and has not reached v: a path count
//     needs every parent, so there is no early exit (the difference from BFS's bottom-up step).
//     Each v is written by one thread only: no atomics.
//   - switch to bottom-up when the frontier's out-arcs m_f exceed m_u / kAlpha (m_u: out-arcs
//     of vertices some lane has not reached), back when the frontier has fewer than n / kBeta
//     vertices. Bottom-up scans every arc of m_u (no early exit), so kAlpha is small.
// Backward, level d from the deepest down to 1 (Brandes' Theorem 6, in pull form as GAPBS's
// bc.cc does it, so no atomics): for v in level d and its lanes j at depth d,
//   delta_j(v) = sigma_j(v) · Σ_{v -> w, depth_j(w) = d+1} coef_j(w),
// score[v] += delta_j(v), coef_j(v) = (1 + delta_j(v)) / sigma_j(v).
// Levels with less work than kParallelWork arcs run on the calling thread with no OpenMP call.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "algorithms/centrality/centrality.hpp"

namespace spgraph::detail::bc_impl {

/// Levels with fewer arcs to scan than this run on the calling thread alone.
inline constexpr Offset kParallelWork = Offset(1) << 16;
inline constexpr Offset kAlpha = 2;  ///< top-down -> bottom-up when m_f > m_u / kAlpha
inline constexpr Vertex kBeta = 18;  ///< bottom-up -> top-down when n_f < n / kBeta

template <int K>
struct Workspace {
  explicit Workspace(Vertex n)
      : depth(std::size_t(n) * K, -1),
        sigma(std::size_t(n) * K, 0.0),
        coef(std::size_t(n) * K, 0.0),
        visited(n, 0),
        cur(n, 0),
        nxt(n, 0),
        order(std::size_t(n) * K) {}
  std::vector<std::int32_t> depth;
  std::vector<double> sigma, coef;
  std::vector<std::uint8_t> visited, cur, nxt;
  std::vector<Vertex> order;
  std::vector<Offset> level_start;
  Offset tail = 0;  ///< end of the listed vertices in `order`
  /// One buffer per thread for the vertices a parallel level lists, kept across levels and
  /// searches so that a level allocates nothing (sized by thread_buffers()).
  std::vector<std::vector<Vertex>> locals;
};

/// The workspace's per-thread buffers, one per thread a parallel region may start.
template <int K>
std::vector<std::vector<Vertex>>& thread_buffers(Workspace<K>& ws) {
  const std::size_t threads = std::size_t(omp_get_max_threads());
  if (ws.locals.size() < threads) ws.locals.resize(threads);
  return ws.locals;
}

/// Appends the vertices of `local` to ws.order at the shared tail.
inline void flush_local(std::vector<Vertex>& local, Vertex* order, Offset& tail) {
  if (local.empty()) return;
  const Offset pos = std::atomic_ref<Offset>(tail).fetch_add(Offset(local.size()));
  std::copy(local.begin(), local.end(), order + pos);
  local.clear();
}

/// One top-down level from order[begin, end): lists the vertices first reached at order[tail...].
template <int K>
void push_level(const AdjacencyView& out, Workspace<K>& ws, Offset begin, Offset end,
                bool parallel) {
  std::uint8_t* nxt = ws.nxt.data();
  const std::uint8_t* visited = ws.visited.data();
  const std::uint8_t* cur = ws.cur.data();
  double* sigma = ws.sigma.data();
  Vertex* order = ws.order.data();
  if (!parallel) {
    Offset tail = ws.tail;
    for (Offset q = begin; q < end; ++q) {
      const Vertex u = order[q];
      const std::uint8_t mu = cur[u];
      out.for_each_neighbor(u, [&](Vertex w) {
        const auto hit = std::uint8_t(mu & ~visited[w]);
        if (!hit) return;
        if (!nxt[w]) order[tail++] = w;
        nxt[w] |= hit;
        for (int j = 0; j < K; ++j)
          if (hit >> j & 1) sigma[std::size_t(w) * K + j] += sigma[std::size_t(u) * K + j];
      });
    }
    ws.tail = tail;
    return;
  }
  Offset& tail = ws.tail;
  std::vector<std::vector<Vertex>>& locals = thread_buffers(ws);
#pragma omp parallel
  {
    std::vector<Vertex>& local = locals[std::size_t(omp_get_thread_num())];
#pragma omp for schedule(dynamic, 64) nowait
    for (Offset q = begin; q < end; ++q) {
      const Vertex u = order[q];
      const std::uint8_t mu = cur[u];
      out.for_each_neighbor(u, [&](Vertex w) {
        const auto hit = std::uint8_t(mu & ~visited[w]);
        if (!hit) return;
        if (!std::atomic_ref<std::uint8_t>(nxt[w]).fetch_or(hit, std::memory_order_relaxed))
          local.push_back(w);
        for (int j = 0; j < K; ++j)
          if (hit >> j & 1)
            std::atomic_ref<double>(sigma[std::size_t(w) * K + j])
                .fetch_add(sigma[std::size_t(u) * K + j], std::memory_order_relaxed);
      });
      if (local.size() >= 1024) flush_local(local, order, tail);
    }
    flush_local(local, order, tail);
  }
}

/// One bottom-up level: every vertex not reached by all `full` lanes sums sigma over all its
/// in-neighbours in the frontier; lists the vertices it reaches at order[tail...].
template <int K>
void pull_level(const AdjacencyView& in, Workspace<K>& ws, std::uint8_t full, bool parallel) {
  const Vertex n = in.n;
  std::uint8_t* nxt = ws.nxt.data();
  const std::uint8_t* visited = ws.visited.data();
  const std::uint8_t* cur = ws.cur.data();
  double* sigma = ws.sigma.data();
  Vertex* order = ws.order.data();
  Offset& tail = ws.tail;
  auto visit = [&](Vertex v) -> bool {
    const auto want = std::uint8_t(full & ~visited[v]);
    if (!want) return false;
    std::uint8_t found = 0;
    double add[K] = {};
    in.for_each_neighbor(v, [&](Vertex u) {
      const auto h = std::uint8_t(cur[u] & want);
      if (!h) return;
      found |= h;
      for (int j = 0; j < K; ++j)
        if (h >> j & 1) add[j] += sigma[std::size_t(u) * K + j];
    });
    if (!found) return false;
    nxt[v] = found;
    for (int j = 0; j < K; ++j) sigma[std::size_t(v) * K + j] += add[j];
    return true;
  };
  if (!parallel) {
    for (Vertex v = 0; v < n; ++v)
      if (visit(v)) order[tail++] = v;
    return;
  }
  std::vector<std::vector<Vertex>>& locals = thread_buffers(ws);
#pragma omp parallel
  {
    std::vector<Vertex>& local = locals[std::size_t(omp_get_thread_num())];
#pragma omp for schedule(dynamic, 1024) nowait
    for (Vertex v = 0; v < n; ++v) {
      if (visit(v)) local.push_back(v);
      if (local.size() >= 1024) flush_local(local, order, tail);
    }
    flush_local(local, order, tail);
  }
}

/// Makes the listed order[begin, end) the frontier at depth d: records depths, marks them
/// visited, moves nxt to cur (clearing first the cur of the old frontier, order[old_begin,
/// begin)). Returns the out-arcs of
/// the vertices that every lane has now reached (m_u's decrease).
template <int K>
Offset settle_level(const AdjacencyView& out, Workspace<K>& ws, Offset old_begin, Offset begin,
                    Offset end, std::int32_t d, std::uint8_t full) {
  for (Offset q = old_begin; q < begin; ++q) ws.cur[ws.order[q]] = 0;
  Offset done = 0;
  for (Offset q = begin; q < end; ++q) {
    const Vertex v = ws.order[q];
    const std::uint8_t m = ws.nxt[v];
    for (int j = 0; j < K; ++j)
      if (m >> j & 1) ws.depth[std::size_t(v) * K + j] = d;
    ws.visited[v] |= m;
    ws.cur[v] = m;
    ws.nxt[v] = 0;
    if (ws.visited[v] == full) done += out.degree(v);
  }
  return done;
}

}  // namespace spgraph::detail::bc_impl
