// SPDX-License-Identifier: Apache-2.0
// The LDBC Graphalytics validation cases as Graphalytics datasets, for the tests of `spgraph
// graphalytics`: the rows of PARAMS.tsv (in tests/data/ldbc, or ../shared/data/ldbc_graphalytics),
// each turned into NAME.properties + NAME.v + NAME.e in a scratch directory, and the checks of
// an output against the expected one by the row's tolerance, as Graphalytics validates
// (specification v1.0, §2.4; graphalytics-core's validation rules):
//   - "exact...": the same integer for every vertex (BFS, CDLP);
//   - "equivalence of partitions": a two-way mapping between the labels (WCC);
//   - "1e-4...", "1e-6": |expected - actual| <= eps * expected (EpsilonValidationRule), and
//     Infinity only where Infinity is expected (PR, SSSP, LCC).
// A "-input" adjacency list "v n1 n2 ..." is each pair one arc v -> ni, mirrored when the row's
// parse_directed is false (PARAMS.tsv's header); every id named is a vertex. An undirected
// dataset lists each edge once; its arcs must then be symmetric (checked, so that listing each
// pair once loses nothing). SSSP rows give LDBC's own .v/.e files, copied with a weight property.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/temp_dir.hpp"
#include "tests/unit/algorithms/ldbc_reference.hpp"

namespace spgraph::testing {

/// One row of PARAMS.tsv.
struct LdbcParamsRow {
  std::string algorithm;  ///< BFS, CDLP, LCC, PR, SSSP, WCC
  bool directed = true;
  std::string input;           ///< "bfs/dir-input", or "sssp/dir-input.v + sssp/dir-input.e"
  bool parse_directed = true;  ///< false: every listed pair is mirrored
  std::string expected;
  std::map<std::string, std::string> parameters;  ///< source, damping, iterations, ...
  std::string tolerance;
  /// A label for messages: "PR pr/dir-input".
  std::string label() const { return algorithm + " " + input; }
  /// The .v and .e files of an SSSP row ("a.v + a.e"), else empty.
  std::pair<std::string, std::string> vertex_edge_files() const {
    const std::size_t plus = input.find(" + ");
    if (plus == std::string::npos) return {};
    return {input.substr(0, plus), input.substr(plus + 3)};
  }
};

/// The rows of a PARAMS.tsv file ('#' lines and the header skipped).
inline std::vector<LdbcParamsRow> read_ldbc_params_rows(const std::filesystem::path& params) {
  std::ifstream in(params);
  if (!in) throw std::runtime_error("cannot open " + params.string());
  std::vector<LdbcParamsRow> cases;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || line.starts_with("algorithm\t")) continue;
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, '\t');) f.push_back(cell);
    if (f.size() != 7) throw std::runtime_error("PARAMS.tsv: a row without 7 fields: " + line);
    LdbcParamsRow c{f[0], f[1] == "yes", f[2], f[3] != "false", f[4], {}, f[6]};
    std::istringstream params_text(f[5]);
    for (std::string kv; params_text >> kv;)
      if (const std::size_t eq = kv.find('='); eq != std::string::npos)
        c.parameters[kv.substr(0, eq)] = kv.substr(eq + 1);
    cases.push_back(std::move(c));
  }
  return cases;
}

/// Dataset files to write: the .properties text and the two data files.
struct LdbcDatasetFiles {
  std::string vertices, edges;
  bool weighted = false;
  std::uint64_t vertex_count = 0, edge_count = 0;
};

/// The vertex and edge files of an adjacency-list row (see the header comment).
inline LdbcDatasetFiles adjacency_dataset(const LdbcParamsRow& c,
                                          const std::filesystem::path& root) {
  std::set<std::uint64_t> ids;
  std::set<std::pair<std::uint64_t, std::uint64_t>> arcs;
  for (const auto& row : read_rows(root / c.input)) {
    const std::uint64_t v = std::stoull(row.at(0));
    ids.insert(v);
    for (std::size_t k = 1; k < row.size(); ++k) {
      const std::uint64_t u = std::stoull(row[k]);
      ids.insert(u);
      arcs.emplace(v, u);
      if (!c.parse_directed) arcs.emplace(u, v);
    }
  }
  LdbcDatasetFiles out;
  for (std::uint64_t id : ids) out.vertices += std::to_string(id) + "\n";
  out.vertex_count = ids.size();
  for (const auto& [u, v] : arcs) {
    if (!c.directed) {
      if (!arcs.count({v, u}))
        throw std::runtime_error(c.label() + ": the undirected input is not symmetric");
      if (v < u) continue;  // each edge once
    }
    out.edges += std::to_string(u) + " " + std::to_string(v) + "\n";
    ++out.edge_count;
  }
  return out;
}

/// The vertex and edge files of a .v + .e row, the edges with their weights.
inline LdbcDatasetFiles weighted_dataset(const std::filesystem::path& v_file,
                                         const std::filesystem::path& e_file) {
  LdbcDatasetFiles out;
  out.weighted = true;
  for (const auto& row : read_rows(v_file)) {
    out.vertices += row.at(0) + "\n";
    ++out.vertex_count;
  }
  for (const auto& row : read_rows(e_file)) {
    out.edges += row.at(0) + " " + row.at(1) + " " + row.at(2) + "\n";
    ++out.edge_count;
  }
  return out;
}

/// Writes dataset `name` of case `c` into `dir`; returns the .properties path. `files` holds the
/// data (adjacency_dataset or weighted_dataset).
inline std::string write_ldbc_dataset(const LdbcParamsRow& c, const LdbcDatasetFiles& files,
                                      const TempDir& dir, const std::string& name) {
  const std::string g = "graph." + name + ".";
  std::string p = "# " + c.label() + " (tests/cli/ldbc_datasets.hpp)\n";
  p += g + "vertex-file = " + name + ".v\n";
  p += g + "edge-file = " + name + ".e\n";
  p += g + "meta.vertices = " + std::to_string(files.vertex_count) + "\n";
  p += g + "meta.edges = " + std::to_string(files.edge_count) + "\n";
  p += g + "directed = " + (c.directed ? "true" : "false") + "\n";
  if (files.weighted)
    p += g + "edge-properties.names = weight\n" + g + "edge-properties.types = real\n";
  std::string algorithm = c.algorithm;
  for (char& ch : algorithm) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  p += g + "algorithms = " + algorithm + "\n";
  const auto param = [&](const char* key) { return c.parameters.at(key); };
  if (c.algorithm == "BFS") p += g + "bfs.source-vertex = " + param("source") + "\n";
  if (c.algorithm == "SSSP")
    p += g + "sssp.weight-property = weight\n" + g + "sssp.source-vertex = " + param("source") +
         "\n";
  if (c.algorithm == "PR")
    p += g + "pr.damping-factor = " + param("damping") + "\n" + g +
         "pr.num-iterations = " + param("iterations") + "\n";
  if (c.algorithm == "CDLP") p += g + "cdlp.max-iterations = " + param("max_iterations") + "\n";
  dir.write(name + ".v", files.vertices);
  dir.write(name + ".e", files.edges);
  return dir.write(name + ".properties", p);
}

/// "vertex value" lines as id -> value text.
inline std::map<std::uint64_t, std::string> read_graphalytics_output(
    const std::filesystem::path& path) {
  std::map<std::uint64_t, std::string> out;
  for (const auto& row : read_rows(path)) {
    if (row.size() != 2) throw std::runtime_error(path.string() + ": a line without 2 fields");
    if (!out.emplace(std::stoull(row[0]), row[1]).second)
      throw std::runtime_error(path.string() + ": vertex " + row[0] + " twice");
  }
  return out;
}

/// A value as Graphalytics' validation reads it: "Infinity" (any case) is +inf.
inline double graphalytics_value(const std::string& text) {
  std::string t = text;
  for (char& ch : t) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  if (t == "infinity") return INFINITY;
  std::size_t used = 0;
  const double x = std::stod(text, &used);
  if (used != text.size()) throw std::runtime_error("not a number: " + text);
  return x;
}

/// "" when `actual` matches `expected` under `tolerance` (a PARAMS.tsv tolerance), else the
/// first difference.
inline std::string compare_graphalytics_output(const std::map<std::uint64_t, std::string>& expected,
                                               const std::map<std::uint64_t, std::string>& actual,
                                               const std::string& tolerance) {
  if (expected.size() != actual.size())
    return std::to_string(actual.size()) + " vertices, expected " + std::to_string(expected.size());
  for (auto e = expected.begin(), a = actual.begin(); e != expected.end(); ++e, ++a)
    if (e->first != a->first) return "vertex " + std::to_string(a->first) + " is not expected";
  if (tolerance.starts_with("exact")) {
    for (const auto& [v, want] : expected)
      if (std::stoll(actual.at(v)) != std::stoll(want))
        return "vertex " + std::to_string(v) + ": " + actual.at(v) + ", expected " + want;
    return {};
  }
  if (tolerance.starts_with("equivalence")) {
    std::map<std::string, std::string> to_actual, to_expected;
    for (const auto& [v, want] : expected) {
      const std::string& got = actual.at(v);
      const auto forward = to_actual.emplace(want, got).first;
      const auto backward = to_expected.emplace(got, want).first;
      if (forward->second != got || backward->second != want)
        return "vertex " + std::to_string(v) + ": label " + got +
               " breaks the equivalence with the expected label " + want;
    }
    return {};
  }
  const double eps = std::stod(tolerance);  // "1e-4; unreachable ..." reads as 1e-4
  for (const auto& [v, want_text] : expected) {
    const double want = graphalytics_value(want_text), got = graphalytics_value(actual.at(v));
    const bool ok =
        std::isinf(want) ? got == want : !std::isinf(got) && std::abs(want - got) <= eps * want;
    if (!ok)
      return "vertex " + std::to_string(v) + ": " + actual.at(v) + ", expected " + want_text +
             " (relative tolerance " + std::to_string(eps) + ")";
  }
  return {};
}

}  // namespace spgraph::testing
