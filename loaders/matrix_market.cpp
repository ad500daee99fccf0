// SPDX-License-Identifier: Apache-2.0
// Implementation of the Matrix Market reader (phases in matrix_market.hpp).
#include "loaders/matrix_market.hpp"

#include <omp.h>

#include <cmath>
#include <limits>
#include <optional>
#include <unordered_set>

#include "engine/core/error.hpp"
#include "loaders/dimension_guard.hpp"
#include "loaders/parallel_lines.hpp"
#include "loaders/text_lines.hpp"
#include "loaders/value_rules.hpp"

namespace spgraph {

namespace {

using detail::LineCursor;
using detail::NumStatus;

enum class Field { Pattern, Integer, Real };
enum class Symmetry { General, Symmetric, Skew };
/// The element type named by a "%%GraphBLAS type" line.
enum class Hint { None, Bool, I8, I16, I32, I64, U8, U16, U32, U64, F32, F64 };

/// How each value token is read and checked.
struct ValueSpec {
  enum Kind { None, Signed, Unsigned64, Float, Double } kind = None;
  std::int64_t lo = 0, hi = 0;           ///< inclusive range for Signed
  std::string type_name;                 ///< for messages
  ValueType exact = ValueType::Pattern;  ///< LoadOptions::exact_type: values must convert to it
};

struct Header {
  bool coordinate = true;
  Field field = Field::Real;
  Symmetry symmetry = Symmetry::General;
  Hint hint = Hint::None;
  std::string hint_name;
  Vertex nrows = 0, ncols = 0;
  std::uint64_t nnz = 0;              ///< declared entries (coordinate)
  std::uint64_t body_first_line = 0;  ///< line number of the first line after the size line
  std::size_t body_offset = 0;        ///< byte offset of that line
};

Hint parse_hint(const std::string& name, std::uint64_t line, std::string t) {
  static const std::pair<const char*, Hint> names[] = {
      {"bool", Hint::Bool},  {"int8", Hint::I8},   {"int16", Hint::I16},  {"int32", Hint::I32},
      {"int64", Hint::I64},  {"uint8", Hint::U8},  {"uint16", Hint::U16}, {"uint32", Hint::U32},
      {"uint64", Hint::U64}, {"float", Hint::F32}, {"double", Hint::F64}, {"fp32", Hint::F32},
      {"fp64", Hint::F64}};
  if (t.find("complex") != std::string::npos || t.find("fc32") != std::string::npos ||
      t.find("fc64") != std::string::npos)
    throw ParseError(name, line, "complex type '" + t + "' is not supported");
  if (t.size() > 2 && t.ends_with("_t")) t.resize(t.size() - 2);
  if (t.starts_with("grb_")) t = t.substr(4);
  for (const auto& [n, h] : names)
    if (t == n) return h;
  throw ParseError(name, line, "unknown GraphBLAS type '" + t + "'");
}

ValueSpec value_spec(const Header& h, ValueType exact) {
  ValueSpec v;
  auto sig = [&](std::int64_t lo, std::int64_t hi, const char* n) {
    v.kind = ValueSpec::Signed;
    v.lo = lo;
    v.hi = hi;
    v.type_name = n;
  };
  switch (h.hint) {
    case Hint::Bool:
      sig(0, 1, "bool");
      break;
    case Hint::I8:
      sig(INT8_MIN, INT8_MAX, "int8");
      break;
    case Hint::I16:
      sig(INT16_MIN, INT16_MAX, "int16");
      break;
    case Hint::I32:
      sig(INT32_MIN, INT32_MAX, "int32");
      break;
    case Hint::I64:
      sig(INT64_MIN, INT64_MAX, "int64");
      break;
    case Hint::U8:
      sig(0, UINT8_MAX, "uint8");
      break;
    case Hint::U16:
      sig(0, UINT16_MAX, "uint16");
      break;
    case Hint::U32:
      sig(0, UINT32_MAX, "uint32");
      break;
    case Hint::U64:
      v.kind = ValueSpec::Unsigned64;
      v.type_name = "uint64";
      break;
    case Hint::F32:
      v.kind = ValueSpec::Float;
      v.type_name = "float";
      break;
    case Hint::F64:
      v.kind = ValueSpec::Double;
      v.type_name = "double";
      break;
    case Hint::None:
      if (h.field == Field::Integer)
        sig(INT64_MIN, INT64_MAX, "int64");
      else if (h.field == Field::Real) {
        v.kind = ValueSpec::Double;
        v.type_name = "double";
      }
      break;
  }
  if (h.field == Field::Pattern) v.kind = ValueSpec::None;
  v.exact = exact;
  return v;
}

/// The AnyMatrix alternative a header maps to.
ValueType target_type(const Header& h) {
  switch (h.hint) {
    case Hint::Bool:
      return ValueType::Bool;
    case Hint::I8:
    case Hint::I16:
    case Hint::I32:
    case Hint::U8:
    case Hint::U16:
      return ValueType::Int32;
    case Hint::I64:
    case Hint::U32:
    case Hint::U64:
      return ValueType::Int64;
    case Hint::F32:
      return ValueType::Float;
    case Hint::F64:
      return ValueType::Double;
    case Hint::None:
      break;
  }
  if (h.field == Field::Pattern) return ValueType::Bool;
  return h.field == Field::Integer ? ValueType::Int64 : ValueType::Double;
}

std::uint64_t parse_dimension(const std::string& name, std::uint64_t line, std::string_view tok,
                              const char* what) {
  const char* p = tok.data();
  std::uint64_t v = 0;
  if (detail::parse_u64(p, tok.data() + tok.size(), v) != NumStatus::Ok ||
      p != tok.data() + tok.size())
    throw ParseError(name, line,
                     std::string("size line: ") + what + " " + detail::quote(tok) +
                         " is not a non-negative integer");
  return v;
}

Header parse_header(const std::string& name, std::string_view bytes, const LoadOptions& options) {
  const Vertex max_dimension = options.max_dimension;
  Header h;
  LineCursor cur(bytes);
  std::string_view line;
  if (detail::is_blank_line(bytes)) throw ParseError(name, 0, "file is empty: no graph to read");
  bool banner = false;
  std::string_view tok[8];
  while (cur.next(line)) {
    const std::uint64_t ln = cur.line_no();
    if (ln == 1 && detail::lower(line.substr(0, 14)) == "%%matrixmarket") {
      banner = true;
      const std::size_t n = detail::split_tokens(line.substr(14), tok, 8);
      if (n != 4)
        throw ParseError(name, ln,
                         "banner must be '%%MatrixMarket matrix <format> <field> <symmetry>'");
      const std::string object = detail::lower(tok[0]), format = detail::lower(tok[1]),
                        field = detail::lower(tok[2]), sym = detail::lower(tok[3]);
      if (object != "matrix")
        throw ParseError(name, ln,
                         "unsupported object " + detail::quote(tok[0]) + " (expected 'matrix')");
      if (format == "coordinate")
        h.coordinate = true;
      else if (format == "array")
        h.coordinate = false;
      else
        throw ParseError(
            name, ln,
            "unknown format " + detail::quote(tok[1]) + " (expected coordinate or array)");
      if (field == "real" || field == "double")
        h.field = Field::Real;
      else if (field == "integer")
        h.field = Field::Integer;
      else if (field == "pattern")
        h.field = Field::Pattern;
      else if (field == "complex")
        throw ParseError(name, ln, "complex matrices are not supported");
      else
        throw ParseError(
            name, ln,
            "unknown field " + detail::quote(tok[2]) + " (expected real, integer or pattern)");
      if (sym == "general")
        h.symmetry = Symmetry::General;
      else if (sym == "symmetric")
        h.symmetry = Symmetry::Symmetric;
      else if (sym == "skew-symmetric")
        h.symmetry = Symmetry::Skew;
      else if (sym == "hermitian")
        throw ParseError(name, ln, "hermitian matrices are not supported (complex values)");
      else
        throw ParseError(name, ln,
                         "unknown symmetry " + detail::quote(tok[3]) +
                             " (expected general, symmetric or skew-symmetric)");
      if (!h.coordinate && h.field == Field::Pattern)
        throw ParseError(name, ln, "'array pattern' is not a valid Matrix Market combination");
      continue;
    }
    const char c = detail::first_char(line);
    if (c == '\0') continue;
    if (c == '%') {
      const std::string_view t = line.substr(
          std::size_t(detail::skip_blanks(line.data(), line.data() + line.size()) - line.data()));
      if (detail::lower(t.substr(0, 11)) == "%%graphblas") {
        const std::size_t n = detail::split_tokens(t.substr(11), tok, 8);
        if (n >= 1 && detail::lower(tok[0]) == "type") {
          if (n < 2) throw ParseError(name, ln, "%%GraphBLAS type line names no type");
          const char* rest = tok[1].data();
          std::string type_name(rest, std::size_t(line.data() + line.size() - rest));
          while (!type_name.empty() && detail::is_blank(type_name.back())) type_name.pop_back();
          h.hint = parse_hint(name, ln, detail::lower(type_name));
          h.hint_name = type_name;
        }
      }
      continue;
    }
    // The size line.
    const std::size_t n = detail::split_tokens(line, tok, 8);
    if (!banner) h.coordinate = n == 3;
    const std::size_t want = h.coordinate ? 3 : 2;
    if (n != want)
      throw ParseError(name, ln,
                       "size line must hold " +
                           std::string(h.coordinate ? "'nrows ncols nnz'" : "'nrows ncols'") +
                           ", found " + std::to_string(n) + " field(s)");
    const std::uint64_t nr = parse_dimension(name, ln, tok[0], "nrows");
    const std::uint64_t nc = parse_dimension(name, ln, tok[1], "ncols");
    if (nr > max_dimension || nc > max_dimension)
      throw ParseError(
          name, ln,
          "dimension exceeds the limit of " + std::to_string(max_dimension) + " rows/columns");
    const std::string problem =
        dimension_problem("the size line's " + std::to_string(nr) + " x " + std::to_string(nc),
                          DimensionCheck{std::max(nr, nc), bytes.size(), 16, options.memory_limit});
    if (!problem.empty()) throw ParseError(name, ln, problem);
    h.nrows = Vertex(nr);
    h.ncols = Vertex(nc);
    if (h.coordinate) h.nnz = parse_dimension(name, ln, tok[2], "nnz");
    if (h.symmetry != Symmetry::General && h.nrows != h.ncols)
      throw ParseError(name, ln, "a symmetric or skew-symmetric matrix must be square");
    h.body_first_line = ln + 1;
    h.body_offset = std::size_t(cur.position() - bytes.data());
    const std::uint64_t header_line = 1;
    if (h.symmetry == Symmetry::Skew) {
      if (h.field == Field::Pattern)
        throw ParseError(name, header_line, "a pattern matrix cannot be skew-symmetric");
      if (h.hint == Hint::Bool || h.hint == Hint::U8 || h.hint == Hint::U16 ||
          h.hint == Hint::U32 || h.hint == Hint::U64)
        throw ParseError(name, header_line,
                         "skew-symmetric needs a signed type, not " + h.hint_name);
    }
    return h;
  }
  throw ParseError(name, cur.line_no(), "no size line found");
}

/// One parsed value, converted to T; returns an error message or empty.
/// The token starting at `p` (up to the next blank), quoted for a message.
std::string token_at(const char* p, const char* e) {
  const char* q = p;
  while (q < e && !detail::is_blank(*q)) ++q;
  return detail::quote(std::string_view(p, std::size_t(q - p)));
}

template <class T>
std::string read_value(const char*& p, const char* e, const ValueSpec& vs, bool negate, T& out) {
  const char* start = p;
  switch (vs.kind) {
    case ValueSpec::None:
      return {};
    case ValueSpec::Signed: {
      std::int64_t v = 0;
      const NumStatus s = detail::parse_i64(p, e, v);
      if (s == NumStatus::Missing) return "missing value";
      if (s == NumStatus::Invalid) return "value " + token_at(start, e) + " is not an integer";
      if (s == NumStatus::Overflow || v < vs.lo || v > vs.hi)
        return "value " + token_at(start, e) + " is out of range for " + vs.type_name;
      if (negate) {
        if (v == INT64_MIN || -v < vs.lo || -v > vs.hi)
          return "value " + std::to_string(v) +
                 " cannot be mirrored: its negation is out of range for " + vs.type_name;
      }
      if (std::string lossy = detail::lossy_problem(v, vs.exact); !lossy.empty()) return lossy;
      out = T(v);
      return {};
    }
    case ValueSpec::Unsigned64: {
      std::uint64_t v = 0;
      const NumStatus s = detail::parse_u64(p, e, v);
      if (s == NumStatus::Missing) return "missing value";
      if (s == NumStatus::Invalid)
        return "value " + token_at(start, e) + " is not a non-negative integer";
      if (s == NumStatus::Overflow)
        return "value " + token_at(start, e) + " is out of range for uint64";
      if (v > std::uint64_t(INT64_MAX))
        return "uint64 value " + std::to_string(v) +
               " exceeds INT64_MAX (spgraph stores uint64 as int64)";
      if (std::string lossy = detail::lossy_problem(std::int64_t(v), vs.exact); !lossy.empty())
        return lossy;
      out = T(std::int64_t(v));
      return {};
    }
    case ValueSpec::Float:
    case ValueSpec::Double: {
      double d = 0;
      NumStatus s;
      if (vs.kind == ValueSpec::Float) {
        float f = 0;
        s = detail::parse_float(p, e, f);
        d = f;
      } else {
        s = detail::parse_float(p, e, d);
      }
      if (s == NumStatus::Missing) return "missing value";
      if (s == NumStatus::Invalid) return "value " + token_at(start, e) + " is not a number";
      if (s == NumStatus::Overflow)
        return "value " + token_at(start, e) + " is out of range for " + vs.type_name;
      if (std::string why = detail::nan_problem(d); !why.empty())
        return "value " + token_at(start, e) + " " + why;
      if (std::string lossy = detail::lossy_problem(d, vs.exact); !lossy.empty()) return lossy;
      out = T(d);
      return {};
    }
  }
  return {};
}

template <class T>
struct ChunkTuples {
  std::vector<Vertex> row, col;
  std::vector<stored_value_t<T>> val;
  std::uint64_t data_lines = 0;
};

/// Reads index `tok` in 1..limit.
std::string read_index(const char*& p, const char* e, Vertex limit, const char* what, Vertex& out) {
  std::uint64_t v = 0;
  const char* start = p;
  const NumStatus s = detail::parse_u64(p, e, v);
  if (s == NumStatus::Missing) return std::string("missing ") + what + " index";
  if (s == NumStatus::Invalid)
    return std::string(what) + " index " +
           detail::quote(std::string_view(start, std::size_t(e - start))) +
           " is not a positive integer";
  if (s == NumStatus::Overflow || v == 0 || v > limit)
    return std::string(what) + " index " +
           detail::digits_for_message(std::string_view(start, std::size_t(p - start))) +
           " out of range 1.." + std::to_string(limit);
  out = Vertex(v - 1);
  return {};
}

/// The common case of read_index: plain digits, in range, followed by a blank or the line end.
/// Returns false (leaving `p` alone) for anything else, so read_index can say what is wrong.
inline bool read_index_fast(const char*& p, const char* e, Vertex limit, Vertex& out) {
  const char* q = p;
  std::uint64_t v = 0;
  int digits = 0;
  while (q < e && unsigned(*q - '0') <= 9 && digits < 19) {
    v = v * 10 + unsigned(*q - '0');
    ++q;
    ++digits;
  }
  if (digits == 0 || v == 0 || v > limit || (q < e && !detail::is_blank(*q))) return false;
  p = q;
  out = Vertex(v - 1);
  return true;
}

template <class T>
std::optional<ChunkError> parse_coordinate_chunk(std::string_view text, const Header& h,
                                                 const ValueSpec& vs, bool store,
                                                 ChunkTuples<T>& out) {
  const std::size_t guess = text.size() / (vs.kind == ValueSpec::None ? 8 : 14) *
                            (h.symmetry == Symmetry::General ? 1 : 2);
  out.row.reserve(guess);
  out.col.reserve(guess);
  if (store) out.val.reserve(guess);
  LineCursor cur(text);
  std::string_view line;
  const bool mirror = h.symmetry != Symmetry::General, skew = h.symmetry == Symmetry::Skew;
  while (cur.next(line)) {
    const char* p = line.data();
    const char* e = p + line.size();
    p = detail::skip_blanks(p, e);
    if (p == e || *p == '%') continue;
    ++out.data_lines;
    Vertex i = 0, j = 0;
    T v{};
    // Fast path: a pattern entry "i j" with plain in-range indices and nothing after them.
    const char* q = p;
    bool fast = vs.kind == ValueSpec::None && read_index_fast(q, e, h.nrows, i);
    if (fast) {
      q = detail::skip_blanks(q, e);
      fast = read_index_fast(q, e, h.ncols, j) && detail::at_line_end(q, e) && !(skew && i == j);
    }
    if (!fast) {
      // General path: any field type; builds a message for the first defect.
      std::string err;
      if (!read_index_fast(p, e, h.nrows, i)) err = read_index(p, e, h.nrows, "row", i);
      if (err.empty()) {
        p = detail::skip_blanks(p, e);
        if (!read_index_fast(p, e, h.ncols, j)) err = read_index(p, e, h.ncols, "column", j);
      }
      if (err.empty()) {
        if (skew && i == j)
          err = "skew-symmetric matrix has a diagonal entry";
        else
          err = read_value(p = detail::skip_blanks(p, e), e, vs, skew && i != j, v);
      }
      if (err.empty() && !detail::at_line_end(p, e))
        err = "unexpected text " + detail::quote(std::string_view(p, std::size_t(e - p))) +
              " after the entry";
      if (!err.empty()) return ChunkError{cur.line_no(), err};
    }
    out.row.push_back(i);
    out.col.push_back(j);
    if (store) out.val.push_back(v);
    if (mirror && i != j) {
      out.row.push_back(j);
      out.col.push_back(i);
      if (store) {
        if constexpr (std::is_same_v<T, bool>)
          out.val.push_back(v);
        else
          out.val.push_back(skew ? T(-v) : v);
      }
    }
  }
  return std::nullopt;
}

/// Finds the line of the first entry that repeats an earlier one (error path only).
std::uint64_t find_duplicate_line(std::string_view body, const Header& h) {
  std::unordered_set<std::uint64_t> seen;
  LineCursor cur(body);
  std::string_view line;
  while (cur.next(line)) {
    const char* p = detail::skip_blanks(line.data(), line.data() + line.size());
    const char* e = line.data() + line.size();
    if (p == e || *p == '%') continue;
    std::uint64_t i = 0, j = 0;
    detail::parse_u64(p, e, i);
    p = detail::skip_blanks(p, e);
    detail::parse_u64(p, e, j);
    if (h.symmetry != Symmetry::General && i < j) std::swap(i, j);
    if (!seen.insert(i << 32 | j).second) return h.body_first_line + cur.line_no() - 1;
  }
  return 0;
}

/// Finds the global line of the (k+1)-th data line of `body` (error path only).
std::uint64_t data_line_number(std::string_view body, std::uint64_t first_line, std::uint64_t k) {
  LineCursor cur(body);
  std::string_view line;
  std::uint64_t seen = 0;
  while (cur.next(line)) {
    const char c = detail::first_char(line);
    if (c == '\0' || c == '%') continue;
    if (seen++ == k) return first_line + cur.line_no() - 1;
  }
  return first_line + cur.line_no();
}

template <class T>
LoadedMatrix read_coordinate(const std::string& name, std::string_view bytes, const Header& h,
                             const LoadOptions& options, bool pattern) {
  const ValueSpec vs = value_spec(h, options.exact_type);
  const bool store = !pattern;
  std::string_view body = bytes.substr(h.body_offset);
  LineRunOptions run;
  run.threads = options.threads;
  run.first_line = h.body_first_line;
  run.progress = options.progress;
  run.progress_offset = h.body_offset;
  run.progress_total = bytes.size();
  std::vector<std::string_view> chunks = plan_line_chunks(body, run);
  std::vector<ChunkTuples<T>> parts(chunks.size());
  run_line_chunks(name, std::move(chunks), run, [&](std::size_t c, std::string_view text) {
    return parse_coordinate_chunk<T>(text, h, vs, store, parts[c]);
  });
  std::uint64_t lines = 0, total = 0;
  std::vector<std::uint64_t> offset(parts.size() + 1, 0);
  for (std::size_t c = 0; c < parts.size(); ++c) {
    lines += parts[c].data_lines;
    offset[c + 1] = offset[c] + parts[c].row.size();
  }
  total = offset.back();
  if (lines < h.nnz)
    throw ParseError(name,
                     h.body_first_line + count_newlines(body) - (body.ends_with('\n') ? 1 : 0),
                     "file is truncated: the size line declares " + std::to_string(h.nnz) +
                         " entries but only " + std::to_string(lines) + " were found");
  if (lines > h.nnz)
    throw ParseError(
        name, data_line_number(body, h.body_first_line, h.nnz),
        "extra entry: the size line declares only " + std::to_string(h.nnz) + " entries");
  Coo<T> coo;
  coo.nrows = h.nrows;
  coo.ncols = h.ncols;
  coo.pattern = pattern;
  coo.row.resize(total);
  coo.col.resize(total);
  if (store) coo.val.resize(total);
#pragma omp parallel for schedule(dynamic, 1) num_threads(resolve_threads(options.threads))
  for (std::size_t c = 0; c < parts.size(); ++c) {
    std::copy(parts[c].row.begin(), parts[c].row.end(), coo.row.begin() + offset[c]);
    std::copy(parts[c].col.begin(), parts[c].col.end(), coo.col.begin() + offset[c]);
    if (store) std::copy(parts[c].val.begin(), parts[c].val.end(), coo.val.begin() + offset[c]);
    parts[c] = ChunkTuples<T>{};
  }
  LoadedMatrix out;
  try {
    out.matrix = Matrix<T>::template from_coo<FirstOp<T>>(std::move(coo), DuplicatePolicy::Reject);
  } catch (const InvalidArgument&) {
    throw ParseError(name, find_duplicate_line(body, h),
                     "duplicate entry: Matrix Market files must not repeat an (i, j) position");
  }
  out.info.entries_in_file = lines;
  return out;
}

template <class T>
LoadedMatrix read_array(const std::string& name, std::string_view bytes, const Header& h,
                        const LoadOptions& options) {
  const ValueSpec vs = value_spec(h, options.exact_type);
  const std::uint64_t n = h.nrows, m = h.ncols;
  if (m != 0 && n > std::numeric_limits<std::uint64_t>::max() / m)
    throw ParseError(name, h.body_first_line - 1, "array dimensions are too large");
  std::uint64_t expected = n * m;
  if (h.symmetry == Symmetry::Symmetric) expected = n * (n + 1) / 2;
  if (h.symmetry == Symmetry::Skew) expected = n * (n - (n > 0)) / 2;
  std::vector<Vertex> rows, cols;
  std::vector<stored_value_t<T>> vals;
  LineCursor cur(bytes.substr(h.body_offset));
  std::string_view line;
  std::uint64_t k = 0;
  Vertex i = 0, j = 0;  // next position, column-major
  if (h.symmetry == Symmetry::Skew) i = 1;
  while (cur.next(line)) {
    const std::uint64_t ln = h.body_first_line + cur.line_no() - 1;
    const char* p = detail::skip_blanks(line.data(), line.data() + line.size());
    const char* e = line.data() + line.size();
    if (p == e || *p == '%') continue;
    if (k == expected)
      throw ParseError(name, ln,
                       "extra value: a " + std::to_string(n) + " x " + std::to_string(m) +
                           " array holds " + std::to_string(expected) + " values");
    T v{};
    std::string err = read_value(p, e, vs, h.symmetry == Symmetry::Skew, v);
    if (err.empty() && !detail::at_line_end(p, e))
      err = "unexpected text " + detail::quote(std::string_view(p, std::size_t(e - p))) +
            " after the value";
    if (!err.empty()) throw ParseError(name, ln, err);
    rows.push_back(i);
    cols.push_back(j);
    vals.push_back(v);
    if (h.symmetry != Symmetry::General && i != j) {
      rows.push_back(j);
      cols.push_back(i);
      if constexpr (std::is_same_v<T, bool>)
        vals.push_back(v);
      else
        vals.push_back(h.symmetry == Symmetry::Skew ? T(-v) : v);
    }
    ++k;
    if (++i == n) {
      ++j;
      i = h.symmetry == Symmetry::General ? 0 : j + (h.symmetry == Symmetry::Skew ? 1 : 0);
    }
  }
  if (k < expected)
    throw ParseError(name, h.body_first_line + cur.line_no(),
                     "file is truncated: expected " + std::to_string(expected) +
                         " array values, found " + std::to_string(k));
  LoadedMatrix out;
  Coo<T> coo{h.nrows, h.ncols, options.pattern_only, std::move(rows), std::move(cols), {}};
  if (!options.pattern_only) coo.val = std::move(vals);
  out.matrix = Matrix<T>::template from_coo<FirstOp<T>>(std::move(coo), DuplicatePolicy::Reject);
  out.info.entries_in_file = k;
  return out;
}

template <class T>
LoadedMatrix read_typed(const std::string& name, std::string_view bytes, const Header& h,
                        const LoadOptions& options) {
  const bool pattern = options.pattern_only || h.field == Field::Pattern;
  return h.coordinate ? read_coordinate<T>(name, bytes, h, options, pattern)
                      : read_array<T>(name, bytes, h, options);
}

/// The field as LoadInfo::field names it.
const char* field_name(const Header& h) {
  return h.field == Field::Pattern ? "pattern" : h.field == Field::Integer ? "integer" : "real";
}

}  // namespace

LoadedMatrix read_matrix_market(const std::string& name, std::string_view bytes,
                                const LoadOptions& options) {
  const Header h = parse_header(name, bytes, options);
  LoadedMatrix out;
  switch (options.pattern_only ? ValueType::Bool : target_type(h)) {
    case ValueType::Pattern:
    case ValueType::Bool:
      out = read_typed<bool>(name, bytes, h, options);
      break;
    case ValueType::Int32:
      out = read_typed<std::int32_t>(name, bytes, h, options);
      break;
    case ValueType::Int64:
      out = read_typed<std::int64_t>(name, bytes, h, options);
      break;
    case ValueType::Float:
      out = read_typed<float>(name, bytes, h, options);
      break;
    case ValueType::Double:
      out = read_typed<double>(name, bytes, h, options);
      break;
  }
  out.info.format = FileFormat::MatrixMarket;
  out.info.symmetric_storage = h.symmetry != Symmetry::General;
  out.info.field = field_name(h);
  out.info.values_in_file = h.field != Field::Pattern;
  return out;
}

MatrixMarketHead read_matrix_market_head(const std::string& name, std::string_view bytes,
                                         const LoadOptions& options) {
  const Header h = parse_header(name, bytes, options);
  MatrixMarketHead head;
  head.nrows = h.nrows;
  head.ncols = h.ncols;
  head.entries = h.nnz;
  head.coordinate = h.coordinate;
  head.symmetric_storage = h.symmetry != Symmetry::General;
  head.field = field_name(h);
  head.body_offset = h.body_offset;
  head.body_first_line = h.body_first_line;
  return head;
}

MatrixMarketPiece read_matrix_market_piece(const std::string& name, std::string_view bytes,
                                           std::string_view piece, std::uint64_t first_line,
                                           bool with_values, const LoadOptions& options) {
  const Header h = parse_header(name, bytes, options);
  if (!h.coordinate)
    throw ParseError(name, 1, "an array (dense) file cannot be read in pieces: convert it first");
  LineRunOptions run;
  run.threads = options.threads;
  run.first_line = first_line;
  MatrixMarketPiece out;
  auto gather = [&](auto tag) {
    using T = decltype(tag);
    const bool store = with_values && h.field != Field::Pattern;
    const ValueSpec vs = value_spec(h, options.exact_type);
    std::vector<std::string_view> chunks = plan_line_chunks(piece, run);
    std::vector<ChunkTuples<T>> parts(chunks.size());
    run_line_chunks(name, std::move(chunks), run, [&](std::size_t c, std::string_view text) {
      return parse_coordinate_chunk<T>(text, h, vs, store, parts[c]);
    });
    for (ChunkTuples<T>& p : parts) {
      out.data_lines += p.data_lines;
      out.row.insert(out.row.end(), p.row.begin(), p.row.end());
      out.col.insert(out.col.end(), p.col.begin(), p.col.end());
      if (store) out.val.insert(out.val.end(), p.val.begin(), p.val.end());
      p = ChunkTuples<T>{};
    }
    if (with_values && !store) out.val.assign(out.row.size(), 1.0);
  };
  if (!with_values || h.field == Field::Pattern)
    gather(bool{});
  else
    gather(double{});
  return out;
}

std::uint64_t matrix_market_entry_line(std::string_view piece, std::uint64_t first_line,
                                       std::uint64_t k) {
  return data_line_number(piece, first_line, k);
}

void for_each_matrix_market_entry(std::string_view piece, std::uint64_t first_line,
                                  const std::function<void(Vertex, Vertex, std::uint64_t)>& entry) {
  LineCursor cur(piece);
  std::string_view line;
  while (cur.next(line)) {
    const char* e = line.data() + line.size();
    const char* p = detail::skip_blanks(line.data(), e);
    if (p == e || *p == '%') continue;
    std::uint64_t a = 0, b = 0;
    detail::parse_u64(p, e, a);
    p = detail::skip_blanks(p, e);
    detail::parse_u64(p, e, b);
    entry(Vertex(a - 1), Vertex(b - 1), first_line + cur.line_no() - 1);
  }
}

}  // namespace spgraph
