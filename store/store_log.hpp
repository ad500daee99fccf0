// SPDX-License-Identifier: Apache-2.0
// The durable store's write-ahead log (graph_store.hpp): its file header, the framing of one
// record per applied batch, and the scan that recovery runs. Layout (little-endian; docs/store.md):
//   file header (16 bytes): "SPGWAL01" | u32 weighted (0 or 1) | u32 store tag (the low 32 bits
//                           of the store's id; 0 in stores made before ids)
//   record: u32 magic "SGWR" | u32 payload bytes | u64 version | u8 type (1 batch, 2 add
//           vertices) | 3 zero bytes | payload | u32 CRC-32 (zlib) of every record byte before it
//   batch payload: u64 count | u8 kind[count] (UpdateKind) | u32 u[count] | u32 v[count]
//                  | f64 w[count] (weighted logs only)
//   add-vertices payload: u32 k
// Scan: records are read in order; each must have the magic, fit in the file, pass its CRC and
// carry the version after the previous one. The first record that fails is a torn tail (dropped)
// when it is what a crash in the middle of an append leaves: a prefix of the record, then either
// the end of the file (its declared length runs past the end, and no length would make it a
// whole record with a matching CRC) or zeros up to the end of the file (its CRC field included:
// the file grew but the data never reached the disk), with no sound record (magic and checksum)
// anywhere after it. Anything else, a whole record with a wrong CRC included, is corruption: a
// StoreError naming the log and the record's byte offset, or, when salvaging, the end of the
// records kept (Scan::damaged_bytes).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/dynamic_graph.hpp"

namespace spgraph::store_log {

inline constexpr std::size_t kFileHeaderBytes = 16;
inline constexpr std::size_t kRecordHeaderBytes = 20;
inline constexpr std::size_t kRecordTrailerBytes = 4;
inline constexpr std::uint8_t kBatchRecord = 1;
inline constexpr std::uint8_t kAddVerticesRecord = 2;

/// The 16-byte file header of a log of a weighted (or pattern) graph, with the store's tag (the
/// low 32 bits of its id; 0 for stores made before ids).
std::string file_header(bool weighted, std::uint32_t store_tag = 0);
/// The store tag in a log's header (`bytes` holds at least the header).
std::uint32_t header_store_tag(std::string_view bytes);

/// One batch as a framed record of the given version.
template <class T>
std::string encode_batch(std::uint64_t version, const UpdateBatch<T>& batch, bool weighted);
/// An add-vertices step as a framed record.
std::string encode_add_vertices(std::uint64_t version, Vertex k);

/// A record found by the scan: its version, type and payload (a view into the scanned bytes).
struct Record {
  std::uint64_t offset = 0;  ///< byte offset of the record in the log
  std::uint64_t version = 0;
  std::uint8_t type = 0;
  std::string_view payload;
};

/// What a scan found: the valid records in order, and where the valid prefix ends.
struct Scan {
  std::vector<Record> records;
  std::uint64_t valid_bytes = 0;  ///< the log's length without its torn tail
  std::uint64_t torn_bytes = 0;   ///< bytes of the torn tail (0: none)
  /// Salvaging only: bytes from the first corrupt record to the end (0: none), and what is
  /// wrong there (the message the scan would have thrown).
  std::uint64_t damaged_bytes = 0;
  std::string damage;
};

/// Scans a whole log (see the file comment); `path` names it in errors; `weighted` is what the
/// header must say. With `salvage`, corruption ends the records kept instead of throwing.
Scan scan(const std::string& path, std::string_view bytes, bool weighted, bool salvage = false);

/// The batch of a kBatchRecord payload; StoreError (naming path and offset) when malformed.
template <class T>
UpdateBatch<T> decode_batch(const std::string& path, const Record& r, bool weighted);
/// The vertex count of a kAddVerticesRecord payload.
Vertex decode_add_vertices(const std::string& path, const Record& r);

}  // namespace spgraph::store_log
