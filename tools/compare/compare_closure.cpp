// SPDX-License-Identifier: Apache-2.0
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
#include "engine/core/resources.hpp"
#include "formats/csr/adjacency.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"
#ifdef SPGRAPH_HAVE_BOOST
#include "tools/compare/peers/boost_closure.hpp"
#endif

namespace spgraph::cli {

namespace {

/// Closures up to this many pairs are compared pair by pair; larger ones by count.
constexpr std::uint64_t kVerifyPairs = 200'000'000;

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

/// What one run holds: the input, both engines' copies and their answers.
struct ClosureState {
  CliGraph graph;
  std::unique_ptr<peers::GraphBlasMatrix> grb_a;
  /// GraphBLAS's closure from the warm-up, kept for the pair-by-pair check, then freed.
  std::unique_ptr<peers::GraphBlasMatrix> grb_t;
  ClosureOptions o;
  ClosureResult ours;
  peers::GraphBlasClosureResult theirs;
  bool pairwise = false;
  Contender boost{"Boost.Graph", {}, 0, "not built with Boost.Graph"};
  const Matrix<bool>& a() const { return std::get<Matrix<bool>>(graph.loaded.matrix); }
};

struct ClosureJob {
  std::string file, method = "auto";
  bool boost = true;
  double boost_memory_gb = 8;
  double max_memory_gb = 0;  ///< 0: 80% of available memory (engine/core/resources.hpp)

  void add_flags(CLI::App* cmd, CompareFlags&) {
    cmd->add_option("file", file, "Graph file (arcs u -> v)")->required();
    cmd->add_option("--method", method, "spgraph's method (default auto)")
        ->check(CLI::IsMember({"auto", "seminaive", "scc"}));
    cmd->add_flag("--boost,!--no-boost", boost, "Also run Boost.Graph (default: yes)");
    cmd->add_option("--boost-memory", boost_memory_gb,
                    "Memory Boost.Graph may allocate, in GB, before it is stopped (default 8)")
        ->check(memory_gb_flag("--boost-memory"));
    cmd->add_option("--max-memory", max_memory_gb,
                    "Fail, before any engine runs, if the job's closures would need more than "
                    "this many GB (at least 0.001; default: 80% of available memory)")
        ->check(memory_gb_flag("--max-memory"));
  }

  ComparePlan plan(const CompareFlags& f, int threads);
  static void verify(ClosureState& s);
  void run_boost(ClosureState& s, int runs) const;
  void add_fields(Report& r, const ClosureState& s, int threads) const;
};

ComparePlan ClosureJob::plan(const CompareFlags& f, int threads) {
  auto s = std::make_shared<ClosureState>();
  s->graph = load_for_cli(file, f.load, f.g, true);
  const Matrix<bool>& a = s->a();
  check_compare_closure_memory(a, std::uint64_t(max_memory_gb * 1e9));
  s->grb_a = std::make_unique<peers::GraphBlasMatrix>(a.csr());
  s->o.method = parse_closure_method(method);

  // GraphBLAS's warm-up keeps T for the verification, which happens outside its window.
  ComparePlan p;
  p.ours = {a.memory_bytes(), [s] { s->ours = transitive_closure(s->a(), s->o); },
            [s] { return timed([&] { s->ours = transitive_closure(s->a(), s->o); }); }};
  p.theirs = {s->grb_a->memory_bytes(),
              [s] {
                s->grb_t = std::make_unique<peers::GraphBlasMatrix>();
                s->theirs = peers::graphblas_closure(*s->grb_a, s->grb_t.get());
              },
              [s] { return peers::graphblas_closure(*s->grb_a, nullptr).seconds; }};
  p.verify = [s] { verify(*s); };
  p.other_peers = [this, s, runs = f.runs] {
    run_boost(*s, runs);
    s->ours.closure = Matrix<bool>();
    return std::vector<Contender>{s->boost};
  };
  p.add_fields = [this, s, threads](Report& r, const Measured&) { add_fields(r, *s, threads); };
  p.layout =
      "compare closure: {file}\n"
      "graph: {n} vertices, {arcs} arcs; closure R+: {pairs} pairs\n"
      "threads: {threads} (spgraph and GraphBLAS; Boost.Graph is serial)\n"
      "spgraph:     {spgraph_method} method, {components} components, condensation depth "
      "{spgraph_depth}, pairs stored\n"
      "GraphBLAS:   SuiteSparse:GraphBLAS {graphblas_version}, semi-naive D<!T,replace> = "
      "D*A (LOR_LAND) then T += D: {graphblas_iterations} products\n"
      "Boost.Graph: transitive_closure in a child process limited to {boost_memory_gb} "
      "GB{boost_outcome}\n"
      "verified: identical {verified}{boost_verified}\n";
  return p;
}

void ClosureJob::verify(ClosureState& s) {
  require_verified(check_same_closure_count(s.ours.pairs, s.theirs.pairs, kEngines));
  s.pairwise = s.ours.pairs <= kVerifyPairs;
  if (s.pairwise)
    require_verified(
        check_same_closure_pairs(s.ours.closure.csr(), s.grb_t->to_csr<bool>(), kEngines));
  s.grb_t.reset();
}

/// Boost.Graph, in a child process limited to --boost-memory; verified by count and pair hash.
void ClosureJob::run_boost([[maybe_unused]] ClosureState& s, [[maybe_unused]] int runs) const {
#ifdef SPGRAPH_HAVE_BOOST
  if (!boost) {
    s.boost.note = "not run (--no-boost)";
    return;
  }
  const peers::BoostClosureResult b =
      peers::boost_closure(s.a().csr(), runs, std::uint64_t(boost_memory_gb * 1e9));
  if (!b.ran) {
    s.boost.note = b.note;
    return;
  }
  // The pairs are hashed only when the counts agree (and the pairs were kept).
  const bool hash_agrees = b.pairs != s.ours.pairs || !s.pairwise ||
                           b.pair_hash == peers::pair_set_hash(s.ours.closure.csr());
  require_verified(
      check_closure_digest(s.ours.pairs, b.pairs, hash_agrees, {"spgraph", "Boost.Graph"}));
  s.boost = Contender{"Boost.Graph", b.seconds, b.peak_bytes, ""};
#endif
}

void ClosureJob::add_fields(Report& r, const ClosureState& s, int threads) const {
  add_job_fields(r, "closure", file, threads);
  r.add("n", report::count(s.a().nrows()));
  r.add("arcs", report::count(s.a().nvals()));
  r.add("pairs", report::count(s.ours.pairs));
  r.add("verified",
        {Json(s.pairwise ? "pairs" : "counts"), s.pairwise ? "pair sets" : "pair counts"});
  r.add("spgraph_method", report::str(closure_method_name(s.ours.method)));
  r.add("spgraph_depth", report::count(s.ours.iterations));
  r.add("components", report::count(s.ours.components));
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("graphblas_iterations", report::count(s.theirs.iterations));
  r.add("boost_memory_gb", report::text_only(report::real(boost_memory_gb, "%.1f", "%.1f")));
  r.add("boost_outcome", report::text(s.boost.note.empty() ? "" : ": " + s.boost.note));
  r.add("boost_verified",
        report::flag(s.boost.note.empty(), " (Boost.Graph: count and pair hash)", ""));
}

}  // namespace

void register_compare_closure(CLI::App* compare) {
  register_compare_job<ClosureJob>(
      compare, "closure",
      "Transitive closure in spgraph, GraphBLAS (semi-naive) and Boost.Graph, verified, timed");
}

}  // namespace spgraph::cli
