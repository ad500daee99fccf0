// SPDX-License-Identifier: Apache-2.0
// igraph's core and truss decompositions, the peers of `spgraph compare kcore` and `compare
// ktruss`: igraph_coreness (mode IGRAPH_ALL) and igraph_trussness, each run on an IgraphGraph of
// the simple undirected graph (igraph_graph.hpp) and timed around the one call; converting the
// answers is not timed. igraph runs them serially (Batagelj & Zaversnik's bucket algorithm for
// the cores; Wang & Cheng's peel of the edges for the trusses).
#pragma once

#include <vector>

#include "engine/core/types.hpp"
#include "tools/compare/peers/igraph_graph.hpp"

namespace spgraph::peers {

/// igraph's core numbers, by vertex, and the seconds of the call.
struct IgraphCoreResult {
  std::vector<Vertex> core;
  double seconds = 0;
};

/// igraph_coreness(g, IGRAPH_ALL).
IgraphCoreResult igraph_core_numbers(const IgraphGraph& g);

/// igraph's truss numbers by igraph's edge id, each edge's ends (from igraph_get_edgelist, after
/// the timed call), and the seconds of the call.
struct IgraphTrussResult {
  std::vector<Vertex> truss, from, to;
  double seconds = 0;
};

/// igraph_trussness(g); g must be undirected and without repeated edges.
IgraphTrussResult igraph_truss_numbers(const IgraphGraph& g);

}  // namespace spgraph::peers
