// SPDX-License-Identifier: Apache-2.0
// k-core decomposition (algorithms/cores/cores.hpp) against independent oracles: the definition
// by brute force on random graphs (directed and undirected inputs, repeated arcs, self-loops,
// isolated vertices), networkx's core_number through /usr/bin/python3, igraph_coreness in
// process (when igraph is found), Zachary's karate club (largest core number 4, Zachary 1977 as
// networkx and igraph give it) and the shared data when present; the edge cases (empty, only
// self-loops, a star, a clique, a path); the k-core subgraph against the deletion of every
// vertex of degree below k; one and two threads alike.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <numeric>
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

/// A graph from an edge list (both directions stored when `undirected`).
Matrix<bool> graph_of(Vertex n, const std::vector<Edge>& edges, bool undirected = true) {
  std::vector<Vertex> r, c;
  for (const auto& [u, v] : edges) {
    r.push_back(u), c.push_back(v);
    if (undirected) r.push_back(v), c.push_back(u);
  }
  return Matrix<bool>::build_pattern(n, n, r, c);
}

/// The random inputs: sizes, densities, directed or not, some with isolated vertices.
struct RandomCase {
  Vertex n;
  Offset m;
  bool undirected;
  Vertex isolated_every;
};
constexpr RandomCase kRandomCases[] = {
    {1, 3, true, 0},     {8, 20, true, 0},    {30, 60, false, 0},  {40, 300, true, 4},
    {60, 500, false, 3}, {100, 250, true, 0}, {120, 2000, true, 5}};

TEST(Kcore, MatchesBruteForceOnRandomGraphs) {
  for (const RandomCase& rc : kRandomCases)
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      SCOPED_TRACE("n=" + std::to_string(rc.n) + " m=" + std::to_string(rc.m) +
                   " seed=" + std::to_string(seed));
      const Matrix<bool> a =
          random_pattern_graph(rc.n, rc.m, seed, rc.undirected, rc.isolated_every);
      const KcoreResult r = kcore(a);
      const std::vector<Vertex> want = brute_force_cores(rc.n, simple_edges(a));
      EXPECT_EQ(r.core, want);
      EXPECT_EQ(r.max_core, rc.n ? *std::max_element(want.begin(), want.end()) : 0);
      EXPECT_EQ(check_core_numbers(simple_undirected_pattern(a).csr(), r.core), "");
    }
}

TEST(Kcore, OneAndTwoThreadsAgreeOnALargerGraph) {
  const Matrix<bool> a = random_pattern_graph(50000, 400000, 7, true, 10);
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  const KcoreResult one = kcore(a);
  omp_set_num_threads(2);
  const KcoreResult two = kcore(a);
  omp_set_num_threads(threads);
  EXPECT_EQ(one.core, two.core);
  EXPECT_EQ(check_core_numbers(a.csr(), two.core), "");
  EXPECT_GT(two.max_core, 5u);
  EXPECT_EQ(one.parallel_levels, 0);
  EXPECT_GT(two.parallel_levels, 0) << "the threaded path ran";
}

TEST(Kcore, KroneckerGraphsOnTwoThreadsAgreeWithTheSerialPeel) {
  const int threads = omp_get_max_threads();
  omp_set_num_threads(2);
  for (const auto& [scale, undirected] : {std::pair{12, true}, {13, false}, {14, true}}) {
    const Matrix<bool> a =
        Matrix<bool>::from_coo(generate_kronecker(scale, 16, std::uint64_t(scale), undirected));
    const KcoreResult r = kcore(a);
    EXPECT_EQ(check_core_numbers(simple_undirected_pattern(a).csr(), r.core), "")
        << "scale " << scale;
  }
  omp_set_num_threads(threads);
}

TEST(Kcore, MatchesNetworkxCoreNumber) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Matrix<bool> a = random_pattern_graph(80, 400 * seed, seed, seed != 2, 6);
    const auto want = networkx_cores(80, simple_edges(a));
    if (!want) GTEST_SKIP() << "networkx (python3-networkx) is not installed";
    EXPECT_EQ(kcore(a).core, *want) << "seed " << seed;
  }
}

#ifdef SPGRAPH_HAVE_IGRAPH
TEST(Kcore, MatchesIgraphCoreness) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Matrix<bool> a =
        simple_undirected_pattern(random_pattern_graph(3000, 20000 * seed, seed, false, 7));
    const peers::IgraphGraph ig(a.csr(), true, peers::IgraphSelfLoops::Drop);
    CoreOptions o;
    o.undirected = true;
    EXPECT_EQ(check_same_core_numbers(kcore(a, o).core, peers::igraph_core_numbers(ig).core,
                                      dense_vertex_name, {"spgraph", "igraph"}),
              "")
        << "seed " << seed;
  }
}
#endif

TEST(Kcore, KarateClubLargestCoreIsFour) {
  const Matrix<bool> a = load_graph(test_data("lagraph/karate.mtx").string());
  const KcoreResult r = kcore(a);
  EXPECT_EQ(r.max_core, 4u);
  // networkx.core_number(karate_club_graph()): node 0 (file id 1) 4, node 11 (the one vertex of
  // degree 1) 1, node 33 4; ten vertices in the 4-core.
  EXPECT_EQ(r.core[0], 4u);
  EXPECT_EQ(r.core[11], 1u);
  EXPECT_EQ(r.core[33], 4u);
  EXPECT_EQ(std::count(r.core.begin(), r.core.end(), 4u), 10);
  EXPECT_EQ(r.core, brute_force_cores(34, simple_edges(a)));
}

TEST(Kcore, SharedGraphsAgreeWithTheSerialPeel) {
  SPGRAPH_REQUIRE_SHARED(jazz, "networkit/jazz.graph");
  for (const char* file : {"networkit/jazz.graph", "networkit/PGPgiantcompo.graph",
                           "suitesparse/NotreDame_www.mtx.gz", "cugraph/email-Eu-core.csv"}) {
    const std::filesystem::path p = shared_data(file);
    if (p.empty()) continue;
    SCOPED_TRACE(file);
    LoadOptions lo;
    lo.pattern_only = true;
    const Matrix<bool> a = load_graph(p.string(), lo);
    const KcoreResult r = kcore(a);
    EXPECT_EQ(check_core_numbers(simple_undirected_pattern(a).csr(), r.core), "");
  }
}

TEST(Kcore, EdgeCases) {
  EXPECT_EQ(kcore(Matrix<bool>()).core.size(), 0u);
  EXPECT_EQ(kcore(Matrix<bool>()).max_core, 0u);
  const KcoreResult isolated = kcore(Matrix<bool>(5, 5, true));
  EXPECT_EQ(isolated.core, std::vector<Vertex>(5, 0));
  // Only self-loops: every vertex isolated, and the loops counted.
  const KcoreResult loops = kcore(graph_of(3, {{0, 0}, {1, 1}, {2, 2}}, false));
  EXPECT_EQ(loops.core, std::vector<Vertex>(3, 0));
  EXPECT_EQ(loops.self_loops, 3u);
  // One huge row: a star's centre and leaves all have core number 1.
  std::vector<Edge> star;
  for (Vertex v = 1; v < 20000; ++v) star.emplace_back(0, v);
  const KcoreResult s = kcore(graph_of(20000, star));
  EXPECT_EQ(s.core, std::vector<Vertex>(20000, 1));
  EXPECT_EQ(s.max_core, 1u);
  // A clique of n vertices (with self-loops and repeated arcs): core n − 1 everywhere.
  std::vector<Edge> clique;
  for (Vertex u = 0; u < 12; ++u)
    for (Vertex v = 0; v < 12; ++v) clique.emplace_back(u, v);
  clique.emplace_back(3, 4);
  const KcoreResult c = kcore(graph_of(12, clique, false));
  EXPECT_EQ(c.core, std::vector<Vertex>(12, 11));
  EXPECT_EQ(c.self_loops, 12u);
  // A directed path 0 -> 1 -> 2 is taken as undirected.
  const KcoreResult p = kcore(graph_of(3, {{0, 1}, {1, 2}}, false));
  EXPECT_TRUE(p.symmetrized);
  EXPECT_EQ(p.core, std::vector<Vertex>(3, 1));
  EXPECT_THROW(kcore(Matrix<bool>(2, 3, true)), DimensionMismatch);
}

TEST(Kcore, UndirectedOptionSkipsTheCheck) {
  const Matrix<bool> a = random_pattern_graph(200, 800, 3, true);
  CoreOptions o;
  o.undirected = true;
  EXPECT_EQ(kcore(a, o).core, kcore(a).core);
  EXPECT_FALSE(kcore(a, o).symmetrized);
}

/// The k-core by its definition: delete every vertex of degree below k until none is left.
std::set<Edge> k_core_by_deletion(Vertex n, std::set<Edge> edges, Vertex k) {
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<Vertex> degree(n, 0);
    for (const auto& [u, v] : edges) ++degree[u], ++degree[v];
    for (auto it = edges.begin(); it != edges.end();) {
      if (degree[it->first] < k || degree[it->second] < k) {
        it = edges.erase(it);
        changed = true;
      } else {
        ++it;
      }
    }
  }
  return edges;
}

TEST(Kcore, SubgraphIsTheDeletionOfLowDegreeVertices) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Matrix<bool> a = random_pattern_graph(90, 700, seed, seed == 2, 5);
    const std::set<Edge> edges = simple_edges(a);
    const KcoreResult r = kcore(a);
    for (Vertex k = 0; k <= r.max_core + 1; ++k) {
      const Matrix<bool> sub = kcore_subgraph(a, r.core, k);
      EXPECT_TRUE(sub.structure_symmetric());
      std::set<Edge> want = k_core_by_deletion(90, edges, k);
      if (k == 0) want = edges;
      EXPECT_EQ(simple_edges(sub), want) << "k=" << k << " seed=" << seed;
      EXPECT_EQ(simple_edges(kcore_subgraph(a, k)), want);
    }
  }
  EXPECT_THROW(kcore_subgraph(Matrix<bool>(3, 3, true), std::vector<Vertex>(2, 0), 1),
               InvalidArgument);
}

}  // namespace
}  // namespace spgraph::testing
