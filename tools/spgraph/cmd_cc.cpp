// SPDX-License-Identifier: Apache-2.0
// `spgraph cc FILE`: connected components (weakly connected for a directed graph) by Afforest,
// FastSV or min-label propagation (algorithms/components/components.hpp); prints the number of
// components and the largest, and writes each vertex's label with --out: the component's smallest
// dense id, written in the file's numbering (with --remap-ids that need not be the smallest
// original id of the component, only a stable name for it).
#include <cstdio>
#include <memory>
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

struct CcArgs {
  int repeat = 1;
  GlobalOptions g;
  LoadFlags load;
  std::string file, out, method = "auto";
};

/// Writes "vertex label" lines atomically, labels as the file's ids.
void run_cc(const CcArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  const IdSpace ids(graph.loaded.info);
  const CcOptions o = cc_options(args.method, graph.undirected);
  const double in_arcs_seconds = build_in_arcs(a, !graph.undirected);
  auto timed = run_kernel_timed(args.repeat, [&] { return connected_components(a, o); });
  const CcResult& r = timed.result;
  const double secs = timed.seconds;
  if (!args.out.empty()) write_labels(args.out, r.label, ids);
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(a.nrows()));
  rep.add("arcs", report::count(a.nvals()));
  rep.add("kind", report::text(graph.undirected ? "undirected" : "directed"));
  rep.add("what", report::text(graph.undirected ? "connected" : "weakly connected"));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("in_arcs_seconds", report::text_only(report::seconds(in_arcs_seconds)));
  rep.add("components", report::count(r.components));
  rep.add("largest", report::count(largest_component(r.label)));
  rep.add("method", report::str(cc_method_name(r.method)));
  rep.add("rounds", report::count(r.rounds));
  rep.add("seconds", report::seconds_as_ms(secs));
  rep.add("runs", report::count(timed.runs));
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, "{components}\n");
  const std::string layout =
      graph_line_layout(!graph.undirected) + components_layout(!args.out.empty());
  print_text(rep, layout);
}

}  // namespace

void register_cc(CLI::App& app) {
  auto args = std::make_shared<CcArgs>();
  CLI::App* cmd =
      app.add_subcommand("cc", "Connected components (weakly connected for a directed graph)");
  cmd->add_option("file", args->file, "Graph file")->required();
  add_cc_method_flag(cmd, args->method);
  cmd->add_option(
      "--out,-o", args->out,
      "Write 'vertex label' lines, label = the vertex of the component with the smallest "
      "dense id (in the file's numbering)");
  add_repeat_flag(cmd, args->repeat);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_cc(*args); });
}

}  // namespace spgraph::cli
