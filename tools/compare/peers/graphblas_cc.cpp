// SPDX-License-Identifier: Apache-2.0
// GraphBLAS peer for `spgraph compare cc` (see graphblas_traversals.hpp), following LAGraph's
// LG_CC_FastSV6 (LAGraph 1.0; Y. Zhang, modified by T. Davis), the SuiteSparse method behind
// LAGr_ConnectedComponents, after Zhang, Azad and Hu, "FastSV: a distributed-memory connected
// component algorithm with fast convergence", SIAM PP 2020. Written afresh from its description:
//   warm-up: parent = min(0:n-1, A min.secondi 1) (each vertex hooks to its smallest neighbour);
//            gp = mngp = parent; Px = parent as an index array
//   fastsv(A): repeat
//       mngp = min(mngp, A min.second gp)                    (min neighbour's grandparent)
//       parent = min(parent, C min.second mngp)  with C(i,j) present iff i = Px[j]
//                 (C packed in O(1) from Cp = 0:n and Px, GxB pack/unpack: the "reduce-assign"
//                  parent[Px[j]] = min(parent[Px[j]], mngp[j]))
//       parent = min(parent, mngp, gp)
//       Px = parent;  gp_new = parent(Px)                    (shortcut: grandparents)
//     until gp_new == gp
// LG_CC_FastSV6's sampling phase (fastsv on the first 4 arcs of each row, then the final phase
// on A without the estimated largest component, arcs into it collapsed to one arc T(i, key)) is
// NOT run: our re-expression of it split a component of a Kronecker scale-20 graph (the arcs
// T(i, key) are one-way, so a component whose root is smaller than key never merges into key's
// side), and a peer must give the right answer. This is FastSV6 without sampling (as FastSV5),
// slower than LAGraph's on graphs of average degree > 8 (bench/RESULTS.md says so).
// Index arrays are 64-bit (GrB_Index) as GxB pack needs; labels are UINT32 unless n > 2^31
// (then UINT64), as LAGraph chooses.
#include <cstdlib>
#include <cstring>

#include "tools/compare/peers/graphblas_internal.hpp"
#include "tools/compare/peers/graphblas_traversals.hpp"

namespace spgraph::peers {

using detail::check;

namespace {

/// malloc'd memory for an array GxB pack takes over (and unpack hands back).
void* checked_malloc(std::size_t bytes) {
  void* p = std::malloc(bytes ? bytes : 1);
  if (!p) throw std::bad_alloc();
  return p;
}

/// The types and operators of one label width.
struct Ops {
  GrB_Type uint_type, int_type;
  GrB_IndexUnaryOp ramp;
  GrB_BinaryOp min, imin, eq;
  GrB_Semiring min_2nd, min_2ndi;
};

/// The workspace of fastsv(), shared by the sampling and the final phase.
struct FastSv {
  GrB_Index n = 0;
  const Ops* ops = nullptr;
  GrbOwner<GrB_Vector> parent, mngp, gp, gp_new, t;
  GrbOwner<GrB_Matrix> c;  // empty between calls; holds Cp, Px while packed
  GrbOwner<GrB_Index*> cp, px;
  GrbOwner<void*> cx;
  GrB_Index cp_size = 0, px_size = 0, cx_size = 0;

  /// Hooking and shortcutting on A until the grandparents stop changing.
  void run(GrB_Matrix a) {
    GrB_Index nn = n;
    for (;;) {
      check(GrB_mxv(mngp, nullptr, ops->min, ops->min_2nd, a, gp, nullptr),
            "mngp = min(mngp, A*gp)");
      // parent = min(parent, C * mngp), C(i,j) present iff i = Px[j], packed in O(1).
      check(GxB_Matrix_pack_CSC(c, cp.address(), px.address(), cx.address(), cp_size, px_size,
                                cx_size, true, false, nullptr),
            "pack C");
      check(GrB_mxv(parent, nullptr, ops->min, ops->min_2nd, c, mngp, nullptr),
            "parent = min(parent, C*mngp)");
      bool iso = false, jumbled = false;
      check(GxB_Matrix_unpack_CSC(c, cp.out(), px.out(), cx.out(), &cp_size, &px_size, &cx_size,
                                  &iso, &jumbled, nullptr),
            "unpack C");
      check(GrB_Vector_eWiseAdd_BinaryOp(parent, nullptr, ops->min, ops->min, mngp, gp, nullptr),
            "parent = min(parent, mngp, gp)");
      // gp_new = parent(parent), with Px the index copy of parent.
      nn = n;
      check(GrB_Vector_extractTuples_UINT64(nullptr, px.get(), &nn, parent), "Px = parent");
      check(GrB_Vector_extract(gp_new, nullptr, nullptr, parent, px.get(), n, nullptr),
            "gp_new = parent(Px)");
      check(GrB_Vector_eWiseMult_BinaryOp(t, nullptr, nullptr, ops->eq, gp_new, gp, nullptr),
            "t = gp_new == gp");
      bool done = false;
      check(GrB_Vector_reduce_BOOL(&done, nullptr, GrB_LAND_MONOID_BOOL, t, nullptr), "all(t)");
      if (done) break;
      std::swap(gp, gp_new);
    }
  }
};

}  // namespace

GraphBlasCcResult graphblas_connected_components(const GraphBlasGraph& graph) {
  const GraphBlasGraph::Impl& g = graph.impl();
  g.require_undirected("graphblas_connected_components");
  const GrB_Index n = g.n;
  GraphBlasCcResult res;
  if (n == 0) return res;
  GrB_Matrix a = g.a;
  static const Ops ops32{GrB_UINT32,
                         GrB_INT32,
                         GrB_ROWINDEX_INT32,
                         GrB_MIN_UINT32,
                         GrB_MIN_INT32,
                         GrB_EQ_UINT32,
                         GrB_MIN_SECOND_SEMIRING_UINT32,
                         GxB_MIN_SECONDI_INT32};
  static const Ops ops64{GrB_UINT64,
                         GrB_INT64,
                         GrB_ROWINDEX_INT64,
                         GrB_MIN_UINT64,
                         GrB_MIN_INT64,
                         GrB_EQ_UINT64,
                         GrB_MIN_SECOND_SEMIRING_UINT64,
                         GxB_MIN_SECONDI_INT64};
  const Ops& ops = n > GrB_Index(INT32_MAX) ? ops64 : ops32;
  GrB_Index nvals = 0;
  check(GrB_Matrix_nvals(&nvals, a), "nvals(A)");

  FastSv f;
  f.n = n;
  f.ops = &ops;
  GrbOwner<GrB_Vector> y, zeros;
  const auto t0 = std::chrono::steady_clock::now();

  // Cp = 0:n and an empty C; Px of size n; Cx one iso value.
  f.cp_size = (n + 1) * sizeof(GrB_Index);
  f.px_size = n * sizeof(GrB_Index);
  f.cx_size = sizeof(bool);
  f.cp.reset(static_cast<GrB_Index*>(checked_malloc(f.cp_size)));
  f.px.reset(static_cast<GrB_Index*>(checked_malloc(f.px_size)));
  f.cx.reset(checked_malloc(f.cx_size));
  std::memset(f.cx, 0, f.cx_size);
  for (GrB_Index i = 0; i <= n; ++i) f.cp.get()[i] = i;
  check(GrB_Matrix_new(f.c.out(), GrB_BOOL, n, n), "new C");

  // Warm-up: y = min(0:n-1, A min.secondi 0): each vertex's smallest neighbour or itself.
  check(GrB_Vector_new(zeros.out(), ops.int_type, n), "new t");
  check(GrB_Vector_assign_INT64(zeros, nullptr, nullptr, 0, GrB_ALL, n, nullptr), "t = 0");
  check(GrB_Vector_new(y.out(), ops.int_type, n), "new y");
  check(GrB_Vector_assign_INT64(y, nullptr, nullptr, 0, GrB_ALL, n, nullptr), "y = 0");
  check(GrB_Vector_apply_IndexOp_INT64(y, nullptr, nullptr, ops.ramp, y, 0, nullptr), "y = 0:n-1");
  check(GrB_mxv(y, nullptr, ops.imin, ops.min_2ndi, a, zeros, nullptr),
        "y = min(y, A min.secondi t)");
  zeros.reset();
  check(GrB_Vector_new(f.parent.out(), ops.uint_type, n), "new parent");
  check(GrB_Vector_assign(f.parent, nullptr, nullptr, y, GrB_ALL, n, nullptr), "parent = y");
  y.reset();
  GrB_Index nn = n;
  check(GrB_Vector_extractTuples_UINT64(nullptr, f.px.get(), &nn, f.parent), "Px = parent");
  check(GrB_Vector_dup(f.gp.out(), f.parent), "gp = parent");
  check(GrB_Vector_dup(f.mngp.out(), f.parent), "mngp = parent");
  check(GrB_Vector_new(f.gp_new.out(), ops.uint_type, n), "new gp_new");
  check(GrB_Vector_new(f.t.out(), GrB_BOOL, n), "new t");

  if (nvals > 0) f.run(a);
  check(GrB_Vector_wait(f.parent, GrB_MATERIALIZE), "wait parent");
  res.seconds = detail::seconds_since(t0);
  // Extraction (not timed).
  res.component.resize(n);
  nn = n;
  check(GrB_Vector_extractTuples_UINT64(nullptr, res.component.data(), &nn, f.parent),
        "extract parent");
  return res;
}

}  // namespace spgraph::peers
