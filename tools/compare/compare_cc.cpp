// `spgraph compare cc FILE`: connected components in spgraph and in SuiteSparse:GraphBLAS
// (LAGraph's LG_CC_FastSV6, the method of LAGr_ConnectedComponents, without its sampling phase:
// tools/compare/peers/graphblas_cc.cpp says why),
// both on the same undirected graph: A ∪ A' without self-loops, prepared once and not timed,
// since LAGraph requires a symmetric structure (for a directed file the components are its weakly
// connected ones). Verified before any time is printed
// (algorithms/components/components_verify.hpp): both labellings, each normalised to the
// smallest vertex id of its component, are identical, i.e. the partitions are equal.
#include <memory>

#include "algorithms/components/components_verify.hpp"
#include "algorithms/triangles/triangles.hpp"
#include "engine/context.hpp"
#include "tools/compare/compare_common.hpp"
#include "tools/cli/traversal_flags.hpp"
#ifdef SPGRAPH_HAVE_GRAPHBLAS
#include "tools/compare/peers/graphblas_peer.hpp"
#include "tools/compare/peers/graphblas_traversals.hpp"
#endif

namespace spgraph::cli {

namespace {

struct CompareCcArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, method = "auto";
  int runs = 5;
};

#ifdef SPGRAPH_HAVE_GRAPHBLAS

constexpr AnswerNames kEngines{"spgraph", "GraphBLAS"};

void run_compare_cc(const CompareCcArgs& args) {
  apply_global_flags(args.g);
  const int threads = num_threads();
  peers::graphblas_init(threads);
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& loaded = std::get<Matrix<bool>>(graph.loaded.matrix);
  const IdSpace ids(graph.loaded.info);
  const auto tp = std::chrono::steady_clock::now();
  const Matrix<bool> a = simple_undirected_pattern(loaded);
  const double prepare_s = seconds_since(tp);
  const peers::GraphBlasCcGraph grb(a.csr());
  const CcOptions o = cc_options(args.method, true);

  CcResult ours;
  const std::uint64_t ours_base = a.memory_bytes();
  const std::uint64_t ours_peak = ours_base + peak_rise([&] { ours = connected_components(a, o); });
  peers::GraphBlasCcResult theirs;
  const std::uint64_t theirs_peak =
      grb.memory_bytes() + peak_rise([&] { theirs = peers::graphblas_connected_components(grb); });
  const VertexNamer name = [&ids](Vertex v) { return ids.name(v); };
  auto verify = [&](const auto& x, const auto& y) {
    if (std::string e = check_same_components(x, y, name, kEngines); !e.empty())
      throw VerificationFailed(e);
  };
  const std::vector<Vertex> want = normalised_components(ours.label);
  verify(want, theirs.component);

  const PairTimes t = time_pairs(
      args.runs,
      [&] {
        CcResult r;
        const double s = timed([&] { r = connected_components(a, o); });
        verify(r.label, want);
        return s;
      },
      [&] {
        const auto r = peers::graphblas_connected_components(grb);
        verify(want, r.component);
        return r.seconds;
      });
  const Contender us{"spgraph", t.ours, ours_peak, ""};
  const Contender peer{"GraphBLAS", t.theirs, theirs_peak, ""};
  Report r;
  r.add("job", report::str("cc"));
  r.add("file", report::str(args.file));
  r.add("threads", report::count(threads));
  r.add("n", report::count(a.nrows()));
  r.add("edges", report::count(a.nvals() / 2));
  r.add("components", report::count(ours.components));
  r.add("largest", report::count(largest_component(want)));
  r.add("verified", report::flag(true));
  r.add("spgraph_method", report::str(cc_method_name(ours.method)));
  r.add("spgraph_rounds", report::count(ours.rounds));
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("prepare_s", report::seconds(prepare_s));
  r.add("graphblas_build_s", report::seconds(grb.build_seconds()));
  const std::string summary = add_timing_summary(r, us, {peer});
  if (args.g.json) return print_json(r);
  // --quiet: the result alone (verified, or exit code 3 before this), the median ratio.
  if (args.g.quiet) return print_text(r, "{median_ratio_graphblas}\n");
  print_text(r,
             "compare cc: {file}\n"
             "graph: {n} vertices, {edges} undirected edges (A + A', no self-loops; prepared in "
             "{prepare_s} s, not timed)\n"
             "threads: {threads} (spgraph and GraphBLAS)\n"
             "spgraph:   method {spgraph_method}, {spgraph_rounds} rounds\n"
             "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, LAGraph LG_CC_FastSV6 "
             "(without sampling)\n"
             "not timed: GraphBLAS build {graphblas_build_s} s\n"
             "verified: identical partitions, {components} components, the largest has "
             "{largest} vertices\n" +
                 summary);
}

#endif

}  // namespace

void register_compare_cc(CLI::App* compare) {
  auto args = std::make_shared<CompareCcArgs>();
  CLI::App* cmd = compare->add_subcommand(
      "cc",
      "Connected components in spgraph and GraphBLAS (LAGraph's FastSV6), partitions verified, "
      "timed");
  cmd->add_option("file", args->file, "Graph file (a directed graph is taken as undirected)")
      ->required();
  add_cc_method_flag(cmd, args->method);
  add_runs_flag(cmd, args->runs);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] {
#ifdef SPGRAPH_HAVE_GRAPHBLAS
    run_compare_cc(*args);
#else
    graphblas_unavailable();
#endif
  });
}

}  // namespace spgraph::cli
