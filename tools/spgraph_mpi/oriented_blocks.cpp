// SPDX-License-Identifier: Apache-2.0
// Implementation of the degree-oriented blocks (oriented_blocks.hpp).
#include "tools/spgraph_mpi/oriented_blocks.hpp"

#include <algorithm>

#include "tools/spgraph_mpi/block_keys.hpp"

namespace spgraph::mpi {

namespace {

std::uint64_t sum_over(const MpiContext& ctx, std::uint64_t x) {
  MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  return x;
}

/// The strictly lower triangle of A + Aᵀ in block (i, j): an arc below the diagonal stays, one
/// above it is the partner's lower arc (c, r). Counts self-loops and non-loop arcs on the way.
std::vector<std::uint64_t> lower_edges(const GridPlace& at, const BlockLayout& b, const Arcs& owned,
                                       std::uint64_t& loops, std::uint64_t& arcs) {
  std::vector<std::uint64_t> keep, send;
  for (std::size_t k = 0; k < owned.size(); ++k) {
    const Vertex r = owned.row[k], c = owned.col[k];
    if (r == c) {
      ++loops;
      continue;
    }
    ++arcs;
    if (r > c)
      keep.push_back(block_key(r, c));
    else
      send.push_back(block_key(c, r));
  }
  std::vector<std::uint64_t> got = swap_with_partner(at, send);
  keep.insert(keep.end(), got.begin(), got.end());
  sort_block_keys(keep, b, at);
  return keep;
}

/// Degrees of block i's vertices (`rows`) and block j's (`cols`) in the simple graph: each edge
/// of a block adds one to its row end and one to its column end; the row ends are summed along
/// the processor row, the column ends along the processor column, and the partner holds the
/// other half of each (its row sums are block j's, its column sums block i's).
void degrees(const GridPlace& at, const BlockLayout& b, const std::vector<std::uint64_t>& lower,
             std::vector<std::uint32_t>& rows, std::vector<std::uint32_t>& cols) {
  const Vertex r0 = b.start(at.i), c0 = b.start(at.j);
  std::vector<std::uint32_t> by_row(b.length(at.i), 0), by_col(b.length(at.j), 0);
  for (std::uint64_t k : lower) ++by_row[key_row(k) - r0], ++by_col[key_col(k) - c0];
  MPI_Allreduce(MPI_IN_PLACE, by_row.data(), int(by_row.size()), MPI_UINT32_T, MPI_SUM, at.row);
  MPI_Allreduce(MPI_IN_PLACE, by_col.data(), int(by_col.size()), MPI_UINT32_T, MPI_SUM, at.col);
  const std::vector<std::uint32_t> their_rows = swap_with_partner(at, by_row);  // block j
  const std::vector<std::uint32_t> their_cols = swap_with_partner(at, by_col);  // block i
  rows = by_row;
  cols = by_col;
  for (std::size_t v = 0; v < rows.size(); ++v) rows[v] += their_cols[v];
  for (std::size_t v = 0; v < cols.size(); ++v) cols[v] += their_rows[v];
}

}  // namespace

PackedRows pack_rows(const std::vector<std::uint64_t>& keys, Vertex row_start, Vertex col_start) {
  std::uint32_t nzr = 0;
  for (std::size_t k = 0; k < keys.size(); ++k)
    nzr += k == 0 || key_row(keys[k]) != key_row(keys[k - 1]);
  PackedRows p;
  p.words.assign(1 + 2 * std::size_t(nzr) + keys.size(), 0);
  p.words[0] = nzr;
  std::uint32_t* rows = p.words.data() + 1;
  std::uint32_t* lengths = rows + nzr;
  std::uint32_t* cols = lengths + nzr;
  std::int64_t at = -1;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (k == 0 || key_row(keys[k]) != key_row(keys[k - 1]))
      rows[++at] = key_row(keys[k]) - row_start;
    ++lengths[at];
    cols[k] = key_col(keys[k]) - col_start;
  }
  return p;
}

OrientedGraph orient_by_degree(const MpiContext& ctx, Vertex n, const Arcs& owned,
                               bool known_symmetric) {
  OrientedGraph g;
  g.layout = BlockLayout{n, ctx.q};
  g.at = grid_place(ctx);
  const GridPlace& at = g.at;
  std::uint64_t loops = 0, arcs = 0;
  std::vector<std::uint64_t> lower = lower_edges(at, g.layout, owned, loops, arcs);
  g.self_loops = sum_over(ctx, loops);
  g.symmetric = known_symmetric || sum_over(ctx, arcs) == 2 * sum_over(ctx, lower.size());
  std::vector<std::uint32_t> col_degree;
  degrees(at, g.layout, lower, g.row_degree, col_degree);
  // u ≺ v ⇔ (deg(u), u) < (deg(v), v); an edge whose column end comes first turns around and
  // goes to the partner.
  const Vertex r0 = g.layout.start(at.i), c0 = g.layout.start(at.j);
  std::vector<std::uint64_t> keep, send;
  for (std::uint64_t k : lower) {
    const Vertex r = key_row(k), c = key_col(k);
    const std::uint64_t dr = g.row_degree[r - r0], dc = col_degree[c - c0];
    if (dr < dc || (dr == dc && r < c))
      keep.push_back(k);
    else
      send.push_back(block_key(c, r));
  }
  lower = {};
  std::vector<std::uint64_t> got = swap_with_partner(at, send);
  send = {};
  keep.insert(keep.end(), got.begin(), got.end());
  got = {};
  sort_block_keys(keep, g.layout, at);
  g.own = pack_rows(keep, r0, c0);
  keep = {};
  if (!at.diagonal()) g.mirror_copy.words = swap_with_partner(at, g.own.words);  // U(j, i)
  return g;
}

}  // namespace spgraph::mpi
