// SPDX-License-Identifier: Apache-2.0
// Line iteration over an in-memory text buffer, shared by the text loaders: one memchr per
// line, no copies. Also small helpers for case-insensitive token comparison.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "engine/core/error.hpp"
#include "loaders/number_parse.hpp"

namespace spgraph::detail {

/// Walks the lines of `text`; `line_no` counts from 1 within `text`.
class LineCursor {
 public:
  explicit LineCursor(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}
  /// Sets `line` to the next line (without '\n'); false at the end of the text.
  bool next(std::string_view& line) {
    if (p_ >= end_) return false;
    const void* nl = std::memchr(p_, '\n', std::size_t(end_ - p_));
    const char* e = nl ? static_cast<const char*>(nl) : end_;
    line = std::string_view(p_, std::size_t(e - p_));
    p_ = nl ? e + 1 : end_;
    ++line_no_;
    return true;
  }
  std::uint64_t line_no() const { return line_no_; }
  /// Bytes consumed so far, relative to the start of the text.
  const char* position() const { return p_; }

 private:
  const char* p_;
  const char* end_;
  std::uint64_t line_no_ = 0;
};

/// True if the line holds only blanks.
inline bool is_blank_line(std::string_view line) {
  return at_line_end(line.data(), line.data() + line.size());
}

/// The first non-blank character of `line`, or '\0'.
inline char first_char(std::string_view line) {
  const char* p = skip_blanks(line.data(), line.data() + line.size());
  return p < line.data() + line.size() ? *p : '\0';
}

/// Lower-cases ASCII.
inline std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

/// Splits `line` on blanks into at most `max` tokens; returns the count found (may exceed max).
inline std::size_t split_tokens(std::string_view line, std::string_view* out, std::size_t max) {
  std::size_t n = 0;
  const char* p = line.data();
  const char* e = p + line.size();
  for (;;) {
    p = skip_blanks(p, e);
    if (p == e) return n;
    const char* s = p;
    while (p < e && !is_blank(*p)) ++p;
    if (n < max) out[n] = std::string_view(s, std::size_t(p - s));
    ++n;
  }
}

/// Shortens `s` to at most 40 characters for error messages, with control bytes (ESC, NUL,
/// ...) shown as \xNN so that a message never carries them to a terminal.
inline std::string quote(std::string_view s) {
  std::string_view t = s.substr(0, 40);
  while (!t.empty() && (t.back() == '\r' || t.back() == ' ')) t.remove_suffix(1);
  std::string out(1, '\'');  // appends, not "'" + ...: GCC 12 misreports that (-Wrestrict)
  out += printable(t);
  out += s.size() > 40 ? "...'" : "'";
  return out;
}

/// A run of digits for a message: as is up to 24 digits, else its first 20 and its length.
inline std::string digits_for_message(std::string_view digits) {
  if (digits.size() <= 24) return std::string(digits);
  return std::string(digits.substr(0, 20)) + "... (" + std::to_string(digits.size()) + " digits)";
}

}  // namespace spgraph::detail
