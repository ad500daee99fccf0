// SPDX-License-Identifier: Apache-2.0
// Implementation of the writers (see writers.hpp).
#include "loaders/writers.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>

#include "engine/core/error.hpp"
#include "loaders/binary_format.hpp"
#include "loaders/output_file.hpp"
#include "loaders/symmetry.hpp"
#include "loaders/text_lines.hpp"

namespace spgraph {

namespace {

/// Text output with number formatting via to_chars, over an atomic OutputFile.
class TextOut {
 public:
  explicit TextOut(const std::string& path) : file_(path) { buf_.reserve(kCap + 128); }
  void put(std::string_view s) {
    buf_.append(s);
    if (buf_.size() >= kCap) flush();
  }
  void put(char c) { buf_.push_back(c); }
  template <class X>
  void number(X x) {
    char tmp[64];
    auto [end, ec] = std::to_chars(tmp, tmp + sizeof tmp, x);
    (void)ec;
    buf_.append(tmp, std::size_t(end - tmp));
    if (buf_.size() >= kCap) flush();
  }
  void commit() {
    flush();
    file_.commit();
  }

 private:
  static constexpr std::size_t kCap = 1 << 20;
  void flush() {
    file_.write(buf_);
    buf_.clear();
  }
  OutputFile file_;
  std::string buf_;
};

template <class T>
const char* graphblas_type() {
  if constexpr (std::is_same_v<T, bool>)
    return "bool";
  else if constexpr (std::is_same_v<T, std::int32_t>)
    return "int32_t";
  else if constexpr (std::is_same_v<T, std::int64_t>)
    return "int64_t";
  else if constexpr (std::is_same_v<T, float>)
    return "float";
  else
    return "double";
}

template <class T>
void put_value(TextOut& out, T v) {
  if constexpr (std::is_same_v<T, bool>)
    out.put(v ? '1' : '0');
  else
    out.number(v);
}

/// The separator of an edge list named `path`: ',' for .csv, else a tab.
char separator_for(const std::string& path) {
  std::filesystem::path p(path);
  std::string ext = detail::lower(p.extension().string());
  if (ext == ".gz") ext = detail::lower(p.stem().extension().string());
  return ext == ".csv" ? ',' : '\t';
}

}  // namespace

void write_matrix_market(const std::string& path, const AnyMatrix& m, bool symmetric) {
  std::visit(
      [&](const auto& x) {
        using T = typename std::decay_t<decltype(x)>::value_type;
        const auto& c = x.csr();
        TextOut out(path);
        const char* field = c.pattern                     ? "pattern"
                            : std::is_floating_point_v<T> ? "real"
                                                          : "integer";
        Offset entries = c.nnz();
        if (symmetric) {  // the lower triangle, diagonal included
          entries = 0;
          for (Vertex i = 0; i < c.nrows; ++i)
            for (Offset k = c.row_ptr[i]; k < c.row_ptr[i + 1]; ++k) entries += c.col[k] <= i;
        }
        out.put("%%MatrixMarket matrix coordinate ");
        out.put(field);
        out.put(symmetric ? " symmetric" : " general");
        out.put("\n%%GraphBLAS type ");
        out.put(graphblas_type<T>());
        out.put("\n% written by spgraph\n");
        out.number(c.nrows);
        out.put(' ');
        out.number(c.ncols);
        out.put(' ');
        out.number(entries);
        out.put('\n');
        for (Vertex i = 0; i < c.nrows; ++i)
          for (Offset k = c.row_ptr[i]; k < c.row_ptr[i + 1]; ++k) {
            if (symmetric && c.col[k] > i) break;  // rows are sorted
            out.number(i + std::uint64_t(1));
            out.put(' ');
            out.number(c.col[k] + std::uint64_t(1));
            if (!c.pattern) {
              out.put(' ');
              put_value<T>(out, c.val[k]);
            }
            out.put('\n');
          }
        out.commit();
      },
      m);
}

void write_edge_list(const std::string& path, const AnyMatrix& m, const EdgeListLayout& layout) {
  std::visit(
      [&](const auto& x) {
        using T = typename std::decay_t<decltype(x)>::value_type;
        const auto& c = x.csr();
        const VertexIds* ids = layout.ids && layout.ids->remapped() ? layout.ids : nullptr;
        const bool ext = ids != nullptr;
        if (ext && ids->size() < std::max(c.nrows, c.ncols))
          throw InvalidArgument("write_edge_list: " + std::to_string(ids->size()) +
                                " vertex names for a matrix of dimension " +
                                std::to_string(std::max(c.nrows, c.ncols)));
        if (!ext && layout.base != 0 && layout.base != 1)
          throw InvalidArgument("write_edge_list: base must be 0 or 1");
        if (!ext && c.nrows != c.ncols)
          throw InvalidArgument("an edge list holds a square matrix (a graph), not " +
                                std::to_string(c.nrows) + " x " + std::to_string(c.ncols) +
                                "; write Matrix Market (.mtx) or binary (.bin) instead");
        const char sep = separator_for(path);
        const std::uint64_t base = std::uint64_t(layout.base);
        TextOut out(path);
        out.put("# spgraph edge list: vertices=");
        out.number(std::max(c.nrows, c.ncols));
        if (ext) {
          out.put(" ids=external");
        } else {
          out.put(" base=");
          out.number(base);
        }
        if (layout.undirected) out.put(" undirected");
        out.put('\n');
        const bool text = ext && ids->kind() == VertexIds::Kind::String;
        std::string field;
        auto put_vertex = [&](Vertex v) {
          if (text) {
            field.clear();
            append_field(field, ids->token(v), sep);
            out.put(field);
          } else {
            out.number(ext ? ids->integer_id(v) : v + base);
          }
        };
        for (Vertex i = 0; i < c.nrows; ++i)
          for (Offset k = c.row_ptr[i]; k < c.row_ptr[i + 1]; ++k) {
            const Vertex j = c.col[k];
            if (layout.undirected && j < i) continue;  // each edge once, as u <= v
            put_vertex(i);
            out.put(sep);
            put_vertex(j);
            if (!c.pattern) {
              out.put(sep);
              put_value<T>(out, c.val[k]);
            }
            out.put('\n');
          }
        out.commit();
      },
      m);
}

namespace {

/// Why a weight cannot be written to a METIS file (empty when it can): METIS holds integers
/// from 0 to 2^63 - 1 (read back as int64; negative weights are not METIS's).
template <class T>
std::string metis_weight_problem(T w) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(w)) return "is NaN";
    if (std::isinf(w)) return std::string("is ") + (w > 0 ? "inf" : "-inf");
    if (w != std::trunc(w)) {
      char text[40];
      std::snprintf(text, sizeof text, "%.17g", double(w));
      return std::string("is ") + text + ", not an integer";
    }
    if (w < 0) return "is negative";
    if (w >= 9223372036854775808.0) return "is above 2^63 - 1";
  } else if constexpr (std::is_signed_v<T>) {
    if (w < 0) return "is negative";
  } else {
    if (std::uint64_t(w) > std::uint64_t(INT64_MAX)) return "is above 2^63 - 1";
  }
  return {};
}

}  // namespace

void write_metis(const std::string& path, const AnyMatrix& m) {
  std::visit(
      [&](const auto& x) {
        using T = typename std::decay_t<decltype(x)>::value_type;
        const auto& c = x.csr();
        const std::string why_not = path + ": METIS .graph files hold undirected graphs";
        if (c.nrows != c.ncols)
          throw InvalidArgument(why_not + ", and this matrix is " + std::to_string(c.nrows) +
                                " x " + std::to_string(c.ncols));
        if (auto a = first_asymmetry(c, true))
          throw InvalidArgument(why_not + ", and this one is directed: entry (" +
                                std::to_string(a->first + 1) + ", " +
                                std::to_string(a->second + 1) +
                                ") has no equal mirror; load it with --undirected");
        for (Vertex i = 0; i < c.nrows; ++i)
          for (Offset k = c.row_ptr[i]; k < c.row_ptr[i + 1]; ++k) {
            if (c.col[k] == i)
              throw InvalidArgument(path + ": METIS .graph files cannot hold self-loops (vertex " +
                                    std::to_string(i + 1) + ")");
            if constexpr (!std::is_same_v<T, bool>)
              if (!c.pattern)
                if (const std::string why = metis_weight_problem(c.val[k]); !why.empty())
                  throw InvalidArgument(path + ": METIS edge weights are integers from 0 to " +
                                        "2^63 - 1, and entry (" + std::to_string(i + 1) + ", " +
                                        std::to_string(c.col[k] + 1) + ") " + why +
                                        "; nothing was written");
          }
        const bool weighted = !c.pattern && !std::is_same_v<T, bool>;
        TextOut out(path);
        out.put("% written by spgraph\n");
        out.number(c.nrows);
        out.put(' ');
        out.number(c.nnz() / 2);
        out.put(weighted ? " 001\n" : "\n");
        for (Vertex i = 0; i < c.nrows; ++i) {
          for (Offset k = c.row_ptr[i]; k < c.row_ptr[i + 1]; ++k) {
            if (k != c.row_ptr[i]) out.put(' ');
            out.number(c.col[k] + std::uint64_t(1));
            if (weighted) {
              out.put(' ');
              out.number(std::int64_t(c.val[k]));
            }
          }
          out.put('\n');
        }
        out.commit();
      },
      m);
}

void append_field(std::string& out, std::string_view token, char sep) {
  bool quote = token.empty() || token.front() == '#' || token.front() == '%';
  for (char ch : token)
    if (ch == sep || ch == '"' || ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' ||
        ch == ',') {
      quote = true;
      break;
    }
  if (!quote) {
    out.append(token);
    return;
  }
  out.push_back('"');
  for (char ch : token) {
    if (ch == '"') out.push_back('"');
    out.push_back(ch);
  }
  out.push_back('"');
}

void write_binary(const std::string& path, const AnyMatrix& m, bool symmetric, int base,
                  const VertexIds* ids) {
  const std::string bytes = encode_binary(m, symmetric, base, ids);
  OutputFile out(path);
  out.write(bytes);
  out.commit();
}

}  // namespace spgraph
