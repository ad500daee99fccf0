// SPDX-License-Identifier: Apache-2.0
// One run of `spgraph stream` (what the command does: tools/spgraph/cmd_stream.cpp's header),
// as the steps of a StreamRun object: set-up (the dynamic graph in memory or in a store, the
// vertex ids, the progress line, the update reader), each update resolved and gathered into a
// batch, each batch applied, each query kind answered on the snapshot that holds every update
// read before it, and the end (the final checkpoint, --out, the summary, the stop message).
#include "tools/spgraph/stream_run.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/communities/communities.hpp"
#include "algorithms/components/components.hpp"
#include "algorithms/cores/cores.hpp"
#include "algorithms/knn/knn.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/sssp/sssp.hpp"
#include "algorithms/triangles/triangles.hpp"
#include "engine/dynamic_graph.hpp"
#include "engine/dynamic_graph_cuda.hpp"
#include "loaders/update_stream.hpp"
#include "store/graph_store.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/device_report.hpp"
#include "tools/cli/plural.hpp"
#include "tools/cli/report.hpp"
#include "tools/common/progress.hpp"
#include "tools/spgraph/checkpoint_watch.hpp"
#include "tools/spgraph/cli_store.hpp"
#include "tools/spgraph/signals.hpp"
#include "tools/spgraph/snapshot_answers.hpp"
#include "tools/spgraph/snapshot_knn.hpp"
#include "tools/spgraph/stream_ids.hpp"
#include "tools/spgraph/stream_views.hpp"

namespace spgraph::cli {

namespace {

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

DuplicatePolicy parse_duplicates(const std::string& s) {
  return s == "keep"      ? DuplicatePolicy::Keep
         : s == "combine" ? DuplicatePolicy::Combine
                          : DuplicatePolicy::IgnoreIfPresent;
}

/// The dynamic graph's options: the start's direction, weights unless T is bool, --duplicates.
template <class T>
DynamicGraphOptions stream_graph_options(const StreamArgs& args, const StreamStart<T>& start) {
  DynamicGraphOptions o;
  o.directed = !start.undirected;
  o.weighted = !std::is_same_v<T, bool>;
  o.duplicates = parse_duplicates(args.duplicates);
  return o;
}

/// The size of the update file, for the progress line; 0 for a pipe or stdin, which have no
/// known end (the line is then a running count).
std::uint64_t update_file_bytes(const std::string& updates) {
  if (updates == "-") return 0;
  struct stat st {};
  if (::stat(updates.c_str(), &st) == 0 && S_ISREG(st.st_mode)) return std::uint64_t(st.st_size);
  return 0;
}

/// The graph a stream updates: in memory, or in a durable store (created from the start's
/// matrix, or opened and recovered), built when constructed.
template <class T>
class StreamGraph {
 public:
  StreamGraph(const StreamArgs& args, const StreamStart<T>& start, const DynamicGraphOptions& o) {
    const auto t_build = std::chrono::steady_clock::now();
    if (backend_of(args.g) == Backend::Cuda) {
      device_ = std::make_unique<DeviceDynamicGraph<T>>(*start.base, o);
    } else if (args.store.empty()) {
      memory_ = std::make_unique<DynamicGraph<T>>(*start.base, o);
    } else {
      store_ = start_store(args.store, start.base, numbering_base(start.info), o,
                           args.checkpoint_every, args.g.quiet || args.g.json, args.salvage);
    }
    build_seconds_ = seconds_since(t_build);
  }

  /// The latest snapshot (a graph in host memory only: the device graph answers its queries
  /// itself, device()).
  GraphSnapshot<T> snapshot() const { return store_ ? store_->snapshot() : memory_->snapshot(); }
  /// The graph in device memory (--backend cuda), or null.
  DeviceDynamicGraph<T>* device() const { return device_.get(); }
  Vertex num_vertices() const {
    return device_ ? device_->num_vertices() : snapshot().num_vertices();
  }
  /// Applies a batch (with a store: logged and fsync'ed first).
  BatchSummary apply(const UpdateBatch<T>& batch) {
    if (device_) return device_->apply(batch);
    return store_ ? store_->apply(batch) : memory_->apply(batch);
  }
  /// Counts the triangles now and keeps the count up to date batch by batch.
  void track_triangles() {
    if (store_)
      store_->track_triangles(std::make_shared<IncrementalTriangles>());
    else
      memory_->track_triangles(std::make_shared<IncrementalTriangles>());
  }
  /// Registers a maintained view (DynamicGraph::maintain).
  void maintain(std::shared_ptr<MaintainedView> view) {
    if (store_)
      store_->maintain(std::move(view));
    else
      memory_->maintain(std::move(view));
  }
  /// What the writer measured for each maintained view.
  std::vector<ViewStats> view_stats() const {
    if (device_) return {};
    return store_ ? store_->graph().view_stats() : memory_->view_stats();
  }
  /// The store, or null when the graph is in memory only.
  GraphStore<T>* store() const { return store_.get(); }
  /// How long building (or recovering) the graph took.
  double build_seconds() const { return build_seconds_; }

 private:
  std::unique_ptr<DynamicGraph<T>> memory_;
  std::unique_ptr<GraphStore<T>> store_;
  std::unique_ptr<DeviceDynamicGraph<T>> device_;
  double build_seconds_ = 0;
};

/// One stream run: constructed (the graph built, the update stream opened), then read_stream(),
/// then finish(). Not copyable: the update reader calls back into it.
template <class T>
class StreamRun {
 public:
  StreamRun(const StreamArgs& args, const StreamStart<T>& start)
      : args_(args),
        start_(start),
        options_(stream_graph_options(args, start)),
        can_count_triangles_(start.undirected && !args.no_triangles &&
                             options_.duplicates != DuplicatePolicy::Keep),
        graph_(args, start, options_),
        ids_(start.info, graph_.num_vertices()),
        // Drawn only when the answers go elsewhere than the terminal, so that the line never
        // splits an answer.
        bar_("updates", update_file_bytes(args.updates), "B",
             tools::progress_allowed() && !isatty(STDOUT_FILENO)),
        stream_name_(args.updates == "-" ? "<stdin>" : args.updates),
        reader_(args.updates, reader_options()),
        started_(std::chrono::steady_clock::now()) {
    const auto tv = std::chrono::steady_clock::now();
    for (const ViewSpec& spec : parse_view_list(args.maintain)) {
      graph_.maintain(make_view(spec, spec.has_vertex() ? view_vertex(ids_, spec) : 0));
      if (spec.kind == ViewKind::Sssp) nonnegative_view_ = spec.text;
    }
    views_seconds_ = seconds_since(tv);
  }
  StreamRun(const StreamRun&) = delete;
  StreamRun& operator=(const StreamRun&) = delete;

  /// Reads every line (to the end, or to the first SIGINT/SIGTERM): updates are gathered into
  /// batches of --batch, queries answered as they come.
  void read_stream() {
    UpdateRecord rec;
    enable_graceful_stop();
    while (reader_.next(rec)) {
      bar_.update(reader_.bytes_read());
      if (rec.is_query)
        answer_query(rec);
      else
        take_update(rec);
    }
  }

  /// Applies what is pending, takes the final checkpoint, writes --out, prints the summary and,
  /// when a signal ended the input, says so and sets the exit code.
  void finish() {
    apply_pending();
    // The final checkpoint (unless --checkpoint-every just took it), its failure said.
    if (GraphStore<T>* store = graph_.store())
      checkpoints_.at_end(*store, batches_ > 0 && (args_.checkpoint_every == 0 ||
                                                   batches_ % args_.checkpoint_every != 0));
    total_.missing += outside_;
    const double wall = seconds_since(started_);
    bar_.finish();
    const int stop_signal = *stop_flag();
    Report r;
    if (const DeviceDynamicGraph<T>* d = graph_.device()) {
      r = summary(d->num_vertices(), d->num_edges(), d->version(), wall, stop_signal);
      report_device_stats(r);
    } else {
      const GraphSnapshot<T> s = graph_.snapshot();
      if (!args_.out.empty()) write_out(s);
      r = summary(s.num_vertices(), s.num_edges(), s.version(), wall, stop_signal);
    }
    print_summary(r);
    if (stop_signal) say_stopped(stop_signal);
  }

 private:
  // --- reading lines ---

  UpdateStreamOptions reader_options() {
    UpdateStreamOptions so;
    so.strict = args_.strict;
    so.names = ids_.named();  // string ids: update records name vertices by any token
    // Lines the parser rejects (it throws itself under --strict); lines it reads but this
    // command cannot apply go through reject().
    so.on_error = [this](const LineError& e) { skip(e.line, e.message); };
    // The first SIGINT/SIGTERM ends the input (signals.hpp); what was read is still applied.
    so.stop = stop_flag();
    return so;
  }

  /// A line that is not applied: counted and said on stderr, with its line number.
  void skip(std::uint64_t line, const std::string& message) {
    ++malformed_;
    bar_.finish();        // the message starts on a clean line
    std::fflush(stdout);  // the answers before this line come first when both go to one pipe
    std::fprintf(stderr, "spgraph: %s:%llu: %s (line skipped)\n", printable(stream_name_).c_str(),
                 (unsigned long long)line, printable(message).c_str());
  }

  /// A line the parser read but this command cannot apply: ends the run under --strict, else
  /// skipped.
  void reject(std::uint64_t line, const std::string& message) {
    if (args_.strict) throw ParseError(stream_name_, line, message);
    skip(line, message);
  }

  // --- updates ---

  /// The dense ids of an update's ends. An insert may grow the graph (unless --no-grow); an
  /// erase or re-weight never grows it: an id it does not have is Absent, a no-op.
  StreamIds::Status resolve_update(const UpdateRecord& rec, Vertex& u, Vertex& v,
                                   std::string& error) {
    using Status = StreamIds::Status;
    if (rec.update == UpdateKind::Insert)
      return ids_.resolve_insert(ids_.key_u(rec), ids_.key_v(rec), !args_.no_grow,
                                 start_.info.bytes + reader_.bytes_read(), u, v, error);
    std::string ev;
    Status status = ids_.find(ids_.key_u(rec), u, error);
    const Status sv = ids_.find(ids_.key_v(rec), v, ev);
    if (status == Status::Present || (status == Status::Absent && sv == Status::Invalid)) {
      status = sv;
      error = ev;
    }
    return status;
  }

  /// Adds an update to the pending batch (applied when it holds --batch updates), or rejects
  /// it, or counts it as missing (an erase or re-weight of a vertex the graph does not have).
  void take_update(const UpdateRecord& rec) {
    using Status = StreamIds::Status;
    Vertex u = 0, v = 0;
    const Status status = resolve_update(rec, u, v, error_);
    if (status == Status::Invalid || (status == Status::Absent && args_.no_grow)) {
      reject(rec.line, error_);
      return;
    }
    if (!options_.weighted && (rec.has_weight || rec.update == UpdateKind::Assign)) {
      reject(rec.line,
             "a weight is given, but the graph is unweighted (load a weighted file, or pass "
             "--weighted)");
      return;
    }
    if (!nonnegative_view_.empty() && rec.update != UpdateKind::Erase && rec.has_weight &&
        !(rec.weight >= 0)) {
      reject(rec.line, "a negative weight, but the maintained view " + nonnegative_view_ +
                           " needs weights >= 0 (as sssp does)");
      return;
    }
    if (status == Status::Absent) {
      ++outside_;  // counted with the missing edges
      return;
    }
    const T w = static_cast<T>(rec.has_weight ? rec.weight : 1.0);
    if (rec.update == UpdateKind::Insert) pending_.insert(u, v, w);
    if (rec.update == UpdateKind::Erase) pending_.erase(u, v);
    if (rec.update == UpdateKind::Assign) pending_.assign(u, v, w);
    if (pending_.size() >= args_.batch) apply_pending();
  }

  /// Applies the pending batch, if any, and adds its counts to the totals.
  void apply_pending() {
    if (pending_.empty()) return;
    const auto ta = std::chrono::steady_clock::now();
    const BatchSummary s = graph_.apply(pending_);
    apply_seconds_ += seconds_since(ta);
    for (const std::string& d : s.dropped_views) {
      bar_.finish();
      std::fflush(stdout);
      std::fprintf(stderr,
                   "spgraph: maintained view dropped at version %llu (%s); its queries "
                   "recompute from now on\n",
                   (unsigned long long)s.version, d.c_str());
    }
    applied_ += pending_.size();
    ++batches_;
    total_.inserted += s.inserted;
    total_.erased += s.erased;
    total_.ignored += s.ignored;
    total_.combined += s.combined;
    total_.assigned += s.assigned;
    total_.missing += s.missing;
    pending_.clear();
    if (GraphStore<T>* store = graph_.store()) checkpoints_.after_batch(*store);
  }

  // --- queries ---

  /// Answers a query on the snapshot that holds every update read before it.
  void answer_query(const UpdateRecord& rec) {
    apply_pending();
    if (graph_.device()) {
      answer_on_device(rec);
      return;
    }
    // The triangle count is kept from the first '? triangles' query on, so a stream that never
    // asks pays nothing for it.
    if (rec.query == QueryKind::Triangles && can_count_triangles_ && !graph_.snapshot().triangles())
      graph_.track_triangles();
    const GraphSnapshot<T> s = graph_.snapshot();
    switch (rec.query) {
      case QueryKind::Edges:
        answer_edges(s);
        break;
      case QueryKind::Triangles:
        answer_triangles(rec, s);
        break;
      case QueryKind::PageRank:
        answer_pagerank(s);
        break;
      case QueryKind::Cc:
        answer_cc(s);
        break;
      case QueryKind::Communities:
        answer_communities(s, rec.line);
        break;
      case QueryKind::Kcore:
      case QueryKind::Knn:
      case QueryKind::Sssp:
      case QueryKind::Degree:
      case QueryKind::Bfs:
        answer_vertex_query(rec, s);
        break;
    }
  }

  /// Prints an answer, which names the snapshot's version. It goes out as it is found, flushed,
  /// whatever stdout is (a consumer at the end of a pipe sees each answer at once): one text
  /// line, or with --json one JSON object per line (NDJSON).
  /// `maintained`: the answer came from a maintained view (said as "maintained": true, and
  /// " (maintained)" at the end of the text line).
  void answer(Report a, std::uint64_t version, const std::string& layout, bool maintained = false) {
    ++queries_;
    a.add("version", report::count(version));
    if (maintained) a.add("maintained", report::flag(true));
    if (args_.g.json) {
      print_json_line(a);
    } else {
      print_text(a, layout + " version={version}" + (maintained ? " (maintained)" : "") + "\n");
      std::fflush(stdout);
    }
  }

  void answer_edges(const GraphSnapshot<T>& s) {
    Report a;
    a.add("query", report::str("edges"));
    a.add("edges", report::count(s.num_edges()));
    answer(a, s.version(), "edges {edges}");
  }

  void answer_triangles(const UpdateRecord& rec, const GraphSnapshot<T>& s) {
    if (!s.triangles()) {
      reject(rec.line, start_.undirected ? "triangles are not tracked (--no-triangles)"
                                         : "triangles need an undirected graph (--undirected)");
      return;
    }
    Report a;
    a.add("query", report::str("triangles"));
    a.add("triangles", report::count(*s.triangles()));
    answer(a, s.version(), "triangles {triangles}");
  }

  /// The GAP variant with its defaults (pagerank.hpp); the answer names the top vertex.
  void answer_pagerank(const GraphSnapshot<T>& s) {
    const auto tq = std::chrono::steady_clock::now();
    const PageRankAnswer r = pagerank_answer(s);
    const double ms = 1e3 * seconds_since(tq);
    Report a;
    a.add("query", report::str("pagerank"));
    a.add("iterations", report::count(r.iterations));
    if (r.empty) {
      a.add("top", ReportValue{"null", "none"});
      a.add("rank", ReportValue{"null", "none"});
    } else {
      a.add("top", ids_.external(r.top));
      a.add("rank", report::real(r.rank, "%.17g", "%.9g"));
    }
    a.add("ms", report::real(ms, "%.3f", "%.3f"));
    answer(a, s.version(), "pagerank iterations={iterations} top={top} rank={rank} ms={ms}",
           r.maintained);
  }

  /// Louvain communities of the snapshot with `spgraph communities`' defaults (modularity,
  /// resolution 1, seed 0; weights, when the stream has them, as edge weights).
  void answer_communities(const GraphSnapshot<T>& s, std::uint64_t line) {
    const auto tq = std::chrono::steady_clock::now();
    CommunityOptions o;
    o.undirected = start_.undirected;
    CommunityResult r;
    try {
      r = louvain(s.matrix(), o);
    } catch (const InvalidArgument& e) {  // a negative weight: this query cannot run
      reject(line, e.what());
      return;
    }
    const double ms = 1e3 * seconds_since(tq);
    Report a;
    a.add("query", report::str("communities"));
    a.add("method", report::str("louvain"));
    a.add("communities", report::count(r.communities));
    // A graph without edges has no modularity (NaN, as igraph gives): null / "none".
    a.add("modularity", std::isnan(r.modularity) ? ReportValue{"null", "none"}
                                                 : report::real(r.modularity, "%.17g", "%.6f"));
    a.add("largest", report::count(r.largest));
    a.add("ms", report::real(ms, "%.3f", "%.3f"));
    answer(a, s.version(),
           "communities method={method} communities={communities} modularity={modularity} "
           "largest={largest} ms={ms}");
  }

  void answer_cc(const GraphSnapshot<T>& s) {
    const auto tq = std::chrono::steady_clock::now();
    const CcAnswer r = cc_answer(s);
    const double ms = 1e3 * seconds_since(tq);
    Report a;
    a.add("query", report::str("cc"));
    a.add("components", report::count(r.components));
    a.add("largest", report::count(r.largest));
    a.add("ms", report::real(ms, "%.3f", "%.3f"));
    answer(a, s.version(), "cc components={components} largest={largest} ms={ms}", r.maintained);
  }

  /// The queries about one vertex (bfs, degree, sssp, knn): the vertex must be in the graph.
  void answer_vertex_query(const UpdateRecord& rec, const GraphSnapshot<T>& s) {
    Vertex found = 0;
    std::string error;
    const bool present = ids_.find(ids_.key_u(rec), found, error) == StreamIds::Status::Present;
    if (!present || found >= s.num_vertices()) {
      reject(rec.line, present
                           ? "vertex " + ids_.key_u(rec).text(ids_.named()) + " is not in the graph"
                           : error);
      return;
    }
    if (rec.query == QueryKind::Degree)
      answer_degree(s, found);
    else if (rec.query == QueryKind::Kcore)
      answer_kcore(s, found);
    else if (rec.query == QueryKind::Knn)
      answer_knn(rec, s, found);
    else if (rec.query == QueryKind::Sssp)
      answer_sssp(rec, s, found);
    else
      answer_bfs(s, found);
  }

  /// The vertex's core number, from the k-core decomposition of the whole snapshot (taken as
  /// undirected, self-loops ignored: algorithms/cores/), with the largest core number.
  void answer_kcore(const GraphSnapshot<T>& s, Vertex vertex) {
    const auto tq = std::chrono::steady_clock::now();
    CoreOptions o;
    o.undirected = start_.undirected;
    const KcoreResult r = kcore(s.matrix(), o);
    const double ms = 1e3 * seconds_since(tq);
    Report a;
    a.add("query", report::str("kcore"));
    a.add("vertex", ids_.external(vertex));
    a.add("core", report::count(r.core[vertex]));
    a.add("max_core", report::count(r.max_core));
    a.add("ms", report::real(ms, "%.3f", "%.3f"));
    answer(a, s.version(), "kcore vertex={vertex} core={core} max_core={max_core} ms={ms}");
  }

  void answer_degree(const GraphSnapshot<T>& s, Vertex vertex) {
    Report a;
    a.add("query", report::str("degree"));
    a.add("vertex", ids_.external(vertex));
    a.add("degree", report::count(s.degree(vertex)));
    answer(a, s.version(), "degree vertex={vertex} degree={degree}");
  }

  /// The k most similar vertices ('? knn v [k [measure]]', default jaccard).
  void answer_knn(const UpdateRecord& rec, const GraphSnapshot<T>& s, Vertex vertex) {
    const std::string name = rec.word.empty() ? std::string("jaccard") : rec.word;
    std::string names;
    const SnapshotKnnMeasure* m = find_knn_measure(name, names);
    if (!m) {
      std::string message = "unknown knn measure '";
      message += name;
      message += "': use one of ";
      message += names;
      reject(rec.line, message);
      return;
    }
    const auto tq = std::chrono::steady_clock::now();
    KnnResult r;
    bool maintained = false;
    try {
      r = knn_answer(s, vertex, std::size_t(rec.v), *m, maintained);
    } catch (const InvalidArgument& e) {  // a negative weight: this query cannot run
      reject(rec.line, negative_weight_message(s, ids_).value_or(e.what()));
      return;
    }
    const double ms = 1e3 * seconds_since(tq);
    std::vector<Report> items;
    std::string text;
    for (std::size_t i = 0; i < r.ids.size(); ++i) {
      Report item;
      item.add("vertex", ids_.external(r.ids[i]));
      item.add("score", report::real(r.scores[i], "%.17g", "%.17g"));
      items.push_back(item);
      text += (i ? "," : "") + item.text("{vertex}:{score}");
    }
    Report a;
    a.add("query", report::str("knn"));
    a.add("vertex", ids_.external(vertex));
    a.add("k", report::count(rec.v));
    a.add("measure", report::str(std::string(m->name)));
    a.add("found", report::count(r.ids.size()));
    a.add("answers", report::text(text.empty() ? "-" : text));
    a.add("neighbors", report::list(items));
    a.add("ms", report::real(ms, "%.3f", "%.3f"));
    answer(a, s.version(),
           "knn vertex={vertex} k={k} measure={measure} found={found} answers={answers} "
           "ms={ms}",
           maintained);
  }

  void answer_sssp(const UpdateRecord& rec, const GraphSnapshot<T>& s, Vertex source) {
    const auto tq = std::chrono::steady_clock::now();
    SsspAnswer r;
    try {
      r = sssp_answer(s, source);
    } catch (const InvalidArgument& e) {  // a negative weight: this query cannot run
      reject(rec.line, negative_weight_message(s, ids_).value_or(e.what()));
      return;
    }
    const double ms = 1e3 * seconds_since(tq);
    Report a;
    a.add("query", report::str("sssp"));
    a.add("source", ids_.external(source));
    a.add("reached", report::count(r.reached));
    a.add("max_distance", report::real(r.max_distance, "%.17g", "%.17g"));
    a.add("ms", report::real(ms, "%.3f", "%.3f"));
    answer(a, s.version(),
           "sssp source={source} reached={reached} max_distance={max_distance} ms={ms}",
           r.maintained);
  }

  void answer_bfs(const GraphSnapshot<T>& s, Vertex source) {
    const auto tb = std::chrono::steady_clock::now();
    const BfsAnswer r = bfs_answer(s, source);
    const double ms = 1e3 * seconds_since(tb);
    Report a;
    a.add("query", report::str("bfs"));
    a.add("source", ids_.external(source));
    a.add("reached", report::count(r.reached));
    a.add("depth", report::count(r.depth));
    a.add("ms", report::real(ms, "%.3f", "%.3f"));
    answer(a, s.version(), "bfs source={source} reached={reached} depth={depth} ms={ms}",
           r.maintained);
  }

  // --- queries on the device (--backend cuda) ---

  /// The queries the device graph answers (edges, degree, bfs), on the version that holds every
  /// update read before them; the others are refused by name, as malformed lines are.
  void answer_on_device(const UpdateRecord& rec) {
    const DeviceDynamicGraph<T>& d = *graph_.device();
    if (rec.query == QueryKind::Edges) {
      Report a;
      a.add("query", report::str("edges"));
      a.add("edges", report::count(d.num_edges()));
      answer(a, d.version(), "edges {edges}");
      return;
    }
    if (rec.query != QueryKind::Degree && rec.query != QueryKind::Bfs) {
      reject(rec.line, "'? " + std::string(query_name(rec.query)) +
                           "' is not answered with --backend cuda (the device graph answers "
                           "'? edges', '? degree v' and '? bfs s'; run without --backend cuda)");
      return;
    }
    Vertex v = 0;
    std::string error;
    const bool present = ids_.find(ids_.key_u(rec), v, error) == StreamIds::Status::Present;
    if (!present || v >= d.num_vertices()) {
      reject(rec.line, present
                           ? "vertex " + ids_.key_u(rec).text(ids_.named()) + " is not in the graph"
                           : error);
      return;
    }
    Report a;
    if (rec.query == QueryKind::Degree) {
      a.add("query", report::str("degree"));
      a.add("vertex", ids_.external(v));
      a.add("degree", report::count(d.degree(v)));
      answer(a, d.version(), "degree vertex={vertex} degree={degree}");
      return;
    }
    const auto tb = std::chrono::steady_clock::now();
    const DeviceBfsCounts r = d.bfs(v);
    a.add("query", report::str("bfs"));
    a.add("source", ids_.external(v));
    a.add("reached", report::count(r.reached));
    a.add("depth", report::count(r.depth));
    a.add("ms", report::real(1e3 * seconds_since(tb), "%.3f", "%.3f"));
    answer(a, d.version(), "bfs source={source} reached={reached} depth={depth} ms={ms}");
  }

  // --- the end ---

  /// Writes the final graph to --out in the file's numbering (its base, or the original ids),
  /// with the graph's symmetry.
  void write_out(const GraphSnapshot<T>& s) const {
    SaveOptions out_options;
    out_options.ids = ids_.snapshot_ids();
    out_options.base = ids_.base();
    out_options.symmetric = !options_.directed;
    save_matrix(args_.out, AnyMatrix(s.matrix()), out_options);
  }

  /// The run's summary: the graph, the counts, the times, the checkpoints, the stop.
  Report summary(Vertex vertices, Offset edges, std::uint64_t version, double wall,
                 int stop_signal) const {
    const double rate = apply_seconds_ > 0 ? double(applied_) / apply_seconds_ : 0;
    Report r;
    r.add("file", report::str(args_.file.empty() ? args_.store : args_.file));
    r.add("store", args_.store.empty() ? report::null() : report::str(args_.store));
    r.add("updates", report::str(stream_name_));
    r.add("vertices", report::count(vertices));
    r.add("edges", report::count(edges));
    r.add("directed", report::flag(options_.directed, "directed", "undirected"));
    r.add("load_seconds", report::text_only(report::seconds(start_.load_seconds)));
    r.add("build_seconds", report::text_only(report::seconds(graph_.build_seconds())));
    r.add("applied", report::count(applied_));
    r.add("batches", report::count(batches_));
    r.add("batch", report::text(std::to_string(args_.batch)));
    r.add("inserted", report::count(total_.inserted));
    r.add("erased", report::count(total_.erased));
    r.add("ignored", report::count(total_.ignored));
    r.add("combined", report::count(total_.combined));
    r.add("assigned", report::count(total_.assigned));
    r.add("missing", report::count(total_.missing));
    r.add("malformed", report::count(malformed_));
    r.add("query_count", report::text(std::to_string(queries_)));
    r.add("apply_seconds", report::seconds(apply_seconds_));
    r.add("wall_seconds", report::seconds(wall));
    r.add("updates_per_second", report::real(rate, "%.1f", "%.0f"));
    r.add("version", report::count(version));
    r.add("lines", report::count(reader_.lines_read()));
    r.add("stopped_by", stop_signal ? report::str(signal_name(stop_signal)) : report::null());
    r.add("out_written", report::flag(!args_.out.empty()));
    r.add("checkpoint_failures", report::count(checkpoints_.failures));
    r.add("checkpoint_error",
          checkpoints_.failures ? report::str(checkpoints_.last_error) : report::null());
    add_view_stats(r, graph_.view_stats(), views_seconds_, ids_);
    return r;
  }

  /// The summary as JSON on stdout (--json), or as text on stderr unless --quiet.
  void print_summary(const Report& r) const {
    if (args_.g.json) {
      print_json(r);
    } else if (!args_.g.quiet) {
      std::fflush(stdout);  // the answers first when stdout and stderr share a pipe
      print_text(r,
                 "graph: {vertices} vertices, {edges} edges, {directed} (loaded in "
                 "{load_seconds} s, dynamic graph built in {build_seconds} s)\n"
                 "applied {applied} updates in {batches} batches of up to {batch}: {inserted} "
                 "inserted, {erased} erased, {ignored} ignored (present), {combined} combined, "
                 "{assigned} re-weighted, {missing} missing; {query_count} queries; {malformed} "
                 "malformed lines\n" +
                     std::string("throughput: {updates_per_second} updates/s applying "
                                 "({apply_seconds} s), {wall_seconds} s wall\n") +
                     (checkpoints_.failures ? "checkpoints: {checkpoint_failures} failed (last: "
                                              "{checkpoint_error}); every batch is in the log\n"
                                            : "") +
                     (graph_.view_stats().empty() ? "" : "maintained views: {views_text}\n") +
                     (graph_.device() ? kDeviceStatsLayout : ""),
                 stderr);
    }
  }

  /// After a SIGINT or SIGTERM: what was read and written, and the exit code 128 + signal.
  void say_stopped(int stop_signal) const {
    std::fflush(stdout);
    std::fprintf(
        stderr,
        "spgraph: stream stopped by %s after %s of %s%s: every update read was "
        "applied; %s\n",
        signal_name(stop_signal).c_str(), count_of(reader_.lines_read(), "line", "lines").c_str(),
        printable(stream_name_).c_str(),
        reader_.stopped() ? "" : " (the whole stream had been read)",
        args_.out.empty()
            ? "no --out was given, no file was written"
            : ("the final graph was written to " + printable(args_.out) + " (complete)").c_str());
    request_exit_code(128 + stop_signal);
  }

  // Set-up, in this order (the constructor's initializers use the members above them).
  const StreamArgs& args_;
  const StreamStart<T>& start_;
  const DynamicGraphOptions options_;
  const bool can_count_triangles_;
  StreamGraph<T> graph_;
  StreamIds ids_;  ///< the file's numbering, grown by inserts
  tools::Progress bar_;
  const std::string stream_name_;  ///< the update file as messages name it
  // Counts.
  Offset malformed_ = 0;
  Offset outside_ = 0;  ///< erases and re-weights naming a vertex the graph does not have
  Offset applied_ = 0, batches_ = 0, queries_ = 0;
  BatchSummary total_;
  CheckpointWatch checkpoints_;
  double apply_seconds_ = 0;
  double views_seconds_ = 0;      ///< registering the --maintain views (their first computation)
  std::string nonnegative_view_;  ///< a maintained sssp view, which refuses negative weights
  // The stream.
  std::string error_;  ///< why an update's id did not resolve (one string for every line)
  UpdateBatch<T> pending_;
  UpdateStreamReader reader_;
  const std::chrono::steady_clock::time_point started_;
};

}  // namespace

template <class T>
void run_stream_typed(const StreamArgs& args, const StreamStart<T>& graph) {
  StreamRun<T> run(args, graph);
  run.read_stream();
  run.finish();
}

template void run_stream_typed<bool>(const StreamArgs&, const StreamStart<bool>&);
template void run_stream_typed<double>(const StreamArgs&, const StreamStart<double>&);

}  // namespace spgraph::cli
