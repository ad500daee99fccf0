// SPDX-License-Identifier: Apache-2.0
// Implementation of the global numbering of remapped ids (distributed_ids.hpp).
#include "tools/spgraph_mpi/distributed_ids.hpp"

#include <algorithm>
#include <functional>
#include <numeric>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/core/error.hpp"

namespace spgraph::mpi {

namespace {

/// An all-to-all of variable-size blocks of T: block r of `send` goes to rank r.
template <class T>
std::vector<std::vector<T>> exchange(const MpiContext& ctx, const std::vector<std::vector<T>>& send,
                                     MPI_Datatype type) {
  const int p = ctx.size;
  std::vector<int> sc(p), rc(p), sd(p, 0), rd(p, 0);
  // MPI counts are ints; every rank learns whether any block overflows, so all throw together.
  int too_many = 0;
  for (int r = 0; r < p; ++r) too_many |= send[r].size() > std::size_t(INT32_MAX);
  MPI_Allreduce(MPI_IN_PLACE, &too_many, 1, MPI_INT, MPI_MAX, ctx.comm);
  if (too_many) throw InvalidArgument("more than 2^31 ids between two ranks: use more ranks");
  for (int r = 0; r < p; ++r) sc[r] = int(send[r].size());
  MPI_Alltoall(sc.data(), 1, MPI_INT, rc.data(), 1, MPI_INT, ctx.comm);
  for (int r = 1; r < p; ++r) sd[r] = sd[r - 1] + sc[r - 1], rd[r] = rd[r - 1] + rc[r - 1];
  std::vector<T> flat(std::size_t(sd[p - 1]) + std::size_t(sc[p - 1]));
  for (int r = 0; r < p; ++r) std::copy(send[r].begin(), send[r].end(), flat.begin() + sd[r]);
  std::vector<T> got(std::size_t(rd[p - 1]) + std::size_t(rc[p - 1]));
  MPI_Alltoallv(flat.data(), sc.data(), sd.data(), type, got.data(), rc.data(), rd.data(), type,
                ctx.comm);
  std::vector<std::vector<T>> out(p);
  for (int r = 0; r < p; ++r) out[r].assign(got.begin() + rd[r], got.begin() + rd[r] + rc[r]);
  return out;
}

/// Names packed as a byte string each: the bytes, then '\0' (names hold no NUL: they come from
/// text lines, and binary names are not remapped here).
std::vector<std::string_view> unpack(const std::vector<char>& bytes) {
  std::vector<std::string_view> out;
  std::size_t at = 0;
  while (at < bytes.size()) {
    const std::size_t e = std::find(bytes.begin() + at, bytes.end(), '\0') - bytes.begin();
    out.emplace_back(bytes.data() + at, e - at);
    at = e + 1;
  }
  return out;
}

}  // namespace

RemappedIds number_ids_globally(const MpiContext& ctx, const VertexIds& local, Arcs& arcs) {
  const int p = ctx.size;
  const Vertex count = local.size();
  int strings = local.kind() == VertexIds::Kind::String, any_strings = 0;
  MPI_Allreduce(&strings, &any_strings, 1, MPI_INT, MPI_MAX, ctx.comm);
  // 1. Each local id's name goes to the rank its hash names.
  std::vector<std::string> name(count);
  std::vector<std::vector<char>> names_to(p);
  std::vector<std::vector<std::uint32_t>> asked(p);  // local numbers, in the order sent
  for (Vertex k = 0; k < count; ++k) {
    name[k] = local.name(k);
    const int owner = int(std::hash<std::string>{}(name[k]) % std::size_t(p));
    names_to[owner].insert(names_to[owner].end(), name[k].begin(), name[k].end());
    names_to[owner].push_back('\0');
    asked[owner].push_back(k);
  }
  const std::vector<std::vector<char>> got = exchange(ctx, names_to, MPI_CHAR);
  // 2. The owner: the first appearance of each name, in (rank, local number) order.
  struct Seen {
    int rank;
    std::uint32_t index;  ///< position in that rank's request
  };
  std::unordered_map<std::string_view, std::size_t> first;
  std::vector<Seen> winner;
  std::vector<std::vector<std::string_view>> request(p);
  std::vector<std::vector<std::size_t>> group(p);  // each request entry's name group
  for (int r = 0; r < p; ++r) {
    request[r] = unpack(got[r]);
    for (std::uint32_t i = 0; i < request[r].size(); ++i) {
      auto [it, fresh] = first.try_emplace(request[r][i], winner.size());
      if (fresh) winner.push_back({r, i});
      group[r].push_back(it->second);
    }
  }
  // 3. Winners are told to the rank they came from (as positions in its request).
  std::vector<std::vector<std::uint32_t>> won(p);
  for (const Seen& s : winner) won[s.rank].push_back(s.index);
  const std::vector<std::vector<std::uint32_t>> mine = exchange(ctx, won, MPI_UINT32_T);
  // 4. This rank numbers its winners by local number, after the lower ranks' winners.
  std::vector<std::uint32_t> firsts;  // local numbers that are first appearances
  for (int o = 0; o < p; ++o)
    for (std::uint32_t i : mine[o]) firsts.push_back(asked[o][i]);
  std::sort(firsts.begin(), firsts.end());
  std::uint64_t wins = firsts.size(), before = 0, n = 0;
  MPI_Exscan(&wins, &before, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  if (ctx.rank == 0) before = 0;
  MPI_Allreduce(&wins, &n, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  if (n > std::uint64_t(kMaxDimension))
    throw InvalidArgument(std::to_string(n) + " distinct ids exceed the 32-bit vertex limit");
  std::vector<Vertex> global(count, 0);
  for (std::size_t w = 0; w < firsts.size(); ++w) global[firsts[w]] = Vertex(before + w);
  // Replies to the owners: the number of each winner, in the order the owner listed them.
  std::vector<std::vector<std::uint32_t>> numbered(p);
  for (int o = 0; o < p; ++o)
    for (std::uint32_t i : mine[o]) numbered[o].push_back(global[asked[o][i]]);
  const std::vector<std::vector<std::uint32_t>> numbers = exchange(ctx, numbered, MPI_UINT32_T);
  // 5. The owner answers every request with its name's number.
  std::vector<Vertex> group_number(winner.size());
  {
    std::vector<std::size_t> next(p, 0);
    for (std::size_t gi = 0; gi < winner.size(); ++gi)
      group_number[gi] = numbers[winner[gi].rank][next[winner[gi].rank]++];
  }
  std::vector<std::vector<std::uint32_t>> answer(p);
  for (int r = 0; r < p; ++r)
    for (std::size_t gi : group[r]) answer[r].push_back(group_number[gi]);
  const std::vector<std::vector<std::uint32_t>> answers = exchange(ctx, answer, MPI_UINT32_T);
  for (int o = 0; o < p; ++o)
    for (std::size_t i = 0; i < asked[o].size(); ++i) global[asked[o][i]] = answers[o][i];
  for (std::size_t k = 0; k < arcs.size(); ++k) {
    arcs.row[k] = global[arcs.row[k]];
    arcs.col[k] = global[arcs.col[k]];
  }
  // 6. Rank 0 gathers the names in global order (the ranks' winners, rank by rank).
  std::vector<char> packed;
  for (std::uint32_t k : firsts) {
    packed.insert(packed.end(), name[k].begin(), name[k].end());
    packed.push_back('\0');
  }
  int len = int(packed.size());
  std::vector<int> lens(p), displs(p, 0);
  MPI_Gather(&len, 1, MPI_INT, lens.data(), 1, MPI_INT, 0, ctx.comm);
  std::partial_sum(lens.begin(), lens.end() - 1, displs.begin() + 1);
  std::vector<char> all(ctx.rank == 0 ? std::size_t(displs.back() + lens.back()) : 0);
  MPI_Gatherv(packed.data(), len, MPI_CHAR, all.data(), lens.data(), displs.data(), MPI_CHAR, 0,
              ctx.comm);
  RemappedIds out;
  out.n = Vertex(n);
  if (ctx.rank == 0) {
    VertexIds ids(any_strings ? VertexIds::Kind::String : VertexIds::Kind::Integer);
    for (std::string_view s : unpack(all)) ids.insert(s);
    out.names = std::make_shared<const VertexIds>(std::move(ids));
  }
  return out;
}

}  // namespace spgraph::mpi
