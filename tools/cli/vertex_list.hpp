// SPDX-License-Identifier: Apache-2.0
// Vertices on the command line, one syntax for every flag that names them (bfs/bc/compare
// --source, sssp --source, knn --vertex, pagerank --personalize, closure --query, --path-to):
// values are split on commas as in a CSV line, so that string ids that hold a comma can be
// named by quoting them ('--vertex "\"Smith, Ann\",Bob"'; a doubled quote inside stands for
// one). A list flag takes several vertices per value and may be repeated; a one-vertex flag
// takes one element of that syntax. The parse-time check applies vertex_flag's rule to each
// element; the lookup in the file (IdSpace::to_internal) names the flag and the file.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "tools/cli/cli_common.hpp"
#include "tools/cli/csv_fields.hpp"

namespace spgraph::cli {

/// The parse-time check of a list flag: each element of the split value passes vertex_flag.
inline CLI::Validator vertex_list_flag(const std::string& name) {
  return CLI::Validator(
      [name](std::string& s) -> std::string {
        std::vector<std::string> parts;
        if (std::string err = split_vertex_list(s, parts); !err.empty())
          return name + ": " + err + " in '" + printable(s) + "'";
        const CLI::Validator one = vertex_flag(name);
        for (std::string& p : parts)
          if (std::string err = one(p); !err.empty()) return err;
        return {};
      },
      "VERTEX[,VERTEX...]");
}

/// The parse-time check of a one-vertex flag: one element of the list syntax (a name that holds
/// a comma or starts with a quote is quoted).
inline CLI::Validator single_vertex_flag(const std::string& name) {
  return CLI::Validator(
      [name](std::string& s) -> std::string {
        std::vector<std::string> parts;
        if (std::string err = split_vertex_list(s, parts); !err.empty())
          return name + ": " + err + " in '" + printable(s) + "'";
        if (parts.size() != 1)
          return name + " takes one vertex, got " + std::to_string(parts.size()) + " in '" +
                 printable(s) + "' (quote a name that holds a comma)";
        return vertex_flag(name)(parts[0]);
      },
      "VERTEX");
}

/// The vertex a one-vertex flag names, unquoted (value already checked).
inline std::string single_vertex(const std::string& value) {
  std::vector<std::string> parts;
  split_vertex_list(value, parts);
  return parts.empty() ? value : parts[0];
}

/// Every element of every value of a list flag, in order (values already checked).
inline std::vector<std::string> vertex_list(const std::vector<std::string>& values) {
  std::vector<std::string> all, parts;
  for (const std::string& v : values) {
    split_vertex_list(v, parts);
    all.insert(all.end(), parts.begin(), parts.end());
  }
  return all;
}

/// The dense id of `vertex` (one element of a flag's value) in the file's numbering; a vertex the
/// file does not have is InvalidArgument (exit code 1) naming the flag, the vertex and the file.
inline Vertex flag_vertex(const std::string& flag, const std::string& vertex, const IdSpace& ids,
                          Vertex n) {
  try {
    return ids.to_internal(vertex, n);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(flag + ": " + e.what());
  } catch (const CLI::ValidationError& e) {
    throw CLI::ValidationError(flag + ": " + e.what());
  }
}

/// The dense ids of every element of a list flag's values, in order (duplicates kept).
inline std::vector<Vertex> flag_vertices(const std::string& flag,
                                         const std::vector<std::string>& values, const IdSpace& ids,
                                         Vertex n) {
  std::vector<Vertex> out;
  for (const std::string& v : vertex_list(values)) out.push_back(flag_vertex(flag, v, ids, n));
  return out;
}

}  // namespace spgraph::cli
