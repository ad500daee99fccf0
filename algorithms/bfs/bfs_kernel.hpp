// SPDX-License-Identifier: Apache-2.0
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
#include "algorithms/bfs/bfs_direction.hpp"

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

/// A structure with prefetch hints (AdjacencyView; Dynamic CSR rows are reached through page
/// tables and segment records, which a single hint does not cover).
template <class G>
concept Prefetchable = requires(const G& g, Vertex v) {
  g.prefetch_row(v);
  g.prefetch_neighbors(v);
};
// How far ahead in the queue the serial push prefetches a row's offsets, and its neighbours
// (whose address needs the offsets, prefetched kRowAhead - kColAhead steps before).
constexpr Offset kRowAhead = 16;
constexpr Offset kColAhead = 8;

/// One top-down level on the calling thread alone: no atomics, no OpenMP runtime calls. The
/// queue is read ahead of itself for prefetching, across the level's end too (the vertices this
/// level appends are the next level's). Branch-free per neighbour: whether a neighbour is new
/// is a coin toss on a road graph, and a mispredicted branch per vertex was a third of the
/// level's time. Every neighbour is written to queue[tail], and tail moves only for a new one;
/// an old one's parent and level go to the slot `scratch` (index n: the result arrays and the
/// queue have n + 1 entries during the search). Returns the out-degree sum of the vertices it
/// expanded, which it reads anyway; it does not sum the degrees of the vertices it finds (the
/// caller does, only when the direction heuristic needs them: one more miss per found vertex).
template <class G>
Offset push_level_serial(const G& out, Offset begin, Offset end, Vertex next_depth, BfsOut res,
                         std::uint64_t* visited, Vertex* queue, Offset& tail_out, Vertex scratch) {
  Offset expanded = 0;
  Offset tail = tail_out;  // a local, kept in a register across the stores below
  for (Offset q = begin; q < end; ++q) {
    if constexpr (Prefetchable<G>) {
      if (q + kRowAhead < tail) out.prefetch_row(queue[q + kRowAhead]);
      if (q + kColAhead < tail) out.prefetch_neighbors(queue[q + kColAhead]);
    }
    const Vertex u = queue[q];
    expanded += out.degree(u);
    out.for_each_neighbor(u, [&](Vertex v) {
      const std::uint64_t bit = std::uint64_t(1) << (v & 63);
      const std::uint64_t word = visited[v >> 6];
      const bool fresh = !(word & bit);
      visited[v >> 6] = word | bit;
      res.found(fresh ? v : scratch, u, next_depth);
      queue[tail] = v;
      tail += fresh;
    });
  }
  tail_out = tail;
  return expanded;
}

/// The out-degree sum of queue[begin, end): independent loads, which overlap.
template <class G>
Offset degree_sum(const G& out, const Vertex* queue, Offset begin, Offset end) {
  Offset sum = 0;
  for (Offset q = begin; q < end; ++q) sum += out.degree(queue[q]);
  return sum;
}

/// One top-down level on all threads: claims unvisited out-neighbours of queue[begin, end) and
/// appends them at *tail. A vertex is claimed by the atomic fetch_or that sets its visited bit (the
/// first wins, so "any" parent); a plain load first keeps visited vertices free of
/// read-modify-writes. Returns the out-degree sum of the vertices found (the next level's edge
/// work).
template <class G>
Offset push_level(const G& out, Offset begin, Offset end, Vertex next_depth, BfsOut res,
                  std::uint64_t* visited, Vertex* queue, Offset& tail) {
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

/// The bits of word w of an n-bit bitmap that stand for vertices (all but the last word's
/// padding).
inline std::uint64_t valid_bits(std::size_t w, Vertex n) {
  const std::size_t past = std::size_t(n) - w * 64;
  return past >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << past) - 1;
}

/// One bottom-up level: every unvisited vertex takes the first in-neighbour found in
/// `frontier` as its parent (the any monoid's early exit). Writes the found set to `next`.
/// The unvisited vertices are taken a bitmap word at a time (64 visited vertices cost one
/// test, which matters in the late levels, when most are), and the rows of the next word's
/// unvisited vertices are prefetched while this word's are read: they lie far apart in the
/// column array, too irregular for the hardware prefetcher.
template <class G>
Offset pull_level(const G& in, const std::uint64_t* frontier, std::uint64_t* next,
                  Vertex next_depth, BfsOut res, std::uint64_t* visited, bool parallel) {
  const Vertex n = vertex_count(in);
  constexpr std::size_t kChunkWords = kPullChunk / 64;
  const std::size_t words = (std::size_t(n) + 63) / 64;
  Offset awake = 0;
#pragma omp parallel for if (parallel) schedule(dynamic, 1) reduction(+ : awake)
  for (std::size_t chunk = 0; chunk < (words + kChunkWords - 1) / kChunkWords; ++chunk) {
    const std::size_t first = chunk * kChunkWords, last = std::min(words, first + kChunkWords);
    for (std::size_t w = first; w < last; ++w) {
      if constexpr (Prefetchable<G>) {
        if (w + 1 < last)
          for (std::uint64_t b = ~visited[w + 1] & valid_bits(w + 1, n); b; b &= b - 1)
            in.prefetch_neighbors(Vertex((w + 1) * 64 + std::countr_zero(b)));
      }
      std::uint64_t found_bits = 0;
      for (std::uint64_t b = ~visited[w] & valid_bits(w, n); b; b &= b - 1) {
        const Vertex v = Vertex(w * 64 + std::countr_zero(b));
        Vertex found = kNoVertex;
        in.find_neighbor(v, [&found, frontier](Vertex u) {
          if (!test_bit(frontier, u)) return false;
          found = u;
          return true;
        });
        if (found == kNoVertex) continue;
        res.found(v, found, next_depth);
        found_bits |= b & (~b + 1);
      }
      next[w] = found_bits;
      visited[w] |= found_bits;
      awake += Offset(std::popcount(found_bits));
    }
  }
  return awake;
}

}  // namespace
}  // namespace bfs_impl

using bfs_impl::kParallelEdgeWork;

template <class G>
void bfs_traverse_graph(const G& out, const G& in, Vertex source, const BfsOptions& options,
                        Offset max_degree, BfsWorkspace& ws, BfsResult& result) {
  const Vertex n = vertex_count(out);
  const std::size_t words = (std::size_t(n) + 63) / 64;
  result = BfsResult{};
  result.source = source;
  if (options.parents) result.parent.assign(std::size_t(n) + 1, kUnreached);
  if (options.levels) result.level.assign(std::size_t(n) + 1, kUnreached);
  if (ws.queue_capacity < n + 1) {
    ws.queue.reset(new Vertex[std::size_t(n) + 1]);
    ws.queue_capacity = n + 1;
  }
  ws.frontier.assign(words, 0);
  ws.next.assign(words, 0);
  ws.visited.assign(words, 0);

  const bfs_impl::BfsOut res{options.parents ? result.parent.data() : nullptr,
                             options.levels ? result.level.data() : nullptr};
  Vertex* queue = ws.queue.get();
  const bool threads = omp_get_max_threads() > 1;
  // Pull levels scan every unvisited vertex, so their work is about n + edges scanned.
  const bool parallel_pull = threads && Offset(n) + out.nnz() / 4 > kParallelEdgeWork;
  const bool auto_switch = options.method == BfsMethod::Auto;
  const Offset alpha = Offset(options.alpha);

  std::uint64_t* visited = ws.visited.data();
  res.found(source, source, 0);
  visited[source >> 6] |= std::uint64_t(1) << (source & 63);
  queue[0] = source;
  Offset begin = 0, end = 1, tail = 1;
  // The direction heuristic (Beamer et al., section 4) compares the frontier's out-edges
  // (`scout`) with the edges of the vertices not yet reached (`edges_to_check`: all edges less
  // the scouts of the frontiers found so far). After a serial push, `scout` may be only an upper
  // bound (frontier size × max_degree) that already proves neither a switch to pull nor a
  // parallel level can follow; then `scout_counted` is false, and the frontier's degrees are
  // subtracted after it is expanded, when its rows have been read anyway. The decisions are
  // those of the exact rule.
  Offset scout = out.degree(source);
  bool scout_counted = true;  // the source's edges are never subtracted, as in the exact rule
  Offset edges_to_check = out.nnz();
  Offset awake_prev = 1;
  bool pull = options.method == BfsMethod::Pull;
  if (pull) ws.frontier[source >> 6] |= std::uint64_t(1) << (source & 63);
  Vertex depth = 0;

  while (true) {
    const Vertex next_depth = depth + 1;
    if (!pull) {
      // Phase 1: push.
      if (threads && scout > kParallelEdgeWork) {
        scout = bfs_impl::push_level(out, begin, end, next_depth, res, visited, queue, tail);
        scout_counted = true;
      } else {
        const Offset expanded =
            bfs_impl::push_level_serial(out, begin, end, next_depth, res, visited, queue, tail, n);
        if (!scout_counted) edges_to_check -= std::min(edges_to_check, expanded);
        const Offset found = tail - end;
        const Offset remaining = edges_to_check / (alpha + 1);
        const Offset bound_limit =
            auto_switch ? std::min(remaining, kParallelEdgeWork) : kParallelEdgeWork;
        // found × max_degree ≤ bound_limit, without overflow.
        scout_counted = !(max_degree == 0 || found <= bound_limit / max_degree);
        scout = scout_counted ? bfs_impl::degree_sum(out, queue, end, tail) : found * max_degree;
      }
      ++result.push_steps;
      begin = end;
      end = tail;
      depth = next_depth;
      if (begin == end) break;
      if (scout_counted) edges_to_check -= std::min(edges_to_check, scout);
      // Phase 3: switch to pull when the frontier's edges exceed the unexplored edges / alpha.
      if (auto_switch && scout_counted && bfs_should_pull(scout, edges_to_check, alpha)) {
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
      if (auto_switch && bfs_should_push(awake, awake_prev, n, Offset(options.beta))) {
        pull = false;
        begin = end = tail;
        scout = 0;
        scout_counted = true;
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

  if (options.parents) result.parent.pop_back();
  if (options.levels) result.level.pop_back();
  // Phase 4: summary.
  Vertex reached = 0;
  for (std::uint64_t w : ws.visited) reached += Vertex(std::popcount(w));
  result.reached = reached;
  result.depth = depth - 1;
}

}  // namespace spgraph::detail
