// SPDX-License-Identifier: Apache-2.0
// Implementation of the rank layout and the error agreement (mpi_context.hpp).
#include "tools/spgraph_mpi/mpi_context.hpp"

#include "tools/spgraph_mpi/combblas.hpp"

#include <cmath>
#include <new>

namespace spgraph::mpi {

MpiContext make_context() {
  MpiContext ctx;
  MPI_Comm_rank(MPI_COMM_WORLD, &ctx.world_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ctx.world_size);
  int q = int(std::sqrt(double(ctx.world_size)));
  while ((q + 1) * (q + 1) <= ctx.world_size) ++q;
  while (q * q > ctx.world_size) --q;
  ctx.q = q;
  const bool in_grid = ctx.world_rank < q * q;
  MPI_Comm_split(MPI_COMM_WORLD, in_grid ? 0 : MPI_UNDEFINED, ctx.world_rank, &ctx.comm);
  if (ctx.active()) {
    MPI_Comm_rank(ctx.comm, &ctx.rank);
    MPI_Comm_size(ctx.comm, &ctx.size);
    ctx.grid = std::make_shared<combblas::CommGrid>(ctx.comm, q, q);
  }
  return ctx;
}

void release_context(MpiContext& ctx) {
  ctx.grid.reset();
  if (ctx.comm != MPI_COMM_NULL) MPI_Comm_free(&ctx.comm);
}

void agree(const MpiContext& ctx, const std::function<void()>& step) {
  std::string message;
  int code = 0;
  try {
    step();
  } catch (const DistributedFailure&) {
    throw;  // already agreed
  } catch (const std::bad_alloc&) {
    message = "ran out of memory on rank " + std::to_string(ctx.rank) +
              ": an allocation failed (use more ranks or a smaller input)";
    code = 1;
  } catch (const std::exception& e) {
    message = e.what();
    code = 1;
  }
  const int mine = code ? ctx.rank : ctx.size;
  int first = ctx.size;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, ctx.comm);
  if (first < ctx.size) throw DistributedFailure(message, first == ctx.rank, 1);
}

}  // namespace spgraph::mpi
