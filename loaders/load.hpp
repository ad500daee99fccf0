// SPDX-License-Identifier: Apache-2.0
// One entry point for reading and writing graph files: the format is detected from the
// content and name (Matrix Market, edge list / SNAP / TSV / CSV, METIS .graph, spgraph binary,
// and an LDBC Graphalytics dataset named by its .properties file), gzip input is unpacked
// transparently, and every defect raises ParseError with file and line.
#pragma once

#include <string>
#include <string_view>

#include "loaders/load_options.hpp"

namespace spgraph {

/// The numbering and symmetry of a loaded file, to write it back the way it came.
SaveOptions save_options_for(const LoadInfo& info);

/// Reads a matrix or graph file. Throws ParseError (file, line, problem) or IoError. A path
/// ending in ".properties" (or FileFormat::Graphalytics) is a Graphalytics dataset: its vertex
/// and edge files are read too (loaders/graphalytics.hpp).
LoadedMatrix load_matrix(const std::string& path, const LoadOptions& options = {});

/// Parses bytes already in memory (gzip is inflated); `name` is used in messages and, with
/// FileFormat::Auto, its extension helps pick the format. Same errors as load_matrix; a
/// Graphalytics dataset, which is three files, is refused (ParseError).
LoadedMatrix load_matrix_from_buffer(const std::string& name, std::string_view bytes,
                                     const LoadOptions& options = {});

/// What every reader's input passes first: a UTF-8 byte order mark is skipped, `format` (Auto:
/// detected) is set, and an empty file, a text file of blank space only or with CR-only line
/// endings is a ParseError, and so is a Graphalytics .properties file (not one file's bytes).
/// Returns the bytes a reader parses (spgraph-mpi reads ranges of them).
std::string_view checked_input(const std::string& name, std::string_view bytes, FileFormat& format);

/// The format of `bytes` (uncompressed) named `name`: by content first, then by extension.
FileFormat detect_format(const std::string& name, std::string_view bytes);

/// Reads only the structure of a file as a pattern matrix (the usual way to load a graph).
/// The vertex names are dropped: use load_graph_file to keep them.
Matrix<bool> load_graph(const std::string& path, const LoadOptions& options = {});

/// A graph's structure with what the file said about it, its vertex names included.
struct GraphFile {
  Matrix<bool> graph;
  LoadInfo info;  ///< info.ids names every vertex (the original ids when remapped)
};
/// Reads the structure of a file as a pattern matrix and keeps its vertex names.
GraphFile load_graph_file(const std::string& path, const LoadOptions& options = {});

/// Writes `m` to `path` atomically (loaders/output_file.hpp: the old file or the complete new
/// one, never a part). Throws InvalidArgument for an unknown extension or a matrix the format
/// cannot hold (METIS: square, symmetric, no self-loops, integer weights), IoError on failure.
void save_matrix(const std::string& path, const AnyMatrix& m, const SaveOptions& options = {});

/// The format save_matrix picks for `path` with FileFormat::Auto; throws InvalidArgument for an
/// unknown extension.
FileFormat output_format_for(const std::string& path);

/// The format's name as the CLI prints it.
std::string format_name(FileFormat f);

}  // namespace spgraph
