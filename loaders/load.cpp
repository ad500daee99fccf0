// load_matrix / load_graph / save_matrix / format_name: open the input (mmap or gunzip),
// refuse empty files and CR-only line endings, detect the format (magic bytes and banner first,
// then the name's extension), dispatch to the reader, apply --undirected to any format, and
// fill the LoadInfo fields common to every format. Writing picks the format by extension
// (unknown extensions are refused) and checks a symmetric claim before making it.
#include "loaders/load.hpp"

#include <filesystem>

#include "engine/core/error.hpp"
#include "engine/core/resources.hpp"
#include "loaders/binary_format.hpp"
#include "loaders/edge_list.hpp"
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

LoadedMatrix parse(const std::string& name, const InputBuffer& in, const LoadOptions& options) {
  std::string_view bytes = in.bytes();
  // A UTF-8 byte order mark (as Windows tools write) is an encoding marker, not content.
  if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
  const FileFormat f =
      options.format == FileFormat::Auto ? detect_format(name, bytes) : options.format;
  if (f == FileFormat::Binary) {
    if (bytes.empty()) throw ParseError(name, 0, "file is empty (0 bytes): no graph to read");
  } else {
    check_text(name, bytes);
  }
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
      out = read_binary(name, bytes, options);
      break;
  }
  if (options.undirected && !out.info.symmetric_storage) {
    try {
      std::visit([](auto& m) { m = symmetrize(m); }, out.matrix);
    } catch (const InvalidArgument& e) {
      throw ParseError(name, 0, std::string("--undirected: ") + e.what());
    }
    out.info.symmetric_storage = true;
  }
  out.info.path = name;
  out.info.bytes = in.stored_size();
  if (options.progress) options.progress(bytes.size(), bytes.size());
  return out;
}

/// Bytes a gzip input may expand to: half the budget, the other half for parsing it.
std::uint64_t inflate_limit(const LoadOptions& options) {
  return memory_budget(options.memory_limit) / 2;
}

}  // namespace

FileFormat detect_format(const std::string& name, std::string_view bytes) {
  if (bytes.starts_with("SPGRAPH1")) return FileFormat::Binary;
  if (detail::lower(bytes.substr(0, 14)) == "%%matrixmarket") return FileFormat::MatrixMarket;
  const std::string ext = extension_of(name);
  if (ext == ".mtx" || ext == ".mm") return FileFormat::MatrixMarket;
  if (ext == ".graph" || ext == ".metis") return FileFormat::Metis;
  if (ext == ".bin" || ext == ".spg") return FileFormat::Binary;
  return FileFormat::EdgeList;
}

LoadedMatrix load_matrix(const std::string& path, const LoadOptions& options) {
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
  o.external_ids = info.external_ids;
  o.base = info.external_ids.empty() &&
                   (info.format == FileFormat::MatrixMarket || info.format == FileFormat::Metis)
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
      write_edge_list(path, m, EdgeListLayout{options.external_ids, options.base, symmetric});
      break;
    case FileFormat::Binary:
      write_binary(path, m, symmetric, options.external_ids.empty() ? options.base : 0);
      break;
    case FileFormat::Metis:
      write_metis(path, m);
      break;
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
  }
  return "unknown";
}

}  // namespace spgraph
