// SPDX-License-Identifier: Apache-2.0
// Structure-only connected-component kernels (components.hpp describes the methods), templated
// on the graph structure: CSR (AdjacencyView) or Dynamic CSR (DcsrAdjacency). Included only by
// components.cpp and incremental_components.cpp (the maintained view's recomputation). Parent
// arrays are read and written through relaxed atomics (other threads hook and compress
// concurrently); every write only lowers a value, and parent[x] <= x holds throughout, so the
// root of each tree is its smallest vertex.
//
// afforest: Sutton, Ben-Nun & Barak, IPDPS 2018, Algorithm 2 and section IV, in the form of
// the GAP benchmark's cc (Beamer et al. 2015):
//   1. link every vertex with its first kSampleRounds stored neighbours, then compress (GAP
//      compresses after each round; one pass over the vertices for both rounds saves a pass
//      and a team start, and linking is right on trees of any depth);
//   2. estimate the largest component c from kSamples random vertices;
//   3. finish: every vertex not (yet) in c links its remaining arcs; compress, counting the
//      roots (the components) in the same pass.
// Skipping the vertices of c in step 3 is sound when every arc with an endpoint outside c is
// seen from that endpoint. InArcs says how that is ensured:
//   - Same: the graph is symmetric, so an arc u -> v of c's u is also v -> u, seen from v;
//   - Separate: a transpose is given, and vertices outside c also link all their in-arcs;
//   - Check: no in-arcs are available (a directed Dynamic CSR, or a Matrix whose transpose is
//     not built): vertices of c scan their arcs too but link only those whose target does not
//     point at c, which keeps the sampling's savings on links though not on reads.
// Membership of c only grows while step 3 runs, so a skip taken on a stale read stays right.
//
// fastsv: Zhang, Azad & Hu, "FastSV", 2020, Algorithm 2 (LAGraph's LG_CC_FastSV6 in the
// semiring style): mngf = min(gf, A min.second gf, A' min.second gf); stochastic hooking
// f[f[u]] min= mngf[u]; aggressive hooking f[u] min= mngf[u]; shortcutting f[u] min= gf[u];
// gf = f[f]; until gf stops changing. At that point gf is the smallest vertex id of each
// component (an arc between different gf values would still lower one of them).
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <random>
#include <unordered_map>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/adjacency.hpp"
#include "formats/dcsr/dcsr_view.hpp"

namespace spgraph::detail {

enum class InArcs { Same, Separate, Check };

namespace cc_impl {
namespace {

constexpr int kSampleRounds = 2;
constexpr int kSamples = 1024;
constexpr Offset kParallelWork = 32768;

inline Vertex load(const Vertex& x) {
  return std::atomic_ref<const Vertex>(x).load(std::memory_order_relaxed);
}
inline void store(Vertex& x, Vertex v) {
  std::atomic_ref<Vertex>(x).store(v, std::memory_order_relaxed);
}
inline void atomic_min(Vertex& x, Vertex v) {
  std::atomic_ref<Vertex> r(x);
  Vertex old = r.load(std::memory_order_relaxed);
  while (v < old && !r.compare_exchange_weak(old, v, std::memory_order_relaxed)) {
  }
}

/// The r-th stored neighbour of u, or kNoVertex when u has at most r.
inline Vertex nth_neighbor(const AdjacencyView& g, Vertex u, Offset r) {
  return g.degree(u) > r ? g.col[g.row_ptr[u] + r] : kNoVertex;
}
inline Vertex nth_neighbor(const DcsrAdjacency& g, Vertex u, Offset r) {
  Vertex found = kNoVertex;
  Offset seen = 0;
  g.find_neighbor(u, [&](Vertex v) {
    if (seen++ < r) return false;
    found = v;
    return true;
  });
  return found;
}
/// Calls f(v) for the stored neighbours of u after the first `skip`.
template <class F>
void for_each_after(const AdjacencyView& g, Vertex u, Offset skip, F&& f) {
  for (Offset k = g.row_ptr[u] + skip; k < g.row_ptr[u + 1]; ++k) f(g.col[k]);
}
template <class F>
void for_each_after(const DcsrAdjacency& g, Vertex u, Offset skip, F&& f) {
  Offset seen = 0;
  g.for_each_neighbor(u, [&](Vertex v) {
    if (seen++ >= skip) f(v);
  });
}

/// Joins the trees of u and v: walks both up until they meet or a root can be hooked under
/// the other side's smaller vertex with a compare-and-swap.
inline void link(Vertex u, Vertex v, Vertex* comp) {
  Vertex a = load(comp[u]), b = load(comp[v]);
  while (a != b) {
    const Vertex hi = std::max(a, b), lo = std::min(a, b);
    Vertex parent = load(comp[hi]);
    if (parent == lo) return;
    if (parent == hi) {
      std::atomic_ref<Vertex> slot(comp[hi]);
      if (slot.compare_exchange_strong(parent, lo, std::memory_order_relaxed)) return;
    }
    a = load(comp[load(comp[hi])]);
    b = load(comp[lo]);
  }
}

/// Points every vertex straight at its root; returns the number of roots (components).
inline Vertex compress(Vertex n, Vertex* comp, bool parallel) {
  Vertex roots = 0;
#pragma omp parallel for schedule(dynamic, 16384) reduction(+ : roots) if (parallel)
  for (std::int64_t s = 0; s < std::int64_t(n); ++s) {
    const Vertex v = Vertex(s);
    Vertex p = load(comp[v]);
    while (true) {
      const Vertex gp = load(comp[p]);
      if (gp == p) break;
      p = gp;
    }
    store(comp[v], p);
    roots += p == v;
  }
  return roots;
}

/// The most frequent root among kSamples vertices drawn with a fixed seed.
inline Vertex most_frequent_root(Vertex n, const Vertex* comp) {
  std::mt19937 rng(0x5eed);
  std::uniform_int_distribution<Vertex> pick(0, n - 1);
  std::unordered_map<Vertex, int> count;
  Vertex best = comp[0];
  int best_count = 0;
  for (int k = 0; k < kSamples; ++k) {
    const Vertex c = comp[pick(rng)];
    const int m = ++count[c];
    if (m > best_count) {
      best_count = m;
      best = c;
    }
  }
  return best;
}

}  // namespace
}  // namespace cc_impl

/// Afforest over `out` (and `in`, its transpose, when mode is Separate); comp gets, for each
/// vertex, the smallest vertex id of its weakly connected component. Returns the number of
/// components (counted in the last compression, not in a pass of its own).
template <class G, class H>
Vertex afforest(const G& out, const H* in, InArcs mode, std::vector<Vertex>& comp) {
  using namespace cc_impl;
  const Vertex n = vertex_count(out);
  comp.resize(n);
  if (n == 0) return 0;
  Vertex* c = comp.data();
  const bool parallel = Offset(n) + out.nnz() >= kParallelWork;
#pragma omp parallel for schedule(static) if (parallel)
  for (std::int64_t v = 0; v < std::int64_t(n); ++v) c[v] = Vertex(v);
#pragma omp parallel for schedule(dynamic, 16384) if (parallel)
  for (std::int64_t s = 0; s < std::int64_t(n); ++s)
    for (int r = 0; r < kSampleRounds; ++r) {
      const Vertex v = nth_neighbor(out, Vertex(s), Offset(r));
      if (v == kNoVertex) break;
      link(Vertex(s), v, c);
    }
  compress(n, c, parallel);
  const Vertex big = most_frequent_root(n, c);
#pragma omp parallel for schedule(dynamic, 4096) if (parallel)
  for (std::int64_t s = 0; s < std::int64_t(n); ++s) {
    const Vertex u = Vertex(s);
    const bool in_big = load(c[u]) == big;
    if (!in_big) {
      for_each_after(out, u, kSampleRounds, [&](Vertex v) { link(u, v, c); });
      if (mode == InArcs::Separate) in->for_each_neighbor(u, [&](Vertex v) { link(u, v, c); });
    } else if (mode == InArcs::Check) {
      for_each_after(out, u, kSampleRounds, [&](Vertex v) {
        if (load(c[v]) != big) link(u, v, c);
      });
    }
  }
  return compress(n, c, parallel);
}

/// FastSV over CSR structure: `in` is the transpose, or null when `out` is symmetric. Returns
/// the number of iterations; label gets the smallest vertex id of each component.
inline int fastsv(const AdjacencyView& out, const AdjacencyView* in, std::vector<Vertex>& label) {
  using namespace cc_impl;
  const Vertex n = out.n;
  const bool parallel = Offset(n) + out.nnz() >= kParallelWork;
  std::vector<Vertex> f(n), mngf(n);
  label.resize(n);
  Vertex* gf = label.data();
#pragma omp parallel for schedule(static) if (parallel)
  for (std::int64_t v = 0; v < std::int64_t(n); ++v) f[v] = gf[v] = Vertex(v);
  int iterations = 0;
  bool changed = n > 0;
  while (changed) {
    ++iterations;
    // mngf = min(gf, A min.second gf, A' min.second gf)
#pragma omp parallel for schedule(dynamic, 1024) if (parallel)
    for (std::int64_t s = 0; s < std::int64_t(n); ++s) {
      const Vertex u = Vertex(s);
      Vertex m = gf[u];
      out.for_each_neighbor(u, [&](Vertex v) { m = std::min(m, gf[v]); });
      if (in) in->for_each_neighbor(u, [&](Vertex v) { m = std::min(m, gf[v]); });
      mngf[u] = m;
    }
    // Stochastic and aggressive hooking.
#pragma omp parallel for schedule(static) if (parallel)
    for (std::int64_t s = 0; s < std::int64_t(n); ++s) {
      const Vertex u = Vertex(s);
      atomic_min(f[load(f[u])], mngf[u]);
      atomic_min(f[u], mngf[u]);
    }
    // Shortcutting, then the new grandparents.
    std::int64_t moved = 0;
#pragma omp parallel for schedule(static) if (parallel)
    for (std::int64_t s = 0; s < std::int64_t(n); ++s) atomic_min(f[s], gf[s]);
#pragma omp parallel for schedule(static) reduction(+ : moved) if (parallel)
    for (std::int64_t s = 0; s < std::int64_t(n); ++s) {
      const Vertex g = f[f[s]];
      moved += g != gf[s];
      gf[s] = g;
    }
    changed = moved != 0;
  }
  return iterations;
}

}  // namespace spgraph::detail
