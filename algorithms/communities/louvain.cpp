// SPDX-License-Identifier: Apache-2.0
// Louvain's levels (louvain.hpp; Blondel et al. 2008, §2): each level moves the vertices of its
// graph from singletons, aggregates the communities into the next level's vertices and
// composes the membership; it stops when a level moves nothing, or when its partition is no
// better than the level's singletons (the batch-synchronous moves can lose what they gained),
// keeping the previous level's partition.
#include "algorithms/communities/louvain.hpp"

#include <numeric>

#include "algorithms/communities/aggregation.hpp"
#include "algorithms/communities/community_labels.hpp"
#include "algorithms/communities/local_moving.hpp"

namespace spgraph {

namespace {

/// The objective's value of g's singletons: (Σ 2 loop_v − λ Σ w_v²) / 2m, in vertex order.
double singleton_quality(const detail::CommunityGraph& g, const std::vector<double>& w,
                         double lambda) {
  double inner = 0, squares = 0;
  for (Vertex v = 0; v < g.n; ++v) {
    inner += 2 * g.loop[v];
    squares += w[v] * w[v];
  }
  return (inner - lambda * squares) / g.total;
}

}  // namespace

template <class T>
CommunityResult louvain(const Matrix<T>& a, const CommunityOptions& options) {
  detail::check_community_options("louvain", options);
  const detail::CommunityGraph g0 = detail::community_graph_of(a, options.undirected);
  std::vector<Vertex> membership(g0.n);
  std::iota(membership.begin(), membership.end(), Vertex(0));
  if (!(g0.total > 0)) return detail::community_result(g0, std::move(membership), options, 0, 1);
  const double lambda = detail::gain_scale(g0, options);
  std::vector<double> w = detail::objective_node_weights(g0, options);
  detail::ThreadWeights workspace;
  detail::CommunityGraph level_graph;
  const detail::CommunityGraph* g = &g0;
  double before = singleton_quality(g0, w, lambda);
  int levels = 0;
  while (options.max_levels == 0 || levels < options.max_levels) {
    std::vector<Vertex> community(g->n);
    std::iota(community.begin(), community.end(), Vertex(0));
    const detail::MoveSettings settings{lambda, false, options.seed, std::uint64_t(levels),
                                        options.max_rounds};
    if (detail::move_nodes(*g, w, community, settings, workspace).moves == 0) break;
    const detail::Grouping groups = detail::group_by_label(community, g->n);
    detail::CommunityGraph next = detail::aggregate_graph(*g, groups, workspace);
    std::vector<double> next_w = detail::sum_by_group(w, groups);
    const double after = singleton_quality(next, next_w, lambda);
    if (!(after > before)) break;
#pragma omp parallel for schedule(static) if (membership.size() >= 65536)
    for (std::int64_t v = 0; v < std::int64_t(membership.size()); ++v)
      membership[v] = groups.id[membership[v]];
    level_graph = std::move(next);
    g = &level_graph;
    w = std::move(next_w);
    before = after;
    ++levels;
  }
  return detail::community_result(g0, std::move(membership), options, levels, 1);
}

#define SPGRAPH_INSTANTIATE_LOUVAIN(T) \
  template CommunityResult louvain<T>(const Matrix<T>&, const CommunityOptions&);
SPGRAPH_INSTANTIATE_LOUVAIN(bool)
SPGRAPH_INSTANTIATE_LOUVAIN(std::int32_t)
SPGRAPH_INSTANTIATE_LOUVAIN(std::int64_t)
SPGRAPH_INSTANTIATE_LOUVAIN(float)
SPGRAPH_INSTANTIATE_LOUVAIN(double)
#undef SPGRAPH_INSTANTIATE_LOUVAIN

}  // namespace spgraph
