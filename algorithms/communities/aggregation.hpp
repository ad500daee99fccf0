// SPDX-License-Identifier: Apache-2.0
// The aggregation phase of Louvain and Leiden (Blondel et al. 2008, phase 2; Traag, Waltman &
// van Eck 2019, AggregateGraph): the communities of a partition become the vertices of the next
// level's graph, whose edge weights are the sums of the edges between them.
//
// With S the n × c membership matrix (S(v, c) = 1 when v is in c) and A in the matrix
// convention (a loop of weight w is 2w on the diagonal), the aggregated graph is Sᵀ·A·S: entry
// (c, d) sums A over c × d, its diagonal is twice the weight inside c, and its row sums are the
// communities' degrees. It is computed here as one fused row-wise SpGEMM (Gustavson's
// formulation, ACM TOMS 4(3), 1978): row c of Sᵀ·A·S is the sum of the rows of A of c's
// members with each column u mapped through S to u's community, gathered in a per-thread
// accumulator. Fusing the two products skips A·S, an intermediate of nnz(A) entries, and the
// generic SpGEMM's symbolic pass; the tests check the result against the engine's mxm
// (engine/ops_mxm.hpp) computing Sᵀ·(A·S). The diagonal is kept apart as the loop weight
// (the weight inside c, half the diagonal), as community_graph.hpp stores loops.
#pragma once

#include <vector>

#include "algorithms/communities/community_graph.hpp"
#include "algorithms/communities/neighbour_weights.hpp"

namespace spgraph::detail {

/// A partition's communities numbered 0 .. count - 1 in increasing order of their labels, with
/// the members of each in increasing vertex order.
struct Grouping {
  Vertex count = 0;
  std::vector<Vertex> id;          ///< each vertex's community number
  std::vector<Offset> member_ptr;  ///< count + 1 offsets into members
  std::vector<Vertex> members;
};

/// Groups the vertices by label (every label below `bound`).
Grouping group_by_label(const std::vector<Vertex>& label, Vertex bound);

/// The aggregated graph Sᵀ·A·S of g under `groups` (see the file comment): rows without the
/// diagonal, the loops and degrees of the communities, and g's total weight.
CommunityGraph aggregate_graph(const CommunityGraph& g, const Grouping& groups,
                               ThreadWeights& workspace);

/// Σ x[v] over the members of each community, members in increasing order.
std::vector<double> sum_by_group(const std::vector<double>& x, const Grouping& groups);

}  // namespace spgraph::detail
