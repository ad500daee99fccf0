// SPDX-License-Identifier: Apache-2.0
// `spgraph kcore FILE`: the core number of every vertex (algorithms/cores/cores.hpp; a directed
// graph is taken as undirected, A ∪ A', self-loops ignored). Prints the largest core number and
// how many vertices have each; --out writes "vertex core" lines in the file's ids. With --k K it
// computes the K-core, the subgraph on the vertices of core number at least K, and --out writes
// that subgraph as a graph file in the file's numbering (an edge list unless the name asks for
// another format).
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "algorithms/cores/cores.hpp"
#include "loaders/output_file.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/level_counts.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct KcoreArgs {
  int repeat = 1;
  GlobalOptions g;
  LoadFlags load;
  std::string file, out;
  std::optional<std::uint64_t> k;
};

/// Writes "vertex core" lines atomically, vertices as the file names them.
void write_core_numbers(const std::string& path, const std::vector<Vertex>& core,
                        const IdSpace& ids) {
  ResultTable out(path, {"vertex", "core"});
  for (Vertex v = 0; v < core.size(); ++v) {
    out.vertex(ids, v).integer((long long)core[v]);
    out.end_row();
  }
  out.commit();
}

/// Writes a subgraph (symmetric; consumed) in the input's numbering, in the format `path` names.
void write_subgraph(const std::string& path, Matrix<bool>&& sub, const LoadInfo& info) {
  SaveOptions so = save_options_for(info);
  so.symmetric = true;
  save_matrix(path, AnyMatrix(std::move(sub)), so);
}

void run_kcore(const KcoreArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) {
    if (args.k) output_format_for(args.out);  // an unknown extension fails before loading
    check_output_path(args.out, {args.file});
  }
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  const IdSpace ids(graph.loaded.info);
  CoreOptions o;
  o.undirected = graph.undirected;
  auto timed = run_kernel_timed(args.repeat, [&] { return kcore(a, o); });
  const KcoreResult& r = timed.result;
  if (r.symmetrized && !args.g.quiet && !args.g.json)
    std::fprintf(stderr,
                 "note: %s is directed; computing the cores of its undirected version (each arc "
                 "taken as an edge)\n",
                 args.file.c_str());
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(a.nrows()));
  rep.add("arcs", report::count(a.nvals()));
  rep.add("kind", report::text(graph.undirected ? "undirected" : "directed, taken as undirected"));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("max_core", report::count(r.max_core));
  rep.add("symmetrized", report::flag(r.symmetrized));
  rep.add("self_loops_ignored", report::count(r.self_loops));
  rep.add("levels", report::count(r.levels));
  rep.add("parallel_levels", report::count(r.parallel_levels));
  add_level_counts(rep, "vertices_per_core", r.core, "core", "vertices");
  rep.add("seconds", report::seconds_as_ms(timed.seconds));
  rep.add("runs", report::count(timed.runs));
  std::string layout = graph_line_layout(false) + "largest core number: {max_core}\n";
  if (r.self_loops) layout += "self-loops ignored: {self_loops_ignored}\n";
  layout += "vertices per core number:\n{vertices_per_core_rows}";
  layout += "time: {seconds} ms ({levels} levels, {parallel_levels} on several threads)\n";
  if (args.k) {
    const Vertex k = Vertex(std::min<std::uint64_t>(*args.k, kNoVertex));
    Matrix<bool> sub = kcore_subgraph(a, r.core, k, o);
    std::uint64_t vertices = 0;
    for (Vertex c : r.core) vertices += c >= k;
    rep.add("k", report::count(*args.k));
    rep.add("k_core_vertices", report::count(vertices));
    rep.add("k_core_edges", report::count(sub.nvals() / 2));
    if (!args.out.empty()) write_subgraph(args.out, std::move(sub), graph.loaded.info);
    layout += "{k}-core: {k_core_vertices} vertices, {k_core_edges} edges\n";
    if (!args.out.empty()) layout += "{k}-core written to {out}\n";
  } else if (!args.out.empty()) {
    write_core_numbers(args.out, r.core, ids);
    layout += "core numbers written to {out}\n";
  }
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, args.k ? "{k_core_vertices}\n" : "{max_core}\n");
  print_text(rep, layout);
}

}  // namespace

void register_kcore(CLI::App& app) {
  auto args = std::make_shared<KcoreArgs>();
  CLI::App* cmd = app.add_subcommand(
      "kcore",
      "Core number of every vertex (a directed graph is taken as undirected; self-loops ignored)");
  cmd->add_option("file", args->file, "Graph file")->required();
  cmd->add_option("--k,-k", args->k,
                  "Compute the K-core: the subgraph on the vertices of core number >= K "
                  "(--out then writes it as a graph file)")
      ->transform(integer_flag("--k", 0, kMaxDimension));
  cmd->add_option("--out,-o", args->out,
                  "Write 'vertex core' lines (in the file's ids); with --k, the K-core's edges "
                  "(an edge list, or the format the name's extension names)");
  add_repeat_flag(cmd, args->repeat);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_kcore(*args); });
}

}  // namespace spgraph::cli
