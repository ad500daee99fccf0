// SPDX-License-Identifier: Apache-2.0
// k-truss decomposition (algorithms/cores/cores.hpp) against independent oracles: the definition
// by brute force on random graphs (directed and undirected inputs, repeated arcs, self-loops,
// isolated vertices), networkx's k_truss through /usr/bin/python3, igraph_trussness in process
// (when igraph is found, its edge ids mapped back to their ends), the serial Wang & Cheng peel of
// the verifier, and cuGraph's published 5-truss of polbooks when the shared data is present;
// the edge cases (empty, no triangle, only self-loops, a star, a clique, two cliques sharing an
// edge); the k-truss subgraph; one and two threads alike.
#include <gtest/gtest.h>
#include <omp.h>

#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#include "algorithms/cores/cores.hpp"
#include "algorithms/cores/cores_verify.hpp"
#include "algorithms/triangles/triangles.hpp"
#include "loaders/generators.hpp"
#include "loaders/load.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/algorithms/cores/cores_oracles.hpp"
#include "tests/unit/algorithms/random_graphs.hpp"

#ifdef SPGRAPH_HAVE_IGRAPH
#include "tools/compare/peers/igraph_cores.hpp"
#endif

namespace spgraph::testing {
namespace {

/// The answer keyed by edge (checking on the way that the edges are the simple graph's, u < v).
std::map<Edge, Vertex> by_edge(const KtrussResult& r) {
  std::map<Edge, Vertex> m;
  const Csr<bool>& e = r.edges.csr();
  EXPECT_EQ(r.truss.size(), e.nnz());
  for (Vertex u = 0; u < e.nrows; ++u)
    for (Offset k = e.row_begin(u); k < e.row_end(u); ++k) {
      EXPECT_LT(u, e.col[k]);
      m[{u, e.col[k]}] = r.truss[k];
    }
  return m;
}

Matrix<bool> graph_of(Vertex n, const std::vector<Edge>& edges, bool undirected = true) {
  std::vector<Vertex> r, c;
  for (const auto& [u, v] : edges) {
    r.push_back(u), c.push_back(v);
    if (undirected) r.push_back(v), c.push_back(u);
  }
  return Matrix<bool>::build_pattern(n, n, r, c);
}

/// The clique on the vertices [from, to).
void add_clique(std::vector<Edge>& edges, Vertex from, Vertex to) {
  for (Vertex u = from; u < to; ++u)
    for (Vertex v = u + 1; v < to; ++v) edges.emplace_back(u, v);
}

TEST(Ktruss, MatchesBruteForceOnRandomGraphs) {
  struct Case {
    Vertex n;
    Offset m;
    bool undirected;
    Vertex isolated_every;
  };
  for (const Case& c : {Case{3, 9, true, 0}, Case{10, 40, true, 0}, Case{25, 150, false, 0},
                        Case{40, 400, true, 4}, Case{50, 700, false, 5}})
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      SCOPED_TRACE("n=" + std::to_string(c.n) + " m=" + std::to_string(c.m) +
                   " seed=" + std::to_string(seed));
      const Matrix<bool> a = random_pattern_graph(c.n, c.m, seed, c.undirected, c.isolated_every);
      const KtrussResult r = ktruss(a);
      const std::map<Edge, Vertex> want = brute_force_trusses(c.n, simple_edges(a));
      EXPECT_EQ(by_edge(r), want);
      Vertex top = 0;
      for (const auto& [e, t] : want) top = std::max(top, t);
      EXPECT_EQ(r.max_truss, top);
      const Matrix<bool> g = simple_undirected_pattern(a);
      EXPECT_EQ(check_truss_numbers(g.csr(), r.edges.csr(), r.truss), "");
      EXPECT_EQ(r.triangles, triangle_count(g).triangles);
    }
}

TEST(Ktruss, OneAndTwoThreadsAgreeWithTheSerialPeel) {
  const Matrix<bool> a = random_pattern_graph(20000, 300000, 11, true, 10);
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  const KtrussResult one = ktruss(a);
  omp_set_num_threads(2);
  const KtrussResult two = ktruss(a);
  omp_set_num_threads(threads);
  EXPECT_EQ(one.truss, two.truss);
  EXPECT_EQ(check_truss_numbers(a.csr(), two.edges.csr(), two.truss), "");
  EXPECT_GE(two.max_truss, 3u);
  EXPECT_EQ(one.parallel_rounds, 0);
  EXPECT_GT(two.parallel_rounds, 0) << "the threaded path ran";
}

TEST(Ktruss, KroneckerGraphsOnTwoThreadsAgreeWithTheSerialPeel) {
  const int threads = omp_get_max_threads();
  omp_set_num_threads(2);
  for (const auto& [scale, undirected] : {std::pair{13, true}, {13, false}}) {
    const Matrix<bool> a =
        Matrix<bool>::from_coo(generate_kronecker(scale, 16, std::uint64_t(scale), undirected));
    const KtrussResult r = ktruss(a);
    EXPECT_EQ(check_truss_numbers(simple_undirected_pattern(a).csr(), r.edges.csr(), r.truss), "")
        << "scale " << scale;
    EXPECT_GT(r.parallel_rounds, 0) << "scale " << scale;
  }
  omp_set_num_threads(threads);
}

TEST(Ktruss, MatchesNetworkxKTruss) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Matrix<bool> a = random_pattern_graph(60, 300 * seed, seed, seed != 2, 6);
    const auto want = networkx_trusses(60, simple_edges(a));
    if (!want) GTEST_SKIP() << "networkx (python3-networkx) is not installed";
    EXPECT_EQ(by_edge(ktruss(a)), *want) << "seed " << seed;
  }
}

#ifdef SPGRAPH_HAVE_IGRAPH
TEST(Ktruss, MatchesIgraphTrussness) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Matrix<bool> a =
        simple_undirected_pattern(random_pattern_graph(2000, 15000 * seed, seed, false, 7));
    const peers::IgraphGraph ig(a.csr(), true, peers::IgraphSelfLoops::Drop);
    const peers::IgraphTrussResult theirs = peers::igraph_truss_numbers(ig);
    std::map<Edge, Vertex> want;
    for (std::size_t e = 0; e < theirs.truss.size(); ++e)
      want[{std::min(theirs.from[e], theirs.to[e]), std::max(theirs.from[e], theirs.to[e])}] =
          theirs.truss[e];
    CoreOptions o;
    o.undirected = true;
    EXPECT_EQ(by_edge(ktruss(a, o)), want) << "seed " << seed;
  }
}
#endif

/// cuGraph's test answer: the 5-truss of polbooks (computed with networkx's k_truss).
TEST(Ktruss, PolbooksFiveTrussIsCugraphs) {
  SPGRAPH_REQUIRE_SHARED(graph, "cugraph/polbooks.mtx");
  SPGRAPH_REQUIRE_SHARED(answer, "cugraph/ref/ktruss/polbooks.k5.csv");
  LoadOptions lo;
  lo.pattern_only = true;
  const Matrix<bool> a = load_graph(graph.string(), lo);  // dense id = file id - 1
  std::set<Edge> want;
  std::ifstream in(answer);
  double weight = 0;
  for (Vertex u, v; in >> u >> v >> weight;) want.emplace(std::min(u, v), std::max(u, v));
  ASSERT_GT(want.size(), 100u);
  EXPECT_EQ(simple_edges(ktruss_subgraph(a, 5)), want);  // the answer file counts from 0
}

TEST(Ktruss, EdgeCases) {
  const KtrussResult empty = ktruss(Matrix<bool>());
  EXPECT_EQ(empty.truss.size(), 0u);
  EXPECT_EQ(empty.max_truss, 0u);
  EXPECT_EQ(ktruss(Matrix<bool>(4, 4, true)).edges.nvals(), 0u);
  // Only self-loops: no edge at all.
  const KtrussResult loops = ktruss(graph_of(3, {{0, 0}, {2, 2}}, false));
  EXPECT_EQ(loops.edges.nvals(), 0u);
  EXPECT_EQ(loops.self_loops, 2u);
  // A star (one huge row): no triangle, every edge 2.
  std::vector<Edge> star;
  for (Vertex v = 1; v < 30000; ++v) star.emplace_back(0, v);
  const KtrussResult s = ktruss(graph_of(30000, star));
  EXPECT_EQ(s.truss, std::vector<Vertex>(29999, 2));
  EXPECT_EQ(s.max_truss, 2u);
  EXPECT_EQ(s.triangles, 0u);
  // A clique of 9 vertices, given directed with self-loops and a repeated arc: every edge 9.
  std::vector<Edge> clique;
  add_clique(clique, 0, 9);
  clique.emplace_back(4, 4);
  clique.emplace_back(2, 3);
  const KtrussResult c = ktruss(graph_of(9, clique, false));
  EXPECT_TRUE(c.symmetrized);
  EXPECT_EQ(c.truss, std::vector<Vertex>(36, 9));
  EXPECT_EQ(c.triangles, 84u);
  // Two 5-cliques sharing the edge {0, 1}, and a pendant edge: the cliques' edges 5, the
  // pendant 2.
  std::vector<Edge> two;
  add_clique(two, 0, 5);
  for (Vertex v : {5u, 6u, 7u}) two.emplace_back(0, v), two.emplace_back(1, v);
  add_clique(two, 5, 8);
  two.emplace_back(7, 8);
  const std::map<Edge, Vertex> t = by_edge(ktruss(graph_of(9, two)));
  const Edge pendant{7, 8};
  for (const auto& [e, k] : t) EXPECT_EQ(k, e == pendant ? 2u : 5u) << e.first << "-" << e.second;
  EXPECT_THROW(ktruss(Matrix<bool>(3, 2, true)), DimensionMismatch);
}

TEST(Ktruss, SubgraphHoldsTheEdgesOfTrussAtLeastK) {
  const Matrix<bool> a = random_pattern_graph(60, 600, 5, true, 6);
  const KtrussResult r = ktruss(a);
  const std::map<Edge, Vertex> truss = by_edge(r);
  for (Vertex k = 0; k <= r.max_truss + 1; ++k) {
    std::set<Edge> want;
    for (const auto& [e, t] : truss)
      if (t >= k) want.insert(e);
    const Matrix<bool> sub = ktruss_subgraph(r, k);
    EXPECT_TRUE(sub.structure_symmetric());
    EXPECT_EQ(simple_edges(sub), want) << "k=" << k;
    EXPECT_EQ(simple_edges(ktruss_subgraph(a, k)), want) << "k=" << k;
  }
}

}  // namespace
}  // namespace spgraph::testing
