// SPDX-License-Identifier: Apache-2.0
// igraph's Louvain and Leiden (igraph_communities.hpp): the weight vectors handed to igraph and
// the two timed calls.
#include "tools/compare/peers/igraph_communities.hpp"

#include "tools/common/timing.hpp"

namespace spgraph::peers {

namespace {

/// An igraph_vector_t holding x (owned by the caller's IgraphRealVector).
void fill(IgraphRealVector& out, const std::vector<double>& x) {
  igraph_check(igraph_vector_resize(out.get(), igraph_integer_t(x.size())), "igraph_vector_resize");
  for (std::size_t i = 0; i < x.size(); ++i) VECTOR(*out.get())[igraph_integer_t(i)] = x[i];
}

}  // namespace

std::vector<double> igraph_edge_weights(const Csr<double>& a) {
  std::vector<double> w;
  for (Vertex u = 0; u < a.nrows; ++u)
    for (Offset k = a.row_ptr[u]; k < a.row_ptr[u + 1]; ++k)
      if (a.col[k] >= u) w.push_back(a.value(k));
  return w;
}

IgraphCommunities igraph_louvain(IgraphGraph& g, const std::vector<double>& weights,
                                 double resolution, std::uint64_t seed) {
  IgraphRealVector w, modularity;
  fill(w, weights);
  IgraphIntVector membership;
  igraph_seed(seed);
  IgraphCommunities r;
  const auto t0 = std::chrono::steady_clock::now();
  igraph_check(igraph_community_multilevel(g.get(), weights.empty() ? nullptr : w.get(), resolution,
                                           membership.get(), nullptr, modularity.get()),
               "igraph_community_multilevel");
  r.seconds = tools::seconds_since(t0);
  r.membership = membership.to_vector<Vertex>();
  const std::vector<double> q = modularity.to_vector();
  r.quality = q.empty() ? 0 : q.back();
  return r;
}

IgraphCommunities igraph_leiden(IgraphGraph& g, const std::vector<double>& weights,
                                const std::vector<double>& node_weights, double resolution,
                                double beta, int iterations, std::uint64_t seed) {
  IgraphRealVector w, nw;
  fill(w, weights);
  fill(nw, node_weights);
  IgraphIntVector membership(g.vertices());
  igraph_integer_t clusters = 0;
  igraph_seed(seed);
  IgraphCommunities r;
  const auto t0 = std::chrono::steady_clock::now();
  igraph_check(igraph_community_leiden(g.get(), weights.empty() ? nullptr : w.get(),
                                       node_weights.empty() ? nullptr : nw.get(), resolution, beta,
                                       false, iterations, membership.get(), &clusters, &r.quality),
               "igraph_community_leiden");
  r.seconds = tools::seconds_since(t0);
  r.membership = membership.to_vector<Vertex>();
  return r;
}

}  // namespace spgraph::peers
