// SPDX-License-Identifier: Apache-2.0
// The one list syntax of vertex flags (vertex_list.hpp) and of --maintain's view list
// (maintained_views.hpp): a value split on commas as a CSV line is (RFC 4180), so that a name
// holding a comma is named by quoting it ('"Smith, Ann",Bob'; a doubled quote inside stands for
// one). Depends on nothing of the CLI, so that the Python module shares it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace spgraph::cli {

/// Splits `s` into `out` on commas outside double quotes; returns an error message (an
/// unclosed quote, text after a closing quote), empty when the list is fine. A quote opens a
/// quoted field only at the field's start; elsewhere it is an ordinary character.
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

}  // namespace spgraph::cli
