// SPDX-License-Identifier: Apache-2.0
// The device triangle count's kernel step (triangle_arcs_lanes.hpp, one thread per arc of the
// degree orientation U): the total and, if asked, the triangles through each vertex. A plain
// header (no CUDA include); defined in triangle_arcs_cuda.cu, in spgraph_algorithms_cuda. The
// front end that symmetrizes, orients and derives the clustering is triangle_count_cuda.hpp.
//
// STATUS: compiled, never run (written where no GPU was lent).
#pragma once

#include <cstdint>
#include <vector>

#include "formats/csr/csr.hpp"

namespace spgraph {

/// What the arc step returns.
struct ArcTriangleCounts {
  std::uint64_t triangles = 0;
  std::vector<std::uint64_t> per_vertex;  ///< empty unless asked
};

/// Counts the triangles of the oriented graph `u` (rows sorted) on the device.
ArcTriangleCounts triangle_arcs_cuda(const Csr<bool>& u, bool per_vertex);

}  // namespace spgraph
