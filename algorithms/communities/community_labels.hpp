// SPDX-License-Identifier: Apache-2.0
// The last steps every community method shares: labels numbered in a canonical order (the
// community of vertex 0 is 0, the next community met in vertex order is 1, ...), communities
// split into their connected pieces, and the result with its quality.
//
// Splitting a community that is not connected into its pieces never lowers modularity or CPM
// (no edge joins the pieces, so only the −γ W_A W_B cross term goes, and it is <= 0); Leiden
// uses it as the last guard of its guarantee that every community is connected (Traag, Waltman
// & van Eck 2019, §"Leiden algorithm" and Theorem 1). The pieces are found by a concurrent
// union-find over the edges inside communities, linking the larger root under the smaller one
// (Shiloach & Vishkin's hooking; as in Sutton, Ben-Nun & Barak, IPDPS 2018, without sampling),
// whose classes do not depend on the order of the links.
#pragma once

#include <vector>

#include "algorithms/communities/community_graph.hpp"
#include "algorithms/communities/community_options.hpp"

namespace spgraph::detail {

/// The labels renumbered 0, 1, ... in the order their communities first occur (by vertex).
std::vector<Vertex> canonical_labels(const std::vector<Vertex>& label);

/// Canonical labels of the connected pieces of each community of `label` (labels below g.n).
std::vector<Vertex> connected_pieces(const CommunityGraph& g, const std::vector<Vertex>& label);

/// The result for `membership` on g (canonical labels, counts, the objective's value and the
/// standard modularity).
CommunityResult community_result(const CommunityGraph& g, std::vector<Vertex> membership,
                                 const CommunityOptions& options, int levels, int iterations);

/// λ of the local moving and refinement gains: γ/2m for modularity, γ for CPM.
double gain_scale(const CommunityGraph& g, const CommunityOptions& options);

/// The node weights of the objective: the degrees for modularity, 1 for CPM.
std::vector<double> objective_node_weights(const CommunityGraph& g,
                                           const CommunityOptions& options);

/// Throws InvalidArgument for options out of range (`who` names the method).
void check_community_options(const char* who, const CommunityOptions& options);

}  // namespace spgraph::detail
