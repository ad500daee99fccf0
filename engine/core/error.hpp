// SPDX-License-Identifier: Apache-2.0
// The spgraph exception family. Library code reports every failure by throwing one of these;
// it never calls exit(). Messages say what was wrong and, where it applies, what to do.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace spgraph {

/// `s` with control bytes (below 0x20, and 0x7f: ESC, NUL, ...), C1 controls (U+0080 to
/// U+009F, whose CSI a terminal obeys) and bytes that are not valid UTF-8 written as \xNN, so
/// that a message quoting bytes from a file, a file name or a flag cannot drive the terminal it
/// is printed on, nor reach it as mojibake. Valid UTF-8 text ("étéí", "東京") is kept.
inline std::string printable(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  auto escape = [&out](unsigned char u) {
    out += "\\x";
    out += kHex[u >> 4];
    out += kHex[u & 15];
  };
  auto byte = [&s](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char u = byte(i);
    if (u < 0x80) {
      if (u < 0x20 || u == 0x7f)
        escape(u);
      else
        out += char(u);
      ++i;
      continue;
    }
    // A UTF-8 sequence: its length from the lead byte; continuation bytes 10xxxxxx; no
    // overlong forms, surrogates or code points above U+10FFFF; not a C1 control.
    const std::size_t len = u >= 0xC2 && u <= 0xDF   ? 2
                            : u >= 0xE0 && u <= 0xEF ? 3
                            : u >= 0xF0 && u <= 0xF4 ? 4
                                                     : 0;
    bool ok = len != 0 && i + len <= s.size();
    for (std::size_t k = 1; ok && k < len; ++k) ok = (byte(i + k) & 0xC0) == 0x80;
    if (ok) {
      const unsigned char b = byte(i + 1);
      if ((u == 0xC2 && b < 0xA0) || (u == 0xE0 && b < 0xA0) || (u == 0xED && b >= 0xA0) ||
          (u == 0xF0 && b < 0x90) || (u == 0xF4 && b >= 0x90))
        ok = false;
    }
    if (!ok) {
      escape(u);  // the bytes after it are looked at afresh
      ++i;
      continue;
    }
    out.append(s.data() + i, len);
    i += len;
  }
  return out;
}

/// Base of every error spgraph throws.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Operand shapes do not agree (e.g. mxv with A n×m and u of size k != m).
class DimensionMismatch : public Error {
 public:
  using Error::Error;
};

/// An index lies outside the object's dimensions.
class IndexOutOfBounds : public Error {
 public:
  using Error::Error;
};

/// A caller passed an argument that is not valid (unknown name, bad option, duplicate, ...).
class InvalidArgument : public Error {
 public:
  using Error::Error;
};

/// Input could not be parsed. Carries the file and the 1-based line (0 when not line-based).
class ParseError : public Error {
 public:
  /// The message becomes "file:line: what" (or "file: what" when line is 0).
  ParseError(std::string file, std::uint64_t line, const std::string& what)
      : Error(format(file, line, what)), file_(std::move(file)), line_(line) {}
  /// The file (or buffer name) and the 1-based line; 0 when the input is not line-based.
  const std::string& file() const { return file_; }
  std::uint64_t line() const { return line_; }

 private:
  static std::string format(const std::string& file, std::uint64_t line, const std::string& what) {
    return line ? file + ":" + std::to_string(line) + ": " + what : file + ": " + what;
  }
  std::string file_;
  std::uint64_t line_;
};

/// A file could not be opened, read or written.
class IoError : public Error {
 public:
  using Error::Error;
};

/// A result would not fit in memory; thrown before the allocation is attempted.
class OutOfMemory : public Error {
 public:
  using Error::Error;
};

/// The requested backend (e.g. CUDA) was not built or has no device.
class BackendUnavailable : public Error {
 public:
  using Error::Error;
};

}  // namespace spgraph
