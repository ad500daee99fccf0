// The fused direction-optimizing BFS kernel (see bfs_kernel.hpp and bfs.hpp for the phases).
// Follows Beamer, Asanovic & Patterson, SC 2012, Algorithm 1-3 and section 4 (the alpha/beta
// switching rule), and the sliding-queue layout of the GAP Benchmark Suite's bfs.cc.
#include "algorithms/bfs.hpp"  // declares the options first; includes bfs_kernel.hpp

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <bit>

namespace spgraph::detail {

namespace {

constexpr std::int64_t kUnvisited = kUnreached;
constexpr Vertex kPullChunk = 4096;  // a multiple of 64: each bitmap word has a single writer

bool test_bit(const std::vector<std::uint64_t>& bm, Vertex v) { return (bm[v >> 6] >> (v & 63)) & 1; }

/// Shared state of one traversal, decided by one thread between levels.
struct LevelState {
  bool pull = false;
  bool done = false;
  std::int64_t depth = 0;
  Offset queue_begin = 0;  // current frontier = queue[queue_begin, queue_end)
  Offset queue_end = 0;
  std::atomic<Offset> queue_tail{0};  // next frontier is appended here
  std::atomic<Offset> scout{0};       // out-edges of the vertices found this level
  std::atomic<Offset> awake{0};       // vertices found this level
  Offset edges_to_check = 0;
  Offset awake_prev = 0;
};

}  // namespace

void bfs_traverse(const AdjacencyView& out, const AdjacencyView& in, Vertex source,
                  const BfsOptions& options, BfsWorkspace& ws, BfsResult& result) {
  const Vertex n = out.n;
  const std::size_t words = (std::size_t(n) + 63) / 64;
  result = BfsResult{};
  result.source = source;
  result.parent.assign(n, kUnvisited);
  if (options.levels) result.level.assign(n, kUnvisited);
  ws.queue.resize(n);
  ws.frontier.assign(words, 0);
  ws.next.assign(words, 0);

  std::int64_t* parent = result.parent.data();
  std::int64_t* level = options.levels ? result.level.data() : nullptr;
  Vertex* queue = ws.queue.data();

  parent[source] = source;
  if (level) level[source] = 0;
  queue[0] = source;

  LevelState st;
  st.queue_end = 1;
  st.queue_tail = 1;
  st.scout = out.row_ptr[source + 1] - out.row_ptr[source];
  st.edges_to_check = out.row_ptr[n];
  st.pull = options.method == BfsMethod::Pull;
  if (st.pull) ws.frontier[source >> 6] |= std::uint64_t(1) << (source & 63);
  st.awake_prev = 1;
  int push_steps = 0, pull_steps = 0;

#pragma omp parallel
  {
    std::vector<Vertex> local;
    local.reserve(1024);
    auto flush = [&] {
      if (local.empty()) return;
      Offset pos = st.queue_tail.fetch_add(local.size(), std::memory_order_relaxed);
      std::copy(local.begin(), local.end(), queue + pos);
      local.clear();
    };
    while (!st.done) {
      const std::int64_t next_depth = st.depth + 1;
      if (!st.pull) {
        // Phase 1: push. Claim unvisited out-neighbours of the queue's frontier.
        Offset scout = 0;
#pragma omp for schedule(dynamic, 64) nowait
        for (Offset q = st.queue_begin; q < st.queue_end; ++q) {
          const Vertex u = queue[q];
          for (Offset k = out.row_ptr[u]; k < out.row_ptr[u + 1]; ++k) {
            const Vertex v = out.col[k];
            std::atomic_ref<std::int64_t> pv(parent[v]);
            std::int64_t expected = kUnvisited;
            if (pv.load(std::memory_order_relaxed) == kUnvisited &&
                pv.compare_exchange_strong(expected, u, std::memory_order_relaxed)) {
              if (level) level[v] = next_depth;
              local.push_back(v);
              scout += out.row_ptr[v + 1] - out.row_ptr[v];
              if (local.size() == local.capacity()) flush();
            }
          }
        }
        flush();
        st.scout.fetch_add(scout, std::memory_order_relaxed);
      } else {
        // Phase 2: pull. Each unvisited vertex looks for any in-neighbour in the frontier.
        Offset awake = 0;
#pragma omp for schedule(dynamic, 1) nowait
        for (Vertex chunk = 0; chunk < (n + kPullChunk - 1) / kPullChunk; ++chunk) {
          const Vertex lo = chunk * kPullChunk, hi = std::min<Vertex>(n, lo + kPullChunk);
          for (std::size_t w = lo >> 6; w < (std::size_t(hi) + 63) >> 6; ++w) ws.next[w] = 0;
          for (Vertex v = lo; v < hi; ++v) {
            if (parent[v] != kUnvisited) continue;
            for (Offset k = in.row_ptr[v]; k < in.row_ptr[v + 1]; ++k) {
              const Vertex u = in.col[k];
              if (test_bit(ws.frontier, u)) {
                parent[v] = u;
                if (level) level[v] = next_depth;
                ws.next[v >> 6] |= std::uint64_t(1) << (v & 63);
                ++awake;
                break;  // the any monoid's terminal value: one parent is enough
              }
            }
          }
        }
        st.awake.fetch_add(awake, std::memory_order_relaxed);
      }
#pragma omp barrier
      // Phase 3: decide the next level's direction (one thread), converting the frontier.
#pragma omp single
      {
        st.depth = next_depth;
        if (!st.pull) {
          ++push_steps;
          st.queue_begin = st.queue_end;
          st.queue_end = st.queue_tail.load();
          const Offset found = st.queue_end - st.queue_begin;
          const Offset scout = st.scout.exchange(0);
          st.edges_to_check -= std::min(st.edges_to_check, scout);
          if (found == 0) {
            st.done = true;
          } else if (options.method == BfsMethod::Auto &&
                     scout > st.edges_to_check / Offset(options.alpha)) {
            st.pull = true;
            st.awake_prev = found;
            std::fill(ws.frontier.begin(), ws.frontier.end(), 0);
            for (Offset q = st.queue_begin; q < st.queue_end; ++q)
              ws.frontier[queue[q] >> 6] |= std::uint64_t(1) << (queue[q] & 63);
          }
        } else {
          ++pull_steps;
          const Offset awake = st.awake.exchange(0);
          ws.frontier.swap(ws.next);
          if (awake == 0) {
            st.done = true;
          } else if (options.method == BfsMethod::Auto && awake < st.awake_prev &&
                     awake <= Offset(n) / Offset(options.beta)) {
            // Back to push: rebuild the queue from the frontier bitmap.
            st.pull = false;
            Offset tail = st.queue_end;
            st.queue_begin = tail;
            for (std::size_t w = 0; w < words; ++w)
              for (std::uint64_t bits = ws.frontier[w]; bits; bits &= bits - 1)
                queue[tail++] = Vertex(w * 64 + std::countr_zero(bits));
            st.queue_end = tail;
            st.queue_tail = tail;
          }
          st.awake_prev = awake;
        }
      }
    }
  }

  // Phase 4: summary.
  Vertex reached = 0;
  std::int64_t depth = 0;
  for (Vertex v = 0; v < n; ++v)
    if (parent[v] != kUnvisited) ++reached;
  if (level)
    for (Vertex v = 0; v < n; ++v) depth = std::max(depth, level[v]);
  result.reached = reached;
  result.depth = Vertex(level ? depth : std::max<std::int64_t>(0, st.depth - 1));
  result.push_steps = push_steps;
  result.pull_steps = pull_steps;
  if (!options.parents) result.parent = {};
}

}  // namespace spgraph::detail
