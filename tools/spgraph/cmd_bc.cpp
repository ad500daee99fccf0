// SPDX-License-Identifier: Apache-2.0
// `spgraph bc FILE`: betweenness centrality by Brandes' algorithm (algorithms/centrality/
// centrality.hpp): exact over every source by default, or over --source vertices or --sources
// N sampled ones; unweighted unless --weighted (the file's values as positive lengths).
// Prints the sources, the scaling, the time and the top vertices, and writes every score with
// --out. Exact betweenness costs one search per vertex, so on a graph of more than
// kExactLimit vertices a run that names no sources is refused (exit code 2) unless --exact
// says it is meant: a user who forgot --sources gets a message at once, not a silent run of
// hours.
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "algorithms/centrality/centrality.hpp"
#include "engine/any_matrix.hpp"
#include "tools/cli/bc_flags.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/job_results.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/cli/spmv_common.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

/// The most vertices an exact run takes without --exact.
constexpr Vertex kExactLimit = 100000;

struct BcArgs {
  int repeat = 1;
  GlobalOptions g;
  LoadFlags load;
  BcSourceFlags src;
  std::string file, out, method = "auto";
  bool normalize = false, weighted = false, exact = false;
};

/// Writes "vertex score" lines (%.17g) atomically.
void write_scores(const std::string& path, const std::vector<double>& score, const IdSpace& ids) {
  ResultTable out(path, {"vertex", "betweenness"});
  for (Vertex v = 0; v < score.size(); ++v) {
    out.vertex(ids, v).number("%.17g", score[v]);
    out.end_row();
  }
  out.commit();
}

/// The report items of the sources ("vertex"), for a run that named or sampled them.
std::vector<Report> source_items(const std::vector<Vertex>& sources, const IdSpace& ids) {
  std::vector<Report> items;
  for (const Vertex s : sources) {
    Report item;
    item.add("vertex", vertex_value(ids, s));
    items.push_back(item);
  }
  return items;
}

BcMethod parse_bc_method(const std::string& m) {
  return m == "per-source" ? BcMethod::PerSource
         : m == "batched"  ? BcMethod::Batched
                           : BcMethod::Auto;
}

template <class T>
void run_on(const BcArgs& args, const CliGraph& graph, const Matrix<T>& a) {
  const IdSpace ids(graph.loaded.info);
  if (!bc_sources_given(args.src) && !args.exact && a.nrows() > kExactLimit)
    throw CLI::ValidationError(
        "bc", "exact betweenness of " + std::to_string(a.nrows()) +
                  " vertices runs one search per vertex; pass --sources N to sample N sources "
                  "(GAP's rule), or --exact to run every source anyway");
  BcOptions o;
  o.sources = bc_sources(args.src, ids, a);
  o.normalize = args.normalize;
  o.weighted = args.weighted;
  o.undirected = graph.undirected;
  o.method = parse_bc_method(args.method);
  const double in_arcs_seconds = build_in_arcs(a, !graph.undirected);
  auto timed = run_kernel_timed(args.repeat, [&] { return betweenness(a, o); });
  const BcResult& r = timed.result;
  const double secs = timed.seconds;
  if (!args.out.empty()) write_scores(args.out, r.score, ids);
  const bool exact = o.sources.empty();
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(a.nrows()));
  rep.add("arcs", report::count(a.nvals()));
  rep.add("kind", report::text(graph.undirected ? "undirected" : "directed"));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("in_arcs_seconds", report::text_only(report::seconds(in_arcs_seconds)));
  rep.add("weighted", report::flag(args.weighted, "weighted (lengths)", "unweighted"));
  rep.add("exact", report::flag(exact, "every vertex (exact)", "sampled or named"));
  rep.add("source_count", report::count(r.sources.size()));
  rep.add("sources",
          exact ? report::null() : report::list(source_items(r.sources, ids), "{vertex} "));
  rep.add("seed", args.src.sampled > 0 ? report::count(args.src.seed) : report::null());
  rep.add("scaling", report::str(bc_scaling_name(r.scaling)));
  rep.add("method", report::str(args.weighted ? "dijkstra" : r.batched ? "batched" : "per-source"));
  rep.add("push_steps", report::count(r.push_steps));
  rep.add("pull_steps", report::count(r.pull_steps));
  rep.add("seconds", report::seconds_as_ms(secs));
  rep.add("runs", report::count(timed.runs));
  rep.add("top", report::list(top_ranked(r.score, ids), "{place:4} {vertex:12} {rank:16}\n"));
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, "{top}");
  std::string layout =
      graph_line_layout(!graph.undirected) +
      "betweenness: {weighted}, {source_count} sources: {exact}, scaling {scaling}\n";
  if (!exact) layout += "sources: {sources}\n";
  layout +=
      "method: {method} ({push_steps} top-down and {pull_steps} bottom-up levels)\n"
      "time: {seconds} ms\ntop vertices:\n   #       vertex      betweenness\n{top}";
  if (!args.out.empty()) layout += "scores written to {out}\n";
  print_text(rep, layout);
}

void run_bc(const BcArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  if (!args.weighted) {
    const CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
    return run_on(args, graph, std::get<Matrix<bool>>(graph.loaded.matrix));
  }
  // Lengths are read as doubles (a pattern file has unit lengths).
  CliGraph graph = load_for_cli(args.file, args.load, args.g, false, ValueType::Double);
  std::optional<Matrix<double>> converted;
  const Matrix<double>& a = matrix_of_type<double>(graph.loaded.matrix, converted);
  // Named in the file's numbering (the algorithm's message would name dense ids).
  const Csr<double>& c = a.csr();
  if (const auto arc = first_arc_where(c, [](double w) { return !(w > 0) || !std::isfinite(w); })) {
    const auto [i, k] = *arc;
    const IdSpace ids(graph.loaded.info);
    char w[64];
    std::snprintf(w, sizeof w, "%.17g", c.val[k]);
    throw InvalidArgument("bc --weighted: " + args.file + ": arc " + ids.name(i) + " -> " +
                          ids.name(c.col[k]) + " has length " + w +
                          "; weighted betweenness needs positive, finite lengths");
  }
  run_on(args, graph, a);
}

}  // namespace

void register_bc(CLI::App& app) {
  auto args = std::make_shared<BcArgs>();
  CLI::App* cmd = app.add_subcommand(
      "bc", "Betweenness centrality (Brandes; exact, or over named or sampled sources)");
  cmd->add_option("file", args->file, "Graph file")->required();
  add_bc_source_flags(cmd, args->src);
  cmd->add_flag("--normalize", args->normalize,
                "Scale as networkx's normalized=True: 1/((n-1)(n-2)), times n/k for k sources");
  cmd->add_flag("--weighted", args->weighted,
                "Read the values as arc lengths (positive; Dijkstra-based Brandes); default: "
                "values ignored");
  cmd->add_flag("--exact", args->exact,
                "Run every source even on a graph of more than 100000 vertices");
  cmd->add_option("--method", args->method,
                  "Unweighted search: auto, per-source (one source per search) or batched (4)")
      ->check(CLI::IsMember({"auto", "per-source", "batched"}));
  cmd->add_option("--out,-o", args->out, "Write 'vertex betweenness' lines (%.17g)");
  add_repeat_flag(cmd, args->repeat);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_bc(*args); });
}

}  // namespace spgraph::cli
