// SPDX-License-Identifier: Apache-2.0
// GraphBlasGraph (graphblas_graph.hpp): the graph of the GraphBLAS peers, following LAGraph's
// LAGraph_New (A moved into the graph with its kind) and its cached properties: LAGraph_Cached_AT
// (A' held by row, not computed for an undirected graph), LAGraph_Cached_OutDegree and
// LAGraph_Cached_InDegree (A * 1 and A' * 1 over PLUS_PAIR, INT64; an undirected graph's
// in-degrees are its out-degrees) and LAGraph_Cached_EMin (min-reduce of A). Each cache_* call
// computes its property once and adds its time to properties_seconds(). Written afresh from
// LAGraph's description; no LAGraph code is copied.
#include "tools/compare/peers/graphblas_graph.hpp"

#include <string>

#include "engine/core/error.hpp"
#include "tools/compare/peers/graphblas_internal.hpp"

namespace spgraph::peers {

using detail::check;
using detail::seconds_since;

namespace {

[[noreturn]] void not_cached(const char* who, const char* property, const char* call) {
  throw InvalidArgument(std::string(who) + " needs the graph's " + property +
                        ": call GraphBlasGraph::" + call + "() first");
}

}  // namespace

GrB_Matrix GraphBlasGraph::Impl::cached_at(const char* who) const {
  if (undirected()) return a;
  if (!at) not_cached(who, "transpose A'", "cache_transpose");
  return at;
}

GrB_Vector GraphBlasGraph::Impl::cached_out_degree(const char* who) const {
  if (!out_degree) not_cached(who, "out-degrees", "cache_out_degree");
  return out_degree;
}

GrB_Vector GraphBlasGraph::Impl::cached_in_degree(const char* who) const {
  const GrB_Vector d = undirected() ? out_degree.get() : in_degree.get();
  if (!d) not_cached(who, "in-degrees", "cache_in_degree");
  return d;
}

double GraphBlasGraph::Impl::cached_emin(const char* who) const {
  if (!emin) not_cached(who, "smallest weight", "cache_min_weight");
  return *emin;
}

void GraphBlasGraph::Impl::require_undirected(const char* who) const {
  if (!undirected()) throw InvalidArgument(std::string(who) + " needs an undirected graph");
}

template <class T>
GraphBlasGraph::GraphBlasGraph(const Csr<T>& a, Kind kind) : impl_(std::make_unique<Impl>()) {
  if (a.nrows != a.ncols)
    throw InvalidArgument("GraphBlasGraph: the adjacency matrix must be square, not " +
                          std::to_string(a.nrows) + " x " + std::to_string(a.ncols));
  Impl& g = *impl_;
  g.kind = kind;
  g.n = a.nrows;
  g.nvals = a.nnz();
  const auto t0 = std::chrono::steady_clock::now();
  g.a = detail::grb_matrix_from_csr(a);
  build_seconds_ = seconds_since(t0);
}

GraphBlasGraph GraphBlasGraph::symmetrized(const Csr<bool>& a) {
  GraphBlasGraph graph(a, Kind::Directed);
  Impl& g = *graph.impl_;
  const auto t0 = std::chrono::steady_clock::now();
  GrbOwner<GrB_Matrix> b = detail::new_matrix(GrB_BOOL, g.n, g.n);
  check(GrB_Matrix_eWiseAdd_BinaryOp(b, nullptr, nullptr, GrB_LOR, g.a, g.a, GrB_DESC_T1),
        "B = A | A'");
  g.a = std::move(b);
  check(GrB_Matrix_wait(g.a, GrB_MATERIALIZE), "GrB_wait(B)");
  check(GrB_Matrix_nvals(&g.nvals, g.a), "nvals(B)");
  g.kind = Kind::Undirected;
  graph.build_seconds_ += seconds_since(t0);
  return graph;
}

GraphBlasGraph::GraphBlasGraph(GraphBlasGraph&&) noexcept = default;
GraphBlasGraph& GraphBlasGraph::operator=(GraphBlasGraph&&) noexcept = default;
GraphBlasGraph::~GraphBlasGraph() = default;

GraphBlasGraph::Kind GraphBlasGraph::kind() const {
  return impl_->kind;
}

void GraphBlasGraph::cache_transpose() {
  Impl& g = *impl_;
  if (g.undirected() || g.at) return;
  const auto t0 = std::chrono::steady_clock::now();
  g.at = detail::transposed(g.a);
  properties_seconds_ += seconds_since(t0);
}

void GraphBlasGraph::cache_out_degree() {
  Impl& g = *impl_;
  if (g.out_degree) return;
  const auto t0 = std::chrono::steady_clock::now();
  g.out_degree = detail::degrees(g.a, false);
  properties_seconds_ += seconds_since(t0);
}

void GraphBlasGraph::cache_in_degree() {
  Impl& g = *impl_;
  if (g.undirected()) return cache_out_degree();
  if (g.in_degree) return;
  const auto t0 = std::chrono::steady_clock::now();
  g.in_degree = g.at ? detail::degrees(g.at, false) : detail::degrees(g.a, true);
  properties_seconds_ += seconds_since(t0);
}

void GraphBlasGraph::cache_min_weight() {
  Impl& g = *impl_;
  if (g.emin) return;
  const auto t0 = std::chrono::steady_clock::now();
  double emin = 0;
  if (g.nvals > 0)
    check(GrB_Matrix_reduce_FP64(&emin, nullptr, GrB_MIN_MONOID_FP64, g.a, nullptr), "emin");
  g.emin = emin;
  properties_seconds_ += seconds_since(t0);
}

std::size_t GraphBlasGraph::memory_bytes() const {
  const Impl& g = *impl_;
  return detail::grb_bytes(g.a) + detail::grb_bytes(g.at) + detail::grb_bytes(g.out_degree) +
         detail::grb_bytes(g.in_degree);
}

template GraphBlasGraph::GraphBlasGraph(const Csr<bool>&, Kind);
template GraphBlasGraph::GraphBlasGraph(const Csr<double>&, Kind);

}  // namespace spgraph::peers
