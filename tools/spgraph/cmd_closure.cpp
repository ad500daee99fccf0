// `spgraph closure FILE`: the transitive closure of a directed graph (R+, or R* with
// --reflexive): its size, the pairs themselves (--out), or answers to reachability queries
// (--query U,V) from the condensed form without listing every pair.
#include <cstdio>
#include <memory>

#include "algorithms/closure/closure.hpp"
#include "loaders/load.hpp"
#include "tools/spgraph/cli_common.hpp"
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

/// Parses "U,V" (or "U:V") in the file's numbering into dense ids.
std::pair<Vertex, Vertex> parse_query(const std::string& q, const IdSpace& ids, Vertex n) {
  const auto sep = q.find_first_of(",:");
  std::uint64_t u = 0, v = 0;
  if (sep == std::string::npos || !parse_decimal_id(q.substr(0, sep), u) ||
      !parse_decimal_id(q.substr(sep + 1), v))
    throw InvalidArgument("--query " + printable(q) +
                          ": expected U,V, two non-negative integer vertex ids");
  return {ids.to_internal(u, n), ids.to_internal(v, n)};
}

/// The --query check at parse time: "U,V" (or "U:V") with both ids non-negative integers.
CLI::Validator query_flag() {
  return CLI::Validator(
      [](std::string& q) -> std::string {
        const auto sep = q.find_first_of(",:");
        std::uint64_t u = 0, v = 0;
        if (sep == std::string::npos || !parse_decimal_id(q.substr(0, sep), u) ||
            !parse_decimal_id(q.substr(sep + 1), v))
          return "--query must be U,V with U and V non-negative integer vertex ids, got '" +
                 printable(q) + "'";
        return {};
      },
      "U,V");
}

void run_queries(const ClosureArgs& args, const Matrix<bool>& a, const IdSpace& ids,
                 std::uint64_t limit) {
  const auto t0 = std::chrono::steady_clock::now();
  const ReachabilityIndex index(a, limit);
  const double build_s = seconds_since(t0);
  if (args.g.json)
    std::printf("{\"file\": %s, \"pairs\": %llu, \"index_seconds\": %.6f, \"queries\": [",
                json_string(args.file).c_str(), (unsigned long long)index.pairs(), build_s);
  else if (!args.g.quiet)
    std::printf("reachability index: %llu closure pairs, %u components, built in %.3f ms\n",
                (unsigned long long)index.pairs(), index.condensed().scc.num_components,
                build_s * 1e3);
  for (std::size_t k = 0; k < args.queries.size(); ++k) {
    const auto [u, v] = parse_query(args.queries[k], ids, a.nrows());
    const bool yes = (args.reflexive && u == v) || index.reachable(u, v);
    if (args.g.json)
      std::printf("%s{\"from\": %llu, \"to\": %llu, \"reachable\": %s}", k ? ", " : "",
                  (unsigned long long)ids.to_external(u), (unsigned long long)ids.to_external(v),
                  yes ? "true" : "false");
    else
      std::printf("%llu -> %llu: %s\n", (unsigned long long)ids.to_external(u),
                  (unsigned long long)ids.to_external(v), yes ? "reachable" : "not reachable");
  }
  if (args.g.json) std::printf("]}\n");
}

void run_closure(const ClosureArgs& args) {
  apply_threads(args.g);
  if (!args.out.empty()) check_output_path(args.out, {args.file});
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  const IdSpace ids(graph.loaded.info);
  const std::uint64_t limit = std::uint64_t(args.max_memory_gb * 1e9);
  if (!args.queries.empty() && args.out.empty() && !args.count)
    return run_queries(args, a, ids, limit);

  ClosureOptions o;
  o.method = parse_closure_method(args.method);
  o.reflexive = args.reflexive;
  o.count_only = args.out.empty();
  o.memory_limit = limit;
  const auto t0 = std::chrono::steady_clock::now();
  ClosureResult r = transitive_closure(a, o);
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
  if (args.count) {
    std::printf("%llu\n", (unsigned long long)r.pairs);
    return;
  }
  if (args.g.json) {
    std::printf(
        "{\"file\": %s, \"n\": %u, \"arcs\": %llu, \"pairs\": %llu, \"reflexive\": %s, "
        "\"method\": %s, \"iterations\": %u, \"components\": %u, "
        "\"largest_component\": %u, \"estimated_pairs\": %.0f, \"seconds\": %.6f",
        json_string(args.file).c_str(), a.nrows(), (unsigned long long)a.nvals(),
        (unsigned long long)r.pairs, args.reflexive ? "true" : "false",
        json_string(closure_method_name(r.method)).c_str(), r.iterations, r.components,
        r.largest_component, r.estimated_pairs, seconds);
    if (!args.out.empty())
      std::printf(", \"out\": %s, \"write_seconds\": %.6f", json_string(args.out).c_str(), write_s);
    std::printf("}\n");
    return;
  }
  std::printf("graph: %u vertices, %llu arcs (loaded in %.3f s)\n", a.nrows(),
              (unsigned long long)a.nvals(), graph.load_seconds);
  std::printf("closure %s: %llu pairs\n", args.reflexive ? "R* (reflexive)" : "R+",
              (unsigned long long)r.pairs);
  std::printf("method: %s; %s %u; %u strongly connected components (largest %u)\n",
              closure_method_name(r.method).c_str(),
              r.method == ClosureMethod::SemiNaive ? "masked products" : "condensation depth",
              r.iterations, r.components, r.largest_component);
  std::printf("time: %.3f ms\n", seconds * 1e3);
  if (!args.out.empty()) std::printf("pairs written to %s in %.3f s\n", args.out.c_str(), write_s);
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
  cmd->add_flag("--count", args->count, "Print only the number of pairs");
  cmd->add_option("--out", args->out,
                  "Write the pairs: Matrix Market for .mtx, binary for .bin, else an edge list "
                  "in the file's vertex ids");
  cmd->add_option("--query", args->queries,
                  "Is V reachable from U? Give U,V in the file's numbering; one per flag, "
                  "repeatable. Answered from the condensed closure without listing its pairs")
      ->allow_extra_args(false)
      ->check(query_flag());
  cmd->add_option("--max-memory", args->max_memory_gb,
                  "Fail, before allocating, if the closure would need more than this many GB "
                  "(at least 0.001; default: 80% of available memory)")
      ->check(memory_gb_flag("--max-memory"));
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] { run_closure(*args); });
}

}  // namespace spgraph::cli
