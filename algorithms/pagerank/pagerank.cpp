// SPDX-License-Identifier: Apache-2.0
// PageRank power iteration (pagerank.hpp): argument checks, the teleport vector, and the
// fused update pass around one pull SpMV per step (GAP benchmark spec, Beamer et al. 2015,
// "pr"; Graphalytics spec v1.0 section 2.3.2 for the dangling rank of the Standard variant).
// The SpMV is passed in, so the Matrix (CSR / CSR5 through engine/spmv_dense.hpp) and the
// Dynamic CSR snapshot (formats/dcsr/dcsr_spmv_cpu.hpp) share the loop.
#include "algorithms/pagerank/pagerank.hpp"

#include <omp.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>

#include "engine/core/error.hpp"
#include "engine/spmv_dense.hpp"
#include "formats/dcsr/dcsr_spmv_cpu.hpp"

namespace spgraph {

namespace {

/// y = A' plus.second w for one step: y[v] = Σ_{u -> v} w[u].
using PullStep = std::function<void(const double* w, double* y)>;

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
}

/// The power iteration. inv_out[u] = 1 / outdeg(u), or 0 for a sink.
PageRankResult pagerank_power(Vertex n, const std::vector<double>& inv_out, const PullStep& pull,
                              const PageRankOptions& o) {
  PageRankResult res;
  if (n == 0) {
    res.converged = true;
    return res;
  }
  const double d = o.damping;
  const bool standard = o.variant == PageRankVariant::Standard;
  // Teleport: uniform over all vertices (tele empty) or over the distinct personalize set.
  std::vector<double> tele;
  double uniform = 1.0 / double(n);
  if (!o.personalize.empty()) {
    tele.assign(n, 0.0);
    std::vector<std::uint8_t> in_set(n, 0);
    Vertex distinct = 0;
    for (Vertex v : o.personalize)
      if (!in_set[v]) {
        in_set[v] = 1;
        ++distinct;
      }
    const double share = 1.0 / double(distinct);
    for (Vertex v = 0; v < n; ++v)
      if (in_set[v]) tele[v] = share;
    uniform = 0;
  }
  const bool personal = !tele.empty();
  std::vector<double>& r = res.rank;
  r.resize(n);
  std::vector<double> w(n), y(n);
  double dangling = 0;
  const std::int64_t sn = std::int64_t(n);
  const bool par = n >= 32768;
#pragma omp parallel for schedule(static) reduction(+ : dangling) if (par)
  for (std::int64_t v = 0; v < sn; ++v) {
    const double r0 = personal ? tele[v] : uniform;
    r[v] = r0;
    w[v] = r0 * inv_out[v];
    if (inv_out[v] == 0) dangling += r0;
  }
  for (int it = 1; it <= o.max_iterations; ++it) {
    pull(w.data(), y.data());
    // The teleport weight of this step: (1 - d), plus d · dangling for Standard.
    const double tw = (1 - d) + (standard ? d * dangling : 0.0);
    const double base = tw * uniform;
    double delta = 0, next_dangling = 0;
#pragma omp parallel for schedule(static) reduction(+ : delta, next_dangling) if (par)
    for (std::int64_t v = 0; v < sn; ++v) {
      const double nr = (personal ? tw * tele[v] : base) + d * y[v];
      delta += std::fabs(nr - r[v]);
      r[v] = nr;
      w[v] = nr * inv_out[v];
      if (inv_out[v] == 0) next_dangling += nr;
    }
    dangling = next_dangling;
    res.iterations = it;
    res.delta = delta;
    if (delta < o.tolerance) {
      res.converged = true;
      break;
    }
  }
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

}  // namespace

template <class T>
PageRankResult pagerank(const Matrix<T>& a, const PageRankOptions& options) {
  check_pagerank_arguments(a.nrows(), a.ncols(), options);
  const Offset* rp = a.csr().row_ptr.data();
  const std::vector<double> inv =
      inverse_out_degrees(a.nrows(), [rp](Vertex v) { return rp[v + 1] - rp[v]; });
  // On a symmetric A the transpose is A itself: read A, build nothing.
  const bool transpose = !options.undirected;
  // The CSR / CSR5 rule is O(n): decide once, not on every step.
  const SpmvFormat format = choose_spmv_format(a, transpose, options.spmv).format;
  const PullStep pull = [&](const double* w, double* y) {
    spmv_dense<PlusSecond<double>>(a, transpose, w, y, format);
  };
  return pagerank_power(a.nrows(), inv, pull, options);
}

template <class T>
PageRankResult pagerank(const GraphSnapshot<T>& g, const PageRankOptions& options) {
  if (g.directed()) return pagerank(g.matrix(), options);
  // Undirected: the rows are also the in-arcs, so the DCSR SpMV pulls over them directly.
  const DcsrView<T>& view = g.view();
  check_pagerank_arguments(view.nrows(), view.ncols(), options);
  const std::vector<double> inv =
      inverse_out_degrees(view.nrows(), [&view](Vertex v) { return view.degree(v); });
  const PullStep pull = [&](const double* w, double* y) {
    dcsr_spmv_dense<PlusSecond<double>>(view, w, y);
  };
  return pagerank_power(view.nrows(), inv, pull, options);
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
