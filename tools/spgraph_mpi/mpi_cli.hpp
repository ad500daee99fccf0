// SPDX-License-Identifier: Apache-2.0
// What the spgraph-mpi subcommands share: their flags (spgraph's own: tools/spgraph/
// cli_common.hpp), loading across the grid, the report fields that say how many ranks ran and
// in which grid, and the rank-0-only printing of answers.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "tools/cli/cli_common.hpp"
#include "tools/cli/report.hpp"
#include "tools/spgraph_mpi/distributed_load.hpp"

namespace spgraph::mpi {

/// The context every subcommand runs in (set by main before parsing).
MpiContext& context();

/// Loads `file` as spgraph's commands do, on every rank; errors are agreed. A non-empty `out`
/// (the command's output file) is checked first, as spgraph checks it before loading. The MPI
/// counters move to the "prepare" phase once the graph is loaded.
DistributedGraph load_for_mpi(const std::string& file, const cli::LoadFlags& f,
                              const cli::GlobalOptions& g, bool with_values,
                              const std::string& out = "");

/// Adds "ranks", "grid" and "idle_ranks" to a report (the first lines of the text layout).
void add_grid_fields(cli::Report& r);
/// The text those fields print: "ranks: P (grid q x q[, K idle])\n".
inline constexpr const char* kGridLayout = "ranks: {ranks} (grid {grid}{idle})\n";

/// The dense id of a vertex named on the command line, resolved on rank 0 (which holds the
/// names) and broadcast; errors are agreed.
Vertex resolve_vertex(const DistributedGraph& g, const std::string& name);

/// Registers the subcommands.
void register_bfs(CLI::App& app);
void register_tc(CLI::App& app);
void register_closure(CLI::App& app);
void register_pagerank(CLI::App& app);
void register_cc(CLI::App& app);
void register_spmv(CLI::App& app);

}  // namespace spgraph::mpi
