// SPDX-License-Identifier: Apache-2.0
// libFuzzer entry point: feeds arbitrary bytes to the durable store's write-ahead log scan and
// record decoders (store/store_log.hpp), as recovery reads them, plainly and salvaging.
// A StoreError is an accepted outcome; crashes, sanitizer reports, other exceptions, a salvage
// that disagrees with the plain scan, and scans whose parts do not add up to the log are bugs. The
// first byte picks a pattern or a weighted log; for odd sizes every record's CRC is rewritten, so
// that mutations get past the checksums to the framing, version and payload checks.
#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "store/graph_store.hpp"
#include "store/store_log.hpp"

namespace {

/// Rewrites the trailing CRC of each record that fits, walking the framing from the header.
void fix_checksums(std::string& log) {
  namespace sl = spgraph::store_log;
  std::size_t pos = sl::kFileHeaderBytes;
  while (pos + sl::kRecordHeaderBytes + sl::kRecordTrailerBytes <= log.size()) {
    std::uint32_t len = 0;
    std::memcpy(&len, log.data() + pos + 4, 4);
    const std::size_t end =
        pos + sl::kRecordHeaderBytes + std::size_t(len) + sl::kRecordTrailerBytes;
    if (end > log.size()) return;
    const auto crc = std::uint32_t(
        crc32(0L, reinterpret_cast<const Bytef*>(log.data() + pos), uInt(end - pos - 4)));
    std::memcpy(log.data() + end - 4, &crc, 4);
    pos = end;
  }
}

template <class T>
void replay(const std::string& log, bool weighted) {
  namespace sl = spgraph::store_log;
  // Salvaging never throws past the header, and keeps what a plain scan keeps.
  sl::Scan salvaged;
  bool header_ok = true;
  try {
    salvaged = sl::scan("fuzz.log", log, weighted, true);
    if (salvaged.valid_bytes + salvaged.torn_bytes + salvaged.damaged_bytes != log.size() ||
        (salvaged.torn_bytes && salvaged.damaged_bytes) ||
        salvaged.damage.empty() != (salvaged.damaged_bytes == 0))
      __builtin_trap();
  } catch (const spgraph::StoreError&) {
    header_ok = false;
  }
  // A plain scan refuses exactly the logs that salvaging finds damaged.
  sl::Scan s;
  bool refused = false;
  try {
    s = sl::scan("fuzz.log", log, weighted);
  } catch (const spgraph::StoreError&) {
    refused = true;
  }
  if (refused != (!header_ok || salvaged.damaged_bytes > 0)) __builtin_trap();
  if (refused) return;
  if (s.valid_bytes + s.torn_bytes != log.size() || s.valid_bytes != salvaged.valid_bytes ||
      s.records.size() != salvaged.records.size())
    __builtin_trap();
  for (const sl::Record& r : s.records) {
    try {
      if (r.type == sl::kBatchRecord) {
        const spgraph::UpdateBatch<T> b = sl::decode_batch<T>("fuzz.log", r, weighted);
        // Decoding what was encoded gives the same record back.
        if (sl::encode_batch(r.version, b, weighted)
                .substr(sl::kRecordHeaderBytes, r.payload.size()) != r.payload)
          __builtin_trap();
      } else {
        sl::decode_add_vertices("fuzz.log", r);
      }
    } catch (const spgraph::StoreError&) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const bool weighted = data[0] & 1;
  std::string log(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (size % 2 == 1) fix_checksums(log);
  try {
    if (weighted)
      replay<double>(log, true);
    else
      replay<bool>(log, false);
  } catch (const spgraph::StoreError&) {
  }
  return 0;
}
