// SPDX-License-Identifier: Apache-2.0
// Implementation of the distributed loader (distributed_load.hpp).
#include "tools/spgraph_mpi/distributed_load.hpp"

#include "tools/spgraph_mpi/combblas.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <numeric>

#include "engine/core/error.hpp"
#include "loaders/binary_format.hpp"
#include "loaders/edge_list.hpp"
#include "loaders/input_buffer.hpp"
#include "loaders/load.hpp"
#include "loaders/matrix_market.hpp"
#include "loaders/parallel_lines.hpp"
#include "loaders/text_lines.hpp"
#include "tools/spgraph_mpi/distributed_binary.hpp"
#include "tools/spgraph_mpi/distributed_ids.hpp"
#include "tools/spgraph_mpi/distributed_structure.hpp"

namespace spgraph::mpi {

namespace {

/// This rank's part of [begin, end) of `bytes`: an equal share, both ends moved forward to the
/// start of a line (rank 0 keeps `begin`, the last rank ends at `end`).
std::string_view byte_range(const MpiContext& ctx, std::string_view bytes, std::size_t begin) {
  const std::size_t len = bytes.size() - begin;
  auto cut = [&](int r) -> std::size_t {
    if (r <= 0) return begin;
    if (r >= ctx.size) return bytes.size();
    std::size_t at = begin + std::size_t((unsigned __int128)len * unsigned(r) / unsigned(ctx.size));
    if (at > begin && bytes[at - 1] != '\n') {
      const void* nl = std::memchr(bytes.data() + at, '\n', bytes.size() - at);
      at = nl ? std::size_t(static_cast<const char*>(nl) - bytes.data()) + 1 : bytes.size();
    }
    return at;
  };
  const std::size_t a = cut(ctx.rank), b = std::max(a, cut(ctx.rank + 1));
  return bytes.substr(a, b - a);
}

/// The file line at which `piece` starts: `first` plus the newlines of the lower ranks' pieces.
std::uint64_t first_line_of(const MpiContext& ctx, std::string_view piece, std::uint64_t first,
                            std::uint64_t* newlines_total) {
  std::uint64_t mine = count_newlines(piece), before = 0, total = 0;
  MPI_Exscan(&mine, &before, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  if (ctx.rank == 0) before = 0;
  MPI_Allreduce(&mine, &total, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  if (newlines_total) *newlines_total = total;
  return first + before;
}

std::uint64_t sum_all(const MpiContext& ctx, std::uint64_t x) {
  std::uint64_t s = 0;
  MPI_Allreduce(&x, &s, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  return s;
}

/// A ParseError raised on a piece whose first `prefix_lines` lines were copied from the head of
/// the file and whose own first line is file line `first_line`: the same error, at the file's line.
ParseError at_file_line(const ParseError& e, std::uint64_t prefix_lines, std::uint64_t first_line) {
  std::string what = e.what();
  const std::string tag = e.file() + ":" + std::to_string(e.line()) + ": ";
  if (what.starts_with(tag))
    what = what.substr(tag.size());
  else if (what.starts_with(e.file() + ": "))
    what = what.substr(e.file().size() + 2);
  if (e.line() == 0) return ParseError(e.file(), 0, what);
  const std::uint64_t line =
      e.line() > prefix_lines ? e.line() - prefix_lines - 1 + first_line : e.line();
  return ParseError(e.file(), line, what);
}

/// True for an edge list's data line: neither blank nor a comment ('#' or '%').
bool is_data_line(std::string_view line) {
  const char c = detail::first_char(line);
  return c != '\0' && c != '#' && c != '%';
}

/// True when `text` holds a data line.
bool has_data_line(std::string_view text) {
  detail::LineCursor cur(text);
  std::string_view line;
  while (cur.next(line))
    if (is_data_line(line)) return true;
  return false;
}

/// The file line of the first data line of `text`, which starts at file line `first_line`.
std::uint64_t first_data_line(std::string_view text, std::uint64_t first_line) {
  detail::LineCursor cur(text);
  std::string_view line;
  while (cur.next(line))
    if (is_data_line(line)) return first_line + cur.line_no() - 1;
  return first_line + cur.line_no();
}

/// Appends the arcs of a loaded piece.
void append_arcs(const AnyMatrix& m, bool with_values, Arcs& out) {
  std::visit(
      [&](const auto& mat) {
        const auto& c = mat.csr();
        for (Vertex r = 0; r < c.nrows; ++r)
          for (Offset k = c.row_ptr[r]; k < c.row_ptr[r + 1]; ++k) {
            out.row.push_back(r);
            out.col.push_back(c.col[k]);
            if (with_values) out.val.push_back(double(c.value(k)));
          }
      },
      m);
}

/// What each rank parsed of its piece.
struct Parsed {
  Arcs arcs;
  std::uint64_t entries = 0;  ///< entry or edge lines
  std::uint64_t merged = 0;   ///< duplicates folded inside the piece
  std::uint64_t max_id = 0;   ///< largest 0-based id + 1 seen (0: none)
  bool any_zero = false;      ///< an edge list piece read with base 0 holds id 0
  bool weighted = false;      ///< an edge list piece with a weight column
  bool any = false;           ///< the piece held data
  Vertex declared_n = 0;      ///< the vertex count the head declares (0: none)
  bool undirected = false;
  std::shared_ptr<const VertexIds> ids;  ///< the piece's own names (--remap-ids)
};

void note_ids(Parsed& p) {
  for (std::size_t k = 0; k < p.arcs.size(); ++k) {
    const Vertex hi = std::max(p.arcs.row[k], p.arcs.col[k]);
    p.max_id = std::max<std::uint64_t>(p.max_id, std::uint64_t(hi) + 1);
    if (p.arcs.row[k] == 0 || p.arcs.col[k] == 0) p.any_zero = true;
  }
}

/// The error path of a Matrix Market file whose entries repeat a position: every rank finds its
/// pieces' lines of the repeated positions, the owners pair them up, and the earliest second
/// occurrence is the line the single-node reader names.
void throw_duplicate_line(const MpiContext& ctx, const std::string& path, Vertex n,
                          std::string_view piece, std::uint64_t first_line, bool symmetric,
                          const std::vector<std::uint64_t>& dup_keys) {
  // Every rank learns the repeated positions (error path: their count is small or irrelevant).
  int mine = int(dup_keys.size());
  std::vector<int> counts(ctx.size), displs(ctx.size, 0);
  MPI_Allgather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, ctx.comm);
  std::partial_sum(counts.begin(), counts.end() - 1, displs.begin() + 1);
  std::vector<std::uint64_t> all(std::size_t(displs.back() + counts.back()));
  MPI_Allgatherv(dup_keys.data(), mine, MPI_UINT64_T, all.data(), counts.data(), displs.data(),
                 MPI_UINT64_T, ctx.comm);
  std::sort(all.begin(), all.end());
  std::uint64_t best = UINT64_MAX;
  // Lines of this piece's entries at those positions, sent to the position's owner.
  Arcs at;
  for_each_matrix_market_entry(piece, first_line, [&](Vertex i, Vertex j, std::uint64_t line) {
    const std::uint64_t k1 = std::uint64_t(i) << 32 | j, k2 = std::uint64_t(j) << 32 | i;
    if (std::binary_search(all.begin(), all.end(), k1) ||
        (symmetric && std::binary_search(all.begin(), all.end(), k2))) {
      const Vertex a = symmetric ? std::max(i, j) : i, b = symmetric ? std::min(i, j) : j;
      at.row.push_back(a);
      at.col.push_back(b);
      at.val.push_back(double(line));  // exact: lines are below 2^53
    }
  });
  Arcs got = redistribute(ctx, n, std::move(at));
  std::vector<std::pair<std::uint64_t, std::uint64_t>> kl(got.size());
  for (std::size_t k = 0; k < got.size(); ++k)
    kl[k] = {std::uint64_t(got.row[k]) << 32 | got.col[k], std::uint64_t(got.val[k])};
  std::sort(kl.begin(), kl.end());
  for (std::size_t k = 1; k < kl.size(); ++k)
    if (kl[k].first == kl[k - 1].first && (k < 2 || kl[k - 2].first != kl[k].first))
      best = std::min(best, kl[k].second);
  std::uint64_t line = 0;
  MPI_Allreduce(&best, &line, 1, MPI_UINT64_T, MPI_MIN, ctx.comm);
  const ParseError e(path, line == UINT64_MAX ? 0 : line,
                     "duplicate entry: Matrix Market files must not repeat an (i, j) position");
  agree(ctx, [&] {
    if (ctx.rank == 0) throw e;
  });
}

/// Vertices of [0, n) that no arc of any rank touches: each rank sends its distinct endpoints to
/// the rank owning that range of ids (v * P / n), which counts the distinct ones it receives.
std::uint64_t untouched_vertices(const MpiContext& ctx, Vertex n, const Arcs& arcs) {
  if (n == 0) return 0;
  std::vector<Vertex> ends(arcs.row);
  ends.insert(ends.end(), arcs.col.begin(), arcs.col.end());
  std::sort(ends.begin(), ends.end());
  ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
  auto range_owner = [&](Vertex v) { return int(std::uint64_t(v) * ctx.size / n); };
  std::vector<int> sc(ctx.size, 0), rc(ctx.size), sd(ctx.size, 0), rd(ctx.size, 0);
  for (Vertex v : ends) ++sc[range_owner(v)];
  MPI_Alltoall(sc.data(), 1, MPI_INT, rc.data(), 1, MPI_INT, ctx.comm);
  for (int r = 1; r < ctx.size; ++r) sd[r] = sd[r - 1] + sc[r - 1], rd[r] = rd[r - 1] + rc[r - 1];
  std::vector<Vertex> got(std::size_t(rd.back()) + std::size_t(rc.back()));
  MPI_Alltoallv(ends.data(), sc.data(), sd.data(), MPI_UINT32_T, got.data(), rc.data(), rd.data(),
                MPI_UINT32_T, ctx.comm);
  std::sort(got.begin(), got.end());
  const std::uint64_t touched = std::unique(got.begin(), got.end()) - got.begin();
  std::uint64_t all = 0;
  MPI_Allreduce(&touched, &all, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  return std::uint64_t(n) - all;
}

/// A Matrix Market file: the header on every rank, the body's entries by byte ranges, the
/// declared count checked over all ranks, repeats refused with their earliest line.
DistributedGraph load_matrix_market(const MpiContext& ctx, const std::string& path,
                                    std::string_view bytes, const LoadOptions& options,
                                    bool with_values) {
  DistributedGraph g;
  Parsed p;
  std::string_view piece;
  std::uint64_t first_line = 1, newlines = 0;
  MatrixMarketHead head;
  agree(ctx, [&] {
    head = read_matrix_market_head(path, bytes, options);
    if (!head.coordinate)
      throw ParseError(path, 1,
                       "spgraph-mpi reads coordinate Matrix Market files; this one is a dense "
                       "array: convert it with 'spgraph convert'");
  });
  piece = byte_range(ctx, bytes, head.body_offset);
  first_line = first_line_of(ctx, piece, head.body_first_line, &newlines);
  agree(ctx, [&] {
    MatrixMarketPiece mp =
        read_matrix_market_piece(path, bytes, piece, first_line, with_values, options);
    p.entries = mp.data_lines;
    p.arcs.row = std::move(mp.row);
    p.arcs.col = std::move(mp.col);
    p.arcs.val = std::move(mp.val);
  });
  // The declared entry count, checked as the whole-file reader does.
  const std::uint64_t lines = sum_all(ctx, p.entries);
  std::uint64_t before = 0;
  MPI_Exscan(&p.entries, &before, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  if (ctx.rank == 0) before = 0;
  agree(ctx, [&] {
    if (lines < head.entries && ctx.rank == 0)
      throw ParseError(path, head.body_first_line + newlines - (bytes.ends_with('\n') ? 1 : 0),
                       "file is truncated: the size line declares " + std::to_string(head.entries) +
                           " entries but only " + std::to_string(lines) + " were found");
    if (lines > head.entries && before <= head.entries && head.entries < before + p.entries)
      throw ParseError(
          path, matrix_market_entry_line(piece, first_line, head.entries - before),
          "extra entry: the size line declares only " + std::to_string(head.entries) + " entries");
  });
  g.n = head.nrows;
  if (head.nrows != head.ncols)
    agree(ctx, [&] {
      throw InvalidArgument(path + " is " + std::to_string(head.nrows) + " x " +
                            std::to_string(head.ncols) + ": a graph's matrix must be square");
    });
  g.undirected = head.symmetric_storage || options.undirected;
  g.info.format = FileFormat::MatrixMarket;
  g.info.field = head.field;
  g.info.symmetric_storage = head.symmetric_storage;
  g.info.entries_in_file = lines;
  g.info.ids = std::make_shared<const VertexIds>(VertexIds::offset(1, g.n));
  g.bytes_read = piece.size();
  std::vector<std::uint64_t> dups;
  if (options.undirected && !head.symmetric_storage) {
    // --undirected: each arc in both directions; repeats are checked on the file's own arcs.
    Arcs own = redistribute(ctx, g.n, Arcs(p.arcs));
    sort_unique(own, &dups);
    add_mirrors(p.arcs);
  }
  g.local = redistribute(ctx, g.n, std::move(p.arcs));
  if (options.undirected && !head.symmetric_storage)
    sort_unique(g.local, nullptr);
  else
    sort_unique(g.local, &dups);
  int bad = !dups.empty(), any_bad = 0;
  MPI_Allreduce(&bad, &any_bad, 1, MPI_INT, MPI_MAX, ctx.comm);
  if (any_bad)
    throw_duplicate_line(ctx, path, g.n, piece, first_line, head.symmetric_storage, dups);
  g.arcs = sum_all(ctx, g.local.size());
  return g;
}

/// This rank's piece of an edge list, as read_edge_list reads it.
struct EdgeListPiece {
  std::string_view text;           ///< the byte range (rank 0: from the file's start)
  std::string prefix;              ///< the head lines read before it (ranks after the first)
  std::uint64_t prefix_lines = 0;  ///< lines in `prefix`
  std::uint64_t first_line = 1;    ///< the file line of the piece's own first line
};

/// This rank's piece: every piece after the first is read behind the head lines the whole-file
/// reader would have seen first; rank 0 reads from the file's start, its head included.
EdgeListPiece edge_list_piece(const MpiContext& ctx, std::string_view bytes,
                              const EdgeListHead& head) {
  EdgeListPiece piece;
  const std::size_t body = head.body_offset;
  for (const std::string* line : {&head.spgraph_header, &head.column_header})
    if (!line->empty()) {
      piece.prefix += *line + "\n";
      ++piece.prefix_lines;
    }
  piece.text = byte_range(ctx, bytes, body);
  std::uint64_t lines_before_body = 1;
  for (std::size_t k = 0; k < body; ++k) lines_before_body += bytes[k] == '\n';
  piece.first_line = first_line_of(ctx, piece.text, lines_before_body, nullptr);
  if (ctx.rank == 0) {  // rank 0 reads from the file's start, its head included
    piece.text = bytes.substr(0, std::size_t(piece.text.data() + piece.text.size() - bytes.data()));
    piece.first_line = 1;
    piece.prefix.clear();
    piece.prefix_lines = 0;
  }
  return piece;
}

/// How every rank reads its piece of an edge list.
struct EdgeListReading {
  LoadOptions options;     ///< read_edge_list's options for a piece
  bool declared = false;   ///< spgraph's header declares the vertex count
  bool remap = false;      ///< ids are renumbered (--remap-ids, or the header's ids=external)
  bool auto_base = false;  ///< the base is decided over the whole file (1 unless some id is 0)
};

EdgeListReading edge_list_reading(const MpiContext& ctx, const EdgeListHead& head,
                                  std::size_t file_bytes, const LoadOptions& options) {
  EdgeListReading r;
  LoadOptions& po = r.options;
  po = options;
  po.pattern_only = false;  // weights are read on every piece, to check mixed columns
  po.progress = {};
  po.whole_file_bytes = file_bytes;
  if (ctx.rank > 0) po.header = head.column_header.empty() ? 0 : 1;
  r.declared = !head.spgraph_header.empty();
  r.remap = options.remap_ids || head.external_ids;
  // The base is decided over the whole file (1 unless some id is 0): pieces read ids as they
  // are (base 0), with one more vertex allowed so that the 1-based limit applies, as it does
  // to a file without id 0; the 0-based limit is checked once the base is known.
  r.auto_base = !r.declared && po.index_base == -1 && !r.remap;
  if (r.auto_base) {
    po.index_base = 0;
    po.max_dimension = Vertex(std::min<std::uint64_t>(std::uint64_t(options.max_dimension) + 1,
                                                      std::uint64_t(kNoVertex)));
  }
  return r;
}

/// Reads this rank's piece with read_edge_list (an error at its line in the whole file, agreed
/// over the ranks); the piece's base goes to g.info.index_base.
void parse_edge_list_piece(const MpiContext& ctx, const std::string& path,
                           const EdgeListPiece& piece, std::size_t body,
                           const EdgeListReading& reading, bool with_values, Parsed& p,
                           DistributedGraph& g) {
  agree(ctx, [&] {
    p.any = has_data_line(ctx.rank == 0 ? piece.text.substr(std::min(piece.text.size(), body))
                                        : piece.text);
    if (!p.any && !reading.declared) return;
    std::string text;
    std::string_view view = piece.text;
    if (!piece.prefix.empty()) {
      text = piece.prefix;
      text.append(piece.text);
      view = text;
    }
    try {
      LoadedMatrix lm = read_edge_list(path, view, reading.options);
      p.entries = lm.info.entries_in_file;
      p.merged = lm.info.duplicates_merged;
      p.weighted = lm.info.field == "real";
      p.undirected = lm.info.symmetric_storage;
      if (reading.remap) p.ids = lm.info.ids;
      if (reading.declared && !reading.remap) p.declared_n = nrows_of(lm.matrix);
      append_arcs(lm.matrix, with_values, p.arcs);
      g.info.index_base = lm.info.index_base;
    } catch (const ParseError& e) {
      throw at_file_line(e, piece.prefix_lines, piece.first_line);
    }
    note_ids(p);
  });
}

/// The checks across pieces: a file with no edge at all (rank 0 reads it whole for the
/// single-node reader's error), mixed weight columns (named at the first data line of the
/// first piece that differs from the first piece with data). Sets the entry count, the
/// direction and the field of g.
void check_edge_list_pieces(const MpiContext& ctx, const std::string& path, std::string_view bytes,
                            const LoadOptions& options, const EdgeListPiece& piece, const Parsed& p,
                            bool with_values, DistributedGraph& g) {
  const std::uint64_t entries = sum_all(ctx, p.entries);
  std::vector<int> weighted(ctx.size), any(ctx.size);
  int w = p.weighted, a = p.any;
  MPI_Allgather(&w, 1, MPI_INT, weighted.data(), 1, MPI_INT, ctx.comm);
  MPI_Allgather(&a, 1, MPI_INT, any.data(), 1, MPI_INT, ctx.comm);
  agree(ctx, [&] {
    if (entries == 0 && ctx.rank == 0) (void)read_edge_list(path, bytes, options);
    int first = -1;
    for (int r = 0; r < ctx.size; ++r)
      if (any[r] && first < 0) first = r;
    if (first >= 0 && p.any && ctx.rank > first && weighted[ctx.rank] != weighted[first]) {
      bool lower_differs = false;
      for (int r = first + 1; r < ctx.rank; ++r)
        lower_differs = lower_differs || (any[r] && weighted[r] != weighted[first]);
      if (!lower_differs)
        throw ParseError(path, first_data_line(piece.text, piece.first_line),
                         std::string("mixed weight columns: this line ") +
                             (weighted[first] ? "has no" : "has a") + " weight but earlier lines " +
                             (weighted[first] ? "do" : "do not"));
    }
  });
  g.info.format = FileFormat::EdgeList;
  g.info.entries_in_file = entries;
  int und = p.undirected, any_und = 0;
  MPI_Allreduce(&und, &any_und, 1, MPI_INT, MPI_MAX, ctx.comm);
  g.undirected = any_und || options.undirected;
  g.info.symmetric_storage = g.undirected;
  int wany = 0;
  for (int r = 0; r < ctx.size; ++r) wany |= weighted[r] && any[r];
  g.info.field = wany && with_values ? "real" : "pattern";
}

/// The numbering of integer ids over all ranks: the header's base and vertex count, or the base
/// decided over the whole file (this rank's arcs shifted to it) and the largest id's count,
/// checked against the vertex limit.
void number_offset_ids(const MpiContext& ctx, const std::string& path, const LoadOptions& options,
                       const EdgeListReading& reading, Parsed& p, DistributedGraph& g) {
  std::uint64_t max_id = 0, declared_n = p.declared_n;
  int zero = p.any_zero, any_zero = 0;
  MPI_Allreduce(&p.max_id, &max_id, 1, MPI_UINT64_T, MPI_MAX, ctx.comm);
  MPI_Allreduce(MPI_IN_PLACE, &declared_n, 1, MPI_UINT64_T, MPI_MAX, ctx.comm);
  MPI_Allreduce(&zero, &any_zero, 1, MPI_INT, MPI_MAX, ctx.comm);
  int base = 0;
  if (reading.declared) {
    int b = ctx.rank == 0 ? g.info.index_base : 0;
    MPI_Bcast(&b, 1, MPI_INT, 0, ctx.comm);
    base = b;
    g.n = Vertex(declared_n);
  } else {
    base = options.index_base == -1 ? (any_zero ? 0 : 1) : options.index_base;
    if (options.index_base == -1 && base == 1)
      for (std::size_t k = 0; k < p.arcs.size(); ++k) --p.arcs.row[k], --p.arcs.col[k];
    const std::uint64_t count = max_id - std::uint64_t(reading.auto_base ? base : 0);
    agree(ctx, [&] {
      if (count > options.max_dimension && ctx.rank == 0)
        throw ParseError(path, 0,
                         "the largest id, " + std::to_string(max_id - 1) + ", makes " +
                             std::to_string(count) + " vertices, more than the limit of " +
                             std::to_string(options.max_dimension) +
                             " (32-bit vertex ids); use --remap-ids to renumber ids");
    });
    g.n = Vertex(count);
  }
  g.info.index_base = base;
  g.info.ids = std::make_shared<const VertexIds>(VertexIds::offset(base, g.n));
}

/// An edge list: every piece after the first is read behind the head lines the whole-file reader
/// would have seen first; the base, mixed weights, remapped ids and repeats are settled over all
/// ranks.
DistributedGraph load_edge_list(const MpiContext& ctx, const std::string& path,
                                std::string_view bytes, const LoadOptions& options,
                                bool with_values) {
  DistributedGraph g;
  Parsed p;
  EdgeListHead head;
  agree(ctx, [&] {
    head = read_edge_list_head(path, bytes, options);
    if (head.lightgraphs)
      throw InvalidArgument(path +
                            ": LightGraphs files are not read by spgraph-mpi; convert "
                            "it with 'spgraph convert " +
                            path + " OUT.bin'");
  });
  const EdgeListPiece piece = edge_list_piece(ctx, bytes, head);
  const EdgeListReading reading = edge_list_reading(ctx, head, bytes.size(), options);
  parse_edge_list_piece(ctx, path, piece, head.body_offset, reading, with_values, p, g);
  check_edge_list_pieces(ctx, path, bytes, options, piece, p, with_values, g);
  if (reading.remap) {
    const VertexIds none(VertexIds::Kind::Integer);
    RemappedIds ids = number_ids_globally(ctx, p.ids ? *p.ids : none, p.arcs);
    g.n = ids.n;
    g.info.ids = ids.names;  // rank 0
    g.info.index_base = 0;
  } else {
    number_offset_ids(ctx, path, options, reading, p, g);
  }
  // The arcs to their owners; duplicates folded there.
  g.bytes_read = piece.text.size();
  const std::uint64_t parsed_arcs = sum_all(ctx, p.arcs.size());
  g.local = redistribute(ctx, g.n, std::move(p.arcs));
  sort_unique(g.local, nullptr);
  const std::uint64_t merged_in_pieces = sum_all(ctx, p.merged);
  g.arcs = sum_all(ctx, g.local.size());
  g.info.duplicates_merged = merged_in_pieces + (parsed_arcs - g.arcs);
  // Ids in [base, largest] on no line, as the single-node reader counts them (its warning).
  if (!reading.declared && !reading.remap)
    g.info.phantom_vertices = Vertex(untouched_vertices(ctx, g.n, g.local));
  return g;
}

}  // namespace

void add_mirrors(Arcs& arcs) {
  const std::size_t m = arcs.size();
  for (std::size_t k = 0; k < m; ++k)
    if (arcs.row[k] != arcs.col[k]) {
      arcs.row.push_back(arcs.col[k]);
      arcs.col.push_back(arcs.row[k]);
      if (!arcs.val.empty()) arcs.val.push_back(arcs.val[k]);
    }
}

int owner_of(const MpiContext& ctx, Vertex n, Vertex r, Vertex c) {
  const Vertex per = n / Vertex(ctx.q);
  const int pr = per ? std::min(int(r / per), ctx.q - 1) : ctx.q - 1;
  const int pc = per ? std::min(int(c / per), ctx.q - 1) : ctx.q - 1;
  return ctx.grid->GetRank(pr, pc);
}

Arcs redistribute(const MpiContext& ctx, Vertex n, Arcs&& arcs) {
  const int p = ctx.size;
  const bool values = !arcs.val.empty();
  std::vector<int> dest(arcs.size());
  std::vector<std::uint64_t> send(p, 0);
  for (std::size_t k = 0; k < arcs.size(); ++k)
    ++send[dest[k] = owner_of(ctx, n, arcs.row[k], arcs.col[k])];
  std::vector<std::uint64_t> recv(p, 0);
  MPI_Alltoall(send.data(), 1, MPI_UINT64_T, recv.data(), 1, MPI_UINT64_T, ctx.comm);
  // MPI counts are ints; every rank learns whether any pair overflows, so all throw together.
  int too_many = 0;
  for (int r = 0; r < p; ++r)
    too_many |= send[r] > std::uint64_t(INT32_MAX) || recv[r] > std::uint64_t(INT32_MAX);
  MPI_Allreduce(MPI_IN_PLACE, &too_many, 1, MPI_INT, MPI_MAX, ctx.comm);
  if (too_many) throw InvalidArgument("more than 2^31 arcs between two ranks: use more ranks");
  std::vector<int> sc(p), rc(p), sd(p, 0), rd(p, 0);
  for (int r = 0; r < p; ++r) sc[r] = int(send[r]), rc[r] = int(recv[r]);
  for (int r = 1; r < p; ++r) sd[r] = sd[r - 1] + sc[r - 1], rd[r] = rd[r - 1] + rc[r - 1];
  const std::size_t total = std::size_t(rd[p - 1]) + std::size_t(rc[p - 1]);
  std::vector<Vertex> srow(arcs.size()), scol(arcs.size());
  std::vector<double> sval(values ? arcs.size() : 0);
  std::vector<int> at(sd);
  for (std::size_t k = 0; k < arcs.size(); ++k) {
    const int slot = at[dest[k]]++;
    srow[slot] = arcs.row[k];
    scol[slot] = arcs.col[k];
    if (values) sval[slot] = arcs.val[k];
  }
  arcs = Arcs{};
  Arcs out;
  out.row.resize(total);
  out.col.resize(total);
  MPI_Alltoallv(srow.data(), sc.data(), sd.data(), MPI_UINT32_T, out.row.data(), rc.data(),
                rd.data(), MPI_UINT32_T, ctx.comm);
  MPI_Alltoallv(scol.data(), sc.data(), sd.data(), MPI_UINT32_T, out.col.data(), rc.data(),
                rd.data(), MPI_UINT32_T, ctx.comm);
  int any_values = values, global_values = 0;
  MPI_Allreduce(&any_values, &global_values, 1, MPI_INT, MPI_MAX, ctx.comm);
  if (global_values) {
    out.val.resize(total);
    MPI_Alltoallv(sval.data(), sc.data(), sd.data(), MPI_DOUBLE, out.val.data(), rc.data(),
                  rd.data(), MPI_DOUBLE, ctx.comm);
  }
  return out;
}

DistributedGraph load_distributed(const MpiContext& ctx, const std::string& path,
                                  const LoadOptions& options, bool with_values) {
  const auto t0 = std::chrono::steady_clock::now();
  std::optional<InputBuffer> in;
  FileFormat format = options.format;
  std::string_view bytes;
  agree(ctx, [&] {
    in.emplace(InputBuffer::open(path));
    bytes = checked_input(path, in->bytes(), format);
    if (format == FileFormat::Metis)
      throw InvalidArgument(path +
                            ": METIS files are not read by spgraph-mpi; convert it with "
                            "'spgraph convert " +
                            path + " OUT.bin' and load that");
    if (!options.edge_types.empty())
      throw InvalidArgument("--edge-type is not supported by spgraph-mpi: filter the file first");
  });
  DistributedGraph g = format == FileFormat::Binary
                           ? load_binary_distributed(ctx, path, bytes, options, with_values)
                       : format == FileFormat::MatrixMarket
                           ? load_matrix_market(ctx, path, bytes, options, with_values)
                           : load_edge_list(ctx, path, bytes, options, with_values);
  g.load_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return g;
}

}  // namespace spgraph::mpi
