// SPDX-License-Identifier: Apache-2.0
// Implementation of the binary format (layout in binary_format.hpp).
#include "loaders/binary_format.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstring>

#include "engine/core/error.hpp"
#include "loaders/dimension_guard.hpp"
#include "loaders/symmetry.hpp"
#include "loaders/value_rules.hpp"

namespace spgraph {

namespace {

constexpr char kMagic[8] = {'S', 'P', 'G', 'R', 'A', 'P', 'H', '1'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kHeaderBytes = 8 + 4 * 4 + 3 * 8;
constexpr std::uint32_t kFlagPattern = 1, kFlagSymmetric = 2, kFlagIdMap = 4, kFlagStoreStamp = 8;
constexpr std::uint64_t kStoreStampBytes = 16;
constexpr std::uint32_t kIdsInteger = 1, kIdsString = 2;

template <class X>
X read_at(std::string_view bytes, std::size_t off) {
  X x;
  std::memcpy(&x, bytes.data() + off, sizeof(X));
  return x;
}

template <class X>
void append(std::string& out, const X& x) {
  out.append(reinterpret_cast<const char*>(&x), sizeof(X));
}

// Big sections are read in pieces of this size, each handed to `consumed` once read, so that a
// mapped file's pages leave memory while the arrays fill (the peak is the arrays, not twice).
// 1 MiB: at most that much of the file is resident beside the arrays (8 MiB pieces left 6 MiB
// more peak on Kronecker 18 than GAPBS reading its .sg); a madvise per MiB costs nothing.
constexpr std::size_t kPiece = std::size_t(1) << 20;

/// memcpy of `src` into `dst`, piece by piece, each piece reported to `consumed` once copied.
void copy_out(void* dst, std::string_view src, const ConsumedBytes& consumed) {
  for (std::size_t at = 0; at < src.size(); at += kPiece) {
    const std::string_view piece = src.substr(at, kPiece);
    std::memcpy(static_cast<char*>(dst) + at, piece.data(), piece.size());
    if (consumed) consumed(piece);
  }
}

template <class T>
LoadedMatrix decode(const std::string& name, std::string_view bytes, Vertex nrows, Vertex ncols,
                    std::uint64_t nnz, bool pattern, bool pattern_only, bool symmetric,
                    ValueType exact_type, const ConsumedBytes& consumed) {
  // Every check runs on the file's own arrays, values included, so a file is valid or not
  // whatever the command needs from it; values are dropped only afterwards.
  Csr<T> c;
  c.nrows = nrows;
  c.ncols = ncols;
  c.pattern = pattern;
  std::size_t off = kHeaderBytes;
  c.row_ptr.resize(std::size_t(nrows) + 1);
  copy_out(c.row_ptr.data(), bytes.substr(off, c.row_ptr.size() * sizeof(Offset)), consumed);
  off += c.row_ptr.size() * sizeof(Offset);
  // row_ptr must be checked before anything indexes col with it.
  if (c.row_ptr[0] != 0 || c.row_ptr.back() != nnz)
    throw ParseError(name, 0, "corrupt file: invalid CSR arrays: row_ptr must run from 0 to nnz");
  for (Vertex i = 0; i < nrows; ++i)
    if (c.row_ptr[i + 1] < c.row_ptr[i])
      throw ParseError(
          name, 0,
          "corrupt file: invalid CSR arrays: row_ptr decreases at row " + std::to_string(i));
  c.col.resize(nnz);
  copy_out(c.col.data(), bytes.substr(off, nnz * sizeof(Vertex)), consumed);
  off += nnz * sizeof(Vertex);
  if (!c.pattern) {
    c.val.resize(nnz);
    if constexpr (std::is_same_v<T, bool>) {
      for (std::uint64_t k = 0; k < nnz; ++k) {
        const unsigned char b = static_cast<unsigned char>(bytes[off + k]);
        if (b > 1) throw ParseError(name, 0, "corrupt file: bool value byte is not 0 or 1");
        c.val[k] = b == 1;
      }
    } else {
      copy_out(c.val.data(), bytes.substr(off, nnz * sizeof(T)), consumed);
    }
  }
  // Values: no NaN, and, when the caller asks for exact_type, each convertible to it without
  // loss (loaders/value_rules.hpp). A binary file has no lines, so the entry names the value.
  const bool exact = exact_type != ValueType::Pattern;
  if (!c.pattern && (std::is_floating_point_v<T> || exact))
    for (Vertex i = 0; i < nrows; ++i)
      for (Offset k = c.row_ptr[i]; k < c.row_ptr[i + 1]; ++k) {
        std::string why;
        if constexpr (std::is_floating_point_v<T>) {
          if (why = detail::nan_problem(double(c.val[k])); !why.empty())
            why = "value " + why;
          else if (exact)
            why = detail::lossy_problem(double(c.val[k]), exact_type);
        } else {
          why = detail::lossy_problem(std::int64_t(c.val[k]), exact_type);
        }
        if (!why.empty())
          throw ParseError(name, 0,
                           "entry (" + std::to_string(i + 1) + ", " + std::to_string(c.col[k] + 1) +
                               "): " + why);
      }
  try {
    validate_csr(c);
  } catch (const InvalidArgument& e) {
    throw ParseError(name, 0, std::string("corrupt file: invalid CSR arrays: ") + e.what());
  }
  // The symmetric flag is a claim about the arrays: checked (one hashed pass, values included,
  // loaders/symmetry.hpp) rather than trusted by algorithms that would give wrong answers.
  if (symmetric) {
    if (nrows != ncols)
      throw ParseError(name, 0,
                       "corrupt file: the symmetric flag is set on a " + std::to_string(nrows) +
                           " x " + std::to_string(ncols) + " matrix");
    if (!is_symmetric(c, true))
      if (const auto bad = first_asymmetry(c, true))
        throw ParseError(
            name, 0,
            "corrupt file: the symmetric flag is set but entry (" + std::to_string(bad->first + 1) +
                ", " + std::to_string(bad->second + 1) + ") has no mirror with the same value");
  }
  LoadedMatrix out;
  if (pattern_only && !std::is_same_v<T, bool>) {
    Csr<bool> p;
    p.nrows = nrows;
    p.ncols = ncols;
    p.pattern = true;
    p.row_ptr = std::move(c.row_ptr);
    p.col = std::move(c.col);
    out.matrix = Matrix<bool>::trusted(std::move(p));
  } else {
    c.pattern = c.pattern || pattern_only;
    if (c.pattern) c.val = {};
    out.matrix = Matrix<T>::trusted(std::move(c));
  }
  return out;
}

/// Reads the id map section `sec` (flag 4) naming `count` vertices; every defect is a
/// ParseError, as for the arrays.
std::shared_ptr<const VertexIds> decode_ids(const std::string& name, std::string_view sec,
                                            std::uint64_t count) {
  auto bad = [&](const std::string& what) {
    return ParseError(name, 0, "corrupt file: id map: " + what);
  };
  if (sec.size() < 12) throw bad("truncated");
  const auto kind = read_at<std::uint32_t>(sec, 0);
  const auto stored = read_at<std::uint64_t>(sec, 4);
  if (stored != count)
    throw bad("names " + std::to_string(stored) + " vertices, the matrix has " +
              std::to_string(count));
  sec.remove_prefix(12);
  auto ids = std::make_shared<VertexIds>(kind == kIdsString ? VertexIds::Kind::String
                                                            : VertexIds::Kind::Integer);
  if (kind == kIdsInteger) {
    if (sec.size() != count * 8) throw bad("size does not match its count");
    ids->reserve(count);
    for (std::uint64_t v = 0; v < count; ++v)
      if (ids->insert_integer(read_at<std::uint64_t>(sec, v * 8)) != v)
        throw bad("repeated id " + std::to_string(read_at<std::uint64_t>(sec, v * 8)));
  } else if (kind == kIdsString) {
    if (sec.size() / 8 < count) throw bad("truncated offsets");
    const std::string_view text = sec.substr(count * 8);
    ids->reserve(count, text.size());
    std::uint64_t start = 0;
    for (std::uint64_t v = 0; v < count; ++v) {
      const auto end = read_at<std::uint64_t>(sec, v * 8);
      if (end < start || end > text.size()) throw bad("offsets out of order");
      if (ids->insert(text.substr(start, end - start)) != v)
        throw bad("repeated name '" + printable(text.substr(start, end - start)) + "'");
      start = end;
    }
    if (start != text.size()) throw bad("bytes after the last name");
  } else {
    throw bad("unknown kind " + std::to_string(kind));
  }
  return ids;
}

std::size_t value_size(ValueType t) {
  switch (t) {
    case ValueType::Pattern:
      return 0;
    case ValueType::Bool:
      return 1;
    case ValueType::Int32:
    case ValueType::Float:
      return 4;
    case ValueType::Int64:
    case ValueType::Double:
      return 8;
  }
  return 0;
}

}  // namespace

std::uint32_t crc32_of(std::string_view bytes, const ConsumedBytes& consumed) {
  uLong crc = crc32(0L, Z_NULL, 0);
  for (std::size_t at = 0; at < bytes.size(); at += kPiece) {
    const std::string_view piece = bytes.substr(at, kPiece);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(piece.data()), uInt(piece.size()));
    if (consumed) consumed(piece);
  }
  return std::uint32_t(crc);
}

BinaryHeader read_binary_header(const std::string& name, std::string_view bytes,
                                const LoadOptions& options) {
  if (bytes.size() < 8 || std::memcmp(bytes.data(), kMagic, 8) != 0)
    throw ParseError(name, 0, "not an spgraph binary file (magic 'SPGRAPH1' missing)");
  if (bytes.size() < kHeaderBytes + 4)
    throw ParseError(name, 0, "file is truncated: header incomplete");
  const auto version = read_at<std::uint32_t>(bytes, 8);
  if (version != kVersion)
    throw ParseError(
        name, 0, "unsupported binary version " + std::to_string(version) + " (this build reads 1)");
  const auto type_code = read_at<std::uint32_t>(bytes, 12);
  const auto flags = read_at<std::uint32_t>(bytes, 16);
  const auto base = read_at<std::uint32_t>(bytes, 20);
  const auto nrows = read_at<std::uint64_t>(bytes, 24), ncols = read_at<std::uint64_t>(bytes, 32),
             nnz = read_at<std::uint64_t>(bytes, 40);
  if (type_code > std::uint32_t(ValueType::Double))
    throw ParseError(name, 0, "corrupt file: unknown value type code");
  if (flags & ~(kFlagPattern | kFlagSymmetric | kFlagIdMap | kFlagStoreStamp))
    throw ParseError(name, 0, "corrupt file: unknown flag bits");
  if (base > 1) throw ParseError(name, 0, "corrupt file: index base must be 0 or 1");
  if (nrows > options.max_dimension || ncols > options.max_dimension)
    throw ParseError(name, 0,
                     "dimension exceeds the limit of " + std::to_string(options.max_dimension));
  const std::string problem = dimension_problem(
      "the header's " + std::to_string(nrows) + " x " + std::to_string(ncols),
      DimensionCheck{std::max(nrows, ncols), bytes.size(), 16, options.memory_limit});
  if (!problem.empty()) throw ParseError(name, 0, problem);
  const ValueType type = ValueType(type_code);
  const bool pattern = flags & kFlagPattern;
  if (type == ValueType::Pattern)
    throw ParseError(name, 0, "corrupt file: value type code 0 is not an element type");
  const std::size_t vsize = pattern ? 0 : value_size(type);
  // Sizes against the length, without overflow: nnz must fit in what remains.
  const std::uint64_t avail = bytes.size() - kHeaderBytes - 4;
  const std::uint64_t ptr_bytes = (nrows + 1) * 8;
  const bool has_ids = flags & kFlagIdMap, has_stamp = flags & kFlagStoreStamp;
  const std::uint64_t stamp_bytes = has_stamp ? kStoreStampBytes : 0;
  if (ptr_bytes > avail || nnz > (avail - ptr_bytes) / (4 + vsize) ||
      (has_ids ? ptr_bytes + nnz * (4 + vsize) + stamp_bytes + 12 > avail
               : ptr_bytes + nnz * (4 + vsize) + stamp_bytes != avail))
    throw ParseError(name, 0,
                     "file size " + std::to_string(bytes.size()) + " does not match the header (" +
                         std::to_string(nrows) + " rows, " + std::to_string(nnz) +
                         " entries): truncated or corrupt");
  BinaryHeader h;
  h.type = type;
  h.pattern = pattern;
  h.symmetric = flags & kFlagSymmetric;
  h.has_ids = has_ids;
  h.has_stamp = has_stamp;
  h.base = int(base);
  h.nrows = Vertex(nrows);
  h.ncols = Vertex(ncols);
  h.nnz = nnz;
  h.value_bytes = vsize;
  h.row_ptr_offset = kHeaderBytes;
  h.col_offset = kHeaderBytes + ptr_bytes;
  h.val_offset = h.col_offset + nnz * 4;
  h.stamp_offset = h.val_offset + nnz * vsize;
  h.ids_offset = h.stamp_offset + stamp_bytes;
  return h;
}

std::shared_ptr<const VertexIds> read_binary_ids(const std::string& name, std::string_view bytes,
                                                 const BinaryHeader& h) {
  return decode_ids(name, bytes.substr(h.ids_offset, bytes.size() - 4 - h.ids_offset),
                    std::max(h.nrows, h.ncols));
}

LoadedMatrix read_binary(const std::string& name, std::string_view bytes,
                         const LoadOptions& options, const ConsumedBytes& consumed) {
  const BinaryHeader h = read_binary_header(name, bytes, options);
  const ValueType type = h.type;
  const bool pattern = h.pattern, has_ids = h.has_ids;
  const std::uint32_t flags = (h.symmetric ? kFlagSymmetric : 0u);
  const std::uint64_t base = std::uint64_t(h.base), nrows = h.nrows, ncols = h.ncols, nnz = h.nnz;
  const std::uint32_t stored_crc = read_at<std::uint32_t>(bytes, bytes.size() - 4);
  // The checksum, piece by piece: the file's pages are read once here and again, from the page
  // cache, by the copies below.
  if (crc32_of(bytes.substr(0, bytes.size() - 4), consumed) != stored_crc)
    throw ParseError(name, 0, "checksum mismatch: file is corrupt");
  const Vertex nr = Vertex(nrows), nc = Vertex(ncols);
  LoadedMatrix out;
  const bool po = options.pattern_only, sym = flags & kFlagSymmetric;
  switch (type) {
    case ValueType::Pattern:
    case ValueType::Bool:
      out = decode<bool>(name, bytes, nr, nc, nnz, pattern, po, sym, options.exact_type, consumed);
      break;
    case ValueType::Int32:
      out = decode<std::int32_t>(name, bytes, nr, nc, nnz, pattern, po, sym, options.exact_type,
                                 consumed);
      break;
    case ValueType::Int64:
      out = decode<std::int64_t>(name, bytes, nr, nc, nnz, pattern, po, sym, options.exact_type,
                                 consumed);
      break;
    case ValueType::Float:
      out = decode<float>(name, bytes, nr, nc, nnz, pattern, po, sym, options.exact_type, consumed);
      break;
    case ValueType::Double:
      out =
          decode<double>(name, bytes, nr, nc, nnz, pattern, po, sym, options.exact_type, consumed);
      break;
  }
  out.info.format = FileFormat::Binary;
  out.info.symmetric_storage = flags & kFlagSymmetric;
  out.info.field = pattern ? "pattern" : std::string(value_type_name(type));
  out.info.values_in_file = !pattern;
  out.info.entries_in_file = nnz;
  out.info.index_base = int(base);
  if (h.has_stamp)
    out.info.store_stamp = StoreStamp{read_at<std::uint64_t>(bytes, h.stamp_offset),
                                      read_at<std::uint64_t>(bytes, h.stamp_offset + 8)};
  if (has_ids) {
    out.info.ids = read_binary_ids(name, bytes, h);
    out.info.index_base = 0;
  }
  return out;
}

std::string encode_binary(const AnyMatrix& m, bool symmetric, int base, const VertexIds* ids,
                          const StoreStamp* stamp) {
  if (base != 0 && base != 1) throw InvalidArgument("binary format: the base must be 0 or 1");
  if (ids && !ids->remapped()) ids = nullptr;
  return std::visit(
      [&](const auto& x) {
        using T = typename std::decay_t<decltype(x)>::value_type;
        const auto& c = x.csr();
        std::string out;
        const std::size_t vsize = c.pattern ? 0 : sizeof(T);
        out.reserve(kHeaderBytes + c.row_ptr.size() * 8 + c.col.size() * (4 + vsize) + 4);
        out.append(kMagic, 8);
        append(out, kVersion);
        append(out, std::uint32_t(value_type_of<T>()));
        const Vertex n = std::max(c.nrows, c.ncols);
        if (ids && ids->size() != n)
          throw InvalidArgument("binary format: the id map names " + std::to_string(ids->size()) +
                                " vertices, the matrix has " + std::to_string(n));
        append(out,
               std::uint32_t((c.pattern ? kFlagPattern : 0) | (symmetric ? kFlagSymmetric : 0) |
                             (ids ? kFlagIdMap : 0) | (stamp ? kFlagStoreStamp : 0)));
        append(out, std::uint32_t(ids ? 0 : base));
        append(out, std::uint64_t(c.nrows));
        append(out, std::uint64_t(c.ncols));
        append(out, std::uint64_t(c.nnz()));
        out.append(reinterpret_cast<const char*>(c.row_ptr.data()),
                   c.row_ptr.size() * sizeof(Offset));
        out.append(reinterpret_cast<const char*>(c.col.data()), c.col.size() * sizeof(Vertex));
        if (!c.pattern) {
          if constexpr (std::is_same_v<T, bool>)
            for (bool b : c.val) out.push_back(char(b ? 1 : 0));
          else
            out.append(reinterpret_cast<const char*>(c.val.data()), c.val.size() * sizeof(T));
        }
        if (stamp) {
          append(out, stamp->version);
          append(out, stamp->store_id);
        }
        if (ids) {
          const bool text = ids->kind() == VertexIds::Kind::String;
          append(out, text ? kIdsString : kIdsInteger);
          append(out, std::uint64_t(n));
          if (!text) {
            for (Vertex v = 0; v < n; ++v) append(out, ids->integer_id(v));
          } else {
            std::uint64_t end = 0;
            for (Vertex v = 0; v < n; ++v) append(out, end += ids->token(v).size());
            for (Vertex v = 0; v < n; ++v) out.append(ids->token(v));
          }
        }
        append(out, crc32_of(out));
        return out;
      },
      m);
}

}  // namespace spgraph
