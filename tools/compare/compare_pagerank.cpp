// SPDX-License-Identifier: Apache-2.0
// `spgraph compare pagerank FILE`: PageRank in spgraph and in SuiteSparse:GraphBLAS (LAGraph's
// LAGr_PageRankGAP, or LAGr_PageRank for --variant standard, in FP64), with the same damping,
// tolerance, step limit and teleport set. Verification before any time is printed
// (algorithms/pagerank/pagerank_verify.hpp): the step counts differ by at most one, and
// max_v |r_spgraph(v) - r_GraphBLAS(v)| <= 1e-10 · max_v r(v)
// when both ran the same number of steps (the same arithmetic up to the order of summation),
// plus the L1 change of the longer run's last step when they did not (that step moved each
// rank by at most its L1 change, which is below the tolerance). With --backend cuda the peer is
// spgraph's CPU backend and spgraph runs on the device (compare_pagerank_cuda.cpp).
#include <cmath>

#include "algorithms/pagerank/pagerank_verify.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/compare/compare_cuda_plans.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"
#include "tools/compare/peers/graphblas_traversals.hpp"

namespace spgraph::cli {

namespace {

/// Throws VerificationFailed unless the two rankings agree (pagerank_verify.hpp's rule).
template <class Ours, class Theirs>
RankComparison verify(const Ours& ours, const Theirs& theirs, const IdSpace& ids) {
  RankComparison c = compare_ranks(rank_run(ours), rank_run(theirs), file_names(ids), kEngines);
  require_verified(c.error);
  return c;
}

/// What one run holds: the input, both engines' copies and their answers.
struct PageRankState {
  explicit PageRankState(CliGraph g) : graph(std::move(g)), ids(graph.loaded.info) {}
  CliGraph graph;
  IdSpace ids;
  PageRankOptions o;
  peers::GraphBlasPageRankOptions po;
  std::unique_ptr<peers::GraphBlasGraph> grb;
  PageRankResult ours;
  peers::GraphBlasPageRankResult theirs;
  RankComparison check;
};

struct PageRankJob {
  std::string file;
  PageRankFlags pr;

  void add_flags(CLI::App* cmd, CompareFlags& f) {
    f.g.runs_on_cuda = true;  // --backend cuda: the device against the CPU
    cmd->add_option("file", file, "Graph file")->required();
    add_pagerank_flags(cmd, pr);
  }

  ComparePlan plan(const CompareFlags& f, int threads);
  void add_fields(Report& r, const PageRankState& s, int threads) const;
};

ComparePlan PageRankJob::plan(const CompareFlags& f, int threads) {
  auto s = std::make_shared<PageRankState>(load_for_cli(file, f.load, f.g, true));
  const Matrix<bool>& a = std::get<Matrix<bool>>(s->graph.loaded.matrix);
  if (a.nrows() != a.ncols()) throw InvalidArgument("compare pagerank needs a square matrix");
  s->o = pagerank_options(pr, s->ids, a.nrows(), s->graph.undirected);
  if (backend_of(f.g) == Backend::Cuda)
    return plan_pagerank_cuda(std::move(s->graph), file, s->o, pr.variant, threads);
  s->po.damping = s->o.damping;
  s->po.tolerance = s->o.tolerance;
  s->po.max_iterations = s->o.max_iterations;
  s->po.standard = s->o.variant == PageRankVariant::Standard;
  s->po.personalize.assign(s->o.personalize.begin(), s->o.personalize.end());
  s->grb = std::make_unique<peers::GraphBlasGraph>(
      a.csr(), peers::GraphBlasGraph::kind_of(s->graph.undirected));
  s->grb->cache_transpose();
  s->grb->cache_out_degree();

  ComparePlan p;
  p.ours = {a.memory_bytes(), [s, &a] { s->ours = pagerank(a, s->o); },
            [s, &a] {
              PageRankResult r;
              const double sec = timed([&] { r = pagerank(a, s->o); });
              verify(r, s->theirs, s->ids);
              return sec;
            }};
  p.theirs = {s->grb->memory_bytes(),
              [s] { s->theirs = peers::graphblas_pagerank(*s->grb, s->po); },
              [s] {
                const auto r = peers::graphblas_pagerank(*s->grb, s->po);
                verify(s->ours, r, s->ids);
                return r.seconds;
              }};
  p.verify = [s] { s->check = verify(s->ours, s->theirs, s->ids); };
  p.add_fields = [this, s, threads](Report& r, const Measured&) { add_fields(r, *s, threads); };
  p.layout =
      "compare pagerank: {file}\n"
      "graph: {n} vertices, {arcs} arcs, {kind}\n"
      "threads: {threads} (spgraph and GraphBLAS)\n"
      "pagerank: {variant} variant, damping {damping}, tolerance {tolerance}, "
      "{personalized} personalized vertices (0 = uniform teleport)\n"
      "spgraph:   power iteration over the pull SpMV (SpMV {spmv})\n"
      "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, LAGraph {lagraph} in FP64 "
      "(plus_second mxv over A')\n"
      "not timed: GraphBLAS build + cached A' and out-degrees {graphblas_build_s} s\n"
      "verified: steps {spgraph_iterations} (spgraph) and {graphblas_iterations} "
      "(GraphBLAS), max |rank difference| {max_abs_diff} <= {bound}\n";
  return p;
}

void PageRankJob::add_fields(Report& r, const PageRankState& s, int threads) const {
  const Matrix<bool>& a = std::get<Matrix<bool>>(s.graph.loaded.matrix);
  add_job_fields(r, "pagerank", file, threads);
  r.add("n", report::count(a.nrows()));
  r.add("arcs", report::count(a.nvals()));
  r.add("kind", report::text(s.graph.undirected ? "undirected" : "directed"));
  r.add("variant", report::str(pr.variant));
  r.add("lagraph", report::text(s.po.standard ? "LAGr_PageRank" : "LAGr_PageRankGAP"));
  r.add("damping", report::real(s.o.damping, "%.17g", "%g"));
  r.add("tolerance", report::real(s.o.tolerance, "%.17g", "%g"));
  r.add("personalized", report::count(s.o.personalize.size()));
  r.add("spmv", report::str(pr.spmv));
  r.add("spgraph_iterations", report::count(s.ours.iterations));
  r.add("graphblas_iterations", report::count(s.theirs.iterations));
  r.add("verified", report::flag(true));
  r.add("max_abs_diff", report::real(s.check.max_diff, "%.3g", "%.3g"));
  r.add("bound", report::real(s.check.bound, "%.3g", "%.3g"));
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("graphblas_build_s", report::seconds(s.grb->build_seconds() + s.grb->properties_seconds()));
}

}  // namespace

void register_compare_pagerank(CLI::App* compare) {
  register_compare_job<PageRankJob>(
      compare, "pagerank",
      "PageRank in spgraph and GraphBLAS (LAGraph's LAGr_PageRankGAP / LAGr_PageRank), ranks "
      "verified, timed");
}

}  // namespace spgraph::cli
