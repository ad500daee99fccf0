// `spgraph bfs FILE --source S`: levels (and parents) from one or several sources.
#include <cstdio>
#include <fstream>
#include <memory>

#include "algorithms/bfs.hpp"
#include "tools/spgraph/cli_common.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct BfsArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, out, method = "auto";
  std::vector<std::uint64_t> sources;
  std::size_t random_sources = 0;
  std::uint64_t seed = 1;
  bool parents = false;
};

BfsMethod parse_method(const std::string& m) {
  return m == "push" ? BfsMethod::Push : m == "pull" ? BfsMethod::Pull : BfsMethod::Auto;
}

void write_levels(const std::string& path, const BfsResult& r, const IdSpace& ids) {
  std::ofstream out(path);
  if (!out) throw IoError("cannot open " + path + " for writing");
  out << (r.parent.empty() ? "# vertex level\n" : "# vertex level parent\n");
  for (Vertex v = 0; v < r.level.size(); ++v) {
    out << ids.to_external(v) << '\t' << r.level[v];
    if (!r.parent.empty())
      out << '\t' << (r.parent[v] < 0 ? -1 : std::int64_t(ids.to_external(Vertex(r.parent[v]))));
    out << '\n';
  }
  if (!out.flush()) throw IoError("failed writing " + path);
}

void run_bfs(const BfsArgs& args) {
  apply_threads(args.g);
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  const IdSpace ids(graph.loaded.info);
  std::vector<Vertex> sources;
  for (std::uint64_t s : args.sources) sources.push_back(ids.to_internal(s, a.nrows()));
  if (args.random_sources) {
    auto more = pick_sources(a.csr(), args.random_sources, args.seed);
    sources.insert(sources.end(), more.begin(), more.end());
  }
  if (sources.empty()) throw InvalidArgument("give --source S or --sources N");
  if (!args.out.empty() && sources.size() != 1)
    throw InvalidArgument("--out writes one search: give exactly one source");
  BfsOptions o;
  o.method = parse_method(args.method);
  o.parents = args.parents || !args.out.empty();
  o.undirected = graph.undirected;
  if (args.g.json)
    std::printf("{\"file\": %s, \"searches\": [", json_string(args.file).c_str());
  else if (!args.g.quiet)
    std::printf("graph: %u vertices, %llu arcs, %s (loaded in %.3f s)\n%10s %8s %10s %12s\n",
                a.nrows(), (unsigned long long)a.nvals(),
                graph.undirected ? "undirected" : "directed", graph.load_seconds, "source", "depth",
                "reached", "time (ms)");
  for (std::size_t k = 0; k < sources.size(); ++k) {
    auto t0 = std::chrono::steady_clock::now();
    BfsResult r = bfs(a, sources[k], o);
    const double secs = seconds_since(t0);
    if (args.g.json)
      std::printf("%s{\"source\": %llu, \"depth\": %u, \"reached\": %u, \"seconds\": %.6f}",
                  k ? ", " : "", (unsigned long long)ids.to_external(sources[k]), r.depth,
                  r.reached, secs);
    else
      std::printf("%10llu %8u %10u %12.3f\n", (unsigned long long)ids.to_external(sources[k]),
                  r.depth, r.reached, secs * 1e3);
    if (!args.out.empty()) write_levels(args.out, r, ids);
  }
  if (args.g.json) std::printf("]}\n");
}

}  // namespace

void register_bfs(CLI::App& app) {
  auto args = std::make_shared<BfsArgs>();
  CLI::App* cmd = app.add_subcommand("bfs", "Breadth-first search: levels and parents");
  cmd->add_option("file", args->file, "Graph file")->required();
  cmd->add_option("--source,-s", args->sources,
                  "Source vertex in the file's numbering (1-based for .mtx); repeatable");
  cmd->add_option("--sources", args->random_sources,
                  "Also search from N random vertices that have out-arcs");
  cmd->add_option("--seed", args->seed, "Seed for --sources");
  cmd->add_flag("--parents", args->parents, "Compute parents too (always on with --out)");
  cmd->add_option("--method", args->method, "auto (direction-optimizing), push or pull")
      ->check(CLI::IsMember({"auto", "push", "pull"}));
  cmd->add_option("--out,-o", args->out,
                  "Write 'vertex level parent' lines (-1 = unreachable) for one source");
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_bfs(*args); });
}

}  // namespace spgraph::cli
