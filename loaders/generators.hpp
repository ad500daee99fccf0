// SPDX-License-Identifier: Apache-2.0
// Synthetic graph generators for tests and benchmarks: Kronecker (R-MAT), uniform random arcs
// (Erdős–Rényi style), a 4-neighbour 2-D grid and a 7-point 3-D grid. All return pattern COO
// tuples; duplicates and self-loops are left in for the CSR build to merge. with_weights turns
// any of them into a weighted graph.
//
// Kronecker follows the Graph500 specification 3.0, section 3 (the reference
// kronecker_generator): each edge descends `scale` levels of the 2 x 2 initiator
// [a b; c d], d = 1 - a - b - c, choosing the row bit with P(1) = c + d and then the column bit
// with P(1) = b / (a + b) or d / (c + d). This is the noise-free variant: the initiator is the
// same at every level. Vertex labels are then randomly permuted so degree does not correlate
// with id. The model is Chakrabarti, Zhan & Faloutsos, "R-MAT: A Recursive Model for Graph
// Mining", SDM 2004.
//
// Determinism: every edge draws from its own counter-based stream (splitmix64 keyed by seed and
// edge index), so the result depends only on the arguments, never on the thread count.
#pragma once

#include <cstdint>

#include "engine/core/types.hpp"
#include "formats/coo/coo.hpp"

namespace spgraph {

/// Generates a Graph500 Kronecker graph with 2^scale vertices and edge_factor * 2^scale edges
/// (twice as many arcs when undirected); throws InvalidArgument for a bad scale or initiator.
Coo<bool> generate_kronecker(int scale, int edge_factor, std::uint64_t seed, bool undirected,
                             double a = 0.57, double b = 0.19, double c = 0.19);

/// Generates m arcs with endpoints drawn uniformly from n vertices (both directions when
/// undirected); throws InvalidArgument when n is 0 or too large and arcs are requested.
Coo<bool> generate_uniform(Vertex n, Offset m, std::uint64_t seed, bool undirected);

/// Generates a rows x cols grid where each cell links to its 4 neighbours in both directions;
/// vertex (r, c) has id r * cols + c. Throws InvalidArgument if rows * cols does not fit a Vertex.
Coo<bool> generate_grid2d(Vertex rows, Vertex cols);

/// Generates an nx x ny x nz grid with the 7-point stencil of the 3-D Laplacian: each cell is
/// linked to itself and to its (up to) 6 face neighbours, in both directions; cell (x, y, z) has
/// id (z ny + y) nx + x. A regular matrix: every interior row has 7 entries. Throws
/// InvalidArgument if the cell count does not fit a Vertex.
Coo<bool> generate_grid3d(Vertex nx, Vertex ny, Vertex nz);

/// Gives every tuple an integer weight uniform in [1, max_weight] (GAP's weighted graphs use
/// 1..255), a function of the seed and the unordered endpoint pair alone, so both arcs of an
/// undirected edge carry the same weight and the result is independent of the thread count.
Coo<double> with_weights(Coo<bool>&& coo, std::uint32_t max_weight, std::uint64_t seed);

/// The weight with_weights gives the arc (u, v): uniform in [1, max_weight] (which must be at
/// least 1), a function of the seed and the unordered pair {u, v} alone. `convert
/// --add-weights` weighs an existing graph's arcs with it.
double edge_weight(Vertex u, Vertex v, std::uint32_t max_weight, std::uint64_t seed);

}  // namespace spgraph
