// SPDX-License-Identifier: Apache-2.0
// The direction-optimizing switching rule of BFS (Beamer, Asanovic & Patterson, "Direction-
// Optimizing Breadth-First Search", SC 2012, section 4), written once for every BFS kernel: the
// CPU kernel (bfs_kernel.hpp) and the CUDA one (bfs_cuda.cu, through bfs_levels_driver.hpp) take
// the same decisions from the same counts with the same alpha and beta (BfsOptions).
//   push -> pull when m_f > m_u / alpha: m_f (`scout`) is the out-degree sum of the frontier a
//     push level found, m_u (`edges_to_check`) the arcs of the graph less the scouts of every
//     frontier found by push levels so far (the source's edges are never subtracted);
//   pull -> push when n_f < n / beta, n_f (`awake`) the frontier a pull level found, and only
//     while the frontier shrinks (awake < the previous level's).
#pragma once

#include "engine/core/types.hpp"

namespace spgraph {

/// After a push level: switch to pull?
inline bool bfs_should_pull(Offset scout, Offset edges_to_check, Offset alpha) {
  return scout > edges_to_check / alpha;
}

/// After a pull level: switch back to push?
inline bool bfs_should_push(Offset awake, Offset awake_prev, Vertex n, Offset beta) {
  return awake < awake_prev && awake <= Offset(n) / beta;
}

}  // namespace spgraph
