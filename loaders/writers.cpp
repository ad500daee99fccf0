// Implementation of the writers (see writers.hpp).
#include "loaders/writers.hpp"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>

#include "engine/error.hpp"
#include "loaders/binary_format.hpp"

namespace spgraph {

namespace {

/// A FILE* with a large output buffer and number formatting via to_chars.
class BufferedFile {
 public:
  explicit BufferedFile(const std::string& path) : path_(path), f_(std::fopen(path.c_str(), "wb")) {
    if (!f_) throw IoError(path + ": cannot open for writing: " + std::strerror(errno));
    buf_.reserve(kCap + 128);
  }
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
  void close() {
    flush();
    FILE* f = f_.release();
    if (std::fclose(f) != 0) throw IoError(path_ + ": write failed: " + std::strerror(errno));
  }

 private:
  static constexpr std::size_t kCap = 1 << 20;
  void flush() {
    if (!buf_.empty() && std::fwrite(buf_.data(), 1, buf_.size(), f_.get()) != buf_.size())
      throw IoError(path_ + ": write failed: " + std::strerror(errno));
    buf_.clear();
  }
  struct Closer {
    void operator()(FILE* f) const { std::fclose(f); }
  };
  std::string path_;
  std::unique_ptr<FILE, Closer> f_;
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
void put_value(BufferedFile& out, T v) {
  if constexpr (std::is_same_v<T, bool>)
    out.put(v ? '1' : '0');
  else
    out.number(v);
}

}  // namespace

void write_matrix_market(const std::string& path, const AnyMatrix& m) {
  std::visit(
      [&](const auto& x) {
        using T = typename std::decay_t<decltype(x)>::value_type;
        const auto& c = x.csr();
        BufferedFile out(path);
        const char* field = c.pattern                     ? "pattern"
                            : std::is_floating_point_v<T> ? "real"
                                                          : "integer";
        out.put("%%MatrixMarket matrix coordinate ");
        out.put(field);
        out.put(" general\n%%GraphBLAS type ");
        out.put(graphblas_type<T>());
        out.put("\n% written by spgraph\n");
        out.number(c.nrows);
        out.put(' ');
        out.number(c.ncols);
        out.put(' ');
        out.number(c.nnz());
        out.put('\n');
        for (Vertex i = 0; i < c.nrows; ++i)
          for (Offset k = c.row_ptr[i]; k < c.row_ptr[i + 1]; ++k) {
            out.number(i + 1);
            out.put(' ');
            out.number(c.col[k] + 1);
            if (!c.pattern) {
              out.put(' ');
              put_value<T>(out, c.val[k]);
            }
            out.put('\n');
          }
        out.close();
      },
      m);
}

void write_edge_list(const std::string& path, const AnyMatrix& m,
                     const std::vector<std::uint64_t>& external_ids) {
  std::visit(
      [&](const auto& x) {
        using T = typename std::decay_t<decltype(x)>::value_type;
        const auto& c = x.csr();
        const bool ext = !external_ids.empty();
        if (ext && external_ids.size() < std::max(c.nrows, c.ncols))
          throw InvalidArgument("write_edge_list: " + std::to_string(external_ids.size()) +
                                " external ids for a matrix of dimension " +
                                std::to_string(std::max(c.nrows, c.ncols)));
        BufferedFile out(path);
        out.put("# spgraph edge list: ");
        out.number(c.nrows);
        out.put(" x ");
        out.number(c.ncols);
        out.put(", ");
        out.number(c.nnz());
        out.put(ext ? " edges, external ids\n" : " edges, 0-based ids\n");
        for (Vertex i = 0; i < c.nrows; ++i)
          for (Offset k = c.row_ptr[i]; k < c.row_ptr[i + 1]; ++k) {
            if (ext)
              out.number(external_ids[i]);
            else
              out.number(i);
            out.put('\t');
            if (ext)
              out.number(external_ids[c.col[k]]);
            else
              out.number(c.col[k]);
            if (!c.pattern) {
              out.put('\t');
              put_value<T>(out, c.val[k]);
            }
            out.put('\n');
          }
        out.close();
      },
      m);
}

void write_binary(const std::string& path, const AnyMatrix& m, bool symmetric) {
  const std::string bytes = encode_binary(m, symmetric);
  BufferedFile out(path);
  out.put(std::string_view(bytes));
  out.close();
}

}  // namespace spgraph
