// `spgraph compare pagerank FILE`: PageRank in spgraph and in SuiteSparse:GraphBLAS (LAGraph's
// LAGr_PageRankGAP, or LAGr_PageRank for --variant standard, in FP64), with the same damping,
// tolerance, step limit and teleport set. Verification before any time is printed
// (algorithms/pagerank/pagerank_verify.hpp): the step counts differ by at most one, and
// max_v |r_spgraph(v) - r_GraphBLAS(v)| <= 1e-10 · max_v r(v)
// when both ran the same number of steps (the same arithmetic up to the order of summation),
// plus the L1 change of the longer run's last step when they did not (that step moved each
// rank by at most its L1 change, which is below the tolerance).
#include <memory>

#include "algorithms/pagerank/pagerank_verify.hpp"
#include "engine/context.hpp"
#include "tools/compare/compare_common.hpp"
#include "tools/cli/traversal_flags.hpp"
#ifdef SPGRAPH_HAVE_GRAPHBLAS
#include "tools/compare/peers/graphblas_peer.hpp"
#include "tools/compare/peers/graphblas_traversals.hpp"
#endif

namespace spgraph::cli {

namespace {

struct ComparePageRankArgs {
  GlobalOptions g;
  LoadFlags load;
  PageRankFlags pr;
  std::string file;
  int runs = 5;
};

#ifdef SPGRAPH_HAVE_GRAPHBLAS

constexpr AnswerNames kEngines{"spgraph", "GraphBLAS"};

void run_compare_pagerank(const ComparePageRankArgs& args) {
  apply_global_flags(args.g);
  const int threads = num_threads();
  peers::graphblas_init(threads);
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  if (a.nrows() != a.ncols()) throw InvalidArgument("compare pagerank needs a square matrix");
  const IdSpace ids(graph.loaded.info);
  const PageRankOptions o = pagerank_options(args.pr, ids, a.nrows(), graph.undirected);
  peers::GraphBlasPageRankOptions po;
  po.damping = o.damping;
  po.tolerance = o.tolerance;
  po.max_iterations = o.max_iterations;
  po.standard = o.variant == PageRankVariant::Standard;
  po.personalize.assign(o.personalize.begin(), o.personalize.end());
  const peers::GraphBlasPageRankGraph grb(a.csr(), graph.undirected);

  // Warm-up runs, one per engine, each with its own peak-memory window.
  PageRankResult ours;
  const std::uint64_t ours_base = a.memory_bytes();
  const std::uint64_t ours_peak = ours_base + peak_rise([&] { ours = pagerank(a, o); });
  peers::GraphBlasPageRankResult theirs;
  const std::uint64_t theirs_peak =
      grb.memory_bytes() + peak_rise([&] { theirs = peers::graphblas_pagerank(grb, po); });
  const VertexNamer name = [&ids](Vertex v) { return ids.name(v); };
  auto verify = [&](const auto& x, const auto& y) {
    RankComparison c = compare_ranks(rank_run(x), rank_run(y), name, kEngines);
    if (!c.error.empty()) throw VerificationFailed(c.error);
    return c;
  };
  const RankComparison check = verify(ours, theirs);

  const PairTimes t = time_pairs(
      args.runs,
      [&] {
        PageRankResult r;
        const double s = timed([&] { r = pagerank(a, o); });
        verify(r, theirs);
        return s;
      },
      [&] {
        const auto r = peers::graphblas_pagerank(grb, po);
        verify(ours, r);
        return r.seconds;
      });
  const Contender us{"spgraph", t.ours, ours_peak, ""};
  const Contender peer{"GraphBLAS", t.theirs, theirs_peak, ""};
  Report r;
  r.add("job", report::str("pagerank"));
  r.add("file", report::str(args.file));
  r.add("threads", report::count(threads));
  r.add("n", report::count(a.nrows()));
  r.add("arcs", report::count(a.nvals()));
  r.add("kind", report::text(graph.undirected ? "undirected" : "directed"));
  r.add("variant", report::str(args.pr.variant));
  r.add("lagraph", report::text(po.standard ? "LAGr_PageRank" : "LAGr_PageRankGAP"));
  r.add("damping", report::real(o.damping, "%.17g", "%g"));
  r.add("tolerance", report::real(o.tolerance, "%.17g", "%g"));
  r.add("personalized", report::count(o.personalize.size()));
  r.add("spmv", report::str(args.pr.spmv));
  r.add("spgraph_iterations", report::count(ours.iterations));
  r.add("graphblas_iterations", report::count(theirs.iterations));
  r.add("verified", report::flag(true));
  r.add("max_abs_diff", report::real(check.max_diff, "%.3g", "%.3g"));
  r.add("bound", report::real(check.bound, "%.3g", "%.3g"));
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("graphblas_build_s", report::seconds(grb.build_seconds()));
  const std::string summary = add_timing_summary(r, us, {peer});
  if (args.g.json) return print_json(r);
  // --quiet: the result alone (verified, or exit code 3 before this), the median ratio.
  if (args.g.quiet) return print_text(r, "{median_ratio_graphblas}\n");
  print_text(r,
             "compare pagerank: {file}\n"
             "graph: {n} vertices, {arcs} arcs, {kind}\n"
             "threads: {threads} (spgraph and GraphBLAS)\n"
             "pagerank: {variant} variant, damping {damping}, tolerance {tolerance}, "
             "{personalized} personalized vertices (0 = uniform teleport)\n"
             "spgraph:   power iteration over the pull SpMV (SpMV {spmv})\n"
             "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, LAGraph {lagraph} in FP64 "
             "(plus_second mxv over A')\n"
             "not timed: GraphBLAS build + cached A' and out-degrees {graphblas_build_s} s\n"
             "verified: steps {spgraph_iterations} (spgraph) and {graphblas_iterations} "
             "(GraphBLAS), max |rank difference| {max_abs_diff} <= {bound}\n" +
                 summary);
}

#endif

}  // namespace

void register_compare_pagerank(CLI::App* compare) {
  auto args = std::make_shared<ComparePageRankArgs>();
  CLI::App* cmd = compare->add_subcommand(
      "pagerank",
      "PageRank in spgraph and GraphBLAS (LAGraph's LAGr_PageRankGAP / LAGr_PageRank), ranks "
      "verified, timed");
  cmd->add_option("file", args->file, "Graph file")->required();
  add_pagerank_flags(cmd, args->pr);
  add_runs_flag(cmd, args->runs);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] {
#ifdef SPGRAPH_HAVE_GRAPHBLAS
    run_compare_pagerank(*args);
#else
    graphblas_unavailable();
#endif
  });
}

}  // namespace spgraph::cli
