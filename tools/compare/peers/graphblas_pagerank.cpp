// GraphBLAS peer for `spgraph compare pagerank` (see graphblas_traversals.hpp), following
// LAGraph's LAGr_PageRankGAP (GAP variant) and LAGr_PageRank (standard variant: the rank of the
// sinks is redistributed), LAGraph 1.0, T. Davis and M. Aznaveh, written afresh:
//   d = max(outdeg / damping, 1 / damping)      (scaled once, before the loop; full)
//   r = 1/n
//   repeat: [standard: teleport += damping/n * sum(r(sinks))]
//           t = r;  w = t ./ d;  r = teleport;  r += A' * w  (plus_second);
//           rdiff = sum(|t - r|)
//   until rdiff < tolerance or max_iterations steps.
// Departures, said here once: FP64 instead of LAGraph's FP32, so that both engines' ranks agree
// to rounding; the loop stops when rdiff < tolerance (spgraph's rule; LAGraph's is rdiff <=
// tolerance, which differs only at equality); and a personalized teleport set P (which LAGraph
// lacks) is written in the same style: r0 = b and r = scale * b with b = 1/|P| on P, 0 elsewhere.
// A', A for an undirected graph, and the out-degrees are LAGraph's cached properties G->AT and
// G->out_degree, built with the graph and not timed.
#include <cmath>

#include "tools/compare/peers/graphblas_internal.hpp"
#include "tools/compare/peers/graphblas_traversals.hpp"

namespace spgraph::peers {

using detail::check;
using detail::GrbOwner;

struct GraphBlasPageRankGraph::Impl {
  GrB_Index n = 0;
  GrB_Matrix a = nullptr;
  GrB_Matrix at = nullptr;          // equals `a` for an undirected graph
  GrB_Vector out_degree = nullptr;  // FP64, no entry for a sink
  ~Impl() {
    if (at && at != a) GrB_Matrix_free(&at);
    if (a) GrB_Matrix_free(&a);
    if (out_degree) GrB_Vector_free(&out_degree);
  }
};

GraphBlasPageRankGraph::GraphBlasPageRankGraph(const Csr<bool>& csr, bool undirected)
    : impl_(std::make_unique<Impl>()) {
  Impl& g = *impl_;
  const auto t0 = std::chrono::steady_clock::now();
  g.n = csr.nrows;
  g.a = detail::grb_matrix_from_csr(csr);
  if (undirected) {
    g.at = g.a;
  } else {
    check(GrB_Matrix_new(&g.at, GrB_BOOL, g.n, g.n), "GrB_Matrix_new(AT)");
    check(GxB_Matrix_Option_set(g.at, GxB_FORMAT, GxB_BY_ROW), "set by-row");
    check(GrB_transpose(g.at, nullptr, nullptr, g.a, nullptr), "GrB_transpose");
    check(GrB_Matrix_wait(g.at, GrB_MATERIALIZE), "GrB_wait(AT)");
  }
  // out_degree = A * 1 over plus_pair: rows without entries get none (no explicit zeros).
  GrbOwner<GrB_Vector> ones;
  check(GrB_Vector_new(&ones.obj, GrB_FP64, g.n), "GrB_Vector_new");
  check(GrB_Vector_assign_FP64(ones.obj, nullptr, nullptr, 1.0, GrB_ALL, g.n, nullptr), "ones");
  check(GrB_Vector_new(&g.out_degree, GrB_FP64, g.n), "GrB_Vector_new(out_degree)");
  check(GrB_mxv(g.out_degree, nullptr, nullptr, GxB_PLUS_PAIR_FP64, g.a, ones.obj, nullptr),
        "out_degree");
  check(GrB_Vector_wait(g.out_degree, GrB_MATERIALIZE), "GrB_wait(out_degree)");
  build_seconds_ = detail::seconds_since(t0);
}

GraphBlasPageRankGraph::~GraphBlasPageRankGraph() = default;

std::size_t GraphBlasPageRankGraph::memory_bytes() const {
  std::size_t a = 0, at = 0, d = 0;
  check(GxB_Matrix_memoryUsage(&a, impl_->a), "memoryUsage");
  if (impl_->at != impl_->a) check(GxB_Matrix_memoryUsage(&at, impl_->at), "memoryUsage");
  check(GxB_Vector_memoryUsage(&d, impl_->out_degree), "memoryUsage");
  return a + at + d;
}

GraphBlasPageRankResult graphblas_pagerank(const GraphBlasPageRankGraph& graph,
                                           const GraphBlasPageRankOptions& o) {
  const GraphBlasPageRankGraph::Impl& g = graph.impl();
  const GrB_Index n = g.n;
  GraphBlasPageRankResult res;
  if (n == 0) return res;
  const double damping = o.damping;
  const bool personalized = !o.personalize.empty();
  GrbOwner<GrB_Vector> r, t, w, d, d1, sink, rsink, b;
  const auto t0 = std::chrono::steady_clock::now();

  check(GrB_Vector_new(&t.obj, GrB_FP64, n), "new t");
  check(GrB_Vector_new(&r.obj, GrB_FP64, n), "new r");
  check(GrB_Vector_new(&w.obj, GrB_FP64, n), "new w");
  if (personalized) {
    // b = 1/|P| on P, 0 elsewhere (full), and r = b.
    check(GrB_Vector_new(&b.obj, GrB_FP64, n), "new b");
    check(GrB_Vector_assign_FP64(b.obj, nullptr, nullptr, 0.0, GrB_ALL, n, nullptr), "b = 0");
    std::vector<GrB_Index> p(o.personalize.begin(), o.personalize.end());
    check(GrB_Vector_assign_FP64(b.obj, nullptr, nullptr, 1.0 / double(p.size()), p.data(),
                                 p.size(), nullptr),
          "b(P) = 1/|P|");
    check(GrB_Vector_assign(r.obj, nullptr, nullptr, b.obj, GrB_ALL, n, nullptr), "r = b");
  } else {
    check(GrB_Vector_assign_FP64(r.obj, nullptr, nullptr, 1.0 / double(n), GrB_ALL, n, nullptr),
          "r = 1/n");
  }

  // Sinks (standard variant): sink<!struct(out_degree)> = true.
  GrB_Index with_arcs = 0;
  check(GrB_Vector_nvals(&with_arcs, g.out_degree), "nvals(out_degree)");
  const bool has_sinks = o.standard && with_arcs < n;
  if (has_sinks) {
    check(GrB_Vector_new(&sink.obj, GrB_BOOL, n), "new sink");
    check(GrB_Vector_assign_BOOL(sink.obj, g.out_degree, nullptr, true, GrB_ALL, n, GrB_DESC_SC),
          "sink");
    check(GrB_Vector_new(&rsink.obj, GrB_FP64, n), "new rsink");
  }

  // d = max(out_degree / damping, 1 / damping): scaled once, so each step is one division.
  check(GrB_Vector_new(&d.obj, GrB_FP64, n), "new d");
  check(GrB_Vector_apply_BinaryOp2nd_FP64(d.obj, nullptr, nullptr, GrB_DIV_FP64, g.out_degree,
                                          damping, nullptr),
        "d = out_degree / damping");
  check(GrB_Vector_new(&d1.obj, GrB_FP64, n), "new d1");
  check(GrB_Vector_assign_FP64(d1.obj, nullptr, nullptr, 1.0 / damping, GrB_ALL, n, nullptr), "d1");
  check(GrB_Vector_eWiseAdd_BinaryOp(d.obj, nullptr, nullptr, GrB_MAX_FP64, d1.obj, d.obj, nullptr),
        "d = max(d1, d)");
  GrB_Vector_free(&d1.obj);

  const double base = personalized ? 1.0 - damping : (1.0 - damping) / double(n);
  double rdiff = 0;
  int iters = 0;
  for (; iters < o.max_iterations; ++iters) {
    double teleport = base;
    if (has_sinks) {
      // teleport += damping * sum(r(sinks)) [/ n]: the sinks' rank goes where the surfer jumps.
      check(GrB_Vector_clear(rsink.obj), "clear rsink");
      check(GrB_Vector_assign(rsink.obj, sink.obj, nullptr, r.obj, GrB_ALL, n, GrB_DESC_S),
            "rsink<sink> = r");
      double sum_rsink = 0;
      check(GrB_Vector_reduce_FP64(&sum_rsink, nullptr, GrB_PLUS_MONOID_FP64, rsink.obj, nullptr),
            "sum(rsink)");
      teleport += damping * sum_rsink / (personalized ? 1.0 : double(n));
    }
    std::swap(t.obj, r.obj);  // t is the old rank
    check(
        GrB_Vector_eWiseMult_BinaryOp(w.obj, nullptr, nullptr, GrB_DIV_FP64, t.obj, d.obj, nullptr),
        "w = t ./ d");
    if (personalized)
      check(GrB_Vector_apply_BinaryOp1st_FP64(r.obj, nullptr, nullptr, GrB_TIMES_FP64, teleport,
                                              b.obj, nullptr),
            "r = teleport * b");
    else
      check(GrB_Vector_assign_FP64(r.obj, nullptr, nullptr, teleport, GrB_ALL, n, nullptr),
            "r = teleport");
    check(GrB_mxv(r.obj, nullptr, GrB_PLUS_FP64, GxB_PLUS_SECOND_FP64, g.at, w.obj, nullptr),
          "r += A' * w");
    check(GrB_Vector_assign(t.obj, nullptr, GrB_MINUS_FP64, r.obj, GrB_ALL, n, nullptr), "t -= r");
    check(GrB_Vector_apply(t.obj, nullptr, nullptr, GrB_ABS_FP64, t.obj, nullptr), "t = |t|");
    check(GrB_Vector_reduce_FP64(&rdiff, nullptr, GrB_PLUS_MONOID_FP64, t.obj, nullptr),
          "rdiff = sum(t)");
    if (rdiff < o.tolerance) {
      ++iters;
      break;
    }
  }
  check(GrB_Vector_wait(r.obj, GrB_MATERIALIZE), "wait r");
  res.seconds = detail::seconds_since(t0);
  res.iterations = iters;
  res.delta = rdiff;
  // Extraction into a dense array (not timed).
  GrB_Index nv = 0;
  check(GrB_Vector_nvals(&nv, r.obj), "nvals r");
  std::vector<GrB_Index> idx(nv);
  std::vector<double> val(nv);
  check(GrB_Vector_extractTuples_FP64(idx.data(), val.data(), &nv, r.obj), "extract r");
  res.rank.assign(n, 0.0);
  for (GrB_Index k = 0; k < nv; ++k) res.rank[idx[k]] = val[k];
  return res;
}

}  // namespace spgraph::peers
