// SPDX-License-Identifier: Apache-2.0
// `spgraph knn FILE --vertex V --k K --measure M` and `spgraph knn --features X [--queries Q]`:
// k-nearest-neighbour queries (algorithms/knn/knn.hpp) on a graph (similarity of
// neighbourhoods, or nearest by hops or weighted distance) or on the rows of a sparse feature
// matrix (dot product or cosine). Prints one 'query rank vertex score' line per answer and a
// summary; --out writes the answers as a TSV, or with --all / --features the kNN graph as a
// matrix the other commands load.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "algorithms/knn/knn_device.hpp"
#include "engine/any_matrix.hpp"
#include "engine/backend.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/knn_common.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/cli/spmv_common.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct KnnArgs {
  GlobalOptions g;
  LoadFlags load;
  KnnFlags knn;
  std::string file, out;
};

/// How the answers' ids are named: queries through one numbering, answers through another
/// (the same for a graph; Q's and X's for features).
struct KnnNames {
  const IdSpace* queries;
  const IdSpace* answers;
};

/// One answer line "query rank vertex score", as the text report prints it.
std::string answer_line(const KnnNames& names, Vertex query, std::size_t rank, Vertex id,
                        double score) {
  const char sep = ' ';
  char tail[48];
  std::snprintf(tail, sizeof tail, "%.17g\n", score);
  std::string line = names.queries->name(query);
  line += sep;
  line += std::to_string(rank);
  line += sep;
  line += names.answers->name(id);
  line += sep;
  line += tail;
  return line;
}

/// Writes the answers "query rank vertex score" atomically, as the name's extension says (TSV,
/// CSV or JSON: tools/cli/result_table.hpp).
void write_answers(const std::string& path, const KnnResult& r, const KnnNames& names) {
  ResultTable out(path, {"query", "rank", "vertex", "score"});
  for (std::size_t q = 0; q < r.num_queries(); ++q) {
    const auto ids = r.ids_of(q);
    const auto scores = r.scores_of(q);
    for (std::size_t i = 0; i < ids.size(); ++i) {
      out.vertex(*names.queries, r.queries[q]).integer((long long)(i + 1));
      out.vertex(*names.answers, ids[i]).number("%.17g", scores[i]);
      out.end_row();
    }
  }
  out.commit();
}

/// Writes the kNN graph (row = query, column = answer, value = score) by the path's extension.
void write_graph(const std::string& path, const KnnResult& r, Vertex nrows, Vertex ncols,
                 const LoadInfo& info, const IdSpace& ids) {
  SaveOptions so;
  if (info.ids && info.ids->remapped()) so.ids = info.ids;
  so.base = ids.base();
  save_matrix(path, AnyMatrix(knn_graph(r, nrows, ncols)), so);
}

/// Prints the answers (a list of 'query rank vertex score' items) and the summary.
void print_answers(const KnnArgs& args, const KnnResult& r, const KnnNames& names, Report head,
                   const std::string& head_layout, const std::string& summary_layout) {
  const bool list = args.out.empty();
  if (!list || args.g.json) {
    if (args.g.json) {
      // The answers as a JSON list when they are not written to a file.
      std::vector<Report> items;
      if (list)
        for (std::size_t q = 0; q < r.num_queries(); ++q)
          for (std::size_t i = 0; i < r.ids_of(q).size(); ++i) {
            Report a;
            a.add("query", vertex_value(*names.queries, r.queries[q]));
            a.add("rank", report::count(i + 1));
            a.add("vertex", vertex_value(*names.answers, r.ids_of(q)[i]));
            a.add("score", report::real(r.scores_of(q)[i], "%.17g", "%.17g"));
            items.push_back(std::move(a));
          }
      head.add("answers", list ? report::list(items) : report::null());
      return print_json(head);
    }
    print_text(head, args.g.quiet ? std::string("{answer_count}\n") : head_layout + summary_layout);
    return;
  }
  std::string text;
  if (!args.g.quiet) text = head.text(head_layout) + "# query rank vertex score\n";
  for (std::size_t q = 0; q < r.num_queries(); ++q) {
    const auto ids = r.ids_of(q);
    const auto scores = r.scores_of(q);
    for (std::size_t i = 0; i < ids.size(); ++i) {
      text += answer_line(names, r.queries[q], i + 1, ids[i], scores[i]);
      if (text.size() >= (std::size_t(1) << 20)) {
        std::fwrite(text.data(), 1, text.size(), stdout);
        text.clear();
      }
    }
  }
  if (!args.g.quiet) text += head.text(summary_layout);
  std::fwrite(text.data(), 1, text.size(), stdout);
}

/// The fields every knn report has after the input's.
void add_result_fields(Report& rep, const KnnJob& job, const KnnResult& r, double secs,
                       const std::string& out) {
  rep.add("measure", report::str(job.measure));
  rep.add("k", job.k == kAllNeighbors ? report::null() : report::count(job.k));
  rep.add("k_text", report::text(knn_k_text(job.k)));
  rep.add("excluded", report::text(knn_exclusions(job)));
  rep.add("queries", report::count(r.num_queries()));
  rep.add("answer_count", report::count(r.ids.size()));
  rep.add("seconds", report::seconds_as_ms(secs));
  rep.add("queries_per_second",
          report::real(secs > 0 ? double(r.num_queries()) / secs : 0.0, "%.1f", "%.0f"));
  rep.add("out", report::text(out));
}

/// The backend the answers came from and, for the device, its transfers and peak memory (the
/// fields every `--backend cuda` report has); `device` is null on the CPU.
void add_backend_fields(Report& rep, const std::string& backend, const KnnDeviceRun* device) {
  rep.add("backend", report::str(backend));
  rep.add("device_h2d_bytes", device ? report::bytes(device->h2d_bytes) : report::null());
  rep.add("device_d2h_bytes", device ? report::bytes(device->d2h_bytes) : report::null());
  rep.add("device_peak_bytes", device ? report::bytes(device->peak_bytes) : report::null());
}

/// The summary's line on the device run (empty on the CPU).
std::string device_layout(const KnnDeviceRun* device) {
  return device ? "device: {device_h2d_bytes} to it, {device_d2h_bytes} back, peak "
                  "{device_peak_bytes}\n"
                : std::string();
}

void run_graph_knn(const KnnArgs& args, KnnJob& job) {
  const bool distance = job.kind == KnnJob::Kind::Distance;
  // Similarity reads only the pattern; distance reads the weights as doubles (a pattern file
  // has unit weights), as sssp does.
  CliGraph graph = distance ? load_for_cli(args.file, args.load, args.g, false, ValueType::Double)
                            : load_for_cli(args.file, args.load, args.g, true);
  std::optional<Matrix<double>> converted;
  const Matrix<bool>* pattern = distance ? nullptr : &std::get<Matrix<bool>>(graph.loaded.matrix);
  const Matrix<double>* weighted =
      distance ? &matrix_of_type<double>(graph.loaded.matrix, converted) : nullptr;
  const Vertex n = distance ? weighted->nrows() : pattern->nrows();
  const Vertex ncols = distance ? weighted->ncols() : pattern->ncols();
  const Offset arcs = distance ? weighted->nvals() : pattern->nvals();
  if (n != ncols)
    throw InvalidArgument("knn: " + args.file + " holds a " + std::to_string(n) + " x " +
                          std::to_string(ncols) +
                          " matrix; a graph must be square (use --features for items by row)");
  const IdSpace ids(graph.loaded.info);
  const std::vector<Vertex> queries = knn_queries(args.knn, ids, n);
  if (distance && job.distance.kind == DistanceKind::Weighted) {
    // Named in the file's numbering (the algorithm's message would name dense ids).
    if (const auto arc = first_negative_arc(weighted->csr())) {
      const auto [i, k] = *arc;
      char w[64];
      std::snprintf(w, sizeof w, "%.17g", weighted->csr().val[k]);
      throw InvalidArgument("knn --measure distance: arc " + ids.name(i) + " -> " +
                            ids.name(weighted->csr().col[k]) + " has negative weight " + w +
                            "; distances need non-negative weights");
    }
  }
  job.similarity.undirected = graph.undirected;
  const bool cuda = backend_of(args.g) == Backend::Cuda;
  if (cuda && distance)
    no_kernel_on_backend(Backend::Cuda, "knn --measure " + job.measure +
                                            " (the device kernel covers the similarity "
                                            "measures and --features)");
  std::optional<KnnDeviceRun> device;
  const auto t0 = kernel_clock_start();
  KnnResult r;
  if (cuda) {
    std::vector<Vertex> all;
    if (args.knn.all) {
      all.resize(n);
      for (Vertex v = 0; v < n; ++v) all[v] = v;
    }
    device = similarity_knn_cuda(*pattern, args.knn.all ? std::span<const Vertex>(all) : queries,
                                 job.similarity);
    r = std::move(device->result);
  } else if (distance) {
    std::vector<Vertex> all;
    if (args.knn.all) {
      all.resize(n);
      for (Vertex v = 0; v < n; ++v) all[v] = v;
    }
    r = distance_knn(*weighted, args.knn.all ? std::span<const Vertex>(all) : queries,
                     job.distance);
  } else {
    r = args.knn.all ? similarity_knn_all(*pattern, job.similarity)
                     : similarity_knn(*pattern, queries, job.similarity);
  }
  const double secs = seconds_since(t0);
  if (!args.out.empty()) {
    if (args.knn.all)
      write_graph(args.out, r, n, n, graph.loaded.info, ids);
    else
      write_answers(args.out, r, {&ids, &ids});
  }
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(n));
  rep.add("arcs", report::count(arcs));
  rep.add("kind", report::text(graph.undirected ? "undirected" : "directed"));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("neighborhood", job.kind == KnnJob::Kind::Similarity && !graph.undirected
                              ? report::str(args.knn.neighborhood)
                              : report::null());
  rep.add("neighborhood_text",
          report::text(job.kind == KnnJob::Kind::Similarity && !graph.undirected
                           ? ", " + args.knn.neighborhood + "-neighbourhoods"
                           : std::string()));
  add_result_fields(rep, job, r, secs, args.out);
  add_backend_fields(rep, args.g.backend, device ? &*device : nullptr);
  const std::string head =
      "graph: {n} vertices, {arcs} arcs, {kind} (loaded in {load_seconds} s)\n";
  std::string summary =
      "knn {measure}{neighborhood_text}: {queries} queries, {answer_count} answers ({k_text}; "
      "{excluded}), time: {seconds} ms on {backend} ({queries_per_second} queries/s)\n";
  summary += device_layout(device ? &*device : nullptr);
  if (!args.out.empty())
    summary += args.knn.all ? "kNN graph written to {out}\n" : "answers written to {out}\n";
  print_answers(args, r, {&ids, &ids}, rep, head, summary);
}

void run_feature_knn(const KnnArgs& args, const KnnJob& job) {
  auto [x, q] = load_features(args.knn, args.load, args.g);
  const IdSpace x_ids(x.info);
  const IdSpace q_ids(q ? q->info : x.info);
  std::optional<KnnDeviceRun> device;
  const auto t0 = kernel_clock_start();
  KnnResult r;
  if (backend_of(args.g) == Backend::Cuda) {
    device = feature_knn_cuda(x.m, q ? &q->m : nullptr, job.features);
    r = std::move(device->result);
  } else {
    r = feature_knn(x.m, q ? &q->m : nullptr, job.features);
  }
  const double secs = seconds_since(t0);
  const Vertex query_rows = q ? q->m.nrows() : x.m.nrows();
  if (!args.out.empty()) write_graph(args.out, r, query_rows, x.m.nrows(), x.info, x_ids);
  Report rep;
  rep.add("file", report::str(x.path));
  rep.add("rows", report::count(x.m.nrows()));
  rep.add("cols", report::count(x.m.ncols()));
  rep.add("entries", report::count(x.m.nvals()));
  rep.add("load_seconds", report::text_only(report::seconds(x.load_seconds)));
  rep.add("queries_file", q ? report::str(q->path) : report::null());
  rep.add("queries_text",
          report::text(q ? "queries: " + q->path + ", " + std::to_string(q->m.nrows()) + " rows, " +
                               std::to_string(q->m.nvals()) + " entries\n"
                         : std::string()));
  rep.add("threshold", std::isfinite(job.features.threshold)
                           ? report::real(job.features.threshold, "%.17g", "%g")
                           : report::null());
  std::string threshold_text;
  if (std::isfinite(job.features.threshold)) {
    char t[64];
    std::snprintf(t, sizeof t, ", scores >= %g", job.features.threshold);
    threshold_text = t;
  }
  rep.add("threshold_text", report::text(threshold_text));
  add_result_fields(rep, job, r, secs, args.out);
  rep.add("rows_per_second",
          report::real(secs > 0 ? double(r.num_queries()) / secs : 0.0, "%.1f", "%.0f"));
  add_backend_fields(rep, args.g.backend, device ? &*device : nullptr);
  const std::string head =
      "features: {rows} rows x {cols} columns, {entries} entries (loaded in {load_seconds} s)\n"
      "{queries_text}";
  std::string summary =
      "knn {measure}: {queries} query rows, {answer_count} answers ({k_text}{threshold_text}; "
      "{excluded}), time: {seconds} ms on {backend} ({rows_per_second} rows/s)\n";
  summary += device_layout(device ? &*device : nullptr);
  if (!args.out.empty()) summary += "kNN graph written to {out}\n";
  print_answers(args, r, {&q_ids, &x_ids}, rep, head, summary);
}

void run_knn(const KnnArgs& args) {
  apply_global_flags(args.g);
  KnnJob job = knn_job(args.knn, args.file, args.load);
  if (!args.out.empty()) {
    std::vector<std::string> inputs{args.file, args.knn.features, args.knn.queries};
    inputs.erase(std::remove(inputs.begin(), inputs.end(), std::string()), inputs.end());
    check_output_path(args.out, inputs);
    if (args.knn.all || job.kind == KnnJob::Kind::Features)
      output_format_for(args.out);  // an unknown extension is an error before any work
  }
  if (job.kind == KnnJob::Kind::Features) return run_feature_knn(args, job);
  run_graph_knn(args, job);
}

}  // namespace

void register_knn(CLI::App& app) {
  auto args = std::make_shared<KnnArgs>();
  CLI::App* cmd = app.add_subcommand(
      "knn",
      "k nearest neighbours: the most similar vertices (Jaccard, cosine, Adamic-Adar, ...), "
      "the nearest by hops or distance, or the closest rows of a feature matrix");
  cmd->add_option("file", args->file, "Graph file (omit with --features)");
  add_knn_flags(cmd, args->knn);
  cmd->add_option("--out,-o", args->out,
                  "Write the answers 'query rank vertex score' (TSV; CSV for .csv, JSON for "
                  ".json), or with --all or "
                  "--features the kNN graph as a matrix (format by extension: .mtx, .bin, ...)");
  add_global_flags(cmd, args->g);
  args->g.runs_on_cuda = true;  // similarity (count measures) and --features: knn_device.hpp
  add_load_flags(cmd, args->load);
  cmd->footer(knn_help_footer());
  cmd->callback([args] { run_knn(*args); });
}

}  // namespace spgraph::cli
