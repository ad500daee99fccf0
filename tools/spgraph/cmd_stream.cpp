// `spgraph stream GRAPH --updates FILE|-`: loads a graph into a DynamicGraph, then reads an update
// stream (loaders/update_stream.hpp: "+ u v [w]", "- u v", "= u v w", "? bfs s", "? degree v",
// "? edges", "? triangles", "? pagerank", "? sssp s", "? cc"), applies the updates in batches of
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
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <unordered_map>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/components/components.hpp"
#include "algorithms/knn/knn.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/sssp/sssp.hpp"
#include "algorithms/triangles/triangles.hpp"
#include "engine/dynamic_graph.hpp"
#include "store/graph_store.hpp"
#include "loaders/dimension_guard.hpp"
#include "loaders/update_stream.hpp"
#include "tools/common/progress.hpp"
#include "tools/spgraph/checkpoint_watch.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/spgraph/cli_store.hpp"
#include "tools/spgraph/commands.hpp"
#include "tools/cli/report.hpp"
#include "tools/spgraph/signals.hpp"
#include "tools/spgraph/snapshot_knn.hpp"

namespace spgraph::cli {

namespace {

struct StreamArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, updates, out, duplicates = "ignore", store;
  std::size_t batch = 10000;
  std::uint64_t checkpoint_every = 0;
  bool salvage = false;  ///< --salvage: open a store past a damaged log record
  bool strict = false, no_grow = false, weighted = false, no_triangles = false;
};

/// A vertex as an update record names it: its number, and its token when the graph's ids are
/// strings.
struct VertexKey {
  std::uint64_t number = 0;
  std::string_view name;
  /// The vertex as written, for messages.
  std::string text(bool named) const { return named ? printable(name) : std::to_string(number); }
};

/// The file's vertex numbering and the graph's dense ids, growing as new ids appear: a working
/// copy of the loaded file's VertexIds (loaders/vertex_ids.hpp), the one id map.
class StreamIds {
 public:
  enum class Status {
    Present,  ///< a vertex of the graph (or of an insert read before)
    Absent,   ///< a valid id, not (yet) in the graph
    Invalid,  ///< not an id in this numbering, or growing to it is refused
  };

  StreamIds(const LoadInfo& info, Vertex n)
      : ids_(info.ids ? *info.ids : VertexIds::offset(info.index_base, n)), n_(n) {}

  /// True when the ids are strings (records carry tokens).
  bool named() const { return ids_.kind() == VertexIds::Kind::String; }

  /// The key of a record's source (or query vertex) and target.
  VertexKey key_u(const UpdateRecord& r) const { return {r.u, r.u_name}; }
  VertexKey key_v(const UpdateRecord& r) const { return {r.v, r.v_name}; }

  /// The dense id of `k` if the graph holds it; changes nothing.
  Status find(const VertexKey& k, Vertex& out, std::string& error) const {
    if (ids_.remapped()) {
      const auto v = named() ? ids_.find(k.name) : ids_.find_integer(k.number);
      if (v) {
        out = *v;
        return Status::Present;
      }
      error = "vertex " + k.text(named()) + " is not in the graph";
      return Status::Absent;
    }
    const std::uint64_t base = std::uint64_t(ids_.base());
    if (k.number < base) {
      error =
          "vertex " + std::to_string(k.number) + " is below the first id, " + std::to_string(base);
      return Status::Invalid;
    }
    const std::uint64_t v = k.number - base;
    if (v >= n_) {
      error = "vertex " + std::to_string(k.number) + " is not in the graph " +
              (n_ == 0 ? std::string("(it has no vertices)")
                       : "(ids " + std::to_string(base) + ".." +
                             std::to_string(std::uint64_t(n_) - 1 + base) + ")");
      return Status::Absent;
    }
    out = Vertex(v);
    return Status::Present;
  }

  /// Both ends of an insert. With `grow`, absent ids become new vertices, unless the vertex
  /// count this needs fails the dimension guard (loaders/dimension_guard.hpp: `content_bytes`
  /// of graph file and stream justify it, and its per-vertex memory fits), which is Invalid.
  /// Nothing changes unless both ends resolve.
  Status resolve_insert(const VertexKey& ue, const VertexKey& ve, bool grow,
                        std::uint64_t content_bytes, Vertex& u, Vertex& v, std::string& error) {
    std::string eu, ev;
    const Status su = find(ue, u, eu);
    const Status sv = find(ve, v, ev);
    for (const auto& [status, message] : {std::pair{su, &eu}, std::pair{sv, &ev}})
      if (status == Status::Invalid) {
        error = *message;
        return status;
      }
    if (!grow)
      for (const auto& [status, message] : {std::pair{su, &eu}, std::pair{sv, &ev}})
        if (status == Status::Absent) {
          error = *message;
          return status;
        }
    if (su == Status::Present && sv == Status::Present) return Status::Present;
    // Grow: the vertex count the new ids need.
    std::uint64_t new_n = n_;
    std::string named_id = (su == Status::Absent ? ue : ve).text(named());  // sets new_n
    const std::uint64_t base = std::uint64_t(ids_.base());
    if (ids_.remapped()) {
      const bool same = named() ? ue.name == ve.name : ue.number == ve.number;
      new_n = ids_.size() + (su == Status::Absent) +
              (sv == Status::Absent && !(su == Status::Absent && same));
    } else {
      for (const auto& [status, key] : {std::pair{su, &ue}, std::pair{sv, &ve}}) {
        if (status != Status::Absent) continue;
        // Capped so that ids near 2^64 cannot wrap; a count above kMaxDimension fails below.
        const std::uint64_t ext = key->number;
        const std::uint64_t need =
            ext - base >= kMaxDimension ? std::uint64_t(kMaxDimension) + 1 : ext - base + 1;
        if (need > new_n) {
          new_n = need;
          named_id = std::to_string(ext);
        }
      }
    }
    if (new_n > kMaxDimension) {
      error = "vertex " + named_id + " would grow the graph beyond the largest dimension, " +
              std::to_string(kMaxDimension) + " vertices";
      return Status::Invalid;
    }
    DimensionCheck check;
    check.n = new_n;
    check.content_bytes = content_bytes;
    check.bytes_per_vertex = 64;
    const std::string problem =
        dimension_problem("vertex " + named_id + " would grow the graph to " +
                              std::to_string(new_n) + " vertices, which",
                          check);
    if (!problem.empty()) {
      error = problem;
      return Status::Invalid;
    }
    if (ids_.remapped()) {
      u = named() ? ids_.insert(ue.name) : ids_.insert_integer(ue.number);
      v = named() ? ids_.insert(ve.name) : ids_.insert_integer(ve.number);
    } else {
      u = Vertex(ue.number - base);
      v = Vertex(ve.number - base);
    }
    n_ = Vertex(std::max<std::uint64_t>(n_, new_n));
    return Status::Present;
  }

  /// The file's name of dense id v as a report value (a number, or a string for names).
  ReportValue external(Vertex v) const {
    if (named()) return report::str(ids_.name(v));
    return report::count(ids_.remapped() ? ids_.integer_id(v) : std::uint64_t(v) + ids_.base());
  }
  /// The file's name of dense id v as text.
  std::string name(Vertex v) const {
    if (ids_.remapped()) return ids_.name(v);
    return std::to_string(std::uint64_t(v) + std::uint64_t(ids_.base()));
  }
  /// The names of every vertex so far (for the output file).
  std::shared_ptr<const VertexIds> snapshot_ids() const {
    VertexIds copy = ids_;
    if (!copy.remapped()) copy.grow_offset(n_);
    return std::make_shared<const VertexIds>(std::move(copy));
  }
  /// The id of dense vertex 0 when the ids are not remapped.
  int base() const { return ids_.base(); }
  /// Vertices known so far (the graph grows to this when the pending batch is applied).
  Vertex n() const { return n_; }

 private:
  VertexIds ids_;
  Vertex n_ = 0;
};

/// The first arc of negative weight (by source, then storage order, as sssp scans them) named
/// in the stream's numbering (sssp's own message names dense ids), or nullopt if none.
template <class T>
std::optional<std::string> negative_weight_message(const GraphSnapshot<T>& s,
                                                   const StreamIds& ids) {
  if (!s.weighted()) return std::nullopt;
  for (Vertex u = 0; u < s.num_vertices(); ++u) {
    std::optional<std::string> found;
    s.for_each_neighbor(u, [&](Vertex v, T w) {
      if (!found && double(w) < 0) {
        char text[200];
        std::snprintf(text, sizeof text, " has negative weight %.17g", double(w));
        found = "sssp: arc " + ids.name(u) + " -> " + ids.name(v) + text +
                "; sssp queries need non-negative weights";
      }
    });
    if (found) return found;
  }
  return std::nullopt;
}

/// Where a stream starts: a loaded graph (base set; a new store is created from it when --store
/// names an empty directory), or an existing store (base null).
template <class T>
struct StreamStart {
  const Matrix<T>* base = nullptr;
  bool undirected = false;
  LoadInfo info;  ///< the file's numbering (for a store: its index base)
  double load_seconds = 0;
};

DuplicatePolicy parse_duplicates(const std::string& s) {
  return s == "keep"      ? DuplicatePolicy::Keep
         : s == "combine" ? DuplicatePolicy::Combine
                          : DuplicatePolicy::IgnoreIfPresent;
}

template <class T>
void run_stream_typed(const StreamArgs& args, const StreamStart<T>& graph) {
  DynamicGraphOptions o;
  o.directed = !graph.undirected;
  o.weighted = !std::is_same_v<T, bool>;
  o.duplicates = parse_duplicates(args.duplicates);
  // The triangle count is kept from the first '? triangles' query on (track_triangles), so a
  // stream that never asks pays nothing for it.
  const bool can_count_triangles =
      graph.undirected && !args.no_triangles && o.duplicates != DuplicatePolicy::Keep;
  const auto t_build = std::chrono::steady_clock::now();
  // The graph: in memory, or in a durable store (created from the base, or recovered).
  std::unique_ptr<DynamicGraph<T>> memory;
  std::unique_ptr<GraphStore<T>> store;
  if (args.store.empty()) {
    memory = std::make_unique<DynamicGraph<T>>(*graph.base, o);
  } else {
    store = start_store(args.store, graph.base, numbering_base(graph.info), o,
                        args.checkpoint_every, args.g.quiet || args.g.json, args.salvage);
  }
  auto snapshot = [&] { return store ? store->snapshot() : memory->snapshot(); };
  const double build_seconds = seconds_since(t_build);
  StreamIds ids(graph.info, snapshot().num_vertices());
  // Progress over the update file's bytes (a pipe or stdin has no known end: a running count).
  std::uint64_t update_bytes = 0;
  if (args.updates != "-") {
    struct stat st {};
    if (::stat(args.updates.c_str(), &st) == 0 && S_ISREG(st.st_mode))
      update_bytes = std::uint64_t(st.st_size);
  }
  // Drawn only when the answers go elsewhere than the terminal, so that the line never splits
  // an answer.
  tools::Progress bar("updates", update_bytes, "B",
                      tools::progress_allowed() && !isatty(STDOUT_FILENO));
  Offset malformed = 0;
  UpdateStreamOptions so;
  so.strict = args.strict;
  so.names = ids.named();  // string ids: update records name vertices by any token
  const std::string stream_name = args.updates == "-" ? "<stdin>" : args.updates;
  auto skip = [&](std::uint64_t line, const std::string& message) {
    ++malformed;
    bar.finish();         // the message starts on a clean line
    std::fflush(stdout);  // the answers before this line come first when both go to one pipe
    std::fprintf(stderr, "spgraph: %s:%llu: %s (line skipped)\n", printable(stream_name).c_str(),
                 (unsigned long long)line, printable(message).c_str());
  };
  // Lines the parser rejects (it throws itself under --strict), and lines it reads but this
  // command cannot apply.
  so.on_error = [&](const LineError& e) { skip(e.line, e.message); };
  auto reject = [&](std::uint64_t line, const std::string& message) {
    if (args.strict) throw ParseError(stream_name, line, message);
    skip(line, message);
  };
  // The first SIGINT/SIGTERM ends the input (signals.hpp); what was read is still applied.
  so.stop = stop_flag();
  UpdateStreamReader reader(args.updates, so);
  const std::uint64_t graph_bytes = graph.info.bytes;
  Offset outside = 0;  // erases and re-weights naming a vertex the graph does not have
  UpdateBatch<T> pending;
  Offset applied = 0, batches = 0, queries = 0;
  BatchSummary total;
  CheckpointWatch checkpoints;
  double apply_seconds = 0;
  const auto t0 = std::chrono::steady_clock::now();
  auto flush = [&] {
    if (pending.empty()) return;
    const auto ta = std::chrono::steady_clock::now();
    const BatchSummary s = store ? store->apply(pending) : memory->apply(pending);
    apply_seconds += seconds_since(ta);
    applied += pending.size();
    ++batches;
    total.inserted += s.inserted;
    total.erased += s.erased;
    total.ignored += s.ignored;
    total.combined += s.combined;
    total.assigned += s.assigned;
    total.missing += s.missing;
    pending.clear();
    if (store) checkpoints.after_batch(*store);
  };
  // An answer names the snapshot's version. It goes out as it is found, flushed, whatever
  // stdout is (a consumer at the end of a pipe sees each answer at once): one text line, or
  // with --json one JSON object per line (NDJSON).
  auto answer = [&](Report a, const GraphSnapshot<T>& s, const std::string& layout) {
    ++queries;
    a.add("version", report::count(s.version()));
    if (args.g.json) {
      print_json_line(a);
    } else {
      print_text(a, layout + " version={version}\n");
      std::fflush(stdout);
    }
  };
  UpdateRecord rec;
  std::string error;
  enable_graceful_stop();
  while (reader.next(rec)) {
    bar.update(reader.bytes_read());
    if (!rec.is_query) {
      using Status = StreamIds::Status;
      Vertex u = 0, v = 0;
      Status status = Status::Present;
      if (rec.update == UpdateKind::Insert) {
        status = ids.resolve_insert(ids.key_u(rec), ids.key_v(rec), !args.no_grow,
                                    graph_bytes + reader.bytes_read(), u, v, error);
      } else {
        // An erase or re-weight never grows the graph: an id it does not have is a no-op.
        std::string ev;
        status = ids.find(ids.key_u(rec), u, error);
        const Status sv = ids.find(ids.key_v(rec), v, ev);
        if (status == Status::Present || (status == Status::Absent && sv == Status::Invalid)) {
          status = sv;
          error = ev;
        }
      }
      if (status == Status::Invalid || (status == Status::Absent && args.no_grow)) {
        reject(rec.line, error);
        continue;
      }
      if (!o.weighted && (rec.has_weight || rec.update == UpdateKind::Assign)) {
        reject(rec.line,
               "a weight is given, but the graph is unweighted (load a weighted file, or pass "
               "--weighted)");
        continue;
      }
      if (status == Status::Absent) {
        ++outside;  // counted with the missing edges
        continue;
      }
      const T w = static_cast<T>(rec.has_weight ? rec.weight : 1.0);
      if (rec.update == UpdateKind::Insert) pending.insert(u, v, w);
      if (rec.update == UpdateKind::Erase) pending.erase(u, v);
      if (rec.update == UpdateKind::Assign) pending.assign(u, v, w);
      if (pending.size() >= args.batch) flush();
      continue;
    }
    flush();
    if (rec.query == QueryKind::Triangles && can_count_triangles && !snapshot().triangles()) {
      if (store)
        store->track_triangles(std::make_shared<IncrementalTriangles>());
      else
        memory->track_triangles(std::make_shared<IncrementalTriangles>());
    }
    const GraphSnapshot<T> s = snapshot();
    Report a;
    switch (rec.query) {
      case QueryKind::Edges:
        a.add("query", report::str("edges"));
        a.add("edges", report::count(s.num_edges()));
        answer(a, s, "edges {edges}");
        break;
      case QueryKind::Triangles:
        if (!s.triangles()) {
          reject(rec.line, graph.undirected ? "triangles are not tracked (--no-triangles)"
                                            : "triangles need an undirected graph (--undirected)");
          break;
        }
        a.add("query", report::str("triangles"));
        a.add("triangles", report::count(*s.triangles()));
        answer(a, s, "triangles {triangles}");
        break;
      case QueryKind::PageRank: {
        // The GAP variant with its defaults (pagerank.hpp); the answer names the top vertex.
        const auto tq = std::chrono::steady_clock::now();
        const PageRankResult r = pagerank(s);
        const double ms = 1e3 * seconds_since(tq);
        Vertex top = 0;
        for (Vertex v = 1; v < r.rank.size(); ++v)
          if (r.rank[v] > r.rank[top]) top = v;
        a.add("query", report::str("pagerank"));
        a.add("iterations", report::count(r.iterations));
        if (r.rank.empty()) {
          a.add("top", ReportValue{"null", "none"});
          a.add("rank", ReportValue{"null", "none"});
        } else {
          a.add("top", ids.external(top));
          a.add("rank", report::real(r.rank[top], "%.17g", "%.9g"));
        }
        a.add("ms", report::real(ms, "%.3f", "%.3f"));
        answer(a, s, "pagerank iterations={iterations} top={top} rank={rank} ms={ms}");
        break;
      }
      case QueryKind::Cc: {
        const auto tq = std::chrono::steady_clock::now();
        const CcResult r = connected_components(s);
        const double ms = 1e3 * seconds_since(tq);
        std::vector<Offset> size(r.label.size(), 0);
        Offset largest = 0;
        for (Vertex l : r.label) largest = std::max(largest, ++size[l]);
        a.add("query", report::str("cc"));
        a.add("components", report::count(r.components));
        a.add("largest", report::count(largest));
        a.add("ms", report::real(ms, "%.3f", "%.3f"));
        answer(a, s, "cc components={components} largest={largest} ms={ms}");
        break;
      }
      case QueryKind::Knn:
      case QueryKind::Sssp:
      case QueryKind::Degree:
      case QueryKind::Bfs: {
        Vertex found = 0;
        const bool present = ids.find(ids.key_u(rec), found, error) == StreamIds::Status::Present;
        if (!present || found >= s.num_vertices()) {
          reject(rec.line,
                 present ? "vertex " + ids.key_u(rec).text(ids.named()) + " is not in the graph"
                         : error);
          break;
        }
        if (rec.query == QueryKind::Degree) {
          a.add("query", report::str("degree"));
          a.add("vertex", ids.external(found));
          a.add("degree", report::count(s.degree(found)));
          answer(a, s, "degree vertex={vertex} degree={degree}");
        } else if (rec.query == QueryKind::Knn) {
          const std::string name = rec.word.empty() ? std::string("jaccard") : rec.word;
          std::string names;
          const SnapshotKnnMeasure* m = find_knn_measure(name, names);
          if (!m) {
            std::string message = "unknown knn measure '";
            message += name;
            message += "': use one of ";
            message += names;
            reject(rec.line, message);
            break;
          }
          const auto tq = std::chrono::steady_clock::now();
          KnnResult r;
          try {
            r = snapshot_knn(s, found, std::size_t(rec.v), *m);
          } catch (const InvalidArgument& e) {  // a negative weight: this query cannot run
            reject(rec.line, negative_weight_message(s, ids).value_or(e.what()));
            break;
          }
          const double ms = 1e3 * seconds_since(tq);
          std::vector<Report> items;
          std::string text;
          for (std::size_t i = 0; i < r.ids.size(); ++i) {
            Report item;
            item.add("vertex", ids.external(r.ids[i]));
            item.add("score", report::real(r.scores[i], "%.17g", "%.17g"));
            items.push_back(item);
            text += (i ? "," : "") + item.text("{vertex}:{score}");
          }
          a.add("query", report::str("knn"));
          a.add("vertex", ids.external(found));
          a.add("k", report::count(rec.v));
          a.add("measure", report::str(std::string(m->name)));
          a.add("found", report::count(r.ids.size()));
          a.add("answers", report::text(text.empty() ? "-" : text));
          a.add("neighbors", report::list(items));
          a.add("ms", report::real(ms, "%.3f", "%.3f"));
          answer(a, s,
                 "knn vertex={vertex} k={k} measure={measure} found={found} answers={answers} "
                 "ms={ms}");
        } else if (rec.query == QueryKind::Sssp) {
          const auto tq = std::chrono::steady_clock::now();
          SsspResult r;
          try {
            r = sssp(s, found);
          } catch (const InvalidArgument& e) {  // a negative weight: this query cannot run
            reject(rec.line, negative_weight_message(s, ids).value_or(e.what()));
            break;
          }
          const double ms = 1e3 * seconds_since(tq);
          double max_distance = 0;
          for (double d : r.distance)
            if (d != kUnreachableDistance) max_distance = std::max(max_distance, d);
          a.add("query", report::str("sssp"));
          a.add("source", ids.external(found));
          a.add("reached", report::count(r.reached));
          a.add("max_distance", report::real(max_distance, "%.17g", "%.17g"));
          a.add("ms", report::real(ms, "%.3f", "%.3f"));
          answer(a, s,
                 "sssp source={source} reached={reached} max_distance={max_distance} ms={ms}");
        } else {
          const auto tb = std::chrono::steady_clock::now();
          BfsOptions o;  // the answer holds counts alone: no level or parent array is written
          o.levels = o.parents = false;
          const BfsResult r = bfs(s, found, o);
          const double ms = 1e3 * seconds_since(tb);
          a.add("query", report::str("bfs"));
          a.add("source", ids.external(found));
          a.add("reached", report::count(r.reached));
          a.add("depth", report::count(r.depth));
          a.add("ms", report::real(ms, "%.3f", "%.3f"));
          answer(a, s, "bfs source={source} reached={reached} depth={depth} ms={ms}");
        }
        break;
      }
    }
  }
  flush();
  // The final checkpoint (unless --checkpoint-every just took it), its failure said.
  if (store)
    checkpoints.at_end(*store, batches > 0 && (args.checkpoint_every == 0 ||
                                               batches % args.checkpoint_every != 0));
  total.missing += outside;
  const double wall = seconds_since(t0);
  bar.finish();
  const GraphSnapshot<T> s = snapshot();
  if (!args.out.empty()) {
    // The file's numbering (its base, or the original ids), and the graph's symmetry.
    SaveOptions out_options;
    out_options.ids = ids.snapshot_ids();
    out_options.base = ids.base();
    out_options.symmetric = !o.directed;
    save_matrix(args.out, AnyMatrix(s.matrix()), out_options);
  }
  const int stop_signal = *stop_flag();
  const double rate = apply_seconds > 0 ? double(applied) / apply_seconds : 0;
  Report r;
  r.add("file", report::str(args.file.empty() ? args.store : args.file));
  r.add("store", args.store.empty() ? report::null() : report::str(args.store));
  r.add("updates", report::str(stream_name));
  r.add("vertices", report::count(s.num_vertices()));
  r.add("edges", report::count(s.num_edges()));
  r.add("directed", report::flag(o.directed, "directed", "undirected"));
  r.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  r.add("build_seconds", report::text_only(report::seconds(build_seconds)));
  r.add("applied", report::count(applied));
  r.add("batches", report::count(batches));
  r.add("batch", report::text(std::to_string(args.batch)));
  r.add("inserted", report::count(total.inserted));
  r.add("erased", report::count(total.erased));
  r.add("ignored", report::count(total.ignored));
  r.add("combined", report::count(total.combined));
  r.add("assigned", report::count(total.assigned));
  r.add("missing", report::count(total.missing));
  r.add("malformed", report::count(malformed));
  r.add("query_count", report::text(std::to_string(queries)));
  r.add("apply_seconds", report::seconds(apply_seconds));
  r.add("wall_seconds", report::seconds(wall));
  r.add("updates_per_second", report::real(rate, "%.1f", "%.0f"));
  r.add("version", report::count(s.version()));
  r.add("lines", report::count(reader.lines_read()));
  r.add("stopped_by", stop_signal ? report::str(signal_name(stop_signal)) : report::null());
  r.add("out_written", report::flag(!args.out.empty()));
  r.add("checkpoint_failures", report::count(checkpoints.failures));
  r.add("checkpoint_error",
        checkpoints.failures ? report::str(checkpoints.last_error) : report::null());
  if (args.g.json) {
    print_json(r);
  } else if (!args.g.quiet) {
    std::fflush(stdout);  // the answers first when stdout and stderr share a pipe
    print_text(r,
               "graph: {vertices} vertices, {edges} edges, {directed} (loaded in {load_seconds} "
               "s, dynamic graph built in {build_seconds} s)\n"
               "applied {applied} updates in {batches} batches of up to {batch}: {inserted} "
               "inserted, {erased} erased, {ignored} ignored (present), {combined} combined, "
               "{assigned} re-weighted, {missing} missing; {query_count} queries; {malformed} "
               "malformed lines\n" +
                   std::string("throughput: {updates_per_second} updates/s applying "
                               "({apply_seconds} s), {wall_seconds} s wall\n") +
                   (checkpoints.failures ? "checkpoints: {checkpoint_failures} failed (last: "
                                           "{checkpoint_error}); every batch is in the log\n"
                                         : ""),
               stderr);
  }
  if (stop_signal) {
    std::fflush(stdout);
    std::fprintf(
        stderr,
        "spgraph: stream stopped by %s after %llu lines of %s%s: every update read was "
        "applied; %s\n",
        signal_name(stop_signal).c_str(), (unsigned long long)reader.lines_read(),
        printable(stream_name).c_str(), reader.stopped() ? "" : " (the whole stream had been read)",
        args.out.empty()
            ? "no --out was given, no file was written"
            : ("the final graph was written to " + printable(args.out) + " (complete)").c_str());
    request_exit_code(128 + stop_signal);
  }
}

/// A start from a loaded graph (its matrix set later by the caller).
template <class T>
StreamStart<T> start_from(const CliGraph& graph) {
  StreamStart<T> s;
  s.undirected = graph.undirected;
  s.info = graph.loaded.info;
  s.load_seconds = graph.load_seconds;
  return s;
}

void run_stream(const StreamArgs& args) {
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
                  "as answers=vertex:score,...)")
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
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_stream(*args); });
}

}  // namespace spgraph::cli
