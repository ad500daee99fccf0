// SPDX-License-Identifier: Apache-2.0
// Small statistics helpers: median and range of repeated timings, and the mean of a result
// (e.g. the mean local clustering coefficient the LCC commands report).
#pragma once

#include <algorithm>
#include <vector>

namespace spgraph::tools {

/// The median of `xs` (the mean of the middle two for an even count); 0 for none.
inline double median(std::vector<double> xs) {
  if (xs.empty()) return 0;
  std::sort(xs.begin(), xs.end());
  const std::size_t m = xs.size() / 2;
  return xs.size() % 2 ? xs[m] : 0.5 * (xs[m - 1] + xs[m]);
}
/// The mean of `xs`; 0 for none.
inline double mean(const std::vector<double>& xs) {
  double sum = 0;
  for (double x : xs) sum += x;
  return xs.empty() ? 0 : sum / double(xs.size());
}
inline double min_of(const std::vector<double>& xs) {
  return xs.empty() ? 0 : *std::min_element(xs.begin(), xs.end());
}
inline double max_of(const std::vector<double>& xs) {
  return xs.empty() ? 0 : *std::max_element(xs.begin(), xs.end());
}

}  // namespace spgraph::tools
