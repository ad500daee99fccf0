// SPDX-License-Identifier: Apache-2.0
// BFS against references on generated graphs: the serial queue oracle and Boost.Graph's
// breadth_first_search (tests/oracle/bfs_oracle.hpp, boost/graph/breadth_first_search.hpp).
// Graphs are uniform random, Kronecker (Graph500) and 2-D grids, directed and undirected, each
// with a fixed seed that is part of the test name; every method and option variant must give
// exactly the reference levels and a valid parent tree.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <tuple>
#include <vector>

#include "formats/dcsr/dcsr.hpp"
#include "loaders/generators.hpp"
#include "tests/unit/algorithms/bfs/bfs_test_support.hpp"

namespace spgraph::testing {
namespace {

struct GeneratedGraph {
  std::string name;  ///< includes the seed, so a failure names its graph
  std::function<Coo<bool>()> generate;
};

/// Prints a graph case by name (its seed included) in GoogleTest output.
void PrintTo(const GeneratedGraph& g, std::ostream* os) {
  *os << g.name;
}

std::vector<GeneratedGraph> generated_graphs() {
  std::vector<GeneratedGraph> graphs;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const std::string s = "_seed" + std::to_string(seed);
    graphs.push_back({"uniform_sparse_directed" + s,
                      [seed] { return generate_uniform(300, 450, seed, false); }});
    graphs.push_back({"uniform_sparse_undirected" + s,
                      [seed] { return generate_uniform(400, 300, seed, true); }});
    graphs.push_back({"uniform_dense_directed" + s,
                      [seed] { return generate_uniform(200, 4000, seed, false); }});
    graphs.push_back({"kronecker_scale8_ef8_directed" + s,
                      [seed] { return generate_kronecker(8, 8, seed, false); }});
    graphs.push_back({"kronecker_scale10_ef16_undirected" + s,
                      [seed] { return generate_kronecker(10, 16, seed, true); }});
  }
  graphs.push_back({"grid_1x50", [] { return generate_grid2d(1, 50); }});
  graphs.push_back({"grid_37x23", [] { return generate_grid2d(37, 23); }});
  return graphs;
}

class BfsOracleTest : public ::testing::TestWithParam<std::tuple<GeneratedGraph, BfsMethod>> {};

TEST_P(BfsOracleTest, LevelsMatchBoostAndSerialOracleAndParentsAreValid) {
  const auto& [graph, method] = GetParam();
  SCOPED_TRACE("graph " + graph.name + " (the seed is in the name)");
  Coo<bool> tuples = graph.generate();
  const Matrix<bool> a = Matrix<bool>::from_coo(Coo<bool>(tuples));
  const bool symmetric = is_symmetric(a);
  const Vertex sources[] = {0, a.nrows() / 2, a.nrows() - 1, max_degree_vertex(a)};
  for (Vertex s : sources)
    expect_method_matches(a, s, reference_levels(a, tuples, s), method, symmetric);
}

INSTANTIATE_TEST_SUITE_P(Generated, BfsOracleTest,
                         ::testing::Combine(::testing::ValuesIn(generated_graphs()),
                                            ::testing::ValuesIn(kAllMethods)),
                         [](const auto& info) {
                           return std::get<0>(info.param).name + "_" +
                                  method_name(std::get<1>(info.param));
                         });

TEST(BfsGrid, LevelsAreManhattanDistancesFromACorner) {
  const Vertex rows = 60, cols = 45;
  const Matrix<bool> a = Matrix<bool>::from_coo(generate_grid2d(rows, cols));
  std::vector<std::int64_t> expected(std::size_t(rows) * cols);
  for (Vertex r = 0; r < rows; ++r)
    for (Vertex c = 0; c < cols; ++c) expected[r * cols + c] = r + c;
  expect_all_methods_match(a, 0, expected, true);
}

TEST(BfsDirection, AutoUsesBothDirectionsAndForcedMethodsUseOne) {
  const Matrix<bool> a = Matrix<bool>::from_coo(generate_kronecker(10, 16, 1, true));
  const Vertex hub = max_degree_vertex(a);
  BfsOptions options;
  const BfsResult auto_run = bfs(a, hub, options);
  EXPECT_GT(auto_run.push_steps, 0);
  EXPECT_GT(auto_run.pull_steps, 0) << "a Kronecker hub's second frontier should trigger pull";
  options.method = BfsMethod::Push;
  EXPECT_EQ(bfs(a, hub, options).pull_steps, 0);
  options.method = BfsMethod::Pull;
  EXPECT_EQ(bfs(a, hub, options).push_steps, 0);
}

// Serial push levels bound the frontier's out-edges by frontier size × the longest row instead
// of reading every found vertex's degree (bfs_kernel.hpp). The bound may only skip work: every
// direction and parallelism decision must be the exact rule's. The Dynamic CSR path knows no
// bound and sums the degrees exactly, so over the same undirected graph both paths must take
// the same push and pull steps, from every kind of source, and reach the same levels.
TEST(BfsDirection, TheDegreeBoundChangesNoDirectionDecision) {
  std::vector<std::pair<std::string, Coo<bool>>> graphs;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    graphs.emplace_back("kronecker_scale12_ef16_seed" + std::to_string(seed),
                        generate_kronecker(12, 16, seed, true));
    graphs.emplace_back("uniform_2000_3000_seed" + std::to_string(seed),
                        generate_uniform(2000, 3000, seed, true));
  }
  graphs.emplace_back("grid_120x80", generate_grid2d(120, 80));
  graphs.emplace_back("grid3d_20x20x20", generate_grid3d(20, 20, 20));
  int switched = 0;
  for (auto& [name, tuples] : graphs) {
    SCOPED_TRACE(name);
    const Matrix<bool> a = Matrix<bool>::from_coo(std::move(tuples));
    ASSERT_TRUE(a.structure_symmetric());
    const Dcsr<bool> dynamic = Dcsr<bool>::from_csr(a.csr());
    BfsOptions options;
    options.undirected = true;
    for (Vertex s : {Vertex(0), a.nrows() / 3, a.nrows() - 1, max_degree_vertex(a)}) {
      SCOPED_TRACE("source " + std::to_string(s));
      const BfsResult bounded = bfs(a, s, options);
      const BfsResult exact = bfs(dynamic.view(), s, options);
      EXPECT_EQ(bounded.push_steps, exact.push_steps);
      EXPECT_EQ(bounded.pull_steps, exact.pull_steps);
      EXPECT_EQ(bounded.level, exact.level);
      switched += bounded.pull_steps > 0;
    }
  }
  EXPECT_GT(switched, 0) << "no search switched to pull: the comparison tested nothing";
}

TEST(MatrixProperties, TheLongestRowIsCachedUntilTheMatrixChanges) {
  Matrix<bool> a = Matrix<bool>::build_pattern(4, 4, std::vector<Vertex>{0, 2, 2, 2},
                                               std::vector<Vertex>{1, 0, 1, 3});
  EXPECT_EQ(a.max_row_length(), 3u);
  a.assign(Matrix<bool>::build_pattern(4, 4, std::vector<Vertex>{1}, std::vector<Vertex>{2}).csr());
  EXPECT_EQ(a.max_row_length(), 1u);
  EXPECT_EQ(Matrix<bool>(0, 0, true).max_row_length(), 0u);
}

TEST(BfsOracle, BoostReferenceIsAvailable) {
#ifndef SPGRAPH_HAVE_BOOST
  GTEST_SKIP() << "built without Boost.Graph: levels were checked against the serial oracle only";
#endif
}

}  // namespace
}  // namespace spgraph::testing
