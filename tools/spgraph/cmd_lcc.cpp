// SPDX-License-Identifier: Apache-2.0
// `spgraph lcc FILE`: the local clustering coefficient of every vertex as LDBC Graphalytics
// defines it (specification v1.0, §2.3.5; algorithms/triangles/local_clustering.hpp): for a
// directed graph the arcs among a vertex's in- and out-neighbours over |N(v)| (|N(v)| - 1), for an
// undirected one the usual coefficient. Prints the mean; --out writes `vertex lcc` lines.
#include <memory>
#include <string>
#include <vector>

#include "algorithms/triangles/triangles.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/common/stats.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct LccArgs {
  int repeat = 1;
  GlobalOptions g;
  LoadFlags load;
  std::string file, out;
};

/// Writes "vertex lcc" lines (%.17g: the exact double) atomically, vertices as the file names
/// them.
void write_lcc(const std::string& path, const std::vector<double>& lcc, const IdSpace& ids) {
  ResultTable out(path, {"vertex", "lcc"});
  for (Vertex v = 0; v < lcc.size(); ++v) {
    out.vertex(ids, v).number("%.17g", lcc[v]);
    out.end_row();
  }
  out.commit();
}

void run_lcc(const LccArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  const double in_arcs_seconds = build_in_arcs(a, !graph.undirected);
  auto timed = run_kernel_timed(args.repeat, [&] { return local_clustering(a, graph.undirected); });
  const std::vector<double>& lcc = timed.result;
  if (!args.out.empty()) write_lcc(args.out, lcc, IdSpace(graph.loaded.info));
  const double mean = tools::mean(lcc);
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(a.nrows()));
  rep.add("arcs", report::count(a.nvals()));
  rep.add("kind", report::text(graph.undirected ? "undirected" : "directed"));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("in_arcs_seconds", report::text_only(report::seconds(in_arcs_seconds)));
  rep.add("mean_lcc", report::real(mean, "%.17g", "%.9f"));
  rep.add("seconds", report::seconds_as_ms(timed.seconds));
  rep.add("runs", report::count(timed.runs));
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, "{mean_lcc}\n");
  std::string layout = graph_line_layout(!graph.undirected) +
                       "mean local clustering coefficient (Graphalytics LCC): {mean_lcc}\n"
                       "time: {seconds} ms\n";
  if (!args.out.empty()) layout += "coefficients written to {out}\n";
  print_text(rep, layout);
}

}  // namespace

void register_lcc(CLI::App& app) {
  auto args = std::make_shared<LccArgs>();
  CLI::App* cmd = app.add_subcommand(
      "lcc",
      "Local clustering coefficients as LDBC Graphalytics defines LCC (directed: the arcs among "
      "a vertex's in- and out-neighbours)");
  cmd->add_option("file", args->file, "Graph file")->required();
  cmd->add_option("--out,-o", args->out,
                  "Write 'vertex lcc' lines (%.17g), vertices in the file's numbering");
  add_repeat_flag(cmd, args->repeat);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_lcc(*args); });
}

}  // namespace spgraph::cli
