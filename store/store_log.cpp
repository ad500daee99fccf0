// SPDX-License-Identifier: Apache-2.0
// The durable store's write-ahead log codec and recovery scan (store_log.hpp).
#include "store/store_log.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstring>

#include "store/graph_store.hpp"
#include "loaders/binary_format.hpp"

namespace spgraph::store_log {

namespace {

constexpr char kFileMagic[8] = {'S', 'P', 'G', 'W', 'A', 'L', '0', '1'};
constexpr std::uint32_t kRecordMagic = 0x52574753;  // "SGWR" little-endian

std::uint32_t crc_of(const char* p, std::size_t n) {
  return crc32_of(std::string_view(p, n));
}

template <class V>
void put(std::string& out, V v) {
  char b[sizeof(V)];
  std::memcpy(b, &v, sizeof(V));
  out.append(b, sizeof(V));
}

template <class V>
V get(const char* p) {
  V v;
  std::memcpy(&v, p, sizeof(V));
  return v;
}

/// Frames `payload` as a record: header, payload, CRC.
std::string frame(std::uint64_t version, std::uint8_t type, std::string_view payload) {
  std::string r;
  r.reserve(kRecordHeaderBytes + payload.size() + kRecordTrailerBytes);
  put<std::uint32_t>(r, kRecordMagic);
  put<std::uint32_t>(r, std::uint32_t(payload.size()));
  put<std::uint64_t>(r, version);
  r.push_back(char(type));
  r.append(3, '\0');
  r.append(payload);
  put<std::uint32_t>(r, crc_of(r.data(), r.size()));
  return r;
}

bool all_zero(std::string_view bytes) {
  return std::all_of(bytes.begin(), bytes.end(), [](char c) { return c == 0; });
}

/// True when a sound record (magic, fits, checksum) starts anywhere in bytes[from, size). A
/// torn tail is the last append, so nothing sound can follow it; a record found after a
/// failed one means the failed one is corrupt (say, a flipped bit in its length field made it
/// seem to run past the end), and dropping the rest would lose acknowledged batches.
bool sound_record_after(std::string_view bytes, std::size_t from) {
  const char magic[4] = {'S', 'G', 'W', 'R'};
  for (std::size_t p = from; p + kRecordHeaderBytes + kRecordTrailerBytes <= bytes.size(); ++p) {
    const void* hit = std::memchr(bytes.data() + p, magic[0], bytes.size() - p);
    if (!hit) return false;
    p = std::size_t(static_cast<const char*>(hit) - bytes.data());
    if (p + kRecordHeaderBytes + kRecordTrailerBytes > bytes.size()) return false;
    if (std::memcmp(bytes.data() + p, magic, 4) != 0) continue;
    const std::uint64_t len = get<std::uint32_t>(bytes.data() + p + 4);
    const std::uint64_t end = p + kRecordHeaderBytes + len + kRecordTrailerBytes;
    if (end <= bytes.size() && crc_of(bytes.data() + p, std::size_t(end - p - 4)) ==
                                   get<std::uint32_t>(bytes.data() + end - 4))
      return true;
  }
  return false;
}

/// True when `rest` (a record's bytes to the end of the log, its declared length running past
/// the end) is one whole record with a damaged length field: with the length that `rest` would
/// need, the checksum at its end matches. A torn append leaves no such thing.
bool whole_record_with_wrong_length(std::string_view rest) {
  if (rest.size() < kRecordHeaderBytes + kRecordTrailerBytes ||
      rest.size() - kRecordHeaderBytes - kRecordTrailerBytes > 0xffffffffu)
    return false;
  // The CRC of the record with that length put in its length field (bytes 4..8), summed in
  // three pieces rather than over a patched copy of what may be the rest of a large log.
  const auto len = std::uint32_t(rest.size() - kRecordHeaderBytes - kRecordTrailerBytes);
  const auto* b = reinterpret_cast<const Bytef*>(rest.data());
  uLong crc = crc32_z(0L, b, 4);
  crc = crc32_z(crc, reinterpret_cast<const Bytef*>(&len), 4);
  crc = crc32_z(crc, b + 8, rest.size() - 8 - kRecordTrailerBytes);
  return std::uint32_t(crc) == get<std::uint32_t>(rest.data() + rest.size() - kRecordTrailerBytes);
}

std::string at(const std::string& path, std::uint64_t offset) {
  std::string m = path;
  m += " at byte ";
  m += std::to_string(offset);
  return m;
}

}  // namespace

std::string file_header(bool weighted, std::uint32_t store_tag) {
  std::string h(kFileMagic, sizeof kFileMagic);
  put<std::uint32_t>(h, weighted ? 1 : 0);
  put<std::uint32_t>(h, store_tag);
  return h;
}

std::uint32_t header_store_tag(std::string_view bytes) {
  return get<std::uint32_t>(bytes.data() + 12);
}

template <class T>
std::string encode_batch(std::uint64_t version, const UpdateBatch<T>& batch, bool weighted) {
  const std::size_t n = batch.updates.size();
  if (n > (std::size_t(1) << 32) / (weighted ? 17 : 9))
    throw StoreError("a batch of " + std::to_string(n) +
                     " updates is too large for one log "
                     "record (split it)");
  std::string p;
  p.reserve(8 + n * (weighted ? 17 : 9));
  put<std::uint64_t>(p, n);
  for (const auto& e : batch.updates) p.push_back(char(e.kind));
  for (const auto& e : batch.updates) put<std::uint32_t>(p, e.u);
  for (const auto& e : batch.updates) put<std::uint32_t>(p, e.v);
  if (weighted)
    for (const auto& e : batch.updates) put<double>(p, double(e.w));
  return frame(version, kBatchRecord, p);
}

std::string encode_add_vertices(std::uint64_t version, Vertex k) {
  std::string p;
  put<std::uint32_t>(p, k);
  return frame(version, kAddVerticesRecord, p);
}

Scan scan(const std::string& path, std::string_view bytes, bool weighted, bool salvage) {
  if (bytes.size() < kFileHeaderBytes || std::memcmp(bytes.data(), kFileMagic, 8) != 0)
    throw StoreError(path + ": not a spgraph store log (bad or short header)");
  if (get<std::uint32_t>(bytes.data() + 8) != (weighted ? 1u : 0u))
    throw StoreError(path + ": the log says the graph is " +
                     (weighted ? std::string("unweighted") : std::string("weighted")) +
                     ", but the store's metadata says otherwise");
  Scan s;
  std::uint64_t pos = kFileHeaderBytes;
  std::uint64_t last_version = 0;
  while (pos < bytes.size()) {
    const std::string_view rest = bytes.substr(pos);
    // The failure of the record at `pos`, or empty when it is sound.
    std::string problem;
    std::uint64_t end = 0;  // the record's declared end, when its header is readable
    if (rest.size() < kRecordHeaderBytes) {
      problem = "a record header is cut short";
    } else if (get<std::uint32_t>(rest.data()) != kRecordMagic) {
      problem = "no record starts here (bad magic)";
    } else {
      const std::uint64_t len = get<std::uint32_t>(rest.data() + 4);
      end = pos + kRecordHeaderBytes + len + kRecordTrailerBytes;
      const std::uint64_t version = get<std::uint64_t>(rest.data() + 8);
      const std::uint8_t type = std::uint8_t(rest[16]);
      if (end > bytes.size()) {
        problem = "the record runs past the end of the log";
      } else if (crc_of(rest.data(), end - pos - 4) != get<std::uint32_t>(bytes.data() + end - 4)) {
        problem = "checksum mismatch";
      } else if (type != kBatchRecord && type != kAddVerticesRecord) {
        problem = "unknown record type " + std::to_string(type);
      } else if (last_version != 0 && version != last_version + 1) {
        problem = "version " + std::to_string(version) + " follows version " +
                  std::to_string(last_version);
      } else {
        s.records.push_back(
            {pos, version, type, rest.substr(kRecordHeaderBytes, std::size_t(len))});
        last_version = version;
        pos = end;
        continue;
      }
    }
    // A failed record is a torn tail when it is what a crash in the middle of an append leaves:
    // a prefix of the record, then nothing (the file ends inside it) or zeros (the file grew but
    // the data never reached the disk, so the checksum field is zeros too), and no sound record
    // after it. A whole record that fails its checksum is corruption, however late in the log:
    // it was complete, so it may have been acknowledged.
    const bool past_end = problem == "the record runs past the end of the log";
    bool runs_past = past_end || problem == "a record header is cut short";
    if (past_end && whole_record_with_wrong_length(rest)) {
      runs_past = false;
      problem = "its length field is damaged: the record is whole, " + std::to_string(rest.size()) +
                " bytes";
    }
    const bool zeros_after_start = all_zero(rest.substr(std::min<std::size_t>(rest.size(), 4)));
    const bool unwritten_end = problem == "checksum mismatch" && end >= pos + 4 &&
                               all_zero(bytes.substr(std::size_t(end) - 4));
    if ((runs_past || zeros_after_start || unwritten_end) &&
        !sound_record_after(bytes, std::size_t(pos) + 4)) {
      s.torn_bytes = bytes.size() - pos;
      break;
    }
    std::string what = at(path, pos) + ": corrupt record (" + problem + "), " +
                       std::to_string(bytes.size() - pos) +
                       " bytes from its start to the end of the log";
    if (salvage) {
      s.damaged_bytes = bytes.size() - pos;
      s.damage = std::move(what);
      break;
    }
    throw StoreError(what +
                     "; the log cannot be replayed past this point. Nothing was changed: "
                     "opening with salvage (spgraph --salvage) keeps the records before "
                     "it and moves the rest to a copy");
  }
  s.valid_bytes = pos;
  return s;
}

template <class T>
UpdateBatch<T> decode_batch(const std::string& path, const Record& r, bool weighted) {
  const std::string_view p = r.payload;
  const auto bad = [&](const std::string& what) {
    return StoreError(at(path, r.offset) + ": malformed batch record (" + what + ")");
  };
  if (p.size() < 8) throw bad("no update count");
  const std::uint64_t n = get<std::uint64_t>(p.data());
  const std::uint64_t per = weighted ? 17 : 9;
  if (n > (p.size() - 8) / per || 8 + n * per != p.size()) throw bad("size does not match count");
  UpdateBatch<T> b;
  b.updates.resize(std::size_t(n));
  const char* kinds = p.data() + 8;
  const char* us = kinds + n;
  const char* vs = us + 4 * n;
  const char* ws = vs + 4 * n;
  for (std::size_t k = 0; k < n; ++k) {
    const auto kind = std::uint8_t(kinds[k]);
    if (kind > std::uint8_t(UpdateKind::Assign)) throw bad("unknown update kind");
    EdgeUpdate<T>& e = b.updates[k];
    e.kind = UpdateKind(kind);
    e.u = get<std::uint32_t>(us + 4 * k);
    e.v = get<std::uint32_t>(vs + 4 * k);
    e.w = weighted ? static_cast<T>(get<double>(ws + 8 * k)) : T(1);
  }
  return b;
}

Vertex decode_add_vertices(const std::string& path, const Record& r) {
  if (r.payload.size() != 4)
    throw StoreError(at(path, r.offset) + ": malformed add-vertices record");
  return get<std::uint32_t>(r.payload.data());
}

template std::string encode_batch<bool>(std::uint64_t, const UpdateBatch<bool>&, bool);
template std::string encode_batch<double>(std::uint64_t, const UpdateBatch<double>&, bool);
template UpdateBatch<bool> decode_batch<bool>(const std::string&, const Record&, bool);
template UpdateBatch<double> decode_batch<double>(const std::string&, const Record&, bool);

}  // namespace spgraph::store_log
