// `spgraph tc FILE`: the number of triangles of a graph, and with --per-vertex the triangles
// through each vertex and its local clustering coefficient (written with --out).
#include <cstdio>
#include <memory>
#include <string>

#include "algorithms/triangles/triangles.hpp"
#include "loaders/output_file.hpp"
#include "tools/spgraph/cli_common.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct TcArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, out, method = "auto";
  bool per_vertex = false;
};

/// Writes the per-vertex counts atomically: the old file or the complete new one.
void write_per_vertex(const std::string& path, const TriangleResult& r, const IdSpace& ids) {
  OutputFile out(path);
  out.write("# vertex triangles clustering\n");
  char line[96];
  for (Vertex v = 0; v < r.per_vertex.size(); ++v) {
    const int k = std::snprintf(line, sizeof line, "%llu\t%llu\t%.12g\n",
                                (unsigned long long)ids.to_external(v),
                                (unsigned long long)r.per_vertex[v], r.clustering[v]);
    out.write(std::string_view(line, std::size_t(k)));  // OutputFile buffers
  }
  out.commit();
}

void run_tc(const TcArgs& args) {
  apply_threads(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  TriangleOptions o;
  o.method = parse_triangle_method(args.method);
  o.per_vertex = args.per_vertex || !args.out.empty();
  o.undirected = graph.undirected;
  const auto t0 = std::chrono::steady_clock::now();
  const TriangleResult r = triangle_count(a, o);
  const double seconds = seconds_since(t0);
  if (r.symmetrized && !args.g.quiet && !args.g.json)
    std::fprintf(stderr,
                 "note: %s is directed; counting the triangles of its undirected version "
                 "(each arc taken as an edge)\n",
                 args.file.c_str());
  if (!args.out.empty()) write_per_vertex(args.out, r, IdSpace(graph.loaded.info));
  double mean_clustering = 0;
  for (double c : r.clustering) mean_clustering += c;
  if (!r.clustering.empty()) mean_clustering /= double(r.clustering.size());
  if (args.g.json) {
    std::printf(
        "{\"file\": %s, \"n\": %u, \"triangles\": %llu, \"method\": %s, "
        "\"symmetrized\": %s, \"self_loops_ignored\": %llu, \"seconds\": %.6f",
        json_string(args.file).c_str(), a.nrows(), (unsigned long long)r.triangles,
        json_string(triangle_method_name(r.method)).c_str(), r.symmetrized ? "true" : "false",
        (unsigned long long)r.self_loops, seconds);
    if (o.per_vertex) std::printf(", \"mean_clustering\": %.9f", mean_clustering);
    std::printf("}\n");
    return;
  }
  if (args.g.quiet) {
    std::printf("%llu\n", (unsigned long long)r.triangles);
    return;
  }
  std::printf("graph: %u vertices, %llu stored arcs%s (loaded in %.3f s)\n", a.nrows(),
              (unsigned long long)a.nvals(), graph.undirected ? ", undirected" : "",
              graph.load_seconds);
  std::printf("triangles: %llu\n", (unsigned long long)r.triangles);
  if (r.self_loops) std::printf("self-loops ignored: %llu\n", (unsigned long long)r.self_loops);
  if (o.per_vertex) std::printf("mean local clustering coefficient: %.6f\n", mean_clustering);
  if (!args.out.empty()) std::printf("per-vertex counts written to %s\n", args.out.c_str());
  std::printf("time: %.3f ms (method %s)\n", seconds * 1e3, triangle_method_name(r.method).c_str());
}

}  // namespace

void register_tc(CLI::App& app) {
  auto args = std::make_shared<TcArgs>();
  CLI::App* cmd = app.add_subcommand(
      "tc", "Count triangles (a directed graph is counted as undirected; self-loops ignored)");
  cmd->add_option("file", args->file, "Graph file")->required();
  cmd->add_option("--method", args->method, "auto (default), merge, hash, sandia-ll or sandia-uu")
      ->check(CLI::IsMember({"auto", "merge", "hash", "sandia-ll", "sandia-uu"}));
  cmd->add_flag("--per-vertex", args->per_vertex,
                "Also compute triangles per vertex and local clustering coefficients");
  cmd->add_option("--out", args->out,
                  "Write 'vertex triangles clustering' per vertex to this file (implies "
                  "--per-vertex)");
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_tc(*args); });
}

}  // namespace spgraph::cli
