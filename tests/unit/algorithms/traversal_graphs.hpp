// SPDX-License-Identifier: Apache-2.0
// The graphs the traversal tests of the CUDA kernels run on, generated in the test (the device
// tests are carried to another machine and read no files): uniform random arcs (directed and
// undirected, with self-loops and repeats left in for the build to merge), a small R-MAT (a
// skewed degree distribution, Chakrabarti, Zhan & Faloutsos, SDM 2004), a 2-D grid (long
// diameter, road-like), one huge row (a star with random arcs beside it), two components, and
// a graph with no arcs at all. Shared by the host emulation tests (label unit) and the device
// tests (label cuda).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/matrix.hpp"

namespace spgraph::testing {

/// A named test graph.
struct TraversalGraph {
  std::string name;
  Matrix<bool> a;
  bool undirected = false;
};

/// Arcs as two lists, symmetrized on request.
struct ArcLists {
  std::vector<Vertex> rows, cols;
  void add(Vertex u, Vertex v, bool both) {
    rows.push_back(u);
    cols.push_back(v);
    if (both) add(v, u, false);
  }
};

inline Matrix<bool> build_arcs(Vertex n, const ArcLists& arcs) {
  return Matrix<bool>::build_pattern(n, n, arcs.rows, arcs.cols);
}

inline TraversalGraph uniform_graph(Vertex n, Offset m, bool undirected, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<Vertex> pick(0, n - 1);
  ArcLists arcs;
  for (Offset k = 0; k < m; ++k) arcs.add(pick(rng), pick(rng), undirected);
  return {"uniform" + std::to_string(n) + (undirected ? "u" : "d"), build_arcs(n, arcs),
          undirected};
}

/// R-MAT with the Graph500 initiator (0.57, 0.19, 0.19), undirected.
inline TraversalGraph rmat_graph(int scale, int edge_factor, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> coin(0, 1);
  const Vertex n = Vertex(1) << scale;
  ArcLists arcs;
  for (Offset k = 0; k < Offset(edge_factor) * n; ++k) {
    Vertex u = 0, v = 0;
    for (int bit = 0; bit < scale; ++bit) {
      const double p = coin(rng);
      const bool row = p >= 0.76, col = (p >= 0.57 && p < 0.76) || p >= 0.95;
      u = (u << 1) | Vertex(row);
      v = (v << 1) | Vertex(col);
    }
    arcs.add(u, v, true);
  }
  return {"rmat" + std::to_string(scale), build_arcs(n, arcs), true};
}

inline TraversalGraph grid_graph(Vertex rows, Vertex cols) {
  ArcLists arcs;
  for (Vertex r = 0; r < rows; ++r)
    for (Vertex c = 0; c < cols; ++c) {
      if (c + 1 < cols) arcs.add(r * cols + c, r * cols + c + 1, true);
      if (r + 1 < rows) arcs.add(r * cols + c, (r + 1) * cols + c, true);
    }
  return {"grid" + std::to_string(rows) + "x" + std::to_string(cols), build_arcs(rows * cols, arcs),
          true};
}

/// Vertex 0 points at every other vertex and every odd vertex at 0 (an out-row and an in-row far
/// longer than a warp's 32 lanes and than PageRank's long-row threshold), plus random arcs and
/// self-loops; directed.
inline TraversalGraph huge_row_graph(Vertex n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<Vertex> pick(0, n - 1);
  ArcLists arcs;
  for (Vertex v = 1; v < n; ++v) arcs.add(0, v, false);
  for (Vertex v = 1; v < n; v += 2) arcs.add(v, 0, false);
  for (Vertex k = 0; k < n; ++k) arcs.add(pick(rng), pick(rng), false);
  for (Vertex v = 0; v < n; v += 7) arcs.add(v, v, false);
  return {"huge_row" + std::to_string(n), build_arcs(n, arcs), false};
}

/// Two random components, 0..n/2-1 and n/2..n-1, with no arc between them; undirected.
inline TraversalGraph two_components_graph(Vertex n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const Vertex half = n / 2;
  std::uniform_int_distribution<Vertex> low(0, half - 1), high(half, n - 1);
  ArcLists arcs;
  for (Vertex k = 0; k < 3 * n; ++k) {
    arcs.add(low(rng), low(rng), true);
    arcs.add(high(rng), high(rng), true);
  }
  return {"two_components" + std::to_string(n), build_arcs(n, arcs), true};
}

inline TraversalGraph no_arcs_graph(Vertex n) {
  return {"no_arcs" + std::to_string(n), build_arcs(n, ArcLists{}), true};
}

/// Every graph above, small enough for the host emulation.
inline std::vector<TraversalGraph> traversal_graphs() {
  std::vector<TraversalGraph> g;
  g.push_back(uniform_graph(3000, 9000, false, 1));
  g.push_back(uniform_graph(3000, 4000, true, 2));
  g.push_back(uniform_graph(70, 2000, false, 3));  // dense: rows longer than a warp
  g.push_back(rmat_graph(12, 16, 4));
  g.push_back(grid_graph(40, 75));
  g.push_back(huge_row_graph(5000, 5));
  g.push_back(two_components_graph(2000, 6));
  g.push_back(no_arcs_graph(100));
  g.push_back(no_arcs_graph(1));
  return g;
}

/// Sources: 0, the last vertex and a few random ones.
inline std::vector<Vertex> traversal_sources(Vertex n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<Vertex> pick(0, n - 1);
  std::vector<Vertex> s{0, n - 1};
  for (int k = 0; k < 3; ++k) s.push_back(pick(rng));
  return s;
}

}  // namespace spgraph::testing
