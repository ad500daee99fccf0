// SPDX-License-Identifier: Apache-2.0
// `spgraph bfs FILE --source S`: levels, parents or both from one or several sources; with
// --path-to V, the path from the source to V through the BFS tree (tools/cli/vertex_paths.hpp).
// With --backend cuda the graph is uploaded once and every search runs on the device
// (algorithms/bfs/bfs_cuda.hpp); the report adds the upload and each search's device costs.
#include <cstdio>
#include <memory>
#include <string>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/bfs/bfs_cuda.hpp"
#include "loaders/output_file.hpp"
#include "tools/cli/bfs_outputs.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/device_run_report.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/cli/vertex_list.hpp"
#include "tools/cli/vertex_paths.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct BfsArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, out, method = "auto";
  std::string compute;               ///< levels | parents | both; empty: levels, or both with --out
  std::string path_to;               ///< --path-to V as typed (empty: none)
  std::vector<std::string> sources;  ///< in the file's numbering (names for string ids)
  std::size_t random_sources = 0;
  std::uint64_t seed = 1;
  bool parents = false;
  BfsOptions tuning;  ///< alpha and beta of the direction heuristic (--alpha, --beta)
};

BfsMethod parse_method(const std::string& m) {
  return m == "push" ? BfsMethod::Push : m == "pull" ? BfsMethod::Pull : BfsMethod::Auto;
}

/// Which arrays the searches compute: --compute, --parents (both) or, by default, levels
/// (levels and parents with --out, as before --compute existed); --path-to adds parents.
void choose_outputs(const BfsArgs& args, BfsOptions& o) {
  set_bfs_outputs(!args.compute.empty()               ? args.compute
                  : args.parents || !args.out.empty() ? "both"
                                                      : "levels",
                  o);
  if (!args.path_to.empty()) o.parents = true;
}

/// Writes what was computed (levels, parents or both) atomically: the old file or the complete
/// new one. An unreachable vertex has level -1, and parent -1 where ids are integers or an empty
/// field where they are strings (where "-1" could be a name).
void write_result(const std::string& path, const BfsResult& r, Vertex n, const IdSpace& ids) {
  ResultTable out = r.parent.empty()  ? ResultTable(path, {"vertex", "level"})
                    : r.level.empty() ? ResultTable(path, {"vertex", "parent"})
                                      : ResultTable(path, {"vertex", "level", "parent"});
  for (Vertex v = 0; v < n; ++v) {
    out.vertex(ids, v);
    if (!r.level.empty())
      out.integer(r.level[v] == kUnreached ? -1LL : static_cast<long long>(r.level[v]));
    if (!r.parent.empty()) {
      if (r.parent[v] != kUnreached)
        out.vertex(ids, r.parent[v]);
      else
        out.no_vertex(ids);
    }
    out.end_row();
  }
  out.commit();
}

void run_bfs(const BfsArgs& args) {
  apply_global_flags(args.g);
  // Missing or conflicting flags are usage errors (exit code 2), found before the load.
  if (args.sources.empty() && args.random_sources == 0)
    throw CLI::ValidationError("give --source S or --sources N");
  const std::size_t searches_asked = vertex_list(args.sources).size() + args.random_sources;
  if (!args.out.empty() && searches_asked != 1)
    throw CLI::ValidationError("--out writes one search: give exactly one source");
  if (!args.path_to.empty() && searches_asked != 1)
    throw CLI::ValidationError("--path-to follows one search: give exactly one source");
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  const IdSpace ids(graph.loaded.info);
  std::vector<Vertex> sources = flag_vertices("--source", args.sources, ids, a.nrows());
  const bool path_to = !args.path_to.empty();
  const Vertex target =
      path_to ? flag_vertex("--path-to", single_vertex(args.path_to), ids, a.nrows()) : 0;
  if (args.random_sources) {
    auto more = pick_sources(a.csr(), args.random_sources, args.seed);
    sources.insert(sources.end(), more.begin(), more.end());
  }
  BfsOptions o;
  o.alpha = args.tuning.alpha;
  o.beta = args.tuning.beta;
  o.method = parse_method(args.method);
  choose_outputs(args, o);
  // A "general" file may still hold an undirected graph: its symmetric structure is tested once
  // here, before the searches, so that no search pays for it or for a transpose.
  const bool detected = !graph.undirected && a.structure_symmetric();
  o.undirected = graph.undirected || detected;
  // --backend cuda: the graph goes to the device once, before the searches.
  std::unique_ptr<DeviceBfs> device;
  if (backend_of(args.g) == Backend::Cuda)
    device = std::make_unique<DeviceBfs>(adjacency_of(a.csr()), detail::pull_side(a, o));
  Report head;
  head.add("file", report::str(args.file));
  head.add("vertices", report::text(std::to_string(a.nrows())));
  head.add("arcs", report::text(std::to_string(a.nvals())));
  head.add("kind", report::text(o.undirected ? "undirected" : "directed"));
  head.add("computes", report::str(bfs_outputs_name(o)));
  head.add("symmetry", report::str(graph.undirected ? "declared" : detected ? "detected" : "none"));
  head.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  head.add("backend", report::str(args.g.backend));
  if (device) {
    head.add("device_upload_seconds", report::seconds(device->upload().upload_seconds));
    head.add("device_upload_bytes", report::bytes(device->upload().h2d_bytes));
  }
  const std::string row = "{source:10} {depth:8} {reached:10} {seconds:12}\n";
  const std::string device_row = device ? "    device: kernels {device_run_seconds} s, download "
                                          "{device_download_seconds} s, {device_d2h_bytes} back, "
                                          "peak device memory {device_peak_bytes}\n"
                                        : "";
  ListPrinter searches(args.g.json, head,
                       args.g.quiet ? ""
                                    : "graph: {vertices} vertices, {arcs} arcs, {kind} (symmetric "
                                      "structure: {symmetry}; loaded in {load_seconds} s)\n"
                                      "computes: {computes}\n" +
                                          std::string(device ? "backend: cuda, graph uploaded in "
                                                               "{device_upload_seconds} s "
                                                               "({device_upload_bytes})\n"
                                                             : "") +
                                          "    source    depth    reached    time (ms)\n",
                       "searches",
                       args.g.quiet && path_to ? "{path_lines}"
                       : path_to ? row + device_row + "path to {target}: {path_text}\n"
                                 : row + device_row);
  for (Vertex source : sources) {
    DeviceRun cost;
    auto t0 = kernel_clock_start();
    BfsResult r = device ? device->run(source, o, &cost) : bfs(a, source, o);
    const double secs = seconds_since(t0);
    Report search;
    search.add("source", vertex_value(ids, source));
    search.add("depth", report::count(r.depth));
    search.add("reached", report::count(r.reached));
    search.add("seconds", report::seconds_as_ms(secs));
    if (device) {
      search.add("device_run_seconds", report::seconds(cost.run_seconds));
      search.add("device_download_seconds", report::seconds(cost.download_seconds));
      add_device_transfer_fields(search, cost);
    }
    if (path_to) {
      const std::vector<Vertex> path = parent_path(r.parent, target);
      add_path_fields(search, ids, target, path);
      search.add("path_lines", report::text(quiet_path_lines(path, ids)));
    }
    searches.add(search);
    if (!args.out.empty()) write_result(args.out, r, a.nrows(), ids);
  }
  searches.finish();
}

}  // namespace

void register_bfs(CLI::App& app) {
  auto args = std::make_shared<BfsArgs>();
  CLI::App* cmd = app.add_subcommand("bfs", "Breadth-first search: levels, parents or both");
  cmd->add_option("file", args->file, "Graph file")->required();
  cmd->add_option("--source,-s", args->sources,
                  "Source vertices in the file's ids (1-based for .mtx; names with --remap-ids), "
                  "comma-separated, quoting a name that holds a comma; repeatable")
      ->allow_extra_args(false)
      ->check(vertex_list_flag("--source"));
  cmd->add_option("--sources", args->random_sources,
                  "Also search from N random vertices that have out-arcs")
      ->transform(integer_flag("--sources", 0, UINT64_MAX));
  cmd->add_option("--seed", args->seed, "Seed for --sources")
      ->transform(integer_flag("--seed", 0, UINT64_MAX));
  auto* compute =
      cmd->add_option("--compute", args->compute,
                      "What each search computes: levels (the default), parents (a BFS tree, "
                      "like GAPBS) or both (the default with --out)")
          ->check(CLI::IsMember(kBfsOutputs));
  cmd->add_flag("--parents", args->parents, "Compute parents too: the same as --compute both")
      ->excludes(compute);
  cmd->add_option("--method", args->method, "auto (direction-optimizing), push or pull")
      ->check(CLI::IsMember({"auto", "push", "pull"}));
  cmd->add_option("--alpha", args->tuning.alpha,
                  "Direction heuristic: pull once the frontier's out-edges exceed the unexplored "
                  "edges / alpha (default 8)")
      ->transform(integer_flag("--alpha", 1, 1 << 20));
  cmd->add_option("--beta", args->tuning.beta,
                  "Direction heuristic: push again once the frontier shrinks below n / beta "
                  "(default 18)")
      ->transform(integer_flag("--beta", 1, 1 << 20));
  cmd->add_option(
      "--out,-o", args->out,
      "Write one line per vertex with what --compute asks for ('vertex level parent' by "
      "default; unreachable: level -1, parent -1 for integer ids or empty for names), for one "
      "source");
  add_path_to_flag(cmd, args->path_to);
  add_global_flags(cmd, args->g);
  args->g.runs_on_cuda = true;  // algorithms/bfs/bfs_cuda.hpp
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_bfs(*args); });
}

}  // namespace spgraph::cli
