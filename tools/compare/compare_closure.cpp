// `spgraph compare closure FILE`: the transitive closure R+ in spgraph (SCC method by default,
// pairs materialised), in SuiteSparse:GraphBLAS (the semi-naive loop: masked GrB_mxm over
// LOR_LAND with a complemented structural mask and replace, then GrB_eWiseAdd) and, where it
// fits the memory allowed, Boost.Graph's transitive_closure in a memory-limited child process.
// The pair sets are verified identical (spgraph against GraphBLAS entry by entry up to
// kVerifyPairs pairs, counts beyond; against Boost by count and an order-independent hash)
// before any time is printed (algorithms/closure/closure_verify.hpp).
#include <memory>

#include "algorithms/closure/closure.hpp"
#include "algorithms/closure/closure_size_estimate.hpp"
#include "algorithms/closure/closure_verify.hpp"
#include "algorithms/closure/reachability.hpp"
#include "algorithms/closure/strongly_connected_components.hpp"
#include "engine/context.hpp"
#include "engine/core/resources.hpp"
#include "formats/csr/adjacency.hpp"
#include "tools/compare/compare_common.hpp"
#ifdef SPGRAPH_HAVE_GRAPHBLAS
#include "tools/compare/peers/graphblas_peer.hpp"
#endif
#ifdef SPGRAPH_HAVE_BOOST
#include "tools/compare/peers/boost_closure.hpp"
#endif

namespace spgraph::cli {

namespace {

/// Closures up to this many pairs are compared pair by pair; larger ones by count.
constexpr std::uint64_t kVerifyPairs = 200'000'000;

struct CompareClosureArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, method = "auto";
  int runs = 5;
  bool boost = true;
  double boost_memory_gb = 8;
  double max_memory_gb = 0;  ///< 0: 80% of available memory (engine/core/resources.hpp)
};

#ifdef SPGRAPH_HAVE_GRAPHBLAS

/// Peak bytes of the compare job for a closure of `pairs` pairs over n vertices: spgraph's
/// pairs (a CSR of 4-byte ids, kept for the verification), GraphBLAS's T, D and T + D while they
/// merge (8-byte indices each), and T copied back to a CSR for the pair-by-pair check.
double compare_closure_bytes(double pairs, Vertex n) {
  const double rows = (double(n) + 1) * sizeof(Offset);
  const double ours = pairs * sizeof(Vertex) + rows;
  const double graphblas = 3 * (pairs * 8 + rows);
  return ours + graphblas + ours;
}

/// The guard of `spgraph closure` for the whole job, before any engine runs: the closure's own
/// size estimate (a one-pass bound, then Cohen's estimate when the bound is too big), costed for
/// every engine at once; OutOfMemory (exit code 1) naming the pairs, bytes and budget.
void check_compare_closure_memory(const Matrix<bool>& a, std::uint64_t limit) {
  const Condensation scc = condense(adjacency_of(a.csr()));
  const std::uint64_t budget = memory_budget(limit);
  auto need = [&](const ClosureSizeEstimate& e) {
    return e.condensed_bytes + compare_closure_bytes(e.pairs, a.nrows());
  };
  bool fits = true;
  const ClosureSizeEstimate est = closure_size_for_budget(scc, double(budget), need, fits);
  if (!fits)
    detail::closure_too_large(
        "compare closure (spgraph's and GraphBLAS's closures and the copy "
        "the verification needs, together)",
        est.pairs, need(est), limit, budget);
}

void run_compare_closure(const CompareClosureArgs& args) {
  apply_global_flags(args.g);
  const int threads = num_threads();
  peers::graphblas_init(threads);
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  check_compare_closure_memory(a, std::uint64_t(args.max_memory_gb * 1e9));
  const peers::GraphBlasMatrix grb_a(a.csr());
  ClosureOptions o;
  o.method = parse_closure_method(args.method);

  // Warm-up, one per engine, each in its own peak-memory window; GraphBLAS keeps T for the
  // verification, which happens outside its window.
  ClosureResult ours;
  const std::uint64_t ours_peak =
      a.memory_bytes() + peak_rise([&] { ours = transitive_closure(a, o); });
  auto grb_t = std::make_unique<peers::GraphBlasMatrix>();
  peers::GraphBlasClosureResult theirs;
  const std::uint64_t theirs_peak = grb_a.memory_bytes() + peak_rise([&] {
                                      theirs = peers::graphblas_closure(grb_a, grb_t.get());
                                    });
  if (std::string e = check_same_closure_count(ours.pairs, theirs.pairs, {"spgraph", "GraphBLAS"});
      !e.empty())
    throw VerificationFailed(e);
  const bool pairwise = ours.pairs <= kVerifyPairs;
  if (pairwise) {
    if (std::string e = check_same_closure_pairs(ours.closure.csr(), grb_t->to_csr<bool>(),
                                                 {"spgraph", "GraphBLAS"});
        !e.empty())
      throw VerificationFailed(e);
  }
  grb_t.reset();

  // Boost.Graph, in a child process limited to --boost-memory.
  Contender boost{"Boost.Graph", {}, 0, "not built with Boost.Graph"};
#ifdef SPGRAPH_HAVE_BOOST
  if (!args.boost) {
    boost.note = "not run (--no-boost)";
  } else {
    const peers::BoostClosureResult b =
        peers::boost_closure(a.csr(), args.runs, std::uint64_t(args.boost_memory_gb * 1e9));
    if (!b.ran) {
      boost.note = b.note;
    } else {
      // The pairs are hashed only when the counts agree (and the pairs were kept).
      const bool hash_agrees = b.pairs != ours.pairs || !pairwise ||
                               b.pair_hash == peers::pair_set_hash(ours.closure.csr());
      if (std::string e =
              check_closure_digest(ours.pairs, b.pairs, hash_agrees, {"spgraph", "Boost.Graph"});
          !e.empty())
        throw VerificationFailed(e);
      boost = Contender{"Boost.Graph", b.seconds, b.peak_bytes, ""};
    }
  }
#endif
  ours.closure = Matrix<bool>();

  // Timed A/B pairs against GraphBLAS.
  const PairTimes t = time_pairs(
      args.runs, [&] { return timed([&] { ours = transitive_closure(a, o); }); },
      [&] { return peers::graphblas_closure(grb_a, nullptr).seconds; });
  const Contender us{"spgraph", t.ours, ours_peak, ""};
  const Contender grb{"GraphBLAS", t.theirs, theirs_peak, ""};
  Report r;
  r.add("job", report::str("closure"));
  r.add("file", report::str(args.file));
  r.add("threads", report::count(threads));
  r.add("n", report::count(a.nrows()));
  r.add("arcs", report::count(a.nvals()));
  r.add("pairs", report::count(ours.pairs));
  r.add("verified", {Json(pairwise ? "pairs" : "counts"), pairwise ? "pair sets" : "pair counts"});
  r.add("spgraph_method", report::str(closure_method_name(ours.method)));
  r.add("spgraph_depth", report::count(ours.iterations));
  r.add("components", report::count(ours.components));
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("graphblas_iterations", report::count(theirs.iterations));
  r.add("boost_memory_gb", report::text_only(report::real(args.boost_memory_gb, "%.1f", "%.1f")));
  r.add("boost_outcome", report::text(boost.note.empty() ? "" : ": " + boost.note));
  r.add("boost_verified",
        report::flag(boost.note.empty(), " (Boost.Graph: count and pair hash)", ""));
  const std::string summary = add_timing_summary(r, us, {grb, boost});
  if (args.g.json) return print_json(r);
  // --quiet: the result alone (verified, or exit code 3 before this), the median ratio.
  if (args.g.quiet) return print_text(r, "{median_ratio_graphblas}\n");
  print_text(r,
             "compare closure: {file}\n"
             "graph: {n} vertices, {arcs} arcs; closure R+: {pairs} pairs\n"
             "threads: {threads} (spgraph and GraphBLAS; Boost.Graph is serial)\n"
             "spgraph:     {spgraph_method} method, {components} components, condensation depth "
             "{spgraph_depth}, pairs stored\n"
             "GraphBLAS:   SuiteSparse:GraphBLAS {graphblas_version}, semi-naive D<!T,replace> = "
             "D*A (LOR_LAND) then T += D: {graphblas_iterations} products\n"
             "Boost.Graph: transitive_closure in a child process limited to {boost_memory_gb} "
             "GB{boost_outcome}\n"
             "verified: identical {verified}{boost_verified}\n" +
                 summary);
}

#endif

}  // namespace

void register_compare_closure(CLI::App* compare) {
  auto args = std::make_shared<CompareClosureArgs>();
  CLI::App* cmd = compare->add_subcommand(
      "closure",
      "Transitive closure in spgraph, GraphBLAS (semi-naive) and Boost.Graph, "
      "verified, timed");
  cmd->add_option("file", args->file, "Graph file (arcs u -> v)")->required();
  cmd->add_option("--method", args->method, "spgraph's method (default auto)")
      ->check(CLI::IsMember({"auto", "seminaive", "scc"}));
  cmd->add_flag("--boost,!--no-boost", args->boost, "Also run Boost.Graph (default: yes)");
  cmd->add_option("--boost-memory", args->boost_memory_gb,
                  "Memory Boost.Graph may allocate, in GB, before it is stopped (default 8)")
      ->check(memory_gb_flag("--boost-memory"));
  cmd->add_option("--max-memory", args->max_memory_gb,
                  "Fail, before any engine runs, if the job's closures would need more than "
                  "this many GB (at least 0.001; default: 80% of available memory)")
      ->check(memory_gb_flag("--max-memory"));
  add_runs_flag(cmd, args->runs);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] {
#ifdef SPGRAPH_HAVE_GRAPHBLAS
    run_compare_closure(*args);
#else
    graphblas_unavailable();
#endif
  });
}

}  // namespace spgraph::cli
