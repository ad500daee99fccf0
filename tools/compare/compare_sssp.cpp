// SPDX-License-Identifier: Apache-2.0
// `spgraph compare sssp FILE --source S`: single-source shortest paths in spgraph and in
// SuiteSparse:GraphBLAS (LAGraph's LAGr_SingleSourceShortestPath, delta-stepping over FP64
// weights). GraphBLAS gets the Δ spgraph chose (or --delta), so both process the same buckets;
// with --method bellman-ford it gets --delta, else the largest weight (every arc light). Weights
// must be non-negative (LAGraph's method does not terminate on a negative cycle). Verified
// before any time is printed (algorithms/sssp/sssp_verify.hpp): the same vertices reached, and
// every distance equal within 1e-9 relative (|a - b| <= 1e-9 max(1, |a|, |b|)).
#include <cmath>
#include <cstdio>
#include <optional>

#include "algorithms/sssp/sssp_verify.hpp"
#include "engine/any_matrix.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"
#include "tools/compare/peers/graphblas_traversals.hpp"

namespace spgraph::cli {

namespace {

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

/// What one run holds: the input, both engines' copies and their answers.
struct SsspState {
  explicit SsspState(CliGraph g) : graph(std::move(g)), ids(graph.loaded.info) {}
  CliGraph graph;
  std::optional<Matrix<double>> converted;
  const Matrix<double>* a = nullptr;
  IdSpace ids;
  Vertex source = 0;
  SsspOptions o;
  std::unique_ptr<peers::GraphBlasGraph> grb;
  double delta = 0;  ///< GraphBLAS's bucket width: spgraph's Δ (see the file header)
  SsspResult ours;
  peers::GraphBlasSsspResult theirs;
};

struct SsspJob {
  std::string file;
  SsspFlags sp;

  void add_flags(CLI::App* cmd, CompareFlags&) {
    cmd->add_option("file", file, "Graph file (a pattern file has unit weights)")->required();
    add_sssp_flags(cmd, sp);
  }

  ComparePlan plan(const CompareFlags& f, int threads);
  void add_fields(Report& r, const SsspState& s, int threads) const;
};

ComparePlan SsspJob::plan(const CompareFlags& f, int threads) {
  auto s = std::make_shared<SsspState>(load_for_cli(file, f.load, f.g, false, ValueType::Double));
  s->a = &matrix_of_type<double>(s->graph.loaded.matrix, s->converted);
  const Matrix<double>& a = *s->a;
  if (a.nrows() != a.ncols()) throw InvalidArgument("compare sssp needs a square matrix");
  check_weights(a.csr(), s->ids);
  s->source = flag_vertex("--source", single_vertex(sp.source), s->ids, a.nrows());
  s->o = sssp_options(sp);
  s->grb = std::make_unique<peers::GraphBlasGraph>(a.csr(), peers::GraphBlasGraph::Kind::Directed);
  s->grb->cache_min_weight();

  ComparePlan p;
  p.ours = {a.memory_bytes(), [s] { s->ours = sssp(*s->a, s->source, s->o); },
            [s] {
              SsspResult r;
              const double sec = timed([&] { r = sssp(*s->a, s->source, s->o); });
              require_verified(check_same_distances(r.distance, s->theirs.distance,
                                                    file_names(s->ids), kEngines));
              return sec;
            }};
  p.theirs = {s->grb->memory_bytes(),
              [this, s] {
                const SsspResult& ours = s->ours;
                s->delta = ours.method == SsspMethod::Delta ? ours.delta
                           : sp.delta > 0                   ? sp.delta
                                                            : largest_weight(s->a->csr());
                if (!(s->delta > 0) || !std::isfinite(s->delta))
                  s->delta = largest_weight(s->a->csr());
                s->theirs = peers::graphblas_sssp(*s->grb, s->source, s->delta);
              },
              [s] {
                const auto r = peers::graphblas_sssp(*s->grb, s->source, s->delta);
                require_verified(check_same_distances(s->ours.distance, r.distance,
                                                      file_names(s->ids), kEngines));
                return r.seconds;
              }};
  p.verify = [s] {
    require_verified(
        check_same_distances(s->ours.distance, s->theirs.distance, file_names(s->ids), kEngines));
  };
  p.add_fields = [this, s, threads](Report& r, const Measured&) { add_fields(r, *s, threads); };
  p.layout =
      "compare sssp: {file}\n"
      "graph: {n} vertices, {arcs} arcs, {kind}, {weights}\n"
      "threads: {threads} (spgraph and GraphBLAS)\n"
      "spgraph:   method {spgraph_method}, {spgraph_rounds} rounds/buckets\n"
      "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, LAGraph "
      "LAGr_SingleSourceShortestPath (delta-stepping, FP64), delta {delta}, "
      "{graphblas_buckets} buckets\n"
      "not timed: GraphBLAS build + cached smallest weight {graphblas_build_s} s\n"
      "verified: source {source} reaches {reached} vertices in both, distances equal "
      "(largest {max_distance})\n";
  return p;
}

void SsspJob::add_fields(Report& r, const SsspState& s, int threads) const {
  double max_distance = 0;
  for (double d : s.ours.distance)
    if (d != kUnreachableDistance) max_distance = std::max(max_distance, d);
  add_job_fields(r, "sssp", file, threads);
  r.add("n", report::count(s.a->nrows()));
  r.add("arcs", report::count(s.a->nvals()));
  r.add("kind", report::text(s.graph.undirected ? "undirected" : "directed"));
  r.add("weights", report::text(s.a->is_pattern() ? "unit weights" : "weighted"));
  r.add("source", vertex_value(s.ids, s.source));
  r.add("reached", report::count(s.ours.reached));
  r.add("max_distance", report::real(max_distance, "%.17g", "%.17g"));
  r.add("spgraph_method", report::str(sssp_method_name(s.ours.method)));
  r.add("spgraph_rounds", report::count(s.ours.rounds));
  r.add("delta", report::real(s.delta, "%.17g", "%g"));
  r.add("graphblas_buckets", report::count(s.theirs.buckets));
  r.add("verified", report::flag(true));
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("graphblas_build_s", report::seconds(s.grb->build_seconds() + s.grb->properties_seconds()));
}

}  // namespace

void register_compare_sssp(CLI::App* compare) {
  register_compare_job<SsspJob>(
      compare, "sssp",
      "Shortest paths from one source in spgraph and GraphBLAS (LAGraph's delta-stepping), "
      "distances verified, timed");
}

}  // namespace spgraph::cli
