// SPDX-License-Identifier: Apache-2.0
// `spgraph stream GRAPH --updates FILE|-`: loads a graph into a DynamicGraph, then reads an update
// stream (loaders/update_stream.hpp: "+ u v [w]", "- u v", "= u v w", "? bfs s", "? degree v",
// "? edges", "? triangles", "? pagerank", "? sssp s", "? cc", "? knn v", "? kcore v",
// "? communities"), applies the updates in batches of
// --batch, answers each query on the snapshot that holds every update read before it (pending
// updates are applied first), and reports throughput. Vertex ids are in the file's own numbering;
// an insert may name a new vertex (the graph grows, within the dimension guard of
// loaders/dimension_guard.hpp) unless
// --no-grow; an erase or re-weight naming a vertex the graph does not have never grows it: it is
// a no-op counted as missing. Malformed lines are reported with their line number and skipped,
// or end the run with --strict; they are never applied. The first SIGINT or SIGTERM ends the
// input: what was read is applied, --out is written, and the exit code is 128 + the signal.
// With --store DIR the graph lives in a durable store (store/graph_store.hpp): created
// from GRAPH when DIR holds none, else opened and recovered (GRAPH may then be left out); each
// batch is in the store's log, fsync'ed, before a query that depends on it is answered.
// --maintain keeps answers (components, PageRank, BFS levels and SSSP distances from a source,
// kNN of a vertex) up to date batch by batch (engine/maintained_view.hpp); their queries are
// then answered from the view, said "(maintained)".
// This file holds the flags and picks the value type; the run itself is stream_run.cpp.
#include "tools/spgraph/stream_run.hpp"

#include <memory>
#include <optional>

#include "store/graph_store.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/maintained_views.hpp"
#include "tools/spgraph/cli_store.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

/// A start from a loaded graph (its matrix set later by the caller).
template <class T>
StreamStart<T> start_from(const CliGraph& graph) {
  StreamStart<T> s;
  s.undirected = graph.undirected;
  s.info = graph.loaded.info;
  s.load_seconds = graph.load_seconds;
  return s;
}

/// --backend cuda keeps the graph in device memory (engine/dynamic_graph_cuda.hpp), which has
/// no store, no maintained views and no writer of --out yet: those flags are refused with it,
/// before the backend itself is checked, so the refusal (a usage error, exit 2) is the same in
/// every build.
void check_device_flags(const StreamArgs& args) {
  if (backend_of(args.g) != Backend::Cuda) return;
  const auto refuse = [](const std::string& flag) {
    throw CLI::ValidationError(flag +
                          " is not supported with --backend cuda (the graph in device memory "
                          "answers '? edges', '? degree v' and '? bfs s'); run without "
                          "--backend cuda to use it");
  };
  if (!args.store.empty()) refuse("--store");
  if (!args.maintain.empty()) refuse("--maintain");
  if (!args.out.empty()) refuse("--out");
}

void run_stream(const StreamArgs& args) {
  check_device_flags(args);
  apply_global_flags(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file, args.updates});
  if (const std::optional<StoreMeta> meta = existing_store(args.store, args.file, args.g.quiet)) {
    // An existing store: its own settings and numbering; a graph file is not needed.
    StreamArgs a = args;
    a.duplicates = meta->duplicates == DuplicatePolicy::Combine ? "combine" : "ignore";
    if (meta->weighted) {
      StreamStart<double> s;
      s.undirected = !meta->directed;
      s.info.index_base = meta->index_base;
      run_stream_typed<double>(a, s);
    } else {
      StreamStart<bool> s;
      s.undirected = !meta->directed;
      s.info.index_base = meta->index_base;
      run_stream_typed<bool>(a, s);
    }
    return;
  }
  if (args.file.empty())
    throw InvalidArgument(
        args.store.empty()
            ? std::string("a graph file is needed (or --store DIR naming an existing store)")
            : "--store " + printable(args.store) +
                  " holds no store yet: give a graph file to create it from");
  CliGraph graph = load_for_cli(args.file, args.load, args.g, false);
  if (!args.store.empty() && graph.loaded.info.ids && graph.loaded.info.ids->remapped())
    throw InvalidArgument(
        "--store keeps integer vertex ids numbered from 0 or 1; " + printable(args.file) +
        " has remapped ids (strings or sparse integers), which the store does not record yet");
  if (!args.store.empty() && args.duplicates == "keep")
    throw InvalidArgument(
        "--store keeps a set of edges: --duplicates keep (a multigraph) is not supported");
  std::visit(
      [&](const auto& m) {
        using T = typename std::decay_t<decltype(m)>::value_type;
        if constexpr (std::is_same_v<T, bool>) {
          if (!args.weighted) {
            StreamStart<bool> s = start_from<bool>(graph);
            s.base = &m;
            run_stream_typed<bool>(args, s);
            return;
          }
        }
        const Matrix<double> d = to_double_matrix(m);
        StreamStart<double> s = start_from<double>(graph);
        s.base = &d;
        run_stream_typed<double>(args, s);
      },
      graph.loaded.matrix);
}

}  // namespace

void register_stream(CLI::App& app) {
  auto args = std::make_shared<StreamArgs>();
  CLI::App* cmd = app.add_subcommand(
      "stream", "Apply a stream of edge updates to a graph and answer queries on the way");
  cmd->add_option("graph", args->file,
                  "Graph file to start from (optional with --store naming an existing store)");
  cmd->add_option("--updates,-u", args->updates,
                  "Update stream ('-' = standard input): '+ u v [w]', '- u v', '= u v w', "
                  "'? bfs s', '? degree v', '? edges', '? triangles', '? pagerank' (GAP "
                  "variant: steps, top vertex and its rank), '? sssp s' (reached, largest "
                  "distance), '? cc' (components, largest), '? knn v [k [measure]]' (the k "
                  "most similar vertices to v, default k 10 and jaccard; measures as 'spgraph "
                  "knn --measure': common, jaccard, cosine, overlap, adamic-adar, "
                  "resource-allocation, hops, distance; v and its neighbours excluded; printed "
                  "as answers=vertex:score,...), '? kcore v' (v's core number, the largest), "
                  "'? communities' (Louvain: communities, modularity, largest)")
      ->required();
  cmd->add_option("--batch,-b", args->batch,
                  "Updates applied per batch (a query applies the "
                  "pending updates first)")
      ->transform(integer_flag("--batch", 1, UINT64_MAX));
  cmd->add_flag("--strict", args->strict, "Stop at the first malformed line (exit code 1)");
  cmd->add_flag("--no-grow", args->no_grow,
                "Treat updates naming a vertex outside the graph as malformed");
  cmd->add_flag("--weighted", args->weighted, "Keep weights even if the graph file has none");
  cmd->add_option("--duplicates", args->duplicates,
                  "Insert of a present edge: ignore (default), combine (add weights), keep "
                  "(multigraph, directed only)")
      ->check(CLI::IsMember({"ignore", "combine", "keep"}));
  cmd->add_flag("--no-triangles", args->no_triangles,
                "Refuse '? triangles' (by default an undirected graph counts its triangles at the "
                "first such query and keeps the count up to date from then on)");
  cmd->add_option("--maintain", args->maintain,
                  "Keep these answers up to date after every batch, so that their queries cost "
                  "O(1) or O(answer) instead of a recomputation: " +
                      std::string(kViewListHelp) +
                      ". A query of another kind (or another source) still recomputes")
      ->check(CLI::Validator(view_list_check(), "VIEWS"));
  cmd->add_option("--out,-o", args->out, "Write the final graph here (format by extension)");
  cmd->add_option("--store", args->store,
                  "Keep the graph in a durable store in this directory: created from GRAPH when "
                  "it holds none, else opened and recovered (see docs/store.md); every batch is "
                  "logged and fsync'ed before a query depending on it is answered");
  cmd->add_option("--checkpoint-every", args->checkpoint_every,
                  "With --store: write a checkpoint every N batches (default: only when the "
                  "stream ends)")
      ->transform(integer_flag("--checkpoint-every", 0, UINT64_MAX));
  cmd->add_flag("--salvage", args->salvage,
                "With --store: open a store whose log has a damaged record (refused otherwise) "
                "by keeping the batches before it; the rest of the log is moved to "
                "wal.log.salvage-N in the store (docs/store.md, \"Recovery by hand\")")
      ->needs(cmd->get_option("--store"));
  add_global_flags(cmd, args->g);
  args->g.runs_on_cuda = true;  // the dynamic graph in device memory (dynamic_graph_cuda.hpp)
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_stream(*args); });
}

}  // namespace spgraph::cli
