// SPDX-License-Identifier: Apache-2.0
// `spgraph pagerank FILE`: PageRank by power iteration over the pull SpMV (GAP/LAGraph variant
// or the standard one that redistributes the sinks' rank; algorithms/pagerank/pagerank.hpp),
// optionally personalized; prints the convergence, the top vertices and the sum of ranks, and
// writes every rank with --out.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <numeric>
#include <string>

#include "loaders/output_file.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/job_results.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct PageRankArgs {
  int repeat = 1;
  GlobalOptions g;
  LoadFlags load;
  PageRankFlags pr;
  std::string file, out;
};

void run_pagerank(const PageRankArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  const IdSpace ids(graph.loaded.info);
  const PageRankOptions o = pagerank_options(args.pr, ids, a.nrows(), graph.undirected);
  const double in_arcs_seconds = build_in_arcs(a, !graph.undirected);
  auto timed = run_kernel_timed(args.repeat, [&] { return pagerank(a, o); });
  const PageRankResult& r = timed.result;
  const double secs = timed.seconds;
  if (!args.out.empty()) write_ranks(args.out, r.rank, ids);
  double sum = 0;
  for (double x : r.rank) sum += x;
  const std::vector<Report> top = top_ranked(r.rank, ids);
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(a.nrows()));
  rep.add("arcs", report::count(a.nvals()));
  rep.add("kind", report::text(graph.undirected ? "undirected" : "directed"));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("in_arcs_seconds", report::text_only(report::seconds(in_arcs_seconds)));
  rep.add("variant", report::str(args.pr.variant));
  rep.add("damping", report::real(o.damping, "%.17g", "%g"));
  rep.add("tolerance", report::real(o.tolerance, "%.17g", "%g"));
  rep.add("max_iterations", report::count(o.max_iterations));
  rep.add("personalized", report::count(o.personalize.size()));
  rep.add("spmv", report::str(args.pr.spmv));
  rep.add("precision", report::str(args.pr.precision));
  rep.add("sweep", report::str(args.pr.sweep));
  rep.add("iterations", report::count(r.iterations));
  rep.add("converged", report::flag(r.converged, "yes", "no"));
  rep.add("delta", report::real(r.delta, "%.17g", "%.3g"));
  rep.add("sum", report::real(sum, "%.17g", "%.9f"));
  rep.add("seconds", report::seconds_as_ms(secs));
  rep.add("runs", report::count(timed.runs));
  rep.add("top", report::list(top, "{place:4} {vertex:12} {rank:16}\n"));
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, "{top}");
  const std::string layout =
      graph_line_layout(!graph.undirected) +
      pagerank_layout(!o.personalize.empty(), !args.out.empty(), "SpMV {spmv}");
  print_text(rep, layout);
}

}  // namespace

void register_pagerank(CLI::App& app) {
  auto args = std::make_shared<PageRankArgs>();
  CLI::App* cmd = app.add_subcommand(
      "pagerank", "PageRank by power iteration (GAP/LAGraph or standard variant, personalized)");
  cmd->add_option("file", args->file, "Graph file")->required();
  add_pagerank_flags(cmd, args->pr);
  add_pagerank_precision_flag(cmd, args->pr);
  cmd->add_option("--out,-o", args->out, "Write 'vertex rank' lines (%.17g)");
  add_repeat_flag(cmd, args->repeat);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_pagerank(*args); });
}

}  // namespace spgraph::cli
