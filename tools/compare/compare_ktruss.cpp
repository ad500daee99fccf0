// SPDX-License-Identifier: Apache-2.0
// `spgraph compare ktruss FILE`: the truss number of every edge in spgraph (per-edge triangles,
// then the parallel peel of algorithms/cores/ktruss.hpp) and in igraph (igraph_trussness, serial),
// both on the same simple undirected graph: A ∪ A' without self-loops, prepared once and not
// timed. igraph's answer is by igraph's edge id; each id is mapped back to its edge {u, v}
// (igraph_get_edgelist) and to spgraph's position of that edge, so the two lists are compared
// edge by edge (algorithms/cores/cores_verify.hpp) and the first differing edge is named as the
// file names its ends.
#include <algorithm>

#include "algorithms/cores/cores.hpp"
#include "algorithms/cores/cores_verify.hpp"
#include "algorithms/triangles/triangles.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/peers/igraph_cores.hpp"

namespace spgraph::cli {

namespace {

/// What one run holds: the input, igraph's copy and both answers.
struct KtrussState {
  explicit KtrussState(const LoadInfo& info) : ids(info) {}
  Matrix<bool> a;
  IdSpace ids;
  double prepare_s = 0;
  std::unique_ptr<peers::IgraphGraph> ig;
  CoreOptions o;
  KtrussResult ours;
  peers::IgraphTrussResult theirs;
};

/// igraph's truss numbers put in the CSR order of `edges` (the upper triangle); throws
/// VerificationFailed when igraph's edges are not those edges.
std::vector<Vertex> in_upper_order(const Csr<bool>& edges, const peers::IgraphTrussResult& r,
                                   const IdSpace& ids) {
  if (r.truss.size() != edges.nnz())
    throw VerificationFailed("igraph has " + std::to_string(r.truss.size()) +
                             " edges but spgraph has " + std::to_string(edges.nnz()));
  std::vector<Vertex> out(edges.nnz(), 0);
  for (std::size_t e = 0; e < r.truss.size(); ++e) {
    const Vertex u = std::min(r.from[e], r.to[e]), v = std::max(r.from[e], r.to[e]);
    const Vertex* b = edges.col.data() + edges.row_begin(u);
    const Vertex* end = edges.col.data() + edges.row_end(u);
    const Vertex* at = std::lower_bound(b, end, v);
    if (u == v || at == end || *at != v)
      throw VerificationFailed("igraph's edge " + std::to_string(e) + " {" + ids.name(u) + ", " +
                               ids.name(v) + "} is not an edge of spgraph's graph");
    out[std::size_t(at - edges.col.data())] = r.truss[e];
  }
  return out;
}

/// The edges whose truss number is the largest (the innermost truss's size).
std::uint64_t innermost(const KtrussResult& r) {
  std::uint64_t count = 0;
  for (Vertex t : r.truss) count += t == r.max_truss;
  return count;
}

struct KtrussJob {
  std::string file;

  void add_flags(CLI::App* cmd, CompareFlags&) {
    cmd->add_option("file", file, "Graph file (a directed graph is taken as undirected)")
        ->required();
  }

  ComparePlan plan(const CompareFlags& f, int threads);
};

ComparePlan KtrussJob::plan(const CompareFlags& f, int threads) {
  CliGraph graph = load_for_cli(file, f.load, f.g, true);
  auto s = std::make_shared<KtrussState>(graph.loaded.info);
  const auto tp = std::chrono::steady_clock::now();
  s->a = simple_undirected_pattern(std::get<Matrix<bool>>(graph.loaded.matrix));
  s->prepare_s = seconds_since(tp);
  s->ig = std::make_unique<peers::IgraphGraph>(s->a.csr(), true, peers::IgraphSelfLoops::Drop);
  s->o.undirected = true;

  ComparePlan p;
  p.theirs_name = "igraph";
  auto names = [s] { return file_names(s->ids); };
  p.ours = {
      s->a.memory_bytes(), [s] { s->ours = ktruss(s->a, s->o); },
      [s, names] {
        KtrussResult r;
        const double sec = timed([&] { r = ktruss(s->a, s->o); });
        require_verified(check_same_truss_numbers(s->ours.edges.csr(), r.truss, s->ours.truss,
                                                  names(), {"spgraph", "spgraph's first run"}));
        return sec;
      }};
  p.theirs = {
      s->ig->memory_bytes(), [s] { s->theirs = peers::igraph_truss_numbers(*s->ig); },
      [s, names] {
        const auto r = peers::igraph_truss_numbers(*s->ig);
        const Csr<bool>& edges = s->ours.edges.csr();
        require_verified(check_same_truss_numbers(
            edges, s->ours.truss, in_upper_order(edges, r, s->ids), names(), kIgraphEngines));
        return r.seconds;
      }};
  p.verify = [s, names] {
    const Csr<bool>& edges = s->ours.edges.csr();
    require_verified(check_same_truss_numbers(
        edges, s->ours.truss, in_upper_order(edges, s->theirs, s->ids), names(), kIgraphEngines));
  };
  p.add_fields = [this, s, threads](Report& r, const Measured&) {
    add_job_fields(r, "ktruss", file, threads);
    r.add("n", report::count(s->a.nrows()));
    r.add("edges", report::count(s->ours.edges.nvals()));
    r.add("triangles", report::count(s->ours.triangles));
    r.add("max_truss", report::count(s->ours.max_truss));
    r.add("max_truss_edges", report::count(innermost(s->ours)));
    r.add("verified", report::flag(true));
    r.add("spgraph_levels", report::count(s->ours.levels));
    r.add("spgraph_rounds", report::count(s->ours.rounds));
    r.add("spgraph_parallel_rounds", report::count(s->ours.parallel_rounds));
    r.add("igraph_version", report::text(peers::igraph_version_text()));
    r.add("prepare_s", report::seconds(s->prepare_s));
    r.add("igraph_build_s", report::seconds(s->ig->build_seconds()));
  };
  p.layout =
      "compare ktruss: {file}\n"
      "graph: {n} vertices, {edges} undirected edges, {triangles} triangles (simple: A + A', "
      "no self-loops; prepared in {prepare_s} s, not timed)\n"
      "threads: {threads} (spgraph; igraph runs serially)\n"
      "spgraph: triangles per edge, then a parallel peel by levels ({spgraph_levels} levels in "
      "{spgraph_rounds} rounds, {spgraph_parallel_rounds} on several threads)\n"
      "igraph:  igraph {igraph_version}, igraph_trussness\n"
      "not timed: igraph build {igraph_build_s} s\n"
      "verified: identical truss numbers; the largest is {max_truss}, held by "
      "{max_truss_edges} edges\n";
  p.quiet_layout = "{median_ratio_igraph}\n";
  return p;
}

}  // namespace

void register_compare_ktruss(CLI::App* compare) {
  register_compare_job<KtrussJob>(
      compare, "ktruss",
      "Truss numbers in spgraph and igraph (igraph_trussness), verified edge by edge, timed");
}

}  // namespace spgraph::cli
