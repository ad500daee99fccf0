// SPDX-License-Identifier: Apache-2.0
// Implementation of the block layout's messages (grid_exchange.hpp).
#include "tools/spgraph_mpi/grid_exchange.hpp"

#include "tools/spgraph_mpi/combblas.hpp"

#include <algorithm>

namespace spgraph::mpi {

namespace {

/// The most bytes one MPI call carries here (an int count of MPI_BYTE, with room to spare).
constexpr std::uint64_t kPieceBytes = std::uint64_t(1) << 30;

}  // namespace

GridPlace grid_place(const MpiContext& ctx) {
  GridPlace at;
  at.i = ctx.grid->GetRankInProcCol();
  at.j = ctx.grid->GetRankInProcRow();
  at.partner = ctx.grid->GetComplementRank();
  at.world = ctx.grid->GetWorld();
  at.row = ctx.grid->GetRowWorld();
  at.col = ctx.grid->GetColWorld();
  return at;
}

template <class T>
std::vector<T> swap_with_partner(const GridPlace& at, const std::vector<T>& mine) {
  if (at.diagonal()) return mine;
  std::uint64_t count = mine.size(), theirs = 0;
  MPI_Sendrecv(&count, 1, MPI_UINT64_T, at.partner, 0, &theirs, 1, MPI_UINT64_T, at.partner, 0,
               at.world, MPI_STATUS_IGNORE);
  std::vector<T> out(theirs);
  const auto* send = reinterpret_cast<const char*>(mine.data());
  auto* recv = reinterpret_cast<char*>(out.data());
  const std::uint64_t send_bytes = count * sizeof(T), recv_bytes = theirs * sizeof(T);
  for (std::uint64_t at_byte = 0; at_byte < std::max(send_bytes, recv_bytes);
       at_byte += kPieceBytes) {
    const auto piece = [&](std::uint64_t total) {
      return int(at_byte < total ? std::min(kPieceBytes, total - at_byte) : 0);
    };
    MPI_Sendrecv(send + std::min(at_byte, send_bytes), piece(send_bytes), MPI_BYTE, at.partner, 1,
                 recv + std::min(at_byte, recv_bytes), piece(recv_bytes), MPI_BYTE, at.partner, 1,
                 at.world, MPI_STATUS_IGNORE);
  }
  return out;
}

template std::vector<std::uint64_t> swap_with_partner(const GridPlace&,
                                                      const std::vector<std::uint64_t>&);
template std::vector<std::uint32_t> swap_with_partner(const GridPlace&,
                                                      const std::vector<std::uint32_t>&);

void broadcast_words(std::vector<std::uint32_t>& data, int root, MPI_Comm comm) {
  int me = 0;
  MPI_Comm_rank(comm, &me);
  std::uint64_t count = data.size();
  MPI_Bcast(&count, 1, MPI_UINT64_T, root, comm);
  if (me != root) data.resize(count);
  const std::uint64_t per = kPieceBytes / sizeof(std::uint32_t);
  for (std::uint64_t at = 0; at < count; at += per)
    MPI_Bcast(data.data() + at, int(std::min(per, count - at)), MPI_UINT32_T, root, comm);
}

void sum_to_root(const std::vector<std::uint64_t>& part, std::vector<std::uint64_t>& total,
                 MPI_Comm comm) {
  total.resize(part.size());
  const std::uint64_t per = kPieceBytes / sizeof(std::uint64_t);
  for (std::uint64_t at = 0; at < part.size(); at += per)
    MPI_Reduce(part.data() + at, total.data() + at, int(std::min(per, part.size() - at)),
               MPI_UINT64_T, MPI_SUM, 0, comm);
}

}  // namespace spgraph::mpi
