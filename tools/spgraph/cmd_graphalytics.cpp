// SPDX-License-Identifier: Apache-2.0
// `spgraph graphalytics DATASET --algorithm NAME`: runs one LDBC Graphalytics algorithm on a
// Graphalytics dataset (DATASET.properties or DATASET itself, with the vertex and edge files it
// names; loaders/graphalytics.hpp) with the parameters the dataset gives, each overridable by a
// flag, times the kernel alone (--repeat: the median), and with --out writes the output in
// Graphalytics' form (loaders/graphalytics_output.hpp). The algorithms are the table of
// graphalytics_jobs.cpp. A dataset lists the algorithms it is meant for (graph.NAME.algorithms);
// asking for another is an error naming that key (exit 1), as Graphalytics' harness runs only
// the listed ones. The parameters are checked before the graph files are read, so a missing or
// malformed one costs no load.
#include <chrono>
#include <climits>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "loaders/graphalytics.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/report.hpp"
#include "tools/spgraph/commands.hpp"
#include "tools/spgraph/graphalytics_jobs.hpp"

namespace spgraph::cli {

namespace {

struct GraphalyticsArgs {
  int repeat = 1;
  GlobalOptions g;
  std::string dataset, algorithm, out;
  std::string source;   ///< --source, in the dataset's ids ("": not given)
  int iterations = 0;   ///< --iterations (0: not given)
  double damping = -1;  ///< --damping (negative: not given)
};

/// Refuses a parameter flag the job has no parameter for (a usage error).
void refuse_flags_not_taken(const GraphalyticsJob& job, const GraphalyticsArgs& args) {
  const struct {
    bool given;
    const char* key;
    const char* flag;
  } flags[] = {{!args.source.empty(), job.source_key, "--source"},
               {args.iterations > 0, job.iterations_key, "--iterations"},
               {args.damping >= 0, job.damping_key, "--damping"}};
  for (const auto& f : flags)
    if (f.given && !f.key)
      throw CLI::ValidationError(std::string(f.flag) + " does not apply to --algorithm " +
                                 job.name + " (it has no such parameter)");
}

/// Refuses an algorithm the dataset does not list (graph.NAME.algorithms).
void require_listed(const GraphalyticsProperties& p, const GraphalyticsJob& job) {
  if (p.lists(job.name)) return;
  const std::string key = p.key_name("algorithms");
  if (!p.line_of("algorithms"))
    throw ParseError(p.path(), 0,
                     "has no key " + key +
                         ": the dataset lists no algorithm to run (Graphalytics "
                         "runs only the algorithms a dataset lists; add '" +
                         key + " = " + job.name + "')");
  throw ParseError(p.path(), p.line_of("algorithms"),
                   key + " = " + *p.text("algorithms") + " does not list " + job.name +
                       ": Graphalytics runs only the algorithms a dataset lists (add " + job.name +
                       " to that key to run it)");
}

/// The job's parameters a flag or a key gives, read before the load; the source stays a file
/// id until the vertex file is read.
struct PendingParameters {
  GraphalyticsParameters values;
  std::uint64_t source_id = 0;
};

PendingParameters read_parameters(const GraphalyticsJob& job, const GraphalyticsArgs& args,
                                  const GraphalyticsProperties& p) {
  PendingParameters out;
  auto missing = [&](const char* key, const char* flag) {
    return ParseError(p.path(), 0,
                      "missing key " + p.key_name(key) + " (a parameter of " + job.name +
                          "): add it, or give " + flag);
  };
  if (job.source_key) {
    if (!args.source.empty()) {
      if (!parse_decimal_id(args.source, out.source_id))
        throw CLI::ValidationError("--source must be a vertex id (a non-negative integer), got '" +
                                   printable(args.source) + "'");
    } else if (const auto id = p.vertex(job.source_key)) {
      out.source_id = *id;
    } else {
      throw missing(job.source_key, "--source");
    }
  }
  if (job.iterations_key) {
    const auto key = args.iterations > 0 ? std::nullopt : p.integer(job.iterations_key, 1, INT_MAX);
    if (args.iterations <= 0 && !key) throw missing(job.iterations_key, "--iterations");
    out.values.iterations = args.iterations > 0 ? args.iterations : int(*key);
  }
  if (job.damping_key) {
    const auto key = args.damping >= 0 ? std::nullopt : p.real(job.damping_key, 0, 1);
    if (args.damping < 0 && !key) throw missing(job.damping_key, "--damping");
    out.values.damping = args.damping >= 0 ? args.damping : *key;
  }
  if (job.weighted && p.weight_property() < 0)
    throw ParseError(p.path(), 0,
                     std::string(job.name) +
                         " needs edge weights, and the dataset declares no "
                         "edge properties (" +
                         p.key_name("edge-properties.names") + ")");
  return out;
}

/// The dense id of the source, once the vertex file is read.
Vertex resolve_source(const GraphalyticsJob& job, const GraphalyticsArgs& args,
                      const GraphalyticsDataset& d, std::uint64_t id) {
  if (const auto v = d.graph.info.ids->find_integer(id)) return *v;
  const GraphalyticsProperties& p = d.properties;
  if (!args.source.empty())
    throw InvalidArgument("--source " + std::to_string(id) + " is not a vertex of " +
                          d.vertex_path);
  throw ParseError(p.path(), p.line_of(job.source_key),
                   p.key_name(job.source_key) + " = " + std::to_string(id) +
                       " is not a vertex of " + d.vertex_path);
}

void run_graphalytics(const GraphalyticsArgs& args) {
  apply_global_flags(args.g);
  const GraphalyticsJob& job = *find_graphalytics_job(args.algorithm);  // CLI11 checked it
  refuse_flags_not_taken(job, args);
  GraphalyticsProperties props = read_graphalytics_properties(args.dataset);
  require_listed(props, job);
  PendingParameters params = read_parameters(job, args, props);
  if (!args.out.empty())
    check_output_path(args.out, {props.path(), graphalytics_file_path(props, props.vertex_file()),
                                 graphalytics_file_path(props, props.edge_file())});
  LoadOptions o;
  o.threads = args.g.threads;
  o.pattern_only = !job.weighted;
  o.exact_type = job.weighted ? ValueType::Double : ValueType::Pattern;
  const auto t0 = std::chrono::steady_clock::now();
  const GraphalyticsDataset d = load_graphalytics(std::move(props), o);
  const double load_seconds = seconds_since(t0);
  const IdSpace ids(d.graph.info);
  if (job.source_key) params.values.source = resolve_source(job, args, d, params.source_id);
  const Vertex n = d.graph.info.ids->size();
  Report rep;
  rep.add("dataset", report::str(d.properties.path()));
  rep.add("graph", report::str(d.properties.graph()));
  rep.add("vertices", report::count(n));
  rep.add("edges", report::count(d.properties.meta_edges()));
  rep.add("directed", report::flag(d.properties.directed(), "directed", "undirected"));
  rep.add("load_seconds", report::seconds(load_seconds));
  rep.add("algorithm", report::str(job.name));
  rep.add("title", report::text(job.title));
  const GraphalyticsJobRun run = job.run({d, ids, params.values, args.repeat}, rep);
  if (!args.out.empty()) run.write_output(args.out);
  rep.add("seconds", report::seconds_as_ms(run.seconds));
  rep.add("runs", report::count(run.runs));
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, "{seconds}\n");
  std::string layout =
      "dataset {graph}: {vertices} vertices, {edges} edges, {directed} (loaded in {load_seconds} "
      "s)\n"
      "{algorithm}, {title}: ";
  layout += run.layout;
  layout += run.runs > 1 ? "time: {seconds} ms (median of {runs} runs)\n" : "time: {seconds} ms\n";
  if (!args.out.empty()) layout += "output written to {out}\n";
  print_text(rep, layout);
}

}  // namespace

void register_graphalytics(CLI::App& app) {
  auto args = std::make_shared<GraphalyticsArgs>();
  std::vector<std::string> names;
  std::string list;
  for (const GraphalyticsJob& j : graphalytics_jobs()) {
    names.push_back(j.name);
    list += std::string(list.empty() ? "" : ", ") + j.name + " (" + j.title + ")";
  }
  CLI::App* cmd = app.add_subcommand(
      "graphalytics",
      "Run an LDBC Graphalytics algorithm on a Graphalytics dataset with its parameters");
  cmd->add_option("dataset", args->dataset,
                  "The dataset: NAME.properties, or its path without the extension (the "
                  ".properties file names the vertex and edge files)")
      ->required();
  cmd->add_option("--algorithm,-a", args->algorithm, "The algorithm: " + list)
      ->required()
      ->check(CLI::IsMember(names));
  cmd->add_option("--out,-o", args->out,
                  "Write the output in Graphalytics' form: one 'vertex value' line per vertex, "
                  "in ascending id order");
  cmd->add_option("--source,-s", args->source,
                  "bfs, sssp: the source vertex (default: the dataset's bfs.source-vertex or "
                  "sssp.source-vertex)")
      ->check(vertex_flag("--source"));
  cmd->add_option("--iterations", args->iterations,
                  "pr, cdlp: the number of iterations (default: the dataset's pr.num-iterations "
                  "or cdlp.max-iterations)")
      ->transform(integer_flag("--iterations", 1, INT_MAX));
  cmd->add_option("--damping", args->damping,
                  "pr: the damping factor, in [0, 1) (default: the dataset's pr.damping-factor)")
      ->transform(real_flag("--damping", 0, 1))
      ->check(CLI::Validator(
          [](std::string& s) -> std::string {
            if (std::strtod(s.c_str(), nullptr) < 1) return {};
            return "--damping must be below 1, got '" + printable(s) + "'";
          },
          ""));
  add_repeat_flag(cmd, args->repeat);
  add_global_flags(cmd, args->g);
  cmd->callback([args] { run_graphalytics(*args); });
}

}  // namespace spgraph::cli
