// SPDX-License-Identifier: Apache-2.0
// Triangle counting on the CUDA backend: the CPU front end of triangle_count.hpp (shape check,
// A ∪ A' for a directed input, the degree orientation U of degree_orientation.hpp) and the
// device's arc step (triangle_arcs_cuda.hpp: one thread per arc of U, a merge of two sorted
// rows; triangle_arcs_lanes.hpp says why per-arc intersection rather than the masked product),
// then the clustering coefficients on the CPU. Per-vertex counts and clustering as the CPU
// count gives them. A plain header: the CLI calls it in every build; without the CUDA backend
// (or a device) it raises BackendUnavailable naming why.
//
// STATUS: compiled, never run on a device; the front end and the arc step's lanes have run on
// the CPU through the host emulation (tests/unit/algorithms/triangles/triangle_arcs_test.cpp).
#pragma once

#include <algorithm>
#include <utility>

#include "algorithms/triangles/degree_orientation.hpp"
#include "algorithms/triangles/triangle_arcs_cuda.hpp"
#include "algorithms/triangles/triangle_count.hpp"

namespace spgraph {

/// The triangles of the graph of `a` on the device (options as triangle_count; the method is
/// reported as Merge). Throws BackendUnavailable without the CUDA backend or a device.
TriangleResult triangle_count_cuda(const Matrix<bool>& a, const TriangleOptions& options = {});

/// The front end with the arc step `step(U, per_vertex) -> ArcTriangleCounts` (the device's, or
/// the host emulation in tests).
template <class ArcStep>
TriangleResult triangle_count_by_arcs(const Matrix<bool>& a, const TriangleOptions& o,
                                      ArcStep&& step) {
  detail::check_square("triangle_count", a);
  TriangleResult r;
  r.method = TriangleMethod::Merge;
  Matrix<bool> symmetric;
  const Csr<bool>* s = &a.csr();
  if (!o.undirected && !a.structure_symmetric()) {
    symmetric = detail::symmetric_pattern(a);
    s = &symmetric.csr();
    r.symmetrized = true;
  }
  const AdjacencyView g = adjacency_of(*s);
  const detail::Oriented u = detail::orient_by_degree(g);
  r.self_loops = u.self_loops;
  ArcTriangleCounts c = step(u.u, o.per_vertex);
  r.triangles = c.triangles;
  if (!o.per_vertex) return r;
  r.per_vertex = std::move(c.per_vertex);
  r.clustering.assign(g.n, 0.0);
  for (Vertex v = 0; v < g.n; ++v) {  // as triangle_count.cpp: self-loops not neighbours
    const Vertex* b = g.col + g.row_ptr[v];
    const Vertex* e = g.col + g.row_ptr[v + 1];
    const double d = double(e - b) - double(std::binary_search(b, e, v));
    if (d >= 2) r.clustering[v] = 2.0 * double(r.per_vertex[v]) / (d * (d - 1));
  }
  return r;
}

}  // namespace spgraph
