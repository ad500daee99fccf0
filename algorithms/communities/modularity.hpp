// SPDX-License-Identifier: Apache-2.0
// The quality of a partition: modularity with a resolution (Newman & Girvan, Phys. Rev. E 69,
// 026113, 2004, eq. (5); the resolution γ of Reichardt & Bornholdt, Phys. Rev. E 74, 016110,
// 2006) and the Constant Potts Model (Traag, Van Dooren & Nesterov, Phys. Rev. E 84, 016114,
// 2011), on the undirected graph of community_graph.hpp (a symmetric A as it is, any other A as
// A + A'):
//     Q   = 1/(2m) Σ_c [ Σ_{u,v ∈ c} A_uv − γ K_c² / (2m) ]
//     CPM = 1/(2m) Σ_c [ Σ_{u,v ∈ c} A_uv − γ n_c² ]
// with A_uu twice the loop's weight, so that a loop counts twice in its vertex's degree and in
// its community's inner weight. These are igraph_modularity's and networkx's modularity (and
// igraph_community_leiden's quality for CPM, which normalises by 2m too). A graph with no edge
// weight (m = 0) has quality NaN, as igraph_modularity returns.
#pragma once

#include <vector>

#include "algorithms/communities/community_graph.hpp"
#include "algorithms/communities/community_options.hpp"
#include "engine/core/types.hpp"
#include "engine/matrix.hpp"

namespace spgraph {

/// The modularity of `membership` (one label per vertex, each below n) on A, with resolution
/// γ >= 0. Throws InvalidArgument for a membership of the wrong size or a label >= n, and as
/// community_graph_of does for A.
template <class T>
double modularity(const Matrix<T>& a, const std::vector<Vertex>& membership,
                  double resolution = 1.0);

/// The Constant Potts Model quality of `membership` on A with resolution γ >= 0 (node weights
/// 1), normalised by 2m as igraph reports it. Throws as modularity() does.
template <class T>
double cpm_quality(const Matrix<T>& a, const std::vector<Vertex>& membership, double resolution);

/// The CommunityResult of any partition of A (one label per vertex, each below n), as louvain()
/// and leiden() report theirs: the labels numbered 0, 1, ... in the order of their first vertex,
/// the count, the largest community, the objective's quality and the standard modularity
/// (levels 0, iterations 1). Throws as modularity() does. Scores another method's partition
/// (CDLP's, cdlp.hpp) on the same terms.
template <class T>
CommunityResult score_partition(const Matrix<T>& a, const std::vector<Vertex>& membership,
                                const CommunityOptions& options = {});

namespace detail {

/// Σ_c inner_c on g: the weight of A (matrix convention) inside the communities of `label`
/// (labels below g.n). The same bits for any thread count.
double inner_weight(const CommunityGraph& g, const std::vector<Vertex>& label);

/// Σ_c W_c², with W_c the sum of node_weight over the vertices labelled c.
double squared_community_weights(const std::vector<Vertex>& label,
                                 const std::vector<double>& node_weight);

/// (Σ_c inner_c − λ Σ_c W_c²) / 2m on g; NaN when 2m = 0.
double partition_quality(const CommunityGraph& g, const std::vector<Vertex>& label,
                         const std::vector<double>& node_weight, double lambda);

/// Throws InvalidArgument unless membership has n labels, each below n (`who` names the caller).
void check_membership(const char* who, const std::vector<Vertex>& membership, Vertex n);

}  // namespace detail

}  // namespace spgraph
