// SPDX-License-Identifier: Apache-2.0
// The distributed direction-optimizing BFS (distributed_bfs.hpp): the level loop, the top-down
// step (transpose, expand, local expansion, fold) and the bottom-up step (bitmap frontier,
// carousel of visited bits, parent updates).
#include "tools/spgraph_mpi/distributed_bfs.hpp"

#include <algorithm>

namespace spgraph::mpi {

namespace {

constexpr int kTransposeTag = 3701, kUpdateTag = 3702;

/// Exclusive prefix sums of `counts` into `displs`; returns the total.
int displacements(const std::vector<int>& counts, std::vector<int>& displs) {
  displs.resize(counts.size());
  int total = 0;
  for (std::size_t k = 0; k < counts.size(); ++k) displs[k] = total, total += counts[k];
  return total;
}

}  // namespace

GridLayout grid_layout(const MpiContext& ctx, Vertex n) {
  GridLayout layout;
  layout.n = Index(n);
  layout.q = ctx.q;
  layout.row = ctx.grid->GetRankInProcCol();
  layout.col = ctx.grid->GetRankInProcRow();
  return layout;
}

DistributedBfs::DistributedBfs(const MpiContext& ctx, Vertex n, std::uint64_t arcs, BfsBlock block,
                               std::vector<std::int64_t> degrees)
    : ctx_(ctx),
      arcs_(arcs),
      block_(std::move(block)),
      degree_(std::move(degrees)),
      levels_(ctx.grid, Index(n), Index(-1)),
      parents_(ctx.grid, Index(n), Index(-1)) {
  layout_ = grid_layout(ctx, n);
  const std::size_t rows = std::size_t(layout_.block_length(layout_.row));
  stamp_.assign(rows, 0);
  candidate_.assign(rows, -1);
  counts_.resize(std::size_t(ctx.q));
  rcounts_.resize(std::size_t(ctx.q));
  if (layout_.pieces_non_empty()) {
    combblas::FullyDistSpVec<Index, Index> shape(ctx.grid, Index(n));
    fringe_ = std::make_unique<combblas::BitMapFringe<Index, Index>>(ctx.grid, shape);
    done_ = std::make_unique<combblas::BitMapCarousel<Index, Index>>(ctx.grid, Index(n),
                                                                     fringe_->GetSubWordDisp());
  }
}

DistributedBfs::~DistributedBfs() = default;

DistBfsStats DistributedBfs::run(Vertex source, const BfsOptions& options) {
  levels_.Apply([](Index) { return Index(-1); });
  parents_.Apply([](Index) { return Index(-1); });
  frontier_.clear();
  const Index mine = Index(source) - layout_.my_offset();
  if (mine >= 0 && mine < layout_.my_length()) {
    levels_.SetLocalElement(mine, 0);
    parents_.SetLocalElement(mine, Index(source));
    frontier_.push_back(Index(source));
  }
  const bool auto_switch = options.method == BfsMethod::Auto && can_pull();
  bool pull = options.method == BfsMethod::Pull && can_pull();
  if (pull) done_->LoadVec(parents_);
  // The rule of bfs_kernel.hpp, exactly: the arcs still to check lose each push-found
  // frontier's out-arcs (the source's are never subtracted).
  std::uint64_t edges_to_check = arcs_;
  const auto alpha = std::uint64_t(options.alpha), beta = std::uint64_t(options.beta);
  Index awake_prev = 1, depth = 0;
  DistBfsStats stats;
  stats.reached = 1;
  for (;;) {
    const Index next_depth = depth + 1;
    LevelCount c = pull ? bottom_up(next_depth) : top_down(next_depth);
    sum_over_grid(c);
    ++(pull ? stats.pull_steps : stats.push_steps);
    depth = next_depth;
    if (c.found == 0) break;
    stats.reached += Vertex(c.found);
    if (!pull) {
      edges_to_check -= std::min(edges_to_check, std::uint64_t(c.scout));
      if (auto_switch && std::uint64_t(c.scout) > edges_to_check / alpha) {
        pull = true;
        awake_prev = c.found;
        done_->LoadVec(parents_);
      }
    } else {
      if (auto_switch && c.found < awake_prev && std::uint64_t(c.found) <= layout_.n / beta)
        pull = false;
      awake_prev = c.found;
    }
  }
  stats.depth = Vertex(depth - 1);
  return stats;
}

void DistributedBfs::sum_over_grid(LevelCount& count) {
  Index both[2] = {count.found, count.scout};
  MPI_Allreduce(MPI_IN_PLACE, both, 2, MPI_INT64_T, MPI_SUM, ctx_.comm);
  count.found = both[0];
  count.scout = both[1];
}

void DistributedBfs::claim(Index local, Index parent, Index depth, LevelCount& count) {
  parents_.SetLocalElement(local, parent);
  levels_.SetLocalElement(local, depth);
  frontier_.push_back(local + layout_.my_offset());
  ++count.found;
  count.scout += degree_[std::size_t(local)];
}

// ---- top-down ---------------------------------------------------------------------------------

DistributedBfs::LevelCount DistributedBfs::top_down(Index depth) {
  expand_frontier();
  expand_columns();
  fold_targets();
  frontier_.clear();
  LevelCount count;
  const Index* parent = parents_.GetLocArr();
  const Index* level = levels_.GetLocArr();
  for (std::size_t k = 0; k < recv_index_.size(); ++k) {
    const Index v = recv_index_[k], p = recv_parent_[k];
    if (parent[v] < 0)
      claim(v, p, depth, count);
    else if (level[v] == depth && p < parent[v])
      parents_.SetLocalElement(v, p);  // a smaller parent from another block of the row
  }
  return count;
}

/// The frontier's pieces of block column `col`, in expanded_ (indices within the block): each
/// piece to the diagonal partner, then gathered along the processor column.
void DistributedBfs::expand_frontier() {
  const Index row0 = layout_.block_start(layout_.row);
  send32_.resize(frontier_.size());
  for (std::size_t k = 0; k < frontier_.size(); ++k) send32_[k] = std::int32_t(frontier_[k] - row0);
  MPI_Comm world = ctx_.grid->GetWorld();
  const int partner = ctx_.grid->GetComplementRank();
  if (partner == ctx_.grid->GetRank()) {
    recv32_ = send32_;
  } else {
    int out = int(send32_.size()), in = 0;
    MPI_Sendrecv(&out, 1, MPI_INT, partner, kTransposeTag, &in, 1, MPI_INT, partner, kTransposeTag,
                 world, MPI_STATUS_IGNORE);
    recv32_.resize(std::size_t(in));
    MPI_Sendrecv(send32_.data(), out, MPI_INT32_T, partner, kTransposeTag, recv32_.data(), in,
                 MPI_INT32_T, partner, kTransposeTag, world, MPI_STATUS_IGNORE);
  }
  MPI_Comm column = ctx_.grid->GetColWorld();
  int held = int(recv32_.size());
  MPI_Allgather(&held, 1, MPI_INT, counts_.data(), 1, MPI_INT, column);
  expanded_.resize(std::size_t(displacements(counts_, displs_)));
  MPI_Allgatherv(recv32_.data(), held, MPI_INT32_T, expanded_.data(), counts_.data(),
                 displs_.data(), MPI_INT32_T, column);
}

/// Every target of the frontier's columns of this block, once, with its smallest parent.
void DistributedBfs::expand_columns() {
  if (++epoch_ == 0) {  // the stamps wrapped: start them again
    std::fill(stamp_.begin(), stamp_.end(), 0);
    epoch_ = 1;
  }
  const Index col0 = layout_.block_start(layout_.col);
  touched_.clear();
  const std::int64_t* ptr = block_.col_ptr.data();
  const std::int32_t* rows = block_.col_rows.data();
  for (std::int32_t c : expanded_) {
    const Index u = col0 + c;
    for (std::int64_t k = ptr[c]; k < ptr[c + 1]; ++k) {
      const std::int32_t v = rows[k];
      if (stamp_[std::size_t(v)] != epoch_) {
        stamp_[std::size_t(v)] = epoch_;
        candidate_[std::size_t(v)] = u;
        touched_.push_back(v);
      } else if (u < candidate_[std::size_t(v)]) {
        candidate_[std::size_t(v)] = u;
      }
    }
  }
}

/// The targets to their owners along the processor row: (index within the owner's piece,
/// parent), into recv_index_ and recv_parent_.
void DistributedBfs::fold_targets() {
  const Index length = layout_.block_length(layout_.row);
  std::fill(counts_.begin(), counts_.end(), 0);
  for (std::int32_t v : touched_) ++counts_[std::size_t(layout_.piece_of(length, v))];
  const int total = displacements(counts_, displs_);
  fold_index_.resize(std::size_t(total));
  fold_parent_.resize(std::size_t(total));
  std::vector<int>& at = rdispls_;  // scratch: the next slot per owner
  at = displs_;
  for (std::int32_t v : touched_) {
    const int k = layout_.piece_of(length, v);
    const int slot = at[std::size_t(k)]++;
    fold_index_[std::size_t(slot)] = std::int32_t(v - layout_.piece_start(length, k));
    fold_parent_[std::size_t(slot)] = candidate_[std::size_t(v)];
  }
  MPI_Comm row = ctx_.grid->GetRowWorld();
  MPI_Alltoall(counts_.data(), 1, MPI_INT, rcounts_.data(), 1, MPI_INT, row);
  const int in = displacements(rcounts_, rdispls_);
  recv_index_.resize(std::size_t(in));
  recv_parent_.resize(std::size_t(in));
  MPI_Alltoallv(fold_index_.data(), counts_.data(), displs_.data(), MPI_INT32_T, recv_index_.data(),
                rcounts_.data(), rdispls_.data(), MPI_INT32_T, row);
  MPI_Alltoallv(fold_parent_.data(), counts_.data(), displs_.data(), MPI_INT64_T,
                recv_parent_.data(), rcounts_.data(), rdispls_.data(), MPI_INT64_T, row);
}

// ---- bottom-up --------------------------------------------------------------------------------

DistributedBfs::LevelCount DistributedBfs::bottom_up(Index depth) {
  fringe_->LoadFromUpdates(frontier_.data(), long(frontier_.size()));
  const std::uint64_t* in_frontier = fringe_->TransposeGather()->data();
  frontier_.clear();
  LevelCount count;
  for (int s = 0; s < layout_.q; ++s) {
    scan_piece(in_frontier);
    done_->RotateAlongRow();
    exchange_updates(s);
    for (std::size_t k = 0; k < received_.size(); k += 2)
      claim(received_[k], received_[k + 1], depth, count);
  }
  return count;
}

/// The piece the carousel holds now, against the frontier of this block column: each unvisited
/// vertex's in-arcs in increasing order, up to the first from the frontier, which becomes its
/// parent (an update for the piece's owner; the vertex is marked in the carousel). The rows of
/// unvisited vertices a few ahead are prefetched: they lie far apart in the column array.
void DistributedBfs::scan_piece(const std::uint64_t* in_frontier) {
  constexpr std::size_t kAhead = 16;
  const Index row0 = layout_.block_start(layout_.row);
  const Index col0 = layout_.block_start(layout_.col);
  const Index start = done_->GetGlobalStartOfLocal(), end = done_->GetGlobalEndOfLocal();
  const std::vector<std::int32_t>& rows = block_.rows;
  const std::size_t first = std::size_t(
      std::lower_bound(rows.begin(), rows.end(), std::int32_t(start - row0)) - rows.begin());
  const std::size_t last = std::size_t(
      std::lower_bound(rows.begin(), rows.end(), std::int32_t(end - row0)) - rows.begin());
  const std::int64_t* ptr = block_.row_ptr.data();
  const std::int32_t* cols = block_.row_cols.data();
  updates_.clear();
  for (std::size_t r = first; r < last; ++r) {
    if (r + kAhead < last && !done_->GetBit(row0 + rows[r + kAhead]))
      __builtin_prefetch(cols + ptr[r + kAhead]);
    const Index g = row0 + rows[r];
    if (done_->GetBit(g)) continue;
    for (std::int64_t k = ptr[r], stop = ptr[r + 1]; k < stop; ++k) {
      const auto u = std::uint32_t(cols[k]);
      if (!((in_frontier[u >> 6] >> (u & 63)) & 1)) continue;
      updates_.push_back(g - start);
      updates_.push_back(col0 + Index(u));
      done_->SetBit(g);
      break;
    }
  }
}

/// Sub-step s scanned the piece of row rank (col + s) mod q: its updates go there, and this
/// piece's come from row rank (col - s) mod q.
void DistributedBfs::exchange_updates(int sub_step) {
  if (sub_step == 0) {
    received_.swap(updates_);
    return;
  }
  const int q = layout_.q;
  const int dest = (layout_.col + sub_step) % q, source = (layout_.col - sub_step + q) % q;
  MPI_Comm row = ctx_.grid->GetRowWorld();
  int out = int(updates_.size()), in = 0;
  MPI_Sendrecv(&out, 1, MPI_INT, dest, kUpdateTag, &in, 1, MPI_INT, source, kUpdateTag, row,
               MPI_STATUS_IGNORE);
  received_.resize(std::size_t(in));
  MPI_Sendrecv(updates_.data(), out, MPI_INT64_T, dest, kUpdateTag, received_.data(), in,
               MPI_INT64_T, source, kUpdateTag, row, MPI_STATUS_IGNORE);
}

}  // namespace spgraph::mpi
