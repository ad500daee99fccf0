// SPDX-License-Identifier: Apache-2.0
// The tests' gzip writer, on zlib: gzip_bytes() compresses a text into one gzip member, and
// GzipWriter compresses one member piece by piece, flushing where asked, for a reader fed live
// through a pipe. Level 6 with a gzip header (windowBits 15 + 16), as the gzip tool writes.
#pragma once

#include <zlib.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace spgraph::testing {

/// One gzip member written in pieces.
class GzipWriter {
 public:
  /// How add() ends: nothing forced out, everything so far made readable, or the member closed.
  enum class Flush { None = Z_NO_FLUSH, Sync = Z_SYNC_FLUSH, Finish = Z_FINISH };

  GzipWriter() {
    if (deflateInit2(&zs_, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      throw std::runtime_error("deflateInit2 failed");
  }
  ~GzipWriter() { deflateEnd(&zs_); }
  GzipWriter(const GzipWriter&) = delete;
  GzipWriter& operator=(const GzipWriter&) = delete;

  /// Compresses `text` and returns the bytes ready so far; throws if zlib fails.
  std::string add(std::string_view text, Flush flush) {
    std::string out;
    zs_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    zs_.avail_in = uInt(text.size());
    char buf[1 << 14];
    do {
      zs_.next_out = reinterpret_cast<Bytef*>(buf);
      zs_.avail_out = sizeof buf;
      if (deflate(&zs_, int(flush)) == Z_STREAM_ERROR) throw std::runtime_error("deflate failed");
      out.append(buf, sizeof buf - zs_.avail_out);
    } while (zs_.avail_out == 0);
    return out;
  }

 private:
  z_stream zs_{};
};

/// `text` as one complete gzip member.
inline std::string gzip_bytes(std::string_view text) {
  GzipWriter g;
  return g.add(text, GzipWriter::Flush::Finish);
}

}  // namespace spgraph::testing
