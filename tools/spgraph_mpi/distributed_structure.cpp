// SPDX-License-Identifier: Apache-2.0
// Implementation of the structural helpers (distributed_structure.hpp).
#include "tools/spgraph_mpi/distributed_structure.hpp"

#include <algorithm>
#include <numeric>

namespace spgraph::mpi {

std::uint64_t sort_unique(Arcs& a, std::vector<std::uint64_t>* repeated) {
  const std::size_t m = a.size();
  std::vector<std::uint64_t> key(m);
  for (std::size_t k = 0; k < m; ++k) key[k] = std::uint64_t(a.row[k]) << 32 | a.col[k];
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return key[x] < key[y]; });
  Arcs out;
  out.row.reserve(m);
  out.col.reserve(m);
  if (!a.val.empty()) out.val.reserve(m);
  std::uint64_t dropped = 0;
  for (std::size_t i = 0; i < m; ++i) {
    const std::size_t k = order[i];
    if (i && key[order[i - 1]] == key[k]) {
      ++dropped;
      if (repeated && (repeated->empty() || repeated->back() != key[k]))
        repeated->push_back(key[k]);
      continue;
    }
    out.row.push_back(a.row[k]);
    out.col.push_back(a.col[k]);
    if (!a.val.empty()) out.val.push_back(a.val[k]);
  }
  a = std::move(out);
  return dropped;
}

Arcs transposed(const MpiContext& ctx, Vertex n, const Arcs& owned) {
  Arcs t;
  t.row = owned.col;
  t.col = owned.row;
  t.val = owned.val;
  t = redistribute(ctx, n, std::move(t));
  sort_unique(t);
  return t;
}

bool structure_symmetric(const MpiContext& ctx, Vertex n, const Arcs& owned) {
  Arcs t = transposed(ctx, n, owned);
  Arcs a;
  a.row = owned.row;
  a.col = owned.col;
  sort_unique(a);
  int same = a.row == t.row && a.col == t.col, all = 0;
  MPI_Allreduce(&same, &all, 1, MPI_INT, MPI_MIN, ctx.comm);
  return all;
}

Arcs lower_undirected(const MpiContext& ctx, Vertex n, const Arcs& owned,
                      std::uint64_t& self_loops) {
  Arcs l;
  std::uint64_t loops = 0;
  for (std::size_t k = 0; k < owned.size(); ++k) {
    const Vertex r = owned.row[k], c = owned.col[k];
    if (r == c) {
      ++loops;
      continue;
    }
    l.row.push_back(std::max(r, c));
    l.col.push_back(std::min(r, c));
  }
  MPI_Allreduce(&loops, &self_loops, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  l = redistribute(ctx, n, std::move(l));
  sort_unique(l);
  return l;
}

}  // namespace spgraph::mpi
