// SPDX-License-Identifier: Apache-2.0
// Direction-optimizing BFS on the 2-D grid: levels and parents of one source at a time, with
// every buffer allocated once and reused across levels and sources.
//
// Top-down step (Buluç and Madduri, "Parallel Breadth-First Search on Distributed Memory
// Systems", SC 2011, section 4.2): the frontier's piece goes to the diagonal partner
// (MPI_Sendrecv, 4-byte indices), is gathered along the processor column (MPI_Allgatherv), each
// rank expands the frontier's columns of its block (bfs_blocks.hpp), keeps each target once with
// its smallest parent, and sends (4-byte index, 8-byte parent) to the target's owner along the
// processor row (MPI_Alltoallv). The owner keeps the unvisited ones, the smallest parent winning.
//
// Bottom-up step (Beamer, Buluç, Asanović and Patterson, "Distributed Memory Breadth-First Search
// Revisited: Enabling Bottom-Up Search", IPDPSW 2013, section 4), on CombBLAS's bitmap classes
// as its DirOptBFS drives them: the frontier is a BitMapFringe, transposed and gathered along
// the processor column as a bitmap of n / q bits (TransposeGather); the visited set is a
// BitMapCarousel that visits each rank of the processor row in q sub-steps (RotateAlongRow).
// In sub-step s each rank scans the unvisited vertices of the piece it holds, each one's in-arcs
// of its block in increasing order, stopping at the first frontier vertex; marks them visited
// in the carousel, so later ranks skip them; and sends (index, parent) to the piece's owner
// (MPI_Sendrecv along the row). A parent is the smallest in-neighbour one level up within the
// first block, in the carousel's order, that holds one (the smallest overall at q = 1).
//
// Switching: the single-node kernel's rule and parameters (algorithms/bfs/bfs.hpp, BfsOptions
// alpha and beta; Beamer, Asanović and Patterson, SC 2012, section 4), exactly: push -> pull
// when the new frontier's out-arcs exceed the arcs not yet explored / alpha, pull -> push when
// the frontier shrinks and holds at most n / beta vertices. Both counts are summed over the grid
// with one MPI_Allreduce a level, so every rank takes the same decisions as spgraph's kernel.
#pragma once

#include "tools/spgraph_mpi/combblas.hpp"

#include <cstdint>
#include <memory>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "tools/spgraph_mpi/bfs_blocks.hpp"
#include "tools/spgraph_mpi/distributed_matrix.hpp"
#include "tools/spgraph_mpi/mpi_context.hpp"

namespace spgraph::mpi {

/// One search's figures, the same on every rank.
struct DistBfsStats {
  Vertex depth = 0, reached = 0;
  int push_steps = 0, pull_steps = 0;
};

/// CombBLAS's layout of n indices as grid rank ctx.rank sees it.
GridLayout grid_layout(const MpiContext& ctx, Vertex n);

class DistributedBfs {
 public:
  /// `block`: this rank's block of Aᵀ; `degrees`: the out-degrees of its vector piece
  /// (piece_out_degrees); `arcs`: the stored arcs over all ranks.
  DistributedBfs(const MpiContext& ctx, Vertex n, std::uint64_t arcs, BfsBlock block,
                 std::vector<std::int64_t> degrees);
  ~DistributedBfs();
  DistributedBfs(const DistributedBfs&) = delete;
  DistributedBfs& operator=(const DistributedBfs&) = delete;

  /// Searches from `source` (options: method, alpha, beta). Levels and parents (-1 where
  /// unreached) are left in levels() and parents() until the next run.
  DistBfsStats run(Vertex source, const BfsOptions& options);
  const combblas::FullyDistVec<Index, Index>& levels() const { return levels_; }
  const combblas::FullyDistVec<Index, Index>& parents() const { return parents_; }
  /// False when some vector piece is empty (n < q²): then every step is top-down.
  bool can_pull() const { return fringe_ != nullptr; }

 private:
  struct LevelCount {
    Index found = 0;  ///< vertices found
    Index scout = 0;  ///< their out-degree sum
  };
  LevelCount top_down(Index depth);
  LevelCount bottom_up(Index depth);
  void expand_frontier();
  void expand_columns();
  void fold_targets();
  void scan_piece(const std::uint64_t* in_frontier);
  void exchange_updates(int sub_step);
  void claim(Index local, Index parent, Index depth, LevelCount& count);
  void sum_over_grid(LevelCount& count);

  const MpiContext& ctx_;
  GridLayout layout_;
  std::uint64_t arcs_;
  BfsBlock block_;
  std::vector<std::int64_t> degree_;
  combblas::FullyDistVec<Index, Index> levels_, parents_;
  std::unique_ptr<combblas::BitMapFringe<Index, Index>> fringe_;
  std::unique_ptr<combblas::BitMapCarousel<Index, Index>> done_;
  // Reused buffers.
  std::vector<Index> frontier_;                ///< this piece's frontier, global ids
  std::vector<std::int32_t> send32_, recv32_;  ///< transpose
  std::vector<std::int32_t> expanded_;         ///< the frontier in this block column
  std::vector<int> counts_, displs_, rcounts_, rdispls_;
  std::vector<std::uint32_t> stamp_;  ///< per block row: the expansion that last reached it
  std::uint32_t epoch_ = 0;
  std::vector<Index> candidate_;       ///< per block row: the smallest parent this expansion
  std::vector<std::int32_t> touched_;  ///< block rows this expansion reached
  std::vector<std::int32_t> fold_index_, recv_index_;
  std::vector<Index> fold_parent_, recv_parent_;
  std::vector<Index> updates_, received_;  ///< bottom-up (index, parent) pairs
};

}  // namespace spgraph::mpi
