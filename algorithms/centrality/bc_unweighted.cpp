// SPDX-License-Identifier: Apache-2.0
// The unweighted Brandes betweenness (centrality.hpp): the search of K sources at once over
// bc_kernel.hpp's levels, the backward sweep, and how the sources are spread over threads.
// Threads: a graph with fewer than kParallelWork arcs never has a level worth a parallel
// region, so when there are several batches of sources and at least kParallelWork arcs of work
// in all, the batches run in parallel instead, each thread with its own workspace and its own
// score array (summed at the end); otherwise batches run one after another and each level
// decides by its own work (bc_kernel.hpp).
#include <omp.h>

#include <algorithm>

#include "algorithms/centrality/bc_kernel.hpp"

namespace spgraph::detail {

namespace bc_impl {
namespace {

struct Steps {
  int push = 0, pull = 0;
};

/// The forward search of the batch `src` (at most K sources); fills ws.order / level_start.
template <int K>
void forward(const AdjacencyView& out, const AdjacencyView& in, const Vertex* src, int k,
             Workspace<K>& ws, bool may_fork, Steps& steps) {
  const Vertex n = out.n;
  const std::uint8_t full = std::uint8_t((1u << k) - 1);
  ws.tail = 0;
  ws.level_start.assign(1, 0);
  for (int j = 0; j < k; ++j) {
    const Vertex s = src[j];
    if (!ws.nxt[s]) ws.order[ws.tail++] = s;
    ws.nxt[s] |= std::uint8_t(1u << j);
    ws.sigma[std::size_t(s) * K + j] = 1.0;
  }
  Offset m_u = out.nnz();
  m_u -= settle_level(out, ws, 0, 0, ws.tail, 0, full);
  bool pulling = false;
  for (std::int32_t d = 0;; ++d) {
    const Offset begin = ws.level_start.back(), end = ws.tail;
    if (begin == end) break;
    Offset m_f = 0;
    for (Offset q = begin; q < end; ++q) m_f += out.degree(ws.order[q]);
    if (!pulling && m_f > m_u / kAlpha)
      pulling = true;
    else if (pulling && end - begin < Offset(n / kBeta))
      pulling = false;
    const Offset work = pulling ? m_u : m_f;
    const bool parallel = may_fork && work >= kParallelWork;
    if (pulling) {
      pull_level(in, ws, full, parallel);
      ++steps.pull;
    } else {
      push_level(out, ws, begin, end, parallel);
      ++steps.push;
    }
    ws.level_start.push_back(end);
    // The empty level after the last one clears the last frontier's cur.
    m_u -= settle_level(out, ws, begin, end, ws.tail, d + 1, full);
  }
}

/// The backward sweep over the levels of the last forward search; adds delta to `score`.
template <int K>
void backward(const AdjacencyView& out, Workspace<K>& ws, bool may_fork, double* score) {
  const std::int32_t* depth = ws.depth.data();
  const double* sigma = ws.sigma.data();
  double* coef = ws.coef.data();
  const Vertex* order = ws.order.data();
  auto settle = [&](Vertex v, std::int32_t d) {
    double acc[K] = {};
    std::uint8_t m = 0;
    for (int j = 0; j < K; ++j)
      if (depth[std::size_t(v) * K + j] == d) m |= std::uint8_t(1u << j);
    out.for_each_neighbor(v, [&](Vertex w) {
      for (int j = 0; j < K; ++j)
        if ((m >> j & 1) && depth[std::size_t(w) * K + j] == d + 1)
          acc[j] += coef[std::size_t(w) * K + j];
    });
    double sum = 0;
    for (int j = 0; j < K; ++j) {
      if (!(m >> j & 1)) continue;
      const std::size_t i = std::size_t(v) * K + j;
      const double delta = sigma[i] * acc[j];
      sum += delta;
      coef[i] = (1.0 + delta) / sigma[i];
    }
    score[v] += sum;
  };
  // level d holds order[level_start[d], level_start[d + 1]); the last entry closes the list.
  for (std::size_t d = ws.level_start.size() - 1; d-- > 1;) {
    const Offset begin = ws.level_start[d], end = ws.level_start[d + 1];
    Offset work = 0;
    if (may_fork)
      for (Offset q = begin; q < end && work < kParallelWork; ++q) work += out.degree(order[q]);
    if (may_fork && work >= kParallelWork) {
#pragma omp parallel for schedule(dynamic, 64)
      for (Offset q = begin; q < end; ++q) settle(order[q], std::int32_t(d));
    } else {
      for (Offset q = begin; q < end; ++q) settle(order[q], std::int32_t(d));
    }
  }
}

/// Clears what the last search wrote (only the vertices it listed).
template <int K>
void reset(Workspace<K>& ws) {
  for (Offset q = 0; q < ws.tail; ++q) {
    const Vertex v = ws.order[q];
    ws.visited[v] = 0;
    for (int j = 0; j < K; ++j) {
      const std::size_t i = std::size_t(v) * K + j;
      ws.depth[i] = -1;
      ws.sigma[i] = 0;
      ws.coef[i] = 0;
    }
  }
  ws.tail = 0;
}

template <int K>
void run_batch(const AdjacencyView& out, const AdjacencyView& in, const Vertex* src, int k,
               Workspace<K>& ws, bool may_fork, double* score, Steps& steps) {
  forward(out, in, src, k, ws, may_fork, steps);
  backward(out, ws, may_fork, score);
  reset(ws);
}

template <int K>
void run_all(const AdjacencyView& out, const AdjacencyView& in, const std::vector<Vertex>& sources,
             std::vector<double>& raw, Steps& steps) {
  const Vertex n = out.n;
  const std::size_t batches = (sources.size() + K - 1) / K;
  auto batch = [&](std::size_t b, int& k) {
    k = int(std::min<std::size_t>(K, sources.size() - b * K));
    return sources.data() + b * K;
  };
  // Batches in parallel when levels could not fork (a small graph) or when there are enough
  // batches to keep every thread busy; never for less than kParallelWork arcs of work in all.
  const std::size_t threads = std::size_t(omp_get_max_threads());
  const bool fork_batches = threads > 1 && batches >= 2 &&
                            Offset(batches) * (out.nnz() + n) >= kParallelWork &&
                            (out.nnz() < kParallelWork || batches >= 2 * threads);
  if (!fork_batches) {
    Workspace<K> ws(n);
    for (std::size_t b = 0; b < batches; ++b) {
      int k = 0;
      const Vertex* src = batch(b, k);
      run_batch(out, in, src, k, ws, omp_get_max_threads() > 1, raw.data(), steps);
    }
    return;
  }
  int push = 0, pull = 0;
#pragma omp parallel reduction(+ : push, pull)
  {
    Workspace<K> ws(n);
    std::vector<double> local(n, 0.0);
    Steps mine;
#pragma omp for schedule(dynamic, 1) nowait
    for (std::size_t b = 0; b < batches; ++b) {
      int k = 0;
      const Vertex* src = batch(b, k);
      run_batch(out, in, src, k, ws, false, local.data(), mine);
    }
    push += mine.push;
    pull += mine.pull;
#pragma omp critical(spgraph_bc_sum)
    for (Vertex v = 0; v < n; ++v) raw[v] += local[v];
  }
  steps.push += push;
  steps.pull += pull;
}

}  // namespace
}  // namespace bc_impl

void bc_unweighted_raw(const AdjacencyView& out, const AdjacencyView& in,
                       const std::vector<Vertex>& sources, int lanes, std::vector<double>& raw,
                       int& push_steps, int& pull_steps) {
  bc_impl::Steps steps;
  if (lanes == 1)
    bc_impl::run_all<1>(out, in, sources, raw, steps);
  else
    bc_impl::run_all<4>(out, in, sources, raw, steps);
  push_steps += steps.push;
  pull_steps += steps.pull;
}

}  // namespace spgraph::detail
