// SPDX-License-Identifier: Apache-2.0
// The SSSP kernels as templates over a weighted graph G offering n(), arcs(), degree(u) and
// for_each(u, f(v, w)) (CsrArcs and DcsrArcs in sssp.cpp).
// Included only by sssp.cpp; sssp.hpp describes the methods.
//
// delta_stepping: Meyer & Sanders, "Δ-stepping: a parallelizable shortest path algorithm",
// J. Algorithms 2003, in the shared-memory form of the GAP benchmark's sssp (Beamer et al.
// 2015) with the bucket fusion of Zhang et al., "Optimizing ordered graph algorithms with
// GraphIt", CGO 2020:
//   - every thread keeps its own buckets; a bucket index is floor(dist / Δ);
//   - a step takes the smallest non-empty bucket over all threads, gathers the threads' copies
//     of it into one shared frontier, and relaxes the frontier's out-arcs in parallel (dynamic
//     schedule), lowering distances with an atomic compare-and-swap min; a vertex whose
//     distance fell below the bucket since it was queued was settled earlier and is skipped,
//     and a vertex queued several times at one distance relaxes its arcs once;
//   - a frontier with fewer than kParallelWork arcs is relaxed on the calling thread with
//     plain loads and stores: no fork, no barrier (road graphs have thousands of tiny
//     buckets, and on a loaded machine one barrier can cost milliseconds);
//   - bucket fusion: after its share of the frontier, a thread keeps draining its own copy of
//     the current bucket while that copy is small, without a global step (this is what keeps
//     high-diameter road graphs from paying one barrier per few vertices);
//   - buckets live in a window [base, base + kWindow) of slots (bucket b in slot b mod
//     kWindow); a vertex whose bucket lies beyond the window waits in a per-thread overflow
//     list; when every bucket of the window is empty, the window moves to the smallest bucket
//     in the overflow and takes its entries, so memory stays bounded whatever Δ is and buckets
//     are still taken in increasing order.
//   All arcs of a frontier vertex are relaxed together (GAP's formulation): heavy arcs
//   (w > Δ) cannot land in the current bucket, so relaxing them once per visit instead of in a
//   separate phase changes the work only when a vertex is visited twice in one bucket.
//
// bellman_ford: the masked form, d' = min(d, A' min.+ d) restricted to the vertices whose
// distance changed in the previous round, computed as a push over those vertices' out-arcs with
// an atomic min (in place, so a round can only do better than the synchronous one). Without a
// negative cycle every distance is final after n - 1 rounds, so a vertex still improving in
// round n proves a reachable negative cycle.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "algorithms/sssp/sssp.hpp"
#include "engine/core/error.hpp"

namespace spgraph::detail {

namespace sssp_impl {
namespace {

constexpr std::uint64_t kNoBucket = std::numeric_limits<std::uint64_t>::max();
constexpr std::uint64_t kWindow = std::uint64_t(1) << 12;  // bucket slots per thread
constexpr std::size_t kFuseLimit = 1000;  // drain one's own bucket locally below this size
constexpr Offset kParallelWork = 32768;   // vertices + arcs below which one thread runs

/// One past the last bucket of the window starting at `base` (saturating).
inline std::uint64_t window_limit(std::uint64_t base) {
  return base > kNoBucket - kWindow ? kNoBucket : base + kWindow;
}

/// Lowers dist[v] to nd when smaller; returns whether this call lowered it.
inline bool atomic_min(double& slot, double nd) {
  std::atomic_ref<double> d(slot);
  double old = d.load(std::memory_order_relaxed);
  while (nd < old)
    if (d.compare_exchange_weak(old, nd, std::memory_order_relaxed)) return true;
  return false;
}

inline double load_relaxed(const double& slot) {
  return std::atomic_ref<const double>(slot).load(std::memory_order_relaxed);
}

/// One thread's buckets: a window of slots, the highest bucket used + 1, and the overflow.
struct LocalBuckets {
  std::vector<std::vector<Vertex>> slot = std::vector<std::vector<Vertex>>(kWindow);
  std::uint64_t end = 0;  ///< one past the largest bucket pushed into the window
  std::vector<Vertex> far;
  std::vector<Vertex> scratch;
};

}  // namespace
}  // namespace sssp_impl

/// Δ-stepping from `source`; dist must hold n entries. Returns the number of global steps.
/// An arc met with a negative or NaN weight is not relaxed and sets `bad_weight` (the caller
/// then refuses the graph; skipping the arc keeps a negative cycle from looping forever).
template <class G>
int delta_stepping(const G& g, Vertex source, double delta, std::vector<double>& dist,
                   bool& bad_weight) {
  using namespace sssp_impl;
  const Vertex n = g.n();
  dist.assign(n, kUnreachableDistance);
  dist[source] = 0;
  const double inv = 1.0 / delta;
  auto bucket_of = [inv](double d) -> std::uint64_t {
    const double b = d * inv;
    return b < 1.8e19 ? std::uint64_t(b) : kNoBucket - 1;
  };
  const bool parallel = Offset(n) + g.arcs() >= kParallelWork;
  const int threads = parallel ? omp_get_max_threads() : 1;
  std::vector<LocalBuckets> locals(threads);
  std::vector<Vertex> frontier{source};
  std::uint64_t current = 0, base = 0;
  int steps = 0;
  double* d = dist.data();
  // The distance each vertex's arcs were last relaxed with (-1: never; distances are >= 0).
  std::vector<double> relaxed_at(n, -1.0);
  double* seen = relaxed_at.data();

  // Relaxes the arcs of u into `mine` (Atomic: other threads relax concurrently).
  auto relax = [&]<bool Atomic>(Vertex u, std::uint64_t cur, LocalBuckets& mine) {
    const double du = Atomic ? load_relaxed(d[u]) : d[u];
    if (bucket_of(du) < cur) return;  // settled in an earlier bucket
    // A vertex is queued once per decrease: relax its arcs once per distinct distance.
    if constexpr (Atomic) {
      std::atomic_ref<double> last(seen[u]);
      if (last.load(std::memory_order_relaxed) == du) return;
      last.store(du, std::memory_order_relaxed);
    } else {
      if (seen[u] == du) return;
      seen[u] = du;
    }
    const std::uint64_t wend = window_limit(base);
    g.for_each(u, [&](Vertex v, double w) {
      if (!(w >= 0)) [[unlikely]] {
        std::atomic_ref<bool>(bad_weight).store(true, std::memory_order_relaxed);
        return;
      }
      const double nd = du + w;
      if constexpr (Atomic) {
        if (!atomic_min(d[v], nd)) return;
      } else {
        if (!(nd < d[v])) return;
        d[v] = nd;
      }
      const std::uint64_t b = std::max(bucket_of(nd), cur);
      if (b < wend) {
        mine.slot[b % kWindow].push_back(v);
        mine.end = std::max(mine.end, b + 1);
      } else {
        mine.far.push_back(v);
      }
    });
  };
  // Drains a thread's own copy of the current bucket while it stays small (bucket fusion).
  auto fuse = [&]<bool Atomic>(std::uint64_t cur, LocalBuckets& mine) {
    std::vector<Vertex>& own = mine.slot[cur % kWindow];
    while (!own.empty() && own.size() < kFuseLimit) {
      mine.scratch.swap(own);
      for (Vertex u : mine.scratch) relax.template operator()<Atomic>(u, cur, mine);
      mine.scratch.clear();
    }
  };

  while (true) {
    // 1. Relax the frontier: in parallel when it carries enough arcs, else on this thread.
    const std::uint64_t cur = current;
    Offset work = 0;
    if (threads > 1)
      for (std::size_t i = 0; i < frontier.size() && work < kParallelWork; ++i)
        work += 1 + g.degree(frontier[i]);
    if (work >= kParallelWork) {
#pragma omp parallel num_threads(threads)
      {
        LocalBuckets& mine = locals[omp_get_thread_num()];
#pragma omp for schedule(dynamic, 64) nowait
        for (std::size_t i = 0; i < frontier.size(); ++i)
          relax.template operator()<true>(frontier[i], cur, mine);
        fuse.template operator()<true>(cur, mine);
      }
    } else {
      for (Vertex u : frontier) relax.template operator()<false>(u, cur, locals[0]);
      fuse.template operator()<false>(cur, locals[0]);
    }
    // 2. The smallest non-empty bucket over all threads; when the window is dry, move it to
    //    the smallest bucket in the overflow (entries whose distance fell into the window
    //    since were settled there).
    std::uint64_t nb = kNoBucket;
    for (LocalBuckets& mine : locals)
      for (std::uint64_t b = cur; b < mine.end && b < nb && b < window_limit(base); ++b)
        if (!mine.slot[b % kWindow].empty()) {
          nb = b;
          break;
        }
    if (nb == kNoBucket) {
      const std::uint64_t wend = window_limit(base);
      for (LocalBuckets& mine : locals) {
        std::size_t keep = 0;
        for (Vertex v : mine.far) {
          const std::uint64_t b = bucket_of(d[v]);
          if (b < wend) continue;
          mine.far[keep++] = v;
          nb = std::min(nb, b);
        }
        mine.far.resize(keep);
      }
      if (nb == kNoBucket) break;
      base = nb;
      for (LocalBuckets& mine : locals) {
        std::size_t keep = 0;
        for (Vertex v : mine.far) {
          const std::uint64_t b = bucket_of(d[v]);
          if (b - base < kWindow) {
            mine.slot[b % kWindow].push_back(v);
            mine.end = std::max(mine.end, b + 1);
          } else {
            mine.far[keep++] = v;
          }
        }
        mine.far.resize(keep);
      }
    }
    // 3. Gather every thread's copy of bucket nb into the frontier.
    current = nb;
    frontier.clear();
    for (LocalBuckets& mine : locals) {
      std::vector<Vertex>& take = mine.slot[nb % kWindow];
      frontier.insert(frontier.end(), take.begin(), take.end());
      take.clear();
    }
    ++steps;
  }
  return steps;
}

/// Masked Bellman-Ford from `source`; throws InvalidArgument on a reachable negative cycle.
/// Returns the number of rounds.
template <class G>
int bellman_ford(const G& g, Vertex source, std::vector<double>& dist) {
  using namespace sssp_impl;
  const Vertex n = g.n();
  dist.assign(n, kUnreachableDistance);
  dist[source] = 0;
  std::vector<std::uint8_t> queued(n, 0);
  std::vector<Vertex> frontier{source};
  const bool parallel = Offset(n) + g.arcs() >= kParallelWork;
  const int threads = parallel ? omp_get_max_threads() : 1;
  std::vector<std::vector<Vertex>> local(threads);
  std::vector<std::size_t> offset(threads + 1);
  double* d = dist.data();
  int rounds = 0;
  while (!frontier.empty()) {
    if (Offset(rounds) == Offset(n)) {
      const Vertex v = *std::min_element(frontier.begin(), frontier.end());
      throw InvalidArgument("sssp: a negative cycle is reachable from source " +
                            std::to_string(source) + ": the distance of vertex " +
                            std::to_string(v) + " (on or after the cycle) still falls after " +
                            std::to_string(n) + " rounds of Bellman-Ford");
    }
    ++rounds;
    Offset work = 0;
    if (parallel)
      for (std::size_t i = 0; i < frontier.size() && work < kParallelWork; ++i)
        work += 1 + g.degree(frontier[i]);
    const bool par_round = work >= kParallelWork;
#pragma omp parallel num_threads(threads) if (par_round)
    {
      const int tid = omp_get_thread_num();
      std::vector<Vertex>& out = local[tid];
      out.clear();
#pragma omp for schedule(dynamic, 64)
      for (std::size_t i = 0; i < frontier.size(); ++i) {
        const Vertex u = frontier[i];
        const double du = load_relaxed(d[u]);
        g.for_each(u, [&](Vertex v, double w) {
          if (atomic_min(d[v], du + w) &&
              std::atomic_ref<std::uint8_t>(queued[v]).exchange(1, std::memory_order_relaxed) == 0)
            out.push_back(v);
        });
      }
#pragma omp single
      {
        offset[0] = 0;
        for (int t = 0; t < omp_get_num_threads(); ++t) offset[t + 1] = offset[t] + local[t].size();
        frontier.resize(offset[omp_get_num_threads()]);
      }
      std::copy(out.begin(), out.end(), frontier.begin() + std::ptrdiff_t(offset[tid]));
#pragma omp barrier
#pragma omp for schedule(static)
      for (std::size_t i = 0; i < frontier.size(); ++i) queued[frontier[i]] = 0;
    }
  }
  return rounds;
}

}  // namespace spgraph::detail
