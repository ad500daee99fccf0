// SPDX-License-Identifier: Apache-2.0
// libFuzzer entry point for update streams (loaders/update_stream.hpp): feeds arbitrary bytes to
// parse_update_line and, via an in-memory file (memfd, opened by path like any --updates
// argument), to UpdateStreamReader in lenient and strict mode, with numeric ids and with names.
// Three oracles:
//   (1) every record the parser accepts obeys the record rules of update_stream.hpp for its
//       kind (checked_record below: one rule set per update symbol and per query of
//       kUpdateQueries, so a new query or field must be described here too);
//   (2) every accepted record, written back as a line, parses to the same record;
//   (3) for plain (non-gzip) input the reader agrees exactly with a line-by-line oracle: split
//       on '\n', length limit, BOM, comment test, parse_update_line.
// Any spgraph::Error is an accepted outcome for gzip input; a disagreement, a crash, a sanitizer
// report or another exception is a bug.
#include <sys/mman.h>
#include <unistd.h>

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.hpp"
#include "loaders/byte_order_mark.hpp"
#include "loaders/input_buffer.hpp"
#include "loaders/update_stream.hpp"

namespace {

using spgraph::QueryKind;
using spgraph::UpdateKind;
using spgraph::UpdateRecord;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_update_stream: %s\n", what.c_str());
  std::abort();
}

std::string number(double w) {
  char buf[64];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, w).ptr);
}

/// Every field of a record as one comparable line.
std::string describe(const UpdateRecord& r) {
  return "R" + std::to_string(r.line) + " " + std::to_string(r.is_query) + " " +
         std::to_string(int(r.update)) + " " + std::to_string(int(r.query)) + " " +
         std::to_string(r.u) + " " + std::to_string(r.v) + " " + std::to_string(r.has_weight) +
         " " + number(r.weight) + " [" + r.word + "] [" + r.u_name + "] [" + r.v_name + "]";
}

/// A vertex field as the parser must have read it: with names, a token without blanks whose
/// value is kept when it is a whole unsigned integer (else 0); without names, no token is kept.
void check_vertex(const char* what, std::uint64_t value, const std::string& token, bool names,
                  bool present) {
  const std::string w(what);
  if (!present) {
    if (value != 0 || !token.empty()) fail(w + " set where the record has none");
    return;
  }
  if (!names) {
    if (!token.empty()) fail(w + " name kept without names");
    return;
  }
  if (token.empty() || token.find_first_of(" \t") != std::string::npos)
    fail(w + " name empty or holding a blank");
  // An integer as every loader reads one (number_parse.hpp): an optional '+', then digits.
  std::string_view digits(token);
  if (!digits.empty() && digits[0] == '+') digits.remove_prefix(1);
  std::uint64_t parsed = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), parsed);
  const bool whole = ec == std::errc() && end == digits.data() + digits.size();
  if (value != (whole ? parsed : 0)) fail(w + " value differs from its name");
}

/// The spec row of a query kind (every QueryKind has exactly one).
const spgraph::QuerySpec& spec_of(QueryKind kind) {
  const spgraph::QuerySpec* found = nullptr;
  for (const spgraph::QuerySpec& q : spgraph::kUpdateQueries)
    if (q.kind == kind) {
      if (found) fail("query kind listed twice");
      found = &q;
    }
  if (!found) fail("query kind not in kUpdateQueries");
  return *found;
}

/// Checks the rules of update_stream.hpp for the record's kind and returns describe(r).
std::string checked_record(const UpdateRecord& r, std::uint64_t line_no, bool names) {
  if (r.line != line_no) fail("record has the wrong line number");
  if (std::isnan(r.weight)) fail("weight is NaN");  // +-inf are values (value_rules.hpp)
  if (!r.has_weight && r.weight != 1.0) fail("weight without has_weight is not 1");
  if (r.is_query) {
    const spgraph::QuerySpec& spec = spec_of(r.query);
    const bool knn = r.query == QueryKind::Knn;
    if (r.has_weight) fail("query with a weight");
    if (!r.v_name.empty()) fail("query with a target name");
    check_vertex("query vertex", r.u, r.u_name, names, !spec.argument.empty());
    if (knn && r.v == 0) fail("'? knn' with k = 0");
    if (!knn && (r.v != 0 || !r.word.empty())) fail("query other than knn with k or a measure");
    if (r.word.find_first_of(" \t") != std::string::npos) fail("measure holds a blank");
  } else {
    if (!r.word.empty()) fail("update with a measure");
    if (r.update == UpdateKind::Erase && r.has_weight) fail("delete with a weight");
    if (r.update == UpdateKind::Assign && !r.has_weight) fail("re-weight without a weight");
    check_vertex("source", r.u, r.u_name, names, true);
    check_vertex("target", r.v, r.v_name, names, true);
  }
  return describe(r);
}

/// The record written back as a line of the stream (the form update_stream.hpp documents).
std::string written(const UpdateRecord& r, bool names) {
  const auto id = [names](std::uint64_t value, const std::string& name) {
    return names ? name : std::to_string(value);
  };
  if (r.is_query) {
    const spgraph::QuerySpec& spec = spec_of(r.query);
    std::string s = "? " + std::string(spec.name);
    if (!spec.argument.empty()) s += " " + id(r.u, r.u_name);
    if (r.query == QueryKind::Knn) s += " " + std::to_string(r.v) + (r.word.empty() ? "" : " ");
    return s + r.word;
  }
  const char symbol = r.update == UpdateKind::Insert  ? '+'
                      : r.update == UpdateKind::Erase ? '-'
                                                      : '=';
  std::string s = std::string(1, symbol) + " " + id(r.u, r.u_name) + " " + id(r.v, r.v_name);
  return r.has_weight ? s + " " + number(r.weight) : s;
}

/// Oracles (1) and (2) for an accepted record; returns describe(r).
std::string checked(const UpdateRecord& r, std::uint64_t line_no, bool names) {
  const std::string d = checked_record(r, line_no, names);
  const std::string line = written(r, names);
  UpdateRecord again;
  const std::string err = spgraph::parse_update_line(line, line_no, again, names);
  if (!err.empty()) fail("record written back as '" + line + "' is refused: " + err);
  if (describe(again) != d) fail("record written back as '" + line + "' reads differently");
  return d;
}

/// What a lenient reader must produce for plain text, computed one line at a time.
std::vector<std::string> oracle(std::string_view text, std::size_t max_line, bool names) {
  std::vector<std::string> out;
  std::uint64_t line_no = 0;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    ++line_no;
    if (line.size() > max_line) {
      out.push_back("E" + std::to_string(line_no) + " line is longer than the limit of " +
                    std::to_string(max_line) + " bytes");
      continue;
    }
    // A UTF-8 byte order mark before the first line is not content.
    if (line_no == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);
    if (spgraph::is_update_comment(line)) continue;
    UpdateRecord r;
    const std::string err = spgraph::parse_update_line(line, line_no, r, names);
    out.push_back(err.empty() ? checked(r, line_no, names)
                              : "E" + std::to_string(line_no) + " " + err);
  }
  return out;
}

/// True when the plain file at `path` starts with a UTF-16 or UTF-32 byte order mark on a first
/// line within the line limit (the reader refuses such a stream).
bool wide_first_line(const std::string& path, const spgraph::UpdateStreamOptions& options) {
  std::ifstream in(path, std::ios::binary);
  std::string head(options.max_line_bytes + 2, '\0');
  in.read(head.data(), std::streamsize(head.size()));
  head.resize(std::size_t(in.gcount()));
  const std::size_t nl = head.find('\n');
  const std::size_t first = nl == std::string::npos ? head.size() : nl;
  return spgraph::detail::wide_encoding(head) != nullptr && first <= options.max_line_bytes;
}

/// Reads the file at `path` in lenient mode; false when it threw (allowed for gzip only).
bool read_lenient(const std::string& path, spgraph::UpdateStreamOptions options, bool gzip,
                  std::vector<std::string>& lenient) {
  try {
    options.strict = false;
    options.on_error = [&](const spgraph::LineError& e) {
      lenient.push_back("E" + std::to_string(e.line) + " " + e.message);
    };
    spgraph::UpdateStreamReader reader(path, options);
    UpdateRecord r;
    while (reader.next(r)) lenient.push_back(checked(r, r.line, options.names));
  } catch (const spgraph::ParseError& e) {
    // A UTF-16 or UTF-32 stream is refused whole, at its first line, strict or not.
    if (!gzip && !(e.line() == 1 && wide_first_line(path, options)))
      fail(std::string("plain input threw in lenient mode: ") + e.what());
    return false;
  } catch (const spgraph::Error& e) {
    if (!gzip) fail(std::string("plain input threw in lenient mode: ") + e.what());
    return false;
  }
  return true;
}

/// Strict mode returns the records up to the first malformed line and throws at that line.
void check_strict(const std::string& path, spgraph::UpdateStreamOptions options,
                  const std::vector<std::string>& lenient) {
  std::size_t first_error = 0;
  while (first_error < lenient.size() && lenient[first_error][0] != 'E') ++first_error;
  std::size_t returned = 0;
  try {
    options.strict = true;
    options.on_error = nullptr;
    spgraph::UpdateStreamReader reader(path, options);
    UpdateRecord r;
    while (reader.next(r)) {
      if (returned >= first_error || checked(r, r.line, options.names) != lenient[returned])
        fail("strict record differs");
      ++returned;
    }
    if (first_error != lenient.size()) fail("strict mode accepted a malformed line");
  } catch (const spgraph::ParseError& e) {
    if (first_error == lenient.size() || returned != first_error ||
        lenient[first_error].rfind("E" + std::to_string(e.line()) + " ", 0) != 0)
      fail(std::string("strict mode threw at the wrong place: ") + e.what());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);

  // The whole input as one line, with numeric ids and with names: any verdict, but an
  // accepted record must obey its rules and read back the same.
  for (const bool names : {false, true}) {
    UpdateRecord one;
    if (spgraph::parse_update_line(bytes, 1, one, names).empty()) checked(one, 1, names);
  }

  static const int fd = memfd_create("fuzz_update_stream", MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != ssize_t(size)) {
    fail("cannot prepare the in-memory file");
  }
  const std::string path = "/proc/self/fd/" + std::to_string(fd);

  // The input size picks the options, so every combination gets exercised. Tiny reads are for
  // plain text only: a small gzip input can inflate to megabytes.
  const bool gzip = spgraph::is_gzip(bytes);
  spgraph::UpdateStreamOptions options;
  options.max_line_bytes = size & 1 ? 48 : std::size_t(1) << 20;
  options.read_chunk = size & 2 && !gzip ? 1 + size % 13 : std::size_t(1) << 16;
  options.names = size & 4;

  std::vector<std::string> lenient;
  if (!read_lenient(path, options, gzip, lenient) || gzip) return 0;
  if (lenient != oracle(bytes, options.max_line_bytes, options.names))
    fail("reader disagrees with the oracle");
  check_strict(path, options, lenient);
  return 0;
}
