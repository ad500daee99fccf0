// SPDX-License-Identifier: Apache-2.0
// The jobs of `spgraph graphalytics` (graphalytics_jobs.hpp), each as LDBC Graphalytics
// benchmark specification v1.0 defines its algorithm:
//   - bfs (§2.3.1): depth from the source along out-arcs (both directions of an undirected
//     edge); unreachable vertices 9223372036854775807;
//   - pr (§2.3.2): PR_0 = 1/|V|, a fixed number of iterations, the rank of sinks spread evenly
//     over every vertex: PageRankVariant::Standard with tolerance 0 (algorithms/pagerank);
//   - wcc (§2.3.3): components with edge direction ignored; the label of a vertex is the
//     smallest vertex of its component, which is its smallest file id (dense ids follow the
//     vertex file's ids in ascending order); Graphalytics accepts any labelling of the same
//     partition (§2.4, equivalence);
//   - cdlp (§2.3.4): label propagation for a fixed number of rounds, ties to the smallest label
//     (algorithms/communities/cdlp.hpp); labels written as file ids;
//   - lcc (§2.3.5): the local clustering coefficient, directed graphs by in ∪ out neighbours
//     (algorithms/triangles/local_clustering.hpp);
//   - sssp (§2.3.6): distances over the weight property, which must be finite and non-negative;
//     unreachable vertices Infinity.
#include "tools/spgraph/graphalytics_jobs.hpp"

#include <algorithm>
#include <cstdio>
#include <numeric>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/communities/cdlp.hpp"
#include "algorithms/components/components.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/sssp/sssp.hpp"
#include "algorithms/triangles/local_clustering.hpp"
#include "loaders/graphalytics_output.hpp"
#include "tools/cli/traversal_flags.hpp"
#include "tools/common/stats.hpp"

namespace spgraph::cli {

namespace {

const Matrix<bool>& pattern_of(const GraphalyticsJobInput& in) {
  return std::get<Matrix<bool>>(in.data.graph.matrix);
}

bool undirected(const GraphalyticsJobInput& in) {
  return !in.data.properties.directed();
}

GraphalyticsJobRun run_bfs(const GraphalyticsJobInput& in, Report& report) {
  const Matrix<bool>& a = pattern_of(in);
  BfsOptions o;
  o.levels = true;
  o.parents = false;
  o.undirected = undirected(in);
  auto timed = run_kernel_timed(in.repeat, [&] { return bfs(a, in.params.source, o); });
  report.add("source", vertex_value(in.ids, in.params.source));
  report.add("reached", report::count(timed.result.reached));
  report.add("depth", report::count(timed.result.depth));
  return {timed.seconds, timed.runs, "source {source}: {reached} vertices reached, depth {depth}\n",
          [level = std::move(timed.result.level), ids = in.ids.ids()](const std::string& path) {
            write_graphalytics_levels(path, *ids, level);
          }};
}

GraphalyticsJobRun run_pagerank(const GraphalyticsJobInput& in, Report& report) {
  const Matrix<bool>& a = pattern_of(in);
  PageRankOptions o;
  o.variant = PageRankVariant::Standard;
  o.damping = in.params.damping;
  o.tolerance = 0;  // a fixed number of iterations
  o.max_iterations = in.params.iterations;
  o.undirected = undirected(in);
  const double in_arcs_seconds = build_in_arcs(a, !o.undirected);
  auto timed = run_kernel_timed(in.repeat, [&] { return pagerank(a, o); });
  const double sum = std::accumulate(timed.result.rank.begin(), timed.result.rank.end(), 0.0);
  report.add("damping", report::real(o.damping, "%.17g", "%g"));
  report.add("iterations", report::count(timed.result.iterations));
  report.add("sum", report::real(sum, "%.17g", "%.9f"));
  report.add("in_arcs_seconds", report::text_only(report::seconds(in_arcs_seconds)));
  return {timed.seconds, timed.runs,
          "damping {damping}, {iterations} iterations; ranks sum to {sum} (in-arcs built in "
          "{in_arcs_seconds} s)\n",
          [rank = std::move(timed.result.rank), ids = in.ids.ids()](const std::string& path) {
            write_graphalytics_reals(path, *ids, rank);
          }};
}

GraphalyticsJobRun run_wcc(const GraphalyticsJobInput& in, Report& report) {
  const Matrix<bool>& a = pattern_of(in);
  const CcOptions o = cc_options("auto", undirected(in));
  const double in_arcs_seconds = build_in_arcs(a, !o.undirected);
  auto timed = run_kernel_timed(in.repeat, [&] { return connected_components(a, o); });
  report.add("components", report::count(timed.result.components));
  report.add("largest", report::count(largest_component(timed.result.label)));
  report.add("in_arcs_seconds", report::text_only(report::seconds(in_arcs_seconds)));
  return {timed.seconds, timed.runs,
          "{components} weakly connected components, the largest of {largest} vertices "
          "(in-arcs built in {in_arcs_seconds} s)\n",
          [label = std::move(timed.result.label), ids = in.ids.ids()](const std::string& path) {
            write_graphalytics_labels(path, *ids, label);
          }};
}

GraphalyticsJobRun run_sssp(const GraphalyticsJobInput& in, Report& report) {
  const GraphalyticsDataset& d = in.data;
  if (d.unusable_weight_line) {
    char w[40];
    std::snprintf(w, sizeof w, "%.17g", d.unusable_weight);
    throw ParseError(
        d.edge_path, d.unusable_weight_line,
        std::string("weight ") + w + (d.unusable_weight < 0 ? " is negative" : " is infinite") +
            ": SSSP weights are finite and non-negative (dataset " + d.properties.path() + ")");
  }
  const Matrix<double>& a = std::get<Matrix<double>>(d.graph.matrix);
  auto timed = run_kernel_timed(in.repeat, [&] { return sssp(a, in.params.source); });
  double farthest = 0;
  for (double x : timed.result.distance)
    if (x != kUnreachableDistance) farthest = std::max(farthest, x);
  report.add("source", vertex_value(in.ids, in.params.source));
  report.add("weight", report::str(d.properties.edge_property_names().at(
                           std::size_t(d.properties.weight_property()))));
  report.add("reached", report::count(timed.result.reached));
  report.add("max_distance", report::real(farthest, "%.17g", "%.17g"));
  return {timed.seconds, timed.runs,
          "source {source}, weights '{weight}': {reached} vertices reached, largest finite "
          "distance {max_distance}\n",
          [dist = std::move(timed.result.distance), ids = in.ids.ids()](const std::string& path) {
            write_graphalytics_reals(path, *ids, dist);
          }};
}

GraphalyticsJobRun run_cdlp(const GraphalyticsJobInput& in, Report& report) {
  const Matrix<bool>& a = pattern_of(in);
  const CdlpOptions o{in.params.iterations, undirected(in)};
  const double in_arcs_seconds = build_in_arcs(a, !o.undirected);
  auto timed = run_kernel_timed(in.repeat, [&] { return cdlp(a, o); });
  report.add("iterations", report::count(timed.result.iterations));
  report.add("communities", report::count(timed.result.communities));
  report.add("largest", report::count(largest_component(timed.result.label)));
  report.add("in_arcs_seconds", report::text_only(report::seconds(in_arcs_seconds)));
  return {timed.seconds, timed.runs,
          "{iterations} rounds: {communities} labels, the largest on {largest} vertices "
          "(in-arcs built in {in_arcs_seconds} s)\n",
          [label = std::move(timed.result.label), ids = in.ids.ids()](const std::string& path) {
            write_graphalytics_labels(path, *ids, label);
          }};
}

GraphalyticsJobRun run_lcc(const GraphalyticsJobInput& in, Report& report) {
  const Matrix<bool>& a = pattern_of(in);
  const bool symmetric = undirected(in);
  const double in_arcs_seconds = build_in_arcs(a, !symmetric);
  auto timed = run_kernel_timed(in.repeat, [&] { return local_clustering(a, symmetric); });
  const double mean = tools::mean(timed.result);
  report.add("mean_lcc", report::real(mean, "%.17g", "%.6g"));
  report.add("in_arcs_seconds", report::text_only(report::seconds(in_arcs_seconds)));
  return {timed.seconds, timed.runs,
          "mean local clustering coefficient {mean_lcc} (in-arcs built in {in_arcs_seconds} s)\n",
          [lcc = std::move(timed.result), ids = in.ids.ids()](const std::string& path) {
            write_graphalytics_reals(path, *ids, lcc);
          }};
}

/// The table: one line and one run function per algorithm.
const std::vector<GraphalyticsJob> kJobs = {
    {"bfs", "breadth-first search", false, "bfs.source-vertex", nullptr, nullptr, run_bfs},
    {"pr", "PageRank", false, nullptr, "pr.num-iterations", "pr.damping-factor", run_pagerank},
    {"sssp", "single-source shortest paths", true, "sssp.source-vertex", nullptr, nullptr,
     run_sssp},
    {"wcc", "weakly connected components", false, nullptr, nullptr, nullptr, run_wcc},
    {"cdlp", "community detection by label propagation", false, nullptr, "cdlp.max-iterations",
     nullptr, run_cdlp},
    {"lcc", "local clustering coefficient", false, nullptr, nullptr, nullptr, run_lcc},
};

}  // namespace

const std::vector<GraphalyticsJob>& graphalytics_jobs() {
  return kJobs;
}

const GraphalyticsJob* find_graphalytics_job(std::string_view name) {
  for (const GraphalyticsJob& j : kJobs)
    if (name == j.name) return &j;
  return nullptr;
}

}  // namespace spgraph::cli
