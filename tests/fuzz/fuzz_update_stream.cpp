// libFuzzer entry point for update streams: feeds arbitrary bytes to parse_update_line and, via
// an in-memory file (memfd, opened by path like any --updates argument), to UpdateStreamReader
// in lenient and strict mode. For plain (non-gzip) input the reader must agree exactly with a
// line-by-line oracle: split on '\n', length limit, comment test, parse_update_line. Any
// spgraph::Error is an accepted outcome for gzip input; a disagreement, a crash, a sanitizer
// report or another exception is a bug.
#include <sys/mman.h>
#include <unistd.h>

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.hpp"
#include "loaders/input_buffer.hpp"
#include "loaders/update_stream.hpp"

namespace {

using spgraph::UpdateRecord;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_update_stream: %s\n", what.c_str());
  std::abort();
}

/// Checks the invariants of a parsed record and returns it as one comparable line.
std::string checked(const UpdateRecord& r) {
  if (r.is_query && (r.v != 0 || r.has_weight)) fail("query with a target or weight");
  if (!r.is_query && r.update == spgraph::UpdateKind::Erase && r.has_weight)
    fail("delete with a weight");
  if (!r.is_query && r.update == spgraph::UpdateKind::Assign && !r.has_weight)
    fail("re-weight without a weight");
  if (std::isnan(r.weight)) fail("weight is NaN");  // +-inf are values (value_rules.hpp)
  char w[64];
  const std::string weight(w, std::to_chars(w, w + sizeof w, r.weight).ptr);
  return "R" + std::to_string(r.line) + " " + std::to_string(r.is_query) + " " +
         std::to_string(int(r.update)) + " " + std::to_string(int(r.query)) + " " +
         std::to_string(r.u) + " " + std::to_string(r.v) + " " + std::to_string(r.has_weight) +
         " " + weight;
}

/// What a lenient reader must produce for plain text, computed one line at a time.
std::vector<std::string> oracle(std::string_view text, std::size_t max_line) {
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
    const std::string err = spgraph::parse_update_line(line, line_no, r);
    out.push_back(err.empty() ? checked(r) : "E" + std::to_string(line_no) + " " + err);
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);

  // The whole input as one line: any result, but a record must be consistent.
  UpdateRecord one;
  if (spgraph::parse_update_line(bytes, 1, one).empty()) checked(one);

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

  std::vector<std::string> lenient;
  try {
    options.strict = false;
    options.on_error = [&](const spgraph::LineError& e) {
      lenient.push_back("E" + std::to_string(e.line) + " " + e.message);
    };
    spgraph::UpdateStreamReader reader(path, options);
    UpdateRecord r;
    while (reader.next(r)) lenient.push_back(checked(r));
  } catch (const spgraph::Error& e) {
    if (!gzip) fail(std::string("plain input threw in lenient mode: ") + e.what());
    return 0;
  }
  if (gzip) return 0;
  if (lenient != oracle(bytes, options.max_line_bytes)) fail("reader disagrees with the oracle");

  // Strict mode returns the records up to the first malformed line and throws at that line.
  std::size_t first_error = 0;
  while (first_error < lenient.size() && lenient[first_error][0] != 'E') ++first_error;
  std::size_t returned = 0;
  try {
    options.strict = true;
    options.on_error = nullptr;
    spgraph::UpdateStreamReader reader(path, options);
    UpdateRecord r;
    while (reader.next(r)) {
      if (returned >= first_error || checked(r) != lenient[returned]) fail("strict record differs");
      ++returned;
    }
    if (first_error != lenient.size()) fail("strict mode accepted a malformed line");
  } catch (const spgraph::ParseError& e) {
    if (first_error == lenient.size() || returned != first_error ||
        lenient[first_error].rfind("E" + std::to_string(e.line()) + " ", 0) != 0)
      fail(std::string("strict mode threw at the wrong place: ") + e.what());
  }
  return 0;
}
