// SPDX-License-Identifier: Apache-2.0
// Leiden community detection (Traag, Waltman & van Eck, "From Louvain to Leiden: guaranteeing
// well-connected communities", Sci. Rep. 9:5233, 2019): levels of fast local moving
// (local_moving.hpp, only the vertices whose neighbourhood changed are visited again, and a
// vertex may leave for an empty community), refinement (leiden_refine.hpp: well-connected
// subsets merged inside each community, with randomness θ) and aggregation on the refined
// partition (aggregation.hpp, Sᵀ·A·S), the non-refined partition giving the aggregated
// vertices their starting communities; levels until the local moving leaves every aggregated
// vertex alone. Iterated as igraph_community_leiden iterates it, each iteration starting from
// the partition the previous found. Every community returned is connected. Objectives:
// modularity with a resolution, or CPM (community_options.hpp), on the undirected graph of
// community_graph.hpp (a symmetric A as it is, any other A as A + A').
#pragma once

#include "algorithms/communities/community_options.hpp"
#include "engine/matrix.hpp"

namespace spgraph {

/// Communities of A by Leiden (see the file comment). The same seed and thread count give the
/// same partition. Throws as louvain() does.
template <class T>
CommunityResult leiden(const Matrix<T>& a, const CommunityOptions& options = {});

}  // namespace spgraph
