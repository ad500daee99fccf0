// SPDX-License-Identifier: Apache-2.0
// Leiden's refinement phase (Traag, Waltman & van Eck 2019, RefinePartition and
// MergeNodesSubset, Algorithm A.2 of the supplement): within each community S of the local
// moving's partition, start from singletons and visit the vertices in random order; a vertex v
// still alone and well connected to S (E(v, S − v) >= λ w_v (W_S − w_v)) may join a refined
// community C ⊆ S that is itself well connected (E(C, S − C) >= λ W_C (W_S − W_C)) and that v
// touches, with probability ∝ exp(ΔH / θ) over the choices with ΔH >= 0, staying alone
// (ΔH = 0) included, where ΔH = k_{v,C} − λ w_v W_C. Every refined community is therefore
// connected, and lies inside one community of the partition.
//
// The communities are refined in parallel, each by one thread in its own order: the visiting
// order and the draws come from counter-based random numbers of (seed, stream, vertex), so the
// result does not depend on the thread count. θ = 0 picks the largest ΔH (ties to the smaller
// label).
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/communities/community_graph.hpp"
#include "algorithms/communities/neighbour_weights.hpp"

namespace spgraph::detail {

/// How one refinement runs.
struct RefineSettings {
  double lambda = 0;    ///< λ of the gains (as in local_moving.hpp)
  double theta = 0.01;  ///< the randomness θ
  std::uint64_t seed = 0;
  std::uint64_t stream = 0;
};

/// The refined labels (each below g.n) of `community` (labels below g.n) on g.
std::vector<Vertex> refine_partition(const CommunityGraph& g,
                                     const std::vector<double>& node_weight,
                                     const std::vector<Vertex>& community,
                                     const RefineSettings& settings, ThreadWeights& workspace);

}  // namespace spgraph::detail
