// SPDX-License-Identifier: Apache-2.0
// The local moving phase of Louvain (Blondel, Guillaume, Lambiotte & Lefebvre, J. Stat. Mech.
// 2008, P10008, phase 1) and Leiden (Traag, Waltman & van Eck 2019, MoveNodesFast, Algorithm
// A.2), run in parallel and deterministically.
//
// Each vertex v weighs moving from its community d to a neighbouring community c by the change
// of the quality, which is, up to a factor common to all c,
//     gain(c) = k_{v,c} − λ w_v W_c        (c ≠ d)
//     gain(d) = k_{v,d∖v} − λ w_v (W_d − w_v)
// with k_{v,c} the weight of v's edges into c (its loop left out), w_v the node weight (the
// degree for modularity, the vertex count for CPM), W_c the sum of the node weights in c and λ
// the resolution (γ/2m for modularity, γ for CPM). v takes the community of largest gain, ties
// to the smaller label, and stays unless that is strictly better than staying. With
// `allow_empty` (Leiden) it may also leave for an empty community, whose gain is 0.
//
// Parallel and deterministic, after Grappolo (Lu, Halappanavar & Kalyanaraman, "Parallel
// heuristics for scalable community detection", Parallel Computing 47, 2015, §4): the vertices
// are split into kMoveBatches batches drawn at random from the seed; the vertices of one batch
// decide in parallel on the state the batch started from, then their moves are applied in a
// fixed order. Two singletons of one batch would swap forever (each joining the other), so a
// singleton joins another singleton only when its label is smaller (their minimum-label rule).
// Only the vertices whose neighbourhood changed are visited again (Leiden's queue; the pruning
// of Ozaki, Tezuka & Inaba 2016): a round visits the active vertices of every batch, a move
// activates the neighbours outside the new community, and the phase ends after a round without
// a move or after max_rounds. Decisions read only the batch's starting state and moves are
// applied in batch order, so the result does not depend on the thread count.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/communities/community_graph.hpp"
#include "algorithms/communities/neighbour_weights.hpp"

namespace spgraph::detail {

/// The number of batches one round of local moving is split into.
inline constexpr std::uint32_t kMoveBatches = 16;
/// Rounds with fewer active vertices visit them one at a time, each move applied at once.
inline constexpr std::size_t kSequentialRound = 1024;

/// How one local moving phase runs.
struct MoveSettings {
  double lambda = 0;         ///< λ of the gains (see the file comment)
  bool allow_empty = false;  ///< a vertex may leave for an empty community (Leiden)
  std::uint64_t seed = 0;
  std::uint64_t stream = 0;  ///< distinguishes the levels and iterations of one run
  int max_rounds = 64;
};

/// What a local moving phase did.
struct MoveOutcome {
  Offset moves = 0;        ///< vertices moved, summed over the rounds
  Vertex communities = 0;  ///< non-empty communities at the end
  int rounds = 0;
};

/// Moves the vertices of g between communities (see the file comment). `community` holds each
/// vertex's label (< g.n) on entry and on return; `node_weight` holds w_v.
MoveOutcome move_nodes(const CommunityGraph& g, const std::vector<double>& node_weight,
                       std::vector<Vertex>& community, const MoveSettings& settings,
                       ThreadWeights& workspace);

}  // namespace spgraph::detail
