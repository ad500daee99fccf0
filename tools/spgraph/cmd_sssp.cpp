// SPDX-License-Identifier: Apache-2.0
// `spgraph sssp FILE --source S`: single-source shortest paths over the file's weights (unit
// weights for a pattern), by delta-stepping or Bellman-Ford (algorithms/sssp/sssp.hpp); prints
// how many vertices are reached and the largest finite distance, and writes every distance with
// --out ("inf" where unreachable); with --paths the --out table also holds each vertex's path
// from the source, and --path-to V prints one path (tools/cli/vertex_paths.hpp).
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "engine/any_matrix.hpp"
#include "loaders/output_file.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/cli/vertex_paths.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct SsspArgs {
  int repeat = 1;
  GlobalOptions g;
  LoadFlags load;
  SsspFlags sp;
  std::string file, out;
  bool paths = false;   ///< --paths: a path column in --out
  std::string path_to;  ///< --path-to V, as typed (empty: none)
  std::string separator = kDefaultPathSeparator;
};

/// Writes "vertex distance" lines atomically ("inf" where unreachable), and with parents a third
/// field, the path from the source joined by `sep` (empty where unreachable).
void write_distances(const std::string& path, const SsspResult& r, const IdSpace& ids,
                     const std::string& sep) {
  const bool paths = !r.parent.empty();
  ResultTable out = paths ? ResultTable(path, {"vertex", "distance", "path"})
                          : ResultTable(path, {"vertex", "distance"});
  for (Vertex v = 0; v < r.distance.size(); ++v) {
    const double d = r.distance[v];
    out.vertex(ids, v).number("%.17g", d);
    if (paths) out.field(joined_path(parent_path(r.parent, v), ids, sep));
    out.end_row();
  }
  out.commit();
}

/// Adds the --path-to answer (the path and its distance) to `rep`.
void add_path_to(Report& rep, const SsspResult& r, const IdSpace& ids, Vertex target) {
  add_path_fields(rep, ids, target, parent_path(r.parent, target));
  const double d = r.distance[target];
  rep.add("path_distance",
          d == kUnreachableDistance ? report::null("inf") : report::real(d, "%.17g", "%.17g"));
}

/// Refuses a negative weight unless Bellman-Ford was asked for, naming the first such arc (row
/// order, as the algorithm does) in the file's numbering; the algorithm's own message would name
/// dense 0-based ids, which differ from a 1-based or remapped file's.
void check_negative_weights(const Csr<double>& a, const IdSpace& ids) {
  const auto arc = first_negative_arc(a);
  if (!arc) return;
  const auto [i, k] = *arc;
  char w[64];
  std::snprintf(w, sizeof w, "%.17g", a.val[k]);
  throw InvalidArgument("sssp: arc " + ids.name(i) + " -> " + ids.name(a.col[k]) +
                        " has negative weight " + w +
                        "; delta-stepping needs non-negative weights (use --method bellman-ford, "
                        "which accepts them)");
}

void run_sssp(const SsspArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  // Weights are read as doubles; a value that a double cannot hold exactly is an error at its
  // line. A pattern file has unit weights.
  CliGraph graph = load_for_cli(args.file, args.load, args.g, false, ValueType::Double);
  std::optional<Matrix<double>> converted;
  const Matrix<double>* a = &matrix_of_type<double>(graph.loaded.matrix, converted);
  const IdSpace ids(graph.loaded.info);
  const Vertex source = flag_vertex("--source", single_vertex(args.sp.source), ids, a->nrows());
  const bool path_to = !args.path_to.empty();
  const Vertex target =
      path_to ? flag_vertex("--path-to", single_vertex(args.path_to), ids, a->nrows()) : 0;
  SsspOptions o = sssp_options(args.sp);
  o.parents = args.paths || path_to;
  if (o.method != SsspMethod::BellmanFord) check_negative_weights(a->csr(), ids);
  auto timed = run_kernel_timed(args.repeat, [&] { return sssp(*a, source, o); });
  const SsspResult& r = timed.result;
  const double secs = timed.seconds;
  if (!args.out.empty()) write_distances(args.out, r, ids, args.separator);
  double max_distance = 0;
  for (double d : r.distance)
    if (d != kUnreachableDistance) max_distance = std::max(max_distance, d);
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(a->nrows()));
  rep.add("arcs", report::count(a->nvals()));
  rep.add("kind", report::text(graph.undirected ? "undirected" : "directed"));
  rep.add("weights", report::text(a->is_pattern() ? "unit weights" : "weighted"));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("source", vertex_value(ids, source));
  rep.add("reached", report::count(r.reached));
  rep.add("max_distance", report::real(max_distance, "%.17g", "%.17g"));
  rep.add("method", report::str(sssp_method_name(r.method)));
  rep.add("delta",
          r.method == SsspMethod::Delta ? report::real(r.delta, "%.17g", "%g") : report::null());
  rep.add("rounds", report::count(r.rounds));
  rep.add("rounds_name", report::text(r.method == SsspMethod::Delta ? "buckets" : "rounds"));
  rep.add("seconds", report::seconds_as_ms(secs));
  rep.add("runs", report::count(timed.runs));
  rep.add("out", report::text(args.out));
  if (path_to) add_path_to(rep, r, ids, target);
  if (args.g.json) return print_json(rep);
  if (args.g.quiet && path_to) {  // printed as is: a name may hold a layout's braces
    std::fputs(quiet_path_lines(parent_path(r.parent, target), ids).c_str(), stdout);
    return;
  }
  if (args.g.quiet) return print_text(rep, "{reached} {max_distance}\n");
  std::string layout =
      "graph: {n} vertices, {arcs} arcs, {kind}, {weights} (loaded in {load_seconds} s)\n"
      "source {source}: {reached} vertices reached, largest finite distance {max_distance}\n";
  layout += r.method == SsspMethod::Delta ? "method: delta-stepping, delta {delta}, {rounds} "
                                            "{rounds_name}\n"
                                          : "method: bellman-ford, {rounds} {rounds_name}\n";
  layout += "time: {seconds} ms\n";
  if (path_to)
    layout += r.parent[target] == kNoVertex ? "no path from {source} to {target}\n"
                                            : "path to {target}: {path_text}, distance "
                                              "{path_distance}\n";
  if (!args.out.empty())
    layout +=
        args.paths ? "distances and paths written to {out}\n" : "distances written to {out}\n";
  print_text(rep, layout);
}

}  // namespace

void register_sssp(CLI::App& app) {
  auto args = std::make_shared<SsspArgs>();
  CLI::App* cmd = app.add_subcommand(
      "sssp", "Single-source shortest paths (delta-stepping or Bellman-Ford) over arc weights");
  cmd->add_option("file", args->file, "Graph file (a pattern file has unit weights)")->required();
  add_sssp_flags(cmd, args->sp);
  cmd->add_option("--out,-o", args->out,
                  "Write 'vertex distance' lines (%.17g; 'inf' where unreachable); with --paths "
                  "'vertex distance path'");
  cmd->add_flag("--paths", args->paths,
                "With --out: a third column, each vertex's shortest path from the source (the "
                "file's ids joined by --path-separator; empty where unreachable)")
      ->needs(cmd->get_option("--out"));
  add_path_to_flag(cmd, args->path_to);
  add_path_separator_flag(cmd, args->separator);
  add_repeat_flag(cmd, args->repeat);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_sssp(*args); });
}

}  // namespace spgraph::cli
