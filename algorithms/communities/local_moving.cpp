// SPDX-License-Identifier: Apache-2.0
// The batch-synchronous local moving phase of Louvain and Leiden (local_moving.hpp says what it
// computes and why it is deterministic): the batches drawn from the seed, the parallel
// decisions, the ordered application of the moves and the activation of the neighbours.
#include "algorithms/communities/local_moving.hpp"

#include <algorithm>
#include <atomic>
#include <memory>

#include "algorithms/communities/community_random.hpp"
#include "formats/csr/kernel_tuning.hpp"

namespace spgraph::detail {

namespace {

constexpr Vertex kEmptyCommunity = kNoVertex;  ///< "a community of its own, empty before"
constexpr Vertex kChunk = 256;                 ///< vertices per scheduling chunk of a batch
constexpr Vertex kScanChunk = 4096;            ///< vertices per chunk of the active-list scan

/// One round's active vertices in batch order: batch b holds [start[b], start[b + 1]) of
/// `order`.
struct Batches {
  std::vector<Vertex> order;
  std::vector<Vertex> start;
  std::vector<std::uint8_t> batch;  ///< each active vertex's batch in this round
  std::vector<Vertex> count;        ///< [chunk][batch] counts, then their first positions
};

/// Splits the active vertices into batches drawn from (seed, stream, round, v): a counting sort
/// by batch over chunks of vertices, each chunk's counts and scatter in parallel, the positions
/// in (batch, chunk) order, so each batch lists its vertices in increasing order.
void draw_batches(const std::vector<std::uint8_t>& active, const MoveSettings& s, int round,
                  Batches& b) {
  const Vertex n = Vertex(active.size());
  const Vertex chunks = (n + kScanChunk - 1) / kScanChunk;
  const std::uint64_t round_bits = std::uint64_t(round) << 32;
  const RandomStream draw(s.seed, s.stream);
  b.batch.resize(n);
  b.count.assign(std::size_t(chunks) * kMoveBatches, 0);
#pragma omp parallel for schedule(static) if (n >= 65536)
  for (std::int64_t j = 0; j < std::int64_t(chunks); ++j) {
    const Vertex lo = Vertex(j) * kScanChunk, hi = std::min(n, lo + kScanChunk);
    Vertex* c = b.count.data() + std::size_t(j) * kMoveBatches;
    for (Vertex v = lo; v < hi; ++v)
      if (active[v]) {
        b.batch[v] = std::uint8_t(draw(round_bits | v) % kMoveBatches);
        ++c[b.batch[v]];
      }
  }
  b.start.assign(kMoveBatches + 1, 0);
  Vertex at = 0;
  for (std::uint32_t i = 0; i < kMoveBatches; ++i) {
    b.start[i] = at;
    for (Vertex j = 0; j < chunks; ++j) {
      Vertex& c = b.count[std::size_t(j) * kMoveBatches + i];
      const Vertex here = c;
      c = at;
      at += here;
    }
  }
  b.start[kMoveBatches] = at;
  b.order.resize(at);
#pragma omp parallel for schedule(static) if (n >= 65536)
  for (std::int64_t j = 0; j < std::int64_t(chunks); ++j) {
    const Vertex lo = Vertex(j) * kScanChunk, hi = std::min(n, lo + kScanChunk);
    Vertex* next = b.count.data() + std::size_t(j) * kMoveBatches;
    for (Vertex v = lo; v < hi; ++v)
      if (active[v]) b.order[next[b.batch[v]]++] = v;
  }
}

/// The communities' state one phase keeps: labels, node-weight sums, sizes, free labels.
struct CommunityState {
  std::vector<Vertex>& label;
  std::vector<double> weight;  ///< W_c
  std::vector<Vertex> size;    ///< vertices in c
  std::vector<Vertex> free;    ///< empty labels (with allow_empty)
};

/// One phase's data: the graph, the settings and the state.
struct Mover {
  const CommunityGraph& g;
  const std::vector<double>& w;
  const MoveSettings& s;
  CommunityState st;
  std::vector<std::uint8_t> active;
  /// The moves of a batch, by position in the order; written before they are read, so left
  /// uninitialised.
  std::unique_ptr<Vertex[]> mover, target;
  std::vector<Vertex> chunk_moves;  ///< how many moves each chunk of the batch holds

  /// v's best community (its own when it should stay), or kEmptyCommunity. In a batch
  /// (`in_batch`) the minimum-label rule may hold v back; `held` says so (v then stays active).
  Vertex decide(Vertex v, NeighbourWeights& acc, bool in_batch, bool& held) const;
  /// Moves v to t (a label, or kEmptyCommunity); false when there was nothing to do.
  bool apply(Vertex v, Vertex t);
  /// Activates v's neighbours outside its community.
  void activate_neighbours(Vertex v);
  /// Decides for the vertices of order[from, to); fills mover/target per chunk.
  void decide_batch(const Vertex* order, Vertex from, Vertex to, ThreadWeights& ws);
  /// Applies the batch's moves in order; returns how many were made.
  Offset apply_batch(Vertex from, Vertex to);
  /// Activates the neighbours of the batch's movers.
  void activate_batch(Vertex from, Vertex to);
  /// True when a batch is worth a thread team: its vertices and (estimated) edges reach
  /// kMinParallelWork (formats/csr/kernel_tuning.hpp); below, a team costs more than the batch,
  /// and far more on a busy machine.
  bool parallel_batch(Vertex from, Vertex to) const {
    const double per_vertex = 1.0 + double(g.nnz()) / double(g.n);
    return double(to - from) * per_vertex >= double(kMinParallelWork);
  }
  /// One vertex at a time, each move applied before the next decision (small rounds).
  Offset move_in_sequence(const Vertex* order, Vertex count, NeighbourWeights& acc);
};

/// Gathers v's edges (its loop left out) into acc by the labels of their other ends; returns
/// their total weight. The arrays are read through local pointers, so that the accumulator's
/// stores do not make the compiler reload them on every edge.
template <bool Weighted>
double gather(const CommunityGraph& g, const Vertex* label, Vertex v, NeighbourWeights& acc) {
  const Vertex* col = g.col;
  const double* weight = g.weight;
  const Offset end = g.end(v);
  double row = 0;
  acc.clear();
  for (Offset k = g.begin(v); k < end; ++k) {
    const Vertex u = col[k];
    if (u == v) continue;
    const double x = Weighted ? weight[k] : 1.0;
    acc.add(label[u], x);
    row += x;
  }
  return row;
}

Vertex Mover::decide(Vertex v, NeighbourWeights& acc, bool in_batch, bool& held) const {
  const Vertex d = st.label[v];
  const double wv = w[v];
  const double row = g.weight ? gather<true>(g, st.label.data(), v, acc)
                              : gather<false>(g, st.label.data(), v, acc);
  const double lambda_w = s.lambda * wv;
  const double stay = acc.get(d) - lambda_w * (st.weight[d] - wv);
  // A move must beat staying by more than the rounding of the sums it compares, or two
  // communities of equal gain could trade a vertex forever.
  const double eps = 1e-12 * (row + lambda_w * st.weight[d]);
  Vertex best = d;
  double best_gain = stay + eps;
  for (std::size_t i = 0; i < acc.size(); ++i) {
    const Vertex c = acc.key(i);
    if (c == d) continue;
    const double gain = acc.value(i) - lambda_w * st.weight[c];
    if (gain > best_gain || (gain == best_gain && best != d && c < best)) {
      best = c;
      best_gain = gain;
    }
  }
  held = false;
  if (s.allow_empty && st.size[d] > 1 && best == d && stay < -eps) return kEmptyCommunity;
  if (s.allow_empty && st.size[d] > 1 && best != d && best_gain < -eps) return kEmptyCommunity;
  // Grappolo's minimum-label rule: of two singletons deciding together, only the larger label
  // joins the other.
  held = in_batch && best != d && st.size[d] == 1 && st.size[best] == 1 && best > d;
  return held ? d : best;
}

bool Mover::apply(Vertex v, Vertex t) {
  const Vertex d = st.label[v];
  if (t == kEmptyCommunity) {
    if (st.size[d] == 1) return false;  // alone already: nothing to leave
    t = st.free.back();
    st.free.pop_back();
  }
  st.weight[d] -= w[v];
  if (--st.size[d] == 0 && s.allow_empty) st.free.push_back(d);
  st.weight[t] += w[v];
  ++st.size[t];
  st.label[v] = t;
  return true;
}

void Mover::activate_neighbours(Vertex v) {
  const Vertex c = st.label[v];
  for (Offset k = g.begin(v); k < g.end(v); ++k) {
    const Vertex u = g.col[k];
    if (u != v && st.label[u] != c)
      std::atomic_ref<std::uint8_t>(active[u]).store(1, std::memory_order_relaxed);
  }
}

void Mover::decide_batch(const Vertex* order, Vertex from, Vertex to, ThreadWeights& ws) {
  const Vertex chunks = (to - from + kChunk - 1) / kChunk;
#pragma omp parallel for schedule(dynamic, 1) if (parallel_batch(from, to))
  for (std::int64_t j = 0; j < std::int64_t(chunks); ++j) {
    NeighbourWeights& acc = ws.mine();
    const Vertex lo = from + Vertex(j) * kChunk, hi = std::min(to, lo + kChunk);
    Vertex count = 0;
    for (Vertex p = lo; p < hi; ++p) {
      const Vertex v = order[p];
      bool held = false;
      const Vertex t = decide(v, acc, true, held);
      active[v] = held;
      if (t == st.label[v]) continue;
      mover[lo + count] = v;
      target[lo + count] = t;
      ++count;
    }
    chunk_moves[j] = count;
  }
}

Offset Mover::apply_batch(Vertex from, Vertex to) {
  const Vertex chunks = (to - from + kChunk - 1) / kChunk;
  Offset moves = 0;
  for (Vertex j = 0; j < chunks; ++j) {
    const Vertex lo = from + j * kChunk;
    for (Vertex i = lo; i < lo + chunk_moves[j]; ++i) {
      if (apply(mover[i], target[i]))
        ++moves;
      else
        target[i] = kNoVertex;  // not moved: activates nothing
    }
  }
  return moves;
}

void Mover::activate_batch(Vertex from, Vertex to) {
  const Vertex chunks = (to - from + kChunk - 1) / kChunk;
#pragma omp parallel for schedule(dynamic, 1) if (parallel_batch(from, to))
  for (std::int64_t j = 0; j < std::int64_t(chunks); ++j) {
    const Vertex lo = from + Vertex(j) * kChunk;
    for (Vertex i = lo; i < lo + chunk_moves[j]; ++i)
      if (target[i] != kNoVertex) activate_neighbours(mover[i]);
  }
}

Offset Mover::move_in_sequence(const Vertex* order, Vertex count, NeighbourWeights& acc) {
  Offset moves = 0;
  for (Vertex p = 0; p < count; ++p) {
    const Vertex v = order[p];
    if (!active[v]) continue;  // activated and visited again in this round: once is enough
    bool held = false;
    const Vertex t = decide(v, acc, false, held);
    active[v] = 0;
    if (t == st.label[v] || !apply(v, t)) continue;
    activate_neighbours(v);
    ++moves;
  }
  return moves;
}

}  // namespace

MoveOutcome move_nodes(const CommunityGraph& g, const std::vector<double>& node_weight,
                       std::vector<Vertex>& community, const MoveSettings& settings,
                       ThreadWeights& workspace) {
  const Vertex n = g.n;
  Mover m{g, node_weight, settings, {community, {}, {}, {}}, {}, {}, {}, {}};
  m.st.weight.assign(n, 0.0);
  m.st.size.assign(n, 0);
  for (Vertex v = 0; v < n; ++v) {
    m.st.weight[community[v]] += node_weight[v];
    ++m.st.size[community[v]];
  }
  if (settings.allow_empty)
    for (Vertex c = n; c-- > 0;)
      if (m.st.size[c] == 0) m.st.free.push_back(c);
  m.active.assign(n, 1);
  m.mover.reset(new Vertex[n]);
  m.target.reset(new Vertex[n]);
  m.chunk_moves.resize(n / kChunk + kMoveBatches + 1);
  workspace.reserve(n);
  Batches b;
  MoveOutcome out;
  while (out.rounds < settings.max_rounds) {
    draw_batches(m.active, settings, out.rounds, b);
    if (b.order.empty()) break;
    ++out.rounds;
    Offset moved = 0;
    if (b.order.size() < kSequentialRound) {
      moved = m.move_in_sequence(b.order.data(), Vertex(b.order.size()), workspace.mine());
    } else {
      for (std::size_t i = 0; i + 1 < b.start.size(); ++i) {
        const Vertex from = b.start[i], to = b.start[i + 1];
        m.decide_batch(b.order.data(), from, to, workspace);
        moved += m.apply_batch(from, to);
        m.activate_batch(from, to);
      }
    }
    out.moves += moved;
  }
  for (Vertex c = 0; c < n; ++c) out.communities += m.st.size[c] > 0;
  return out;
}

}  // namespace spgraph::detail
