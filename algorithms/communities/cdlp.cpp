// SPDX-License-Identifier: Apache-2.0
// The CDLP kernel behind algorithms/communities/cdlp.hpp (LDBC Graphalytics specification v1.0,
// §2.3.4): synchronous rounds, each vertex choosing the minimum mode of its neighbours' labels
// from its row of A and of A', with per-thread workspaces sized once, so that no round allocates.
#include "algorithms/communities/cdlp.hpp"

#include <omp.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>
#include <utility>

#include "engine/core/error.hpp"

namespace spgraph {

namespace {

/// Rows of at most this many neighbour labels are sorted on the stack; longer ones are counted
/// in a hash table (an insertion sort of 16 labels costs about what setting up the table does).
constexpr Offset kSortedRow = 16;

/// Graphs with fewer vertices than this run each round on the calling thread.
constexpr std::int64_t kParallelVertices = 4096;

/// Never a label: labels are vertex ids, below n <= 2^32 - 1.
constexpr Vertex kNoLabel = std::numeric_limits<Vertex>::max();

/// The smallest most frequent label of l[0, k) (k >= 1); sorts l in place.
Vertex min_mode_of_few(Vertex* l, Offset k) {
  for (Offset i = 1; i < k; ++i) {
    const Vertex x = l[i];
    Offset j = i;
    for (; j > 0 && l[j - 1] > x; --j) l[j] = l[j - 1];
    l[j] = x;
  }
  // Runs in ascending order: a later run wins only when strictly longer, so ties keep the
  // smaller label.
  Vertex best = l[0];
  Offset best_run = 0, run = 0;
  for (Offset i = 0; i < k; ++i) {
    run = (i > 0 && l[i] == l[i - 1]) ? run + 1 : 1;
    if (run > best_run) best_run = run, best = l[i];
  }
  return best;
}

/// One thread's label counts for one row: open addressing with linear probing over a table of
/// at least twice the row's labels, cleared per row in O(row). The best label is tracked as
/// counts rise: a label takes the lead when its count passes the leader's, or equals it with a
/// smaller label, so the leader after the last label is the smallest most frequent one.
class alignas(64) LabelCounts {
 public:
  /// Empties the table for a row of at most `labels` labels (grows it when needed).
  void start_row(Offset labels) {
    const Offset capacity = std::bit_ceil(std::max<Offset>(2 * labels, 2));
    if (keys_.size() < capacity) {
      keys_.resize(capacity);
      counts_.resize(capacity);
    }
    std::fill_n(keys_.data(), capacity, kNoLabel);
    mask_ = capacity - 1;
    shift_ = 64 - std::countr_zero(capacity);
    best_ = kNoLabel;
    best_count_ = 0;
  }

  void add(Vertex label) {
    Offset h = (std::uint64_t(label) * 0x9E3779B97F4A7C15ull) >> shift_;
    while (keys_[h] != label && keys_[h] != kNoLabel) h = (h + 1) & mask_;
    if (keys_[h] == kNoLabel) {
      keys_[h] = label;
      counts_[h] = 0;
    }
    const Offset c = ++counts_[h];
    if (c > best_count_ || (c == best_count_ && label < best_)) {
      best_ = label;
      best_count_ = c;
    }
  }

  /// The smallest most frequent label added since start_row, or kNoLabel if none was.
  Vertex best() const { return best_; }

 private:
  std::vector<Vertex> keys_;
  std::vector<Offset> counts_;
  Offset mask_ = 0;
  int shift_ = 63;
  Vertex best_ = kNoLabel;
  Offset best_count_ = 0;
};

/// Calls f(u) for every neighbour u != v: the out-arcs, then the in-arcs of a directed graph.
template <class F>
void for_each_other_neighbour(const AdjacencyView& out, const AdjacencyView* in, Vertex v, F&& f) {
  out.for_each_neighbor(v, [&](Vertex u) {
    if (u != v) f(u);
  });
  if (in)
    in->for_each_neighbor(v, [&](Vertex u) {
      if (u != v) f(u);
    });
}

/// Vertex v's label after one round, from the labels `old` of the round before.
Vertex next_label(const AdjacencyView& out, const AdjacencyView* in, Vertex v, const Vertex* old,
                  LabelCounts& counts) {
  const Offset d = out.degree(v) + (in ? in->degree(v) : 0);
  if (d == 0) return old[v];
  if (d <= kSortedRow) {
    Vertex few[kSortedRow];
    Offset k = 0;
    for_each_other_neighbour(out, in, v, [&](Vertex u) { few[k++] = old[u]; });
    return k ? min_mode_of_few(few, k) : old[v];
  }
  counts.start_row(d);
  for_each_other_neighbour(out, in, v, [&](Vertex u) { counts.add(old[u]); });
  return counts.best() == kNoLabel ? old[v] : counts.best();
}

Vertex count_distinct(const std::vector<Vertex>& label) {
  std::vector<std::uint8_t> seen(label.size(), 0);
  Vertex k = 0;
  for (Vertex l : label) {
    k += !seen[l];
    seen[l] = 1;
  }
  return k;
}

}  // namespace

namespace detail {

CdlpResult cdlp_structure(const AdjacencyView& out, const AdjacencyView* in, int iterations) {
  const std::int64_t n = out.n;
  const bool parallel = n >= kParallelVertices;
  std::vector<Vertex> cur(n), next(n);
  std::iota(cur.begin(), cur.end(), Vertex(0));
  std::vector<LabelCounts> counts(std::size_t(std::max(omp_get_max_threads(), 1)));
  CdlpResult r;
  while (r.iterations < iterations) {
    std::int64_t changed = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : changed) if (parallel)
    for (std::int64_t v = 0; v < n; ++v) {
      next[v] = next_label(out, in, Vertex(v), cur.data(), counts[omp_get_thread_num()]);
      changed += next[v] != cur[v];
    }
    std::swap(cur, next);
    ++r.iterations;
    if (changed == 0) {
      r.stable = true;
      break;
    }
  }
  r.label = std::move(cur);
  r.communities = count_distinct(r.label);
  return r;
}

}  // namespace detail

template <class T>
CdlpResult cdlp(const Matrix<T>& a, const CdlpOptions& options) {
  if (a.nrows() != a.ncols())
    throw DimensionMismatch("cdlp: the matrix must be square, got " + std::to_string(a.nrows()) +
                            " x " + std::to_string(a.ncols()));
  if (options.iterations < 0)
    throw InvalidArgument("cdlp: the number of iterations must be at least 0, got " +
                          std::to_string(options.iterations));
  const AdjacencyView out = adjacency_of(a.csr());
  if (options.undirected || options.iterations == 0)
    return detail::cdlp_structure(out, nullptr, options.iterations);
  const AdjacencyView in = adjacency_of(a.transposed());
  return detail::cdlp_structure(out, &in, options.iterations);
}

#define SPGRAPH_INSTANTIATE_CDLP(T) \
  template CdlpResult cdlp<T>(const Matrix<T>&, const CdlpOptions&);
SPGRAPH_INSTANTIATE_CDLP(bool)
SPGRAPH_INSTANTIATE_CDLP(std::int32_t)
SPGRAPH_INSTANTIATE_CDLP(std::int64_t)
SPGRAPH_INSTANTIATE_CDLP(float)
SPGRAPH_INSTANTIATE_CDLP(double)
#undef SPGRAPH_INSTANTIATE_CDLP

}  // namespace spgraph
