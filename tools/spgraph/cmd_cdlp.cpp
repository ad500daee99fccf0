// SPDX-License-Identifier: Apache-2.0
// `spgraph cdlp FILE --iterations N`: community detection by label propagation as LDBC
// Graphalytics defines it (specification v1.0, §2.3.5; algorithms/communities/cdlp.hpp); prints
// the number of communities and the largest, and writes each vertex's label with --out, the label
// being a vertex written in the file's numbering (the smallest label is the smallest file id,
// since dense ids keep the file's order).
#include <climits>
#include <memory>
#include <string>

#include "algorithms/communities/communities.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/job_results.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct CdlpArgs {
  int repeat = 1;
  int iterations = 10;
  GlobalOptions g;
  LoadFlags load;
  std::string file, out;
};

void run_cdlp(const CdlpArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  CdlpOptions o;
  o.iterations = args.iterations;
  o.undirected = graph.undirected;
  const double in_arcs_seconds = build_in_arcs(a, !graph.undirected);
  auto timed = run_kernel_timed(args.repeat, [&] { return cdlp(a, o); });
  const CdlpResult& r = timed.result;
  if (!args.out.empty()) write_labels(args.out, r.label, IdSpace(graph.loaded.info));
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(a.nrows()));
  rep.add("arcs", report::count(a.nvals()));
  rep.add("kind", report::text(graph.undirected ? "undirected" : "directed"));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("in_arcs_seconds", report::text_only(report::seconds(in_arcs_seconds)));
  rep.add("iterations", report::count(o.iterations));
  rep.add("rounds", report::count(r.iterations));
  rep.add("stable", report::flag(r.stable, ", labels stable", ""));
  rep.add("communities", report::count(r.communities));
  rep.add("largest", report::count(largest_component(r.label)));
  rep.add("seconds", report::seconds_as_ms(timed.seconds));
  rep.add("runs", report::count(timed.runs));
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, "{communities}\n");
  std::string layout = graph_line_layout(!graph.undirected) +
                       "cdlp: {rounds} of {iterations} rounds{stable}\n"
                       "communities: {communities}, the largest has {largest} vertices\n"
                       "time: {seconds} ms\n";
  if (!args.out.empty()) layout += "labels written to {out}\n";
  print_text(rep, layout);
}

}  // namespace

void register_cdlp(CLI::App& app) {
  auto args = std::make_shared<CdlpArgs>();
  CLI::App* cmd = app.add_subcommand(
      "cdlp",
      "Communities by label propagation, as LDBC Graphalytics defines CDLP (synchronous rounds, "
      "the most frequent neighbour label, ties to the smallest)");
  cmd->add_option("file", args->file, "Graph file")->required();
  cmd->add_option("--iterations", args->iterations,
                  "Rounds to run (Graphalytics' max_iterations; default 10; fewer only once no "
                  "label changes)")
      ->transform(integer_flag("--iterations", 0, INT_MAX));
  cmd->add_option("--out,-o", args->out,
                  "Write 'vertex label' lines, the label a vertex in the file's numbering");
  add_repeat_flag(cmd, args->repeat);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_cdlp(*args); });
}

}  // namespace spgraph::cli
