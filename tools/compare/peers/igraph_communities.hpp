// SPDX-License-Identifier: Apache-2.0
// The igraph side of `compare louvain` and `compare leiden`: igraph_community_multilevel
// (Blondel et al. 2008, with igraph's resolution) and igraph_community_leiden (Traag, Waltman &
// van Eck 2019) on the IgraphGraph of the same undirected graph spgraph runs on
// (igraph_graph.hpp), timed around the igraph call alone. For modularity, igraph's Leiden takes
// the degrees as node weights and γ/2m as its resolution, as its documentation says; for CPM,
// node weights 1 and γ.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"
#include "tools/compare/peers/igraph_graph.hpp"

namespace spgraph::peers {

/// igraph's partition, its own figure of its quality, and the seconds of the call.
struct IgraphCommunities {
  std::vector<Vertex> membership;
  double quality = 0;  ///< multilevel: the last level's modularity; leiden: its quality
  double seconds = 0;
};

/// igraph's edge weights for the IgraphGraph built from symmetric `a` (IgraphSelfLoops::Keep):
/// the values of the entries (u, v) with u <= v, in row order, as the graph lists its edges.
std::vector<double> igraph_edge_weights(const Csr<double>& a);

/// igraph_community_multilevel with `weights` (empty: unweighted) and `resolution`, its random
/// generator seeded with `seed` first.
IgraphCommunities igraph_louvain(IgraphGraph& g, const std::vector<double>& weights,
                                 double resolution, std::uint64_t seed);

/// igraph_community_leiden from singletons with `weights` (empty: unweighted), `node_weights`
/// (empty: 1 each), `resolution` as igraph takes it, randomness `beta` and `iterations`
/// (negative: until stable), its random generator seeded with `seed` first.
IgraphCommunities igraph_leiden(IgraphGraph& g, const std::vector<double>& weights,
                                const std::vector<double>& node_weights, double resolution,
                                double beta, int iterations, std::uint64_t seed);

}  // namespace spgraph::peers
