// SPDX-License-Identifier: Apache-2.0
// The self-loop count of simple_graph.hpp: a binary search per row, in parallel.
#include "algorithms/cores/simple_graph.hpp"

#include <omp.h>

#include <algorithm>
#include <cstdint>

namespace spgraph::detail {

Offset count_self_loops(const AdjacencyView& g) {
  Offset loops = 0;
#pragma omp parallel for schedule(static) reduction(+ : loops) if (g.n >= (Vertex(1) << 16))
  for (std::int64_t v = 0; v < std::int64_t(g.n); ++v)
    loops += std::binary_search(g.col + g.row_ptr[v], g.col + g.row_ptr[v + 1], Vertex(v));
  return loops;
}

}  // namespace spgraph::detail
