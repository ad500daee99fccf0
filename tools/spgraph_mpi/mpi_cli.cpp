// SPDX-License-Identifier: Apache-2.0
// Implementation of the shared subcommand pieces (mpi_cli.hpp).
#include "tools/spgraph_mpi/mpi_cli.hpp"

#include <cstdio>

#include "tools/spgraph_mpi/mpi_traffic.hpp"

namespace spgraph::mpi {

MpiContext& context() {
  static MpiContext ctx;
  return ctx;
}

DistributedGraph load_for_mpi(const std::string& file, const cli::LoadFlags& f,
                              const cli::GlobalOptions& g, bool with_values,
                              const std::string& out) {
  LoadOptions o;
  agree(context(), [&] {
    if (!out.empty() && context().rank == 0) cli::check_output_path(out, {file});
    cli::apply_global_flags(g);
    o = cli::load_options_for(f, g, !with_values);
  });
  DistributedGraph graph = load_distributed(context(), file, o, with_values);
  const LoadInfo& info = graph.info;
  if (context().root() && !g.quiet && graph.n &&
      double(info.phantom_vertices) > cli::kPhantomWarnFraction * double(graph.n))
    std::fprintf(stderr,
                 "spgraph-mpi: warning: %s: %llu of %llu vertices (%.1f%%) are ids that appear on "
                 "no line (sparse ids); use --remap-ids to number only the ids that appear\n",
                 cli::printable(file).c_str(), (unsigned long long)info.phantom_vertices,
                 (unsigned long long)graph.n,
                 100.0 * double(info.phantom_vertices) / double(graph.n));
  traffic_phase("prepare");
  return graph;
}

void add_grid_fields(cli::Report& r) {
  const MpiContext& ctx = context();
  const int idle = ctx.world_size - ctx.size;
  r.add("ranks", cli::report::count(ctx.world_size));
  r.add("grid", cli::report::str(std::to_string(ctx.q) + " x " + std::to_string(ctx.q)));
  r.add("idle_ranks", cli::report::count(idle));
  r.add("idle",
        cli::report::text(
            idle ? ", " + std::to_string(idle) +
                       " idle: CombBLAS's grid is square, so P = 1, 4, 9, 16, ... ranks work"
                 : ""));
}

Vertex resolve_vertex(const DistributedGraph& g, const std::string& name) {
  const MpiContext& ctx = context();
  std::uint32_t v = 0;
  agree(ctx, [&] {
    if (ctx.rank == 0) v = cli::IdSpace(g.info).to_internal(name, g.n);
  });
  MPI_Bcast(&v, 1, MPI_UINT32_T, 0, ctx.comm);
  return Vertex(v);
}

}  // namespace spgraph::mpi
