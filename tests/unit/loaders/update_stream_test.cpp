// SPDX-License-Identifier: Apache-2.0
// Update stream parser and reader: every record type, comments, CRLF and tabs, each error
// message, strict vs lenient line reporting, overlong lines, gzip (whole, concatenated members,
// truncated), reads in tiny chunks, a live pipe that delivers records before its writer is
// done, and a 200k-line random stream round-tripped through text.
#include "loaders/update_stream.hpp"

#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <atomic>
#include <bit>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <future>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engine/core/error.hpp"
#include "tests/support/gzip.hpp"
#include "tests/unit/loaders/loader_test_util.hpp"

namespace spgraph::testing {
namespace {

/// A record as one comparable line of text; the weight prints in shortest round-trip form.
std::string show(const UpdateRecord& r) {
  std::string s(1, 'L');  // appends: GCC 12 misreports "L" + string here (-Wrestrict)
  s += std::to_string(r.line);
  s += ' ';
  if (r.is_query) {
    s += "? " + std::string(query_name(r.query)) + " " + std::to_string(r.u);
  } else {
    s += r.update == UpdateKind::Insert ? "+" : r.update == UpdateKind::Erase ? "-" : "=";
    s += " " + std::to_string(r.u) + " " + std::to_string(r.v);
  }
  s += " v=" + std::to_string(r.v) + (r.has_weight ? " w=" : " (w=");
  char buf[64];
  s.append(buf, std::to_chars(buf, buf + sizeof buf, r.weight).ptr);
  return r.has_weight ? s : s + ")";
}

std::vector<std::string> read_all(const std::string& path, const UpdateStreamOptions& o = {}) {
  UpdateStreamReader reader(path, o);
  std::vector<std::string> out;
  UpdateRecord r;
  while (reader.next(r)) out.push_back(show(r));
  return out;
}

/// Index of the first differing element, or the shorter size if one is a prefix of the other.
std::size_t first_difference(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  return i;
}

UpdateRecord parsed(std::string_view line) {
  UpdateRecord r;
  const std::string err = parse_update_line(line, 9, r);
  EXPECT_EQ(err, "") << "line: " << line;
  return r;
}

TEST(UpdateStream, ParsesEveryRecordType) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"+ 1 2", "L9 + 1 2 v=2 (w=1)"},
      {"+ 1 2 0.5", "L9 + 1 2 v=2 w=0.5"},
      {"+ 0 18446744073709551615 -3e2",
       "L9 + 0 18446744073709551615 v=18446744073709551615 w=-300"},
      {"- 3 4", "L9 - 3 4 v=4 (w=1)"},
      {"= 5 6 -2.5e3", "L9 = 5 6 v=6 w=-2500"},
      {"= 5 6 +7", "L9 = 5 6 v=6 w=7"},
      {"+ +5 6", "L9 + 5 6 v=6 (w=1)"},
      {"? bfs 7", "L9 ? bfs 7 v=0 (w=1)"},
      {"? degree 8", "L9 ? degree 8 v=0 (w=1)"},
      {"? edges", "L9 ? edges 0 v=0 (w=1)"},
      {"? triangles", "L9 ? triangles 0 v=0 (w=1)"},
  };
  for (const auto& [line, want] : cases) EXPECT_EQ(show(parsed(line)), want) << line;
  const UpdateRecord a = parsed("= 1 2 3");
  EXPECT_FALSE(a.is_query);
  EXPECT_EQ(a.update, UpdateKind::Assign);
  EXPECT_TRUE(a.has_weight);
  const UpdateRecord q = parsed("? degree 4");
  EXPECT_TRUE(q.is_query);
  EXPECT_EQ(q.query, QueryKind::Degree);
}

TEST(UpdateStream, QueryTableDrivesParsingNamesAndTheUnknownQueryMessage) {
  UpdateRecord r;
  const std::string unknown = parse_update_line("? nosuch", 1, r);
  for (const QuerySpec& q : kUpdateQueries) {
    SCOPED_TRACE(std::string(q.name));
    const std::string line = "? " + std::string(q.name) + (q.argument.empty() ? "" : " 3");
    const UpdateRecord got = parsed(line);
    EXPECT_TRUE(got.is_query);
    EXPECT_EQ(got.query, q.kind);
    EXPECT_EQ(got.u, q.argument.empty() ? 0u : 3u);
    EXPECT_EQ(query_name(q.kind), q.name);
    EXPECT_NE(unknown.find(std::string(q.name)), std::string::npos) << unknown;
  }
}

TEST(UpdateStream, CommentsAndBlankLinesAreSkippedButCounted) {
  TempDir tmp;
  const std::string p =
      tmp.write("c.txt", "# header\n\n   % konect style\n+ 1 2\n\t# indented\n \t \n? edges\n");
  EXPECT_EQ(read_all(p),
            (std::vector<std::string>{"L4 + 1 2 v=2 (w=1)", "L7 ? edges 0 v=0 (w=1)"}));
  UpdateStreamReader reader(p);
  UpdateRecord r;
  while (reader.next(r)) {
  }
  EXPECT_EQ(reader.lines_read(), 7u);
  EXPECT_TRUE(is_update_comment("  # x"));
  EXPECT_TRUE(is_update_comment("\t\r"));
  EXPECT_FALSE(is_update_comment(" + 1 2"));
}

TEST(UpdateStream, CrlfTabsAndTrailingBlanksAreAcceptedWithoutFinalNewline) {
  TempDir tmp;
  const std::string p = tmp.write(
      "crlf.txt", "+\t1\t2\r\n\r\n-  3   4  \t\r\n  = 1 2 0.25 \r\n? bfs\t0 \t\r\n? triangles");
  EXPECT_EQ(read_all(p), (std::vector<std::string>{"L1 + 1 2 v=2 (w=1)", "L3 - 3 4 v=4 (w=1)",
                                                   "L4 = 1 2 v=2 w=0.25", "L5 ? bfs 0 v=0 (w=1)",
                                                   "L6 ? triangles 0 v=0 (w=1)"}));
  // A carriage return inside a line is not a separator.
  UpdateRecord r;
  EXPECT_NE(parse_update_line("+ 1\r2", 1, r).find("got 1 field"), std::string::npos);
}

TEST(UpdateStream, MalformedLinesGiveActionableMessages) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"* 1 2", "unknown record type '*': a line starts with '+', '-', '=' or '?'"},
      {"+1 2", "the record symbol '+' must be followed by a space or tab, got '+1'"},
      {"?bfs 1", "the record symbol '?' must be followed by a space or tab"},
      {"+", "expected 2 vertex ids after '+', got 0 fields"},
      {"+ 1", "expected 2 vertex ids after '+', got 1 field"},
      {"- 1", "expected 2 vertex ids after '-', got 1 field"},
      {"= 1", "expected 2 vertex ids and a weight after '=', got 1 field"},
      {"+ 1 2 3 4", "too many fields after '+': expected '+ u v [w]', got 4"},
      {"- 1 2 3 4", "too many fields after '-': expected '- u v', got 4"},
      {"= 1 2 3 4 5", "too many fields after '=': expected '= u v w', got 5"},
      {"- 1 2 0.5", "'-' takes no weight: expected '- u v'"},
      {"= 1 2", "missing weight after '=': expected '= u v w'"},
      {"+ x 2", "source vertex id 'x' is not a non-negative integer"},
      {"+ 1 2x", "target vertex id '2x' is not a non-negative integer"},
      {"+ 1,2 3", "source vertex id '1,2' is not a non-negative integer"},
      {"- 1 -2", "target vertex id '-2' is negative"},
      {"+ 99999999999999999999 1", "source vertex id 99999999999999999999 overflows 64 bits"},
      {"+ 1 18446744073709551616", "target vertex id 18446744073709551616 overflows 64 bits"},
      {"+ 1 2 abc", "weight 'abc' is not a number"},
      {"+ 1 2 1.5x", "weight '1.5x' is not a number"},
      {"+ 1 2 1,5", "weight '1,5' is not a number"},
      {"= 1 2 nan", "weight 'nan' is NaN: values must be numbers"},
      {"+ 1 2 1e999", "weight '1e999' is out of range for double"},
      {"?",
       "expected a query name after '?': valid queries are bfs, degree, edges, triangles, "
       "pagerank, sssp, cc"},
      {"? foo",
       "unknown query 'foo': valid queries are bfs, degree, edges, triangles, pagerank, "
       "sssp, cc"},
      {"? BFS 1", "unknown query 'BFS'"},
      {"? bfs", "query 'bfs' expects 1 vertex id (the source), got 0"},
      {"? degree 1 2", "query 'degree' expects 1 vertex id (the vertex), got 2"},
      {"? edges 1", "query 'edges' takes no arguments, got 1"},
      {"? triangles x y", "query 'triangles' takes no arguments, got 2"},
      {"? bfs -1", "vertex id '-1' is negative"},
      {"? degree 99999999999999999999", "vertex id 99999999999999999999 overflows 64 bits"},
      {"# comment", "not a record"},
      {"", "not a record"},
  };
  for (const auto& [line, fragment] : cases) {
    UpdateRecord r;
    r.line = 777;
    const std::string err = parse_update_line(line, 5, r);
    EXPECT_NE(err.find(fragment), std::string::npos)
        << "line: " << line << "\nmessage: " << err << "\nexpected: " << fragment;
    EXPECT_EQ(r.line, 777u) << "a failed parse leaves the record alone: " << line;
  }
  // Long fields are shortened and control bytes masked in messages.
  UpdateRecord r;
  const std::string err = parse_update_line("+ " + std::string(5000, 'x') + "\x1b 2", 1, r);
  EXPECT_LT(err.size(), 120u) << err;
  EXPECT_NE(err.find("xxx...'"), std::string::npos) << err;
  EXPECT_EQ(parse_update_line("+ 1 \x1b[2J", 1, r).find('\x1b'), std::string::npos);
}

TEST(UpdateStream, StrictModeThrowsParseErrorWithFileAndLineAfterEarlierRecords) {
  TempDir tmp;
  const std::string p = tmp.write("s.txt", "+ 1 2\n# c\n- 1 2\n\n= 1 2 abc\n+ 3 4\n");
  UpdateStreamReader first(p);
  UpdateRecord r;
  ASSERT_TRUE(first.next(r));
  // A moved reader continues where the first one stopped.
  UpdateStreamReader reader = std::move(first);
  ASSERT_TRUE(reader.next(r));
  EXPECT_EQ(r.line, 3u);
  const std::string msg = expect_parse_error([&] { reader.next(r); }, "weight 'abc'", 5);
  EXPECT_EQ(msg.rfind(p + ":5: ", 0), 0u) << msg;
}

TEST(UpdateStream, LenientModeSkipsBadLinesAndReportsExactLineNumbers) {
  TempDir tmp;
  const std::string p = tmp.write("l.txt",
                                  "+ 1 2\n"
                                  "+ 1\n"
                                  "% c\n"
                                  "- 5 6\n"
                                  "? foo\r\n"
                                  "\n"
                                  "= 1 2 nan\n"
                                  "? edges\n"
                                  "- 1 2 3");
  UpdateStreamOptions o;
  o.strict = false;
  UpdateStreamReader reader(p, o);
  std::vector<std::string> got;
  UpdateRecord r;
  while (reader.next(r)) got.push_back(show(r));
  EXPECT_EQ(got, (std::vector<std::string>{"L1 + 1 2 v=2 (w=1)", "L4 - 5 6 v=6 (w=1)",
                                           "L8 ? edges 0 v=0 (w=1)"}));
  const std::vector<std::pair<std::uint64_t, std::string>> want = {
      {2, "expected 2 vertex ids after '+'"},
      {5, "unknown query 'foo'"},
      {7, "is NaN"},
      {9, "'-' takes no weight"}};
  ASSERT_EQ(reader.errors().size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(reader.errors()[i].line, want[i].first);
    EXPECT_NE(reader.errors()[i].message.find(want[i].second), std::string::npos)
        << reader.errors()[i].message;
  }

  // With a callback the errors go there, in order, and are not kept.
  std::vector<std::uint64_t> lines;
  o.on_error = [&](const LineError& e) { lines.push_back(e.line); };
  UpdateStreamReader with_callback(p, o);
  while (with_callback.next(r)) {
  }
  EXPECT_EQ(lines, (std::vector<std::uint64_t>{2, 5, 7, 9}));
  EXPECT_TRUE(with_callback.errors().empty());
}

TEST(UpdateStream, OverlongLinesAreRejectedAtTheDefaultLimit) {
  TempDir tmp;
  const std::string big = "+ 1 2 " + std::string(3 << 20, '7');
  const std::string p = tmp.write("long.txt", "+ 1 2\n" + big + "\n+ 3 4\n" + big);
  expect_parse_error([&] { read_all(p); }, "line is longer than the limit of 1048576 bytes", 2);
  UpdateStreamOptions o;
  o.strict = false;
  UpdateStreamReader reader(p, o);
  std::vector<std::string> got;
  UpdateRecord r;
  while (reader.next(r)) got.push_back(show(r));
  EXPECT_EQ(got, (std::vector<std::string>{"L1 + 1 2 v=2 (w=1)", "L3 + 3 4 v=4 (w=1)"}));
  ASSERT_EQ(reader.errors().size(), 2u);
  EXPECT_EQ(reader.errors()[0].line, 2u);
  EXPECT_EQ(reader.errors()[1].line, 4u);
  EXPECT_EQ(reader.lines_read(), 4u);
}

TEST(UpdateStream, TinyReadChunksGiveTheSameRecordsErrorsAndLineLimit) {
  TempDir tmp;
  // Limit 16: line 2 has exactly 16 bytes (accepted), line 4 has 17 (rejected), line 6 is far
  // longer and ends the file without a newline.
  const std::string text =
      "+ 1 2\r\n"
      "+ 10 20 0.123456\n"
      "# c\n"
      "+ 10 20 0.1234567\n"
      "bad\n" +
      std::string(100, ' ');
  const std::string p = tmp.write("chunks.txt", text + "x");
  std::vector<std::string> baseline;
  for (const std::size_t chunk : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(5),
                                  std::size_t(16), std::size_t(17), std::size_t(4096)}) {
    SCOPED_TRACE("read_chunk " + std::to_string(chunk));
    UpdateStreamOptions o;
    o.strict = false;
    o.max_line_bytes = 16;
    o.read_chunk = chunk;
    UpdateStreamReader reader(p, o);
    std::vector<std::string> got;
    UpdateRecord r;
    while (reader.next(r)) got.push_back(show(r));
    for (const LineError& e : reader.errors())
      got.push_back(std::string("E").append(std::to_string(e.line)).append(" ").append(e.message));
    EXPECT_EQ(got,
              (std::vector<std::string>{"L1 + 1 2 v=2 (w=1)", "L2 + 10 20 v=20 w=0.123456",
                                        "E4 line is longer than the limit of 16 bytes",
                                        "E5 unknown record type 'bad': a line starts with '+', "
                                        "'-', '=' or '?' ('#' or '%' for comments)",
                                        "E6 line is longer than the limit of 16 bytes"}));
    EXPECT_EQ(reader.lines_read(), 6u);
  }
}

TEST(UpdateStream, GzipInputIsDetectedByContentIncludingConcatenatedMembers) {
  TempDir tmp;
  const std::string a = "+ 1 2\n# c\n= 1 2 0.5\n";
  const std::string b = "? bfs 1\n- 1 2\n";
  const std::vector<std::string> want = read_all(tmp.write("plain.txt", a + b));
  ASSERT_EQ(want.size(), 4u);

  // Written with gzopen/gzwrite under a .gz name.
  const std::string gz = tmp.file("updates.txt.gz");
  gzFile f = gzopen(gz.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  const std::string text = a + b;
  ASSERT_EQ(gzwrite(f, text.data(), unsigned(text.size())), int(text.size()));
  ASSERT_EQ(gzclose(f), Z_OK);
  EXPECT_EQ(read_all(gz), want);

  // Two members under a name that does not say gzip, read in small chunks.
  UpdateStreamOptions o;
  o.read_chunk = 3;
  EXPECT_EQ(read_all(tmp.write("updates.dat", gzip_bytes(a) + gzip_bytes(b)), o), want);

  // A truncated stream returns the records before the cut, then fails.
  const std::string whole = gzip_bytes(text + std::string(2000, '#') + "\n");
  const std::string cut = tmp.write("cut.gz", whole.substr(0, whole.size() - 12));
  UpdateStreamReader reader(cut);
  UpdateRecord r;
  std::size_t n = 0;
  const std::string msg = expect_parse_error(
      [&] {
        while (reader.next(r)) ++n;
      },
      "corrupt gzip stream: truncated");
  EXPECT_EQ(n, 4u) << msg;
  // Non-gzip bytes after a member are corrupt, not silently dropped.
  expect_parse_error([&] { read_all(tmp.write("trail.gz", gzip_bytes(a) + "+ 5 6\n")); },
                     "corrupt gzip stream");
}

TEST(UpdateStream, MissingFileOrDirectoryIsIoErrorNamingThePath) {
  for (const std::string& path : std::vector<std::string>{"/nonexistent/dir/updates.txt", "/tmp"}) {
    try {
      UpdateStreamReader reader(path);
      FAIL() << "opening " << path << " succeeded";
    } catch (const IoError& e) {
      EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(UpdateStreamReader("-").name(), "<stdin>");
}

TEST(UpdateStream, PipeYieldsEachRecordBeforeTheWriterFinishes) {
  using namespace std::chrono_literals;
  for (const bool gz : {false, true}) {
    SCOPED_TRACE(gz ? "gzip" : "plain");
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    // The reader opens its own descriptor for the pipe's read end, as `--updates /dev/fd/N`.
    UpdateStreamReader reader("/dev/fd/" + std::to_string(fds[0]));
    ::close(fds[0]);
    std::promise<void> got_two, got_three;
    std::atomic<bool> writer_waited_in_vain{false};
    {
      // Declared after the reader, so it is joined while the reader is still open.
      std::jthread writer([&, wfd = fds[1]] {
        GzipWriter zip;
        auto send = [&](const std::string& text, GzipWriter::Flush flush) {
          const std::string bytes = gz ? zip.add(text, flush) : text;
          EXPECT_EQ(::write(wfd, bytes.data(), bytes.size()), ssize_t(bytes.size()));
        };
        // The third line arrives in two pieces.
        send("+ 1 2\n? edges\n+ 3 ", GzipWriter::Flush::Sync);
        if (got_two.get_future().wait_for(10s) != std::future_status::ready)
          writer_waited_in_vain = true;
        send("4\n", GzipWriter::Flush::Sync);
        if (got_three.get_future().wait_for(10s) != std::future_status::ready)
          writer_waited_in_vain = true;
        send("", GzipWriter::Flush::Finish);
        ::close(wfd);
      });
      UpdateRecord r;
      ASSERT_TRUE(reader.next(r));
      EXPECT_EQ(show(r), "L1 + 1 2 v=2 (w=1)");
      ASSERT_TRUE(reader.next(r));
      EXPECT_EQ(show(r), "L2 ? edges 0 v=0 (w=1)");
      got_two.set_value();
      ASSERT_TRUE(reader.next(r));
      EXPECT_EQ(show(r), "L3 + 3 4 v=4 (w=1)");
      got_three.set_value();
      EXPECT_FALSE(reader.next(r));
    }
    EXPECT_FALSE(writer_waited_in_vain) << "the reader waited for the end of the input";
  }
}

TEST(UpdateStream, OverlongLineOnAPipeIsReportedWhileItIsStillArriving) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  UpdateStreamOptions o;
  o.strict = false;
  std::atomic<bool> long_line_written{false};
  std::vector<std::pair<std::uint64_t, bool>> reported;  // (line, long line already written)
  o.on_error = [&](const LineError& e) { reported.emplace_back(e.line, long_line_written.load()); };
  UpdateStreamReader reader("/dev/fd/" + std::to_string(fds[0]), o);
  ::close(fds[0]);
  std::vector<std::string> got;
  {
    // 32 MiB without a newline: a reader that buffered the whole line would see it complete.
    std::jthread writer([&, wfd = fds[1]] {
      const std::string piece(1 << 16, '1');
      std::string head = "+ 1 2\n+ 1 2 ";
      EXPECT_EQ(::write(wfd, head.data(), head.size()), ssize_t(head.size()));
      for (int i = 0; i < 512; ++i) {
        std::size_t done = 0;
        while (done < piece.size()) {
          const ssize_t k = ::write(wfd, piece.data() + done, piece.size() - done);
          ASSERT_GT(k, 0);
          done += std::size_t(k);
        }
      }
      long_line_written = true;
      const std::string tail = "\n? edges\n";
      EXPECT_EQ(::write(wfd, tail.data(), tail.size()), ssize_t(tail.size()));
      ::close(wfd);
    });
    UpdateRecord r;
    while (reader.next(r)) got.push_back(show(r));
  }
  EXPECT_EQ(got, (std::vector<std::string>{"L1 + 1 2 v=2 (w=1)", "L3 ? edges 0 v=0 (w=1)"}));
  EXPECT_EQ(reported, (std::vector<std::pair<std::uint64_t, bool>>{{2, false}}));
}

TEST(UpdateStream, RandomStreamOf200kLinesRoundTripsThroughText) {
  const std::uint64_t seed = 20240611;
  ::testing::Test::RecordProperty("seed", std::to_string(seed));
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  auto pick = [&](std::uint64_t n) { return rng() % n; };
  auto id = [&]() -> std::uint64_t {
    switch (pick(4)) {
      case 0:
        return pick(100);
      case 1:
        return rng();
      case 2:
        return pick(2) ? 0 : std::numeric_limits<std::uint64_t>::max();
      default:
        return pick(1u << 20);
    }
  };
  auto weight = [&]() -> double {
    if (pick(3)) return double(std::int64_t(pick(2001)) - 1000) / 8;
    for (;;) {
      const double w = std::bit_cast<double>(rng());
      if (std::isfinite(w)) return w;
    }
  };
  const char* seps[] = {" ", "\t", "  ", " \t "};
  auto sep = [&] { return std::string(seps[pick(4)]); };
  auto num = [](auto x) {
    char buf[64];
    return std::string(buf, std::to_chars(buf, buf + sizeof buf, x).ptr);
  };

  std::string text;
  std::vector<std::string> want;
  std::uint64_t line = 0;
  while (line < 200000) {
    ++line;
    std::string out = pick(8) == 0 ? sep() : "";
    if (pick(20) == 0) {
      out += pick(3) == 0 ? "" : pick(2) ? "# comment 1 2" : "% + 1 2";
    } else {
      UpdateRecord r;
      r.line = line;
      const std::uint64_t kind = pick(7);
      if (kind < 3) {
        r.update = UpdateKind(kind);
        r.u = id();
        r.v = id();
        r.has_weight =
            r.update == UpdateKind::Assign || (r.update == UpdateKind::Insert && pick(2));
        if (r.has_weight) r.weight = weight();
        out += std::string(1, "+-="[kind]) + sep() + num(r.u) + sep() + num(r.v);
        if (r.has_weight) out += sep() + num(r.weight);
      } else {
        const QuerySpec& q = kUpdateQueries[kind - 3];
        r.is_query = true;
        r.query = q.kind;
        out.append("?").append(sep()).append(q.name);
        if (!q.argument.empty()) {
          r.u = id();
          out += sep() + num(r.u);
        }
      }
      want.push_back(show(r));
    }
    if (pick(6) == 0) out += sep();
    text += out + (pick(4) == 0 ? "\r\n" : "\n");
  }

  TempDir tmp;
  const std::string plain = tmp.write("random.txt", text);
  const std::string packed = tmp.write("random.txt.gz", gzip_bytes(text));
  for (const auto& [path, chunk] : std::vector<std::pair<std::string, std::size_t>>{
           {plain, 1 << 16}, {plain, 7}, {packed, 1 << 16}, {packed, 13}}) {
    SCOPED_TRACE(path + " read_chunk " + std::to_string(chunk));
    UpdateStreamOptions o;
    o.read_chunk = chunk;
    const std::vector<std::string> got = read_all(path, o);
    const std::size_t d = first_difference(got, want);
    ASSERT_EQ(got.size(), want.size());
    ASSERT_EQ(d, want.size()) << "first difference: got " << got[d] << ", want " << want[d];
  }
}

}  // namespace
}  // namespace spgraph::testing
