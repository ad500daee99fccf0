// SPDX-License-Identifier: Apache-2.0
// Implementation of the MPI traffic counters (mpi_traffic.hpp): PMPI wrappers.
#include "tools/spgraph_mpi/mpi_traffic.hpp"

#include <mpi.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "tools/common/process_memory.hpp"

namespace spgraph::mpi {

namespace {

enum Op {
  Bcast,
  Allgather,
  Allgatherv,
  Alltoall,
  Alltoallv,
  Sendrecv,
  Send,
  Isend,
  Allreduce,
  Reduce,
  Gather,
  Gatherv,
  Scatterv,
  Scan,
  kOps
};
constexpr const char* kOpName[kOps] = {
    "bcast", "allgather", "allgatherv", "alltoall", "alltoallv", "sendrecv", "send",
    "isend", "allreduce", "reduce",     "gather",   "gatherv",   "scatterv", "scan"};
constexpr int kPhases = 3;
const char* kPhaseName[kPhases] = {"load", "prepare", "run"};
int phase = 0;
std::array<std::array<std::uint64_t, kOps>, kPhases> calls{}, bytes{};

std::uint64_t size_of(MPI_Datatype t) {
  int s = 0;
  PMPI_Type_size(t, &s);
  return std::uint64_t(s);
}
int comm_size(MPI_Comm c) {
  int s = 1;
  PMPI_Comm_size(c, &s);
  return s;
}
int comm_rank(MPI_Comm c) {
  int r = 0;
  PMPI_Comm_rank(c, &r);
  return r;
}
void count(Op op, std::uint64_t b) {
  ++calls[phase][op];
  bytes[phase][op] += b;
}

}  // namespace

void traffic_phase(const char* name) {
  for (int p = 0; p < kPhases; ++p)
    if (std::string(name) == kPhaseName[p]) phase = p;
}

void print_traffic(const MpiContext& ctx) {
  std::vector<std::uint64_t> mine;
  mine.push_back(tools::peak_rss_bytes());
  for (int p = 0; p < kPhases; ++p)
    for (int o = 0; o < kOps; ++o) mine.push_back(calls[p][o]), mine.push_back(bytes[p][o]);
  std::vector<std::uint64_t> all(mine.size() * std::size_t(ctx.world_size));
  PMPI_Gather(mine.data(), int(mine.size()), MPI_UINT64_T, all.data(), int(mine.size()),
              MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (ctx.world_rank != 0) return;
  for (int r = 0; r < ctx.world_size; ++r) {
    std::fprintf(stderr, "memory: rank %d peak resident %llu bytes\n", r,
                 (unsigned long long)all[mine.size() * std::size_t(r)]);
    for (int p = 0; p < kPhases; ++p)
      for (int o = 0; o < kOps; ++o) {
        const std::size_t at = mine.size() * std::size_t(r) + 1 + 2 * std::size_t(p * kOps + o);
        if (all[at])
          std::fprintf(stderr, "traffic: rank %d phase %s op %s calls %llu bytes %llu\n", r,
                       kPhaseName[p], kOpName[o], (unsigned long long)all[at],
                       (unsigned long long)all[at + 1]);
      }
  }
}

}  // namespace spgraph::mpi

using spgraph::mpi::comm_rank;
using spgraph::mpi::comm_size;
using spgraph::mpi::count;
using spgraph::mpi::size_of;
namespace op = spgraph::mpi;

extern "C" {

int MPI_Bcast(void* buf, int n, MPI_Datatype t, int root, MPI_Comm c) {
  if (comm_rank(c) == root)
    count(op::Bcast, std::uint64_t(n) * size_of(t) * (comm_size(c) - 1));
  else
    count(op::Bcast, 0);
  return PMPI_Bcast(buf, n, t, root, c);
}
int MPI_Allgather(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt,
                  MPI_Comm c) {
  count(op::Allgather, std::uint64_t(sn) * size_of(st) * (comm_size(c) - 1));
  return PMPI_Allgather(s, sn, st, r, rn, rt, c);
}
int MPI_Allgatherv(const void* s, int sn, MPI_Datatype st, void* r, const int rn[],
                   const int displs[], MPI_Datatype rt, MPI_Comm c) {
  count(op::Allgatherv, std::uint64_t(sn) * size_of(st) * (comm_size(c) - 1));
  return PMPI_Allgatherv(s, sn, st, r, rn, displs, rt, c);
}
int MPI_Alltoall(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt,
                 MPI_Comm c) {
  count(op::Alltoall, std::uint64_t(sn) * size_of(st) * (comm_size(c) - 1));
  return PMPI_Alltoall(s, sn, st, r, rn, rt, c);
}
int MPI_Alltoallv(const void* s, const int sn[], const int sd[], MPI_Datatype st, void* r,
                  const int rn[], const int rd[], MPI_Datatype rt, MPI_Comm c) {
  std::uint64_t b = 0;
  const int me = comm_rank(c), p = comm_size(c);
  for (int k = 0; k < p; ++k)
    if (k != me) b += std::uint64_t(sn[k]);
  count(op::Alltoallv, b * size_of(st));
  return PMPI_Alltoallv(s, sn, sd, st, r, rn, rd, rt, c);
}
int MPI_Sendrecv(const void* s, int sn, MPI_Datatype st, int dest, int stag, void* r, int rn,
                 MPI_Datatype rt, int src, int rtag, MPI_Comm c, MPI_Status* status) {
  count(op::Sendrecv, dest == comm_rank(c) ? 0 : std::uint64_t(sn) * size_of(st));
  return PMPI_Sendrecv(s, sn, st, dest, stag, r, rn, rt, src, rtag, c, status);
}
int MPI_Send(const void* s, int n, MPI_Datatype t, int dest, int tag, MPI_Comm c) {
  count(op::Send, std::uint64_t(n) * size_of(t));
  return PMPI_Send(s, n, t, dest, tag, c);
}
int MPI_Isend(const void* s, int n, MPI_Datatype t, int dest, int tag, MPI_Comm c,
              MPI_Request* req) {
  count(op::Isend, std::uint64_t(n) * size_of(t));
  return PMPI_Isend(s, n, t, dest, tag, c, req);
}
int MPI_Allreduce(const void* s, void* r, int n, MPI_Datatype t, MPI_Op o, MPI_Comm c) {
  count(op::Allreduce, std::uint64_t(n) * size_of(t));
  return PMPI_Allreduce(s, r, n, t, o, c);
}
int MPI_Reduce(const void* s, void* r, int n, MPI_Datatype t, MPI_Op o, int root, MPI_Comm c) {
  count(op::Reduce, comm_rank(c) == root ? 0 : std::uint64_t(n) * size_of(t));
  return PMPI_Reduce(s, r, n, t, o, root, c);
}
int MPI_Gather(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt, int root,
               MPI_Comm c) {
  count(op::Gather, comm_rank(c) == root ? 0 : std::uint64_t(sn) * size_of(st));
  return PMPI_Gather(s, sn, st, r, rn, rt, root, c);
}
int MPI_Gatherv(const void* s, int sn, MPI_Datatype st, void* r, const int rn[], const int rd[],
                MPI_Datatype rt, int root, MPI_Comm c) {
  count(op::Gatherv, comm_rank(c) == root ? 0 : std::uint64_t(sn) * size_of(st));
  return PMPI_Gatherv(s, sn, st, r, rn, rd, rt, root, c);
}
int MPI_Scatterv(const void* s, const int sn[], const int sd[], MPI_Datatype st, void* r, int rn,
                 MPI_Datatype rt, int root, MPI_Comm c) {
  std::uint64_t b = 0;
  if (comm_rank(c) == root)
    for (int k = 0; k < comm_size(c); ++k)
      if (k != root) b += std::uint64_t(sn[k]);
  count(op::Scatterv, b * size_of(st));
  return PMPI_Scatterv(s, sn, sd, st, r, rn, rt, root, c);
}
int MPI_Exscan(const void* s, void* r, int n, MPI_Datatype t, MPI_Op o, MPI_Comm c) {
  count(op::Scan, std::uint64_t(n) * size_of(t));
  return PMPI_Exscan(s, r, n, t, o, c);
}
int MPI_Scan(const void* s, void* r, int n, MPI_Datatype t, MPI_Op o, MPI_Comm c) {
  count(op::Scan, std::uint64_t(n) * size_of(t));
  return PMPI_Scan(s, r, n, t, o, c);
}

}  // extern "C"
