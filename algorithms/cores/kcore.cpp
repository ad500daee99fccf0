// SPDX-License-Identifier: Apache-2.0
// The k-core peel (kcore.hpp) and the public k-core entry points of cores.hpp: argument checks,
// the simple graph, the k-core subgraph.
#include "algorithms/cores/kcore.hpp"

#include <omp.h>

#include <atomic>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "algorithms/cores/peel_frontier.hpp"
#include "algorithms/cores/simple_graph.hpp"
#include "engine/core/error.hpp"

namespace spgraph {

namespace detail {

namespace {

/// A level's pending vertices are removed on the calling thread, with plain decrements, while
/// their rows hold fewer arcs than this (a parallel region costs microseconds, more when a
/// thread has been descheduled).
constexpr Offset kParallelWork = Offset(1) << 16;

/// Removes v (core number k) from the degrees of its neighbours still above k, calling
/// fell(w) for each whose degree falls to k. A degree never drops below the level (a decrement
/// that would is undone), so the degree array ends as the core numbers.
template <bool Atomic, class Fell>
void remove_vertex(const AdjacencyView& g, Vertex v, Vertex k, Vertex* degree, Fell&& fell) {
  g.for_each_neighbor(v, [&](Vertex w) {
    if constexpr (Atomic) {
      std::atomic_ref<Vertex> d(degree[w]);
      if (d.load(std::memory_order_relaxed) <= k) return;
      const Vertex before = d.fetch_sub(1, std::memory_order_relaxed);
      if (before == k + 1)
        fell(w);
      else if (before <= k)  // another thread took it to k first: undo
        d.fetch_add(1, std::memory_order_relaxed);
    } else {
      if (degree[w] > k && --degree[w] == k) fell(w);
    }
  });
}

/// Removes `pending` (vertices of degree k) and every vertex whose degree falls to k meanwhile,
/// on all threads: each takes pending vertices in turn and removes at once, from its own stack,
/// those whose degree it takes to k (as PKC does), so the level needs no barrier but its end.
void remove_level_parallel(const AdjacencyView& g, const std::vector<Vertex>& pending, Vertex k,
                           Vertex* degree, FrontierQueues<Vertex>& stacks) {
#pragma omp parallel
  {
    std::vector<Vertex>& stack = stacks.mine();
    auto push = [&](Vertex w) { stack.push_back(w); };
#pragma omp for schedule(dynamic, 16) nowait
    for (std::int64_t i = 0; i < std::int64_t(pending.size()); ++i) {
      remove_vertex<true>(g, pending[std::size_t(i)], k, degree, push);
      while (!stack.empty()) {
        const Vertex v = stack.back();
        stack.pop_back();
        remove_vertex<true>(g, v, k, degree, push);
      }
    }
  }
}

/// Peels level k from its frontier (consumed): on the calling thread while the pending rows are
/// short, on all threads once they hold kParallelWork arcs. Returns whether threads ran.
bool remove_level(const AdjacencyView& g, std::vector<Vertex>& pending, Vertex k, Vertex* degree,
                  FrontierQueues<Vertex>& stacks) {
  const bool threads = omp_get_max_threads() > 1;
  Offset work = 0;
  for (const Vertex v : pending) work += g.degree(v);
  auto push = [&](Vertex w) {
    pending.push_back(w);
    work += g.degree(w);
  };
  while (!pending.empty()) {
    if (threads && work >= kParallelWork) {
      remove_level_parallel(g, pending, k, degree, stacks);
      pending.clear();
      return true;
    }
    const Vertex v = pending.back();
    pending.pop_back();
    work -= g.degree(v);
    remove_vertex<false>(g, v, k, degree, push);
  }
  return false;
}

}  // namespace

KcoreResult core_numbers(const AdjacencyView& g) {
  const Vertex n = g.n;
  KcoreResult r;
  r.core.resize(n);  // the degrees, then the core numbers
  Vertex* degree = r.core.data();
  std::vector<Vertex> left(n), frontier;
#pragma omp parallel for schedule(static) if (n >= kParallelScan)
  for (std::int64_t v = 0; v < std::int64_t(n); ++v) {
    degree[v] = Vertex(g.degree(Vertex(v)));
    left[std::size_t(v)] = Vertex(v);
  }
  FrontierQueues<Vertex> queues, least;
  bool started = false;
  Vertex done = 0;  // once started, the vertices of degree <= done are peeled
  auto peeled = [&](Vertex v) { return started && degree[v] <= done; };
  auto degree_of = [&](Vertex v) { return degree[v]; };
  while (true) {
    const Vertex k = start_level<Vertex>(left, frontier, queues, least, peeled, degree_of);
    if (frontier.empty()) break;
    ++r.levels;
    r.parallel_levels += remove_level(g, frontier, k, degree, queues);
    r.max_core = k;
    started = true;
    done = k;
  }
  return r;
}

}  // namespace detail

namespace {

/// The k-core: the arcs of g whose two ends have core numbers of at least k, as a pattern.
Matrix<bool> induced_subgraph(const AdjacencyView& g, const std::vector<Vertex>& core, Vertex k) {
  Csr<bool> s = Csr<bool>::empty(g.n, g.n, true);
  const bool parallel = g.nnz() >= detail::kParallelScan;
  auto kept = [&](Vertex v) { return core[v] >= k; };
#pragma omp parallel for schedule(dynamic, 256) if (parallel)
  for (std::int64_t v = 0; v < std::int64_t(g.n); ++v) {
    Offset len = 0;
    if (kept(Vertex(v))) g.for_each_neighbor(Vertex(v), [&](Vertex w) { len += kept(w); });
    s.row_ptr[v + 1] = len;
  }
  std::inclusive_scan(s.row_ptr.begin(), s.row_ptr.end(), s.row_ptr.begin());
  s.col.resize(s.row_ptr[g.n]);
#pragma omp parallel for schedule(dynamic, 256) if (parallel)
  for (std::int64_t v = 0; v < std::int64_t(g.n); ++v) {
    if (!kept(Vertex(v))) continue;
    Offset at = s.row_ptr[v];
    g.for_each_neighbor(Vertex(v), [&](Vertex w) {
      if (kept(w)) s.col[at++] = w;
    });
  }
  Matrix<bool> m = Matrix<bool>::trusted(std::move(s));
  m.mark_structure_symmetric();
  return m;
}

}  // namespace

template <class T>
KcoreResult kcore(const Matrix<T>& a, const CoreOptions& options) {
  detail::check_square("kcore", a);
  const detail::SimpleGraph s = detail::simple_graph(a, options.undirected);
  KcoreResult r = detail::core_numbers(s.g);
  r.symmetrized = s.symmetrized;
  r.self_loops = s.self_loops;
  return r;
}

template <class T>
Matrix<bool> kcore_subgraph(const Matrix<T>& a, const std::vector<Vertex>& core, Vertex k,
                            const CoreOptions& options) {
  detail::check_square("kcore_subgraph", a);
  if (core.size() != a.nrows())
    throw InvalidArgument("kcore_subgraph: " + std::to_string(core.size()) + " core numbers for " +
                          std::to_string(a.nrows()) + " vertices");
  const detail::SimpleGraph s = detail::simple_graph(a, options.undirected);
  return induced_subgraph(s.g, core, k);
}

template <class T>
Matrix<bool> kcore_subgraph(const Matrix<T>& a, Vertex k, const CoreOptions& options) {
  detail::check_square("kcore_subgraph", a);
  const detail::SimpleGraph s = detail::simple_graph(a, options.undirected);
  return induced_subgraph(s.g, detail::core_numbers(s.g).core, k);
}

#define SPGRAPH_INSTANTIATE_KCORE(T)                                                            \
  template KcoreResult kcore<T>(const Matrix<T>&, const CoreOptions&);                          \
  template Matrix<bool> kcore_subgraph<T>(const Matrix<T>&, const std::vector<Vertex>&, Vertex, \
                                          const CoreOptions&);                                  \
  template Matrix<bool> kcore_subgraph<T>(const Matrix<T>&, Vertex, const CoreOptions&);
SPGRAPH_INSTANTIATE_KCORE(bool)
SPGRAPH_INSTANTIATE_KCORE(std::int32_t)
SPGRAPH_INSTANTIATE_KCORE(std::int64_t)
SPGRAPH_INSTANTIATE_KCORE(float)
SPGRAPH_INSTANTIATE_KCORE(double)
#undef SPGRAPH_INSTANTIATE_KCORE

}  // namespace spgraph
