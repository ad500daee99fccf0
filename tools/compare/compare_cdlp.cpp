// SPDX-License-Identifier: Apache-2.0
// `spgraph compare cdlp FILE [--iterations N]`: LDBC Graphalytics' CDLP (specification v1.0,
// §2.3.4) in spgraph (algorithms/communities/cdlp.hpp) and in SuiteSparse:GraphBLAS (LAGraph's
// experimental LAGraph_cdlp: tools/compare/peers/graphblas_cdlp.cpp), both on the same graph:
// the file's arcs without self-loops (LAGraph's input rule; spgraph ignores them anyway), directed
// unless the file is undirected, prepared once and not timed, with A' built for both engines
// before the timing. CDLP's answer is exact, so the labels must be identical, vertex by vertex
// (algorithms/communities/communities_verify.hpp), before any time is printed.
#include <climits>

#include "algorithms/communities/communities.hpp"
#include "algorithms/communities/communities_verify.hpp"
#include "engine/ops.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/graphalytics_inputs.hpp"
#include "tools/compare/peers/graphblas_graphalytics.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::cli {

namespace {

/// What one run holds: the input, both engines' copies and their answers.
struct CdlpState {
  explicit CdlpState(const LoadInfo& info) : ids(info) {}
  GraphalyticsInputs in;
  IdSpace ids;
  CdlpOptions o;
  CdlpResult ours;
  peers::GraphBlasCdlpResult theirs;
};

struct CdlpJob {
  std::string file;
  int iterations = 10;

  void add_flags(CLI::App* cmd, CompareFlags&) {
    cmd->add_option("file", file, "Graph file")->required();
    cmd->add_option("--iterations", iterations, "Rounds to run (default 10)")
        ->transform(integer_flag("--iterations", 0, INT_MAX));
  }

  ComparePlan plan(const CompareFlags& f, int threads);
};

ComparePlan CdlpJob::plan(const CompareFlags& f, int threads) {
  CliGraph graph = load_for_cli(file, f.load, f.g, true);
  auto s = std::make_shared<CdlpState>(graph.loaded.info);
  s->in = graphalytics_inputs(graph);
  s->o.iterations = iterations;
  s->o.undirected = s->in.undirected;

  ComparePlan p;
  p.ours = {
      s->in.a.memory_bytes(), [s] { s->ours = cdlp(s->in.a, s->o); },
      [s] {
        CdlpResult r;
        const double sec = timed([&] { r = cdlp(s->in.a, s->o); });
        require_verified(check_same_labels(r.label, s->ours.label, file_names(s->ids), kEngines));
        return sec;
      }};
  p.theirs = {
      s->in.grb->memory_bytes(),
      [s] { s->theirs = peers::graphblas_cdlp(*s->in.grb, s->o.iterations); },
      [s] {
        const auto r = peers::graphblas_cdlp(*s->in.grb, s->o.iterations);
        require_verified(check_same_labels(s->ours.label, r.label, file_names(s->ids), kEngines));
        return r.seconds;
      }};
  p.verify = [s] {
    require_verified(
        check_same_labels(s->ours.label, s->theirs.label, file_names(s->ids), kEngines));
  };
  p.add_fields = [this, s, threads](Report& r, const Measured&) {
    add_job_fields(r, "cdlp", file, threads);
    r.add("n", report::count(s->in.a.nrows()));
    r.add("arcs", report::count(s->in.a.nvals()));
    if (s->in.undirected) r.add("edges", report::count(s->in.a.nvals() / 2));  // no self-loops left
    r.add("kind", report::text(s->in.undirected ? "undirected" : "directed"));
    r.add("iterations", report::count(s->o.iterations));
    r.add("rounds", report::count(s->ours.iterations));
    r.add("graphblas_rounds", report::count(s->theirs.iterations));
    r.add("communities", report::count(s->ours.communities));
    r.add("largest", report::count(largest_component(s->ours.label)));
    r.add("verified", report::flag(true));
    r.add("graphblas_version", report::text(peers::graphblas_version()));
    r.add("prepare_s", report::seconds(s->in.prepare_s));
    r.add("graphblas_build_s",
          report::seconds(s->in.grb->build_seconds() + s->in.grb->properties_seconds()));
  };
  p.layout =
      "compare cdlp: {file}\n"
      "graph: {n} vertices, {arcs} arcs, {kind} (self-loops dropped" +
      std::string(s->in.undirected ? "" : ", A' built") +
      "; prepared in {prepare_s} s, not timed)\n"
      "threads: {threads} (spgraph and GraphBLAS)\n"
      "spgraph:   {rounds} of {iterations} rounds (A and A' rows, per-thread label counts)\n"
      "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, LAGraph LAGraph_cdlp "
      "(A min.second diag(L), sorted tuples), {graphblas_rounds} rounds\n"
      "not timed: GraphBLAS build" +
      std::string(s->in.undirected ? "" : " + A'") +
      " {graphblas_build_s} s\n"
      "verified: identical labels, {communities} communities, the largest has {largest} "
      "vertices\n";
  return p;
}

}  // namespace

void register_compare_cdlp(CLI::App* compare) {
  register_compare_job<CdlpJob>(
      compare, "cdlp",
      "Graphalytics CDLP in spgraph and GraphBLAS (LAGraph's LAGraph_cdlp), labels verified "
      "identical, timed");
}

}  // namespace spgraph::cli
