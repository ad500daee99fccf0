// SPDX-License-Identifier: Apache-2.0
// `spgraph-mpi cc FILE`: connected components (weakly connected for a directed graph) by min-label
// propagation, label' = min(label, S min.second label) on S = A + A^T until no label changes,
// with CombBLAS's dense SpMV over the engine's MIN-SECOND semiring. Each label ends as the
// smallest vertex id of its component: the labels spgraph's cc prints, whatever its method.
// Rounds grow with the diameter (FastSV, as LAGraph and LACC run it, would need fewer; not here).
#include <algorithm>
#include <limits>

#include "tools/cli/job_results.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/spgraph_mpi/combblas_semiring.hpp"
#include "tools/spgraph_mpi/distributed_matrix.hpp"
#include "tools/spgraph_mpi/distributed_structure.hpp"
#include "tools/spgraph_mpi/mpi_cli.hpp"
#include "tools/spgraph_mpi/mpi_traffic.hpp"

namespace spgraph::mpi {

namespace {

using namespace spgraph::cli;

struct CcArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, out;
};

void run_cc(const CcArgs& args) {
  MpiContext& ctx = context();
  if (!ctx.active()) return;
  DistributedGraph g = load_for_mpi(args.file, args.load, args.g, false, args.out);
  MPI_Barrier(ctx.comm);
  const double t0 = MPI_Wtime();
  // S = A + A^T: each owner's arcs and the mirrors sent to it.
  Arcs both = transposed(ctx, g.n, g.local);
  both.row.insert(both.row.end(), g.local.row.begin(), g.local.row.end());
  both.col.insert(both.col.end(), g.local.col.begin(), g.local.col.end());
  g.local = Arcs{};  // S holds the graph now
  both.val.clear();
  sort_unique(both);
  DistMatrix<bool> s = build_matrix<bool>(ctx, g.n, both, [](std::size_t) { return true; });
  both = Arcs{};
  const VectorSlice slice = vector_slice(ctx, g.n);
  std::vector<Index> label(slice.size);
  for (Index v = 0; v < slice.size; ++v) label[v] = slice.offset + v;
  using Sr = CombBlasSemiring<MinSecond<Index>, bool, Index>;
  std::uint64_t rounds = 0;
  traffic_phase("run");
  for (;;) {
    const std::vector<Index> y = slice_of(combblas::SpMV<Sr>(s, from_slices(ctx, g.n, label)));
    ++rounds;
    int changed = 0;
    for (Index v = 0; v < slice.size; ++v)
      if (y[v] < label[v]) label[v] = y[v], changed = 1;
    MPI_Allreduce(MPI_IN_PLACE, &changed, 1, MPI_INT, MPI_MAX, ctx.comm);
    if (!changed) break;
  }
  double secs = MPI_Wtime() - t0;
  MPI_Allreduce(MPI_IN_PLACE, &secs, 1, MPI_DOUBLE, MPI_MAX, ctx.comm);
  std::uint64_t roots = 0, mine = 0;
  for (Index v = 0; v < slice.size; ++v) mine += label[v] == slice.offset + v;
  MPI_Allreduce(&mine, &roots, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  const std::vector<Index> all = gather_to_root(ctx, from_slices(ctx, g.n, label), MPI_INT64_T);
  if (!ctx.root()) return;
  const IdSpace ids(g.info);
  std::vector<Vertex> labels(all.begin(), all.end());
  if (!args.out.empty()) write_labels(args.out, labels, ids);
  Report rep;
  add_grid_fields(rep);
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(g.n));
  rep.add("arcs", report::count(g.arcs));
  rep.add("kind", report::text(g.undirected ? "undirected" : "directed"));
  rep.add("what", report::text(g.undirected ? "connected" : "weakly connected"));
  rep.add("load_seconds", report::text_only(report::seconds(g.load_seconds)));
  rep.add("components", report::count(roots));
  rep.add("largest", report::count(largest_component(labels)));
  rep.add("method", report::str("labelprop"));
  rep.add("rounds", report::count(rounds));
  rep.add("seconds", report::seconds_as_ms(secs));
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, "{components}\n");
  const std::string layout =
      std::string(kGridLayout) +
      "graph: {n} vertices, {arcs} arcs, {kind} (loaded in {load_seconds} s)\n" +
      components_layout(!args.out.empty());
  print_text(rep, layout);
}

}  // namespace

void register_cc(CLI::App& app) {
  auto args = std::make_shared<CcArgs>();
  CLI::App* cmd = app.add_subcommand(
      "cc", "Connected components (weakly, for a directed graph) by label propagation on CombBLAS");
  cmd->add_option("file", args->file, "Graph file")->required();
  cmd->add_option("--out,-o", args->out, "Write 'vertex label' lines (label: smallest id)");
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_cc(*args); });
}

}  // namespace spgraph::mpi
