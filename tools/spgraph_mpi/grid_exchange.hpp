// SPDX-License-Identifier: Apache-2.0
// The 2-D block layout of spgraph-mpi's own (non-CombBLAS) structures and the three messages
// they travel by: a swap with the transpose partner P(j, i) of P(i, j), a broadcast along a
// processor row or column (the stages of Sparse SUMMA, Buluç and Gilbert, "Parallel Sparse
// Matrix-Matrix Multiplication and Indexing", SISC 34(4), 2012: its Sparse SUMMA), and a sum to
// rank 0. The layout is CombBLAS's (SpParMat::Owner): n / q indices a block, the last block taking
// the remainder, so arcs stay where the loader put them (distributed_load.hpp's owner_of). Messages
// longer than an MPI count holds are sent in pieces.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "tools/spgraph_mpi/mpi_context.hpp"

namespace spgraph::mpi {

/// CombBLAS's split of 0..n-1 into q blocks (rows and columns alike).
struct BlockLayout {
  Vertex n = 0;
  int q = 1;
  Vertex per() const { return n / Vertex(q); }
  Vertex start(int b) const { return Vertex(b) * per(); }
  Vertex length(int b) const { return b == q - 1 ? n - start(b) : per(); }
  /// The longest block's length (the last one's).
  Vertex longest() const { return length(q - 1); }
};

/// Where this rank sits: block row i (its rows), block column j (its columns), the grid's
/// communicators and the rank of its transpose partner P(j, i) in `world` (itself when i = j).
struct GridPlace {
  int i = 0, j = 0, partner = 0;
  MPI_Comm world = MPI_COMM_NULL, row = MPI_COMM_NULL, col = MPI_COMM_NULL;
  bool diagonal() const { return i == j; }
};
GridPlace grid_place(const MpiContext& ctx);

/// Sends `mine` to the transpose partner and returns what it sent back (two Sendrecv calls:
/// the count, then the data). On the diagonal it returns a copy of `mine` without a message.
template <class T>
std::vector<T> swap_with_partner(const GridPlace& at, const std::vector<T>& mine);

/// Broadcasts `data` from `root` of `comm`: the root's vector goes out unchanged, every other
/// rank's is resized to the root's length (first a one-word length message) and filled.
void broadcast_words(std::vector<std::uint32_t>& data, int root, MPI_Comm comm);

/// Sums `part` over the ranks of `comm` into `total` on rank 0 of comm (MPI_Reduce).
void sum_to_root(const std::vector<std::uint64_t>& part, std::vector<std::uint64_t>& total,
                 MPI_Comm comm);

}  // namespace spgraph::mpi
