// SPDX-License-Identifier: Apache-2.0
// Small statistics helpers for benchmark reports: median and range of repeated timings.
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
inline double min_of(const std::vector<double>& xs) {
  return xs.empty() ? 0 : *std::min_element(xs.begin(), xs.end());
}
inline double max_of(const std::vector<double>& xs) {
  return xs.empty() ? 0 : *std::max_element(xs.begin(), xs.end());
}

}  // namespace spgraph::tools
