// SPDX-License-Identifier: Apache-2.0
// `spgraph compare lcc FILE`: LDBC Graphalytics' local clustering coefficient (specification
// v1.0, §2.3.5) in spgraph (algorithms/triangles/local_clustering.hpp) and in
// SuiteSparse:GraphBLAS (LAGraph's experimental LAGraph_lcc:
// tools/compare/peers/graphblas_lcc.cpp), both on the same graph: the file's arcs without
// self-loops (LAGraph's sanitized input), directed unless the file is undirected, prepared once and
// not timed, with A' built for both engines before the timing. Every coefficient must agree within
// 1e-9 relative (algorithms/triangles/triangles_verify.hpp) before any time is printed.
#include "algorithms/triangles/triangles.hpp"
#include "algorithms/triangles/triangles_verify.hpp"
#include "engine/ops.hpp"
#include "tools/common/stats.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/graphalytics_inputs.hpp"
#include "tools/compare/peers/graphblas_graphalytics.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::cli {

namespace {

/// What one run holds: the input, both engines' copies and their answers.
struct LccState {
  explicit LccState(const LoadInfo& info) : ids(info) {}
  GraphalyticsInputs in;
  IdSpace ids;
  std::vector<double> ours;
  peers::GraphBlasLccResult theirs;
};

struct LccJob {
  std::string file;

  void add_flags(CLI::App* cmd, CompareFlags&) {
    cmd->add_option("file", file, "Graph file")->required();
  }

  ComparePlan plan(const CompareFlags& f, int threads);
};

ComparePlan LccJob::plan(const CompareFlags& f, int threads) {
  CliGraph graph = load_for_cli(file, f.load, f.g, true);
  auto s = std::make_shared<LccState>(graph.loaded.info);
  s->in = graphalytics_inputs(graph);

  ComparePlan p;
  p.ours = {s->in.a.memory_bytes(), [s] { s->ours = local_clustering(s->in.a, s->in.undirected); },
            [s] {
              std::vector<double> r;
              const double sec = timed([&] { r = local_clustering(s->in.a, s->in.undirected); });
              require_verified(check_same_clustering(r, s->ours, file_names(s->ids), kEngines));
              return sec;
            }};
  p.theirs = {
      s->in.grb->memory_bytes(), [s] { s->theirs = peers::graphblas_lcc(*s->in.grb); },
      [s] {
        const auto r = peers::graphblas_lcc(*s->in.grb);
        require_verified(check_same_clustering(s->ours, r.lcc, file_names(s->ids), kEngines));
        return r.seconds;
      }};
  p.verify = [s] {
    require_verified(check_same_clustering(s->ours, s->theirs.lcc, file_names(s->ids), kEngines));
  };
  p.add_fields = [this, s, threads](Report& r, const Measured&) {
    add_job_fields(r, "lcc", file, threads);
    r.add("n", report::count(s->in.a.nrows()));
    r.add("arcs", report::count(s->in.a.nvals()));
    if (s->in.undirected) r.add("edges", report::count(s->in.a.nvals() / 2));  // no self-loops left
    r.add("kind", report::text(s->in.undirected ? "undirected" : "directed"));
    r.add("mean_lcc", report::real(tools::mean(s->ours), "%.17g", "%.9f"));
    r.add("verified", report::flag(true));
    r.add("graphblas_version", report::text(peers::graphblas_version()));
    r.add("prepare_s", report::seconds(s->in.prepare_s));
    r.add("graphblas_build_s",
          report::seconds(s->in.grb->build_seconds() + s->in.grb->properties_seconds()));
  };
  p.layout =
      "compare lcc: {file}\n"
      "graph: {n} vertices, {arcs} arcs, {kind} (self-loops dropped" +
      std::string(s->in.undirected ? "" : ", A' built") +
      "; prepared in {prepare_s} s, not timed)\n"
      "threads: {threads} (spgraph and GraphBLAS)\n"
      "spgraph:   arcs among neighbours by triangles of the weighted degree orientation\n"
      "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, LAGraph LAGraph_lcc "
      "(C<C> = C*triu(A+A')')\n"
      "not timed: GraphBLAS build" +
      std::string(s->in.undirected ? "" : " + A'") +
      " {graphblas_build_s} s\n"
      "verified: every coefficient within 1e-9 relative, mean {mean_lcc}\n";
  return p;
}

}  // namespace

void register_compare_lcc(CLI::App* compare) {
  register_compare_job<LccJob>(
      compare, "lcc",
      "Graphalytics LCC in spgraph and GraphBLAS (LAGraph's LAGraph_lcc), coefficients verified "
      "within 1e-9, timed");
}

}  // namespace spgraph::cli
