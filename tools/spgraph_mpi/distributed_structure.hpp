// SPDX-License-Identifier: Apache-2.0
// Structural facts about a distributed graph that the jobs and reports need: whether its
// structure is symmetric (each owner compares its arcs with the mirrors sent to it), the
// transpose's arcs at their owners, and the arcs of the undirected version.
#pragma once

#include "tools/spgraph_mpi/distributed_load.hpp"

namespace spgraph::mpi {

/// The arcs (c, r) for this rank's (r, c), sent to their owners.
Arcs transposed(const MpiContext& ctx, Vertex n, const Arcs& owned);

/// True on every rank when A's structure equals its transpose's.
bool structure_symmetric(const MpiContext& ctx, Vertex n, const Arcs& owned);

/// The strictly lower triangle of A + A^T (each undirected edge once, self-loops dropped), at
/// its owners; `self_loops` gets the number of self-loops over all ranks.
Arcs lower_undirected(const MpiContext& ctx, Vertex n, const Arcs& owned,
                      std::uint64_t& self_loops);

/// Sorts arcs by position, stably, and drops repeats (values: the first copy's, which is the
/// file's first when the arcs arrive in file order). Returns how many were dropped; `repeated`,
/// when given, gets each repeated position (row << 32 | col) once, in increasing order.
std::uint64_t sort_unique(Arcs& a, std::vector<std::uint64_t>* repeated = nullptr);

}  // namespace spgraph::mpi
