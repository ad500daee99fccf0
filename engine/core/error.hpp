// The spgraph exception family. Library code reports every failure by throwing one of these;
// it never calls exit(). Messages say what was wrong and, where it applies, what to do.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace spgraph {

/// `s` with control bytes (below 0x20, and 0x7f: ESC, NUL, ...) written as \xNN, so that a
/// message quoting bytes from a file cannot drive the terminal it is printed on.
inline std::string printable(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
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
