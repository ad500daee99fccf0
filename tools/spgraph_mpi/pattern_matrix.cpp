// SPDX-License-Identifier: Apache-2.0
// Implementation of the pattern matrices (pattern_matrix.hpp).
#include "tools/spgraph_mpi/pattern_matrix.hpp"

#include "tools/spgraph_mpi/block_keys.hpp"

#include <algorithm>
#include <functional>

namespace spgraph::mpi {

namespace {

/// CombBLAS's local block (DCSC: the nonzero columns jc, their starts cp, the rows ir) from m
/// distinct arcs (row_at(k), col_at(k)) sorted by (row, column): one counting pass by column
/// keeps each column's rows in order. Filled in place, in place of SpDCCols's tuple
/// constructor and its 24-byte tuples.
template <class RowAt, class ColAt>
combblas::SpDCCols<Index, bool>* dcsc_of_sorted(std::size_t m, RowAt row_at, ColAt col_at,
                                                const BlockLayout& layout, const GridPlace& at) {
  const Vertex r0 = layout.start(at.i), c0 = layout.start(at.j), cols = layout.length(at.j);
  std::vector<Index> start(std::size_t(cols) + 1, 0);
  for (std::size_t k = 0; k < m; ++k) ++start[col_at(k) - c0 + 1];
  Index nzc = 0;
  for (Vertex c = 0; c < cols; ++c) nzc += start[c + 1] > 0;
  auto* local =
      new combblas::SpDCCols<Index, bool>(Index(m), Index(layout.length(at.i)), Index(cols), nzc);
  if (m == 0) return local;
  combblas::Dcsc<Index, bool>* d = local->GetDCSC();
  Index z = 0;
  for (Vertex c = 0; c < cols; ++c)
    if (start[c + 1] > 0) d->jc[z++] = Index(c);
  for (Vertex c = 0; c < cols; ++c) start[c + 1] += start[c];  // start[c]: column c's offset
  for (Index x = 0; x < nzc; ++x) d->cp[x] = start[std::size_t(d->jc[x])];
  d->cp[nzc] = Index(m);
  for (std::size_t k = 0; k < m; ++k) d->ir[start[col_at(k) - c0]++] = Index(row_at(k) - r0);
  std::fill_n(d->numx, m, true);
  return local;
}

/// The local block whose transpose holds the m distinct arcs (row_at(k), col_at(k)) sorted by
/// (row, column): the arcs' rows are its columns, their columns its rows, so the DCSC is
/// filled in one sequential pass with no scatter (the arcs lie in block (j, i)).
template <class RowAt, class ColAt>
combblas::SpDCCols<Index, bool>* dcsc_of_transposed(std::size_t m, RowAt row_at, ColAt col_at,
                                                    const BlockLayout& layout,
                                                    const GridPlace& at) {
  const Vertex r0 = layout.start(at.i), c0 = layout.start(at.j);
  Index nzc = 0;
  for (std::size_t k = 0; k < m; ++k) nzc += k == 0 || row_at(k) != row_at(k - 1);
  auto* local = new combblas::SpDCCols<Index, bool>(Index(m), Index(layout.length(at.i)),
                                                    Index(layout.length(at.j)), nzc);
  if (m == 0) return local;
  combblas::Dcsc<Index, bool>* d = local->GetDCSC();
  Index z = -1;
  for (std::size_t k = 0; k < m; ++k) {
    if (k == 0 || row_at(k) != row_at(k - 1)) {
      d->jc[++z] = Index(row_at(k) - c0);
      d->cp[z] = Index(k);
    }
    d->ir[k] = Index(col_at(k) - r0);
  }
  d->cp[nzc] = Index(m);
  std::fill_n(d->numx, m, true);
  return local;
}

template <class Container>
bool strictly_increasing(const Container& keys) {
  return std::adjacent_find(keys.begin(), keys.end(), std::greater_equal<>()) == keys.end();
}

}  // namespace

DistMatrix<bool> pattern_matrix(const MpiContext& ctx, Vertex n, const Arcs& owned, PatternOf what,
                                bool symmetric) {
  const BlockLayout layout{n, ctx.q};
  const GridPlace at = grid_place(ctx);
  const auto row_of = [&](std::size_t k) { return owned.row[k]; };
  const auto col_of = [&](std::size_t k) { return owned.col[k]; };
  const auto sorted_arcs = [&] {
    for (std::size_t k = 1; k < owned.size(); ++k)
      if (block_key(owned.row[k - 1], owned.col[k - 1]) >= block_key(owned.row[k], owned.col[k]))
        return false;
    return true;
  };
  // A's own arcs usually arrive sorted and distinct (the loader folds repeats in order): built
  // straight from them, and on a symmetric diagonal block (A(i, i) = A(i, i)ᵀ) without even a
  // scatter.
  const bool as_is = what == PatternOf::Arcs || (what == PatternOf::Transpose && symmetric);
  // Every rank must take the same path (the other exchanges with the transpose partner), so the
  // ranks agree on whether all their arcs arrived sorted.
  int sorted = as_is && sorted_arcs() ? 1 : 0;
  if (as_is) MPI_Allreduce(MPI_IN_PLACE, &sorted, 1, MPI_INT, MPI_LAND, ctx.comm);
  if (sorted)
    return DistMatrix<bool>(symmetric && at.diagonal()
                                ? dcsc_of_transposed(owned.size(), row_of, col_of, layout, at)
                                : dcsc_of_sorted(owned.size(), row_of, col_of, layout, at),
                            ctx.grid);
  if (what == PatternOf::Transpose) {
    // Block (i, j) of Aᵀ is the transpose of the partner's block (j, i), sorted by row.
    std::vector<std::uint64_t> keys(owned.size());
    for (std::size_t k = 0; k < owned.size(); ++k) keys[k] = block_key(owned.row[k], owned.col[k]);
    if (!at.diagonal()) keys = swap_with_partner(at, keys);
    if (!strictly_increasing(keys)) {
      std::sort(keys.begin(), keys.end());
      keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    }
    return DistMatrix<bool>(dcsc_of_transposed(
                                keys.size(), [&](std::size_t k) { return key_row(keys[k]); },
                                [&](std::size_t k) { return key_col(keys[k]); }, layout, at),
                            ctx.grid);
  }
  std::vector<std::uint64_t> keys(owned.size());
  for (std::size_t k = 0; k < owned.size(); ++k) keys[k] = block_key(owned.row[k], owned.col[k]);
  if (what == PatternOf::Symmetrized) {
    // Block (i, j) of Aᵀ is the transpose of the partner's block (j, i).
    std::vector<std::uint64_t> mirrored(owned.size());
    for (std::size_t k = 0; k < owned.size(); ++k)
      mirrored[k] = block_key(owned.col[k], owned.row[k]);
    const std::vector<std::uint64_t> got = swap_with_partner(at, mirrored);
    keys.insert(keys.end(), got.begin(), got.end());
  }
  sort_block_keys(keys, layout, at);  // two counting passes
  return DistMatrix<bool>(dcsc_of_sorted(
                              keys.size(), [&](std::size_t k) { return key_row(keys[k]); },
                              [&](std::size_t k) { return key_col(keys[k]); }, layout, at),
                          ctx.grid);
}

}  // namespace spgraph::mpi
