// SPDX-License-Identifier: Apache-2.0
// Louvain community detection (Blondel, Guillaume, Lambiotte & Lefebvre, "Fast unfolding of
// communities in large networks", J. Stat. Mech. 2008, P10008): levels of local moving
// (local_moving.hpp: parallel, batch-synchronous, deterministic) and aggregation
// (aggregation.hpp: the graph of the communities, Sᵀ·A·S by a fused SpGEMM), until a level
// brings no gain. Maximises modularity with a resolution (or CPM) on the undirected graph of
// community_graph.hpp: a symmetric A as it is, any other A as A + A' (an edge per arc).
#pragma once

#include "algorithms/communities/community_options.hpp"
#include "engine/matrix.hpp"

namespace spgraph {

/// Communities of A by Louvain (see the file comment). The same seed and thread count give the
/// same partition. Throws DimensionMismatch for a non-square A, InvalidArgument for a negative
/// or non-finite weight or options out of range.
template <class T>
CommunityResult louvain(const Matrix<T>& a, const CommunityOptions& options = {});

}  // namespace spgraph
