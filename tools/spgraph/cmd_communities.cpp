// SPDX-License-Identifier: Apache-2.0
// `spgraph communities FILE --method louvain|leiden|cdlp`: community detection by Louvain, Leiden
// or Graphalytics' label propagation (algorithms/communities/communities.hpp) on the undirected
// graph of the file (a directed file as A + A', an edge per arc), weighted by the file's values
// unless --unweighted (CDLP ignores them); prints the number of communities, the modularity and
// the largest community, and writes each vertex's community with --out.
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "algorithms/communities/communities.hpp"
#include "loaders/output_file.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/community_flags.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/spmv_common.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct CommunitiesArgs {
  int repeat = 1;
  GlobalOptions g;
  LoadFlags load;
  CommunityFlags c;
  std::string file, out, method = "louvain";
};

/// The --method values, and the one place a value becomes a call.
const std::vector<std::string> kMethods{"louvain", "leiden", "cdlp"};

/// CDLP's rounds: --iterations when given (a count, not -1), else Graphalytics' usual 10.
int cdlp_rounds(const CommunityFlags& f) {
  if (!f.iterations_given) return CdlpOptions{}.iterations;
  if (f.iterations < 0)
    throw InvalidArgument(
        "communities: --method cdlp runs a number of rounds; --iterations -1 "
        "(until stable) is Leiden's");
  return f.iterations;
}

template <class T>
CommunityResult run_method(const CommunitiesArgs& args, const Matrix<T>& a,
                           const CommunityOptions& o) {
  if (args.method == "leiden") return leiden(a, o);
  if (args.method == "cdlp") {  // LDBC Graphalytics' CDLP, its partition scored as the others
    CdlpOptions c;
    c.iterations = cdlp_rounds(args.c);
    c.undirected = o.undirected;
    const CdlpResult labels = cdlp(a, c);
    CommunityResult r = score_partition(a, labels.label, o);
    r.iterations = labels.iterations;
    return r;
  }
  return louvain(a, o);
}

template <class T>
void run_on(const CommunitiesArgs& args, const CliGraph& graph, const Matrix<T>& a) {
  const IdSpace ids(graph.loaded.info);
  if constexpr (std::is_same_v<T, double>) check_community_weights(a.csr(), ids);
  const CommunityOptions o = community_options(args.c, graph.undirected);
  // A + A' of a directed graph reads the transpose: built before the clock, as the in-arcs of
  // the other kernels are.
  const bool symmetric = graph.undirected || a.structure_symmetric();
  const double in_arcs_seconds = build_in_arcs(a, !symmetric);
  auto timed = run_kernel_timed(args.repeat, [&] { return run_method(args, a, o); });
  const CommunityResult& r = timed.result;
  if (!args.out.empty()) write_communities(args.out, r.membership, ids);
  const bool cpm = o.objective == CommunityObjective::Cpm;
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(a.nrows()));
  rep.add("arcs", report::count(a.nvals()));
  rep.add("kind", report::text(symmetric ? "undirected" : "directed, taken as A + A'"));
  rep.add("weights", report::text(a.is_pattern() ? "unit weights" : "weighted"));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("in_arcs_seconds", report::text_only(report::seconds(in_arcs_seconds)));
  rep.add("method", report::str(args.method));
  rep.add("objective", report::str(std::string(community_objective_name(o.objective))));
  rep.add("resolution", report::real(o.resolution, "%.17g", "%g"));
  rep.add("seed", report::count(o.seed));
  rep.add("communities", report::count(r.communities));
  rep.add("modularity", report::real(r.modularity, "%.17g", "%.6f"));
  rep.add("quality", report::real(r.quality, "%.17g", "%.6f"));
  rep.add("largest", report::count(r.largest));
  rep.add("levels", report::count(r.levels));
  rep.add("iterations", report::count(r.iterations));
  rep.add("seconds", report::seconds_as_ms(timed.seconds));
  rep.add("runs", report::count(timed.runs));
  rep.add("out", report::text(args.out));
  if (args.g.json) return print_json(rep);
  if (args.g.quiet) return print_text(rep, "{communities} {modularity}\n");
  std::string layout =
      "graph: {n} vertices, {arcs} arcs, {kind}, {weights} (loaded in {load_seconds} s" +
      std::string(symmetric ? "" : ", in-arcs built in {in_arcs_seconds} s") + ")\n";
  if (args.method == "cdlp")
    layout += "cdlp (LDBC Graphalytics label propagation): {iterations} rounds\n";
  else if (args.method == "leiden")
    layout +=
        "leiden ({objective}, resolution {resolution}, seed {seed}): {levels} levels, "
        "{iterations} iterations\n";
  else
    layout += "louvain ({objective}, resolution {resolution}, seed {seed}): {levels} levels\n";
  layout += "communities: {communities}, modularity {modularity}, largest {largest} vertices\n";
  if (cpm || o.resolution != 1) layout += "quality ({objective}): {quality}\n";
  layout += "time: {seconds} ms\n";
  if (!args.out.empty()) layout += "communities written to {out}\n";
  print_text(rep, layout);
}

void run_communities(const CommunitiesArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  if (args.c.unweighted) {
    const CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
    return run_on(args, graph, std::get<Matrix<bool>>(graph.loaded.matrix));
  }
  // Weights are read as doubles; a value a double cannot hold exactly is an error at its line.
  const CliGraph graph = load_for_cli(args.file, args.load, args.g, false, ValueType::Double);
  std::optional<Matrix<double>> converted;
  run_on(args, graph, matrix_of_type<double>(graph.loaded.matrix, converted));
}

}  // namespace

void register_communities(CLI::App& app) {
  auto args = std::make_shared<CommunitiesArgs>();
  CLI::App* cmd = app.add_subcommand(
      "communities",
      "Community detection by Louvain or Leiden (modularity or CPM), or label propagation (cdlp)");
  cmd->add_option("file", args->file,
                  "Graph file (a directed graph is taken as undirected, A + A': an edge per "
                  "arc; the file's values are edge weights)")
      ->required();
  cmd->add_option("--method", args->method,
                  "louvain (default; Blondel et al. 2008), leiden (Traag et al. 2019: every "
                  "community connected) or cdlp (LDBC Graphalytics label propagation, its "
                  "partition scored by the same modularity)")
      ->check(CLI::IsMember(kMethods));
  add_community_flags(cmd, args->c, true);
  cmd->add_option("--out,-o", args->out,
                  "Write 'vertex community' lines (communities numbered from 0 in the order of "
                  "their first vertex; vertices in the file's numbering)");
  add_repeat_flag(cmd, args->repeat);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_communities(*args); });
}

}  // namespace spgraph::cli
