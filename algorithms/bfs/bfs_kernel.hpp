// The fused direction-optimizing BFS kernel as a template over the graph structure: CSR
// (AdjacencyView, formats/csr/adjacency.hpp) or Dynamic CSR (DcsrAdjacency,
// formats/dcsr/dcsr_view.hpp), both offering degree / nnz / for_each_neighbor / find_neighbor.
// Included only by the .cpp files that instantiate it (bfs_csr.cpp, bfs_dynamic.cpp); bfs.hpp
// explains the phases and declares the entry points.
// Follows Beamer, Asanovic & Patterson, SC 2012, Algorithm 1-3 and section 4 (the alpha/beta
// switching rule), and the sliding-queue layout of the GAP Benchmark Suite's bfs.cc.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <bit>

#include "algorithms/bfs/bfs.hpp"

namespace spgraph::detail {

namespace bfs_impl {
// Internal linkage, as in the kernel's original single file: GCC then inlines each level
// function into its one caller; as ordinary templates they stayed calls, and BFS on CSR was
// 7-10% slower (measured A/B on Kronecker scale 18 and a road graph). This header is included
// only by the .cpp files that instantiate the kernel.
namespace {

constexpr Vertex kPullChunk = 4096;  // a multiple of 64: each bitmap word has a single writer
// Levels with less work than this run on the calling thread alone: a fork/join costs more than
// it saves, and on a loaded machine a barrier can wait milliseconds for a descheduled thread.
constexpr Offset kParallelEdgeWork = Offset(1) << 18;

inline bool test_bit(const std::uint64_t* bm, Vertex v) {
  return (bm[v >> 6] >> (v & 63)) & 1;
}

/// Where a level writes what it finds: either array may be null (not asked for). The visited
/// bitmap, not the parent array, is the visited set, so a levels-only search writes no parents.
struct BfsOut {
  Vertex* parent;
  Vertex* level;
  void found(Vertex v, Vertex from, Vertex depth) const {
    if (parent) parent[v] = from;
    if (level) level[v] = depth;
  }
};

/// One top-down level on the calling thread alone: no atomics, no OpenMP runtime calls.
template <class G>
Offset push_level_serial(const G& out, Offset begin, Offset end, Vertex next_depth, BfsOut res,
                         std::uint64_t* visited, Vertex* queue, Offset& tail) {
  Offset scout = 0;
  for (Offset q = begin; q < end; ++q) {
    const Vertex u = queue[q];
    out.for_each_neighbor(u, [&](Vertex v) {
      const std::uint64_t bit = std::uint64_t(1) << (v & 63);
      if (visited[v >> 6] & bit) return;
      visited[v >> 6] |= bit;
      res.found(v, u, next_depth);
      queue[tail++] = v;
      scout += out.degree(v);
    });
  }
  return scout;
}

/// One top-down level: claims unvisited out-neighbours of queue[begin, end) and appends them
/// at *tail. A vertex is claimed by the atomic fetch_or that sets its visited bit (the first
/// wins, so "any" parent); a plain load first keeps visited vertices free of read-modify-writes.
/// Returns the out-degree sum of the vertices found (the next level's edge work).
template <class G>
Offset push_level(const G& out, Offset begin, Offset end, Vertex next_depth, BfsOut res,
                  std::uint64_t* visited, Vertex* queue, Offset& tail, bool parallel) {
  if (!parallel) return push_level_serial(out, begin, end, next_depth, res, visited, queue, tail);
  std::atomic_ref<Offset> shared_tail(tail);
  Offset scout_total = 0;
#pragma omp parallel reduction(+ : scout_total)
  {
    Vertex local[1024];
    std::size_t used = 0;
    auto flush = [&] {
      Offset pos = shared_tail.fetch_add(used, std::memory_order_relaxed);
      std::copy(local, local + used, queue + pos);
      used = 0;
    };
#pragma omp for schedule(dynamic, 64) nowait
    for (Offset q = begin; q < end; ++q) {
      const Vertex u = queue[q];
      out.for_each_neighbor(u, [&](Vertex v) {
        const std::uint64_t bit = std::uint64_t(1) << (v & 63);
        std::atomic_ref<std::uint64_t> word(visited[v >> 6]);
        if (word.load(std::memory_order_relaxed) & bit) return;
        if (word.fetch_or(bit, std::memory_order_relaxed) & bit) return;
        res.found(v, u, next_depth);
        local[used++] = v;
        scout_total += out.degree(v);
        if (used == std::size(local)) flush();
      });
    }
    flush();
  }
  return scout_total;
}

/// One bottom-up level: every unvisited vertex takes the first in-neighbour found in
/// `frontier` as its parent (the any monoid's early exit). Writes the found set to `next`.
template <class G>
Offset pull_level(const G& in, const std::uint64_t* frontier, std::uint64_t* next,
                  Vertex next_depth, BfsOut res, std::uint64_t* visited, bool parallel) {
  const Vertex n = vertex_count(in);
  Offset awake = 0;
#pragma omp parallel for if (parallel) schedule(dynamic, 1) reduction(+ : awake)
  for (Vertex chunk = 0; chunk < (n + kPullChunk - 1) / kPullChunk; ++chunk) {
    const Vertex lo = chunk * kPullChunk, hi = std::min<Vertex>(n, lo + kPullChunk);
    for (std::size_t w = lo >> 6; w < (std::size_t(hi) + 63) >> 6; ++w) next[w] = 0;
    for (Vertex v = lo; v < hi; ++v) {
      if ((visited[v >> 6] >> (v & 63)) & 1) continue;
      Vertex found = kNoVertex;
      in.find_neighbor(v, [&found, frontier](Vertex u) {
        if (!test_bit(frontier, u)) return false;
        found = u;
        return true;
      });
      if (found == kNoVertex) continue;
      res.found(v, found, next_depth);
      next[v >> 6] |= std::uint64_t(1) << (v & 63);
      visited[v >> 6] |= std::uint64_t(1) << (v & 63);
      ++awake;
    }
  }
  return awake;
}

}  // namespace
}  // namespace bfs_impl

using bfs_impl::kParallelEdgeWork;

template <class G>
void bfs_traverse_graph(const G& out, const G& in, Vertex source, const BfsOptions& options,
                        BfsWorkspace& ws, BfsResult& result) {
  const Vertex n = vertex_count(out);
  const std::size_t words = (std::size_t(n) + 63) / 64;
  result = BfsResult{};
  result.source = source;
  if (options.parents) result.parent.assign(n, kUnreached);
  if (options.levels) result.level.assign(n, kUnreached);
  ws.queue.resize(n);
  ws.frontier.assign(words, 0);
  ws.next.assign(words, 0);
  ws.visited.assign(words, 0);

  const bfs_impl::BfsOut res{options.parents ? result.parent.data() : nullptr,
                             options.levels ? result.level.data() : nullptr};
  Vertex* queue = ws.queue.data();
  const bool threads = omp_get_max_threads() > 1;
  // Pull levels scan every unvisited vertex, so their work is about n + edges scanned.
  const bool parallel_pull = threads && Offset(n) + out.nnz() / 4 > kParallelEdgeWork;

  std::uint64_t* visited = ws.visited.data();
  res.found(source, source, 0);
  visited[source >> 6] |= std::uint64_t(1) << (source & 63);
  queue[0] = source;
  Offset begin = 0, end = 1, tail = 1;
  Offset scout = out.degree(source);
  Offset edges_to_check = out.nnz();
  Offset awake_prev = 1;
  bool pull = options.method == BfsMethod::Pull;
  if (pull) ws.frontier[source >> 6] |= std::uint64_t(1) << (source & 63);
  Vertex depth = 0;

  while (true) {
    const Vertex next_depth = depth + 1;
    if (!pull) {
      // Phase 1: push.
      scout = bfs_impl::push_level(out, begin, end, next_depth, res, visited, queue, tail,
                                   threads && scout > kParallelEdgeWork);
      ++result.push_steps;
      begin = end;
      end = tail;
      depth = next_depth;
      if (begin == end) break;
      edges_to_check -= std::min(edges_to_check, scout);
      // Phase 3: switch to pull when the frontier's edges exceed the unexplored edges / alpha.
      if (options.method == BfsMethod::Auto && scout > edges_to_check / Offset(options.alpha)) {
        pull = true;
        awake_prev = end - begin;
        std::fill(ws.frontier.begin(), ws.frontier.end(), 0);
        for (Offset q = begin; q < end; ++q)
          ws.frontier[queue[q] >> 6] |= std::uint64_t(1) << (queue[q] & 63);
      }
    } else {
      // Phase 2: pull.
      const Offset awake = bfs_impl::pull_level(in, ws.frontier.data(), ws.next.data(), next_depth,
                                                res, visited, parallel_pull);
      ++result.pull_steps;
      depth = next_depth;
      ws.frontier.swap(ws.next);
      if (awake == 0) break;
      // Phase 3: back to push once the frontier shrinks below n / beta.
      if (options.method == BfsMethod::Auto && awake < awake_prev &&
          awake <= Offset(n) / Offset(options.beta)) {
        pull = false;
        begin = end = tail;
        scout = 0;
        for (std::size_t w = 0; w < words; ++w)
          for (std::uint64_t bits = ws.frontier[w]; bits; bits &= bits - 1) {
            const Vertex v = Vertex(w * 64 + std::countr_zero(bits));
            queue[end++] = v;
            scout += out.degree(v);
          }
        tail = end;
      }
      awake_prev = awake;
    }
  }

  // Phase 4: summary.
  Vertex reached = 0;
  for (std::uint64_t w : ws.visited) reached += Vertex(std::popcount(w));
  result.reached = reached;
  result.depth = depth - 1;
}

}  // namespace spgraph::detail
