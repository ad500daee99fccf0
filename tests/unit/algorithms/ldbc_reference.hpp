// SPDX-License-Identifier: Apache-2.0
// Readers for LDBC Graphalytics validation files (tests only): whitespace-separated rows,
// weighted .v / .e graphs, "vertex value" outputs, the cases of PARAMS.tsv, and adjacency-list
// inputs ("v n1 n2 ...", each
// pair one arc v -> ni, as Graphalytics' validation tests parse them) with arbitrary vertex ids
// mapped to dense ids in ascending order. This format appears only in the validation data, hence a
// test-local reader rather than a loader.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/matrix.hpp"
#include "tests/support/test_data.hpp"

namespace spgraph::testing {

/// Rows of a whitespace-separated text file, skipping blank lines and '#' comments.
inline std::vector<std::vector<std::string>> read_rows(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::vector<std::string> row;
    for (std::string f; fields >> f;) row.push_back(f);
    if (!row.empty() && row[0][0] != '#') rows.push_back(std::move(row));
  }
  return rows;
}

/// A graph read from an LDBC adjacency list, with its external-to-dense id map.
struct LdbcGraph {
  Coo<bool> tuples;
  Matrix<bool> graph;
  std::map<std::int64_t, Vertex> dense;
};

/// Reads the adjacency list at `input` (absolute path); every id named in it, in the optional
/// vertex list and in the first column of each `also_ids` file is a vertex (so isolated
/// vertices are kept). `mirror` adds v -> u for every listed u -> v (Graphalytics'
/// parse_directed = false).
inline LdbcGraph load_ldbc_graph_at(const std::filesystem::path& input,
                                    const std::filesystem::path& vertices,
                                    const std::vector<std::filesystem::path>& also_ids,
                                    bool mirror = false) {
  const auto adjacency = read_rows(input);
  std::set<std::int64_t> ids;
  for (const auto& row : adjacency)
    for (const auto& f : row) ids.insert(std::stoll(f));
  if (!vertices.empty())
    for (const auto& row : read_rows(vertices)) ids.insert(std::stoll(row.at(0)));
  for (const auto& file : also_ids)
    for (const auto& row : read_rows(file)) ids.insert(std::stoll(row.at(0)));
  LdbcGraph g;
  for (std::int64_t id : ids) g.dense.emplace(id, Vertex(g.dense.size()));
  const Vertex n = Vertex(g.dense.size());
  g.tuples = Coo<bool>{n, n, true, {}, {}, {}};
  for (const auto& row : adjacency)
    for (std::size_t k = 1; k < row.size(); ++k) {
      const Vertex u = g.dense.at(std::stoll(row[0])), v = g.dense.at(std::stoll(row[k]));
      g.tuples.row.push_back(u);
      g.tuples.col.push_back(v);
      if (mirror) {
        g.tuples.row.push_back(v);
        g.tuples.col.push_back(u);
      }
    }
  g.graph = Matrix<bool>::from_coo(Coo<bool>(g.tuples));
  return g;
}

/// Reads tests/data/`input` (and the other files from tests/data) as load_ldbc_graph_at does.
inline LdbcGraph load_ldbc_graph(const std::string& input, const std::string& vertices,
                                 const std::vector<std::string>& also_ids, bool mirror = false) {
  std::vector<std::filesystem::path> also;
  for (const std::string& f : also_ids) also.push_back(test_data(f));
  return load_ldbc_graph_at(test_data(input), vertices.empty() ? "" : test_data(vertices), also,
                            mirror);
}

/// One validation case of PARAMS.tsv (paths relative to the folder holding it).
struct LdbcCase {
  std::string algorithm;   ///< "BFS", "CDLP", "LCC", ...
  bool directed = false;   ///< the graph is directed
  std::string input;       ///< the adjacency list (SSSP's rows name a .v + .e pair)
  bool mirror = false;     ///< parse_directed = false: each listed pair also reversed
  std::string output;      ///< the expected "vertex value" file
  std::string parameters;  ///< e.g. "max_iterations=5", "-" for none
  std::string vertices;    ///< the example graphs' .v file ("" for the others)
};

/// The cases of `algorithm` in the PARAMS.tsv at `params` (tab-separated; '#' lines skipped).
inline std::vector<LdbcCase> read_ldbc_cases(const std::filesystem::path& params,
                                             const std::string& algorithm) {
  std::ifstream in(params);
  if (!in) throw std::runtime_error("cannot open " + params.string());
  std::vector<LdbcCase> cases;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string x; std::getline(fields, x, '\t');) f.push_back(x);
    if (f.size() < 6 || f[0] != algorithm) continue;
    LdbcCase c{f[0], f[1] == "yes", f[2], f[3] == "false", f[4], f[5], ""};
    if (c.input.rfind("example/", 0) == 0 && c.input.size() > 6 &&
        c.input.compare(c.input.size() - 6, 6, "-input") == 0)
      c.vertices = c.input.substr(0, c.input.size() - 6) + ".v";
    cases.push_back(c);
  }
  return cases;
}

/// The integer value of `key` in a PARAMS.tsv parameter list ("max_iterations=5 ..."); throws
/// when it is absent.
inline long ldbc_parameter(const std::string& parameters, const std::string& key) {
  std::istringstream words(parameters);
  for (std::string w; words >> w;)
    if (w.rfind(key + "=", 0) == 0) return std::stol(w.substr(key.size() + 1));
  throw std::runtime_error("no parameter " + key + " in '" + parameters + "'");
}

/// A weighted graph read from LDBC .v / .e files ("src dst weight"), with its id map.
struct LdbcWeightedGraph {
  Matrix<double> graph;
  std::map<std::int64_t, Vertex> dense;
};

/// Reads an LDBC .v / .e pair; `undirected` mirrors every edge. Repeated arcs keep the
/// smallest weight.
inline LdbcWeightedGraph load_ldbc_weighted(const std::filesystem::path& v_file,
                                            const std::filesystem::path& e_file, bool undirected) {
  std::set<std::int64_t> ids;
  for (const auto& row : read_rows(v_file)) ids.insert(std::stoll(row.at(0)));
  const auto edges = read_rows(e_file);
  for (const auto& row : edges) {
    ids.insert(std::stoll(row.at(0)));
    ids.insert(std::stoll(row.at(1)));
  }
  LdbcWeightedGraph g;
  for (std::int64_t id : ids) g.dense.emplace(id, Vertex(g.dense.size()));
  std::vector<Vertex> rows, cols;
  std::vector<double> vals;
  for (const auto& row : edges) {
    const Vertex u = g.dense.at(std::stoll(row[0])), v = g.dense.at(std::stoll(row[1]));
    const double w = std::stod(row.at(2));
    rows.push_back(u);
    cols.push_back(v);
    vals.push_back(w);
    if (undirected) {
      rows.push_back(v);
      cols.push_back(u);
      vals.push_back(w);
    }
  }
  const Vertex n = Vertex(g.dense.size());
  g.graph = Matrix<double>::build<MinOp<double>>(n, n, rows, cols, vals);
  return g;
}

/// A Graphalytics output file ("vertex value") as dense-id -> value; "Infinity" reads as inf
/// and Long.MAX_VALUE as is. Throws if a listed vertex is not in `dense`.
inline std::vector<double> read_ldbc_values(const std::filesystem::path& output,
                                            const std::map<std::int64_t, Vertex>& dense) {
  std::vector<double> values(dense.size(), std::numeric_limits<double>::quiet_NaN());
  for (const auto& row : read_rows(output)) {
    const std::string& f = row.at(1);
    values.at(dense.at(std::stoll(row[0]))) =
        f == "Infinity" ? std::numeric_limits<double>::infinity() : std::stod(f);
  }
  return values;
}

}  // namespace spgraph::testing
