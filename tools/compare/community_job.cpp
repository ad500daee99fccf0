// SPDX-License-Identifier: Apache-2.0
// The plan of `compare louvain|leiden` (community_job.hpp says what it prepares, verifies and
// times): the undirected graph both engines read, igraph's copy and weight vectors, the two
// runners, the verification and the report.
#include "tools/compare/community_job.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <utility>

#include "algorithms/communities/communities.hpp"
#include "algorithms/communities/communities_verify.hpp"
#include "algorithms/communities/community_labels.hpp"
#include "tools/compare/peers/igraph_communities.hpp"

namespace spgraph::cli {

namespace {

/// What one run holds: the graph, igraph's copy and arguments, and both answers.
struct CommunityState {
  explicit CommunityState(const LoadInfo& info) : ids(info) {}
  CommunityJobMethod method = CommunityJobMethod::Louvain;
  Matrix<double> w;  ///< the undirected graph both engines read
  IdSpace ids;
  double prepare_s = 0;
  bool file_weights = false;  ///< the file's values are the weights (else every arc weighs 1)
  std::unique_ptr<peers::IgraphGraph> ig;
  std::vector<double> ig_weights, ig_node_weights;
  double ig_resolution = 1;
  CommunityOptions o;
  CommunityResult ours;
  peers::IgraphCommunities theirs;
  double ours_quality = 0, theirs_quality = 0, theirs_modularity = 0;
  Vertex theirs_communities = 0, theirs_largest = 0;

  bool leiden() const { return method == CommunityJobMethod::Leiden; }
  /// The objective's quality of a partition, by spgraph's modularity.hpp.
  double quality(const std::vector<Vertex>& m) const {
    return o.objective == CommunityObjective::Cpm ? cpm_quality(w, m, o.resolution)
                                                  : modularity(w, m, o.resolution);
  }
  const char* quality_name() const {
    return o.objective == CommunityObjective::Cpm ? "CPM quality" : "modularity";
  }
};

/// The file's graph as a double matrix (values as weights, 1 for a pattern).
Matrix<double> loaded_as_double(CliGraph& graph) {
  if (auto* d = std::get_if<Matrix<double>>(&graph.loaded.matrix)) return std::move(*d);
  return matrix_cast<double>(graph.loaded.matrix);
}

/// The undirected graph of community_graph.hpp as a symmetric matrix: `a` itself when it is
/// symmetric, else A + A' with A's loops once.
Matrix<double> undirected_graph(Matrix<double> a, bool declared_undirected) {
  detail::CommunityGraph g = detail::community_graph_of(a, declared_undirected);
  if (g.own_row_ptr.empty()) return a;
  Csr<double> c;
  c.nrows = c.ncols = g.n;
  c.row_ptr = std::move(g.own_row_ptr);
  c.col = std::move(g.own_col);
  c.val = std::move(g.own_weight);
  return Matrix<double>::trusted(std::move(c));
}

/// Loads and prepares the graph, igraph's copy and igraph's arguments.
std::shared_ptr<CommunityState> prepare(CommunityJobMethod method, const std::string& file,
                                        const CommunityFlags& flags, const CompareFlags& f) {
  CliGraph graph = flags.unweighted ? load_for_cli(file, f.load, f.g, true)
                                    : load_for_cli(file, f.load, f.g, false, ValueType::Double);
  auto s = std::make_shared<CommunityState>(graph.loaded.info);
  s->method = method;
  const auto t0 = std::chrono::steady_clock::now();
  Matrix<double> loaded = loaded_as_double(graph);
  check_community_weights(loaded.csr(), s->ids);
  s->file_weights = !loaded.is_pattern();
  s->w = undirected_graph(std::move(loaded), graph.undirected);
  s->prepare_s = seconds_since(t0);
  s->o = community_options(flags, true);
  const detail::CommunityGraph g = detail::community_graph_of(s->w, true);
  s->ig = std::make_unique<peers::IgraphGraph>(s->w.csr(), true);
  if (!s->w.is_pattern()) s->ig_weights = peers::igraph_edge_weights(s->w.csr());
  s->ig_resolution = s->o.resolution;
  if (s->leiden() && s->o.objective == CommunityObjective::Modularity) {
    s->ig_node_weights = g.degree;  // igraph's modularity: degrees and γ / 2m
    s->ig_resolution = g.total > 0 ? s->o.resolution / g.total : 0;
  }
  return s;
}

/// igraph's partition for the state's method.
peers::IgraphCommunities run_igraph(CommunityState& s) {
  if (!s.leiden()) return peers::igraph_louvain(*s.ig, s.ig_weights, s.o.resolution, s.o.seed);
  return peers::igraph_leiden(*s.ig, s.ig_weights, s.ig_node_weights, s.ig_resolution,
                              s.o.randomness, s.o.iterations, s.o.seed);
}

CommunityResult run_spgraph(const CommunityState& s) {
  return s.leiden() ? leiden(s.w, s.o) : louvain(s.w, s.o);
}

/// Checks spgraph's warm-up answer alone and against igraph's.
void verify(CommunityState& s) {
  const VertexNamer names = file_names(s.ids);
  require_verified(check_membership_numbering(s.ours.membership, s.ours.communities, names));
  if (s.leiden())
    require_verified(check_communities_connected(s.w.csr(), s.ours.membership, names));
  if (s.theirs.membership.size() != s.w.nrows())
    throw VerificationFailed("igraph labels " + std::to_string(s.theirs.membership.size()) +
                             " vertices of " + std::to_string(s.w.nrows()));
  s.ours_quality = s.quality(s.ours.membership);
  s.theirs_quality = s.quality(s.theirs.membership);
  s.theirs_modularity = modularity(s.w, s.theirs.membership);
  const std::vector<Vertex> theirs = detail::canonical_labels(s.theirs.membership);
  s.theirs_communities = theirs.empty() ? 0 : *std::max_element(theirs.begin(), theirs.end()) + 1;
  s.theirs_largest = largest_community(theirs);
  require_verified(check_quality_at_least(s.ours_quality, s.theirs_quality, kCommunityTolerance,
                                          s.quality_name(), kIgraphEngines));
}

void add_fields(const CommunityState& s, const std::string& file, int threads, Report& r) {
  add_job_fields(r, s.leiden() ? "leiden" : "louvain", file, threads);
  r.add("n", report::count(s.w.nrows()));
  r.add("edges", report::count(s.ig->edges()));
  r.add("weights", report::text(s.file_weights ? "weighted" : "unit weights"));
  r.add("objective", report::str(std::string(community_objective_name(s.o.objective))));
  r.add("resolution", report::real(s.o.resolution, "%.17g", "%g"));
  r.add("seed", report::count(s.o.seed));
  r.add("verified", report::flag(true));
  r.add("communities", report::count(s.ours.communities));
  r.add("largest", report::count(s.ours.largest));
  r.add("igraph_communities", report::count(s.theirs_communities));
  r.add("igraph_largest", report::count(s.theirs_largest));
  r.add("modularity", report::real(s.ours.modularity, "%.17g", "%.6f"));
  r.add("igraph_modularity", report::real(s.theirs_modularity, "%.17g", "%.6f"));
  r.add("quality", report::real(s.ours_quality, "%.17g", "%.6f"));
  r.add("igraph_quality", report::real(s.theirs_quality, "%.17g", "%.6f"));
  r.add("igraph_own_quality", report::real(s.theirs.quality, "%.17g", "%.6f"));
  r.add("quality_name", report::text(s.quality_name()));
  r.add("levels", report::count(s.ours.levels));
  r.add("iterations", report::count(s.ours.iterations));
  r.add("igraph_version", report::text(peers::igraph_version_text()));
  r.add("prepare_s", report::seconds(s.prepare_s));
  r.add("igraph_build_s", report::seconds(s.ig->build_seconds()));
}

std::string layout(const CommunityState& s) {
  std::string l =
      "compare {job}: {file}\n"
      "graph: {n} vertices, {edges} undirected edges, {weights} (a directed file as A + A'; "
      "prepared in {prepare_s} s, not timed)\n"
      "threads: {threads} (spgraph; igraph runs on one)\n";
  l += s.leiden() ? "spgraph: leiden ({objective}, resolution {resolution}, seed {seed}), "
                    "{levels} levels, {iterations} iterations\n"
                    "igraph:  {igraph_version}, igraph_community_leiden\n"
                  : "spgraph: louvain (resolution {resolution}, seed {seed}), {levels} levels\n"
                    "igraph:  {igraph_version}, igraph_community_multilevel\n";
  l += "not timed: igraph graph build {igraph_build_s} s\n"
       "communities: spgraph {communities} (largest {largest}), igraph {igraph_communities} "
       "(largest {igraph_largest})\n"
       "modularity (spgraph's modularity() of each partition): spgraph {modularity}, igraph "
       "{igraph_modularity}\n";
  if (s.o.objective == CommunityObjective::Cpm || s.o.resolution != 1)
    l += "{quality_name} (resolution {resolution}): spgraph {quality}, igraph {igraph_quality}\n";
  l += s.leiden() ? "verified: spgraph's {quality_name} >= igraph's - 0.005, every spgraph "
                    "community connected\n"
                  : "verified: spgraph's {quality_name} >= igraph's - 0.005\n";
  return l;
}

}  // namespace

ComparePlan community_plan(CommunityJobMethod method, const std::string& file,
                           const CommunityFlags& flags, const CompareFlags& f, int threads) {
  std::shared_ptr<CommunityState> s = prepare(method, file, flags, f);
  ComparePlan p;
  p.theirs_name = "igraph";
  p.quiet_layout = "{median_ratio_igraph}\n";
  p.ours = {s->w.memory_bytes(), [s] { s->ours = run_spgraph(*s); },
            [s] {
              CommunityResult r;
              const double sec = timed([&] { r = run_spgraph(*s); });
              if (r.membership != s->ours.membership)
                throw VerificationFailed(
                    "spgraph's partition changed between runs with the "
                    "same seed and threads");
              return sec;
            }};
  // igraph's copy: its igraph_t and the weight vectors.
  const std::uint64_t ig_bytes =
      s->ig->memory_bytes() + (s->ig_weights.size() + s->ig_node_weights.size()) * sizeof(double);
  p.theirs = {ig_bytes, [s] { s->theirs = run_igraph(*s); },
              [s] {
                const peers::IgraphCommunities r = run_igraph(*s);
                require_verified(check_quality_at_least(s->ours_quality, s->quality(r.membership),
                                                        kCommunityTolerance, s->quality_name(),
                                                        kIgraphEngines));
                return r.seconds;
              }};
  p.verify = [s] { verify(*s); };
  p.add_fields = [s, file, threads](Report& r, const Measured&) {
    add_fields(*s, file, threads, r);
  };
  p.layout = layout(*s);
  return p;
}

}  // namespace spgraph::cli
