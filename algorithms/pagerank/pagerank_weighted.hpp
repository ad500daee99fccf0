// SPDX-License-Identifier: Apache-2.0
// Weighted PageRank (PageRankOptions::weighted): the power iteration in which a vertex u hands
// its rank to its out-arcs in proportion to their values,
//   r'[v] = teleport(v) + d Σ_{u -> v} r[u] · A(u,v) / W(u),   W(u) = Σ_w A(u,w),
// as networkx's pagerank(weight="weight") (stochastic_graph: weighted out-degree normalization)
// and igraph's personalized_pagerank(weights=...) define it. A vertex with W(u) = 0 (no out-arcs,
// or only arcs of value 0) is a sink: its rank leaks (Gap) or goes to the teleport vector
// (Standard), as in the unweighted variants (pagerank.hpp).
//
// A separate kernel, so the unweighted fused kernel (pagerank_fused_csr.hpp) keeps its speed.
// Before the first step it checks every value (finite, >= 0), sums W, and stores the share each
// in-arc carries, share[k] = A(u,v) / W(u), beside the in-arcs (the CSR of A', or A itself when
// A is symmetric): O(arcs) time and one S per arc of memory on top of the in-arcs (8 bytes per
// arc in double). A step is then a pull SpMV with values, Σ share[k] · r[col[k]], fused with the
// update, the L1 change and the sinks' sum: it reads 4 + sizeof(S) bytes per arc where the
// unweighted kernel reads 4 (plus the gathered rank either way). Jacobi sweep only; the ranks do
// not depend on the thread count (each row sums in order), the step sums' last bits may.
#pragma once

#include <omp.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/pagerank/pagerank.hpp"
#include "engine/core/error.hpp"
#include "engine/matrix.hpp"
#include "formats/csr/kernel_tuning.hpp"

namespace spgraph::detail {

/// The in-arcs a weighted step pulls over, each with the share of its tail's rank it carries,
/// and which vertices are sinks (W(u) = 0).
template <class S>
struct WeightedPull {
  Vertex n = 0;
  const Offset* in_rp = nullptr;
  const Vertex* in_col = nullptr;
  std::vector<S> share;            ///< per in-arc entry: A(u,v) / W(u)
  std::vector<std::uint8_t> sink;  ///< per vertex: W(v) == 0
};

/// W(u) for every row of A, after checking each value is finite and >= 0 (InvalidArgument
/// naming the first bad arc in dense ids otherwise).
template <class T>
std::vector<double> weighted_out_degrees(const Csr<T>& a) {
  std::vector<double> w(a.nrows, 0.0);
  for (Vertex u = 0; u < a.nrows; ++u) {
    double sum = 0;
    for (Offset k = a.row_ptr[u]; k < a.row_ptr[u + 1]; ++k) {
      const double x = double(a.value(k));
      if (!std::isfinite(x) || x < 0)
        throw InvalidArgument("pagerank: arc " + std::to_string(u) + " -> " +
                              std::to_string(a.col[k]) + " has weight " + std::to_string(x) +
                              "; weighted PageRank needs finite weights >= 0");
      sum += x;
    }
    w[u] = sum;
  }
  return w;
}

/// The weighted in-arcs of A: A' (transpose) or A itself (A symmetric).
template <class S, class T>
WeightedPull<S> weighted_pull(const Matrix<T>& a, bool transpose) {
  const std::vector<double> out_weight = weighted_out_degrees(a.csr());
  const Csr<T>& in = transpose ? a.transposed() : a.csr();
  WeightedPull<S> g;
  g.n = a.nrows();
  g.in_rp = in.row_ptr.data();
  g.in_col = in.col.data();
  g.share.resize(in.col.size());
  g.sink.resize(g.n);
  const std::int64_t sn = std::int64_t(g.n);
#pragma omp parallel for schedule(dynamic, \
                                  1024) if (Offset(g.n) + in.col.size() >= kMinParallelWork)
  for (std::int64_t v = 0; v < sn; ++v) {
    g.sink[v] = out_weight[v] == 0;
    for (Offset k = in.row_ptr[v]; k < in.row_ptr[v + 1]; ++k) {
      const double wu = out_weight[in.col[k]];
      g.share[k] = wu > 0 ? S(double(in.value(k)) / wu) : S(0);
    }
  }
  return g;
}

/// The teleport vector of a run: `tele` per vertex, or `uniform` for every vertex when empty.
struct WeightedTeleport {
  const std::vector<double>& tele;
  double uniform = 0;
};

/// The Jacobi power iteration over weighted in-arcs (see the file comment).
template <class S>
PageRankResult pagerank_weighted_power(const WeightedPull<S>& g, WeightedTeleport tp,
                                       const PageRankOptions& o) {
  PageRankResult res;
  const Vertex n = g.n;
  if (n == 0) {
    res.converged = true;
    return res;
  }
  const double d = o.damping;
  const bool standard = o.variant == PageRankVariant::Standard;
  const bool personal = !tp.tele.empty();
  const bool par = Offset(n) + g.in_rp[n] >= kMinParallelWork;
  const std::int64_t sn = std::int64_t(n);
  std::vector<S> r(n), next(n);
  double dangling = 0;
#pragma omp parallel for schedule(static) reduction(+ : dangling) if (par)
  for (std::int64_t v = 0; v < sn; ++v) {
    const double r0 = personal ? tp.tele[v] : tp.uniform;
    r[v] = S(r0);
    if (g.sink[v]) dangling += r0;
  }
  for (int it = 1; it <= o.max_iterations; ++it) {
    const double tw = (1 - d) + (standard ? d * dangling : 0.0);
    const double base = tw * tp.uniform;
    double delta = 0, next_dangling = 0;
#pragma omp parallel for schedule(dynamic, 512) reduction(+ : delta, next_dangling) if (par)
    for (std::int64_t v = 0; v < sn; ++v) {
      S sum = 0;
      for (Offset k = g.in_rp[v]; k < g.in_rp[v + 1]; ++k) sum += g.share[k] * r[g.in_col[k]];
      const S nr = S((personal ? tw * tp.tele[v] : base) + d * double(sum));
      delta += std::fabs(double(nr) - double(r[v]));
      next[v] = nr;
      if (g.sink[v]) next_dangling += double(nr);
    }
    std::swap(r, next);
    dangling = next_dangling;
    res.iterations = it;
    res.delta = delta;
    if (delta < o.tolerance) {
      res.converged = true;
      break;
    }
  }
  res.rank.assign(r.begin(), r.end());
  return res;
}

}  // namespace spgraph::detail
