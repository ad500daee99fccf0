// SPDX-License-Identifier: Apache-2.0
// `spgraph pagerank FILE`: PageRank by power iteration over the pull SpMV (GAP/LAGraph variant
// or the standard one that redistributes the sinks' rank; algorithms/pagerank/pagerank.hpp),
// optionally personalized (with teleport weights), optionally weighted (--weighted: rank spread
// in proportion to the edge weights); prints the convergence, the top vertices and the sum of
// ranks (and, for gap, that sinks leak), and writes every rank with --out. A file with weights
// run unweighted gets a note on stderr. With --backend cuda the power iteration runs on the device
// (algorithms/pagerank/pagerank_cuda.hpp) and the report adds its upload, kernel and download
// times, transfers and peak device memory.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numeric>
#include <optional>
#include <string>

#include "algorithms/pagerank/pagerank_cuda.hpp"
#include "loaders/output_file.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/device_run_report.hpp"
#include "tools/cli/job_results.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/cli/spmv_common.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct PageRankArgs {
  int repeat = 1;
  GlobalOptions g;
  LoadFlags load;
  PageRankFlags pr;
  std::string file, out;
};

/// The note on stderr when the weights in the file and --weighted disagree.
void note_weights(const PageRankArgs& args, const CliGraph& graph) {
  if (args.g.quiet || args.g.json) return;
  const bool has = graph.loaded.info.values_in_file;
  const std::string file = printable(args.file);
  if (has && !args.pr.weighted)
    std::fprintf(stderr, "note: %s has edge weights; PageRank ignores them (use --weighted)\n",
                 file.c_str());
  if (!has && args.pr.weighted)
    std::fprintf(stderr, "note: %s has no edge weights; --weighted reads every arc as weight 1\n",
                 file.c_str());
}

/// --weighted: the first arc whose weight is negative or not finite, named in the file's ids.
void check_pagerank_weights(const Csr<double>& a, const IdSpace& ids) {
  const auto bad = first_arc_where(a, [](double w) { return !std::isfinite(w) || w < 0; });
  if (!bad) return;
  const auto [i, k] = *bad;
  char w[64];
  std::snprintf(w, sizeof w, "%.17g", a.val[k]);
  throw InvalidArgument("pagerank: arc " + ids.name(i) + " -> " + ids.name(a.col[k]) +
                        " has weight " + w + "; --weighted needs finite weights >= 0");
}

void run_pagerank(const PageRankArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  // Unweighted, the structure only; --weighted, the weights as doubles (a value a double
  // cannot hold exactly is an error at its line; a pattern file reads 1).
  CliGraph graph = load_for_cli(args.file, args.load, args.g, !args.pr.weighted,
                                args.pr.weighted ? ValueType::Double : ValueType::Pattern);
  note_weights(args, graph);
  std::optional<Matrix<double>> converted;
  const Matrix<double>* weights =
      args.pr.weighted ? &matrix_of_type<double>(graph.loaded.matrix, converted) : nullptr;
  const Matrix<bool>* pattern = weights ? nullptr : &std::get<Matrix<bool>>(graph.loaded.matrix);
  const Vertex n = weights ? weights->nrows() : pattern->nrows();
  const Offset arcs = weights ? weights->nvals() : pattern->nvals();
  const IdSpace ids(graph.loaded.info);
  PageRankOptions o = pagerank_options(args.pr, ids, n, graph.undirected);
  apply_pagerank_weight_flags(args.pr, ids, n, o);
  if (weights) check_pagerank_weights(weights->csr(), ids);
  const double in_arcs_seconds = weights ? build_in_arcs(*weights, !graph.undirected)
                                         : build_in_arcs(*pattern, !graph.undirected);
  const bool device = backend_of(args.g) == Backend::Cuda;
  DeviceRun cost;
  auto timed = run_kernel_timed(args.repeat, [&] {
    if (device)
      return weights ? pagerank_cuda(*weights, o, &cost) : pagerank_cuda(*pattern, o, &cost);
    return weights ? pagerank(*weights, o) : pagerank(*pattern, o);
  });
  const PageRankResult& r = timed.result;
  const double secs = timed.seconds;
  if (!args.out.empty()) write_ranks(args.out, r.rank, ids);
  double sum = 0;
  for (double x : r.rank) sum += x;
  const std::vector<Report> top = top_ranked(r.rank, ids);
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(n));
  rep.add("arcs", report::count(arcs));
  rep.add("kind", report::text(graph.undirected ? "undirected" : "directed"));
  rep.add("weighted", report::flag(o.weighted, "weighted", "unweighted"));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("in_arcs_seconds", report::text_only(report::seconds(in_arcs_seconds)));
  rep.add("variant", report::str(args.pr.variant));
  rep.add("damping", report::real(o.damping, "%.17g", "%g"));
  rep.add("tolerance", report::real(o.tolerance, "%.17g", "%g"));
  rep.add("max_iterations", report::count(o.max_iterations));
  rep.add("personalized", report::count(o.personalize.size()));
  rep.add("personalize_weights", report::flag(!o.personalize_weights.empty()));
  rep.add("spmv", report::str(args.pr.spmv));
  rep.add("precision", report::str(args.pr.precision));
  rep.add("sweep", report::str(args.pr.sweep));
  rep.add("iterations", report::count(r.iterations));
  rep.add("converged", report::flag(r.converged, "yes", "no"));
  rep.add("delta", report::real(r.delta, "%.17g", "%.3g"));
  rep.add("sum", report::real(sum, "%.17g", "%.9f"));
  rep.add("seconds", report::seconds_as_ms(secs));
  rep.add("runs", report::count(timed.runs));
  rep.add("top", report::list(top, "{place:4} {vertex:12} {rank:16}\n"));
  rep.add("out", report::text(args.out));
  rep.add("backend", report::str(args.g.backend));
  if (device) {
    add_device_phase_fields(rep, cost);
    add_device_transfer_fields(rep, cost);
  }
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, "{top}");
  // Gap lets the rank of sinks leak: say so beside a sum visibly below 1.
  const bool leaks = o.variant == PageRankVariant::Gap && sum < 1 - 1e-6;
  const std::string layout = graph_line_layout(!graph.undirected) +
                             pagerank_layout(!o.personalize.empty(), !args.out.empty(),
                                             device ? "CUDA: fused power step, CSR-vector pull"
                                             : o.weighted ? "weighted kernel, CSR"
                                                          : "SpMV {spmv}",
                                             leaks, o.weighted, !o.personalize_weights.empty()) +
                             (device ? device_run_layout() : "");
  print_text(rep, layout);
}

}  // namespace

void register_pagerank(CLI::App& app) {
  auto args = std::make_shared<PageRankArgs>();
  CLI::App* cmd = app.add_subcommand(
      "pagerank", "PageRank by power iteration (GAP/LAGraph or standard variant, personalized)");
  cmd->add_option("file", args->file, "Graph file")->required();
  add_pagerank_flags(cmd, args->pr);
  add_pagerank_precision_flag(cmd, args->pr);
  add_pagerank_weight_flags(cmd, args->pr);
  cmd->add_option("--out,-o", args->out, "Write 'vertex rank' lines (%.17g)");
  add_repeat_flag(cmd, args->repeat);
  add_global_flags(cmd, args->g);
  args->g.runs_on_cuda = true;  // algorithms/pagerank/pagerank_cuda.hpp
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_pagerank(*args); });
}

}  // namespace spgraph::cli
