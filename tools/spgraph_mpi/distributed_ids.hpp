// SPDX-License-Identifier: Apache-2.0
// --remap-ids across ranks, each of which parsed only its own byte range: each rank's piece was
// numbered densely in the order its ids first appear; here the names are hash-partitioned over
// the ranks, each name's earliest appearance (lowest rank, then lowest local number) wins, and
// the winners are numbered by an exclusive scan in (rank, local number) order. That is the order
// of first appearance in the whole file, so every vertex gets the number the single-node reader
// gives it.
// Cost: two all-to-alls of the names and two of the numbers; rank 0 gathers the n names, which
// the answers are printed with.
#pragma once

#include <memory>

#include "loaders/vertex_ids.hpp"
#include "tools/spgraph_mpi/distributed_load.hpp"

namespace spgraph::mpi {

struct RemappedIds {
  Vertex n = 0;                            ///< distinct ids in the file
  std::shared_ptr<const VertexIds> names;  ///< rank 0: the name of each global number
};

/// Renumbers `arcs` (in the local numbering that `local` names) to the global numbering.
RemappedIds number_ids_globally(const MpiContext& ctx, const VertexIds& local, Arcs& arcs);

}  // namespace spgraph::mpi
