// SPDX-License-Identifier: Apache-2.0
// Modularity and CPM quality of a partition (modularity.hpp): the weight inside each community
// summed per vertex in parallel, in fixed blocks, and the community weights summed in vertex
// order, so the value has the same bits for any thread count.
#include "algorithms/communities/modularity.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "algorithms/communities/community_labels.hpp"
#include "engine/core/error.hpp"
#include "formats/csr/kernel_tuning.hpp"

namespace spgraph {

namespace detail {

double inner_weight(const CommunityGraph& g, const std::vector<Vertex>& label) {
  std::vector<double> inner(g.n);
#pragma omp parallel for schedule(dynamic, 1024) if (g.n + g.nnz() >= kMinParallelWork)
  for (std::int64_t r = 0; r < std::int64_t(g.n); ++r) {
    const Vertex u = Vertex(r);
    double s = 2 * g.loop[u];
    for (Offset k = g.begin(u); k < g.end(u); ++k) {
      const Vertex v = g.col[k];
      if (v != u && label[v] == label[u]) s += g.w(k);
    }
    inner[u] = s;
  }
  return ordered_sum(inner);
}

double squared_community_weights(const std::vector<Vertex>& label,
                                 const std::vector<double>& node_weight) {
  std::vector<double> weight(label.size(), 0.0);
  for (std::size_t v = 0; v < label.size(); ++v) weight[label[v]] += node_weight[v];
  double squares = 0;
  for (double w : weight) squares += w * w;
  return squares;
}

double partition_quality(const CommunityGraph& g, const std::vector<Vertex>& label,
                         const std::vector<double>& node_weight, double lambda) {
  if (!(g.total > 0)) return std::numeric_limits<double>::quiet_NaN();
  return (inner_weight(g, label) - lambda * squared_community_weights(label, node_weight)) /
         g.total;
}

void check_membership(const char* who, const std::vector<Vertex>& membership, Vertex n) {
  if (membership.size() != n)
    throw InvalidArgument(std::string(who) + ": the membership has " +
                          std::to_string(membership.size()) + " labels for " + std::to_string(n) +
                          " vertices");
  for (Vertex v = 0; v < n; ++v)
    if (membership[v] >= n)
      throw InvalidArgument(std::string(who) + ": vertex " + std::to_string(v) + " has label " +
                            std::to_string(membership[v]) + ", not below the vertex count " +
                            std::to_string(n));
}

namespace {

void check_resolution(const char* who, double resolution) {
  if (!(std::isfinite(resolution) && resolution >= 0))
    throw InvalidArgument(std::string(who) + ": the resolution must be finite and >= 0, got " +
                          std::to_string(resolution));
}

}  // namespace

}  // namespace detail

template <class T>
double modularity(const Matrix<T>& a, const std::vector<Vertex>& membership, double resolution) {
  detail::check_resolution("modularity", resolution);
  const detail::CommunityGraph g = detail::community_graph_of(a, false);
  detail::check_membership("modularity", membership, g.n);
  return detail::partition_quality(g, membership, g.degree, resolution / g.total);
}

template <class T>
double cpm_quality(const Matrix<T>& a, const std::vector<Vertex>& membership, double resolution) {
  detail::check_resolution("cpm_quality", resolution);
  const detail::CommunityGraph g = detail::community_graph_of(a, false);
  detail::check_membership("cpm_quality", membership, g.n);
  return detail::partition_quality(g, membership, std::vector<double>(g.n, 1.0), resolution);
}

template <class T>
CommunityResult score_partition(const Matrix<T>& a, const std::vector<Vertex>& membership,
                                const CommunityOptions& options) {
  detail::check_community_options("score_partition", options);
  const detail::CommunityGraph g = detail::community_graph_of(a, options.undirected);
  detail::check_membership("score_partition", membership, g.n);
  return detail::community_result(g, membership, options, 0, 1);
}

#define SPGRAPH_INSTANTIATE_MODULARITY(T)                                                   \
  template double modularity<T>(const Matrix<T>&, const std::vector<Vertex>&, double);      \
  template double cpm_quality<T>(const Matrix<T>&, const std::vector<Vertex>&, double);     \
  template CommunityResult score_partition<T>(const Matrix<T>&, const std::vector<Vertex>&, \
                                              const CommunityOptions&);
SPGRAPH_INSTANTIATE_MODULARITY(bool)
SPGRAPH_INSTANTIATE_MODULARITY(std::int32_t)
SPGRAPH_INSTANTIATE_MODULARITY(std::int64_t)
SPGRAPH_INSTANTIATE_MODULARITY(float)
SPGRAPH_INSTANTIATE_MODULARITY(double)
#undef SPGRAPH_INSTANTIATE_MODULARITY

}  // namespace spgraph
