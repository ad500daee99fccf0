// SPDX-License-Identifier: Apache-2.0
// `spgraph compare bc FILE`: unweighted betweenness centrality in spgraph (Brandes,
// direction-optimizing; algorithms/centrality/centrality.hpp) and in SuiteSparse:GraphBLAS
// (LAGraph's LAGr_Betweenness on batches of 4 sources, peers/graphblas_bc.cpp), over the same
// sources: every vertex (exact, the default), --source S ... or --sources N --seed S (spgraph's
// sample, given to both). GraphBLAS's raw sums are scaled as spgraph's run was
// (--normalize, networkx's halving for an exact undirected run). Verification before any time
// is printed (algorithms/centrality/centrality_verify.hpp): per vertex,
// |spgraph(v) - GraphBLAS(v)| <= 1e-9 · max(|spgraph(v)|, |GraphBLAS(v)|) + 1e-12 · max score
// (the same sums of dependencies in another order).
#include "algorithms/centrality/centrality_verify.hpp"
#include "tools/cli/bc_flags.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"
#include "tools/compare/peers/graphblas_traversals.hpp"

namespace spgraph::cli {

namespace {

/// What one run holds: the input, both engines' copies and their answers.
struct BcState {
  explicit BcState(CliGraph g) : graph(std::move(g)), ids(graph.loaded.info) {}
  CliGraph graph;
  IdSpace ids;
  BcOptions o;
  std::vector<std::uint32_t> sources;  ///< the sources both engines use
  double scale = 1;                    ///< applied to GraphBLAS's raw sums
  std::unique_ptr<peers::GraphBlasGraph> grb;
  BcResult ours;
  std::vector<double> theirs;
};

/// GraphBLAS's scores, scaled as spgraph's.
std::vector<double> scaled(std::vector<double> raw, double scale) {
  for (double& x : raw) x *= scale;
  return raw;
}

void verify(const std::vector<double>& ours, const std::vector<double>& theirs,
            const IdSpace& ids) {
  require_verified(compare_scores(ours, theirs, file_names(ids), kEngines));
}

struct BcJob {
  std::string file;
  BcSourceFlags src;
  bool normalize = false;

  void add_flags(CLI::App* cmd, CompareFlags&) {
    cmd->add_option("file", file, "Graph file")->required();
    add_bc_source_flags(cmd, src);
    cmd->add_flag("--normalize", normalize, "Scale as networkx's normalized=True (as `bc`)");
  }

  ComparePlan plan(const CompareFlags& f, int threads);
  void add_fields(Report& r, const BcState& s, int threads) const;
};

ComparePlan BcJob::plan(const CompareFlags& f, int threads) {
  auto s = std::make_shared<BcState>(load_for_cli(file, f.load, f.g, true));
  const Matrix<bool>& a = std::get<Matrix<bool>>(s->graph.loaded.matrix);
  if (a.nrows() != a.ncols()) throw InvalidArgument("compare bc needs a square matrix");
  s->o.sources = bc_sources(src, s->ids, a);
  s->o.normalize = normalize;
  s->o.undirected = s->graph.undirected;
  if (s->o.sources.empty())
    for (Vertex v = 0; v < a.nrows(); ++v) s->sources.push_back(v);
  else
    s->sources.assign(s->o.sources.begin(), s->o.sources.end());
  s->grb = std::make_unique<peers::GraphBlasGraph>(
      a.csr(), peers::GraphBlasGraph::kind_of(s->graph.undirected));
  s->grb->cache_transpose();

  ComparePlan p;
  p.ours = {a.memory_bytes(),
            [s, &a] {
              s->ours = betweenness(a, s->o);
              s->scale = bc_scale(s->ours.scaling, a.nrows(), s->sources.size());
            },
            [s, &a] {
              BcResult r;
              const double sec = timed([&] { r = betweenness(a, s->o); });
              verify(r.score, s->theirs, s->ids);
              return sec;
            }};
  p.theirs = {
      s->grb->memory_bytes(),
      [s] { s->theirs = scaled(peers::graphblas_betweenness(*s->grb, s->sources).raw, s->scale); },
      [s] {
        auto r = peers::graphblas_betweenness(*s->grb, s->sources);
        verify(s->ours.score, scaled(std::move(r.raw), s->scale), s->ids);
        return r.seconds;
      }};
  p.verify = [s] { verify(s->ours.score, s->theirs, s->ids); };
  p.add_fields = [this, s, threads](Report& r, const Measured&) { add_fields(r, *s, threads); };
  p.layout =
      "compare bc: {file}\n"
      "graph: {n} vertices, {arcs} arcs, {kind}\n"
      "threads: {threads} (spgraph and GraphBLAS)\n"
      "betweenness: {source_count} sources, scaling {scaling}\n"
      "spgraph:   Brandes, direction-optimizing ({method})\n"
      "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, LAGr_Betweenness, batches of 4\n"
      "not timed: GraphBLAS build + cached A' {graphblas_build_s} s\n"
      "verified: every score within 1e-9 relative (+1e-12 of the largest)\n";
  return p;
}

void BcJob::add_fields(Report& r, const BcState& s, int threads) const {
  const Matrix<bool>& a = std::get<Matrix<bool>>(s.graph.loaded.matrix);
  add_job_fields(r, "bc", file, threads);
  r.add("n", report::count(a.nrows()));
  r.add("arcs", report::count(a.nvals()));
  r.add("kind", report::text(s.graph.undirected ? "undirected" : "directed"));
  r.add("source_count", report::count(s.sources.size()));
  r.add("exact", report::flag(s.o.sources.empty()));
  r.add("seed", src.sampled > 0 ? report::count(src.seed) : report::null());
  r.add("scaling", report::str(bc_scaling_name(s.ours.scaling)));
  r.add("method", report::str(s.ours.batched ? "batched" : "per-source"));
  r.add("verified", report::flag(true));
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("graphblas_build_s", report::seconds(s.grb->build_seconds() + s.grb->properties_seconds()));
}

}  // namespace

void register_compare_bc(CLI::App* compare) {
  register_compare_job<BcJob>(
      compare, "bc",
      "Betweenness centrality in spgraph and GraphBLAS (LAGraph's LAGr_Betweenness), scores "
      "verified, timed");
}

}  // namespace spgraph::cli
