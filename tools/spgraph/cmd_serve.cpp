// SPDX-License-Identifier: Apache-2.0
// `spgraph serve GRAPH|--store DIR [--port P] [--bind ADDR]`: the dynamic graph behind an
// HTTP/1.1 endpoint (cpp-httplib), so that programs in any language can stream updates and ask
// questions; the endpoints, limits and semantics are in docs/server.md. The graph is in memory,
// or in a durable store (store/graph_store.hpp) created from GRAPH when DIR holds none.
// One writer thread applies the updates (serve/graph_service.hpp); readers are answered on
// snapshots by the HTTP worker threads. The first line on stdout is "listening on
// http://ADDR:PORT" (with --json, a JSON object with "listening" and "port", and a last line,
// an object with "stopped", when it exits); SIGINT or SIGTERM stops accepting, answers the
// requests that have arrived (reads wait at most kDrain), drains the writer, closes the store
// cleanly (a checkpoint) and exits 0. Every request is held to the limits of
// serve/request_guard.hpp and serve/admission.hpp. Updates may require a bearer token
// (--token-file); the server binds to 127.0.0.1 unless --bind says otherwise.
#include <httplib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <thread>

#include "store/graph_store.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/maintained_views.hpp"
#include "tools/cli/plural.hpp"
#include "tools/cli/report.hpp"
#include "tools/spgraph/cli_store.hpp"
#include "tools/spgraph/commands.hpp"
#include "tools/spgraph/serve/graph_service.hpp"
#include "tools/spgraph/serve/guarded_server.hpp"
#include "tools/spgraph/serve/routes.hpp"
#include "tools/spgraph/serve/serve_ids.hpp"
#include "tools/spgraph/signals.hpp"
#include "tools/spgraph/version.hpp"

namespace spgraph::cli {

namespace {

struct ServeArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, store, bind = "127.0.0.1", duplicates = "ignore", token_file;
  int port = 8080;
  int workers = 8;
  int max_connections = 64;
  int request_timeout = 60;
  std::uint64_t max_body = std::uint64_t(16) << 20;
  std::uint64_t max_pending = 0;  ///< 0: 2 * max_body
  std::string token;              ///< --token-file's token, read before the graph is loaded
  std::uint64_t max_vertices = 0;
  std::uint64_t checkpoint_every = 0;
  bool salvage = false;  ///< --salvage: open a store past a damaged log record
  bool weighted = false, no_triangles = false;
  std::string maintain;  ///< --maintain: views kept up to date (tools/cli/maintained_views.hpp)
};

/// How long a graceful stop waits for requests still arriving.
constexpr std::chrono::seconds kDrain{10};

/// The token of --token-file: its content without the trailing line end; refused when empty,
/// shorter than 16 bytes, or holding anything but printable ASCII.
std::string read_token(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError("--token-file " + printable(path) + ": cannot open");
  std::string token((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (token.size() > 4096)
    throw InvalidArgument("--token-file " + printable(path) + ": more than 4096 bytes");
  while (!token.empty() && (token.back() == '\n' || token.back() == '\r')) token.pop_back();
  for (char ch : token)
    if (ch <= ' ' || ch > '~')
      throw InvalidArgument("--token-file " + printable(path) +
                            ": the token must be printable ASCII without spaces, on one line");
  if (token.size() < 16)
    throw InvalidArgument("--token-file " + printable(path) + ": the token has " +
                          std::to_string(token.size()) +
                          " characters; use at least 16 (e.g. head -c 32 /dev/urandom | "
                          "base64 > FILE)");
  return token;
}

/// Bytes of the content the served graph came from: the graph file, or the store's files.
std::uint64_t content_bytes(const ServeArgs& args) {
  std::error_code ec;
  std::uint64_t total = 0;
  if (!args.store.empty())
    for (const auto& e : std::filesystem::directory_iterator(args.store, ec))
      if (e.is_regular_file(ec)) total += e.file_size(ec);
  if (total == 0 && !args.file.empty()) {
    const std::uintmax_t size = std::filesystem::file_size(args.file, ec);
    if (!ec) total = size;
  }
  return total;
}

/// Makes freed request memory go back to the system. Each connection has its own thread, and
/// glibc would otherwise keep a large body's freed batch in that thread's arena (and raise its
/// mmap threshold past it), so resident memory would grow with the number of threads that ever
/// took a large body rather than stay within the bound of docs/server.md.
void return_freed_memory() {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 256 << 10);  // a fixed threshold: large blocks are unmapped on free
  mallopt(M_ARENA_MAX, 4);
#endif
}

/// The dense id of the vertex a --maintain view names (a number in the file's numbering, from
/// `index_base`); throws InvalidArgument when the graph of n vertices does not have it.
Vertex numbered_view_vertex(const ViewSpec& spec, int index_base, Vertex n) {
  std::size_t used = 0;
  unsigned long long id = 0;
  try {
    id = std::stoull(spec.vertex, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != spec.vertex.size() || !std::isdigit((unsigned char)spec.vertex[0]) ||
      id < unsigned(index_base) || id - unsigned(index_base) >= n)
    throw InvalidArgument("--maintain " + spec.text + ": '" + spec.vertex +
                          "' is not a vertex of the graph (ids " + std::to_string(index_base) +
                          ".." + std::to_string(std::uint64_t(n) + unsigned(index_base) - 1) + ")");
  return Vertex(id - unsigned(index_base));
}

/// Runs the server on `service` until SIGINT or SIGTERM.
template <class T>
void serve_graph(const ServeArgs& args, serve::GraphService<T>& service, int index_base,
                 std::shared_ptr<serve::ServeIds> ids) {
  const GraphSnapshot<T> start = service.snapshot();
  serve::ServeSettings s;
  s.limits.index_base = index_base;
  s.ids = std::move(ids);
  s.program_version = kVersion;
  s.limits.weighted = !std::is_same_v<T, bool>;
  const std::uint64_t n = start.num_vertices();
  s.limits.max_vertices = args.max_vertices
                              ? args.max_vertices
                              : std::max<std::uint64_t>(2 * n, n + (std::uint64_t(1) << 20));
  s.limits.max_vertices = std::min<std::uint64_t>(s.limits.max_vertices, kMaxDimension);
  s.count_triangles = !start.directed() && !args.no_triangles;
  s.requests.max_body = args.max_body;
  s.requests.request_timeout = std::chrono::seconds(args.request_timeout);
  s.requests.header_timeout =
      std::min<std::chrono::milliseconds>(s.requests.header_timeout, s.requests.request_timeout);
  s.token = args.token;
  s.content_bytes = content_bytes(args);
  s.pending =
      std::make_shared<serve::Budget>(args.max_pending ? args.max_pending : 2 * args.max_body);
  s.queries = std::make_shared<serve::Budget>(std::uint64_t(args.workers));
  serve::ServeCounters counters;
  serve::GuardedServer svr(s.requests, std::size_t(args.max_connections));
  serve::add_routes(svr, service, s, counters);
  int port = args.port;
  if (port == 0) {
    port = svr.bind_to_any_port(args.bind);
    if (port < 0) throw IoError("cannot listen on " + args.bind + " (any port)");
  } else if (!svr.bind_to_port(args.bind, port)) {
    throw IoError("cannot listen on " + args.bind + ":" + std::to_string(port) +
                  " (in use, or not an address of this machine)");
  }
  // From here on the first SIGINT/SIGTERM only sets the stop flag (signals.hpp); the watcher
  // thread below turns it into svr.stop(). Installed before the line that tells clients the
  // port, so that a client's signal always finds it.
  enable_graceful_stop();
  const std::string host =
      args.bind.find(':') != std::string::npos ? "[" + args.bind + "]" : args.bind;
  const std::string url = "http://" + host + ":" + std::to_string(port);
  if (args.g.json) {
    // With --json the same first line is one JSON object (the port is also its own field).
    const GraphSnapshot<T> now = service.snapshot();
    Report r;
    r.add("listening", report::str(url));
    r.add("port", report::count(std::uint64_t(port)));
    r.add("vertices", report::count(now.num_vertices()));
    r.add("edges", report::count(now.num_edges()));
    r.add("version", report::count(now.version()));
    r.add("store", args.store.empty() ? report::null() : report::str(args.store));
    print_json_line(r);
  } else {
    std::printf("listening on %s\n", url.c_str());
    std::fflush(stdout);
  }
  if (!args.g.quiet && !args.g.json)
    std::fprintf(stderr, "spgraph: serving %u vertices, %llu edges (version %llu)%s; %s %s:%d\n",
                 service.snapshot().num_vertices(),
                 (unsigned long long)service.snapshot().num_edges(),
                 (unsigned long long)service.snapshot().version(),
                 service.store() ? (", store " + printable(args.store)).c_str() : ", in memory",
                 s.token.empty() ? "no token: anyone who can reach it can change the graph at"
                                 : "updates need the --token-file token at",
                 args.bind.c_str(), port);
  std::atomic<bool> done{false};
  std::thread watcher([&] {
    while (!done.load() && !*stop_flag())
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    svr.stop_gracefully(kDrain);
  });
  svr.listen_after_bind();
  done = true;
  watcher.join();
  if (args.g.json) {
    Report r;
    r.add("stopped", report::str(url));
    r.add("version", report::count(service.snapshot().version()));
    r.add("batches_applied", report::count(service.batches.load()));
    r.add("batches_refused", report::count(service.refused.load()));
    print_json_line(r);
  } else if (!args.g.quiet) {
    std::fprintf(stderr, "spgraph: server stopped at version %llu after %s\n",
                 (unsigned long long)service.snapshot().version(),
                 count_of(service.batches.load(), "batch", "batches").c_str());
  }
}

/// The dense id of the vertex a --maintain view names in a remapped file's ids.
Vertex named_view_vertex(const ViewSpec& spec, const serve::ServeIds& ids, Vertex n) {
  std::string why;
  const std::optional<Vertex> v = ids.find(spec.vertex, n, why);
  if (!v) throw InvalidArgument("--maintain " + spec.text + ": " + why);
  return *v;
}

/// Serves the graph `base` (moved from, then freed once the graph holds it), or with an empty
/// `base` the existing store --store. `ids`: a remapped file's names (null: its integers).
template <class T>
void serve_typed(const ServeArgs& args, std::optional<Matrix<T>> base, bool undirected,
                 int index_base, std::shared_ptr<serve::ServeIds> ids = nullptr) {
  DynamicGraphOptions o;
  o.directed = !undirected;
  o.weighted = !std::is_same_v<T, bool>;
  o.duplicates =
      args.duplicates == "combine" ? DuplicatePolicy::Combine : DuplicatePolicy::IgnoreIfPresent;
  std::unique_ptr<DynamicGraph<T>> memory;
  std::unique_ptr<GraphStore<T>> store;
  if (args.store.empty()) {
    memory = std::make_unique<DynamicGraph<T>>(*base, o);
  } else {
    store = start_store(args.store, base ? &*base : nullptr, index_base, o, args.checkpoint_every,
                        args.g.quiet || args.g.json, args.salvage);
    index_base = store->index_base();
  }
  base.reset();  // the dynamic graph holds its own copy
  if (!ids) ids = std::make_shared<serve::ServeIds>(index_base);
  for (const ViewSpec& spec : parse_view_list(args.maintain)) {
    const Vertex n = memory ? memory->snapshot().num_vertices() : store->snapshot().num_vertices();
    const Vertex v = !spec.has_vertex() ? 0
                     : ids->remapped()  ? named_view_vertex(spec, *ids, n)
                                        : numbered_view_vertex(spec, index_base, n);
    if (memory)
      memory->maintain(make_view(spec, v));
    else
      store->maintain(make_view(spec, v));
  }
  serve::GraphService<T> service(std::move(memory), std::move(store));
  serve_graph(args, service, index_base, std::move(ids));
}

void run_serve(const ServeArgs& flags) {
  apply_global_flags(flags.g);
  return_freed_memory();
  if (flags.max_pending && flags.max_pending < flags.max_body)
    throw CLI::ValidationError("--max-pending", "must be at least --max-body (" +
                                                    std::to_string(flags.max_body) + " bytes)");
  ServeArgs args = flags;  // with the token, checked before the graph is loaded
  if (!args.token_file.empty()) args.token = read_token(args.token_file);
  if (const std::optional<StoreMeta> meta = existing_store(args.store, args.file, args.g.quiet)) {
    if (meta->weighted)
      serve_typed<double>(args, std::nullopt, !meta->directed, meta->index_base);
    else
      serve_typed<bool>(args, std::nullopt, !meta->directed, meta->index_base);
    return;
  }
  if (args.file.empty())
    throw InvalidArgument(args.store.empty()
                              ? std::string("a graph file is needed (or --store DIR)")
                              : "--store " + printable(args.store) +
                                    " holds no store yet: give a graph file to create it from");
  CliGraph graph = load_for_cli(args.file, args.load, args.g, false);
  std::shared_ptr<serve::ServeIds> ids;
  if (graph.loaded.info.ids && graph.loaded.info.ids->remapped()) {
    if (!args.store.empty())
      throw InvalidArgument("--store keeps integer vertex ids only; " + printable(args.file) +
                            " was loaded with remapped ids (--remap-ids): serve it in memory, "
                            "or convert it to integer ids first");
    ids = std::make_shared<serve::ServeIds>(*graph.loaded.info.ids);
  }
  const int base = numbering_base(graph.loaded.info);
  // The loaded matrix is moved out of `graph` so that serve_typed can free it once the dynamic
  // graph (or the store) holds the edges.
  std::visit(
      [&](auto& m) {
        using V = typename std::decay_t<decltype(m)>::value_type;
        std::optional<Matrix<V>> loaded(std::move(m));
        if constexpr (std::is_same_v<V, bool>) {
          if (!args.weighted) {
            serve_typed<bool>(args, std::move(loaded), graph.undirected, base, ids);
            return;
          }
        }
        std::optional<Matrix<double>> weighted(to_double_matrix(*loaded));
        loaded.reset();
        serve_typed<double>(args, std::move(weighted), graph.undirected, base, ids);
      },
      graph.loaded.matrix);
}

}  // namespace

void register_serve(CLI::App& app) {
  auto args = std::make_shared<ServeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "serve",
      "Serve a dynamic graph over HTTP: POST /updates; GET /bfs, /degree, /edges, /triangles, "
      "/pagerank, /sssp, /cc, /knn, /neighbors, /degrees, /stats, /health, /openapi.json, and a "
      "status page at / (docs/server.md). Vertex ids are the file's (names with --remap-ids). "
      "It binds to 127.0.0.1 by default; --token-file makes updates need a token");
  cmd->add_option("graph", args->file,
                  "Graph file to serve (optional with --store naming an existing store)");
  cmd->add_option("--store", args->store,
                  "Keep the graph in a durable store in this directory (created from GRAPH when "
                  "it holds none; docs/store.md): updates are acknowledged once fsync'ed");
  cmd->add_option("--port,-p", args->port,
                  "TCP port (0: any free port; the first line printed "
                  "says which)")
      ->capture_default_str()
      ->transform(integer_flag("--port", 0, 65535));
  cmd->add_option("--bind", args->bind,
                  "Address to listen on; the default serves this machine only. There is no TLS, "
                  "and without --token-file no authentication: do not expose the server to a "
                  "network you do not trust")
      ->capture_default_str();
  cmd->add_option("--workers", args->workers,
                  "Graph queries (bfs, sssp, pagerank, cc, knn, triangles) answered at once; "
                  "more wait for a free one")
      ->capture_default_str()
      ->transform(integer_flag("--workers", 1, 1024));
  cmd->add_option("--max-connections", args->max_connections,
                  "Connections served at once, each on its own thread; one more gets 503")
      ->capture_default_str()
      ->transform(integer_flag("--max-connections", 1, 4096));
  cmd->add_option("--max-body", args->max_body,
                  "Largest request body in bytes, whatever its framing (larger ones get 413)")
      ->capture_default_str()
      ->transform(integer_flag("--max-body", 1, std::uint64_t(1) << 40));
  cmd->add_option("--max-pending", args->max_pending,
                  "Update body bytes in flight (read, not yet applied) at once; a POST that "
                  "would pass it waits, then gets 503 (default: 2 * --max-body)")
      ->transform(integer_flag("--max-pending", 1, std::uint64_t(1) << 41));
  cmd->add_option("--request-timeout", args->request_timeout,
                  "Seconds a request may take to arrive, headers and body (its headers: at most "
                  "10 s)")
      ->capture_default_str()
      ->transform(integer_flag("--request-timeout", 1, 3600));
  cmd->add_option("--token-file", args->token_file,
                  "Updates (POST /updates) need 'Authorization: Bearer TOKEN' with the token "
                  "in this file (one line, at least 16 characters); queries stay open");
  cmd->add_option("--max-vertices", args->max_vertices,
                  "Updates may grow the graph up to this many vertices (default: max(2n, n + "
                  "2^20))")
      ->transform(integer_flag("--max-vertices", 1, kMaxDimension));
  cmd->add_option("--checkpoint-every", args->checkpoint_every,
                  "With --store: a checkpoint every N batches (default: only at shutdown)")
      ->transform(integer_flag("--checkpoint-every", 0, UINT64_MAX));
  cmd->add_flag("--salvage", args->salvage,
                "With --store: open a store whose log has a damaged record (refused otherwise) "
                "by keeping the batches before it; the rest of the log is moved to "
                "wal.log.salvage-N in the store (docs/store.md, \"Recovery by hand\")")
      ->needs(cmd->get_option("--store"));
  cmd->add_flag("--weighted", args->weighted, "Keep weights even if the graph file has none");
  cmd->add_option("--maintain", args->maintain,
                  "Keep these answers up to date after every batch (GET /cc, /pagerank, "
                  "/bfs?source=S, /sssp?source=S, /knn?vertex=V then answer from them, with "
                  "\"maintained\": true): " +
                      std::string(kViewListHelp))
      ->check(CLI::Validator(view_list_check(), "VIEWS"));
  cmd->add_flag("--no-triangles", args->no_triangles,
                "Refuse GET /triangles (by default an undirected graph counts its triangles at "
                "the first such request and keeps the count up to date from then on)");
  cmd->add_option("--duplicates", args->duplicates,
                  "Insert of a present edge: ignore (default) or combine (add weights)")
      ->check(CLI::IsMember({"ignore", "combine"}));
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_serve(*args); });
}

}  // namespace spgraph::cli
