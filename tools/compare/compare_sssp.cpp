// `spgraph compare sssp FILE --source S`: single-source shortest paths in spgraph and in
// SuiteSparse:GraphBLAS (LAGraph's LAGr_SingleSourceShortestPath, delta-stepping over FP64
// weights). GraphBLAS gets the Δ spgraph chose (or --delta), so both process the same buckets;
// with --method bellman-ford it gets --delta, else the largest weight (every arc light). Weights
// must be non-negative (LAGraph's method does not terminate on a negative cycle). Verified
// before any time is printed (algorithms/sssp/sssp_verify.hpp): the same vertices reached, and
// every distance equal within 1e-9 relative (|a - b| <= 1e-9 max(1, |a|, |b|)).
#include <cmath>
#include <cstdio>
#include <memory>

#include "algorithms/sssp/sssp_verify.hpp"
#include "engine/any_matrix.hpp"
#include "engine/context.hpp"
#include "tools/compare/compare_common.hpp"
#include "tools/cli/traversal_flags.hpp"
#ifdef SPGRAPH_HAVE_GRAPHBLAS
#include "tools/compare/peers/graphblas_peer.hpp"
#include "tools/compare/peers/graphblas_traversals.hpp"
#endif

namespace spgraph::cli {

namespace {

struct CompareSsspArgs {
  GlobalOptions g;
  LoadFlags load;
  SsspFlags sp;
  std::string file;
  int runs = 5;
};

#ifdef SPGRAPH_HAVE_GRAPHBLAS

constexpr AnswerNames kEngines{"spgraph", "GraphBLAS"};

/// Refuses negative weights, naming the first such arc in the file's numbering.
void check_weights(const Csr<double>& a, const IdSpace& ids) {
  const auto arc = first_negative_arc(a);
  if (!arc) return;
  const auto [i, k] = *arc;
  char msg[240];
  std::snprintf(msg, sizeof msg,
                "compare sssp needs non-negative weights (GraphBLAS runs LAGraph's "
                "delta-stepping), but arc %s -> %s has weight %.17g",
                ids.name(i).c_str(), ids.name(a.col[k]).c_str(), a.val[k]);
  throw InvalidArgument(msg);
}

/// The largest finite weight (1 for a pattern or a graph without finite weights).
double largest_weight(const Csr<double>& a) {
  double w = 0;
  for (Offset k = 0; k < a.nnz(); ++k)
    if (std::isfinite(a.value(k))) w = std::max(w, a.value(k));
  return w > 0 ? w : 1.0;
}

void run_compare_sssp(const CompareSsspArgs& args) {
  apply_global_flags(args.g);
  const int threads = num_threads();
  peers::graphblas_init(threads);
  CliGraph graph = load_for_cli(args.file, args.load, args.g, false, ValueType::Double);
  std::optional<Matrix<double>> converted;
  const Matrix<double>& a = matrix_of_type<double>(graph.loaded.matrix, converted);
  if (a.nrows() != a.ncols()) throw InvalidArgument("compare sssp needs a square matrix");
  const IdSpace ids(graph.loaded.info);
  check_weights(a.csr(), ids);
  const Vertex source = ids.to_internal(args.sp.source, a.nrows());
  const SsspOptions o = sssp_options(args.sp);
  const peers::GraphBlasWeightedGraph grb(a.csr());

  // Warm-up runs, one per engine, each with its own peak-memory window; GraphBLAS's Δ is
  // spgraph's.
  SsspResult ours;
  const std::uint64_t ours_base = a.memory_bytes();
  const std::uint64_t ours_peak = ours_base + peak_rise([&] { ours = sssp(a, source, o); });
  double delta = ours.method == SsspMethod::Delta ? ours.delta
                 : args.sp.delta > 0              ? args.sp.delta
                                                  : largest_weight(a.csr());
  if (!(delta > 0) || !std::isfinite(delta)) delta = largest_weight(a.csr());
  peers::GraphBlasSsspResult theirs;
  const std::uint64_t theirs_peak =
      grb.memory_bytes() + peak_rise([&] { theirs = peers::graphblas_sssp(grb, source, delta); });
  const VertexNamer name = [&ids](Vertex v) { return ids.name(v); };
  auto verify = [&](const std::vector<double>& x, const std::vector<double>& y) {
    if (std::string e = check_same_distances(x, y, name, kEngines); !e.empty())
      throw VerificationFailed(e);
  };
  verify(ours.distance, theirs.distance);

  const PairTimes t = time_pairs(
      args.runs,
      [&] {
        SsspResult r;
        const double s = timed([&] { r = sssp(a, source, o); });
        verify(r.distance, theirs.distance);
        return s;
      },
      [&] {
        const auto r = peers::graphblas_sssp(grb, source, delta);
        verify(ours.distance, r.distance);
        return r.seconds;
      });
  double max_distance = 0;
  for (double d : ours.distance)
    if (d != kUnreachableDistance) max_distance = std::max(max_distance, d);
  const Contender us{"spgraph", t.ours, ours_peak, ""};
  const Contender peer{"GraphBLAS", t.theirs, theirs_peak, ""};
  Report r;
  r.add("job", report::str("sssp"));
  r.add("file", report::str(args.file));
  r.add("threads", report::count(threads));
  r.add("n", report::count(a.nrows()));
  r.add("arcs", report::count(a.nvals()));
  r.add("kind", report::text(graph.undirected ? "undirected" : "directed"));
  r.add("weights", report::text(a.is_pattern() ? "unit weights" : "weighted"));
  r.add("source", vertex_value(ids, source));
  r.add("reached", report::count(ours.reached));
  r.add("max_distance", report::real(max_distance, "%.17g", "%.17g"));
  r.add("spgraph_method", report::str(sssp_method_name(ours.method)));
  r.add("spgraph_rounds", report::count(ours.rounds));
  r.add("delta", report::real(delta, "%.17g", "%g"));
  r.add("graphblas_buckets", report::count(theirs.buckets));
  r.add("verified", report::flag(true));
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("graphblas_build_s", report::seconds(grb.build_seconds()));
  const std::string summary = add_timing_summary(r, us, {peer});
  if (args.g.json) return print_json(r);
  // --quiet: the result alone (verified, or exit code 3 before this), the median ratio.
  if (args.g.quiet) return print_text(r, "{median_ratio_graphblas}\n");
  print_text(r,
             "compare sssp: {file}\n"
             "graph: {n} vertices, {arcs} arcs, {kind}, {weights}\n"
             "threads: {threads} (spgraph and GraphBLAS)\n"
             "spgraph:   method {spgraph_method}, {spgraph_rounds} rounds/buckets\n"
             "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, LAGraph "
             "LAGr_SingleSourceShortestPath (delta-stepping, FP64), delta {delta}, "
             "{graphblas_buckets} buckets\n"
             "not timed: GraphBLAS build + cached smallest weight {graphblas_build_s} s\n"
             "verified: source {source} reaches {reached} vertices in both, distances equal "
             "(largest {max_distance})\n" +
                 summary);
}

#endif

}  // namespace

void register_compare_sssp(CLI::App* compare) {
  auto args = std::make_shared<CompareSsspArgs>();
  CLI::App* cmd = compare->add_subcommand(
      "sssp",
      "Shortest paths from one source in spgraph and GraphBLAS (LAGraph's delta-stepping), "
      "distances verified, timed");
  cmd->add_option("file", args->file, "Graph file (a pattern file has unit weights)")->required();
  add_sssp_flags(cmd, args->sp);
  add_runs_flag(cmd, args->runs);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] {
#ifdef SPGRAPH_HAVE_GRAPHBLAS
    run_compare_sssp(*args);
#else
    graphblas_unavailable();
#endif
  });
}

}  // namespace spgraph::cli
