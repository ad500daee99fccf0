// SPDX-License-Identifier: Apache-2.0
// Vertex lists on the command line (knn --vertex, pagerank --personalize, closure --query):
// values are split on commas as in a CSV line, so that string ids that hold a comma can be
// named by quoting them ('--vertex "\"Smith, Ann\",Bob"'; a doubled quote inside stands for
// one). The parse-time check applies vertex_flag's rule to each element.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "tools/cli/cli_common.hpp"

namespace spgraph::cli {

/// Splits `s` into `out` on commas outside double quotes; returns an error message (an
/// unclosed quote, text after a closing quote), empty when the list is fine.
inline std::string split_vertex_list(std::string_view s, std::vector<std::string>& out) {
  out.clear();
  std::string cur;
  bool quoted = false, was_quoted = false;
  for (std::size_t k = 0; k < s.size(); ++k) {
    const char c = s[k];
    if (quoted) {
      if (c != '"') {
        cur += c;
      } else if (k + 1 < s.size() && s[k + 1] == '"') {
        cur += '"';
        ++k;
      } else {
        quoted = false;
      }
    } else if (c == ',') {
      out.push_back(std::move(cur));
      cur.clear();
      was_quoted = false;
    } else if (c == '"' && cur.empty() && !was_quoted) {
      quoted = was_quoted = true;
    } else if (was_quoted) {
      return "text after the closing quote of a quoted vertex name";
    } else {
      cur += c;
    }
  }
  if (quoted) return "a quote is not closed";
  out.push_back(std::move(cur));
  return {};
}

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

/// Every element of every value of a list flag, in order (values already checked).
inline std::vector<std::string> vertex_list(const std::vector<std::string>& values) {
  std::vector<std::string> all, parts;
  for (const std::string& v : values) {
    split_vertex_list(v, parts);
    all.insert(all.end(), parts.begin(), parts.end());
  }
  return all;
}

}  // namespace spgraph::cli
