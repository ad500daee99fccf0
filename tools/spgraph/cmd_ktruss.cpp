// SPDX-License-Identifier: Apache-2.0
// `spgraph ktruss FILE`: the truss number of every edge (algorithms/cores/cores.hpp; a directed
// graph is taken as undirected, A ∪ A', self-loops ignored). Prints the triangles, the largest
// truss number and how many edges have each; --out writes "u v truss" lines, one per edge with
// u before v in dense order, in the file's ids. With --k K it computes the K-truss, the edges of
// truss number at least K, and --out writes that subgraph as a graph file in the file's
// numbering (an edge list unless the name asks for another format).
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

struct KtrussArgs {
  int repeat = 1;
  GlobalOptions g;
  LoadFlags load;
  std::string file, out;
  std::optional<std::uint64_t> k;
};

/// Writes "u v truss" lines atomically, the ends as the file names them.
void write_truss_numbers(const std::string& path, const KtrussResult& r, const IdSpace& ids) {
  ResultTable out(path, {"u", "v", "truss"});
  const Csr<bool>& e = r.edges.csr();
  for (Vertex u = 0; u < e.nrows; ++u)
    for (Offset k = e.row_begin(u); k < e.row_end(u); ++k) {
      out.vertex(ids, u).vertex(ids, e.col[k]).integer((long long)r.truss[k]);
      out.end_row();
    }
  out.commit();
}

/// The vertices with at least one edge in `sub`.
std::uint64_t vertices_with_edges(const Matrix<bool>& sub) {
  std::uint64_t count = 0;
  for (Vertex v = 0; v < sub.nrows(); ++v) count += sub.csr().degree(v) > 0;
  return count;
}

void run_ktruss(const KtrussArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) {
    if (args.k) output_format_for(args.out);  // an unknown extension fails before loading
    check_output_path(args.out, {args.file});
  }
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  CoreOptions o;
  o.undirected = graph.undirected;
  auto timed = run_kernel_timed(args.repeat, [&] { return ktruss(a, o); });
  const KtrussResult& r = timed.result;
  if (r.symmetrized && !args.g.quiet && !args.g.json)
    std::fprintf(stderr,
                 "note: %s is directed; computing the trusses of its undirected version (each "
                 "arc taken as an edge)\n",
                 args.file.c_str());
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(a.nrows()));
  rep.add("arcs", report::count(a.nvals()));
  rep.add("kind", report::text(graph.undirected ? "undirected" : "directed, taken as undirected"));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("edges", report::count(r.edges.nvals()));
  rep.add("triangles", report::count(r.triangles));
  rep.add("max_truss", report::count(r.max_truss));
  rep.add("symmetrized", report::flag(r.symmetrized));
  rep.add("self_loops_ignored", report::count(r.self_loops));
  rep.add("levels", report::count(r.levels));
  rep.add("rounds", report::count(r.rounds));
  rep.add("parallel_rounds", report::count(r.parallel_rounds));
  add_level_counts(rep, "edges_per_truss", r.truss, "truss", "edges");
  rep.add("seconds", report::seconds_as_ms(timed.seconds));
  rep.add("runs", report::count(timed.runs));
  std::string layout = graph_line_layout(false) +
                       "edges: {edges}, triangles: {triangles}\n"
                       "largest truss number: {max_truss}\n";
  if (r.self_loops) layout += "self-loops ignored: {self_loops_ignored}\n";
  layout += "edges per truss number:\n{edges_per_truss_rows}";
  layout +=
      "time: {seconds} ms ({levels} levels, {rounds} rounds, {parallel_rounds} on several "
      "threads)\n";
  if (args.k) {
    Matrix<bool> sub = ktruss_subgraph(r, Vertex(std::min<std::uint64_t>(*args.k, kNoVertex)));
    rep.add("k", report::count(*args.k));
    rep.add("k_truss_vertices", report::count(vertices_with_edges(sub)));
    rep.add("k_truss_edges", report::count(sub.nvals() / 2));
    layout += "{k}-truss: {k_truss_edges} edges on {k_truss_vertices} vertices\n";
    if (!args.out.empty()) {
      SaveOptions so = save_options_for(graph.loaded.info);
      so.symmetric = true;
      save_matrix(args.out, AnyMatrix(std::move(sub)), so);
      layout += "{k}-truss written to {out}\n";
    }
  } else if (!args.out.empty()) {
    write_truss_numbers(args.out, r, IdSpace(graph.loaded.info));
    layout += "truss numbers written to {out}\n";
  }
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, args.k ? "{k_truss_edges}\n" : "{max_truss}\n");
  print_text(rep, layout);
}

}  // namespace

void register_ktruss(CLI::App& app) {
  auto args = std::make_shared<KtrussArgs>();
  CLI::App* cmd = app.add_subcommand(
      "ktruss",
      "Truss number of every edge (a directed graph is taken as undirected; self-loops ignored)");
  cmd->add_option("file", args->file, "Graph file")->required();
  cmd->add_option("--k,-k", args->k,
                  "Compute the K-truss: the edges of truss number >= K (--out then writes it as "
                  "a graph file)")
      ->transform(integer_flag("--k", 0, kMaxDimension));
  cmd->add_option("--out,-o", args->out,
                  "Write 'u v truss' lines, one per edge (in the file's ids); with --k, the "
                  "K-truss's edges (an edge list, or the format the name's extension names)");
  add_repeat_flag(cmd, args->repeat);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_ktruss(*args); });
}

}  // namespace spgraph::cli
