// SPDX-License-Identifier: Apache-2.0
// CombBLAS matrices and vectors built from, and gathered to, spgraph's arrays: a rank's owned
// arcs (distributed_load.hpp) become its local SpDCCols block of an SpParMat (local coordinates,
// column-sorted tuples, the constructor CombBLAS's own readers use); a FullyDistVec is gathered
// to rank 0 in global order for printing.
#pragma once

#include "tools/spgraph_mpi/combblas.hpp"

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <vector>

#include "tools/spgraph_mpi/distributed_load.hpp"

namespace spgraph::mpi {

/// CombBLAS's global index: signed 64-bit, as its vectors and products require.
using Index = std::int64_t;
template <class NT>
using DistMatrix = combblas::SpParMat<Index, NT, combblas::SpDCCols<Index, NT>>;

/// The matrix whose nonzeros are `owned` (arcs this rank owns, global coordinates, no repeats),
/// each valued value(arc index).
template <class NT, class Value>
DistMatrix<NT> build_matrix(const MpiContext& ctx, Vertex n, const Arcs& owned, Value value) {
  const Index per = Index(n) / ctx.q;
  const int pr = ctx.grid->GetRankInProcCol(), pc = ctx.grid->GetRankInProcRow();
  const Index rows = pr == ctx.q - 1 ? Index(n) - pr * per : per;
  const Index cols = pc == ctx.q - 1 ? Index(n) - pc * per : per;
  std::vector<std::tuple<Index, Index, NT>> t(owned.size());
  for (std::size_t k = 0; k < owned.size(); ++k)
    t[k] = {Index(owned.row[k]) - pr * per, Index(owned.col[k]) - pc * per, value(k)};
  std::sort(t.begin(), t.end(), [](const auto& x, const auto& y) {
    return std::get<1>(x) != std::get<1>(y) ? std::get<1>(x) < std::get<1>(y)
                                            : std::get<0>(x) < std::get<0>(y);
  });
  auto* local = new combblas::SpDCCols<Index, NT>(rows, cols, Index(t.size()), t.data(), false);
  return DistMatrix<NT>(local, ctx.grid);
}

/// A dense distributed vector's values, on rank 0 in global order (empty elsewhere).
template <class NT>
std::vector<NT> gather_to_root(const MpiContext& ctx, const combblas::FullyDistVec<Index, NT>& v,
                               MPI_Datatype type) {
  const int count = int(v.LocArrSize());
  std::int64_t offset = v.LengthUntil();
  std::vector<int> counts(ctx.size);
  std::vector<std::int64_t> offsets(ctx.size);
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, ctx.comm);
  MPI_Gather(&offset, 1, MPI_INT64_T, offsets.data(), 1, MPI_INT64_T, 0, ctx.comm);
  std::vector<int> displs(ctx.size, 0);
  for (int r = 0; r < ctx.size; ++r) displs[r] = int(offsets[r]);
  std::vector<NT> out(ctx.rank == 0 ? std::size_t(v.TotalLength()) : 0);
  MPI_Gatherv(v.GetLocArr(), count, type, out.data(), counts.data(), displs.data(), type, 0,
              ctx.comm);
  return out;
}

}  // namespace spgraph::mpi

namespace spgraph::mpi {

/// This rank's part of a dense vector of length n in CombBLAS's layout: [offset, offset + size).
struct VectorSlice {
  Index offset = 0, size = 0;
};
inline VectorSlice vector_slice(const MpiContext& ctx, Vertex n) {
  const combblas::FullyDistVec<Index, char> probe(ctx.grid, Index(n), 0);
  return {probe.LengthUntil(), probe.LocArrSize()};
}

/// A distributed vector of length n from each rank's part (its vector_slice). (CombBLAS's own
/// FullyDistVec(std::vector, grid) constructor compiles only when the value type is the index
/// type, so the parts are set element by element.)
template <class T>
combblas::FullyDistVec<Index, T> from_slices(const MpiContext& ctx, Vertex n,
                                             const std::vector<T>& part) {
  combblas::FullyDistVec<Index, T> v(ctx.grid, Index(n), T());
  for (std::size_t i = 0; i < part.size(); ++i) v.SetLocalElement(Index(i), part[i]);
  return v;
}

/// This rank's part of a distributed vector.
template <class T>
std::vector<T> slice_of(const combblas::FullyDistVec<Index, T>& v) {
  return std::vector<T>(v.GetLocArr(), v.GetLocArr() + v.LocArrSize());
}

}  // namespace spgraph::mpi
