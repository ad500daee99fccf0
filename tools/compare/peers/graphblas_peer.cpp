// GraphBLAS peer for `spgraph compare bfs` (see graphblas_peer.hpp).
//
// The BFS follows LAGraph's LG_BreadthFirstSearch_SSGrB (LAGraph 1.0, T. Davis): the frontier q
// holds parent ids; push is q'{!pi} = q'*A and pull is q{!pi} = A'*q, both over
// GxB_ANY_SECONDI_INT32 with a complemented structural mask and replace (GrB_DESC_RSC); q is
// kept sparse for push and bitmap for pull; the switch rule is LAGraph's (alpha = 8 on the
// unexplored edges, beta1 = 8 and beta2 = 512 on the frontier size), with the row degrees
// cached up front as LAGraph caches G->rowdegree. After each level pi{q} = q and v{q} = k.
// Written afresh from that description; no LAGraph code is copied.
#include "tools/compare/peers/graphblas_peer.hpp"

#include <chrono>
#include <mutex>
#include <string>

#include "tools/compare/peers/graphblas_internal.hpp"

namespace spgraph::peers {

using detail::check;
using detail::grb_free;
using detail::GrbOwner;
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

struct GraphBlasGraph::Impl {
  GrB_Index n = 0;
  GrB_Index nvals = 0;
  GrB_Matrix a = nullptr;
  GrB_Matrix at = nullptr;  // equals `a` for an undirected graph
  GrB_Vector degree = nullptr;
  bool undirected = false;
};

GraphBlasGraph::GraphBlasGraph(const Csr<bool>& csr, bool undirected)
    : impl_(std::make_unique<Impl>()) {
  Impl& g = *impl_;
  g.n = csr.nrows;
  g.nvals = csr.nnz();
  g.undirected = undirected;
  auto t0 = std::chrono::steady_clock::now();
  g.a = detail::grb_matrix_from_csr(csr);
  build_seconds_ = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  if (undirected) {
    g.at = g.a;
  } else {
    check(GrB_Matrix_new(&g.at, GrB_BOOL, g.n, g.n), "GrB_Matrix_new(AT)");
    check(GxB_Matrix_Option_set(g.at, GxB_FORMAT, GxB_BY_ROW), "set by-row");
    check(GrB_transpose(g.at, nullptr, nullptr, g.a, nullptr), "GrB_transpose");
    check(GrB_Matrix_wait(g.at, GrB_MATERIALIZE), "GrB_wait(AT)");
  }
  // Row degrees: degree = plus-reduce of A's rows, typecast to int64 (LAGraph's rowdegree).
  {
    GrbOwner<GrB_Vector> ones;
    check(GrB_Vector_new(&ones.obj, GrB_INT64, g.n), "GrB_Vector_new");
    check(GrB_Vector_assign_INT64(ones.obj, nullptr, nullptr, 1, GrB_ALL, g.n, nullptr),
          "assign ones");
    check(GrB_Vector_new(&g.degree, GrB_INT64, g.n), "GrB_Vector_new(degree)");
    check(GrB_mxv(g.degree, nullptr, nullptr, GxB_PLUS_PAIR_INT64, g.a, ones.obj, nullptr),
          "degree mxv");
    check(GrB_Vector_wait(g.degree, GrB_MATERIALIZE), "GrB_wait(degree)");
  }
  properties_seconds_ = seconds_since(t0);
}

GraphBlasGraph::~GraphBlasGraph() {
  Impl& g = *impl_;
  if (g.at && g.at != g.a) grb_free(&g.at);
  if (g.a) grb_free(&g.a);
  if (g.degree) grb_free(&g.degree);
}

GraphBlasBfsResult graphblas_bfs(const GraphBlasGraph& graph, std::uint32_t source, bool levels,
                                 bool parents) {
  // As in LAGraph: the levels are the visited mask when no parents are asked for.
  levels = levels || !parents;
  const GraphBlasGraph::Impl& g = graph.impl();
  const GrB_Index n = g.n;
  const GrB_Index src = source;
  GrbOwner<GrB_Vector> q, pi, v, w;
  GrB_Semiring semiring = parents ? GxB_ANY_SECONDI_INT32 : GxB_ANY_PAIR_BOOL;

  auto t0 = std::chrono::steady_clock::now();
  // 1. Workspace: q (the frontier), pi (parents, also the visited mask), v (levels), w.
  if (parents) {
    check(GrB_Vector_new(&pi.obj, GrB_INT32, n), "new pi");
    check(GxB_Vector_Option_set(pi.obj, GxB_SPARSITY_CONTROL, GxB_BITMAP + GxB_FULL), "pi");
    check(GrB_Vector_setElement_INT32(pi.obj, int32_t(src), src), "pi(src)");
    check(GrB_Vector_new(&q.obj, GrB_INT32, n), "new q");
    check(GrB_Vector_setElement_INT32(q.obj, int32_t(src), src), "q(src)");
  } else {
    check(GrB_Vector_new(&q.obj, GrB_BOOL, n), "new q");
    check(GrB_Vector_setElement_BOOL(q.obj, true, src), "q(src)");
  }
  if (levels) {
    check(GrB_Vector_new(&v.obj, GrB_INT32, n), "new v");
    check(GxB_Vector_Option_set(v.obj, GxB_SPARSITY_CONTROL, GxB_BITMAP + GxB_FULL), "v");
    check(GrB_Vector_setElement_INT32(v.obj, 0, src), "v(src)");
  }
  check(GrB_Vector_new(&w.obj, GrB_INT64, n), "new w");

  // 2. The level loop with LAGraph's push/pull switching.
  GrB_Index nq = 1, last_nq = 0;
  const double alpha = 8.0, beta1 = 8.0, beta2 = 512.0;
  const std::int64_t n_over_beta1 = std::int64_t(double(n) / beta1);
  const std::int64_t n_over_beta2 = std::int64_t(double(n) / beta2);
  bool push_pull = true, do_push = true, any_pull = false;
  std::int64_t edges_unexplored = std::int64_t(g.nvals);
  GrB_Vector mask = parents ? pi.obj : v.obj;
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
          check(GrB_Vector_assign(w.obj, q.obj, nullptr, g.degree, GrB_ALL, n, GrB_DESC_RS),
                "w<q> = degree");
          std::int64_t edges_in_frontier = 0;
          check(GrB_Vector_reduce_INT64(&edges_in_frontier, nullptr, GrB_PLUS_MONOID_INT64, w.obj,
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
    check(GxB_Vector_Option_set(q.obj, GxB_SPARSITY_CONTROL, do_push ? GxB_SPARSE : GxB_BITMAP),
          "q sparsity");
    if (do_push) {
      check(GrB_vxm(q.obj, mask, nullptr, semiring, q.obj, g.a, GrB_DESC_RSC), "push vxm");
    } else {
      check(GrB_mxv(q.obj, mask, nullptr, semiring, g.at, q.obj, GrB_DESC_RSC), "pull mxv");
    }
    last_nq = nq;
    check(GrB_Vector_nvals(&nq, q.obj), "nvals q");
    if (nq == 0) break;
    if (parents)
      check(GrB_Vector_assign(pi.obj, q.obj, nullptr, q.obj, GrB_ALL, n, GrB_DESC_S), "pi{q}=q");
    if (levels)
      check(GrB_Vector_assign_INT32(v.obj, q.obj, nullptr, int32_t(k), GrB_ALL, n, GrB_DESC_S),
            "v{q}=k");
  }
  if (levels) check(GrB_Vector_wait(v.obj, GrB_MATERIALIZE), "wait v");
  if (parents) check(GrB_Vector_wait(pi.obj, GrB_MATERIALIZE), "wait pi");

  GraphBlasBfsResult r;
  r.seconds = seconds_since(t0);
  // 3. Extraction into dense arrays for verification (not timed).
  auto extract = [n](GrB_Vector x, std::vector<std::int64_t>& out) {
    GrB_Index nv = 0;
    check(GrB_Vector_nvals(&nv, x), "nvals");
    std::vector<GrB_Index> idx(nv);
    std::vector<std::int64_t> val(nv);
    check(GrB_Vector_extractTuples_INT64(idx.data(), val.data(), &nv, x), "extractTuples");
    out.assign(n, -1);
    for (GrB_Index k = 0; k < nv; ++k) out[idx[k]] = val[k];
  };
  if (levels) extract(v.obj, r.level);
  if (parents) extract(pi.obj, r.parent);
  return r;
}

}  // namespace spgraph::peers
