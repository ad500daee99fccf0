// SPDX-License-Identifier: Apache-2.0
// The per-thread logic of the device triangle count (algorithms/triangles/triangle_arcs_cuda.cu),
// shared with its host emulation (triangle_arcs_emulated.hpp), which the CPU tests run against
// the CPU triangle count: one thread per arc (u, v) of the degree orientation U, counting
// |U(u) ∩ U(v)| by a merge of the two sorted rows, each common w a triangle u ≺ v ≺ w found
// once (Schank & Wagner, "Finding, counting and listing all triangles in large graphs", WEA
// 2005, the forward algorithm on the degree order; the arc-parallel form is that of Green,
// Yalamanchili & Munguía, "Fast triangle counting on the GPU", IA3 2014).
//
// Why per-arc intersection rather than the masked product Σ(L·L ∘ L) of the hash SpGEMM: on
// the degree orientation every row has at most sqrt(2m) entries, so one thread per arc is
// balanced without binning, needs no table and no workspace, and reads each row it merges
// once; the masked product visits the same |U(v)| entries per arc (its products) but through a
// hash table per row of L·L, which costs shared memory and a probe per product.
#pragma once

#include <cstdint>

#include "engine/core/host_device.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// The oriented graph U as the lanes read it (host or device pointers).
struct TriangleArcsView {
  Vertex n = 0;
  Offset arcs = 0;
  const Offset* row_ptr = nullptr;
  const Vertex* col = nullptr;
};

/// The row holding arc e (the last u with row_ptr[u] <= e; e < arcs).
SPGRAPH_HD inline Vertex triangle_arc_source(const TriangleArcsView& g, Offset e) {
  Vertex lo = 0, hi = g.n;  // row_ptr[lo] <= e < row_ptr[hi]
  while (hi - lo > 1) {
    const Vertex mid = lo + (hi - lo) / 2;
    if (g.row_ptr[mid] <= e)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

/// Thread e's share: the triangles closed by arc e = (u, v), |U(u) ∩ U(v)| by a merge of the
/// sorted rows; corner(w) is called for each common w (per-vertex counts add one to u, v, w).
template <class Corner>
SPGRAPH_HD std::uint64_t triangle_arc_count(const TriangleArcsView& g, Offset e, Corner&& corner) {
  const Vertex u = triangle_arc_source(g, e), v = g.col[e];
  Offset p = g.row_ptr[u], q = g.row_ptr[v];
  const Offset pe = g.row_ptr[u + 1], qe = g.row_ptr[v + 1];
  std::uint64_t found = 0;
  while (p < pe && q < qe) {
    const Vertex a = g.col[p], b = g.col[q];
    if (a == b) {
      corner(a);
      ++found;
    }
    p += a <= b ? 1 : 0;
    q += b <= a ? 1 : 0;
  }
  return found;
}

}  // namespace spgraph
