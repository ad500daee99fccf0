// SPDX-License-Identifier: Apache-2.0
// Paths in the CLI (`bfs --path-to V`, `sssp --path-to V`, `sssp --paths --out`): the flags, the
// path from a tree of parents (algorithms/sssp/parent_path.hpp) named in the file's ids, and its
// place in a report. A path is its vertices from the source to the target, both included; no
// path (the target is unreachable) is a null path and exit code 0, since it is an answer.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "algorithms/sssp/parent_path.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/report.hpp"
#include "tools/cli/vertex_list.hpp"

namespace spgraph::cli {

/// The separator --path-separator defaults to (between the ids of a path in a table field).
inline constexpr const char* kDefaultPathSeparator = " ";

/// Adds --path-to V (one vertex, the list syntax's one element).
inline CLI::Option* add_path_to_flag(CLI::App* cmd, std::string& target) {
  return cmd
      ->add_option("--path-to", target,
                   "Print the path from the source to this vertex (file's ids; names with "
                   "--remap-ids): its vertices, or 'no path' (exit code 0) when unreachable")
      ->check(single_vertex_flag("--path-to"));
}

/// Adds --path-separator SEP (between the ids of a path in a table field).
inline CLI::Option* add_path_separator_flag(CLI::App* cmd, std::string& sep) {
  return cmd
      ->add_option("--path-separator", sep,
                   "Between the ids of a path in a table field (default: one space; choose one "
                   "that no vertex name holds)")
      ->check(CLI::Validator(
          [](std::string& s) -> std::string {
            if (s.empty()) return "--path-separator needs at least one character";
            if (s.find_first_of("\n\r") != std::string::npos)
              return "--path-separator cannot hold a line break";
            return {};
          },
          "SEP"));
}

/// The path's vertices as the file names them, joined by `sep`.
inline std::string joined_path(const std::vector<Vertex>& path, const IdSpace& ids,
                               const std::string& sep) {
  std::string out;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (i) out += sep;
    out += ids.name(path[i]);
  }
  return out;
}

/// Adds to `r`: "target" (the vertex), "path" (a JSON array of the file's ids, or null when
/// there is none; " -> "-joined in text, "no path" when none), "hops" (arcs on the path, or
/// null) and, for layouts only, "path_text" ("a -> b -> c (2 arcs)", or "no path").
inline void add_path_fields(Report& r, const IdSpace& ids, Vertex target,
                            const std::vector<Vertex>& path) {
  r.add("target", vertex_value(ids, target));
  if (path.empty()) {
    r.add("path", report::null("no path"));
    r.add("hops", report::null("-"));
    r.add("path_text", report::text("no path"));
    return;
  }
  Json list = Json::array();
  for (Vertex v : path) list.push_back(vertex_value(ids, v).json);
  const std::string text = joined_path(path, ids, " -> ");
  const std::size_t hops = path.size() - 1;
  r.add("path", ReportValue(std::move(list), text));
  r.add("hops", report::count(hops));
  r.add("path_text",
        report::text(text + " (" + std::to_string(hops) + (hops == 1 ? " arc)" : " arcs)")));
}

/// What --quiet prints for a path: its ids one per line (no separator a name could hold), nothing
/// when there is none.
inline std::string quiet_path_lines(const std::vector<Vertex>& path, const IdSpace& ids) {
  std::string out;
  for (Vertex v : path) out += ids.name(v) + "\n";
  return out;
}

}  // namespace spgraph::cli
