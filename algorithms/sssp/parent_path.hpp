// SPDX-License-Identifier: Apache-2.0
// Paths from a tree of parents: the shortest-path tree of sssp() (SsspOptions::parents) and the
// BFS tree of bfs() share one convention (parent[source] = source, kNoVertex where unreachable),
// so one walk turns either into the path from the source to a vertex. Also the tree itself for
// SSSP: tight_arc_parents, a search over the arcs that the final distances make tight.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// The vertices on the tree path from the root (the source) to `target`, both included; empty
/// when `target` has no parent (unreachable). Throws InvalidArgument when `target` is not a
/// vertex or the parents do not lead to a root (not a tree).
inline std::vector<Vertex> parent_path(const std::vector<Vertex>& parent, Vertex target) {
  if (target >= parent.size())
    throw InvalidArgument("path: vertex " + std::to_string(target) +
                          " is not a vertex (n = " + std::to_string(parent.size()) + ")");
  std::vector<Vertex> path;
  if (parent[target] == kNoVertex) return path;
  for (Vertex v = target;; v = parent[v]) {
    if (v >= parent.size() || path.size() > parent.size())
      throw InvalidArgument("path: the parents of vertex " + std::to_string(target) +
                            " do not lead to the source");
    path.push_back(v);
    if (parent[v] == v) break;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

namespace detail {

/// A shortest-path tree from final distances: a breadth-first search from `source` over the
/// arcs u -> v with dist[u] + w == dist[v] (exactly, in the same double arithmetic the search
/// relaxed with, so the arc that last lowered dist[v] is among them). Every vertex on the
/// search's paths is reached, each hop is an arc, and the weights along a path sum to its
/// distance. O(n + m), on the calling thread, run only when parents are asked for. `g` is one of
/// sssp.cpp's arc views (n(), for_each(u, f(v, w))).
template <class G>
std::vector<Vertex> tight_arc_parents(const G& g, Vertex source, const std::vector<double>& dist) {
  std::vector<Vertex> parent(g.n(), kNoVertex);
  std::vector<Vertex> queue{source};
  parent[source] = source;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Vertex u = queue[head];
    const double du = dist[u];
    g.for_each(u, [&](Vertex v, double w) {
      if (parent[v] == kNoVertex && du + w == dist[v]) {
        parent[v] = u;
        queue.push_back(v);
      }
    });
  }
  return parent;
}

}  // namespace detail

}  // namespace spgraph
