// SPDX-License-Identifier: Apache-2.0
// spgraph binary format, version 1 (little-endian):
//   "SPGRAPH1" | u32 version | u32 value type (ValueType) | u32 flags (1 pattern, 2 symmetric,
//   4 id map, 8 store stamp) | u32 index base (0 or 1: the id users see for row 0; 0 in files
//   before it was used) | u64 nrows | u64 ncols | u64 nnz | u64 row_ptr[nrows+1] | u32 col[nnz]
//   | T val[nnz] (absent for patterns) | [store stamp, when flag 8 is set] | [id map, when flag
//   4 is set] | u32 CRC-32 (zlib) of every byte before it.
//   The store stamp (a durable store's checkpoint, store/graph_store.hpp): u64 version |
//   u64 store id. Readers that are not the store ignore it.
//   The id map names the max(nrows, ncols) vertices of a remapped graph: u32 kind (1 integer,
//   2 string) | u64 count | integer: u64 id[count] | string: u64 end[count] (offsets into the
//   bytes that follow, increasing) | the token bytes. Files without it read as before.
// Reading: (1) header and size checks against the length and the dimension guard, (2) CRC over
// the file, (3) copy the arrays (values dropped when only the structure is asked for; NaN
// refused), (4) CSR invariant check, (5) when the symmetric flag is set, a check
// that the arrays are symmetric, values included (O(nnz log d)): a flag is a claim, not trusted.
// Cost O(bytes); writing is one pass.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "loaders/load_options.hpp"

namespace spgraph {

/// Told of each part of the input that a reader has finished with (InputBuffer::drop_pages).
using ConsumedBytes = std::function<void(std::string_view)>;

/// The CRC-32 (zlib's) of `bytes`, of any length; the binary format's and the store log's
/// checksum. Summed in 8 MiB pieces, each reported to `consumed` (when given) once summed.
std::uint32_t crc32_of(std::string_view bytes, const ConsumedBytes& consumed = {});

/// Parses a binary file's bytes; `name` is used in errors. `consumed`, when given, hears of each
/// piece of the bytes once it is checksummed or copied out (it may drop it from memory: the
/// bytes must stay readable, as a mapped file's dropped pages do).
LoadedMatrix read_binary(const std::string& name, std::string_view bytes,
                         const LoadOptions& options, const ConsumedBytes& consumed = {});

/// What a binary file's header says, checked against the file's length (for readers that take
/// the arrays in pieces: spgraph-mpi reads a range of rows per rank).
struct BinaryHeader {
  ValueType type = ValueType::Bool;
  bool pattern = false, symmetric = false, has_ids = false, has_stamp = false;
  int base = 0;
  Vertex nrows = 0, ncols = 0;
  std::uint64_t nnz = 0;
  std::size_t value_bytes = 0;  ///< 0 for a pattern
  std::uint64_t row_ptr_offset = 0, col_offset = 0, val_offset = 0, stamp_offset = 0,
                ids_offset = 0;
};
/// Checks the header and the sizes as read_binary does (the same errors), without the CRC.
BinaryHeader read_binary_header(const std::string& name, std::string_view bytes,
                                const LoadOptions& options);
/// The id map of a file whose header has has_ids.
std::shared_ptr<const VertexIds> read_binary_ids(const std::string& name, std::string_view bytes,
                                                 const BinaryHeader& h);

/// Serialises `m` in the binary format (flag `symmetric` records symmetric storage, `base` the
/// numbering users see: 1 for a graph that came from Matrix Market or METIS).
/// `ids`, when remapped, is stored as the id map (it must name max(nrows, ncols) vertices);
/// `stamp`, when given, is stored as the store stamp (a store's checkpoint).
std::string encode_binary(const AnyMatrix& m, bool symmetric = false, int base = 0,
                          const VertexIds* ids = nullptr, const StoreStamp* stamp = nullptr);

}  // namespace spgraph
