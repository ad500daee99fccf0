// SPDX-License-Identifier: Apache-2.0
// Implementation of the update stream parser and its incremental reader (phases in
// update_stream.hpp).
#include "loaders/update_stream.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <utility>

#include "engine/core/error.hpp"
#include "loaders/byte_order_mark.hpp"
#include "loaders/input_buffer.hpp"
#include "loaders/number_parse.hpp"
#include "loaders/value_rules.hpp"

namespace spgraph {

namespace {

using detail::NumStatus;

bool is_field_blank(char c) {
  return c == ' ' || c == '\t';
}

/// The line without leading blanks and without trailing blanks and carriage returns.
std::string_view trim(std::string_view line) {
  std::size_t e = line.size();
  while (e > 0 && (is_field_blank(line[e - 1]) || line[e - 1] == '\r')) --e;
  std::size_t b = 0;
  while (b < e && is_field_blank(line[b])) ++b;
  return line.substr(b, e - b);
}

/// Splits trimmed text on spaces and tabs into at most `max` fields; returns the count found.
std::size_t split_fields(std::string_view s, std::string_view* out, std::size_t max) {
  std::size_t n = 0, i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_field_blank(s[i])) ++i;
    if (i == s.size()) break;
    const std::size_t start = i;
    while (i < s.size() && !is_field_blank(s[i])) ++i;
    if (n < max) out[n] = s.substr(start, i - start);
    ++n;
  }
  return n;
}

/// `s` cut to 40 bytes for a message, control bytes (below 0x20, and 0x7f) written as \xNN.
std::string shown(std::string_view s) {
  const std::string t = printable(s.substr(0, 40));
  return s.size() > 40 ? t + "..." : t;
}

std::string quoted(std::string_view s) {
  std::string q(1, '\'');
  q += shown(s);
  q += '\'';
  return q;
}

const std::string& valid_queries() {
  static const std::string list = [] {
    std::string s;
    for (const QuerySpec& q : kUpdateQueries) s += (s.empty() ? "" : ", ") + std::string(q.name);
    return s;
  }();
  return list;
}

/// Reads a whole field as a vertex id; `what` ("source ", "target " or "") names it. With
/// `name` set, any token is a vertex: it is kept in *name, and `out` is its value if numeric.
std::string read_vertex(std::string_view field, const char* what, std::uint64_t& out,
                        std::string* token = nullptr) {
  if (token) {
    *token = std::string(field);
    out = 0;
    const char* p = field.data();
    if (detail::parse_u64(p, field.data() + field.size(), out) != NumStatus::Ok ||
        p != field.data() + field.size())
      out = 0;
    return {};
  }
  const char* p = field.data();
  const char* e = p + field.size();
  NumStatus s = detail::parse_u64(p, e, out);
  if ((s == NumStatus::Ok || s == NumStatus::Overflow) && p != e) s = NumStatus::Invalid;
  if (s == NumStatus::Ok) return {};
  const std::string name = std::string(what) + "vertex id ";
  if (s == NumStatus::Overflow) return name + shown(field) + " overflows 64 bits";
  if (field.size() > 1 && field[0] == '-' &&
      std::all_of(field.begin() + 1, field.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return name + quoted(field) + " is negative";
  return name + quoted(field) + " is not a non-negative integer";
}

/// Reads a whole field as a double (not NaN; inf and -inf are allowed).
std::string read_weight(std::string_view field, double& out) {
  const char* p = field.data();
  const char* e = p + field.size();
  NumStatus s = detail::parse_float(p, e, out);
  if (s == NumStatus::Ok && p != e) s = NumStatus::Invalid;
  if (s == NumStatus::Overflow) return "weight " + quoted(field) + " is out of range for double";
  if (s != NumStatus::Ok) return "weight " + quoted(field) + " is not a number";
  // One rule for every reader (loaders/value_rules.hpp): NaN is refused, +-inf are values.
  if (std::string why = detail::nan_problem(out); !why.empty())
    return "weight " + quoted(field) + " " + why;
  return {};
}

std::string parse_query(const std::string_view* f, std::size_t args, UpdateRecord& r, bool names) {
  if (args == 0) return "expected a query name after '?': valid queries are " + valid_queries();
  const QuerySpec* spec = nullptr;
  for (const QuerySpec& q : kUpdateQueries)
    if (q.name == f[1]) spec = &q;
  if (!spec) return "unknown query " + quoted(f[1]) + ": valid queries are " + valid_queries();
  r.is_query = true;
  r.query = spec->kind;
  const std::size_t given = args - 1;
  const std::string name(spec->name);
  if (spec->argument.empty()) {
    if (given != 0) return "query '" + name + "' takes no arguments, got " + std::to_string(given);
    return {};
  }
  if (spec->kind == QueryKind::Knn) {
    if (given < 1 || given > 3)
      return "query 'knn' expects a vertex id, then optionally k and a measure ('? knn v [k "
             "[measure]]'), got " +
             std::to_string(given) + " arguments";
    std::string err = read_vertex(f[2], "", r.u, names ? &r.u_name : nullptr);
    if (!err.empty()) return err;
    r.v = 10;
    if (given >= 2) {
      const char* p = f[3].data();
      const char* e = p + f[3].size();
      if (detail::parse_u64(p, e, r.v) != NumStatus::Ok || p != e || r.v == 0)
        return "k " + quoted(f[3]) + " is not a positive integer";
    }
    if (given == 3) r.word = std::string(f[4]);
    return {};
  }
  if (given != 1)
    return "query '" + name + "' expects 1 vertex id (the " + std::string(spec->argument) +
           "), got " + std::to_string(given);
  return read_vertex(f[2], "", r.u, names ? &r.u_name : nullptr);
}

std::string parse_update(char symbol, const std::string_view* f, std::size_t args, UpdateRecord& r,
                         bool names) {
  const std::string sym = std::string("'") + symbol + "'";
  const std::string form = symbol == '+' ? "'+ u v [w]'" : symbol == '-' ? "'- u v'" : "'= u v w'";
  if (args < 2)
    return "expected 2 vertex ids" + std::string(symbol == '=' ? " and a weight" : "") + " after " +
           sym + ", got " + std::to_string(args) + " field" + (args == 1 ? "" : "s");
  if (args > 3)
    return "too many fields after " + sym + ": expected " + form + ", got " + std::to_string(args);
  if (symbol == '-' && args == 3) return "'-' takes no weight: expected " + form;
  if (symbol == '=' && args == 2) return "missing weight after '=': expected " + form;
  r.update = symbol == '+'   ? UpdateKind::Insert
             : symbol == '-' ? UpdateKind::Erase
                             : UpdateKind::Assign;
  std::string err = read_vertex(f[1], "source ", r.u, names ? &r.u_name : nullptr);
  if (err.empty()) err = read_vertex(f[2], "target ", r.v, names ? &r.v_name : nullptr);
  if (err.empty() && args == 3) {
    r.has_weight = true;
    err = read_weight(f[3], r.weight);
  }
  return err;
}

}  // namespace

std::string_view query_name(QueryKind kind) {
  for (const QuerySpec& q : kUpdateQueries)
    if (q.kind == kind) return q.name;
  return {};
}

bool is_update_comment(std::string_view line) {
  const std::string_view t = trim(line);
  return t.empty() || t[0] == '#' || t[0] == '%';
}

std::string parse_update_line(std::string_view line, std::uint64_t line_no, UpdateRecord& out,
                              bool names) {
  std::string_view f[5];
  const std::string_view body = trim(line);
  const std::size_t n = split_fields(body, f, 5);
  if (n == 0 || f[0][0] == '#' || f[0][0] == '%')
    return "not a record: the line is blank or a comment";
  UpdateRecord r;
  r.line = line_no;
  const std::string_view s = f[0];
  std::string err;
  if (s == "?") {
    err = parse_query(f, n - 1, r, names);
  } else if (s == "+" || s == "-" || s == "=") {
    err = parse_update(s[0], f, n - 1, r, names);
  } else if (std::string_view("+-=?").find(s[0]) != std::string_view::npos) {
    err = "the record symbol '" + std::string(1, s[0]) +
          "' must be followed by a space or tab, got " + quoted(s);
  } else {
    err = "unknown record type " + quoted(s) +
          ": a line starts with '+', '-', '=' or '?' ('#' or '%' for comments)";
  }
  if (err.empty()) out = r;
  return err;
}

// ---------------------------------------------------------------------------------------------
// Byte source: plain read(2), or read(2) + streaming inflate when the content is gzip.

class UpdateStreamReader::Source {
 public:
  Source(const std::string& path, std::string name, std::size_t chunk,
         const volatile std::sig_atomic_t* stop)
      : name_(std::move(name)), stop_(stop), in_(std::max<std::size_t>(chunk, 2)) {
    if (path == "-") {
      fd_ = STDIN_FILENO;
      return;
    }
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw IoError(path + ": cannot open: " + std::strerror(errno));
    owns_fd_ = true;
    struct stat st {};
    if (fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode)) {
      ::close(fd_);
      throw IoError(path + ": cannot read: is a directory");
    }
  }
  ~Source() {
    if (z_ready_) inflateEnd(&zs_);
    if (owns_fd_) ::close(fd_);
  }
  Source(const Source&) = delete;
  Source& operator=(const Source&) = delete;

  /// True once the input ended because *stop was set.
  bool stopped() const { return stopped_; }

  /// Up to `n` bytes of content into `dst` (at least 1 unless at the end); 0 at the end.
  std::size_t read(char* dst, std::size_t n) {
    n = std::min<std::size_t>(n, std::size_t(1) << 30);
    if (!probed_) probe();
    if (!z_ready_) {
      if (in_pos_ < in_len_) {
        const std::size_t k = std::min(n, in_len_ - in_pos_);
        std::memcpy(dst, in_.data() + in_pos_, k);
        in_pos_ += k;
        return k;
      }
      return raw_eof_ ? 0 : read_raw(dst, n);
    }
    return inflate_into(dst, n);
  }

 private:
  /// True (and the input ended) when the stop flag is set.
  bool stop_requested() {
    if (!stop_ || *stop_ == 0) return false;
    stopped_ = raw_eof_ = true;
    return true;
  }

  /// read(2) retried on EINTR; 0 marks the end of the input (or a stop).
  std::size_t read_raw(char* dst, std::size_t n) {
    for (;;) {
      if (stop_requested()) return 0;
      if (stop_) {
        // Wait in slices so that a stop whose signal came before read(2) blocked is seen.
        pollfd p{fd_, POLLIN, 0};
        const int r = ::poll(&p, 1, 100);
        if (r == 0 || (r < 0 && errno == EINTR)) continue;
      }
      const ssize_t k = ::read(fd_, dst, n);
      if (k >= 0) {
        if (k == 0) raw_eof_ = true;
        return std::size_t(k);
      }
      if (errno != EINTR) throw IoError(name_ + ": cannot read: " + std::strerror(errno));
    }
  }

  // Phase 1: read until two bytes (or the end) decide between plain text and gzip.
  void probe() {
    probed_ = true;
    while (in_len_ < 2 && !raw_eof_)
      in_len_ += read_raw(in_.data() + in_len_, in_.size() - in_len_);
    if (!is_gzip(std::string_view(in_.data(), in_len_))) return;
    if (inflateInit2(&zs_, 15 + 32) != Z_OK) throw IoError(name_ + ": cannot initialise zlib");
    z_ready_ = true;
    zs_.next_in = reinterpret_cast<Bytef*>(in_.data());
    zs_.avail_in = uInt(in_len_);
  }

  /// Refills the compressed input; false at the end of the input.
  bool refill() {
    if (raw_eof_) return false;
    const std::size_t k = read_raw(in_.data(), in_.size());
    zs_.next_in = reinterpret_cast<Bytef*>(in_.data());
    zs_.avail_in = uInt(k);
    return k > 0;
  }

  std::size_t inflate_into(char* dst, std::size_t n) {
    for (;;) {
      if (member_ended_) {
        // Concatenated gzip members are legal; anything else after a member is corrupt.
        if (zs_.avail_in == 0 && !refill()) return 0;
        inflateReset(&zs_);
        member_ended_ = false;
      }
      if (zs_.avail_in == 0 && !refill()) {
        if (stopped_) return 0;  // stopped mid-member: the input ends here
        throw ParseError(name_, 0, "corrupt gzip stream: truncated (unexpected end of data)");
      }
      zs_.next_out = reinterpret_cast<Bytef*>(dst);
      zs_.avail_out = uInt(n);
      const int rc = inflate(&zs_, Z_NO_FLUSH);
      const std::size_t produced = n - zs_.avail_out;
      if (rc == Z_STREAM_END) {
        member_ended_ = true;
      } else if (rc == Z_MEM_ERROR) {
        throw OutOfMemory(name_ + ": zlib ran out of memory");
      } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
        throw ParseError(
            name_, 0, std::string("corrupt gzip stream: ") + (zs_.msg ? zs_.msg : "invalid data"));
      }
      if (produced > 0) return produced;
    }
  }

  std::string name_;
  const volatile std::sig_atomic_t* stop_ = nullptr;
  int fd_ = -1;
  bool owns_fd_ = false;
  bool stopped_ = false;
  std::vector<char> in_;  ///< compressed input (gzip), or the probed first bytes (plain)
  std::size_t in_pos_ = 0, in_len_ = 0;
  bool probed_ = false, raw_eof_ = false, member_ended_ = false, z_ready_ = false;
  z_stream zs_{};
};

// ---------------------------------------------------------------------------------------------
// Reader.

UpdateStreamReader::UpdateStreamReader(const std::string& path, UpdateStreamOptions options)
    : name_(path == "-" ? "<stdin>" : path), options_(std::move(options)) {
  options_.read_chunk = std::max<std::size_t>(options_.read_chunk, 1);
  source_ = std::make_unique<Source>(path, name_, options_.read_chunk, options_.stop);
}

bool UpdateStreamReader::stopped() const {
  return source_ && source_->stopped();
}

UpdateStreamReader::~UpdateStreamReader() = default;
UpdateStreamReader::UpdateStreamReader(UpdateStreamReader&&) noexcept = default;
UpdateStreamReader& UpdateStreamReader::operator=(UpdateStreamReader&&) noexcept = default;

bool UpdateStreamReader::next(UpdateRecord& out) {
  std::string_view line;
  while (take_line(line)) {
    // A UTF-8 byte order mark before the first line is not content (editors on Windows add it).
    // UTF-16 and UTF-32 streams are refused, strict or not: no line of them would parse.
    if (line_ == 1) detail::refuse_wide_encoding(name_, line);
    if (line_ == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);
    // Phase 3: parse one complete line.
    if (is_update_comment(line)) continue;
    std::string err = parse_update_line(line, line_, out, options_.names);
    if (err.empty()) return true;
    report(line_, std::move(err));
  }
  return false;
}

bool UpdateStreamReader::take_line(std::string_view& line) {
  for (;;) {
    const void* nl = std::memchr(buf_.data() + scan_, '\n', end_ - scan_);
    if (nl) {
      const std::size_t at = std::size_t(static_cast<const char*>(nl) - buf_.data());
      const std::size_t begin = begin_;
      begin_ = scan_ = at + 1;
      bytes_ += at + 1 - begin;
      if (skipping_) {
        skipping_ = false;
        continue;
      }
      ++line_;
      if (at - begin > options_.max_line_bytes) {
        report(line_, "line is longer than the limit of " +
                          std::to_string(options_.max_line_bytes) + " bytes");
        continue;
      }
      line = std::string_view(buf_.data() + begin, at - begin);
      return true;
    }
    scan_ = end_;
    if (skipping_) {
      bytes_ += end_ - begin_;
      begin_ = scan_ = end_ = 0;
    } else if (end_ - begin_ > options_.max_line_bytes) {
      // The line is already too long: report it now and drop its bytes up to its '\n'.
      ++line_;
      skipping_ = true;
      bytes_ += end_ - begin_;
      begin_ = scan_ = end_ = 0;
      report(line_, "line is longer than the limit of " + std::to_string(options_.max_line_bytes) +
                        " bytes");
      continue;
    }
    if (eof_) {
      if (skipping_ || begin_ == end_) return false;
      if (source_->stopped()) {
        // A last line cut short by a stop is not a record: drop it.
        begin_ = scan_ = end_;
        return false;
      }
      ++line_;
      bytes_ += end_ - begin_;
      line = std::string_view(buf_.data() + begin_, end_ - begin_);
      begin_ = scan_ = end_;
      return true;
    }
    fill();
  }
}

// Phase 2: one read of at most read_chunk bytes after the current partial line.
void UpdateStreamReader::fill() {
  const std::size_t chunk = options_.read_chunk;
  if (buf_.size() - end_ < chunk) {
    if (begin_ > 0) {
      std::memmove(buf_.data(), buf_.data() + begin_, end_ - begin_);
      end_ -= begin_;
      scan_ -= begin_;
      begin_ = 0;
    }
    if (buf_.size() - end_ < chunk) buf_.resize(end_ + chunk);
  }
  const std::size_t k = source_->read(buf_.data() + end_, chunk);
  if (k == 0) eof_ = true;
  end_ += k;
}

void UpdateStreamReader::report(std::uint64_t line, std::string message) {
  if (options_.strict) throw ParseError(name_, line, message);
  LineError e{line, std::move(message)};
  if (options_.on_error)
    options_.on_error(e);
  else
    errors_.push_back(std::move(e));
}

}  // namespace spgraph
