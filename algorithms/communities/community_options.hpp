// SPDX-License-Identifier: Apache-2.0
// The options and the answer of the community detection methods that optimise a quality
// function (louvain.hpp, leiden.hpp): which objective, its resolution, the seed, the level and
// iteration limits; and the partition found with its quality.
//
// Objectives (Traag, Waltman & van Eck 2019, "From Louvain to Leiden: guaranteeing
// well-connected communities", Sci. Rep. 9:5233, eq. (1) and (2)):
//   - modularity with resolution γ (Newman & Girvan 2004; Reichardt & Bornholdt 2006):
//       Q = 1/(2m) Σ_c [ 2 e_c − γ K_c² / (2m) ]
//   - the Constant Potts Model (Traag, Van Dooren & Nesterov 2011), normalised as igraph's
//     igraph_community_leiden reports it:
//       H = 1/(2m) Σ_c [ 2 e_c − γ n_c² ]
// with e_c the weight of the edges inside community c (a self-loop counts once, so it adds 2w
// to 2 e_c, as it adds 2w to its vertex's degree), K_c the sum of the degrees in c, n_c its
// number of vertices and m the total edge weight. modularity.hpp computes both.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/core/types.hpp"

namespace spgraph {

/// The quality function a method maximises (see the file comment).
enum class CommunityObjective { Modularity, Cpm };

/// The lower-case name ("modularity", "cpm").
constexpr std::string_view community_objective_name(CommunityObjective o) {
  return o == CommunityObjective::Cpm ? "cpm" : "modularity";
}

/// How louvain() and leiden() run.
struct CommunityOptions {
  CommunityObjective objective = CommunityObjective::Modularity;
  /// γ of the objective (1 for the standard modularity); must be finite and >= 0.
  double resolution = 1.0;
  /// The seed of every random choice (the batches of the local moving, Leiden's refinement):
  /// the same seed and thread count give the same partition.
  std::uint64_t seed = 0;
  /// The most aggregation levels (0: until a level brings no gain).
  int max_levels = 0;
  /// The most rounds of local moving on one level (each round visits the vertices whose
  /// neighbourhood changed).
  int max_rounds = 64;
  /// Leiden: iterations of the whole algorithm, each starting from the partition the previous
  /// one found (igraph's default 2); -1 repeats until an iteration changes nothing.
  int iterations = 2;
  /// Leiden: θ, the randomness of the refinement's merges (the paper's and igraph's 0.01).
  double randomness = 0.01;
  /// A is symmetric (an undirected graph): the check is skipped. Leave false when unsure.
  bool undirected = false;
};

/// A partition and its quality.
struct CommunityResult {
  std::vector<Vertex> membership;  ///< each vertex's community, 0 .. communities - 1
  Vertex communities = 0;
  /// The objective's value for the partition (modularity with the resolution, or CPM); NaN for
  /// a graph without edges, as igraph_modularity gives.
  double quality = 0;
  /// The standard modularity (γ = 1) of the partition; NaN for a graph without edges.
  double modularity = 0;
  int levels = 0;      ///< aggregation levels run (summed over Leiden's iterations)
  int iterations = 1;  ///< Leiden's iterations run (1 for Louvain)
  Vertex largest = 0;  ///< vertices in the largest community
};

}  // namespace spgraph
