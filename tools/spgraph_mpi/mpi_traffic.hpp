// SPDX-License-Identifier: Apache-2.0
// Counters of the MPI traffic a run makes, for checking docs/scale-out.md's cost model: the
// collectives and point-to-point calls CombBLAS and the loader use are wrapped through the MPI
// profiling interface (each MPI_X here counts, then calls PMPI_X), so CombBLAS's own calls are
// counted unchanged. A call's bytes are what this rank sends to other ranks, logically: an
// all-to-all's blocks for other ranks, an allgather's block times (P - 1), a broadcast root's
// buffer times (P - 1), a reduction's buffer. Counts go to the current phase: "load" (reading and
// redistributing the file), "prepare" (the matrices a job builds), "run" (the timed job).
#pragma once

#include "tools/spgraph_mpi/mpi_context.hpp"

namespace spgraph::mpi {

/// Counts what follows under `name` (the run starts in "load").
void traffic_phase(const char* name);

/// Prints each rank's counters to stderr, one line per rank, phase and operation:
/// "traffic: rank R phase P op OP calls C bytes B", after each rank's "memory: rank R peak
/// resident B bytes" (gathered to world rank 0, in rank order).
void print_traffic(const MpiContext& ctx);

}  // namespace spgraph::mpi
