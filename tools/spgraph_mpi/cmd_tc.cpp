// SPDX-License-Identifier: Apache-2.0
// `spgraph-mpi tc FILE`: triangles as the masked product sum((L·L) ∘ L) of the strictly lower
// triangle L of the undirected graph (Azad, Buluç and Gilbert, "Parallel triangle counting and
// enumeration using matrix algebra", IPDPSW 2015), with CombBLAS's Sparse SUMMA
// (Mult_AnXBn_Synch) over the engine's PLUS-TIMES semiring and EWiseMult as the mask. CombBLAS
// 1.6.2 has no masked SpGEMM, so L·L is formed whole before the mask (its size is the wedge
// count: docs/scale-out.md). A directed graph's triangles are its undirected version's, and
// self-loops are ignored, as in `spgraph tc`.
#include "tools/cli/job_results.hpp"
#include "tools/spgraph_mpi/combblas_semiring.hpp"
#include "tools/spgraph_mpi/distributed_matrix.hpp"
#include "tools/spgraph_mpi/distributed_structure.hpp"
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

/// Triangles through each vertex, t = rowsum((S·S) ∘ S) / 2 on the undirected graph S without
/// self-loops, and each vertex's degree in S (rank 0; empty elsewhere).
void per_vertex_counts(const MpiContext& ctx, Vertex n, const Arcs& lower,
                       std::vector<std::uint64_t>& triangles, std::vector<double>& degree) {
  Arcs both = transposed(ctx, n, lower);
  both.row.insert(both.row.end(), lower.row.begin(), lower.row.end());
  both.col.insert(both.col.end(), lower.col.begin(), lower.col.end());
  sort_unique(both);
  DistMatrix<Index> s = build_matrix<Index>(ctx, n, both, [](std::size_t) { return Index(1); });
  DistMatrix<Index> right = s;
  using Sr = CombBlasSemiring<PlusTimes<Index>>;
  DistMatrix<Index> paths = combblas::Mult_AnXBn_Synch<Sr, Index, combblas::SpDCCols<Index, Index>>(
      s, right, false, true);
  DistMatrix<Index> closed = combblas::EWiseMult(paths, s, false);
  const std::vector<Index> t =
      gather_to_root(ctx, closed.Reduce(combblas::Row, std::plus<Index>(), Index(0)), MPI_INT64_T);
  const std::vector<Index> d =
      gather_to_root(ctx, s.Reduce(combblas::Row, std::plus<Index>(), Index(0)), MPI_INT64_T);
  triangles.assign(t.size(), 0);
  degree.assign(d.size(), 0);
  for (std::size_t v = 0; v < t.size(); ++v) triangles[v] = std::uint64_t(t[v] / 2);
  for (std::size_t v = 0; v < d.size(); ++v) degree[v] = double(d[v]);
}

void run_tc(const TcArgs& args) {
  MpiContext& ctx = context();
  if (!ctx.active()) return;
  DistributedGraph g = load_for_mpi(args.file, args.load, args.g, false, args.out);
  MPI_Barrier(ctx.comm);
  const double t0 = MPI_Wtime();
  const bool symmetric = g.undirected || structure_symmetric(ctx, g.n, g.local);
  std::uint64_t self_loops = 0;
  Arcs lower = lower_undirected(ctx, g.n, g.local, self_loops);
  g.local = Arcs{};  // L holds the graph now
  DistMatrix<Index> l = build_matrix<Index>(ctx, g.n, lower, [](std::size_t) { return Index(1); });
  traffic_phase("run");
  using Sr = CombBlasSemiring<PlusTimes<Index>>;
  DistMatrix<Index> right = l;  // CombBLAS's SUMMA refuses aliased operands
  DistMatrix<Index> wedges =
      combblas::Mult_AnXBn_Synch<Sr, Index, combblas::SpDCCols<Index, Index>>(l, right, false,
                                                                              true);
  DistMatrix<Index> closed = combblas::EWiseMult(wedges, l, false);
  const Index triangles = closed.Reduce(combblas::Column, std::plus<Index>(), Index(0))
                              .Reduce(std::plus<Index>(), Index(0));
  const bool per_vertex = args.per_vertex || !args.out.empty();
  std::vector<std::uint64_t> through;
  std::vector<double> degree;
  if (per_vertex) per_vertex_counts(ctx, g.n, lower, through, degree);
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
  rep.add("method", report::str("combblas-masked-spgemm"));
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
  CLI::App* cmd = app.add_subcommand("tc", "Count triangles with a masked SpGEMM on CombBLAS");
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
