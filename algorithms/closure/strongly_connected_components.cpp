// SPDX-License-Identifier: Apache-2.0
// Iterative Tarjan SCC and the condensation (see strongly_connected_components.hpp).
#include "algorithms/closure/strongly_connected_components.hpp"

#include <algorithm>

#include "formats/csr/sort_keys.hpp"

namespace spgraph {

namespace {

constexpr Vertex kUnvisited = kNoVertex;

/// Phase 1: comp[v] for every vertex, components numbered as Tarjan completes them.
Vertex tarjan(const AdjacencyView& g, std::vector<Vertex>& comp) {
  const Vertex n = g.n;
  std::vector<Vertex> index(n, kUnvisited), low(n);
  comp.assign(n, kUnvisited);
  std::vector<Vertex> stack;  // the component stack; comp == kUnvisited marks "on the stack"
  struct Frame {
    Vertex v;
    Offset next;  // next arc of v to explore
  };
  std::vector<Frame> frames;
  Vertex counter = 0, ncomp = 0;
  for (Vertex root = 0; root < n; ++root) {
    if (index[root] != kUnvisited) continue;
    index[root] = low[root] = counter++;
    stack.push_back(root);
    frames.push_back({root, g.row_ptr[root]});
    while (!frames.empty()) {
      Frame& f = frames.back();
      const Vertex v = f.v;
      if (f.next < g.row_ptr[v + 1]) {
        const Vertex w = g.col[f.next++];
        if (index[w] == kUnvisited) {  // tree arc: descend
          index[w] = low[w] = counter++;
          stack.push_back(w);
          frames.push_back({w, g.row_ptr[w]});
        } else if (comp[w] == kUnvisited) {  // w is on the stack
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      // v is finished: pop its component if it is a root, then return to the parent.
      if (low[v] == index[v]) {
        Vertex w;
        do {
          w = stack.back();
          stack.pop_back();
          comp[w] = ncomp;
        } while (w != v);
        ++ncomp;
      }
      frames.pop_back();
      if (!frames.empty()) {
        const Vertex parent = frames.back().v;
        low[parent] = std::min(low[parent], low[v]);
      }
    }
  }
  return ncomp;
}

}  // namespace

Condensation condense(const AdjacencyView& g) {
  Condensation c;
  const Vertex n = g.n;
  c.num_components = tarjan(g, c.comp);
  const Vertex nc = c.num_components;

  // Phase 2: members (counting sort by component, vertices ascending) and cyclic flags.
  c.members = Csr<bool>::empty(nc, n, true);
  for (Vertex v = 0; v < n; ++v) ++c.members.row_ptr[c.comp[v] + 1];
  for (Vertex k = 0; k < nc; ++k) c.members.row_ptr[k + 1] += c.members.row_ptr[k];
  c.members.col.resize(n);
  {
    std::vector<Offset> next(c.members.row_ptr.begin(), c.members.row_ptr.end() - 1);
    for (Vertex v = 0; v < n; ++v) c.members.col[next[c.comp[v]]++] = v;
  }
  c.cyclic.assign(nc, 0);
  for (Vertex k = 0; k < nc; ++k) {
    c.cyclic[k] = c.members.degree(k) > 1;
    c.largest = std::max(c.largest, Vertex(c.members.degree(k)));
  }
  for (Vertex v = 0; v < n; ++v)
    if (std::binary_search(g.col + g.row_ptr[v], g.col + g.row_ptr[v + 1], v))
      c.cyclic[c.comp[v]] = 1;

  // Phase 3: the condensation, row by row: gather the components the members reach, then sort
  // and drop repeats.
  c.dag = Csr<bool>::empty(nc, nc, true);
  std::vector<Vertex> row, scratch;
  for (Vertex k = 0; k < nc; ++k) {
    row.clear();
    for (Offset m = c.members.row_begin(k); m < c.members.row_end(k); ++m) {
      const Vertex v = c.members.col[m];
      for (Offset e = g.row_ptr[v]; e < g.row_ptr[v + 1]; ++e)
        if (c.comp[g.col[e]] != k) row.push_back(c.comp[g.col[e]]);
    }
    sort_keys(row.data(), row.size(), nc - 1, scratch);
    row.erase(std::unique(row.begin(), row.end()), row.end());
    c.dag.col.insert(c.dag.col.end(), row.begin(), row.end());
    c.dag.row_ptr[k + 1] = c.dag.col.size();
  }
  return c;
}

SccLabels scc_labels(const AdjacencyView& g) {
  const Condensation c = condense(g);
  SccLabels out;
  out.components = c.num_components;
  out.largest = c.largest;
  out.label.resize(g.n);
  // Members are listed in ascending id, so the first is the smallest.
  for (Vertex comp = 0; comp < c.num_components; ++comp) {
    const Offset first = c.members.row_ptr[comp];
    for (Offset k = first; k < c.members.row_ptr[comp + 1]; ++k)
      out.label[c.members.col[k]] = c.members.col[first];
  }
  return out;
}

}  // namespace spgraph
