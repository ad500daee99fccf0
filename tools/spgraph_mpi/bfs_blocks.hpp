// SPDX-License-Identifier: Apache-2.0
// What the distributed direction-optimizing BFS (distributed_bfs.hpp) reads on each rank: its
// 2-D block of Aᵀ in both orientations, with 32-bit local indices (CombBLAS's DirOptBFS keeps
// local indices in 32 bits too), and the out-degrees of the vertices its vector piece owns.
// - By column (CSC): a top-down step expands the frontier's columns (Buluç and Madduri, SC 2011,
//   section 4.2: the local SpMSpV of the 2-D algorithm).
// - By row (CSR, each row's columns increasing): a bottom-up step scans an unvisited vertex's
//   in-arcs and stops at the first one from the frontier (Beamer, Buluç, Asanović and Patterson,
//   "Distributed Memory Breadth-First Search Revisited: Enabling Bottom-Up Search", IPDPSW 2013,
//   section 4: CombBLAS's DirOptBFS holds the block's local transpose for the same purpose).
// The layout is CombBLAS's: block rows and columns of n / q indices (the last longer), each
// block row's vector part split into q pieces of (its length) / q (the last longer), piece j of
// block row i owned by grid rank (i, j) (FullyDistVec, BitMapCarousel::RotLengthUntil).
#pragma once

#include <mpi.h>

#include <cstdint>
#include <vector>

#include "tools/spgraph_mpi/distributed_load.hpp"

namespace spgraph::mpi {

/// CombBLAS's 2-D block layout of n indices on a q x q grid, seen from grid rank (row, col).
struct GridLayout {
  std::int64_t n = 0;
  int q = 1, row = 0, col = 0;

  std::int64_t block_start(int b) const { return std::int64_t(b) * (n / q); }
  std::int64_t block_length(int b) const {
    return b == q - 1 ? n - std::int64_t(q - 1) * (n / q) : n / q;
  }
  /// Piece k of a block of `length` indices: its start within the block and its length.
  std::int64_t piece_start(std::int64_t length, int k) const {
    return std::int64_t(k) * (length / q);
  }
  std::int64_t piece_length(std::int64_t length, int k) const {
    return k == q - 1 ? length - std::int64_t(q - 1) * (length / q) : length / q;
  }
  /// The piece (the owning column of the grid row) of index `within` of a block of `length`.
  int piece_of(std::int64_t length, std::int64_t within) const {
    const std::int64_t per = length / q;
    if (per == 0) return q - 1;
    const std::int64_t k = within / per;
    return k >= q ? q - 1 : int(k);
  }
  /// This rank's vector piece: global start and length.
  std::int64_t my_offset() const { return block_start(row) + piece_start(block_length(row), col); }
  std::int64_t my_length() const { return piece_length(block_length(row), col); }
  /// Bottom-up steps need every vector piece non-empty (CombBLAS's BitMapFringe gathers piece
  /// bitmaps with one word of each piece kept apart, which an empty piece would make negative).
  bool pieces_non_empty() const {
    for (int b = 0; b < q; ++b)
      if (block_length(b) / q == 0) return false;
    return true;
  }
};

/// One rank's block of Aᵀ (rows: targets v in block row `row`; columns: sources u in block column
/// `col`), by column and by row, with block-relative 32-bit indices.
struct BfsBlock {
  std::vector<std::int64_t> col_ptr;  ///< columns + 1
  std::vector<std::int32_t> col_rows;
  /// By row, the rows with arcs only (a bottom-up scan skips the others: isolated vertices,
  /// and on a large grid most rows of a hypersparse block), as in a DCSC's column ids.
  std::vector<std::int32_t> rows;      ///< the non-empty rows, increasing
  std::vector<std::int64_t> row_ptr;   ///< rows.size() + 1
  std::vector<std::int32_t> row_cols;  ///< each row's columns in increasing order
};

/// The block of Aᵀ from this rank's owned arcs of Aᵀ (global coordinates: row v, column u).
BfsBlock make_bfs_block(const GridLayout& layout, const Arcs& transposed_arcs);

/// The out-degrees (arcs u -> v) of this rank's vector piece, from its owned arcs of A (rows
/// u in block row `row`), summed over the grid row (an MPI_Allreduce over n / q counts).
std::vector<std::int64_t> piece_out_degrees(const GridLayout& layout, MPI_Comm row_world,
                                            const Arcs& arcs);

}  // namespace spgraph::mpi
