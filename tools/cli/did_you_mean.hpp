// SPDX-License-Identifier: Apache-2.0
// "Did you mean": the valid name nearest to a mistyped command or option, for the usage errors
// of the spgraph programs ("unknown subcommand 'pagernk'; did you mean 'pagerank'?"). Nearness
// is the optimal string alignment distance (Levenshtein's edits plus the transposition of two
// neighbouring characters, Damerau 1964), so "bsf" is one edit from "bfs".
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace spgraph::cli {

/// Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`.
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i)
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

/// The candidate nearest to `word`, or "" when none is near enough to be a likely typo: at most
/// one edit for words of up to 4 characters, two for longer ones (leading dashes not counted),
/// or a candidate that starts with `word` (3 characters or more). Ties go to the first listed.
inline std::string nearest_name(std::string_view word, const std::vector<std::string>& candidates) {
  auto strip = [](std::string_view s) {
    return s.substr(std::min(s.find_first_not_of('-'), s.size()));
  };
  const std::string_view bare = strip(word);
  if (bare.empty()) return "";
  const std::size_t limit = bare.size() <= 4 ? 1 : 2;
  std::string best;
  std::size_t best_distance = limit + 1;
  for (const std::string& c : candidates) {
    const std::string_view cb = strip(c);
    std::size_t dist = edit_distance(bare, cb);
    if (dist > limit && bare.size() >= 3 && cb.starts_with(bare)) dist = limit;
    if (dist < best_distance) {
      best_distance = dist;
      best = c;
    }
  }
  return best;
}

}  // namespace spgraph::cli
