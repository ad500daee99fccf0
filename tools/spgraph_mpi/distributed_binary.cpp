// SPDX-License-Identifier: Apache-2.0
// Implementation of the binary format read by row ranges (distributed_binary.hpp).
#include "tools/spgraph_mpi/distributed_binary.hpp"

#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/core/error.hpp"
#include "loaders/binary_format.hpp"
#include "loaders/value_rules.hpp"
#include "tools/spgraph_mpi/distributed_structure.hpp"

namespace spgraph::mpi {

namespace {

template <class X>
X read_at(std::string_view bytes, std::uint64_t off) {
  X x;
  std::memcpy(&x, bytes.data() + off, sizeof(X));
  return x;
}

/// The value of entry k as a double.
double value_at(std::string_view bytes, const BinaryHeader& h, std::uint64_t k) {
  const std::uint64_t at = h.val_offset + k * h.value_bytes;
  switch (h.type) {
    case ValueType::Pattern:
    case ValueType::Bool:
      return double(static_cast<unsigned char>(bytes[at]));
    case ValueType::Int32:
      return double(read_at<std::int32_t>(bytes, at));
    case ValueType::Int64:
      return double(read_at<std::int64_t>(bytes, at));
    case ValueType::Float:
      return double(read_at<float>(bytes, at));
    case ValueType::Double:
      return read_at<double>(bytes, at);
  }
  return 0;
}

/// The file's CRC-32 over all but its last 4 bytes, summed in equal byte ranges per rank and
/// combined in rank order on rank 0.
bool checksum_matches(const MpiContext& ctx, std::string_view bytes) {
  const std::uint64_t len = bytes.size() - 4;
  const std::uint64_t a = len * std::uint64_t(ctx.rank) / std::uint64_t(ctx.size);
  const std::uint64_t b = len * std::uint64_t(ctx.rank + 1) / std::uint64_t(ctx.size);
  uLong crc = crc32(0L, Z_NULL, 0);
  for (std::uint64_t at = a; at < b; at += (1u << 30)) {
    const std::uint64_t piece = std::min<std::uint64_t>(b - at, 1u << 30);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(bytes.data() + at), uInt(piece));
  }
  std::uint64_t mine[2] = {std::uint64_t(crc), b - a};
  std::vector<std::uint64_t> all(2 * std::size_t(ctx.size));
  MPI_Gather(mine, 2, MPI_UINT64_T, all.data(), 2, MPI_UINT64_T, 0, ctx.comm);
  int ok = 1;
  if (ctx.rank == 0) {
    uLong total = crc32(0L, Z_NULL, 0);
    for (int r = 0; r < ctx.size; ++r)
      total = crc32_combine(total, uLong(all[2 * r]), z_off_t(all[2 * r + 1]));
    ok = std::uint32_t(total) == read_at<std::uint32_t>(bytes, len);
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, ctx.comm);
  return ok;
}

/// This rank's rows [a, b) of a binary file, read in place.
struct BinaryRows {
  std::string_view bytes;
  const BinaryHeader& h;
  Vertex a = 0, b = 0;
  /// row_ptr[i].
  std::uint64_t ptr(Vertex i) const {
    return read_at<std::uint64_t>(bytes, h.row_ptr_offset + 8 * i);
  }
  /// The column of entry k.
  Vertex col(std::uint64_t k) const { return read_at<Vertex>(bytes, h.col_offset + 4 * k); }
};

/// The CSR checks on this rank's rows with the file's row numbers. They run in read_binary's
/// order, each agreed before the next, so that the first defect reported is the one spgraph
/// reports: row_ptr, bool bytes, values, columns; then the shape.
void check_binary_rows(const MpiContext& ctx, const std::string& path, const BinaryRows& rows) {
  const BinaryHeader& h = rows.h;
  const std::string bad_csr = "corrupt file: invalid CSR arrays: ";
  agree(ctx, [&] {
    if (rows.ptr(0) != 0 || rows.ptr(h.nrows) != h.nnz)
      throw ParseError(path, 0, bad_csr + "row_ptr must run from 0 to nnz");
    for (Vertex i = rows.a; i < rows.b; ++i)
      if (rows.ptr(i + 1) < rows.ptr(i))
        throw ParseError(path, 0, bad_csr + "row_ptr decreases at row " + std::to_string(i));
  });
  const std::uint64_t k0 = rows.ptr(rows.a), k1 = rows.ptr(rows.b);
  if (!h.pattern && h.type == ValueType::Bool)
    agree(ctx, [&] {
      for (std::uint64_t k = k0; k < k1; ++k)
        if (static_cast<unsigned char>(rows.bytes[h.val_offset + k]) > 1)
          throw ParseError(path, 0, "corrupt file: bool value byte is not 0 or 1");
    });
  if (!h.pattern && (h.type == ValueType::Float || h.type == ValueType::Double))
    agree(ctx, [&] {
      for (Vertex i = rows.a; i < rows.b; ++i)
        for (std::uint64_t k = rows.ptr(i); k < rows.ptr(i + 1); ++k)
          if (std::string why = detail::nan_problem(value_at(rows.bytes, h, k)); !why.empty())
            throw ParseError(path, 0,
                             "entry (" + std::to_string(i + 1) + ", " +
                                 std::to_string(rows.col(k) + 1) + "): value " + why);
    });
  agree(ctx, [&] {
    for (Vertex i = rows.a; i < rows.b; ++i)
      for (std::uint64_t k = rows.ptr(i); k < rows.ptr(i + 1); ++k) {
        if (rows.col(k) >= h.ncols)
          throw ParseError(
              path, 0, bad_csr + "invalid CSR: column out of range in row " + std::to_string(i));
        if (k > rows.ptr(i) && rows.col(k) <= rows.col(k - 1))
          throw ParseError(
              path, 0,
              bad_csr + "invalid CSR: columns not sorted and unique in row " + std::to_string(i));
      }
  });
  if (h.symmetric && h.nrows != h.ncols)
    agree(ctx, [&] {
      throw ParseError(path, 0,
                       "corrupt file: the symmetric flag is set on a " + std::to_string(h.nrows) +
                           " x " + std::to_string(h.ncols) + " matrix");
    });
  agree(ctx, [&] {
    if (h.nrows != h.ncols)
      throw InvalidArgument(path + " is " + std::to_string(h.nrows) + " x " +
                            std::to_string(h.ncols) + ": a graph's matrix must be square");
  });
}

/// This rank's arcs, with their values when `keep_values` (1 for a pattern).
Arcs binary_arcs(const BinaryRows& rows, bool keep_values) {
  Arcs mine;
  for (Vertex i = rows.a; i < rows.b; ++i)
    for (std::uint64_t k = rows.ptr(i); k < rows.ptr(i + 1); ++k) {
      mine.row.push_back(i);
      mine.col.push_back(rows.col(k));
      if (keep_values) mine.val.push_back(rows.h.pattern ? 1.0 : value_at(rows.bytes, rows.h, k));
    }
  return mine;
}

/// A symmetric flag is checked: each owner compares its arcs with the mirrors it receives; the
/// first entry without an equal mirror is refused. Returns the arcs this rank owns.
Arcs owned_symmetric_arcs(const MpiContext& ctx, const std::string& path, Vertex n,
                          const Arcs& mine) {
  Arcs mirror;
  mirror.row = mine.col;
  mirror.col = mine.row;
  mirror.val = mine.val;
  Arcs owned = redistribute(ctx, n, Arcs(mine));
  Arcs mirrored = redistribute(ctx, n, std::move(mirror));
  auto sorted = [](const Arcs& x) {
    std::vector<std::tuple<Vertex, Vertex, double>> t(x.size());
    for (std::size_t k = 0; k < x.size(); ++k)
      t[k] = {x.row[k], x.col[k], x.val.empty() ? 1.0 : x.val[k]};
    std::sort(t.begin(), t.end());
    return t;
  };
  const auto s1 = sorted(owned), s2 = sorted(mirrored);
  std::uint64_t bad = UINT64_MAX;
  for (std::size_t k = 0; k < std::max(s1.size(), s2.size()); ++k) {
    if (k < s1.size() && k < s2.size() && s1[k] == s2[k]) continue;
    const auto& t = k < s1.size() ? s1[k] : s2[k];
    bad = std::min(bad, std::uint64_t(std::get<0>(t)) << 32 | std::get<1>(t));
    break;
  }
  std::uint64_t first = UINT64_MAX;
  MPI_Allreduce(&bad, &first, 1, MPI_UINT64_T, MPI_MIN, ctx.comm);
  agree(ctx, [&] {
    if (first != UINT64_MAX && ctx.rank == 0)
      throw ParseError(path, 0,
                       "corrupt file: the symmetric flag is set but entry (" +
                           std::to_string((first >> 32) + 1) + ", " +
                           std::to_string((first & 0xffffffffu) + 1) +
                           ") has no mirror with the same value");
  });
  return owned;
}

}  // namespace

DistributedGraph load_binary_distributed(const MpiContext& ctx, const std::string& path,
                                         std::string_view bytes, const LoadOptions& options,
                                         bool with_values) {
  DistributedGraph g;
  BinaryHeader h;
  agree(ctx, [&] { h = read_binary_header(path, bytes, options); });
  const bool ok = checksum_matches(ctx, bytes);
  agree(ctx, [&] {
    if (!ok && ctx.rank == 0) throw ParseError(path, 0, "checksum mismatch: file is corrupt");
  });
  // This rank's rows, and the CSR checks on them with the file's row numbers.
  const Vertex a =
      Vertex(std::uint64_t(h.nrows) * std::uint64_t(ctx.rank) / std::uint64_t(ctx.size));
  const Vertex b =
      Vertex(std::uint64_t(h.nrows) * std::uint64_t(ctx.rank + 1) / std::uint64_t(ctx.size));
  const BinaryRows rows{bytes, h, a, b};
  check_binary_rows(ctx, path, rows);
  // This rank's arcs; values are kept for the symmetry check even when the job needs none.
  Arcs mine = binary_arcs(rows, with_values || h.symmetric);
  g.n = h.nrows;
  g.bytes_read = (b > a) ? (rows.ptr(b) - rows.ptr(a)) * (4 + h.value_bytes) : 0;
  if (h.symmetric) {
    g.local = owned_symmetric_arcs(ctx, path, g.n, mine);
    if (!with_values) g.local.val.clear();
  } else {
    if (options.undirected) add_mirrors(mine);  // --undirected: each arc in both directions
    g.local = redistribute(ctx, g.n, std::move(mine));
    if (options.undirected) sort_unique(g.local);
  }
  g.undirected = h.symmetric || options.undirected;
  g.info.format = FileFormat::Binary;
  g.info.symmetric_storage = h.symmetric;
  g.info.field = h.pattern ? "pattern" : std::string(value_type_name(h.type));
  g.info.entries_in_file = h.nnz;
  g.info.index_base = h.base;
  if (h.has_ids) {
    agree(ctx, [&] {
      if (ctx.rank == 0) g.info.ids = read_binary_ids(path, bytes, h);
    });
    g.info.index_base = 0;
  } else {
    g.info.ids = std::make_shared<const VertexIds>(VertexIds::offset(h.base, g.n));
  }
  std::uint64_t local = g.local.size();
  MPI_Allreduce(&local, &g.arcs, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  return g;
}

}  // namespace spgraph::mpi
