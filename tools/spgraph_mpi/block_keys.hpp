// SPDX-License-Identifier: Apache-2.0
// Arcs of one 2-D block as 64-bit keys (row << 32 | column, global ids), and their ordering by
// counting passes: a block spans n/q rows and n/q columns, so two stable counting passes (LSD
// radix sort on the two fields) order its arcs in O(arcs + n/q), where a comparison sort of
// tuples took most of a job's preparation. Used by the oriented blocks of the triangle count
// and the pattern matrices of PageRank and CC.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "tools/spgraph_mpi/grid_exchange.hpp"

namespace spgraph::mpi {

inline std::uint64_t block_key(Vertex r, Vertex c) {
  return std::uint64_t(r) << 32 | c;
}
inline Vertex key_row(std::uint64_t k) {
  return Vertex(k >> 32);
}
inline Vertex key_col(std::uint64_t k) {
  return Vertex(k);
}

/// One stable counting pass of `from` into `to` by the field `part(key) - lo` < `range`.
template <class Part>
void counting_pass(const std::vector<std::uint64_t>& from, std::vector<std::uint64_t>& to,
                   Vertex lo, Vertex range, Part part) {
  std::vector<std::uint64_t> start(std::size_t(range) + 1, 0);
  for (std::uint64_t k : from) ++start[part(k) - lo + 1];
  for (Vertex v = 0; v < range; ++v) start[v + 1] += start[v];
  to.resize(from.size());
  for (std::uint64_t k : from) to[start[part(k) - lo]++] = k;
}

/// Sorts the keys of this rank's block (i, j) by (row, column), or by (column, row) when
/// `by_column`, and drops repeats.
inline void sort_block_keys(std::vector<std::uint64_t>& keys, const BlockLayout& b,
                            const GridPlace& at, bool by_column = false) {
  std::vector<std::uint64_t> tmp;
  if (by_column) {
    counting_pass(keys, tmp, b.start(at.i), b.length(at.i), key_row);
    counting_pass(tmp, keys, b.start(at.j), b.length(at.j), key_col);
  } else {
    counting_pass(keys, tmp, b.start(at.j), b.length(at.j), key_col);
    counting_pass(tmp, keys, b.start(at.i), b.length(at.i), key_row);
  }
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
}

}  // namespace spgraph::mpi
