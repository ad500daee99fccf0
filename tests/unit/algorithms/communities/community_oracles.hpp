// SPDX-License-Identifier: Apache-2.0
// The independent oracles of the community tests: networkx 2.8 (nx.community.modularity,
// louvain_communities) and python-igraph 0.10 (Graph.modularity, community_multilevel,
// community_leiden), run by /usr/bin/python3 on the graph the test writes to its stdin, and a
// brute-force modularity / CPM written from the definitions (Newman & Girvan 2004; Traag, Van
// Dooren & Nesterov 2011) over a dense matrix, sharing no code with algorithms/communities/.
// The Python oracles exit 77 when a module is missing; the tests then skip.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/types.hpp"
#include "engine/matrix.hpp"
#include "tests/support/process.hpp"

namespace spgraph::testing::communities {

/// One input arc or edge (repeats and self-loops allowed).
struct Arc {
  Vertex u, v;
  double w = 1;
};

/// A graph as the tests build it: n vertices and arcs; `undirected` stores each arc both ways.
struct ArcList {
  Vertex n = 0;
  std::vector<Arc> arcs;
  bool undirected = true;
};

/// The Matrix of an ArcList: duplicates summed; an undirected list stores (u, v) and (v, u)
/// (a loop once). `pattern` drops the weights (and then folds duplicates to one entry).
inline Matrix<double> matrix_of(const ArcList& g, bool pattern = false) {
  std::vector<Vertex> r, c;
  std::vector<double> w;
  for (const Arc& a : g.arcs) {
    r.push_back(a.u), c.push_back(a.v), w.push_back(a.w);
    if (g.undirected && a.u != a.v) r.push_back(a.v), c.push_back(a.u), w.push_back(a.w);
  }
  if (pattern) return Matrix<double>::build_pattern(g.n, g.n, r, c);
  return Matrix<double>::build(g.n, g.n, r, c, w);
}

/// The graph's edges as the oracles read them: "n", then one "u v w" line per stored entry
/// (u, v) with u <= v for a symmetric matrix, or per arc for any other (each arc an edge of the
/// undirected multigraph, a loop arc a loop), which is the rule of community_graph.hpp.
inline std::string edge_text(const Matrix<double>& a, bool symmetric) {
  std::ostringstream out;
  out.precision(17);
  out << a.nrows() << "\n";
  const Csr<double>& c = a.csr();
  for (Vertex u = 0; u < c.nrows; ++u)
    for (Offset k = c.row_ptr[u]; k < c.row_ptr[u + 1]; ++k)
      if (!symmetric || c.col[k] >= u) out << u << " " << c.col[k] << " " << c.value(k) << "\n";
  return out.str();
}

/// Runs a Python oracle on `input`; nullopt (the test should skip) when python3 or a module is
/// missing. A failure of the script fails the test.
inline std::optional<std::string> run_python(const std::string& script, const std::string& input) {
  if (!std::filesystem::exists("/usr/bin/python3")) return std::nullopt;
  RunOptions o;
  o.input = input;
  o.timeout_seconds = 300;
  const RunResult r = run_process({"/usr/bin/python3", "-c", script}, o);
  if (r.exit_code == 77) return std::nullopt;
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

/// The prologue of every oracle script: imports (exit 77 when missing) and the graph read from
/// stdin as networkx's Graph `G` (weights of repeated edges summed) and igraph's `g` (repeats
/// kept as parallel edges, whose weights igraph sums), then `rest`, the lines after the graph.
inline const char* kPythonPrologue = R"(
import sys
try:
    import networkx as nx
    import igraph as ig
except ImportError:
    sys.exit(77)
lines = sys.stdin.read().split("\n")
n = int(lines[0])
G = nx.Graph()
G.add_nodes_from(range(n))
edges, weights, at = [], [], 1
while at < len(lines) and lines[at] and lines[at][0] != "#":
    u, v, w = lines[at].split()
    u, v, w = int(u), int(v), float(w)
    if G.has_edge(u, v):
        G[u][v]["weight"] += w
    else:
        G.add_edge(u, v, weight=w)
    edges.append((u, v))
    weights.append(w)
    at += 1
rest = lines[at:]
g = ig.Graph(n=n, edges=edges)
)";

/// Brute-force modularity (cpm = false) or CPM quality of `label` on the undirected graph of
/// `a` (symmetric A as is, else A + A'), from the definitions over a dense matrix in long double:
/// B = A + A' off the diagonal and 2·(loop weight) on it, 2m = Σ B.
inline double dense_quality(const Matrix<double>& a, const std::vector<Vertex>& label, double gamma,
                            bool cpm, bool symmetric) {
  const Vertex n = a.nrows();
  std::vector<long double> b(std::size_t(n) * n, 0.0L);
  const Csr<double>& c = a.csr();
  for (Vertex u = 0; u < n; ++u)
    for (Offset k = c.row_ptr[u]; k < c.row_ptr[u + 1]; ++k) {
      const Vertex v = c.col[k];
      const long double w = c.value(k);
      if (u == v) {
        b[std::size_t(u) * n + u] += 2 * w;
      } else if (symmetric) {
        b[std::size_t(u) * n + v] += w;
      } else {
        b[std::size_t(u) * n + v] += w;
        b[std::size_t(v) * n + u] += w;
      }
    }
  long double total = 0, inner = 0;
  std::vector<long double> degree(n, 0.0L), group(n, 0.0L);
  for (Vertex u = 0; u < n; ++u)
    for (Vertex v = 0; v < n; ++v) {
      total += b[std::size_t(u) * n + v];
      degree[u] += b[std::size_t(u) * n + v];
      if (label[u] == label[v]) inner += b[std::size_t(u) * n + v];
    }
  if (total == 0) return std::nan("");
  for (Vertex u = 0; u < n; ++u) group[label[u]] += cpm ? 1.0L : degree[u];
  long double squares = 0;
  for (long double x : group) squares += x * x;
  const long double lambda = cpm ? gamma : gamma / total;
  return double((inner - lambda * squares) / total);
}

/// A random labelling with at most k labels (each below n).
inline std::vector<Vertex> random_labels(Vertex n, Vertex k, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Vertex> l(n);
  for (Vertex& x : l) x = Vertex(rng() % std::max<Vertex>(1, std::min(k, n)));
  return l;
}

/// A random graph: m arcs among n vertices (repeats and self-loops included), weights in
/// [0.5, 3) when `weighted`, else 1.
inline ArcList random_arcs(Vertex n, std::size_t m, std::uint64_t seed, bool weighted,
                           bool undirected) {
  std::mt19937_64 rng(seed);
  ArcList g{n, {}, undirected};
  for (std::size_t i = 0; i < m; ++i) {
    const Vertex u = Vertex(rng() % n), v = Vertex(rng() % n);
    const double w = weighted ? 0.5 + 2.5 * double(rng() >> 11) * 0x1.0p-53 : 1.0;
    g.arcs.push_back({u, v, w});
  }
  return g;
}

/// k cliques of size s joined in a ring by one edge each (Fortunato's ring of cliques): for
/// k >= 3 and s >= 3 the modularity optimum at resolution 1 separates the cliques when k is
/// below about s(s − 1) + 2 (Fortunato & Barthélemy 2007).
inline ArcList ring_of_cliques(Vertex k, Vertex s) {
  ArcList g{k * s, {}, true};
  for (Vertex c = 0; c < k; ++c) {
    for (Vertex i = 0; i < s; ++i)
      for (Vertex j = i + 1; j < s; ++j) g.arcs.push_back({c * s + i, c * s + j, 1});
    g.arcs.push_back({c * s, ((c + 1) % k) * s + 1, 1});
  }
  return g;
}

}  // namespace spgraph::testing::communities
