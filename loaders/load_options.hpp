// SPDX-License-Identifier: Apache-2.0
// The types of the loading interface: which format, how to read it (LoadOptions), what the
// file said about itself (LoadInfo), what a reader returns (LoadedMatrix), and how to write a
// file back (SaveOptions). The readers include this header, not the dispatcher in load.hpp.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/any_matrix.hpp"
#include "engine/core/types.hpp"
#include "formats/coo/coo.hpp"
#include "loaders/vertex_ids.hpp"

namespace spgraph {

/// Graphalytics: an LDBC Graphalytics dataset, named by its .properties file, which names its
/// vertex and edge files (loaders/graphalytics.hpp); read from disk only.
enum class FileFormat { Auto, MatrixMarket, EdgeList, Metis, Binary, Graphalytics };

struct LoadOptions {
  FileFormat format = FileFormat::Auto;
  int index_base = -1;  ///< edge lists: 0 or 1; -1 detects (1-based iff no id 0 appears)
  /// Edge lists: number the ids that appear densely 0..n-1, in order of first appearance. Ids
  /// may be any token: integers (kept as integers) or strings ("GO:0048308", UUIDs, ...).
  bool remap_ids = false;
  /// Edge lists with remap_ids: keep every id as a string even when all are integers (so that
  /// "007" and "7" stay two vertices).
  bool string_ids = false;
  /// Edge lists: the first data line names the columns: 1 yes, 0 no, -1 detect (a line whose
  /// id or weight fields are not numbers while the next line's are, or any line when
  /// src/dst/weight columns are given by name).
  int header = -1;
  /// Edge lists: the columns holding the source, target and weight: a 1-based number or a
  /// header name; empty = columns 1, 2 and (if present) 3.
  std::string src_column, dst_column, weight_column;
  /// Edge lists: keep only lines whose type column holds one of these names (empty: all).
  std::vector<std::string> edge_types;
  /// Edge lists: the column edge_types looks at (number or header name); empty = the last.
  std::string type_column;
  /// Edge lists: the field separator: '\t', ',', ' ' (any run of blanks), or 0 to detect (a tab
  /// on the first data line, else a comma, else blanks). Fields may be quoted (RFC 4180).
  char delimiter = 0;
  /// Load the structure only: the result is a Matrix<bool> pattern whatever the file holds
  /// (values are still read and checked, so a file is valid or not whatever the caller needs).
  bool pattern_only = false;
  bool undirected = false;  ///< edge lists: store each edge in both directions
  /// Edge lists: repeated arcs are folded (Combine keeps the first weight) or rejected.
  /// Matrix Market files always reject duplicates, as the format requires.
  DuplicatePolicy duplicates = DuplicatePolicy::Combine;
  int threads = 0;  ///< parser threads; 0 = all
  /// Largest accepted nrows / ncols / vertex count; bigger inputs are a ParseError before any
  /// O(n) allocation (fuzzers and services lower it to bound memory).
  Vertex max_dimension = kMaxDimension;
  /// When not Pattern: every value must convert to this type without loss (an integer type
  /// takes only integral values in its range, bool only 0 and 1), else ParseError at the line
  /// (or, in binary files, the entry) that holds it. The matrix keeps the file's own type.
  ValueType exact_type = ValueType::Pattern;
  /// Byte budget for what the file claims (dimensions, gzip expansion); 0 = 80% of available
  /// memory. See dimension_guard.hpp.
  std::uint64_t memory_limit = 0;
  /// The size of the whole file when a reader is given only a piece of it (spgraph-mpi: a
  /// rank's byte range), so that the dimension guard judges the file, not the piece; 0: the
  /// bytes given are the file.
  std::uint64_t whole_file_bytes = 0;
  /// Called with (bytes done, bytes total) during long loads; may be empty.
  std::function<void(std::uint64_t, std::uint64_t)> progress;
};

/// What a durable store's checkpoint records about itself (binary format flag 8): the store
/// version it holds and the store's id (store.meta), so that a renamed or foreign checkpoint
/// is recognised (store/graph_store.hpp).
struct StoreStamp {
  std::uint64_t version = 0;
  std::uint64_t store_id = 0;
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
  /// The file holds a value (weight) per edge, whether or not the load kept them
  /// (pattern_only), so a command that reads the structure can say it ignores them.
  bool values_in_file = false;
  /// The file's name of each dense vertex (Offset kind, base 0 or 1, when ids were not
  /// remapped); set by every load.
  std::shared_ptr<const VertexIds> ids;
  /// Edge lists without remap or a declared vertex count: ids in [base, largest id] that appear
  /// on no line (sparse ids make isolated "phantom" vertices; remap_ids avoids them).
  Vertex phantom_vertices = 0;
  /// Edge lists: lines skipped because their type is not in LoadOptions::edge_types.
  Offset filtered_by_type = 0;
  /// For edge lists without remap: the base subtracted from ids (0 or 1).
  int index_base = 0;
  /// Binary files written by a durable store: its stamp (absent elsewhere).
  std::optional<StoreStamp> store_stamp;
};

/// How save_matrix writes a file.
struct SaveOptions {
  /// Auto picks by the name's extension (".gz" after it compresses): .mtx/.mm Matrix Market,
  /// .bin/.spg binary, .graph/.metis METIS, .txt/.tsv/.csv/.el/.edges/.edgelist/.snap or none
  /// an edge list; any other extension is an InvalidArgument.
  FileFormat format = FileFormat::Auto;
  /// Every format that can: the file's name of each dense id (remapped inputs: edge lists write
  /// the names, binary files store the map); null or not remapped: `base` + dense id.
  std::shared_ptr<const VertexIds> ids;
  /// Edge lists: the id of dense vertex 0 when the ids are not remapped (0 or 1).
  int base = 0;
  /// The matrix is claimed to equal its transpose (an undirected graph): Matrix Market writes
  /// "symmetric" and edge lists "undirected" with each edge once, binary sets its flag. The
  /// claim is verified (values too); a matrix that is not symmetric is written general.
  bool symmetric = false;
};

struct LoadedMatrix {
  AnyMatrix matrix;
  LoadInfo info;
};

}  // namespace spgraph
