// SPDX-License-Identifier: Apache-2.0
// GraphBLAS peer for `spgraph compare cdlp` (see graphblas_graphalytics.hpp), following LAGraph's
// experimental LAGraph_cdlp (G. Szárnyas and B. Hegyi, written for LDBC Graphalytics,
// specification v1.0, §2.3.4), written afresh from its description:
//   S = A (UINT64), and T = A' for a directed graph: workspaces whose values become labels
//   repeat up to `iterations` times:
//     L = diag(labels)
//     S = S min.second L;  T = T min.second L        (each arc carries its target's label)
//     (I, X) = the row indices and values of S, then of T (GrB_Matrix_extractTuples)
//     sort the (I, X) pairs                          (LAGraph's LG_msort2: a parallel merge sort)
//     labels(i) = the smallest most frequent X of row i (the first longest run of the sorted row)
//   until the labels are those of the round before.
// Departures, said here once: A' is the graph's cached transpose (LAGraph transposes inside its
// timing; spgraph reads its cached A' too); diag(L) is rebuilt with GrB_Matrix_build each round
// instead of LAGraph's setElement per vertex; the pairs are packed into one 64-bit key (row,
// label) for the sort, as n < 2^32; and a vertex with no arcs keeps its label (LAGraph's loop
// leaves its diagonal entry unset).
#include <omp.h>

#include <algorithm>
#include <numeric>

#include "tools/compare/peers/graphblas_graphalytics.hpp"
#include "tools/compare/peers/graphblas_internal.hpp"

namespace spgraph::peers {

using detail::check;

namespace {

/// Sorts `keys` ascending: one std::sort per thread on its slice, then rounds of pairwise
/// merges of neighbouring slices (LG_msort2's shape).
void parallel_sort(std::vector<std::uint64_t>& keys) {
  const std::size_t parts = std::size_t(std::max(omp_get_max_threads(), 1));
  if (parts == 1 || keys.size() < (std::size_t(1) << 16)) {
    std::sort(keys.begin(), keys.end());
    return;
  }
  std::vector<std::size_t> bound(parts + 1);
  for (std::size_t i = 0; i <= parts; ++i) bound[i] = keys.size() * i / parts;
  const auto at = [&](std::size_t i) { return keys.begin() + std::ptrdiff_t(bound[i]); };
#pragma omp parallel for schedule(static, 1)
  for (std::size_t i = 0; i < parts; ++i) std::sort(at(i), at(i + 1));
  for (std::size_t width = 1; width < parts; width *= 2) {
#pragma omp parallel for schedule(static, 1)
    for (std::size_t i = 0; i < parts; i += 2 * width)
      if (i + width < parts)
        std::inplace_merge(at(i), at(i + width), at(std::min(i + 2 * width, parts)));
  }
}

/// Puts each arc's target label on S: S = S min.second diag(labels), then appends S's tuples to
/// rows / labels from position `at`; returns the position after them.
GrB_Index labels_onto_arcs(GrB_Matrix s, GrB_Matrix l, std::vector<GrB_Index>& rows,
                           std::vector<GrB_Index>& labels, GrB_Index at) {
  check(GrB_mxm(s, nullptr, nullptr, GrB_MIN_SECOND_SEMIRING_UINT64, s, l, nullptr),
        "S = S min.second diag(L)");
  GrB_Index count = rows.size() - at;
  check(GrB_Matrix_extractTuples_UINT64(rows.data() + at, nullptr, labels.data() + at, &count, s),
        "extract (I, X)");
  return at + count;
}

/// The new labels from the sorted (row << 32 | label) keys: each row's first longest run.
void minimum_modes(const std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& label) {
  std::size_t k = 0;
  while (k < keys.size()) {
    const std::uint64_t row = keys[k] >> 32;
    std::uint64_t best = keys[k] & 0xffffffffu, best_run = 0;
    while (k < keys.size() && keys[k] >> 32 == row) {
      std::size_t end = k;
      while (end < keys.size() && keys[end] == keys[k]) ++end;
      if (end - k > best_run) best_run = end - k, best = keys[k] & 0xffffffffu;
      k = end;
    }
    label[row] = best;
  }
}

/// A new n x n UINT64 matrix held by row, with the structure of `a` and every value 1.
GrbOwner<GrB_Matrix> uint64_copy(GrB_Matrix a, GrB_Index n) {
  GrbOwner<GrB_Matrix> s = detail::new_matrix(GrB_UINT64, n, n);
  check(GrB_Matrix_apply(s, nullptr, nullptr, GrB_IDENTITY_UINT64, a, nullptr), "S = A");
  return s;
}

}  // namespace

GraphBlasCdlpResult graphblas_cdlp(const GraphBlasGraph& graph, int iterations) {
  const GraphBlasGraph::Impl& g = graph.impl();
  const GrB_Matrix at = g.undirected() ? nullptr : g.cached_at("graphblas_cdlp");
  const GrB_Index n = g.n;
  GraphBlasCdlpResult res;
  res.label.resize(n);
  std::iota(res.label.begin(), res.label.end(), std::uint64_t(0));
  if (n == 0) return res;
  const auto t0 = std::chrono::steady_clock::now();
  GrbOwner<GrB_Matrix> s = uint64_copy(g.a, n), t, l = detail::new_matrix(GrB_UINT64, n, n);
  if (at) t = uint64_copy(at, n);
  GrB_Index nnz = 0, nt = 0;
  check(GrB_Matrix_nvals(&nnz, s), "nvals(S)");
  if (at) check(GrB_Matrix_nvals(&nt, t), "nvals(T)");
  std::vector<GrB_Index> rows(nnz + nt), labels(nnz + nt), diagonal(n);
  std::vector<std::uint64_t> keys(nnz + nt), previous(n);
  std::iota(diagonal.begin(), diagonal.end(), GrB_Index(0));
  std::vector<std::uint64_t>& label = res.label;
  while (res.iterations < iterations) {
    check(GrB_Matrix_clear(l), "clear L");
    check(GrB_Matrix_build_UINT64(l, diagonal.data(), diagonal.data(), label.data(), n,
                                  GrB_PLUS_UINT64),
          "L = diag(labels)");
    GrB_Index filled = labels_onto_arcs(s, l, rows, labels, 0);
    if (at) filled = labels_onto_arcs(t, l, rows, labels, filled);
#pragma omp parallel for schedule(static)
    for (std::int64_t k = 0; k < std::int64_t(filled); ++k) keys[k] = rows[k] << 32 | labels[k];
    parallel_sort(keys);
    previous = label;
    minimum_modes(keys, label);
    ++res.iterations;
    if (label == previous) break;
  }
  res.seconds = detail::seconds_since(t0);
  return res;
}

}  // namespace spgraph::peers
