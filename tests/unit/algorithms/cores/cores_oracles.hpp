// SPDX-License-Identifier: Apache-2.0
// The oracles the core and truss tests share: the simple undirected edge set of a matrix, the
// definitions run by brute force (delete a vertex of least degree, over and over; delete every
// edge in fewer than k − 2 triangles until none is, for each k), and networkx (core_number and
// k_truss, networkx 2.8) run through /usr/bin/python3 on the same edges.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/types.hpp"
#include "engine/matrix.hpp"
#include "tests/support/process.hpp"

namespace spgraph::testing {

using Edge = std::pair<Vertex, Vertex>;  ///< u < v

/// The edges {u, v}, u < v, of A ∪ A' without self-loops.
template <class T>
std::set<Edge> simple_edges(const Matrix<T>& a) {
  std::set<Edge> e;
  const Csr<T>& c = a.csr();
  for (Vertex u = 0; u < c.nrows; ++u)
    for (Offset k = c.row_begin(u); k < c.row_end(u); ++k)
      if (c.col[k] != u) e.emplace(std::min(u, c.col[k]), std::max(u, c.col[k]));
  return e;
}

/// Core numbers by the definition: repeatedly delete a vertex of least remaining degree; a
/// vertex's core number is the largest least degree seen up to its deletion. O(n^2 + m).
inline std::vector<Vertex> brute_force_cores(Vertex n, const std::set<Edge>& edges) {
  std::vector<std::set<Vertex>> adj(n);
  for (const auto& [u, v] : edges) adj[u].insert(v), adj[v].insert(u);
  std::vector<Vertex> core(n, 0);
  std::vector<bool> gone(n, false);
  Vertex level = 0;
  for (Vertex step = 0; step < n; ++step) {
    Vertex best = kNoVertex;
    for (Vertex v = 0; v < n; ++v)
      if (!gone[v] && (best == kNoVertex || adj[v].size() < adj[best].size())) best = v;
    level = std::max(level, Vertex(adj[best].size()));
    core[best] = level;
    gone[best] = true;
    for (Vertex w : adj[best]) adj[w].erase(best);
    adj[best].clear();
  }
  return core;
}

/// Truss numbers by the definition, keyed by edge: for k = 3, 4, ... the k-truss is what is
/// left of the (k−1)-truss after deleting, until none is left, every edge in fewer than k − 2
/// triangles; an edge's number is the largest k whose k-truss holds it (2 for every edge).
inline std::map<Edge, Vertex> brute_force_trusses(Vertex n, const std::set<Edge>& edges) {
  std::map<Edge, Vertex> truss;
  for (const Edge& e : edges) truss[e] = 2;
  std::set<Edge> left = edges;
  for (Vertex k = 3; !left.empty(); ++k) {
    for (bool changed = true; changed;) {
      changed = false;
      std::vector<std::set<Vertex>> adj(n);
      for (const auto& [u, v] : left) adj[u].insert(v), adj[v].insert(u);
      for (auto it = left.begin(); it != left.end();) {
        std::size_t triangles = 0;
        for (Vertex w : adj[it->first]) triangles += adj[it->second].count(w);
        if (triangles < k - 2) {
          it = left.erase(it);
          changed = true;
        } else {
          ++it;
        }
      }
    }
    for (const Edge& e : left) truss[e] = k;
  }
  return truss;
}

/// Runs a networkx script on "n" and then the edges "u v" on stdin; nullopt when
/// /usr/bin/python3 or networkx is not installed (the caller skips).
inline std::optional<std::string> run_networkx(const std::string& script, Vertex n,
                                               const std::set<Edge>& edges) {
  if (!std::filesystem::exists("/usr/bin/python3")) return std::nullopt;
  RunOptions o;
  o.timeout_seconds = 120;
  o.input = std::to_string(n) + "\n";
  for (const auto& [u, v] : edges) o.input += std::to_string(u) + " " + std::to_string(v) + "\n";
  const RunResult r =
      run_process({"/usr/bin/python3", "-c",
                   "import sys\ntry:\n import networkx as nx\nexcept ImportError:\n sys.exit(77)\n"
                   "lines = sys.stdin.read().split('\\n')\n"
                   "G = nx.Graph()\nG.add_nodes_from(range(int(lines[0])))\n"
                   "G.add_edges_from(tuple(map(int, l.split())) for l in lines[1:] if l)\n" +
                       script},
                  o);
  if (r.exit_code == 77) return std::nullopt;
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

/// networkx.core_number of every vertex, in vertex order.
inline std::optional<std::vector<Vertex>> networkx_cores(Vertex n, const std::set<Edge>& edges) {
  const auto out = run_networkx(
      "c = nx.core_number(G)\nprint(' '.join(str(c[v]) for v in range(G.number_of_nodes())))\n", n,
      edges);
  if (!out) return std::nullopt;
  std::istringstream in(*out);
  std::vector<Vertex> core;
  for (Vertex c; in >> c;) core.push_back(c);
  return core;
}

/// Each edge's largest k for which networkx.k_truss(G, k) holds it (2 when none from 3 does).
inline std::optional<std::map<Edge, Vertex>> networkx_trusses(Vertex n,
                                                              const std::set<Edge>& edges) {
  const auto out = run_networkx(
      "k = 3\nwhile True:\n H = nx.k_truss(G, k)\n if H.number_of_edges() == 0:\n  break\n"
      " for u, v in H.edges():\n  print(min(u, v), max(u, v), k)\n k += 1\n",
      n, edges);
  if (!out) return std::nullopt;
  std::map<Edge, Vertex> truss;
  for (const Edge& e : edges) truss[e] = 2;
  std::istringstream in(*out);
  for (Vertex u, v, k; in >> u >> v >> k;) truss[{u, v}] = std::max(truss[{u, v}], k);
  return truss;
}

}  // namespace spgraph::testing
