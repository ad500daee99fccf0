// SPDX-License-Identifier: Apache-2.0
// GraphalyticsProperties: the description of one LDBC Graphalytics dataset, the graph.NAME.*
// keys of its .properties file, which names the two EVLP files of LDBC Graphalytics benchmark
// specification v1.0, §2.2.2 "Representation", and gives each algorithm's parameters (§2.3). The
// key names are those graphalytics-core reads (FormattedGraphParser, GraphParser and the
// *Parameters factories of ldbc/ldbc_graphalytics; its config-template/graphs/*.properties):
//   directed = true|false                      (required)
//   vertex-file, edge-file = paths              (required; relative to the .properties file)
//   meta.vertices, meta.edges = counts          (required; checked against the files)
//   vertex-properties.names / .types            (optional: extra columns of the vertex file)
//   edge-properties.names / .types              (optional: columns after "src dst"; types
//                                                int, integer or real)
//   algorithms = bfs, cdlp, lcc, pr, sssp, wcc  (the algorithms the dataset is meant for)
//   bfs.source-vertex, cdlp.max-iterations, pr.damping-factor, pr.num-iterations,
//   sssp.weight-property, sssp.source-vertex    (each algorithm's parameters)
// NAME is the .properties file's name without its extension, or, when no key names that graph,
// the one graph whose graph.X.directed the file holds. Unknown keys are ignored, as in
// Graphalytics. The required keys are checked when the description is read; a parameter is
// read (and checked) when a caller asks for it, so that a malformed parameter of one algorithm
// does not stop another. Every error names the .properties file and the key's line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "loaders/properties_file.hpp"

namespace spgraph {

class GraphalyticsProperties {
 public:
  /// The description of graph `graph` in `file` (empty: as the header comment says). Throws
  /// ParseError for a missing or malformed required key.
  static GraphalyticsProperties from(PropertiesFile file, std::string graph = "");

  /// The .properties file's path (as given).
  const std::string& path() const { return file_.name(); }
  /// The dataset's name, NAME in graph.NAME.*.
  const std::string& graph() const { return graph_; }
  bool directed() const { return directed_; }
  /// The vertex and edge files as written in the file (relative to its directory unless
  /// absolute).
  const std::string& vertex_file() const { return vertex_file_; }
  const std::string& edge_file() const { return edge_file_; }
  std::uint64_t meta_vertices() const { return meta_vertices_; }
  std::uint64_t meta_edges() const { return meta_edges_; }
  /// Extra fields of a vertex line after its id (vertex properties; Graphalytics' datasets have
  /// none).
  std::size_t vertex_property_count() const { return vertex_property_count_; }
  /// The edge properties: the fields of an edge line after "src dst", in order.
  const std::vector<std::string>& edge_property_names() const { return edge_names_; }
  /// Whether edge property k holds integers (type int or integer) rather than reals.
  bool edge_property_is_integer(std::size_t k) const { return edge_integer_[k]; }
  /// The edge property that is the graph's weight: the one sssp.weight-property names, or
  /// without that key the first; -1 when the edges have no properties.
  int weight_property() const { return weight_property_; }
  /// The algorithms the dataset lists, lower-case ("bfs", "pr", ...), in file order.
  const std::vector<std::string>& algorithms() const { return algorithms_; }
  /// True when the algorithms key lists `algorithm` (case-insensitive, as Graphalytics' acronyms).
  bool lists(std::string_view algorithm) const;

  /// "graph.NAME." + key, as messages name a key.
  std::string key_name(std::string_view key) const;
  /// The 1-based line of graph.NAME.`key`, 0 when absent.
  std::uint64_t line_of(std::string_view key) const;
  /// The text of graph.NAME.`key`, if present.
  std::optional<std::string> text(std::string_view key) const;
  /// graph.NAME.`key` as a vertex id (a non-negative decimal integer), if present.
  std::optional<std::uint64_t> vertex(std::string_view key) const;
  /// graph.NAME.`key` as an integer in [lo, hi], if present.
  std::optional<std::int64_t> integer(std::string_view key, std::int64_t lo, std::int64_t hi) const;
  /// graph.NAME.`key` as a finite real number in [lo, hi), if present.
  std::optional<double> real(std::string_view key, double lo, double hi) const;

 private:
  const PropertyEntry* entry(std::string_view key) const;
  const PropertyEntry& required(std::string_view key) const;
  [[noreturn]] void bad_value(const PropertyEntry& e, const std::string& why) const;
  void read_edge_properties();

  PropertiesFile file_;
  std::string graph_;
  bool directed_ = true;
  std::string vertex_file_, edge_file_;
  std::uint64_t meta_vertices_ = 0, meta_edges_ = 0;
  std::size_t vertex_property_count_ = 0;
  std::vector<std::string> edge_names_;
  std::vector<bool> edge_integer_;
  int weight_property_ = -1;
  std::vector<std::string> algorithms_;
};

}  // namespace spgraph
