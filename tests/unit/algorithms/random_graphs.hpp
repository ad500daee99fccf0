// SPDX-License-Identifier: Apache-2.0
// The random pattern graphs the algorithm tests and their verifiers' tests share: arcs drawn
// uniformly (repeats and self-loops included, as real edge lists have them), optionally among
// the first vertices only so that the rest stay isolated.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "engine/core/types.hpp"
#include "engine/matrix.hpp"

namespace spgraph::testing {

/// m random arcs over n vertices from `seed`; with `isolated_every` = d > 0 the arcs join only
/// the first n - n/d vertices (the last n/d stay isolated); with `undirected` each arc is also
/// stored reversed.
inline Matrix<bool> random_pattern_graph(Vertex n, Offset m, std::uint64_t seed, bool undirected,
                                         Vertex isolated_every = 0) {
  std::mt19937_64 rng(seed);
  const Vertex live = isolated_every > 0 ? std::max<Vertex>(1, n - n / isolated_every) : n;
  std::vector<Vertex> r, c;
  for (Offset k = 0; k < m && n > 0; ++k) {
    const Vertex u = Vertex(rng() % live), v = Vertex(rng() % live);
    r.push_back(u);
    c.push_back(v);
    if (undirected) {
      r.push_back(v);
      c.push_back(u);
    }
  }
  return Matrix<bool>::build_pattern(n, n, r, c);
}

}  // namespace spgraph::testing
