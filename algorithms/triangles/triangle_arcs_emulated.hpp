// SPDX-License-Identifier: Apache-2.0
// Host emulation of the device triangle count's arc step (triangle_arcs_cuda.cu): every arc's
// thread run in turn on the lanes of triangle_arcs_lanes.hpp, the atomic additions plain. The
// CPU tests run it, through the same front end as the device (triangle_count_by_arcs), against
// the CPU triangle count. A test model: serial, not a kernel to call.
#pragma once

#include "algorithms/triangles/triangle_arcs_cuda.hpp"
#include "algorithms/triangles/triangle_arcs_lanes.hpp"

namespace spgraph {

inline ArcTriangleCounts triangle_arcs_emulated(const Csr<bool>& u, bool per_vertex) {
  ArcTriangleCounts r;
  if (per_vertex) r.per_vertex.assign(u.nrows, 0);
  const TriangleArcsView g{u.nrows, u.nnz(), u.row_ptr.data(), u.col.data()};
  for (Offset e = 0; e < g.arcs; ++e) {
    const std::uint64_t found = triangle_arc_count(g, e, [&](Vertex w) {
      if (per_vertex) ++r.per_vertex[w];
    });
    r.triangles += found;
    if (per_vertex && found > 0) {
      r.per_vertex[triangle_arc_source(g, e)] += found;
      r.per_vertex[u.col[e]] += found;
    }
  }
  return r;
}

}  // namespace spgraph
