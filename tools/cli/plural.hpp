// SPDX-License-Identifier: Apache-2.0
// Counts with their nouns in the CLI's messages: "1 query", "2 queries". The one table of the
// nouns spgraph counts, so that the report layouts (tools/cli/report.hpp: a count of 1 takes
// the singular of the noun after it) and messages built by hand agree.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace spgraph::cli {

/// The singular of a plural noun the CLI counts ("vertices" -> "vertex"), or "" if the noun is
/// not one of them (units such as "ms", words that are not counted nouns).
inline std::string_view singular_of(std::string_view plural) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 34> kNouns = {{
      {"vertices", "vertex"},
      {"arcs", "arc"},
      {"edges", "edge"},
      {"queries", "query"},
      {"answers", "answer"},
      {"components", "component"},
      {"communities", "community"},
      {"iterations", "iteration"},
      {"rounds", "round"},
      {"levels", "level"},
      {"pairs", "pair"},
      {"entries", "entry"},
      {"rows", "row"},
      {"columns", "column"},
      {"tuples", "tuple"},
      {"runs", "run"},
      {"batches", "batch"},
      {"updates", "update"},
      {"sources", "source"},
      {"labels", "label"},
      {"threads", "thread"},
      {"triangles", "triangle"},
      {"buckets", "bucket"},
      {"lines", "line"},
      {"seconds", "second"},
      {"bytes", "byte"},
      {"views", "view"},
      {"changes", "change"},
      {"searches", "search"},
      {"files", "file"},
      {"clients", "client"},
      {"requests", "request"},
      {"neighbours", "neighbour"},
      {"self-loops", "self-loop"},
  }};
  for (const auto& [p, s] : kNouns)
    if (p == plural) return s;
  return {};
}

/// "1 query", "0 queries", "2 queries": `n` and the noun in the number it takes.
inline std::string count_of(std::uint64_t n, std::string_view singular, std::string_view plural) {
  std::string out = std::to_string(n);
  out += ' ';
  out += n == 1 ? singular : plural;
  return out;
}

}  // namespace spgraph::cli
