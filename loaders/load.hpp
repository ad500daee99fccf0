// One entry point for reading and writing graph files: the format is detected from the
// content and name (Matrix Market, edge list / SNAP / TSV / CSV, METIS .graph, spgraph binary),
// gzip input is unpacked transparently, and every defect raises ParseError with file and line.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/any_matrix.hpp"
#include "engine/types.hpp"
#include "formats/coo/coo.hpp"

namespace spgraph {

enum class FileFormat { Auto, MatrixMarket, EdgeList, Metis, Binary };

struct LoadOptions {
  FileFormat format = FileFormat::Auto;
  int index_base = -1;        ///< edge lists: 0 or 1; -1 detects (1-based iff no id 0 appears)
  bool remap_ids = false;     ///< edge lists: map arbitrary 64-bit ids to dense 0..n-1
  bool pattern_only = false;  ///< ignore values; load the structure only (less memory)
  bool undirected = false;    ///< edge lists: store each edge in both directions
  /// Edge lists: repeated arcs are folded (Combine keeps the first weight) or rejected.
  /// Matrix Market files always reject duplicates, as the format requires.
  DuplicatePolicy duplicates = DuplicatePolicy::Combine;
  int threads = 0;  ///< parser threads; 0 = all
  /// Largest accepted nrows / ncols / vertex count; bigger inputs are a ParseError before any
  /// O(n) allocation (fuzzers and services lower it to bound memory).
  Vertex max_dimension = kMaxDimension;
  /// Called with (bytes done, bytes total) during long loads; may be empty.
  std::function<void(std::uint64_t, std::uint64_t)> progress;
};

/// What the file said about itself, beyond the matrix.
struct LoadInfo {
  std::string path;
  FileFormat format = FileFormat::Auto;
  bool symmetric_storage = false;  ///< MM symmetric/skew/hermitian, METIS, or undirected list
  std::string field;               ///< "pattern", "integer", "real", ...
  Offset entries_in_file = 0;      ///< data lines / tuples read, before expansion or merging
  Offset duplicates_merged = 0;    ///< edge lists: repeated arcs folded by Combine
  std::uint64_t bytes = 0;         ///< file size on disk
  /// For remapped edge lists: external id of each dense vertex id; empty otherwise.
  std::vector<std::uint64_t> external_ids;
  /// For edge lists without remap: the base subtracted from ids (0 or 1).
  int index_base = 0;
};

struct LoadedMatrix {
  AnyMatrix matrix;
  LoadInfo info;
};

/// Reads a matrix or graph file. Throws ParseError (file, line, problem) or IoError.
LoadedMatrix load_matrix(const std::string& path, const LoadOptions& options = {});

/// Parses bytes already in memory (gzip is inflated); `name` is used in messages and, with
/// FileFormat::Auto, its extension helps pick the format. Same errors as load_matrix.
LoadedMatrix load_matrix_from_buffer(const std::string& name, std::string_view bytes,
                                     const LoadOptions& options = {});

/// The format of `bytes` (uncompressed) named `name`: by content first, then by extension.
FileFormat detect_format(const std::string& name, std::string_view bytes);

/// Reads only the structure of a file as a pattern matrix (the usual way to load a graph).
Matrix<bool> load_graph(const std::string& path, const LoadOptions& options = {});

/// Writes `m` to `path` in `format` (Auto picks by extension: .mtx, .bin/.spg, else edge list).
/// `external_ids`, when non-empty, is written instead of dense ids in edge lists.
void save_matrix(const std::string& path, const AnyMatrix& m, FileFormat format = FileFormat::Auto,
                 const std::vector<std::uint64_t>& external_ids = {});

/// The format's name as the CLI prints it.
std::string format_name(FileFormat f);

}  // namespace spgraph
