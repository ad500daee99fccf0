// SPDX-License-Identifier: Apache-2.0
// `spgraph compare cc FILE`: connected components in spgraph and in SuiteSparse:GraphBLAS
// (LAGraph's LG_CC_FastSV6, the method of LAGr_ConnectedComponents, without its sampling phase:
// tools/compare/peers/graphblas_cc.cpp says why),
// both on the same undirected graph: A ∪ A' without self-loops, prepared once and not timed,
// since LAGraph requires a symmetric structure (for a directed file the components are its weakly
// connected ones). Verified before any time is printed
// (algorithms/components/components_verify.hpp): both labellings, each normalised to the
// smallest vertex id of its component, are identical, i.e. the partitions are equal.
#include "algorithms/components/components_verify.hpp"
#include "algorithms/triangles/triangles.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"
#include "tools/compare/peers/graphblas_traversals.hpp"

namespace spgraph::cli {

namespace {

/// What one run holds: the input, both engines' copies and their answers.
struct CcState {
  explicit CcState(const LoadInfo& info) : ids(info) {}
  Matrix<bool> a;
  IdSpace ids;
  double prepare_s = 0;
  std::unique_ptr<peers::GraphBlasGraph> grb;
  CcOptions o;
  CcResult ours;
  peers::GraphBlasCcResult theirs;
  std::vector<Vertex> want;  ///< spgraph's labelling, normalised
};

struct CcJob {
  std::string file, method = "auto";

  void add_flags(CLI::App* cmd, CompareFlags&) {
    cmd->add_option("file", file, "Graph file (a directed graph is taken as undirected)")
        ->required();
    add_cc_method_flag(cmd, method);
  }

  ComparePlan plan(const CompareFlags& f, int threads);
};

ComparePlan CcJob::plan(const CompareFlags& f, int threads) {
  CliGraph graph = load_for_cli(file, f.load, f.g, true);
  auto s = std::make_shared<CcState>(graph.loaded.info);
  const auto tp = std::chrono::steady_clock::now();
  s->a = simple_undirected_pattern(std::get<Matrix<bool>>(graph.loaded.matrix));
  s->prepare_s = seconds_since(tp);
  s->grb =
      std::make_unique<peers::GraphBlasGraph>(s->a.csr(), peers::GraphBlasGraph::Kind::Undirected);
  s->o = cc_options(method, true);

  ComparePlan p;
  p.ours = {
      s->a.memory_bytes(), [s] { s->ours = connected_components(s->a, s->o); },
      [s] {
        CcResult r;
        const double sec = timed([&] { r = connected_components(s->a, s->o); });
        require_verified(check_same_components(r.label, s->want, file_names(s->ids), kEngines));
        return sec;
      }};
  p.theirs = {
      s->grb->memory_bytes(), [s] { s->theirs = peers::graphblas_connected_components(*s->grb); },
      [s] {
        const auto r = peers::graphblas_connected_components(*s->grb);
        require_verified(check_same_components(s->want, r.component, file_names(s->ids), kEngines));
        return r.seconds;
      }};
  p.verify = [s] {
    s->want = normalised_components(s->ours.label);
    require_verified(
        check_same_components(s->want, s->theirs.component, file_names(s->ids), kEngines));
  };
  p.add_fields = [this, s, threads](Report& r, const Measured&) {
    add_job_fields(r, "cc", file, threads);
    r.add("n", report::count(s->a.nrows()));
    r.add("edges", report::count(s->a.nvals() / 2));
    r.add("components", report::count(s->ours.components));
    r.add("largest", report::count(largest_component(s->want)));
    r.add("verified", report::flag(true));
    r.add("spgraph_method", report::str(cc_method_name(s->ours.method)));
    r.add("spgraph_rounds", report::count(s->ours.rounds));
    r.add("graphblas_version", report::text(peers::graphblas_version()));
    r.add("prepare_s", report::seconds(s->prepare_s));
    r.add("graphblas_build_s", report::seconds(s->grb->build_seconds()));
  };
  p.layout =
      "compare cc: {file}\n"
      "graph: {n} vertices, {edges} undirected edges (A + A', no self-loops; prepared in "
      "{prepare_s} s, not timed)\n"
      "threads: {threads} (spgraph and GraphBLAS)\n"
      "spgraph:   method {spgraph_method}, {spgraph_rounds} rounds\n"
      "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, LAGraph LG_CC_FastSV6 "
      "(without sampling)\n"
      "not timed: GraphBLAS build {graphblas_build_s} s\n"
      "verified: identical partitions, {components} components, the largest has "
      "{largest} vertices\n";
  return p;
}

}  // namespace

void register_compare_cc(CLI::App* compare) {
  register_compare_job<CcJob>(
      compare, "cc",
      "Connected components in spgraph and GraphBLAS (LAGraph's FastSV6), partitions verified, "
      "timed");
}

}  // namespace spgraph::cli
