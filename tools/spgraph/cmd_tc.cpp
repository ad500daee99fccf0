// SPDX-License-Identifier: Apache-2.0
// `spgraph tc FILE`: the number of triangles of a graph, and with --per-vertex the triangles
// through each vertex and its local clustering coefficient (written with --out).
#include <cstdio>
#include <memory>
#include <string>

#include "algorithms/triangles/triangle_count_cuda.hpp"
#include "algorithms/triangles/triangles.hpp"
#include "engine/backend.hpp"
#include "loaders/output_file.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/device_report.hpp"
#include "tools/cli/job_results.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct TcArgs {
  int repeat = 1;
  GlobalOptions g;
  LoadFlags load;
  std::string file, out, method = "auto";
  bool per_vertex = false;
};

/// Writes the per-vertex counts atomically: the old file or the complete new one.
void run_tc(const TcArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  TriangleOptions o;
  o.method = parse_triangle_method(args.method);
  o.per_vertex = args.per_vertex || !args.out.empty();
  o.undirected = graph.undirected;
  // --backend cuda: the device count (triangle_count_cuda.hpp: one thread per arc of the
  // degree orientation); --method does not apply there.
  const bool on_cuda = backend_of(args.g) == Backend::Cuda;
  reset_device_report();
  auto timed = run_kernel_timed(
      args.repeat, [&] { return on_cuda ? triangle_count_cuda(a, o) : triangle_count(a, o); });
  const TriangleResult& r = timed.result;
  const double seconds = timed.seconds;
  if (r.symmetrized && !args.g.quiet && !args.g.json)
    std::fprintf(stderr,
                 "note: %s is directed; counting the triangles of its undirected version "
                 "(each arc taken as an edge)\n",
                 args.file.c_str());
  if (!args.out.empty())
    write_triangles(args.out, r.per_vertex, r.clustering, IdSpace(graph.loaded.info));
  double mean_clustering = 0;
  for (double c : r.clustering) mean_clustering += c;
  if (!r.clustering.empty()) mean_clustering /= double(r.clustering.size());
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(a.nrows()));
  rep.add("arcs", report::text(std::to_string(a.nvals())));
  rep.add("undirected", report::text(graph.undirected ? ", undirected" : ""));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("triangles", report::count(r.triangles));
  rep.add("method", report::str(on_cuda ? "cuda-arcs" : triangle_method_name(r.method)));
  rep.add("backend", report::str(args.g.backend));
  if (on_cuda) report_device_stats(rep);
  rep.add("symmetrized", report::flag(r.symmetrized));
  rep.add("self_loops_ignored", report::count(r.self_loops));
  rep.add("seconds", report::seconds_as_ms(seconds));
  rep.add("runs", report::count(timed.runs));
  if (o.per_vertex) rep.add("mean_clustering", report::real(mean_clustering, "%.9f", "%.6f"));
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, "{triangles}\n");
  std::string layout =
      "graph: {n} vertices, {arcs} stored arcs{undirected} (loaded in {load_seconds} s)\n"
      "triangles: {triangles}\n";
  if (r.self_loops) layout += "self-loops ignored: {self_loops_ignored}\n";
  if (o.per_vertex) layout += "mean local clustering coefficient: {mean_clustering}\n";
  if (!args.out.empty()) layout += "per-vertex counts written to {out}\n";
  layout += "time: {seconds} ms (method {method}, backend {backend})\n";
  print_text(rep, layout);
}

}  // namespace

void register_tc(CLI::App& app) {
  auto args = std::make_shared<TcArgs>();
  CLI::App* cmd = app.add_subcommand(
      "tc", "Count triangles (a directed graph is counted as undirected; self-loops ignored)");
  cmd->add_option("file", args->file, "Graph file")->required();
  cmd->add_option("--method", args->method,
                  "auto (default), merge, hash, sandia-ll, sandia-uu or wedge")
      ->check(CLI::IsMember({"auto", "merge", "hash", "sandia-ll", "sandia-uu", "wedge"}));
  cmd->add_flag("--per-vertex", args->per_vertex,
                "Also compute triangles per vertex and local clustering coefficients");
  cmd->add_option("--out,-o", args->out,
                  "Write 'vertex triangles clustering' per vertex to this file (implies "
                  "--per-vertex)");
  add_repeat_flag(cmd, args->repeat);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  args->g.runs_on_cuda = true;  // triangle_count_cuda
  cmd->callback([args] { run_tc(*args); });
}

}  // namespace spgraph::cli
