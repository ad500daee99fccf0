// SPDX-License-Identifier: Apache-2.0
// The pattern matrices PageRank and CC run their dense SpMV on, built from each rank's owned
// arcs without an all-to-all: the transpose of block (i, j) is block (j, i), so Aᵀ and A + Aᵀ
// need one swap with the transpose partner (grid_exchange.hpp); the local block is ordered by
// counting passes (block_keys.hpp) and written straight into CombBLAS's DCSC arrays; a block
// whose transpose's arcs are at hand sorted by row (the partner's arcs of Aᵀ, a symmetric
// diagonal block) is written in one sequential pass.
#pragma once

#include "tools/spgraph_mpi/distributed_matrix.hpp"

namespace spgraph::mpi {

enum class PatternOf {
  Arcs,         ///< A
  Transpose,    ///< Aᵀ
  Symmetrized,  ///< A + Aᵀ, repeats dropped
};

/// The pattern of `what` over this rank's owned arcs (global coordinates, distinct).
/// `symmetric`: A = Aᵀ is known (a symmetric file, --undirected, or checked), so Aᵀ is A and a
/// diagonal block's DCSC is filled from its rows without a scatter.
DistMatrix<bool> pattern_matrix(const MpiContext& ctx, Vertex n, const Arcs& owned, PatternOf what,
                                bool symmetric = false);

}  // namespace spgraph::mpi
