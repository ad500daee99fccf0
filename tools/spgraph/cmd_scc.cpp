// SPDX-License-Identifier: Apache-2.0
// `spgraph scc FILE`: strongly connected components of a directed graph by Tarjan's algorithm
// (algorithms/closure/strongly_connected_components.hpp, the one closure condenses with); prints
// the number of components and the largest, and writes each vertex's component with --out: the
// component's representative, its vertex with the smallest position (dense id), named by the
// file's id (with --remap-ids, the component's first vertex in the file's order of appearance).
#include <memory>
#include <string>

#include "algorithms/closure/strongly_connected_components.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct SccArgs {
  int repeat = 1;
  GlobalOptions g;
  LoadFlags load;
  std::string file, out;
};

/// Writes "vertex component" lines atomically, both as the file's ids.
void write_components(const std::string& path, const std::vector<Vertex>& label,
                      const IdSpace& ids) {
  ResultTable out(path, {"vertex", "component"});
  for (Vertex v = 0; v < label.size(); ++v) {
    out.vertex(ids, v).vertex(ids, label[v]);
    out.end_row();
  }
  out.commit();
}

void run_scc(const SccArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  if (a.nrows() != a.ncols())
    throw InvalidArgument("scc: " + printable(args.file) + " is " + std::to_string(a.nrows()) +
                          " x " + std::to_string(a.ncols()) +
                          ", not a graph (a square adjacency matrix)");
  const IdSpace ids(graph.loaded.info);
  auto timed = run_kernel_timed(args.repeat, [&] { return scc_labels(adjacency_of(a.csr())); });
  const SccLabels& r = timed.result;
  if (!args.out.empty()) write_components(args.out, r.label, ids);
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(a.nrows()));
  rep.add("arcs", report::count(a.nvals()));
  rep.add("kind", report::text(graph.undirected ? "undirected" : "directed"));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("components", report::count(r.components));
  rep.add("largest", report::count(r.largest));
  rep.add("seconds", report::seconds_as_ms(timed.seconds));
  rep.add("runs", report::count(timed.runs));
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, "{components}\n");
  std::string layout = graph_line_layout(false) +
                       "strongly connected components: {components}, the largest has {largest} "
                       "vertices\ntime: {seconds} ms (Tarjan)\n";
  if (!args.out.empty()) layout += "components written to {out}\n";
  print_text(rep, layout);
}

}  // namespace

void register_scc(CLI::App& app) {
  auto args = std::make_shared<SccArgs>();
  CLI::App* cmd = app.add_subcommand(
      "scc", "Strongly connected components (Tarjan): their number, the largest, each vertex's");
  cmd->add_option("file", args->file, "Graph file (arcs u -> v)")->required();
  cmd->add_option("--out,-o", args->out,
                  "Write 'vertex component' lines, component = the component's vertex with the "
                  "smallest position (the file's first for --remap-ids; the smallest id "
                  "otherwise), in the file's ids");
  add_repeat_flag(cmd, args->repeat);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->footer(
      "Every vertex is in exactly one component; an undirected graph's components are its "
      "connected components. --json gives components, largest and the timing; the labels go to "
      "--out (TSV, or CSV for a .csv name).");
  cmd->callback([args] { run_scc(*args); });
}

}  // namespace spgraph::cli
