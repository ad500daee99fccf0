// SPDX-License-Identifier: Apache-2.0
// LDBC Graphalytics datasets: NAME.properties (graphalytics_properties.hpp) and the two files of
// the EVLP format it names (LDBC Graphalytics benchmark specification v1.0, §2.2.1 "Definition"
// and §2.2.2 "Representation"): the vertex file, one vertex id per line (unsigned 64-bit, any
// order; isolated vertices count), and the edge file, "src dst" per line followed by the edge
// properties the .properties file declares, separated by blanks. A directed graph lists arcs; an
// undirected one lists each edge once, in either direction, and is read as the symmetric graph.
//
// Dense ids follow the ascending order of the vertex file's ids (so the smallest id is dense 0,
// and "the smallest label" of WCC and CDLP means the smallest file id); the file's ids are kept
// in LoadInfo::ids (an Offset map when they are 0..n-1 or 1..n, else an Integer map). The
// matrix holds the weight property (GraphalyticsProperties::weight_property) as double values,
// or is a pattern when the edges have no properties or LoadOptions::pattern_only.
//
// Checked, each an error naming its file and line: an id that is not an unsigned integer, a
// repeated vertex, an edge endpoint missing from the vertex file, a self-loop or a repeated edge
// (§2.2.1: "every edge is unique and connects two distinct vertices"; in an undirected graph
// "u v" and "v u" are the same edge), a line with more or fewer fields than the properties
// declare, a property that is not a number (an int property not an integer), a NaN, and counts
// that disagree with meta.vertices and meta.edges (at their lines of the .properties file). Blank
// lines and lines starting with '#' are skipped; a UTF-8 byte order mark is skipped, UTF-16 and
// UTF-32 are refused.
//
// Phases: (1) the vertex file in parallel chunks (parallel_lines.hpp, number_parse.hpp), ids
// sorted (skipped when already ascending), repeats found by one scan; (2) the id map; (3) the
// edge file in parallel chunks, each chunk's endpoints looked up in the map in one loop once
// its lines are read (VertexIds::find_integers overlaps the lookups' cache misses); (4) the reverse
// arcs of an undirected graph; (5) Matrix::from_coo, then a repeated edge, if the build merged
// one, is found by a second pass that names its line. Cost: O(bytes / threads) parsing, O(n log
// n) for an unsorted vertex file, O(m) build; peak about two copies of the tuples.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "loaders/graphalytics_properties.hpp"
#include "loaders/load_options.hpp"

namespace spgraph {

/// A loaded Graphalytics dataset.
struct GraphalyticsDataset {
  GraphalyticsProperties properties;
  /// The graph (info.format Graphalytics, info.path the .properties file, info.ids the vertex
  /// file's ids in ascending order, info.symmetric_storage when undirected).
  LoadedMatrix graph;
  std::string vertex_path, edge_path;  ///< the files read (as named in errors)
  /// The first edge-file line whose weight SSSP cannot take (negative or infinite: §2.3.6 says
  /// "never negative, infinity, or NaN"), 0 when none, and that weight.
  std::uint64_t unusable_weight_line = 0;
  double unusable_weight = 0;
};

/// The .properties path DATASET names: DATASET itself when it ends in ".properties", else
/// DATASET + ".properties".
std::string graphalytics_properties_path(const std::string& dataset);

/// True when `path` names a Graphalytics dataset by its ".properties" extension.
bool is_graphalytics_path(const std::string& path);

/// The path of a file the .properties file names (its vertex_file() or edge_file()): relative
/// to the .properties file's directory unless absolute.
std::string graphalytics_file_path(const GraphalyticsProperties& properties,
                                   const std::string& file);

/// Reads the .properties file of DATASET (graphalytics_properties_path). Throws IoError or
/// ParseError naming it.
GraphalyticsProperties read_graphalytics_properties(const std::string& dataset);

/// Reads the vertex and edge files `properties` names (relative to its directory; gzip is
/// inflated). Errors in those files name the file and line and end with "(dataset PATH)".
GraphalyticsDataset load_graphalytics(GraphalyticsProperties properties,
                                      const LoadOptions& options = {});

/// read_graphalytics_properties, then load_graphalytics.
GraphalyticsDataset load_graphalytics(const std::string& dataset, const LoadOptions& options = {});

/// The vertex and edge files as bytes already in memory (uncompressed), named `vertex_name` and
/// `edge_name` in errors: the parser behind load_graphalytics (tests and the fuzzer call it).
/// info.bytes is left 0.
GraphalyticsDataset read_graphalytics(GraphalyticsProperties properties,
                                      const std::string& vertex_name, std::string_view vertices,
                                      const std::string& edge_name, std::string_view edges,
                                      const LoadOptions& options = {});

}  // namespace spgraph
