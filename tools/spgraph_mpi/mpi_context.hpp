// SPDX-License-Identifier: Apache-2.0
// The ranks spgraph-mpi runs on: MPI_COMM_WORLD, the largest square q x q of its ranks that
// form CombBLAS's 2-D process grid (CombBLAS's SpMV and SpGEMM need pr = pc; Buluç and Gilbert,
// "The Combinatorial BLAS", IJHPCA 2011, section 4), and the agreement step that turns an error
// on any rank into the same failure on every rank: the lowest failing rank's message (for a
// parse error, the earliest in the file), printed once, and a non-zero exit everywhere.
#pragma once

#include <mpi.h>

#include <functional>
#include <memory>
#include <string>

#include "engine/core/error.hpp"

namespace combblas {
class CommGrid;
}

namespace spgraph::mpi {

struct MpiContext {
  int world_rank = 0, world_size = 1;
  MPI_Comm comm = MPI_COMM_NULL;  ///< the grid's ranks; MPI_COMM_NULL on an idle rank
  int rank = 0, size = 1;         ///< within comm
  int q = 1;                      ///< the grid is q x q
  std::shared_ptr<combblas::CommGrid> grid;
  bool active() const { return comm != MPI_COMM_NULL; }
  bool root() const { return active() && rank == 0; }
};

/// Splits MPI_COMM_WORLD: ranks 0..q^2-1 (q = floor(sqrt(P))) form the grid, the others idle.
MpiContext make_context();
/// Frees the grid communicator.
void release_context(MpiContext& ctx);

/// The failure every rank throws after an agreement found an error on some rank. Only the rank
/// that saw it holds its message (`reporter` true there).
class DistributedFailure : public Error {
 public:
  DistributedFailure(std::string what, bool reporter, int code)
      : Error(std::move(what)), reporter_(reporter), code_(code) {}
  bool reporter() const { return reporter_; }
  int code() const { return code_; }

 private:
  bool reporter_;
  int code_;
};

/// Runs `step` on this rank, then agrees with every rank of ctx.comm: if any rank threw, every
/// rank throws DistributedFailure, the lowest failing rank's carrying its message. `step` must
/// not call collectives that a failing rank would skip.
void agree(const MpiContext& ctx, const std::function<void()>& step);

}  // namespace spgraph::mpi
