// SPDX-License-Identifier: Apache-2.0
// `spgraph-mpi pagerank FILE`: spgraph's PageRank (algorithms/pagerank/pagerank.hpp: the GAP
// variant or the standard one, personalized or not, the same stopping rule) with its pull SpMV
// y = A^T w as CombBLAS's dense SpMV over the engine's PLUS-SECOND semiring. The vector updates
// run on each rank's slice; Σ|r' - r| and the dangling rank are summed with one MPI_Allreduce. The
// ranks agree with spgraph's to rounding (sums are added in another order), not bit for bit.
#include <algorithm>
#include <cmath>

#include "tools/cli/job_results.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/spgraph_mpi/combblas_semiring.hpp"
#include "tools/spgraph_mpi/distributed_matrix.hpp"
#include "tools/spgraph_mpi/distributed_structure.hpp"
#include "tools/spgraph_mpi/mpi_cli.hpp"
#include "tools/spgraph_mpi/mpi_traffic.hpp"
#include "tools/spgraph_mpi/pattern_matrix.hpp"

namespace spgraph::mpi {

namespace {

using namespace spgraph::cli;

struct PageRankArgs {
  GlobalOptions g;
  LoadFlags load;
  PageRankFlags pr;
  std::string file, out;
};

double sum_all(const MpiContext& ctx, double x) {
  MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_DOUBLE, MPI_SUM, ctx.comm);
  return x;
}

void run_pagerank(const PageRankArgs& args) {
  MpiContext& ctx = context();
  if (!ctx.active()) return;
  DistributedGraph g = load_for_mpi(args.file, args.load, args.g, false, args.out);
  PageRankOptions o;
  agree(ctx, [&] {
    if (ctx.rank == 0) o = pagerank_options(args.pr, IdSpace(g.info), g.n, g.undirected);
  });
  std::vector<std::uint32_t> personalize(o.personalize.begin(), o.personalize.end());
  std::uint64_t count = personalize.size();
  MPI_Bcast(&count, 1, MPI_UINT64_T, 0, ctx.comm);
  personalize.resize(count);
  MPI_Bcast(personalize.data(), int(count), MPI_UINT32_T, 0, ctx.comm);
  MPI_Barrier(ctx.comm);
  const double t0 = MPI_Wtime();
  const bool undirected = g.undirected || structure_symmetric(ctx, g.n, g.local);
  // Only Aᵀ is built (A itself when symmetric): the out-degrees are its column sums.
  DistMatrix<bool> at = pattern_matrix(ctx, g.n, g.local, PatternOf::Transpose, undirected);
  g.local = Arcs{};  // the matrix holds the graph now
  const VectorSlice s = vector_slice(ctx, g.n);
  // 1 / outdeg (0 for a sink).
  combblas::FullyDistVec<Index, double> out_degree(ctx.grid, Index(g.n), 0.0);
  at.Reduce(out_degree, combblas::Column, std::plus<double>(), 0.0, [](bool) { return 1.0; });
  std::vector<double> inv_out = slice_of(out_degree);
  for (double& x : inv_out) x = x > 0 ? 1.0 / x : 0.0;
  // The teleport vector: uniform, or over the distinct personalize vertices.
  const double d = args.pr.damping;
  const bool standard = args.pr.variant == "standard", personal = !personalize.empty();
  std::vector<double> tele(personal ? s.size : 0, 0.0);
  double uniform = g.n ? 1.0 / double(g.n) : 0.0;
  if (personal) {
    std::sort(personalize.begin(), personalize.end());
    personalize.erase(std::unique(personalize.begin(), personalize.end()), personalize.end());
    for (std::uint32_t v : personalize)
      if (Index(v) >= s.offset && Index(v) < s.offset + s.size)
        tele[std::size_t(Index(v) - s.offset)] = 1.0 / double(personalize.size());
    uniform = 0;
  }
  // r is this rank's slice; w = r / outdeg lives in one distributed vector for the whole run,
  // updated in place (each product y is the one allocation a step makes: CombBLAS 1.6.2 has no
  // dense SpMV into a given vector).
  std::vector<double> r(s.size);
  combblas::FullyDistVec<Index, double> w(ctx.grid, Index(g.n), 0.0);
  double dangling = 0;
  for (Index v = 0; v < s.size; ++v) {
    r[v] = personal ? tele[v] : uniform;
    w.SetLocalElement(v, r[v] * inv_out[v]);
    if (inv_out[v] == 0) dangling += r[v];
  }
  dangling = sum_all(ctx, dangling);
  PageRankResult res;
  res.converged = g.n == 0;
  using Pull = CombBlasSemiring<PlusSecond<double>, bool, double>;
  traffic_phase("run");
  for (int it = 1; g.n && it <= args.pr.iterations; ++it) {
    const combblas::FullyDistVec<Index, double> product = combblas::SpMV<Pull>(at, w);
    const double* y = product.GetLocArr();
    const double tw = (1 - d) + (standard ? d * dangling : 0.0);
    const double base = tw * uniform;
    double sums[2] = {0, 0};  // Σ|r' - r|, the dangling rank
    for (Index v = 0; v < s.size; ++v) {
      const double nr = (personal ? tw * tele[v] : base) + d * y[v];
      sums[0] += std::fabs(nr - r[v]);
      r[v] = nr;
      w.SetLocalElement(v, nr * inv_out[v]);
      if (inv_out[v] == 0) sums[1] += nr;
    }
    MPI_Allreduce(MPI_IN_PLACE, sums, 2, MPI_DOUBLE, MPI_SUM, ctx.comm);
    dangling = sums[1];
    res.iterations = it;
    res.delta = sums[0];
    if (sums[0] < args.pr.tolerance) {
      res.converged = true;
      break;
    }
  }
  double secs = MPI_Wtime() - t0;
  MPI_Allreduce(MPI_IN_PLACE, &secs, 1, MPI_DOUBLE, MPI_MAX, ctx.comm);
  res.rank = gather_to_root(ctx, from_slices(ctx, g.n, r), MPI_DOUBLE);
  if (!ctx.root()) return;
  const IdSpace ids(g.info);
  if (!args.out.empty()) write_ranks(args.out, res.rank, ids);
  double sum = 0;
  for (double x : res.rank) sum += x;
  const std::vector<Report> top = top_ranked(res.rank, ids);
  Report rep;
  add_grid_fields(rep);
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(g.n));
  rep.add("arcs", report::count(g.arcs));
  rep.add("kind", report::text(g.undirected ? "undirected" : "directed"));
  rep.add("load_seconds", report::text_only(report::seconds(g.load_seconds)));
  rep.add("variant", report::str(args.pr.variant));
  rep.add("damping", report::real(d, "%.17g", "%g"));
  rep.add("tolerance", report::real(args.pr.tolerance, "%.17g", "%g"));
  rep.add("max_iterations", report::count(args.pr.iterations));
  rep.add("personalized", report::count(personalize.size()));
  rep.add("iterations", report::count(res.iterations));
  rep.add("converged", report::flag(res.converged, "yes", "no"));
  rep.add("delta", report::real(res.delta, "%.17g", "%.3g"));
  rep.add("sum", report::real(sum, "%.17g", "%.9f"));
  rep.add("seconds", report::seconds_as_ms(secs));
  rep.add("top", report::list(top, "{place:4} {vertex:12} {rank:16}\n"));
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, "{top}");
  const std::string layout =
      std::string(kGridLayout) +
      "graph: {n} vertices, {arcs} arcs, {kind} (loaded in {load_seconds} s)\n" +
      pagerank_layout(!personalize.empty(), !args.out.empty(), "CombBLAS dense SpMV");
  print_text(rep, layout);
}

}  // namespace

void register_pagerank(CLI::App& app) {
  auto args = std::make_shared<PageRankArgs>();
  CLI::App* cmd = app.add_subcommand("pagerank", "PageRank by power iteration on CombBLAS");
  cmd->add_option("file", args->file, "Graph file")->required();
  add_pagerank_flags(cmd, args->pr);
  cmd->add_option("--out,-o", args->out, "Write 'vertex rank' lines (%.17g)");
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_pagerank(*args); });
}

}  // namespace spgraph::mpi
