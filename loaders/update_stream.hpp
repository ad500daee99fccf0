// SPDX-License-Identifier: Apache-2.0
// Update streams for `spgraph stream`: a text file or pipe with one record per line:
//   + u v [w]   insert edge u->v (optional weight)     ? bfs s      BFS from s
//   - u v       delete edge u->v                       ? degree v   degree of v
//   = u v w     set the weight of edge u->v            ? edges      number of edges
//                                                      ? triangles  triangle count
//                                                      ? pagerank   PageRank
//                                                      ? sssp s     shortest paths from s
//                                                      ? cc         connected components
//                                                      ? knn v [k [measure]]
//                                                                   k nearest neighbours of v
// Blank lines and lines whose first non-blank character is '#' or '%' are comments. Fields are
// separated by spaces or tabs; trailing blanks and a trailing '\r' are allowed, and so is a
// UTF-8 byte order mark at the start of the stream. Vertex ids are unsigned 64-bit integers in
// the file's own numbering (not range-checked here), or, when the graph's ids are names
// (UpdateStreamOptions::names), any token without blanks, kept as written in
// UpdateRecord::u_name / v_name for the caller to look up (VertexIds); weights are doubles (NaN
// refused; inf and -inf allowed, as in every reader: loaders/value_rules.hpp). Reading is
// incremental, so an endless pipe yields records as its lines arrive:
//   (1) the first bytes decide plain or gzip (magic 1f 8b, by content as in input_buffer.hpp);
//   (2) each refill reads at most `read_chunk` bytes (read(2), or read + inflate for gzip) into a
//       line buffer that is compacted in place; a line longer than `max_line_bytes` is reported
//       and skipped, so the buffer never exceeds max_line_bytes + read_chunk;
//   (3) each complete line is parsed by parse_update_line in one pass over its bytes.
// Cost: O(bytes) time, O(max_line_bytes + read_chunk) memory.
// Stopping: with UpdateStreamOptions::stop set, a non-zero *stop (set by a signal handler) ends
// the input: the reader reads nothing more, a blocked read(2) that the signal interrupts
// (EINTR; install the handler without SA_RESTART) returns, and the records of the complete
// lines already read are still returned; a last line cut short by the stop is dropped, never
// parsed. While waiting for input the reader also wakes every 100 ms to look at the flag, so a
// signal that arrives just before read(2) blocks is not missed.
#pragma once

#include <csignal>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/edge_update.hpp"

namespace spgraph {

enum class QueryKind { Bfs, Degree, Edges, Triangles, PageRank, Sssp, Cc, Knn, Kcore, Communities };

/// One query keyword: its kind, and the name of its single vertex argument (empty: none).
struct QuerySpec {
  std::string_view name;
  QueryKind kind;
  std::string_view argument;
};

/// Every query the stream accepts; a new query is one more row here and one QueryKind value.
/// "knn" alone takes optional arguments after its vertex: "? knn v [k [measure]]".
inline constexpr QuerySpec kUpdateQueries[] = {
    {"bfs", QueryKind::Bfs, "source"},
    {"degree", QueryKind::Degree, "vertex"},
    {"edges", QueryKind::Edges, ""},
    {"triangles", QueryKind::Triangles, ""},
    {"pagerank", QueryKind::PageRank, ""},
    {"sssp", QueryKind::Sssp, "source"},
    {"cc", QueryKind::Cc, ""},
    {"knn", QueryKind::Knn, "vertex"},  // then optionally k and a measure name
    {"kcore", QueryKind::Kcore, "vertex"},
    {"communities", QueryKind::Communities, ""},
};

/// The keyword of a query kind, as written in the stream ("bfs", "degree", ...).
std::string_view query_name(QueryKind kind);

/// One record (line) of an update stream: a query, or an edge update still in the file's own
/// numbering (64-bit ids, a double weight); the caller maps it to an EdgeUpdate
/// (engine/core/edge_update.hpp) once it knows the graph's ids.
struct UpdateRecord {
  std::uint64_t line = 0;  ///< 1-based line in the stream
  bool is_query = false;   ///< true: `query` is set; false: `update` is set
  UpdateKind update = UpdateKind::Insert;
  QueryKind query = QueryKind::Edges;
  std::uint64_t u = 0;  ///< source id, or the query's vertex argument (0 if it has none)
  std::uint64_t v = 0;  ///< target id; for '? knn' its k (10 when not written); else 0
  std::string word;     ///< '? knn': the measure name as written (empty when none)
  /// With names: the vertex fields as written (u_name: the source or the query's vertex;
  /// v_name: the target); u and v then hold their values only when they are integers.
  std::string u_name, v_name;
  bool has_weight = false;  ///< a weight was written (always for '=', never for '-')
  double weight = 1.0;      ///< the weight; 1 when none was written
};

/// A malformed line skipped in lenient mode.
struct LineError {
  std::uint64_t line = 0;
  std::string message;
};

/// True if `line` is blank or a comment (first non-blank character '#' or '%').
bool is_update_comment(std::string_view line);

/// Parses one record line (without its '\n') into `out`, setting out.line = line_no; returns
/// an empty string on success, else what is wrong. Blank and comment lines are not records and
/// give an error (test them with is_update_comment first).
/// With `names`, a vertex field may be any token (see UpdateRecord::u_name).
std::string parse_update_line(std::string_view line, std::uint64_t line_no, UpdateRecord& out,
                              bool names = false);

struct UpdateStreamOptions {
  /// true: a malformed line throws ParseError(file, line, message). false: it is skipped and
  /// reported through `on_error`, or appended to errors() when `on_error` is empty.
  bool strict = true;
  std::function<void(const LineError&)> on_error;
  std::size_t max_line_bytes = std::size_t(1) << 20;  ///< longer lines are malformed
  std::size_t read_chunk = std::size_t(1) << 16;      ///< bytes per read (tests use tiny ones)
  /// Vertex fields are names (the graph's ids were remapped to strings): any token is taken.
  bool names = false;
  /// When set, a non-zero value ends the input early (see "Stopping" above).
  const volatile std::sig_atomic_t* stop = nullptr;
};

/// Reads update records from a file, a gzip file, or standard input ("-"), line by line.
class UpdateStreamReader {
 public:
  /// Opens `path` ("-" = stdin); throws IoError naming the path if it cannot be read.
  explicit UpdateStreamReader(const std::string& path, UpdateStreamOptions options = {});
  ~UpdateStreamReader();
  UpdateStreamReader(const UpdateStreamReader&) = delete;
  UpdateStreamReader& operator=(const UpdateStreamReader&) = delete;
  UpdateStreamReader(UpdateStreamReader&&) noexcept;
  UpdateStreamReader& operator=(UpdateStreamReader&&) noexcept;

  /// Sets `out` to the next record and returns true, or returns false at the end of the input;
  /// blocks until a whole line (or the end) is available. Throws ParseError for a malformed
  /// line in strict mode and for a corrupt gzip stream, IoError if reading fails.
  bool next(UpdateRecord& out);
  /// The lines skipped so far in lenient mode (when no on_error callback is set).
  const std::vector<LineError>& errors() const { return errors_; }
  /// Lines consumed so far, records and comments included.
  std::uint64_t lines_read() const { return line_; }
  /// Bytes of content (uncompressed) in the lines consumed so far, their '\n' included.
  std::uint64_t bytes_read() const { return bytes_; }
  /// True when the input ended because *options.stop was set, not at its end.
  bool stopped() const;
  /// The name used in messages: the path, or "<stdin>".
  const std::string& name() const { return name_; }

 private:
  class Source;
  bool take_line(std::string_view& line);
  void fill();
  void report(std::uint64_t line, std::string message);

  std::string name_;
  UpdateStreamOptions options_;
  std::unique_ptr<Source> source_;
  std::string buf_;
  std::size_t begin_ = 0;  ///< start of the current (incomplete) line in buf_
  std::size_t scan_ = 0;   ///< bytes before scan_ hold no '\n' (from begin_)
  std::size_t end_ = 0;    ///< end of the bytes read into buf_
  bool eof_ = false;
  bool skipping_ = false;  ///< inside an overlong line, already reported
  std::uint64_t line_ = 0;
  std::uint64_t bytes_ = 0;
  std::vector<LineError> errors_;
};

}  // namespace spgraph
