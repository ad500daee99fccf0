// GraphBLAS peer for `spgraph compare tc` (see graphblas_peer.hpp): LAGraph's LAGr_TriangleCount
// (LAGraph 1.0, T. Davis) with method SandiaDot and presort AutoSort, written afresh from its
// description:
//   1. AutoSort: when n > 1000 and nvals/n >= 10, sample 1000 row degrees; if the mean exceeds
//      4 x the median, permute A by ascending degree (T = A(P,P) with GrB_extract);
//   2. L = tril(A,-1) and U = triu(A,1) with GrB_select;
//   3. C<L> = L * U' over GxB_PLUS_PAIR_INT64 with a structural mask (GrB_DESC_ST1: the
//      masked dot-product method), then ntri = sum(C).
// The row degrees are a cached property, computed before timing as LAGraph caches them.
#include <algorithm>
#include <numeric>
#include <random>

#include "tools/compare/peers/graphblas_internal.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::peers {

using detail::check;
using detail::GrbOwner;

struct GraphBlasTriangleGraph::Impl {
  GrB_Matrix a = nullptr;
  GrB_Vector degree = nullptr;
  GrB_Index n = 0, nvals = 0;
  ~Impl() {
    if (a) GrB_Matrix_free(&a);
    if (degree) GrB_Vector_free(&degree);
  }
};

GraphBlasTriangleGraph::GraphBlasTriangleGraph(const Csr<bool>& csr)
    : impl_(std::make_unique<Impl>()) {
  Impl& g = *impl_;
  const auto t0 = std::chrono::steady_clock::now();
  g.a = detail::grb_matrix_from_csr(csr);
  g.n = csr.nrows;
  g.nvals = csr.nnz();
  GrbOwner<GrB_Vector> ones;
  check(GrB_Vector_new(&ones.obj, GrB_INT64, g.n), "GrB_Vector_new");
  check(GrB_Vector_assign_INT64(ones.obj, nullptr, nullptr, 1, GrB_ALL, g.n, nullptr), "ones");
  check(GrB_Vector_new(&g.degree, GrB_INT64, g.n), "GrB_Vector_new(degree)");
  check(GrB_mxv(g.degree, nullptr, nullptr, GxB_PLUS_PAIR_INT64, g.a, ones.obj, nullptr), "degree");
  check(GrB_Vector_wait(g.degree, GrB_MATERIALIZE), "GrB_wait(degree)");
  build_seconds_ = detail::seconds_since(t0);
}

GraphBlasTriangleGraph::~GraphBlasTriangleGraph() = default;

std::size_t GraphBlasTriangleGraph::memory_bytes() const {
  std::size_t a = 0, d = 0;
  check(GxB_Matrix_memoryUsage(&a, impl_->a), "memoryUsage");
  check(GxB_Vector_memoryUsage(&d, impl_->degree), "memoryUsage");
  return a + d;
}

GraphBlasTriangleResult graphblas_triangle_count(const GraphBlasTriangleGraph& graph) {
  const GraphBlasTriangleGraph::Impl& g = graph.impl();
  const GrB_Index n = g.n;
  GraphBlasTriangleResult r;
  const auto t0 = std::chrono::steady_clock::now();
  // 1. AutoSort.
  GrB_Matrix a = g.a;
  GrbOwner<GrB_Matrix> permuted, l, u, c;
  constexpr GrB_Index kSamples = 1000;
  if (n > kSamples && double(g.nvals) / double(n) >= 10) {
    std::vector<GrB_Index> idx(n);
    std::vector<std::int64_t> deg(n, 0);
    GrB_Index nv = n;
    check(GrB_Vector_extractTuples_INT64(idx.data(), deg.data(), &nv, g.degree), "degrees");
    std::vector<std::int64_t> dense(n, 0);
    for (GrB_Index k = 0; k < nv; ++k) dense[idx[k]] = deg[k];
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
      check(GrB_Matrix_new(&permuted.obj, GrB_BOOL, n, n), "GrB_Matrix_new(T)");
      check(GrB_Matrix_extract(permuted.obj, nullptr, nullptr, g.a, p.data(), n, p.data(), n,
                               nullptr),
            "GrB_extract");
      a = permuted.obj;
      r.presorted = true;
    }
  }
  // 2. L and U.
  check(GrB_Matrix_new(&l.obj, GrB_BOOL, n, n), "GrB_Matrix_new(L)");
  check(GrB_Matrix_select_INT64(l.obj, nullptr, nullptr, GrB_TRIL, a, -1, nullptr), "tril");
  check(GrB_Matrix_new(&u.obj, GrB_BOOL, n, n), "GrB_Matrix_new(U)");
  check(GrB_Matrix_select_INT64(u.obj, nullptr, nullptr, GrB_TRIU, a, 1, nullptr), "triu");
  // 3. C<L> = L * U' (masked dot products), ntri = sum(C).
  check(GrB_Matrix_new(&c.obj, GrB_INT64, n, n), "GrB_Matrix_new(C)");
  check(GrB_mxm(c.obj, l.obj, nullptr, GxB_PLUS_PAIR_INT64, l.obj, u.obj, GrB_DESC_ST1), "GrB_mxm");
  std::int64_t ntri = 0;
  check(GrB_Matrix_reduce_INT64(&ntri, nullptr, GrB_PLUS_MONOID_INT64, c.obj, nullptr),
        "GrB_reduce");
  r.seconds = detail::seconds_since(t0);
  r.triangles = std::uint64_t(ntri);
  return r;
}

}  // namespace spgraph::peers
