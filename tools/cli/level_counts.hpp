// SPDX-License-Identifier: Apache-2.0
// The summary `spgraph kcore` and `spgraph ktruss` give of their answers: how many vertices have
// each core number, or how many edges each truss number. In JSON the whole list,
// [{"number": k, "count": c}, ...] by increasing k (numbers nobody has are left out); in text at
// most kLevelRowsShown rows, the smallest and the largest numbers, with a line saying how many
// were left out between them.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/core/types.hpp"
#include "tools/cli/report.hpp"

namespace spgraph::cli {

/// Rows of the text summary at most.
inline constexpr std::size_t kLevelRowsShown = 10;

/// Adds `key` (the list, JSON only) and `key`_rows (the text rows, text only) to `r`; `what`
/// heads the number column ("core", "truss"), `items` the count column ("vertices", "edges").
inline void add_level_counts(Report& r, const std::string& key, const std::vector<Vertex>& values,
                             const char* what, const char* items) {
  std::vector<std::uint64_t> count;
  for (Vertex x : values) {
    if (x >= count.size()) count.resize(std::size_t(x) + 1, 0);
    ++count[x];
  }
  std::vector<Report> list;
  std::vector<std::string> rows;
  char line[64];
  for (std::size_t k = 0; k < count.size(); ++k) {
    if (count[k] == 0) continue;
    Report item;
    item.add("number", report::count(k));
    item.add("count", report::count(count[k]));
    list.push_back(item);
    std::snprintf(line, sizeof line, "  %8zu %12llu\n", k, (unsigned long long)count[k]);
    rows.push_back(line);
  }
  std::snprintf(line, sizeof line, "  %8s %12s\n", what, items);
  std::string text = line;
  const std::size_t half = kLevelRowsShown / 2;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows.size() > kLevelRowsShown && i == half)
      text += "  ... " + std::to_string(rows.size() - 2 * half) + " more\n";
    if (rows.size() <= kLevelRowsShown || i < half || i >= rows.size() - half) text += rows[i];
  }
  r.add(key, report::list(list));
  r.add(key + "_rows", report::text(text));
}

}  // namespace spgraph::cli
