// load_matrix / load_graph / save_matrix / format_name: open the input (mmap or gunzip),
// detect the format (magic bytes and banner first, then the name's extension), dispatch to
// the reader, and fill the LoadInfo fields common to every format. O(1) beyond the reader.
#include "loaders/load.hpp"

#include <filesystem>

#include "engine/error.hpp"
#include "loaders/binary_format.hpp"
#include "loaders/edge_list.hpp"
#include "loaders/input_buffer.hpp"
#include "loaders/matrix_market.hpp"
#include "loaders/metis.hpp"
#include "loaders/text_lines.hpp"
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

LoadedMatrix parse(const std::string& name, const InputBuffer& in, const LoadOptions& options) {
  const std::string_view bytes = in.bytes();
  const FileFormat f =
      options.format == FileFormat::Auto ? detect_format(name, bytes) : options.format;
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
  out.info.path = name;
  out.info.bytes = in.stored_size();
  if (options.progress) options.progress(bytes.size(), bytes.size());
  return out;
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
  const InputBuffer in = InputBuffer::open(path);
  return parse(path, in, options);
}

LoadedMatrix load_matrix_from_buffer(const std::string& name, std::string_view bytes,
                                     const LoadOptions& options) {
  const InputBuffer in = InputBuffer::from_memory(name, bytes);
  return parse(name, in, options);
}

Matrix<bool> load_graph(const std::string& path, const LoadOptions& options) {
  LoadOptions o = options;
  o.pattern_only = true;
  LoadedMatrix m = load_matrix(path, o);
  if (auto* b = std::get_if<Matrix<bool>>(&m.matrix); b && b->is_pattern()) return std::move(*b);
  return pattern_of(m.matrix);
}

void save_matrix(const std::string& path, const AnyMatrix& m, FileFormat format,
                 const std::vector<std::uint64_t>& external_ids) {
  if (format == FileFormat::Auto) {
    const std::string ext = extension_of(path);
    format = ext == ".mtx" || ext == ".mm"    ? FileFormat::MatrixMarket
             : ext == ".bin" || ext == ".spg" ? FileFormat::Binary
                                              : FileFormat::EdgeList;
  }
  switch (format) {
    case FileFormat::Auto:
    case FileFormat::MatrixMarket:
      write_matrix_market(path, m);
      break;
    case FileFormat::EdgeList:
      write_edge_list(path, m, external_ids);
      break;
    case FileFormat::Binary:
      write_binary(path, m);
      break;
    case FileFormat::Metis:
      throw InvalidArgument("save_matrix: writing METIS .graph files is not supported");
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
