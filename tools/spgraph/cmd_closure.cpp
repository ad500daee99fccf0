// SPDX-License-Identifier: Apache-2.0
// `spgraph closure FILE`: the transitive closure of a directed graph (R+, or R* with
// --reflexive): its size, the pairs themselves (--out), or answers to reachability queries
// (--query U,V) from the condensed form without listing every pair.
#include <memory>

#include "algorithms/closure/closure.hpp"
#include "algorithms/closure/transitive_closure_cuda.hpp"
#include "engine/backend.hpp"
#include "loaders/load.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/device_report.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/vertex_list.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

namespace {

struct ClosureArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, out, method = "auto";
  std::vector<std::string> queries;
  bool reflexive = false, count = false;
  double max_memory_gb = 0;
};

/// The two vertices of a --query value: "U,V" split as every vertex list is (vertex_list.hpp: a
/// name holding a comma is quoted, '"Smith, Ann",Bob'). Returns an error message. (The "U:V"
/// spelling of earlier versions is gone: a name may hold a colon, as GO:0048308 does.)
std::string split_query(const std::string& q, std::vector<std::string>& uv) {
  if (std::string err = split_vertex_list(q, uv); !err.empty()) return err;
  if (uv.size() != 2) return "expected U,V, two vertex ids";
  return {};
}

/// Parses a --query value in the file's numbering into dense ids.
std::pair<Vertex, Vertex> parse_query(const std::string& q, const IdSpace& ids, Vertex n) {
  std::vector<std::string> uv;
  if (std::string err = split_query(q, uv); !err.empty())
    throw InvalidArgument("--query " + printable(q) + ": " + err);
  return {flag_vertex("--query", uv[0], ids, n), flag_vertex("--query", uv[1], ids, n)};
}

/// The --query check at parse time: two vertices, each as vertex_flag takes one (integers, or
/// names for string ids).
CLI::Validator query_flag() {
  return CLI::Validator(
      [](std::string& q) -> std::string {
        std::vector<std::string> uv;
        if (std::string err = split_query(q, uv); !err.empty())
          return "--query must be U,V (two vertex ids or names; quote a name that holds a "
                 "comma), got '" +
                 printable(q) + "': " + err;
        const CLI::Validator one = vertex_flag("--query");
        for (std::string& v : uv)
          if (std::string err = one(v); !err.empty()) return err;
        return {};
      },
      "U,V");
}

void run_queries(const ClosureArgs& args, const Matrix<bool>& a, const IdSpace& ids,
                 std::uint64_t limit) {
  const auto t0 = kernel_clock_start();
  const ReachabilityIndex index(a, limit);
  const double build_s = seconds_since(t0);
  Report head;
  head.add("file", report::str(args.file));
  head.add("pairs", report::count(index.pairs()));
  head.add("components", report::text(std::to_string(index.condensed().scc.num_components)));
  head.add("index_seconds", report::seconds_as_ms(build_s));
  ListPrinter answers(args.g.json, head,
                      args.g.quiet ? ""
                                   : "reachability index: {pairs} closure pairs, {components} "
                                     "components, built in {index_seconds} ms\n",
                      "queries", "{from} -> {to}: {reachable}\n");
  for (const std::string& q : args.queries) {
    const auto [u, v] = parse_query(q, ids, a.nrows());
    const bool yes = (args.reflexive && u == v) || index.reachable(u, v);
    Report answer;
    answer.add("from", vertex_value(ids, u));
    answer.add("to", vertex_value(ids, v));
    answer.add("reachable", report::flag(yes, "reachable", "not reachable"));
    answers.add(answer);
  }
  answers.finish();
}

void run_closure(const ClosureArgs& args) {
  apply_global_flags(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  const IdSpace ids(graph.loaded.info);
  const std::uint64_t limit = std::uint64_t(args.max_memory_gb * 1e9);
  const bool on_cuda = backend_of(args.g) == Backend::Cuda;
  if (!args.queries.empty() && args.out.empty() && !args.count) {
    if (on_cuda) no_kernel_on_backend(Backend::Cuda, "closure --query (the reachability index)");
    return run_queries(args, a, ids, limit);
  }

  ClosureOptions o;
  o.method = parse_closure_method(args.method);
  o.reflexive = args.reflexive;
  o.count_only = args.out.empty();
  o.memory_limit = limit;
  // --backend cuda: the DAG's semi-naive rounds on the device (transitive_closure_cuda.hpp).
  reset_device_report();
  const auto t0 = kernel_clock_start();
  ClosureResult r = on_cuda ? transitive_closure_cuda(a, o) : transitive_closure(a, o);
  const double seconds = seconds_since(t0);
  double write_s = 0;
  if (!args.out.empty()) {
    const auto tw = std::chrono::steady_clock::now();
    // The pairs in the file's numbering: its base, or the original ids of a remapped list.
    SaveOptions so = save_options_for(graph.loaded.info);
    so.symmetric = false;
    save_matrix(args.out, AnyMatrix(std::move(r.closure)), so);
    write_s = seconds_since(tw);
  }
  Report rep;
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(a.nrows()));
  rep.add("arcs", report::count(a.nvals()));
  rep.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  rep.add("pairs", report::count(r.pairs));
  rep.add("reflexive", report::flag(args.reflexive, "R* (reflexive)", "R+"));
  rep.add("method", report::str(closure_method_name(r.method)));
  rep.add("iterations", report::count(r.iterations));
  rep.add("iterations_label",
          report::text(r.method == ClosureMethod::SemiNaive ? "masked products"
                                                            : "condensation depth"));
  rep.add("components", report::count(r.components));
  rep.add("largest_component", report::count(r.largest_component));
  rep.add("estimated_pairs", report::real(r.estimated_pairs, "%.0f", "%.0f"));
  rep.add("seconds", report::seconds_as_ms(seconds));
  rep.add("backend", report::str(args.g.backend));
  if (on_cuda) report_device_stats(rep);
  if (!args.out.empty()) {
    rep.add("out", report::str(args.out));
    rep.add("write_seconds", report::seconds(write_s));
  }
  if (args.g.json) return print_json(rep);
  // --count and --quiet: the result alone, the number of pairs.
  if (args.count || args.g.quiet) return print_text(rep, "{pairs}\n");
  std::string layout =
      "graph: {n} vertices, {arcs} arcs (loaded in {load_seconds} s)\n"
      "closure {reflexive}: {pairs} pairs\n"
      "method: {method}; {iterations_label} {iterations}; {components} strongly connected "
      "components (largest {largest_component})\n"
      "time: {seconds} ms on {backend}\n";
  if (!args.out.empty()) layout += "pairs written to {out} in {write_seconds} s\n";
  print_text(rep, layout);
}

}  // namespace

void register_closure(CLI::App& app) {
  auto args = std::make_shared<ClosureArgs>();
  CLI::App* cmd = app.add_subcommand(
      "closure", "Transitive closure: pairs (u, v) joined by a path of >= 1 arcs (R+), or R*");
  cmd->add_option("file", args->file, "Graph file (arcs u -> v)")->required();
  cmd->add_option("--method", args->method, "auto (default: scc), seminaive or scc")
      ->check(CLI::IsMember({"auto", "seminaive", "scc"}));
  cmd->add_flag("--reflexive", args->reflexive, "R*: also the pair (v, v) for every vertex");
  cmd->add_flag("--count", args->count,
                "Print only the number of pairs (as --quiet does; --json still prints the "
                "whole report)");
  cmd->add_option("--out,-o", args->out,
                  "Write the pairs: Matrix Market for .mtx, binary for .bin, else an edge list "
                  "in the file's vertex ids");
  cmd->add_option("--query", args->queries,
                  "Is V reachable from U? Give U,V in the file's numbering (names for string "
                  "ids, quoted if they hold a comma); one per flag, repeatable. Answered from the "
                  "condensed closure without listing its pairs")
      ->allow_extra_args(false)
      ->check(query_flag());
  cmd->add_option("--max-memory", args->max_memory_gb,
                  "Fail, before allocating, if the closure would need more than this many GB "
                  "(at least 0.001; default: 80% of available memory)")
      ->check(memory_gb_flag("--max-memory"));
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  args->g.runs_on_cuda = true;  // transitive_closure_cuda
  cmd->callback([args] { run_closure(*args); });
}

}  // namespace spgraph::cli
