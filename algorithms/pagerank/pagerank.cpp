// SPDX-License-Identifier: Apache-2.0
// PageRank power iteration (pagerank.hpp): argument checks, the teleport vector, and the
// fused update pass around one pull SpMV per step (GAP benchmark spec, Beamer et al. 2015,
// "pr"; Graphalytics spec v1.0 section 2.3.2 for the dangling rank of the Standard variant).
// On CSR the step is the fused kernel of pagerank_fused_csr.hpp. Otherwise the SpMV is passed
// in, so CSR5 (engine/spmv_dense.hpp) and the Dynamic CSR snapshot
// (formats/dcsr/dcsr_spmv_cpu.hpp) share the loop with a separate update pass. Weighted runs go
// to their own kernel (pagerank_weighted.hpp).
#include "algorithms/pagerank/pagerank.hpp"

#include "algorithms/pagerank/pagerank_fused_csr.hpp"
#include "algorithms/pagerank/pagerank_setup.hpp"
#include "algorithms/pagerank/pagerank_weighted.hpp"

#include <omp.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>

#include "engine/core/error.hpp"
#include "engine/spmv_dense.hpp"
#include "formats/dcsr/dcsr_spmv_cpu.hpp"

namespace spgraph {

namespace detail {

void check_pagerank_arguments(Vertex nrows, Vertex ncols, const PageRankOptions& o) {
  if (nrows != ncols)
    throw DimensionMismatch("pagerank: the matrix must be square, got " + std::to_string(nrows) +
                            " x " + std::to_string(ncols));
  if (!(o.damping >= 0 && o.damping < 1))
    throw InvalidArgument("pagerank: damping must lie in [0, 1), got " + std::to_string(o.damping));
  if (!(o.tolerance >= 0))
    throw InvalidArgument("pagerank: tolerance must be >= 0, got " + std::to_string(o.tolerance));
  if (o.max_iterations < 1)
    throw InvalidArgument("pagerank: max_iterations must be >= 1, got " +
                          std::to_string(o.max_iterations));
  for (Vertex v : o.personalize)
    if (v >= nrows)
      throw IndexOutOfBounds("pagerank: personalization vertex " + std::to_string(v) +
                             " is not a vertex (n = " + std::to_string(nrows) + ")");
  if (o.weighted && o.spmv == SpmvFormat::Csr5)
    throw InvalidArgument("pagerank: weighted PageRank runs on CSR, not CSR5");
  if (o.weighted && o.sweep == PageRankSweep::GaussSeidel)
    throw InvalidArgument("pagerank: weighted PageRank runs the Jacobi sweep, not Gauss-Seidel");
}

namespace {

/// The personalization weights: one finite value >= 0 per vertex, not all 0, no vertex twice.
void check_personalize_weights(Vertex n, const PageRankOptions& o) {
  if (o.personalize_weights.empty()) return;
  if (o.personalize_weights.size() != o.personalize.size())
    throw InvalidArgument("pagerank: " + std::to_string(o.personalize_weights.size()) +
                          " personalization weights for " + std::to_string(o.personalize.size()) +
                          " vertices");
  std::vector<std::uint8_t> seen(n, 0);
  double total = 0;
  for (std::size_t k = 0; k < o.personalize.size(); ++k) {
    const double w = o.personalize_weights[k];
    if (!std::isfinite(w) || w < 0)
      throw InvalidArgument("pagerank: the personalization weight of vertex " +
                            std::to_string(o.personalize[k]) + " is " + std::to_string(w) +
                            "; weights must be finite and >= 0");
    if (seen[o.personalize[k]]++)
      throw InvalidArgument("pagerank: personalization vertex " + std::to_string(o.personalize[k]) +
                            " is given a weight twice");
    total += w;
  }
  if (!(total > 0)) throw InvalidArgument("pagerank: the personalization weights are all 0");
}

}  // namespace

Teleport make_teleport(Vertex n, const PageRankOptions& o) {
  check_personalize_weights(n, o);
  Teleport tp;
  if (n == 0) return tp;
  tp.uniform = 1.0 / double(n);
  if (o.personalize.empty()) return tp;
  tp.tele.assign(n, 0.0);
  tp.uniform = 0;
  if (!o.personalize_weights.empty()) {
    double total = 0;
    for (double w : o.personalize_weights) total += w;
    for (std::size_t k = 0; k < o.personalize.size(); ++k)
      tp.tele[o.personalize[k]] = o.personalize_weights[k] / total;
    return tp;
  }
  std::vector<std::uint8_t> in_set(n, 0);
  Vertex distinct = 0;
  for (Vertex v : o.personalize)
    if (!in_set[v]) {
      in_set[v] = 1;
      ++distinct;
    }
  const double share = 1.0 / double(distinct);
  for (Vertex v = 0; v < n; ++v)
    if (in_set[v]) tp.tele[v] = share;
  return tp;
}

}  // namespace detail

namespace {

/// y = A' plus.second w for one step: y[v] = Σ_{u -> v} w[u].
template <class S>
using PullStep = std::function<void(const S* w, S* y)>;

/// The power iteration around a separate SpMV (CSR5, Dynamic CSR). inv_out[u] = 1 / outdeg(u),
/// or 0 for a sink.
template <class S>
PageRankResult pagerank_power(Vertex n, const std::vector<double>& inv_out, const PullStep<S>& pull,
                              const detail::Teleport& tp, const PageRankOptions& o) {
  PageRankResult res;
  if (n == 0) {
    res.converged = true;
    return res;
  }
  const double d = o.damping;
  const bool standard = o.variant == PageRankVariant::Standard;
  const bool personal = !tp.tele.empty();
  std::vector<S> r(n), w(n), y(n);
  double dangling = 0;
  const std::int64_t sn = std::int64_t(n);
  const bool par = n >= 32768;
#pragma omp parallel for schedule(static) reduction(+ : dangling) if (par)
  for (std::int64_t v = 0; v < sn; ++v) {
    const double r0 = personal ? tp.tele[v] : tp.uniform;
    r[v] = S(r0);
    w[v] = S(r0 * inv_out[v]);
    if (inv_out[v] == 0) dangling += r0;
  }
  for (int it = 1; it <= o.max_iterations; ++it) {
    pull(w.data(), y.data());
    // The teleport weight of this step: (1 - d), plus d · dangling for Standard.
    const double tw = (1 - d) + (standard ? d * dangling : 0.0);
    const double base = tw * tp.uniform;
    double delta = 0, next_dangling = 0;
#pragma omp parallel for schedule(static) reduction(+ : delta, next_dangling) if (par)
    for (std::int64_t v = 0; v < sn; ++v) {
      const S nr = S((personal ? tw * tp.tele[v] : base) + d * double(y[v]));
      delta += std::fabs(double(nr) - double(r[v]));
      r[v] = nr;
      w[v] = S(double(nr) * inv_out[v]);
      if (inv_out[v] == 0) next_dangling += double(nr);
    }
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

/// 1 / outdeg from CSR-style row pointers (0 for sinks).
std::vector<double> inverse_out_degrees(Vertex n, const std::function<Offset(Vertex)>& degree) {
  std::vector<double> inv(n);
#pragma omp parallel for schedule(static) if (n >= 32768)
  for (std::int64_t v = 0; v < std::int64_t(n); ++v) {
    const Offset k = degree(Vertex(v));
    inv[v] = k ? 1.0 / double(k) : 0.0;
  }
  return inv;
}

/// The CSR5 path at score type S: the CSR5 SpMV of op(A), then the update pass.
template <class S, class T>
PageRankResult pagerank_csr5(const Matrix<T>& a, bool transpose, const detail::Teleport& tp,
                             const PageRankOptions& o) {
  const Offset* rp = a.csr().row_ptr.data();
  const std::vector<double> inv =
      inverse_out_degrees(a.nrows(), [rp](Vertex v) { return rp[v + 1] - rp[v]; });
  const PullStep<S> pull = [&](const S* w, S* y) {
    spmv_dense<PlusSecond<S>>(a, transpose, w, y, SpmvFormat::Csr5);
  };
  return pagerank_power<S>(a.nrows(), inv, pull, tp, o);
}

}  // namespace

template <class T>
PageRankResult pagerank(const Matrix<T>& a, const PageRankOptions& options) {
  detail::check_pagerank_arguments(a.nrows(), a.ncols(), options);
  const detail::Teleport tp = detail::make_teleport(a.nrows(), options);
  const bool single = options.precision == PageRankPrecision::Float;
  // On a symmetric A the transpose is A itself: read A, build nothing.
  const bool transpose = !options.undirected;
  if (options.weighted) {
    // Always A': an undirected load stores both arcs of an edge given both ways, each with its
    // own weight, so A is symmetric in structure but not always in values; the in-arc u -> v
    // must carry A(u, v), which only the transpose holds in row v.
    const detail::WeightedTeleport wt{tp.tele, tp.uniform};
    return single
               ? detail::pagerank_weighted_power(detail::weighted_pull<float>(a, true), wt, options)
               : detail::pagerank_weighted_power(detail::weighted_pull<double>(a, true), wt,
                                                 options);
  }
  if (options.spmv == SpmvFormat::Csr5) {
    if (options.sweep == PageRankSweep::GaussSeidel)
      throw InvalidArgument("pagerank: the Gauss-Seidel sweep runs on CSR, not CSR5");
    return single ? pagerank_csr5<float>(a, transpose, tp, options)
                  : pagerank_csr5<double>(a, transpose, tp, options);
  }
  const Csr<T>& in = transpose ? a.transposed() : a.csr();
  const detail::PullGraph g{a.nrows(), in.row_ptr.data(), in.col.data(), a.csr().row_ptr.data()};
  return single ? detail::pagerank_fused_csr<float>(g, tp, options)
                : detail::pagerank_fused_csr<double>(g, tp, options);
}

template <class T>
PageRankResult pagerank(const GraphSnapshot<T>& g, const PageRankOptions& options) {
  // Directed, Gauss-Seidel (a CSR kernel) or weighted: the snapshot's cached Matrix.
  if (g.directed() || options.sweep == PageRankSweep::GaussSeidel || options.weighted)
    return pagerank(g.matrix(), options);
  // Undirected: the rows are also the in-arcs, so the DCSR SpMV pulls over them directly.
  const DcsrView<T>& view = g.view();
  detail::check_pagerank_arguments(view.nrows(), view.ncols(), options);
  const std::vector<double> inv =
      inverse_out_degrees(view.nrows(), [&view](Vertex v) { return view.degree(v); });
  const detail::Teleport tp = detail::make_teleport(view.nrows(), options);
  if (options.precision == PageRankPrecision::Float) {
    const PullStep<float> pull = [&](const float* w, float* y) {
      dcsr_spmv_dense<PlusSecond<float>>(view, w, y);
    };
    return pagerank_power<float>(view.nrows(), inv, pull, tp, options);
  }
  const PullStep<double> pull = [&](const double* w, double* y) {
    dcsr_spmv_dense<PlusSecond<double>>(view, w, y);
  };
  return pagerank_power<double>(view.nrows(), inv, pull, tp, options);
}

#define SPGRAPH_INSTANTIATE_PAGERANK(T)                                          \
  template PageRankResult pagerank<T>(const Matrix<T>&, const PageRankOptions&); \
  template PageRankResult pagerank<T>(const GraphSnapshot<T>&, const PageRankOptions&);
SPGRAPH_INSTANTIATE_PAGERANK(bool)
SPGRAPH_INSTANTIATE_PAGERANK(std::int32_t)
SPGRAPH_INSTANTIATE_PAGERANK(std::int64_t)
SPGRAPH_INSTANTIATE_PAGERANK(float)
SPGRAPH_INSTANTIATE_PAGERANK(double)
#undef SPGRAPH_INSTANTIATE_PAGERANK

}  // namespace spgraph
