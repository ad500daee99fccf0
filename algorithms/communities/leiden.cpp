// SPDX-License-Identifier: Apache-2.0
// Leiden's iterations and levels (leiden.hpp; Traag, Waltman & van Eck 2019, Algorithm A.1 of
// the supplement). As igraph does, when the refinement merges nothing the level aggregates the
// non-refined partition instead, so that every level shrinks the graph. The last step splits any
// community that is not connected (community_labels.hpp), which only the batch-synchronous
// moves could leave and which never lowers the quality.
#include "algorithms/communities/leiden.hpp"

#include <numeric>

#include "algorithms/communities/aggregation.hpp"
#include "algorithms/communities/community_labels.hpp"
#include "algorithms/communities/leiden_refine.hpp"
#include "algorithms/communities/local_moving.hpp"
#include "algorithms/communities/modularity.hpp"

namespace spgraph {

namespace {

/// What one Leiden iteration reads.
struct LeidenRun {
  const detail::CommunityGraph& g0;
  const std::vector<double>& w0;
  const CommunityOptions& options;
  double lambda = 0;
  detail::ThreadWeights workspace;
  int levels = 0;
};

/// Each aggregated vertex's starting community: the community of its members (they share one),
/// renumbered below the aggregated vertex count.
std::vector<Vertex> starting_communities(const std::vector<Vertex>& community,
                                         const detail::Grouping& groups) {
  std::vector<Vertex> start(groups.count);
  for (Vertex c = 0; c < groups.count; ++c)
    start[c] = community[groups.members[groups.member_ptr[c]]];
  return detail::canonical_labels(start);
}

/// One iteration from `start` (labels below n); returns the partition it found.
std::vector<Vertex> leiden_iteration(LeidenRun& run, std::vector<Vertex> community,
                                     std::uint64_t iteration) {
  const CommunityOptions& o = run.options;
  const detail::CommunityGraph* g = &run.g0;
  detail::CommunityGraph level_graph;
  std::vector<double> w = run.w0;
  std::vector<Vertex> node_of(run.g0.n);
  std::iota(node_of.begin(), node_of.end(), Vertex(0));
  for (int level = 0; o.max_levels == 0 || level < o.max_levels; ++level) {
    const std::uint64_t stream = (iteration << 32) | (std::uint64_t(level) << 1);
    const detail::MoveSettings move{run.lambda, true, o.seed, stream, o.max_rounds};
    if (detail::move_nodes(*g, w, community, move, run.workspace).communities == g->n) break;
    const detail::RefineSettings refine{run.lambda, o.randomness, o.seed, stream | 1};
    detail::Grouping groups = detail::group_by_label(
        detail::refine_partition(*g, w, community, refine, run.workspace), g->n);
    if (groups.count == g->n) groups = detail::group_by_label(community, g->n);
    detail::CommunityGraph next = detail::aggregate_graph(*g, groups, run.workspace);
    w = detail::sum_by_group(w, groups);
    community = starting_communities(community, groups);
#pragma omp parallel for schedule(static) if (node_of.size() >= 65536)
    for (std::int64_t v = 0; v < std::int64_t(node_of.size()); ++v)
      node_of[v] = groups.id[node_of[v]];
    level_graph = std::move(next);
    g = &level_graph;
    ++run.levels;
  }
  std::vector<Vertex> out(node_of.size());
#pragma omp parallel for schedule(static) if (node_of.size() >= 65536)
  for (std::int64_t v = 0; v < std::int64_t(node_of.size()); ++v) out[v] = community[node_of[v]];
  return detail::canonical_labels(out);
}

}  // namespace

template <class T>
CommunityResult leiden(const Matrix<T>& a, const CommunityOptions& options) {
  detail::check_community_options("leiden", options);
  const detail::CommunityGraph g0 = detail::community_graph_of(a, options.undirected);
  std::vector<Vertex> membership(g0.n);
  std::iota(membership.begin(), membership.end(), Vertex(0));
  if (!(g0.total > 0)) return detail::community_result(g0, std::move(membership), options, 0, 0);
  const std::vector<double> w0 = detail::objective_node_weights(g0, options);
  LeidenRun run{g0, w0, options, detail::gain_scale(g0, options), {}, 0};
  const bool until_stable = options.iterations == -1;
  double quality = until_stable ? detail::partition_quality(g0, membership, w0, run.lambda) : 0;
  int iterations = 0;
  for (;;) {
    std::vector<Vertex> next = leiden_iteration(run, membership, std::uint64_t(iterations));
    ++iterations;
    if (until_stable) {  // stop at an iteration that changes nothing or gains nothing
      const double next_quality = detail::partition_quality(g0, next, w0, run.lambda);
      if (next == membership || !(next_quality > quality)) break;
      quality = next_quality;
    }
    membership = std::move(next);
    if (!until_stable && iterations >= options.iterations) break;
  }
  membership = detail::connected_pieces(g0, membership);
  return detail::community_result(g0, std::move(membership), options, run.levels, iterations);
}

#define SPGRAPH_INSTANTIATE_LEIDEN(T) \
  template CommunityResult leiden<T>(const Matrix<T>&, const CommunityOptions&);
SPGRAPH_INSTANTIATE_LEIDEN(bool)
SPGRAPH_INSTANTIATE_LEIDEN(std::int32_t)
SPGRAPH_INSTANTIATE_LEIDEN(std::int64_t)
SPGRAPH_INSTANTIATE_LEIDEN(float)
SPGRAPH_INSTANTIATE_LEIDEN(double)
#undef SPGRAPH_INSTANTIATE_LEIDEN

}  // namespace spgraph
