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
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/peers/graphblas_graphalytics.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::cli {

namespace {

/// What one run holds: the input, both engines' copies and their answers.
struct LccState {
  explicit LccState(const LoadInfo& info) : ids(info) {}
  Matrix<bool> a;
  IdSpace ids;
  bool undirected = false;
  double prepare_s = 0;
  std::unique_ptr<peers::GraphBlasGraph> grb;
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

double mean_of(const std::vector<double>& x) {
  double sum = 0;
  for (double v : x) sum += v;
  return x.empty() ? 0 : sum / double(x.size());
}

ComparePlan LccJob::plan(const CompareFlags& f, int threads) {
  CliGraph graph = load_for_cli(file, f.load, f.g, true);
  auto s = std::make_shared<LccState>(graph.loaded.info);
  s->undirected = graph.undirected;
  const auto tp = std::chrono::steady_clock::now();
  const Matrix<bool>& loaded = std::get<Matrix<bool>>(graph.loaded.matrix);
  s->a = Matrix<bool>(loaded.nrows(), loaded.ncols(), true);
  select(s->a, nullptr, NoAccum{}, Offdiag{}, loaded, 0);
  if (!s->undirected) s->a.transposed();
  s->prepare_s = seconds_since(tp);
  s->grb = std::make_unique<peers::GraphBlasGraph>(s->a.csr(),
                                                   peers::GraphBlasGraph::kind_of(s->undirected));
  if (!s->undirected) s->grb->cache_transpose();

  ComparePlan p;
  p.ours = {s->a.memory_bytes(), [s] { s->ours = local_clustering(s->a, s->undirected); },
            [s] {
              std::vector<double> r;
              const double sec = timed([&] { r = local_clustering(s->a, s->undirected); });
              require_verified(check_same_clustering(r, s->ours, file_names(s->ids), kEngines));
              return sec;
            }};
  p.theirs = {
      s->grb->memory_bytes(), [s] { s->theirs = peers::graphblas_lcc(*s->grb); },
      [s] {
        const auto r = peers::graphblas_lcc(*s->grb);
        require_verified(check_same_clustering(s->ours, r.lcc, file_names(s->ids), kEngines));
        return r.seconds;
      }};
  p.verify = [s] {
    require_verified(check_same_clustering(s->ours, s->theirs.lcc, file_names(s->ids), kEngines));
  };
  p.add_fields = [this, s, threads](Report& r, const Measured&) {
    add_job_fields(r, "lcc", file, threads);
    r.add("n", report::count(s->a.nrows()));
    r.add("arcs", report::count(s->a.nvals()));
    if (s->undirected) r.add("edges", report::count(s->a.nvals() / 2));  // no self-loops left
    r.add("kind", report::text(s->undirected ? "undirected" : "directed"));
    r.add("mean_lcc", report::real(mean_of(s->ours), "%.17g", "%.9f"));
    r.add("verified", report::flag(true));
    r.add("graphblas_version", report::text(peers::graphblas_version()));
    r.add("prepare_s", report::seconds(s->prepare_s));
    r.add("graphblas_build_s",
          report::seconds(s->grb->build_seconds() + s->grb->properties_seconds()));
  };
  p.layout =
      "compare lcc: {file}\n"
      "graph: {n} vertices, {arcs} arcs, {kind} (self-loops dropped" +
      std::string(s->undirected ? "" : ", A' built") +
      "; prepared in {prepare_s} s, not timed)\n"
      "threads: {threads} (spgraph and GraphBLAS)\n"
      "spgraph:   arcs among neighbours by triangles of the weighted degree orientation\n"
      "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, LAGraph LAGraph_lcc "
      "(C<C> = C*triu(A+A')')\n"
      "not timed: GraphBLAS build" +
      std::string(s->undirected ? "" : " + A'") +
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
