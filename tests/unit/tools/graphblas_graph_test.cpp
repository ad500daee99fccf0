// SPDX-License-Identifier: Apache-2.0
// The GraphBLAS peers' one graph (tools/compare/peers/graphblas_graph.hpp, after LAGraph's
// LAGraph_Graph and its LAGraph_Cached_* calls): each property is computed once, only when
// asked for, and counted in memory_bytes(); an undirected graph's A' and in-degrees are its A
// and out-degrees; and every peer algorithm refuses a graph without what it needs (an
// InvalidArgument naming the cache call), then answers once the property is cached (CDLP and
// LCC with answers worked out by hand from the Graphalytics definitions).
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/semiring.hpp"
#include "formats/coo/coo.hpp"
#include "tools/compare/peers/graphblas_graph.hpp"
#include "tools/compare/peers/graphblas_graphalytics.hpp"
#include "tools/compare/peers/graphblas_knn.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"
#include "tools/compare/peers/graphblas_traversals.hpp"

namespace spgraph::testing {
namespace {

using peers::GraphBlasGraph;
using Kind = GraphBlasGraph::Kind;
using Arcs = std::vector<std::pair<Vertex, Vertex>>;

/// The n × n matrix with the given entries (values T(1 + its index), or a pattern).
template <class T>
Csr<T> matrix(Vertex n, const Arcs& arcs) {
  Coo<T> coo{n, n, std::is_same_v<T, bool>, {}, {}, {}};
  for (std::size_t k = 0; k < arcs.size(); ++k) {
    coo.row.push_back(arcs[k].first);
    coo.col.push_back(arcs[k].second);
    if constexpr (!std::is_same_v<T, bool>) coo.val.push_back(T(1 + k));
  }
  return build_csr<T, FirstOp<T>>(std::move(coo), DuplicatePolicy::Reject);
}

/// 0 -> 1, 0 -> 2, 1 -> 2, 2 -> 0, 3 -> 2: vertex 3 has no in-arc, and none reaches it.
const Arcs kDirected = {{0, 1}, {0, 2}, {1, 2}, {2, 0}, {3, 2}};
/// The triangle 0-1-2 and the edge 2-3, both ways.
const Arcs kUndirected = {{0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}, {2, 3}, {3, 2}};

class GraphBlasGraphTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { peers::graphblas_init(1); }
};

/// Runs `f` and expects an InvalidArgument whose message holds `words`.
template <class F>
void expect_refusal(F&& f, const std::string& words) {
  try {
    f();
    ADD_FAILURE() << "no error; expected one naming " << words;
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST_F(GraphBlasGraphTest, CachesEachPropertyOnceAndCountsItsMemory) {
  GraphBlasGraph g(matrix<bool>(4, kDirected), Kind::Directed);
  EXPECT_EQ(g.kind(), Kind::Directed);
  EXPECT_EQ(g.properties_seconds(), 0.0);
  std::size_t bytes = g.memory_bytes();
  for (auto cache : {&GraphBlasGraph::cache_transpose, &GraphBlasGraph::cache_out_degree,
                     &GraphBlasGraph::cache_in_degree}) {
    (g.*cache)();
    EXPECT_GT(g.memory_bytes(), bytes);
    bytes = g.memory_bytes();
    const double seconds = g.properties_seconds();
    (g.*cache)();  // kept: asking again computes nothing
    EXPECT_EQ(g.memory_bytes(), bytes);
    EXPECT_EQ(g.properties_seconds(), seconds);
  }
}

TEST_F(GraphBlasGraphTest, UndirectedGraphIsItsOwnTransposeAndInDegrees) {
  GraphBlasGraph g(matrix<bool>(4, kUndirected), Kind::Undirected);
  const std::size_t a = g.memory_bytes();
  g.cache_transpose();
  EXPECT_EQ(g.memory_bytes(), a);
  g.cache_out_degree();
  const std::size_t with_degrees = g.memory_bytes();
  g.cache_in_degree();
  EXPECT_EQ(g.memory_bytes(), with_degrees);
  peers::GraphBlasSimilarityOptions o;
  o.measure = peers::GraphBlasSimilarity::CommonNeighbors;
  o.neighborhood = peers::GraphBlasNeighborhood::Both;  // any: B = A
  EXPECT_EQ(peers::graphblas_similarity_knn(g, nullptr, o).ptr.size(), 5u);
}

TEST_F(GraphBlasGraphTest, RejectsANonSquareMatrix) {
  Csr<bool> a = Csr<bool>::empty(2, 3, true);
  expect_refusal([&] { (void)GraphBlasGraph(a, Kind::Directed); }, "square");
}

TEST_F(GraphBlasGraphTest, BfsAndPageRankNeedTheTransposeAndOutDegrees) {
  GraphBlasGraph g(matrix<bool>(4, kDirected), Kind::Directed);
  expect_refusal([&] { peers::graphblas_bfs(g, 0, true, false); }, "cache_transpose()");
  expect_refusal([&] { peers::graphblas_pagerank(g, {}); }, "cache_transpose()");
  g.cache_transpose();
  expect_refusal([&] { peers::graphblas_bfs(g, 0, true, false); }, "cache_out_degree()");
  expect_refusal([&] { peers::graphblas_pagerank(g, {}); }, "cache_out_degree()");
  g.cache_out_degree();
  EXPECT_EQ(peers::graphblas_bfs(g, 0, true, false).level,
            (std::vector<std::int64_t>{0, 1, 1, -1}));
  EXPECT_EQ(peers::graphblas_pagerank(g, {}).rank.size(), 4u);
}

TEST_F(GraphBlasGraphTest, TrianglesAndComponentsNeedAnUndirectedGraph) {
  const GraphBlasGraph directed(matrix<bool>(4, kDirected), Kind::Directed);
  expect_refusal([&] { peers::graphblas_triangle_count(directed); }, "undirected");
  expect_refusal([&] { peers::graphblas_connected_components(directed); }, "undirected");
  GraphBlasGraph g(matrix<bool>(4, kUndirected), Kind::Undirected);
  expect_refusal([&] { peers::graphblas_triangle_count(g); }, "cache_out_degree()");
  g.cache_out_degree();
  EXPECT_EQ(peers::graphblas_triangle_count(g).triangles, 1u);
  EXPECT_EQ(peers::graphblas_connected_components(g).component,
            (std::vector<std::uint64_t>{0, 0, 0, 0}));
}

TEST_F(GraphBlasGraphTest, CdlpAndLccNeedTheTransposeOfADirectedGraph) {
  GraphBlasGraph g(matrix<bool>(4, kDirected), Kind::Directed);
  expect_refusal([&] { peers::graphblas_cdlp(g, 1); }, "cache_transpose()");
  expect_refusal([&] { peers::graphblas_lcc(g); }, "cache_transpose()");
  g.cache_transpose();
  // Round 1 counts in- and out-neighbours: 0 sees {1, 2, 2}, 1 sees {2, 0}, 2 sees {0, 0, 1, 3}.
  EXPECT_EQ(peers::graphblas_cdlp(g, 1).label, (std::vector<std::uint64_t>{2, 0, 0, 2}));
  // N(0) = {1, 2} with 1 -> 2; N(1) = {0, 2} with both arcs; N(2) = {0, 1, 3} with 0 -> 1.
  EXPECT_EQ(peers::graphblas_lcc(g).lcc, (std::vector<double>{0.5, 1.0, 1.0 / 6, 0.0}));
  const GraphBlasGraph u(matrix<bool>(4, kUndirected), Kind::Undirected);
  EXPECT_EQ(peers::graphblas_cdlp(u, 1).label, (std::vector<std::uint64_t>{1, 0, 0, 2}));
  EXPECT_EQ(peers::graphblas_lcc(u).lcc, (std::vector<double>{1.0, 1.0, 1.0 / 3, 0.0}));
}

TEST_F(GraphBlasGraphTest, SsspNeedsTheSmallestWeight) {
  GraphBlasGraph g(matrix<double>(4, kDirected), Kind::Directed);
  expect_refusal([&] { peers::graphblas_sssp(g, 0, 1.0); }, "cache_min_weight()");
  g.cache_min_weight();
  const double inf = std::numeric_limits<double>::infinity();
  // Weights 1 + the arc's index: 0 -> 1 (1), 0 -> 2 (2), 1 -> 2 (3).
  EXPECT_EQ(peers::graphblas_sssp(g, 0, 1.0).distance, (std::vector<double>{0, 1, 2, inf}));
}

TEST_F(GraphBlasGraphTest, KnnReadsInAndOutNeighbourhoodsAndTheSymmetrizedGraph) {
  GraphBlasGraph g(matrix<bool>(4, kDirected), Kind::Directed);
  peers::GraphBlasSimilarityOptions o;
  o.measure = peers::GraphBlasSimilarity::CommonNeighbors;
  o.include_neighbors = true;
  expect_refusal([&] { peers::graphblas_similarity_knn(g, nullptr, o); }, "cache_transpose()");
  g.cache_transpose();
  g.cache_out_degree();
  g.cache_in_degree();
  // Out: N(0) = {1, 2} and N(1) = N(3) = {2}, so 0 shares one neighbour with 1 and with 3.
  const std::vector<std::uint32_t> zero{0};
  EXPECT_EQ(peers::graphblas_similarity_knn(g, &zero, o).ids, (std::vector<std::uint32_t>{1, 3}));
  // In: N(2) = {0, 1, 3} and N(1) = {0}: 2 shares vertex 0 with 1, and nothing else.
  o.neighborhood = peers::GraphBlasNeighborhood::In;
  const std::vector<std::uint32_t> two{2};
  EXPECT_EQ(peers::graphblas_similarity_knn(g, &two, o).ids, (std::vector<std::uint32_t>{1}));
  o.neighborhood = peers::GraphBlasNeighborhood::Both;
  expect_refusal([&] { peers::graphblas_similarity_knn(g, nullptr, o); }, "symmetrized");
  GraphBlasGraph both = GraphBlasGraph::symmetrized(matrix<bool>(4, kDirected));
  EXPECT_EQ(both.kind(), Kind::Undirected);
  both.cache_out_degree();
  // Both: N(3) = {2} and N(1) = {0, 2}, N(0) = {1, 2}: 3 shares vertex 2 with 0 and 1.
  const std::vector<std::uint32_t> three{3};
  EXPECT_EQ(peers::graphblas_similarity_knn(both, &three, o).ids,
            (std::vector<std::uint32_t>{0, 1}));
}

}  // namespace
}  // namespace spgraph::testing
