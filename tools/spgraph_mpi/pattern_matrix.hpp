// SPDX-License-Identifier: Apache-2.0
// The pattern matrices PageRank and CC run their dense SpMV on, built from each rank's owned
// arcs without an all-to-all: the transpose of block (i, j) is block (j, i), so Aᵀ and A + Aᵀ
// need one swap with the transpose partner (grid_exchange.hpp); the local block is ordered by
// counting passes (block_keys.hpp) and handed to CombBLAS's SpDCCols as column-sorted tuples.
#pragma once

#include "tools/spgraph_mpi/distributed_matrix.hpp"

namespace spgraph::mpi {

enum class PatternOf {
  Arcs,         ///< A
  Transpose,    ///< Aᵀ
  Symmetrized,  ///< A + Aᵀ, repeats dropped
};

/// The pattern of `what` over this rank's owned arcs (global coordinates, distinct).
DistMatrix<bool> pattern_matrix(const MpiContext& ctx, Vertex n, const Arcs& owned, PatternOf what);

}  // namespace spgraph::mpi
