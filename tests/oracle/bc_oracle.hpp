// SPDX-License-Identifier: Apache-2.0
// Betweenness oracles for the centrality tests, independent of Brandes' recursion:
//   - brute_force_bc: enumerates every simple path between every ordered pair (s, t) by depth-
//     first search (shortest paths with positive lengths are simple), keeps the shortest ones,
//     and adds to each inner vertex v the share of them through v: the definition
//     raw(v) = Σ_{s != v != t} sigma_st(v) / sigma_st itself. Exponential: tiny graphs only;
//   - boost_bc (with SPGRAPH_HAVE_BOOST): Boost.Graph's brandes_betweenness_centrality on an
//     adjacency_list built from the arcs (each undirected edge once), with lengths or without;
//     for an undirected graph Boost halves the sums (as networkx does when not normalized).
#pragma once

#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"

#ifdef SPGRAPH_HAVE_BOOST
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/betweenness_centrality.hpp>
#endif

namespace spgraph::testing {

/// raw(v) over the ordered pairs (s, t) with s in `sources` (every vertex when empty), by path
/// enumeration; `weighted` reads the values of `a` as lengths, else every arc has length 1.
template <class T>
std::vector<double> brute_force_bc(const Csr<T>& a, bool weighted,
                                   std::vector<Vertex> sources = {}) {
  const Vertex n = a.nrows;
  if (sources.empty())
    for (Vertex s = 0; s < n; ++s) sources.push_back(s);
  std::vector<double> raw(n, 0.0);
  for (const Vertex s : sources) {
    // For each target: the shortest length found, the paths of that length, and per vertex the
    // number of them through it.
    std::vector<double> best(n, std::numeric_limits<double>::infinity());
    std::vector<double> count(n, 0.0);
    std::vector<std::vector<double>> through(n, std::vector<double>(n, 0.0));
    std::vector<Vertex> path{s};
    std::vector<char> on(n, 0);
    on[s] = 1;
    std::function<void(Vertex, double)> dfs = [&](Vertex u, double len) {
      if (u != s) {
        if (len < best[u]) {
          best[u] = len;
          count[u] = 0;
          std::fill(through[u].begin(), through[u].end(), 0.0);
        }
        if (len == best[u]) {
          count[u] += 1;
          for (std::size_t i = 1; i + 1 < path.size(); ++i) through[u][path[i]] += 1;
        }
      }
      for (Offset k = a.row_begin(u); k < a.row_end(u); ++k) {
        const Vertex w = a.col[k];
        if (on[w]) continue;
        on[w] = 1;
        path.push_back(w);
        dfs(w, len + (weighted ? double(a.value(k)) : 1.0));
        path.pop_back();
        on[w] = 0;
      }
    };
    dfs(s, 0.0);
    for (Vertex t = 0; t < n; ++t)
      if (t != s && count[t] > 0)
        for (Vertex v = 0; v < n; ++v) raw[v] += through[t][v] / count[t];
  }
  return raw;
}

#ifdef SPGRAPH_HAVE_BOOST
/// Boost.Graph's brandes_betweenness_centrality of `a` (self-loops left out: Boost's graph
/// would count them as arcs, and they lie on no shortest path). An undirected graph (symmetric
/// `a`) is built with each edge once.
template <class T>
std::vector<double> boost_bc(const Csr<T>& a, bool undirected, bool weighted) {
  const Vertex n = a.nrows;
  std::vector<double> score(n, 0.0);
  auto run = [&](auto& g) {
    auto index = boost::get(boost::vertex_index, g);
    auto cmap = boost::make_iterator_property_map(score.begin(), index);
    for (Vertex u = 0; u < n; ++u)
      for (Offset k = a.row_begin(u); k < a.row_end(u); ++k) {
        const Vertex v = a.col[k];
        if (u == v || (undirected && v < u)) continue;
        boost::add_edge(u, v, double(a.value(k)), g);
      }
    if (weighted)
      boost::brandes_betweenness_centrality(
          g, boost::centrality_map(cmap).weight_map(boost::get(boost::edge_weight, g)));
    else
      boost::brandes_betweenness_centrality(g, cmap);
  };
  using W = boost::property<boost::edge_weight_t, double>;
  if (undirected) {
    boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property, W> g(n);
    run(g);
  } else {
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property, W> g(n);
    run(g);
  }
  return score;
}
#endif

}  // namespace spgraph::testing
