// SPDX-License-Identifier: Apache-2.0
// GraphBLAS peer for `spgraph compare bfs` (see graphblas_peer.hpp).
//
// The BFS follows LAGraph's LG_BreadthFirstSearch_SSGrB (LAGraph 1.0, T. Davis): the frontier q
// holds parent ids; push is q'{!pi} = q'*A and pull is q{!pi} = A'*q, both over
// GxB_ANY_SECONDI_INT32 with a complemented structural mask and replace (GrB_DESC_RSC); q is
// kept sparse for push and bitmap for pull; the switch rule is LAGraph's (alpha = 8 on the
// unexplored edges, beta1 = 8 and beta2 = 512 on the frontier size), on the graph's cached A'
// and out-degrees (LAGraph's G->AT and G->out_degree). After each level pi{q} = q and v{q} = k.
// Written afresh from that description; no LAGraph code is copied.
#include "tools/compare/peers/graphblas_peer.hpp"

#include <chrono>
#include <mutex>
#include <string>

#include "tools/compare/peers/graphblas_internal.hpp"

namespace spgraph::peers {

using detail::check;
using detail::seconds_since;

std::string graphblas_version() {
  return std::to_string(GxB_IMPLEMENTATION_MAJOR) + "." + std::to_string(GxB_IMPLEMENTATION_MINOR) +
         "." + std::to_string(GxB_IMPLEMENTATION_SUB);
}

void graphblas_init(int threads) {
  static std::once_flag once;
  std::call_once(once, [] {
    check(GrB_init(GrB_NONBLOCKING), "GrB_init");
    std::atexit([] { GrB_finalize(); });
  });
  if (threads > 0) check(GxB_Global_Option_set(GxB_GLOBAL_NTHREADS, threads), "set threads");
}

GraphBlasBfsResult graphblas_bfs(const GraphBlasGraph& graph, std::uint32_t source, bool levels,
                                 bool parents) {
  // As in LAGraph: the levels are the visited mask when no parents are asked for.
  levels = levels || !parents;
  const GraphBlasGraph::Impl& g = graph.impl();
  const GrB_Matrix at = g.cached_at("graphblas_bfs");
  const GrB_Vector degree = g.cached_out_degree("graphblas_bfs");
  const GrB_Index n = g.n;
  const GrB_Index src = source;
  GrbOwner<GrB_Vector> q, pi, v, w;
  GrB_Semiring semiring = parents ? GxB_ANY_SECONDI_INT32 : GxB_ANY_PAIR_BOOL;

  auto t0 = std::chrono::steady_clock::now();
  // 1. Workspace: q (the frontier), pi (parents, also the visited mask), v (levels), w.
  if (parents) {
    check(GrB_Vector_new(pi.out(), GrB_INT32, n), "new pi");
    check(GxB_Vector_Option_set(pi, GxB_SPARSITY_CONTROL, GxB_BITMAP + GxB_FULL), "pi");
    check(GrB_Vector_setElement_INT32(pi, int32_t(src), src), "pi(src)");
    check(GrB_Vector_new(q.out(), GrB_INT32, n), "new q");
    check(GrB_Vector_setElement_INT32(q, int32_t(src), src), "q(src)");
  } else {
    check(GrB_Vector_new(q.out(), GrB_BOOL, n), "new q");
    check(GrB_Vector_setElement_BOOL(q, true, src), "q(src)");
  }
  if (levels) {
    check(GrB_Vector_new(v.out(), GrB_INT32, n), "new v");
    check(GxB_Vector_Option_set(v, GxB_SPARSITY_CONTROL, GxB_BITMAP + GxB_FULL), "v");
    check(GrB_Vector_setElement_INT32(v, 0, src), "v(src)");
  }
  check(GrB_Vector_new(w.out(), GrB_INT64, n), "new w");

  // 2. The level loop with LAGraph's push/pull switching.
  GrB_Index nq = 1, last_nq = 0;
  const double alpha = 8.0, beta1 = 8.0, beta2 = 512.0;
  const std::int64_t n_over_beta1 = std::int64_t(double(n) / beta1);
  const std::int64_t n_over_beta2 = std::int64_t(double(n) / beta2);
  bool push_pull = true, do_push = true, any_pull = false;
  std::int64_t edges_unexplored = std::int64_t(g.nvals);
  GrB_Vector mask = parents ? pi : v;
  for (std::int64_t nvisited = 1, k = 1; nvisited < std::int64_t(n); nvisited += nq, ++k) {
    if (push_pull) {
      if (do_push) {
        const bool growing = nq > last_nq;
        bool to_pull = false;
        if (edges_unexplored < std::int64_t(n)) {
          push_pull = false;
        } else if (any_pull) {
          to_pull = growing && std::int64_t(nq) > n_over_beta1;
        } else {
          check(GrB_Vector_assign(w, q, nullptr, degree, GrB_ALL, n, GrB_DESC_RS), "w<q> = degree");
          std::int64_t edges_in_frontier = 0;
          check(GrB_Vector_reduce_INT64(&edges_in_frontier, nullptr, GrB_PLUS_MONOID_INT64, w,
                                        nullptr),
                "reduce w");
          edges_unexplored -= edges_in_frontier;
          to_pull = growing && double(edges_in_frontier) > double(edges_unexplored) / alpha;
        }
        if (to_pull) do_push = false;
      } else if (nq < last_nq && std::int64_t(nq) <= n_over_beta2) {
        do_push = true;
      }
      any_pull = any_pull || !do_push;
    }
    check(GxB_Vector_Option_set(q, GxB_SPARSITY_CONTROL, do_push ? GxB_SPARSE : GxB_BITMAP),
          "q sparsity");
    if (do_push) {
      check(GrB_vxm(q, mask, nullptr, semiring, q, g.a, GrB_DESC_RSC), "push vxm");
    } else {
      check(GrB_mxv(q, mask, nullptr, semiring, at, q, GrB_DESC_RSC), "pull mxv");
    }
    last_nq = nq;
    check(GrB_Vector_nvals(&nq, q), "nvals q");
    if (nq == 0) break;
    if (parents) check(GrB_Vector_assign(pi, q, nullptr, q, GrB_ALL, n, GrB_DESC_S), "pi{q}=q");
    if (levels)
      check(GrB_Vector_assign_INT32(v, q, nullptr, int32_t(k), GrB_ALL, n, GrB_DESC_S), "v{q}=k");
  }
  if (levels) check(GrB_Vector_wait(v, GrB_MATERIALIZE), "wait v");
  if (parents) check(GrB_Vector_wait(pi, GrB_MATERIALIZE), "wait pi");

  GraphBlasBfsResult r;
  r.seconds = seconds_since(t0);
  // 3. Extraction into dense arrays for verification (not timed).
  if (levels) r.level = detail::dense_vector<std::int64_t>(v, n, -1);
  if (parents) r.parent = detail::dense_vector<std::int64_t>(pi, n, -1);
  return r;
}

}  // namespace spgraph::peers
