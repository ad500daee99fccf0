// SPDX-License-Identifier: Apache-2.0
// `spgraph cdlp FILE --iterations N`: community detection by label propagation as LDBC
// Graphalytics defines it (specification v1.0, §2.3.4; algorithms/communities/cdlp.hpp); prints
// the number of communities and the largest, and writes each vertex's label with --out, the label
// being a vertex written in the file's numbering. Ties go to the smallest label, which must be
// the smallest of the file's names: dense ids follow them except under --remap-ids (numbered by
// first appearance), where the graph is renumbered in the names' order first (integers ascending,
// string names by byte order), before the timing, and the labels mapped back.
#include <algorithm>
#include <climits>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

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

/// Each dense vertex's place in the order of the file's names, or nothing when dense ids already
/// follow that order (no renumbering, or remapped ids that first appear in ascending order).
std::vector<Vertex> name_ranks(const VertexIds* map, Vertex n) {
  if (!map || !map->remapped()) return {};
  const VertexIds& ids = *map;
  std::vector<Vertex> order(n);
  std::iota(order.begin(), order.end(), Vertex(0));
  if (ids.kind() == VertexIds::Kind::Integer)
    std::stable_sort(order.begin(), order.end(),
                     [&](Vertex a, Vertex b) { return ids.integer_id(a) < ids.integer_id(b); });
  else
    std::stable_sort(order.begin(), order.end(),
                     [&](Vertex a, Vertex b) { return ids.token(a) < ids.token(b); });
  std::vector<Vertex> rank(n);
  bool identity = true;
  for (Vertex k = 0; k < n; ++k) {
    rank[order[k]] = k;
    identity = identity && order[k] == k;
  }
  if (identity) return {};
  return rank;
}

/// A with vertex v renamed rank[v].
Matrix<bool> renumbered(const Matrix<bool>& a, const std::vector<Vertex>& rank) {
  const Csr<bool>& c = a.csr();
  std::vector<Vertex> rows(c.nnz()), cols(c.nnz());
  for (Vertex u = 0; u < c.nrows; ++u)
    for (Offset k = c.row_begin(u); k < c.row_end(u); ++k)
      rows[k] = rank[u], cols[k] = rank[c.col[k]];
  return Matrix<bool>::build_pattern(a.nrows(), a.ncols(), rows, cols);
}

/// Labels found on the renumbered graph, given back in dense ids.
std::vector<Vertex> labels_in_dense_ids(const std::vector<Vertex>& label,
                                        const std::vector<Vertex>& rank) {
  std::vector<Vertex> vertex_of(rank.size()), out(rank.size());
  for (Vertex v = 0; v < rank.size(); ++v) vertex_of[rank[v]] = v;
  for (Vertex v = 0; v < rank.size(); ++v) out[v] = vertex_of[label[rank[v]]];
  return out;
}

void run_cdlp(const CdlpArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& loaded = std::get<Matrix<bool>>(graph.loaded.matrix);
  const auto t_order = std::chrono::steady_clock::now();
  const std::vector<Vertex> rank = name_ranks(graph.loaded.info.ids.get(), loaded.nrows());
  const Matrix<bool> reordered = rank.empty() ? Matrix<bool>() : renumbered(loaded, rank);
  const Matrix<bool>& a = rank.empty() ? loaded : reordered;
  const double order_seconds = rank.empty() ? 0 : seconds_since(t_order);
  CdlpOptions o;
  o.iterations = args.iterations;
  o.undirected = graph.undirected;
  const double in_arcs_seconds = build_in_arcs(a, !graph.undirected);
  auto timed = run_kernel_timed(args.repeat, [&] { return cdlp(a, o); });
  CdlpResult& r = timed.result;
  if (!rank.empty()) r.label = labels_in_dense_ids(r.label, rank);
  if (!args.out.empty()) write_labels(args.out, r.label, IdSpace(graph.loaded.info));
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(a.nrows()));
  rep.add("arcs", report::count(a.nvals()));
  rep.add("kind", report::text(graph.undirected ? "undirected" : "directed"));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("in_arcs_seconds", report::text_only(report::seconds(in_arcs_seconds)));
  rep.add("order_seconds", report::text_only(report::seconds(order_seconds)));
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
  std::string layout = graph_line_layout(!graph.undirected);
  if (!rank.empty())
    layout += "vertices renumbered in the order of their names, for ties (in {order_seconds} s)\n";
  layout +=
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
