// SPDX-License-Identifier: Apache-2.0
// The weighted undirected graph the community methods run on at every level (louvain.cpp,
// leiden.cpp, modularity.cpp): symmetric CSR rows, each edge {u, v} stored in both rows and a
// self-loop once in its row, with the loop weight and the degree of every vertex beside them.
// A degree counts a loop twice (Newman's convention, and igraph_modularity's and networkx's), so
// the degrees sum to 2m.
//
// From a Matrix<T>: a symmetric A (structure and values) is an undirected graph and is read in
// place (no copy for a pattern or a double matrix); any other square A is a directed graph and
// becomes the undirected graph with one edge per arc, i.e. A + A' with the weights of parallel
// edges summed (an arc u -> u is a loop of its weight). Values are the weights (1 for a
// pattern); they must be finite and non-negative.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "engine/matrix.hpp"

namespace spgraph::detail {

/// An undirected weighted graph (see the file comment). The arrays are either the caller's
/// (row_ptr, col and weight point into a Matrix) or owned by the graph.
struct CommunityGraph {
  Vertex n = 0;
  const Offset* row_ptr = nullptr;
  const Vertex* col = nullptr;
  const double* weight = nullptr;  ///< null: every entry weighs 1
  std::vector<double> loop;        ///< the self-loop weight of each vertex (0 without one)
  std::vector<double> degree;      ///< row weight + loop weight (the loop counted twice)
  double total = 0;                ///< 2m: the sum of the degrees
  /// Owned arrays (empty when the graph reads a Matrix's).
  std::vector<Offset> own_row_ptr;
  std::vector<Vertex> own_col;
  std::vector<double> own_weight;

  CommunityGraph() = default;
  CommunityGraph(CommunityGraph&&) noexcept = default;
  CommunityGraph& operator=(CommunityGraph&&) noexcept = default;
  CommunityGraph(const CommunityGraph&) = delete;
  CommunityGraph& operator=(const CommunityGraph&) = delete;

  Offset nnz() const { return row_ptr[n]; }
  Offset begin(Vertex v) const { return row_ptr[v]; }
  Offset end(Vertex v) const { return row_ptr[v + 1]; }
  double w(Offset k) const { return weight ? weight[k] : 1.0; }
  /// Points row_ptr, col and weight at the owned arrays.
  void adopt_owned();
};

/// The undirected graph of A (see the file comment). `declared_undirected` skips the symmetry
/// check. Throws DimensionMismatch for a non-square A and InvalidArgument for a negative or
/// non-finite weight, naming its entry (dense ids).
template <class T>
CommunityGraph community_graph_of(const Matrix<T>& a, bool declared_undirected);

/// Fills g.loop, g.degree and g.total from the rows (the loops found in them).
void compute_degrees(CommunityGraph& g);

/// Σ x in a fixed order of fixed blocks: the same bits for any thread count.
double ordered_sum(const std::vector<double>& x);

}  // namespace spgraph::detail
