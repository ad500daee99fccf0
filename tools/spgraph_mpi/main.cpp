// SPDX-License-Identifier: Apache-2.0
// spgraph-mpi: spgraph's jobs on CombBLAS across MPI ranks, for graphs past one machine. Run:
// `mpirun -np P spgraph-mpi bfs|tc|closure|spmv|pagerank|cc FILE [spgraph's options]`. Every rank
// parses the same command line; rank 0 prints the answers and the report (spgraph's, plus P and the
// grid); an error on any rank is agreed (mpi_context.hpp), printed once, and every rank exits
// non-zero.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "tools/cli/cli_common.hpp"
#include "tools/spgraph_mpi/mpi_cli.hpp"
#include "tools/spgraph_mpi/mpi_traffic.hpp"

namespace {

int run(int argc, char** argv) {
  using namespace spgraph;
  mpi::MpiContext& ctx = mpi::context();
  const bool speaker = ctx.world_rank == 0;
  CLI::App app{
      "spgraph-mpi: spgraph's BFS, triangle count, transitive closure, SpMV, PageRank and "
      "connected components on CombBLAS (MPI).\n"
      "Run it as 'mpirun -np P spgraph-mpi SUBCOMMAND FILE'; P = 1, 4, 9, ... ranks form a "
      "square process grid (other counts leave the ranks past the largest square idle)."};
  app.require_subcommand(1);
  app.option_defaults()->always_capture_default();
  bool traffic = false;
  app.add_flag("--traffic", traffic,
               "Also print each rank's MPI traffic (bytes and calls by operation) to stderr");
  app.footer("Exit codes: 0 success; 1 error (bad input, on any rank); 2 bad command line.");
  mpi::register_bfs(app);
  mpi::register_tc(app);
  mpi::register_closure(app);
  mpi::register_spmv(app);
  mpi::register_pagerank(app);
  mpi::register_cc(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return speaker ? app.exit(e) : 0;
  } catch (const CLI::CallForAllHelp& e) {
    return speaker ? app.exit(e) : 0;
  } catch (const CLI::ParseError& e) {
    if (speaker)
      std::fprintf(stderr, "spgraph-mpi: error: %s (see 'spgraph-mpi --help')\n",
                   cli::printable(e.what()).c_str());
    return cli::kExitUsage;
  } catch (const mpi::DistributedFailure& e) {
    if (e.reporter())
      std::fprintf(stderr, "spgraph-mpi: error: %s\n", cli::printable(e.what()).c_str());
    return e.code();
  } catch (const std::exception& e) {
    // Not agreed: every rank of the grid reached it the same way (a check on the flags).
    if (speaker) std::fprintf(stderr, "spgraph-mpi: error: %s\n", cli::printable(e.what()).c_str());
    return cli::kExitError;
  }
  std::fflush(stdout);
  if (traffic) mpi::print_traffic(ctx);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  spgraph::mpi::MpiContext& ctx = spgraph::mpi::context();
  ctx = spgraph::mpi::make_context();
  int status = run(argc, argv);
  // Every rank, idle ones included, leaves with the worst status any rank had.
  int worst = 0;
  MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  spgraph::mpi::release_context(ctx);
  MPI_Finalize();
  return worst;
}
