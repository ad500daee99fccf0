// SPDX-License-Identifier: Apache-2.0
// The undirected graph of a distributed file, each edge kept once and oriented from its lower to
// its higher end in the degree order u ≺ v ⇔ (deg(u), u) < (deg(v), v) (Schank and Wagner,
// "Finding, counting and listing all triangles in large graphs", WEA 2005, the degree ordering: a
// vertex then has at most sqrt(2m) out-neighbours), as blocks U(i, j) of the 2-D layout. The
// blocked triangle count (blocked_triangles.hpp) reads them; the single-node kernel orients the
// same way (algorithms/triangles/triangle_count.hpp, phase 1).
//
// Every step moves edges only between a rank P(i, j) and its transpose partner P(j, i): an arc
// (r, c) of block (i, j) is the arc (c, r) of block (j, i). Degrees are summed along processor
// rows and columns (n/q words each) and swapped with the partner, so no rank holds O(n) words or
// more edges than its blocks.
#pragma once

#include <cstdint>
#include <vector>

#include "tools/spgraph_mpi/distributed_load.hpp"
#include "tools/spgraph_mpi/grid_exchange.hpp"

namespace spgraph::mpi {

/// One block of an oriented graph in compressed rows, in one array of 32-bit words as the
/// stages broadcast it: [nzr][the nzr nonempty rows, increasing][their lengths][each row's
/// columns, increasing]; rows and columns are offsets within the block's row and column ranges.
struct PackedRows {
  std::vector<std::uint32_t> words{0};
  std::uint32_t nonempty_rows() const { return words[0]; }
  std::uint64_t entries() const { return words.size() - 1 - 2 * std::uint64_t(words[0]); }
  const std::uint32_t* rows() const { return words.data() + 1; }
  const std::uint32_t* lengths() const { return rows() + nonempty_rows(); }
  const std::uint32_t* cols() const { return lengths() + nonempty_rows(); }
};

/// Packs sorted, distinct arcs (row << 32 | col, global ids) of one block.
PackedRows pack_rows(const std::vector<std::uint64_t>& keys, Vertex row_start, Vertex col_start);

/// The oriented graph U on this rank: its own block U(i, j) and a copy of its partner's U(j, i)
/// (on the diagonal, U(i, i) itself: no copy is kept).
struct OrientedGraph {
  BlockLayout layout;
  GridPlace at;
  PackedRows own, mirror_copy;
  const PackedRows& mirror() const { return at.diagonal() ? own : mirror_copy; }
  std::vector<std::uint32_t> row_degree;  ///< deg of block i's vertices in the simple graph
  std::uint64_t self_loops = 0;           ///< over all ranks
  bool symmetric = true;                  ///< A's structure equals its transpose's
};

/// Builds U from each rank's owned arcs (a directed graph's arcs taken as edges; self-loops and
/// repeats dropped). `symmetric` is true when `known_symmetric` is, or when the distinct non-loop
/// arcs number twice the edges (each edge stored both ways).
OrientedGraph orient_by_degree(const MpiContext& ctx, Vertex n, const Arcs& owned,
                               bool known_symmetric);

}  // namespace spgraph::mpi
