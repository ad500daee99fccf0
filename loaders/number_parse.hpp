// SPDX-License-Identifier: Apache-2.0
// Hand-rolled token scanning for the text loaders: skip blanks, read unsigned and signed 64-bit
// integers with overflow detection, and doubles/floats via std::from_chars (no locale, no
// allocation). One pass over the characters of each token; no phases.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>

namespace spgraph::detail {

/// True for the blanks that separate fields on a line (space, tab, carriage return).
inline bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

/// Advances `p` past blanks.
inline const char* skip_blanks(const char* p, const char* end) {
  while (p < end && is_blank(*p)) ++p;
  return p;
}

/// True if `p` is at the end of the line's content (end, or only blanks remain).
inline bool at_line_end(const char* p, const char* end) {
  return skip_blanks(p, end) == end;
}

/// Why a number could not be read.
enum class NumStatus { Ok, Missing, Invalid, Overflow };

/// Reads an unsigned decimal integer at `p` (no sign); advances `p` past it.
inline NumStatus parse_u64(const char*& p, const char* end, std::uint64_t& out) {
  const char* q = p;
  if (q < end && *q == '+') ++q;
  if (q == end || unsigned(*q - '0') > 9)
    return p == end || is_blank(*p) ? NumStatus::Missing : NumStatus::Invalid;
  std::uint64_t v = 0;
  bool overflow = false;
  while (q < end && unsigned(*q - '0') <= 9) {
    const unsigned d = unsigned(*q - '0');
    if (v > (std::numeric_limits<std::uint64_t>::max() - d) / 10) overflow = true;
    v = v * 10 + d;
    ++q;
  }
  if (q < end && !is_blank(*q) && *q != ',') return NumStatus::Invalid;
  p = q;
  out = v;
  return overflow ? NumStatus::Overflow : NumStatus::Ok;
}

/// Reads a signed decimal integer at `p`; advances `p` past it.
inline NumStatus parse_i64(const char*& p, const char* end, std::int64_t& out) {
  const char* q = p;
  bool neg = false;
  if (q < end && (*q == '-' || *q == '+')) {
    neg = *q == '-';
    ++q;
  }
  if (q < end && *q == '+') return NumStatus::Invalid;
  std::uint64_t mag = 0;
  const char* start = q;
  NumStatus s = parse_u64(q, end, mag);
  if (s == NumStatus::Missing && start != p) return NumStatus::Invalid;
  if (s != NumStatus::Ok && s != NumStatus::Overflow) return s;
  const std::uint64_t limit = neg ? std::uint64_t(1) << 63 : (std::uint64_t(1) << 63) - 1;
  if (s == NumStatus::Overflow || mag > limit) return NumStatus::Overflow;
  out = neg ? std::int64_t(0 - mag) : std::int64_t(mag);
  p = q;
  return NumStatus::Ok;
}

/// Reads a floating-point number (decimal, exponent, inf, nan; optional '+'); advances `p`.
template <class F>
inline NumStatus parse_float(const char*& p, const char* end, F& out) {
  const char* q = p;
  if (q == end || is_blank(*q)) return NumStatus::Missing;
  if (*q == '+') ++q;
  if (q < end && (*q == '+' || *q == '-') && q != p) return NumStatus::Invalid;
  auto [ptr, ec] = std::from_chars(q, end, out);
  if (ec == std::errc::invalid_argument) return NumStatus::Invalid;
  if (ptr < end && !is_blank(*ptr) && *ptr != ',') return NumStatus::Invalid;
  if (ec == std::errc::result_out_of_range) {
    // Rare path: strtod tells overflow (infinite) from underflow (tiny, kept as is).
    const double d = std::strtod(std::string(q, ptr).c_str(), nullptr);
    if (std::isinf(d) || std::abs(d) > double(std::numeric_limits<F>::max()))
      return NumStatus::Overflow;
    out = F(d);
  }
  p = ptr;
  return NumStatus::Ok;
}

}  // namespace spgraph::detail
