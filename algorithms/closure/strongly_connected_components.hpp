// SPDX-License-Identifier: Apache-2.0
// Strongly connected components of a directed graph, and its condensation (the DAG of
// components).
//
// scc_labels gives the same components as one label per vertex, its component's smallest vertex.
//
// Computes comp[v] for every vertex, numbering the components in the order Tarjan's algorithm
// completes them: a component is completed only after every component it reaches, so every arc
// of the condensation goes from a higher id to a lower one (ids are a reverse topological
// order; component 0 is a sink).
//
// Inputs: A square; its structure is the graph (A(u,v) = arc u -> v); values are ignored.
//
// Phases: 1. iterative Tarjan (no recursion, so no depth limit): an explicit stack of
// (vertex, next arc) frames, preorder index and low-link per vertex, and the component stack;
// 2. component sizes, member lists (vertices in ascending id) and a "cyclic" flag (more than
// one vertex, or a self-loop); 3. condensation: the distinct arcs between different components,
// as CSR over component ids with sorted rows.
// Workspace: about 16 bytes per vertex; the condensation is at most the size of A. Cost O(n + m).
//
// Source: Tarjan, "Depth-first search and linear graph algorithms", SIAM J. Comput. 1(2), 1972;
// the iterative form follows Nuutila & Soisalon-Soininen, "On finding the strongly connected
// components in a directed graph", IPL 49, 1994 (frames instead of recursion).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/adjacency.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

/// The components of a graph and its condensation.
struct Condensation {
  Vertex num_components = 0;
  std::vector<Vertex> comp;          ///< component of each vertex (reverse topological ids)
  Csr<bool> members;                 ///< row c: the vertices of component c, ascending
  std::vector<std::uint8_t> cyclic;  ///< component c has a cycle (>1 vertex or a self-loop)
  Csr<bool> dag;                     ///< row c: the components c has arcs to (all ids < c)
  Vertex largest = 0;                ///< vertices in the largest component
  Vertex size(Vertex c) const { return Vertex(members.degree(c)); }
};

/// Finds the strongly connected components of the graph `g` (square) and its condensation.
Condensation condense(const AdjacencyView& g);

/// Each vertex's strongly connected component, named by a representative as connected
/// components are (algorithms/components/): label[v] is the smallest vertex of v's component.
struct SccLabels {
  std::vector<Vertex> label;
  Vertex components = 0;
  Vertex largest = 0;  ///< vertices in the largest component (0 for an empty graph)
};

/// The components of `g` (square) by condense(), as labels: O(n + m).
SccLabels scc_labels(const AdjacencyView& g);

}  // namespace spgraph
