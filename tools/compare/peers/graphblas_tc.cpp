// SPDX-License-Identifier: Apache-2.0
// GraphBLAS peer for `spgraph compare tc` (see graphblas_peer.hpp): LAGraph's LAGr_TriangleCount
// (LAGraph 1.0, T. Davis) with method SandiaDot and presort AutoSort, written afresh from its
// description:
//   1. AutoSort: when n > 1000 and nvals/n >= 10, sample 1000 row degrees; if the mean exceeds
//      4 x the median, permute A by ascending degree (T = A(P,P) with GrB_extract);
//   2. L = tril(A,-1) and U = triu(A,1) with GrB_select;
//   3. C<L> = L * U' over GxB_PLUS_PAIR_INT64 with a structural mask (GrB_DESC_ST1: the
//      masked dot-product method), then ntri = sum(C).
// The row degrees are the graph's cached out-degrees (LAGraph's G->out_degree), computed before
// timing as LAGraph caches them.
#include <algorithm>
#include <numeric>
#include <random>

#include "tools/compare/peers/graphblas_internal.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::peers {

using detail::check;

GraphBlasTriangleResult graphblas_triangle_count(const GraphBlasGraph& graph) {
  const GraphBlasGraph::Impl& g = graph.impl();
  g.require_undirected("graphblas_triangle_count");
  const GrB_Vector degree = g.cached_out_degree("graphblas_triangle_count");
  const GrB_Index n = g.n;
  GraphBlasTriangleResult r;
  const auto t0 = std::chrono::steady_clock::now();
  // 1. AutoSort.
  GrB_Matrix a = g.a;
  GrbOwner<GrB_Matrix> permuted, l, u, c;
  constexpr GrB_Index kSamples = 1000;
  if (n > kSamples && double(g.nvals) / double(n) >= 10) {
    const std::vector<std::int64_t> dense = detail::dense_vector<std::int64_t>(degree, n, 0);
    std::mt19937_64 rng(n);
    std::vector<std::int64_t> sample(kSamples);
    for (auto& x : sample) x = dense[rng() % n];
    const double mean = std::accumulate(sample.begin(), sample.end(), 0.0) / double(kSamples);
    std::nth_element(sample.begin(), sample.begin() + kSamples / 2, sample.end());
    const double median = double(sample[kSamples / 2]);
    if (mean > 4 * median) {
      std::vector<GrB_Index> p(n);
      std::iota(p.begin(), p.end(), GrB_Index(0));
      std::stable_sort(p.begin(), p.end(),
                       [&](GrB_Index x, GrB_Index y) { return dense[x] < dense[y]; });
      check(GrB_Matrix_new(permuted.out(), GrB_BOOL, n, n), "GrB_Matrix_new(T)");
      check(GrB_Matrix_extract(permuted, nullptr, nullptr, g.a, p.data(), n, p.data(), n, nullptr),
            "GrB_extract");
      a = permuted;
      r.presorted = true;
    }
  }
  // 2. L and U.
  check(GrB_Matrix_new(l.out(), GrB_BOOL, n, n), "GrB_Matrix_new(L)");
  check(GrB_Matrix_select_INT64(l, nullptr, nullptr, GrB_TRIL, a, -1, nullptr), "tril");
  check(GrB_Matrix_new(u.out(), GrB_BOOL, n, n), "GrB_Matrix_new(U)");
  check(GrB_Matrix_select_INT64(u, nullptr, nullptr, GrB_TRIU, a, 1, nullptr), "triu");
  // 3. C<L> = L * U' (masked dot products), ntri = sum(C).
  check(GrB_Matrix_new(c.out(), GrB_INT64, n, n), "GrB_Matrix_new(C)");
  check(GrB_mxm(c, l, nullptr, GxB_PLUS_PAIR_INT64, l, u, GrB_DESC_ST1), "GrB_mxm");
  std::int64_t ntri = 0;
  check(GrB_Matrix_reduce_INT64(&ntri, nullptr, GrB_PLUS_MONOID_INT64, c, nullptr), "GrB_reduce");
  r.seconds = detail::seconds_since(t0);
  r.triangles = std::uint64_t(ntri);
  return r;
}

}  // namespace spgraph::peers
