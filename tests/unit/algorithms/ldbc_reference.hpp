// Readers for LDBC Graphalytics validation files (tests only): whitespace-separated rows, and
// adjacency-list inputs ("v n1 n2 ...", each pair one arc v -> ni, as Graphalytics' validation
// tests parse them) with arbitrary vertex ids mapped to dense ids in ascending order. This
// format appears only in the validation data, hence a test-local reader rather than a loader.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/matrix.hpp"
#include "tests/test_data.hpp"

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

/// Reads tests/data/`input`; every id named in it, in the optional vertex list and in the
/// first column of each `also_ids` file is a vertex (so isolated vertices are kept).
inline LdbcGraph load_ldbc_graph(const std::string& input, const std::string& vertices,
                                 const std::vector<std::string>& also_ids) {
  const auto adjacency = read_rows(test_data(input));
  std::set<std::int64_t> ids;
  for (const auto& row : adjacency)
    for (const auto& f : row) ids.insert(std::stoll(f));
  if (!vertices.empty())
    for (const auto& row : read_rows(test_data(vertices))) ids.insert(std::stoll(row.at(0)));
  for (const std::string& file : also_ids)
    for (const auto& row : read_rows(test_data(file))) ids.insert(std::stoll(row.at(0)));
  LdbcGraph g;
  for (std::int64_t id : ids) g.dense.emplace(id, Vertex(g.dense.size()));
  const Vertex n = Vertex(g.dense.size());
  g.tuples = Coo<bool>{n, n, true, {}, {}, {}};
  for (const auto& row : adjacency)
    for (std::size_t k = 1; k < row.size(); ++k) {
      g.tuples.row.push_back(g.dense.at(std::stoll(row[0])));
      g.tuples.col.push_back(g.dense.at(std::stoll(row[k])));
    }
  g.graph = Matrix<bool>::from_coo(Coo<bool>(g.tuples));
  return g;
}

}  // namespace spgraph::testing
