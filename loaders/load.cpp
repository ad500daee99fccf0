// SPDX-License-Identifier: Apache-2.0
// load_matrix / load_graph / save_matrix / format_name: open the input (mmap or gunzip),
// refuse empty files and CR-only line endings, detect the format (magic bytes and banner first,
// then the name's extension; a .properties file is a Graphalytics dataset, read by its own
// loader from its three files), dispatch to the reader, apply --undirected to any format, and
// fill the LoadInfo fields common to every format. Writing picks the format by extension
// (unknown extensions are refused) and checks a symmetric claim before making it.
#include "loaders/load.hpp"

#include <algorithm>
#include <filesystem>

#include "engine/core/error.hpp"
#include "engine/core/resources.hpp"
#include "loaders/binary_format.hpp"
#include "loaders/byte_order_mark.hpp"
#include "loaders/edge_list.hpp"
#include "loaders/graphalytics.hpp"
#include "loaders/input_buffer.hpp"
#include "loaders/matrix_market.hpp"
#include "loaders/metis.hpp"
#include "loaders/symmetry.hpp"
#include "loaders/text_lines.hpp"
#include "loaders/value_rules.hpp"
#include "loaders/writers.hpp"

namespace spgraph {

namespace {

/// The lower-case extension of `name`, ignoring a trailing ".gz".
std::string extension_of(const std::string& name) {
  std::filesystem::path p(name);
  std::string ext = detail::lower(p.extension().string());
  if (ext == ".gz") ext = detail::lower(p.stem().extension().string());
  return ext;
}

/// Refuses what no text format can hold before a reader sees it: an empty file, and CR-only
/// line endings (classic Mac), which would read as one long line.
void check_text(const std::string& name, std::string_view bytes) {
  if (bytes.empty()) throw ParseError(name, 0, "file is empty (0 bytes): no graph to read");
  if (bytes.find_first_not_of(" \t\r\n\f\v") == std::string_view::npos)
    throw ParseError(name, 0, "file is empty (only blank space): no graph to read");
  const std::string_view head = bytes.substr(0, std::size_t(1) << 20);
  const std::size_t cr = head.find('\r');
  if (cr != std::string_view::npos && head.find('\n') == std::string_view::npos &&
      !detail::is_blank_line(head.substr(cr)))
    throw ParseError(name, 1,
                     "CR-only line endings (classic Mac): lines must end in LF or CRLF; convert "
                     "with: tr '\\r' '\\n' < FILE > FILE.unix");
}

}  // namespace

std::string_view checked_input(const std::string& name, std::string_view bytes,
                               FileFormat& format) {
  // UTF-16 and UTF-32 files are refused by name; a UTF-8 byte order mark (as Windows tools
  // write) is an encoding marker, not content.
  detail::refuse_wide_encoding(name, bytes);
  if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
  if (format == FileFormat::Auto) format = detect_format(name, bytes);
  if (format == FileFormat::Graphalytics)
    throw ParseError(name, 0,
                     "a Graphalytics dataset (NAME.properties with the vertex and edge files it "
                     "names) is read from its files by spgraph, not from one file's bytes: "
                     "convert it first with 'spgraph convert " +
                         name + " OUT.bin'");
  if (format == FileFormat::Binary) {
    if (bytes.empty()) throw ParseError(name, 0, "file is empty (0 bytes): no graph to read");
  } else {
    check_text(name, bytes);
  }
  return bytes;
}

namespace {

/// What every load does after its reader: --undirected, the symmetric structure cached, and
/// the id map of a format that numbers its vertices (1-based Matrix Market and METIS; edge lists
/// and binary files say their base).
void finish_load(const std::string& name, FileFormat f, const LoadOptions& options,
                 LoadedMatrix& out) {
  if (options.undirected && !out.info.symmetric_storage) {
    try {
      std::visit([](auto& m) { m = symmetrize(m); }, out.matrix);
    } catch (const InvalidArgument& e) {
      throw ParseError(name, 0, std::string("--undirected: ") + e.what());
    }
    out.info.symmetric_storage = true;
  }
  // Symmetric storage is symmetric structure by construction: cache it, so that no one tests it.
  if (out.info.symmetric_storage)
    std::visit([](auto& m) { m.mark_structure_symmetric(); }, out.matrix);
  if (!out.info.ids) {
    const int base =
        f == FileFormat::MatrixMarket || f == FileFormat::Metis ? 1 : out.info.index_base;
    const Vertex n =
        std::visit([](const auto& m) { return std::max(m.nrows(), m.ncols()); }, out.matrix);
    out.info.ids = std::make_shared<const VertexIds>(VertexIds::offset(base, n));
  }
}

LoadedMatrix parse(const std::string& name, const InputBuffer& in, const LoadOptions& options) {
  FileFormat f = options.format;
  const std::string_view bytes = checked_input(name, in.bytes(), f);
  LoadedMatrix out;
  switch (f) {
    case FileFormat::Auto:
    case FileFormat::MatrixMarket:
      out = read_matrix_market(name, bytes, options);
      break;
    case FileFormat::EdgeList:
      out = read_edge_list(name, bytes, options);
      break;
    case FileFormat::Metis:
      out = read_metis(name, bytes, options);
      break;
    case FileFormat::Binary:
      out =
          read_binary(name, bytes, options, [&in](std::string_view part) { in.drop_pages(part); });
      break;
    case FileFormat::Graphalytics:  // refused by checked_input
      break;
  }
  out.info.path = name;
  out.info.bytes = in.stored_size();
  finish_load(name, f, options, out);
  if (options.progress) options.progress(bytes.size(), bytes.size());
  return out;
}

/// True when `bytes` read as METIS: a first data line "n m [fmt [ncon]]" of integers (fmt made
/// of 0s and 1s), then exactly n vertex lines ('%' lines are comments, blank lines are vertices
/// without neighbours), and exactly as many numbers as n, m and fmt call for. An edge list
/// "u v" passes only if its first edge were a self-loop (k, k) with k the lines after it.
bool looks_like_metis(std::string_view bytes) {
  detail::LineCursor cur(bytes);
  std::string_view line;
  bool header = false;
  std::uint64_t n = 0, m = 0, lines = 0, entries = 0, ncon = 1;
  std::string_view fmt;
  while (cur.next(line)) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const char ch = detail::first_char(line);
    if (ch == '%') continue;
    if (!header) {
      if (ch == '\0') continue;
      std::string_view tok[5];
      const std::size_t k = detail::split_tokens(line, tok, 5);
      if (k < 2 || k > 4) return false;
      for (std::size_t i = 0; i < k; ++i)
        if (!std::all_of(tok[i].begin(), tok[i].end(), [](char c) { return c >= '0' && c <= '9'; }))
          return false;
      if (k >= 3 && (tok[2].size() > 3 || tok[2].find_first_not_of("01") != std::string_view::npos))
        return false;
      const char* p = tok[0].data();
      if (detail::parse_u64(p, tok[0].data() + tok[0].size(), n) != detail::NumStatus::Ok)
        return false;
      p = tok[1].data();
      if (detail::parse_u64(p, tok[1].data() + tok[1].size(), m) != detail::NumStatus::Ok)
        return false;
      if (k >= 3) fmt = tok[2];
      // METIS vertex ids are 32-bit, and the file would be at least n lines long.
      if (n > kMaxDimension || n > bytes.size()) return false;
      if (k == 4) {
        p = tok[3].data();
        if (detail::parse_u64(p, tok[3].data() + tok[3].size(), ncon) != detail::NumStatus::Ok ||
            ncon == 0)
          return false;
      }
      header = true;
      continue;
    }
    ++lines;
    for (const char *p = line.data(), *e = p + line.size(); p < e;) {
      p = detail::skip_blanks(p, e);
      if (p == e) break;
      ++entries;
      while (p < e && !detail::is_blank(*p)) ++p;
    }
    if (lines > n || entries > 2 * m * 2 + n * (1 + ncon)) return false;
  }
  if (!header || lines != n || n == 0) return false;
  // fmt "abc": a vertex sizes, b ncon vertex weights, c edge weights (one per neighbour).
  std::string digits(3 - std::min<std::size_t>(fmt.size(), 3), '0');
  digits += fmt;
  const std::uint64_t sizes = digits[0] == '1', weights = digits[1] == '1' ? ncon : 0,
                      per_edge = digits[2] == '1' ? 2 : 1;
  return entries == n * (sizes + weights) + 2 * m * per_edge;
}

/// Bytes a gzip input may expand to: half the budget, the other half for parsing it.
std::uint64_t inflate_limit(const LoadOptions& options) {
  return memory_budget(options.memory_limit) / 2;
}

}  // namespace

FileFormat detect_format(const std::string& name, std::string_view bytes) {
  if (bytes.starts_with("SPGRAPH1")) return FileFormat::Binary;
  if (detail::lower(bytes.substr(0, 14)) == "%%matrixmarket") return FileFormat::MatrixMarket;
  if (is_graphalytics_path(name)) return FileFormat::Graphalytics;
  const std::string ext = extension_of(name);
  if (ext == ".mtx" || ext == ".mm") return FileFormat::MatrixMarket;
  if (ext == ".graph" || ext == ".metis") return FileFormat::Metis;
  if (ext == ".bin" || ext == ".spg") return FileFormat::Binary;
  // No telling extension: METIS by its shape (a '%' comment first would read as an edge list).
  if (looks_like_metis(bytes)) return FileFormat::Metis;
  return FileFormat::EdgeList;
}

LoadedMatrix load_matrix(const std::string& path, const LoadOptions& options) {
  if (options.format == FileFormat::Graphalytics ||
      (options.format == FileFormat::Auto && is_graphalytics_path(path))) {
    LoadedMatrix out = load_graphalytics(path, options).graph;
    finish_load(path, FileFormat::Graphalytics, options, out);
    if (options.progress) options.progress(out.info.bytes, out.info.bytes);
    return out;
  }
  const InputBuffer in = InputBuffer::open(path, inflate_limit(options));
  return parse(path, in, options);
}

LoadedMatrix load_matrix_from_buffer(const std::string& name, std::string_view bytes,
                                     const LoadOptions& options) {
  const InputBuffer in = InputBuffer::from_memory(name, bytes, inflate_limit(options));
  return parse(name, in, options);
}

Matrix<bool> load_graph(const std::string& path, const LoadOptions& options) {
  LoadOptions o = options;
  o.pattern_only = true;
  return std::get<Matrix<bool>>(load_matrix(path, o).matrix);  // see LoadOptions::pattern_only
}

GraphFile load_graph_file(const std::string& path, const LoadOptions& options) {
  LoadOptions o = options;
  o.pattern_only = true;
  LoadedMatrix m = load_matrix(path, o);
  return GraphFile{std::get<Matrix<bool>>(std::move(m.matrix)), std::move(m.info)};
}

FileFormat output_format_for(const std::string& path) {
  const std::string ext = extension_of(path);
  if (ext == ".mtx" || ext == ".mm") return FileFormat::MatrixMarket;
  if (ext == ".bin" || ext == ".spg") return FileFormat::Binary;
  if (ext == ".graph" || ext == ".metis") return FileFormat::Metis;
  if (ext.empty() || ext == ".txt" || ext == ".tsv" || ext == ".csv" || ext == ".el" ||
      ext == ".edges" || ext == ".edgelist" || ext == ".snap")
    return FileFormat::EdgeList;
  throw InvalidArgument(path + ": unknown output extension '" + ext +
                        "': use .mtx, .bin, .graph, or .txt/.tsv/.csv/.el/.edges for an edge list "
                        "(add .gz to compress), or name the format with --to");
}

SaveOptions save_options_for(const LoadInfo& info) {
  SaveOptions o;
  const bool remapped = info.ids && info.ids->remapped();
  if (remapped) o.ids = info.ids;
  o.base =
      !remapped && (info.format == FileFormat::MatrixMarket || info.format == FileFormat::Metis)
          ? 1
          : info.index_base;
  o.symmetric = info.symmetric_storage;
  return o;
}

void save_matrix(const std::string& path, const AnyMatrix& m, const SaveOptions& options) {
  const FileFormat format =
      options.format == FileFormat::Auto ? output_format_for(path) : options.format;
  // A symmetric claim is written only when it holds, values included.
  const bool symmetric =
      options.symmetric && std::visit([](const auto& x) { return is_symmetric(x.csr(), true); }, m);
  switch (format) {
    case FileFormat::Auto:
    case FileFormat::MatrixMarket:
      write_matrix_market(path, m, symmetric);
      break;
    case FileFormat::EdgeList:
      write_edge_list(path, m, EdgeListLayout{options.ids.get(), options.base, symmetric});
      break;
    case FileFormat::Binary:
      write_binary(path, m, symmetric, options.base, options.ids.get());
      break;
    case FileFormat::Metis:
      write_metis(path, m);
      break;
    case FileFormat::Graphalytics:
      throw InvalidArgument(path +
                            ": spgraph writes Graphalytics algorithm outputs (spgraph "
                            "graphalytics --out), not datasets");
  }
}

std::string format_name(FileFormat f) {
  switch (f) {
    case FileFormat::Auto:
      return "auto";
    case FileFormat::MatrixMarket:
      return "matrix-market";
    case FileFormat::EdgeList:
      return "edge-list";
    case FileFormat::Metis:
      return "metis";
    case FileFormat::Binary:
      return "binary";
    case FileFormat::Graphalytics:
      return "graphalytics";
  }
  return "unknown";
}

}  // namespace spgraph
