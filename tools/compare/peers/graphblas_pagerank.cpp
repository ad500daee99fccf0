// SPDX-License-Identifier: Apache-2.0
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
// G->out_degree (INT64, no entry for a sink), which the caller caches before timing. As in
// LAGr_PageRankGAP, the degrees are read as they are cached: the one GrB_apply that scales them
// by 1/damping casts them to FP64, exactly (they are integers), so no FP64 copy is kept.
#include <cmath>

#include "tools/compare/peers/graphblas_internal.hpp"
#include "tools/compare/peers/graphblas_traversals.hpp"

namespace spgraph::peers {

using detail::check;

GraphBlasPageRankResult graphblas_pagerank(const GraphBlasGraph& graph,
                                           const GraphBlasPageRankOptions& o) {
  const GraphBlasGraph::Impl& g = graph.impl();
  const GrB_Matrix at = g.cached_at("graphblas_pagerank");
  const GrB_Vector out_degree = g.cached_out_degree("graphblas_pagerank");
  const GrB_Index n = g.n;
  GraphBlasPageRankResult res;
  if (n == 0) return res;
  const double damping = o.damping;
  const bool personalized = !o.personalize.empty();
  GrbOwner<GrB_Vector> r, t, w, d, d1, sink, rsink, b;
  const auto t0 = std::chrono::steady_clock::now();

  check(GrB_Vector_new(t.out(), GrB_FP64, n), "new t");
  check(GrB_Vector_new(r.out(), GrB_FP64, n), "new r");
  check(GrB_Vector_new(w.out(), GrB_FP64, n), "new w");
  if (personalized) {
    // b = 1/|P| on P, 0 elsewhere (full), and r = b.
    check(GrB_Vector_new(b.out(), GrB_FP64, n), "new b");
    check(GrB_Vector_assign_FP64(b, nullptr, nullptr, 0.0, GrB_ALL, n, nullptr), "b = 0");
    std::vector<GrB_Index> p(o.personalize.begin(), o.personalize.end());
    check(GrB_Vector_assign_FP64(b, nullptr, nullptr, 1.0 / double(p.size()), p.data(), p.size(),
                                 nullptr),
          "b(P) = 1/|P|");
    check(GrB_Vector_assign(r, nullptr, nullptr, b, GrB_ALL, n, nullptr), "r = b");
  } else {
    check(GrB_Vector_assign_FP64(r, nullptr, nullptr, 1.0 / double(n), GrB_ALL, n, nullptr),
          "r = 1/n");
  }

  // Sinks (standard variant): sink<!struct(out_degree)> = true.
  GrB_Index with_arcs = 0;
  check(GrB_Vector_nvals(&with_arcs, out_degree), "nvals(out_degree)");
  const bool has_sinks = o.standard && with_arcs < n;
  if (has_sinks) {
    check(GrB_Vector_new(sink.out(), GrB_BOOL, n), "new sink");
    check(GrB_Vector_assign_BOOL(sink, out_degree, nullptr, true, GrB_ALL, n, GrB_DESC_SC), "sink");
    check(GrB_Vector_new(rsink.out(), GrB_FP64, n), "new rsink");
  }

  // d = max(out_degree / damping, 1 / damping): scaled once, so each step is one division.
  check(GrB_Vector_new(d.out(), GrB_FP64, n), "new d");
  check(GrB_Vector_apply_BinaryOp2nd_FP64(d, nullptr, nullptr, GrB_DIV_FP64, out_degree, damping,
                                          nullptr),
        "d = out_degree / damping");
  check(GrB_Vector_new(d1.out(), GrB_FP64, n), "new d1");
  check(GrB_Vector_assign_FP64(d1, nullptr, nullptr, 1.0 / damping, GrB_ALL, n, nullptr), "d1");
  check(GrB_Vector_eWiseAdd_BinaryOp(d, nullptr, nullptr, GrB_MAX_FP64, d1, d, nullptr),
        "d = max(d1, d)");
  d1.reset();

  const double base = personalized ? 1.0 - damping : (1.0 - damping) / double(n);
  double rdiff = 0;
  int iters = 0;
  for (; iters < o.max_iterations; ++iters) {
    double teleport = base;
    if (has_sinks) {
      // teleport += damping * sum(r(sinks)) [/ n]: the sinks' rank goes where the surfer jumps.
      check(GrB_Vector_clear(rsink), "clear rsink");
      check(GrB_Vector_assign(rsink, sink, nullptr, r, GrB_ALL, n, GrB_DESC_S), "rsink<sink> = r");
      double sum_rsink = 0;
      check(GrB_Vector_reduce_FP64(&sum_rsink, nullptr, GrB_PLUS_MONOID_FP64, rsink, nullptr),
            "sum(rsink)");
      teleport += damping * sum_rsink / (personalized ? 1.0 : double(n));
    }
    std::swap(t, r);  // t is the old rank
    check(GrB_Vector_eWiseMult_BinaryOp(w, nullptr, nullptr, GrB_DIV_FP64, t, d, nullptr),
          "w = t ./ d");
    if (personalized)
      check(GrB_Vector_apply_BinaryOp1st_FP64(r, nullptr, nullptr, GrB_TIMES_FP64, teleport, b,
                                              nullptr),
            "r = teleport * b");
    else
      check(GrB_Vector_assign_FP64(r, nullptr, nullptr, teleport, GrB_ALL, n, nullptr),
            "r = teleport");
    check(GrB_mxv(r, nullptr, GrB_PLUS_FP64, GxB_PLUS_SECOND_FP64, at, w, nullptr), "r += A' * w");
    check(GrB_Vector_assign(t, nullptr, GrB_MINUS_FP64, r, GrB_ALL, n, nullptr), "t -= r");
    check(GrB_Vector_apply(t, nullptr, nullptr, GrB_ABS_FP64, t, nullptr), "t = |t|");
    check(GrB_Vector_reduce_FP64(&rdiff, nullptr, GrB_PLUS_MONOID_FP64, t, nullptr),
          "rdiff = sum(t)");
    if (rdiff < o.tolerance) {
      ++iters;
      break;
    }
  }
  check(GrB_Vector_wait(r, GrB_MATERIALIZE), "wait r");
  res.seconds = detail::seconds_since(t0);
  res.iterations = iters;
  res.delta = rdiff;
  // Extraction into a dense array (not timed).
  res.rank = detail::dense_vector<double>(r, n, 0.0);
  return res;
}

}  // namespace spgraph::peers
