// SPDX-License-Identifier: Apache-2.0
// tests/support/gzip.hpp: what the gzip writer writes inflates (with zlib, gzip framing
// required) to exactly the text given, whole or written in flushed pieces, empty text included;
// a synced piece is readable before the member is finished; two members concatenate.
#include "tests/support/gzip.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>

namespace spgraph::testing {
namespace {

/// Inflates gzip members (windowBits 15 + 16: a gzip header is required) until the input ends;
/// `complete` says whether the last member ended.
std::string gunzip(const std::string& bytes, bool* complete = nullptr) {
  std::string out;
  std::size_t at = 0;
  bool ended = true;
  while (at < bytes.size()) {
    z_stream zs{};
    EXPECT_EQ(inflateInit2(&zs, 15 + 16), Z_OK);
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data() + at));
    zs.avail_in = uInt(bytes.size() - at);
    int rc = Z_OK;
    char buf[4096];
    while (rc == Z_OK) {
      zs.next_out = reinterpret_cast<Bytef*>(buf);
      zs.avail_out = sizeof buf;
      rc = inflate(&zs, Z_NO_FLUSH);
      out.append(buf, sizeof buf - zs.avail_out);
      if (rc == Z_BUF_ERROR && zs.avail_in == 0) break;  // input ended inside the member
    }
    EXPECT_TRUE(rc == Z_STREAM_END || rc == Z_BUF_ERROR) << "inflate: " << rc;
    ended = rc == Z_STREAM_END;
    at += zs.total_in;
    inflateEnd(&zs);
    if (!ended) break;
  }
  if (complete) *complete = ended;
  return out;
}

TEST(GzipWriter, OneMemberInflatesToTheText) {
  std::string text;
  for (int k = 0; k < 20000; ++k)
    text += "+ " + std::to_string(k) + " " + std::to_string(k * 7) + "\n";
  const std::string gz = gzip_bytes(text);
  ASSERT_GE(gz.size(), 18u);
  EXPECT_EQ(static_cast<unsigned char>(gz[0]), 0x1f);  // the gzip magic
  EXPECT_EQ(static_cast<unsigned char>(gz[1]), 0x8b);
  EXPECT_LT(gz.size(), text.size());
  bool complete = false;
  EXPECT_EQ(gunzip(gz, &complete), text);
  EXPECT_TRUE(complete);
}

TEST(GzipWriter, EmptyTextIsAnEmptyMember) {
  bool complete = false;
  EXPECT_EQ(gunzip(gzip_bytes(""), &complete), "");
  EXPECT_TRUE(complete);
}

TEST(GzipWriter, SyncedPiecesAreReadableBeforeTheMemberEnds) {
  GzipWriter zip;
  const std::string first = zip.add("+ 1 2\n+ 3 ", GzipWriter::Flush::Sync);
  bool complete = true;
  EXPECT_EQ(gunzip(first, &complete), "+ 1 2\n+ 3 ");
  EXPECT_FALSE(complete);
  const std::string held = zip.add("4\n", GzipWriter::Flush::None);
  const std::string rest = zip.add("? edges\n", GzipWriter::Flush::Finish);
  EXPECT_EQ(gunzip(first + held + rest, &complete), "+ 1 2\n+ 3 4\n? edges\n");
  EXPECT_TRUE(complete);
}

TEST(GzipWriter, MembersConcatenate) {
  EXPECT_EQ(gunzip(gzip_bytes("a\n") + gzip_bytes("b\n")), "a\nb\n");
}

}  // namespace
}  // namespace spgraph::testing
