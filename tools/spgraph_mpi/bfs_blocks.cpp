// SPDX-License-Identifier: Apache-2.0
// A rank's block of Aᵀ in both orientations, by counting sort (bfs_blocks.hpp).
#include "tools/spgraph_mpi/bfs_blocks.hpp"

#include <mpi.h>

namespace spgraph::mpi {

namespace {

/// Compressed form of `count` lines from (line, entry) pairs: pointers, then entries in the
/// order given (stable), so entries sorted by `entry` within a line when the pairs are.
void compress(std::int64_t count, const std::vector<std::int32_t>& line,
              const std::vector<std::int32_t>& entry, std::vector<std::int64_t>& ptr,
              std::vector<std::int32_t>& out) {
  ptr.assign(std::size_t(count) + 1, 0);
  for (std::int32_t l : line) ++ptr[std::size_t(l) + 1];
  for (std::size_t k = 1; k < ptr.size(); ++k) ptr[k] += ptr[k - 1];
  out.resize(line.size());
  std::vector<std::int64_t> next(ptr.begin(), ptr.end() - 1);
  for (std::size_t k = 0; k < line.size(); ++k) out[std::size_t(next[line[k]]++)] = entry[k];
}

}  // namespace

BfsBlock make_bfs_block(const GridLayout& layout, const Arcs& transposed_arcs) {
  const std::int64_t row0 = layout.block_start(layout.row), col0 = layout.block_start(layout.col);
  const std::size_t m = transposed_arcs.size();
  std::vector<std::int32_t> rows(m), cols(m);
  for (std::size_t k = 0; k < m; ++k) {
    rows[k] = std::int32_t(std::int64_t(transposed_arcs.row[k]) - row0);
    cols[k] = std::int32_t(std::int64_t(transposed_arcs.col[k]) - col0);
  }
  BfsBlock b;
  // By column first, rows in any order; then by row from the columns in increasing order, which
  // leaves each row's columns sorted (a counting sort is stable).
  compress(layout.block_length(layout.col), cols, rows, b.col_ptr, b.col_rows);
  std::vector<std::int32_t> by_col_cols(m);
  for (std::size_t c = 0; c + 1 < b.col_ptr.size(); ++c)
    for (std::int64_t k = b.col_ptr[c]; k < b.col_ptr[c + 1]; ++k)
      by_col_cols[std::size_t(k)] = std::int32_t(c);
  std::vector<std::int64_t> dense_ptr;
  compress(layout.block_length(layout.row), b.col_rows, by_col_cols, dense_ptr, b.row_cols);
  for (std::size_t r = 0; r + 1 < dense_ptr.size(); ++r)
    if (dense_ptr[r + 1] > dense_ptr[r]) b.rows.push_back(std::int32_t(r));
  b.row_ptr.reserve(b.rows.size() + 1);
  for (std::int32_t r : b.rows) b.row_ptr.push_back(dense_ptr[std::size_t(r)]);
  b.row_ptr.push_back(std::int64_t(m));
  return b;
}

std::vector<std::int64_t> piece_out_degrees(const GridLayout& layout, MPI_Comm row_world,
                                            const Arcs& arcs) {
  const std::int64_t row0 = layout.block_start(layout.row);
  std::vector<std::int64_t> block(std::size_t(layout.block_length(layout.row)), 0);
  for (Vertex u : arcs.row) ++block[std::size_t(std::int64_t(u) - row0)];
  MPI_Allreduce(MPI_IN_PLACE, block.data(), int(block.size()), MPI_INT64_T, MPI_SUM, row_world);
  const std::int64_t start = layout.piece_start(layout.block_length(layout.row), layout.col);
  return std::vector<std::int64_t>(block.begin() + start,
                                   block.begin() + start + layout.my_length());
}

}  // namespace spgraph::mpi
