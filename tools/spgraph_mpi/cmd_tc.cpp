// SPDX-License-Identifier: Apache-2.0
// `spgraph-mpi tc FILE`: triangles of the undirected graph, counted on the 2-D blocks of its
// degree-oriented edges U (oriented_blocks.hpp) by the masked, stage-by-stage intersection of
// blocked_triangles.hpp: count = Σ((U·Uᵀ) ∘ U), the product never formed (Azad, Buluç and
// Gilbert, "Parallel triangle counting and enumeration using matrix algebra", IPDPSW 2015; Wolf
// et al., HPEC 2017, for the oriented form). Memory per rank is bounded by U's blocks: the
// earlier path through CombBLAS's SpGEMM formed L·L whole (every wedge) before the mask. A
// directed graph's triangles are its undirected version's, and self-loops and repeated arcs are
// ignored, as in `spgraph tc`.
#include "tools/cli/job_results.hpp"
#include "tools/spgraph_mpi/blocked_triangles.hpp"
#include "tools/spgraph_mpi/mpi_cli.hpp"
#include "tools/spgraph_mpi/mpi_traffic.hpp"

namespace spgraph::mpi {

namespace {

using namespace spgraph::cli;

struct TcArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, out;
  bool per_vertex = false;
};

void run_tc(const TcArgs& args) {
  MpiContext& ctx = context();
  if (!ctx.active()) return;
  DistributedGraph g = load_for_mpi(args.file, args.load, args.g, false, args.out);
  MPI_Barrier(ctx.comm);
  const double t0 = MPI_Wtime();
  OrientedGraph u = orient_by_degree(ctx, g.n, g.local, g.undirected);
  g.local = Arcs{};  // U holds the graph now
  const bool symmetric = u.symmetric;
  const std::uint64_t self_loops = u.self_loops;
  traffic_phase("run");
  const bool per_vertex = args.per_vertex || !args.out.empty();
  BlockedTriangles counted = count_triangles_blocked(ctx, u, per_vertex);
  const std::uint64_t triangles = counted.triangles;
  std::vector<std::uint64_t>& through = counted.through;
  std::vector<double> degree(counted.degree.begin(), counted.degree.end());
  double secs = MPI_Wtime() - t0;
  MPI_Allreduce(MPI_IN_PLACE, &secs, 1, MPI_DOUBLE, MPI_MAX, ctx.comm);
  if (!ctx.root()) return;
  if (!symmetric && !args.g.quiet && !args.g.json)
    std::fprintf(stderr,
                 "note: %s is directed; counting the triangles of its undirected version "
                 "(each arc taken as an edge)\n",
                 args.file.c_str());
  const std::vector<double> clustering = clustering_of(through, degree);
  double mean_clustering = 0;
  for (double c : clustering) mean_clustering += c;
  if (!clustering.empty()) mean_clustering /= double(clustering.size());
  if (!args.out.empty()) write_triangles(args.out, through, clustering, IdSpace(g.info));
  Report rep;
  add_grid_fields(rep);
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(g.n));
  rep.add("arcs", report::text(std::to_string(g.arcs)));
  rep.add("undirected", report::text(g.undirected ? ", undirected" : ""));
  rep.add("load_seconds", report::text_only(report::seconds(g.load_seconds)));
  rep.add("triangles", report::count(std::uint64_t(triangles)));
  rep.add("method", report::str("blocked-masked-intersection"));
  rep.add("symmetrized", report::flag(!symmetric));
  rep.add("self_loops_ignored", report::count(self_loops));
  rep.add("seconds", report::seconds_as_ms(secs));
  if (per_vertex) rep.add("mean_clustering", report::real(mean_clustering, "%.9f", "%.6f"));
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, "{triangles}\n");
  std::string layout = std::string(kGridLayout) +
                       "graph: {n} vertices, {arcs} stored arcs{undirected} (loaded in "
                       "{load_seconds} s)\n"
                       "triangles: {triangles}\n";
  if (self_loops) layout += "self-loops ignored: {self_loops_ignored}\n";
  if (per_vertex) layout += "mean local clustering coefficient: {mean_clustering}\n";
  if (!args.out.empty()) layout += "per-vertex counts written to {out}\n";
  layout += "time: {seconds} ms (method {method})\n";
  print_text(rep, layout);
}

}  // namespace

void register_tc(CLI::App& app) {
  auto args = std::make_shared<TcArgs>();
  CLI::App* cmd = app.add_subcommand(
      "tc", "Count triangles by blocked masked intersections on the 2-D grid (no product formed)");
  cmd->add_option("file", args->file, "Graph file")->required();
  cmd->add_flag("--per-vertex", args->per_vertex,
                "Also compute triangles per vertex and local clustering coefficients");
  cmd->add_option("--out", args->out,
                  "Write 'vertex triangles clustering' per vertex to this file (implies "
                  "--per-vertex)");
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_tc(*args); });
}

}  // namespace spgraph::mpi
