// SPDX-License-Identifier: Apache-2.0
// igraph's coreness and trussness as the core jobs' peers (igraph_cores.hpp).
#include "tools/compare/peers/igraph_cores.hpp"

#include "tools/common/timing.hpp"

namespace spgraph::peers {

IgraphCoreResult igraph_core_numbers(const IgraphGraph& g) {
  IgraphIntVector core;
  const auto start = std::chrono::steady_clock::now();
  igraph_check(igraph_coreness(g.get(), core.get(), IGRAPH_ALL), "igraph_coreness");
  IgraphCoreResult r;
  r.seconds = tools::seconds_since(start);
  r.core = core.to_vector<Vertex>();
  return r;
}

IgraphTrussResult igraph_truss_numbers(const IgraphGraph& g) {
  IgraphIntVector truss;
  const auto start = std::chrono::steady_clock::now();
  igraph_check(igraph_trussness(g.get(), truss.get()), "igraph_trussness");
  IgraphTrussResult r;
  r.seconds = tools::seconds_since(start);
  r.truss = truss.to_vector<Vertex>();
  IgraphIntVector ends;
  igraph_check(igraph_get_edgelist(g.get(), ends.get(), false), "igraph_get_edgelist");
  r.from.resize(r.truss.size());
  r.to.resize(r.truss.size());
  for (std::size_t e = 0; e < r.truss.size(); ++e) {
    r.from[e] = Vertex(ends[igraph_integer_t(2 * e)]);
    r.to[e] = Vertex(ends[igraph_integer_t(2 * e + 1)]);
  }
  return r;
}

}  // namespace spgraph::peers
