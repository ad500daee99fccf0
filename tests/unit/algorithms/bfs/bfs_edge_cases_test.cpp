// SPDX-License-Identifier: Apache-2.0
// BFS on degenerate and extreme inputs (single vertex, self-loops, isolated vertices, duplicate
// arcs, a 100k-leaf star, a 10^5-level path, valued matrices), its argument errors, the
// levels-only and parents-only options, and bfs_batch against repeated bfs. Expected answers
// are written out by hand or come from the serial oracle (tests/oracle/bfs_oracle.hpp).
#include <gtest/gtest.h>

#include <cstdlib>
#include <numeric>
#include <tuple>
#include <vector>

#include "engine/core/error.hpp"
#include "loaders/generators.hpp"
#include "tests/unit/algorithms/bfs/bfs_test_support.hpp"

namespace spgraph::testing {
namespace {

/// A pattern matrix with the arcs (u[k], v[k]).
Matrix<bool> graph_of(Vertex n, const std::vector<Vertex>& u, const std::vector<Vertex>& v) {
  return Matrix<bool>::build_pattern(n, n, u, v);
}

/// A pattern matrix with arcs u -> v and v -> u for every listed pair.
Matrix<bool> undirected_graph_of(Vertex n, const std::vector<Vertex>& u,
                                 const std::vector<Vertex>& v) {
  std::vector<Vertex> rows(u), cols(v);
  rows.insert(rows.end(), v.begin(), v.end());
  cols.insert(cols.end(), u.begin(), u.end());
  return graph_of(n, rows, cols);
}

// An undirected graph stored with both arcs but not declared undirected: the pull steps read A
// itself once its symmetric structure is found (no transpose is built), with the same levels
// as a declared undirected run; a directed graph still gets its transpose.
TEST(BfsSymmetry, ASymmetricStructureIsPulledThroughItsOwnRows) {
  const Matrix<bool> a = Matrix<bool>::from_coo(generate_kronecker(10, 8, 5, true));
  ASSERT_TRUE(a.structure_symmetric());
  const Matrix<bool> fresh = a;  // a copy starts with no cached transpose or symmetry
  BfsOptions pull;
  pull.method = BfsMethod::Pull;
  BfsOptions declared = pull;
  declared.undirected = true;
  const BfsResult got = bfs(fresh, 1, pull);
  EXPECT_FALSE(fresh.has_cached_transpose());
  EXPECT_TRUE(fresh.has_cached_structure_symmetry());
  EXPECT_EQ(got.level, bfs(a, 1, declared).level);
  EXPECT_GT(got.pull_steps, 0);
  const Matrix<bool> directed = graph_of(4, {0, 1, 2}, {1, 2, 3});
  const BfsResult d = bfs(directed, 0, pull);
  EXPECT_TRUE(directed.has_cached_transpose());
  EXPECT_EQ(d.level, (std::vector<Vertex>{0, 1, 2, 3}));
}

class BfsEdgeCaseTest : public ::testing::TestWithParam<BfsMethod> {
 protected:
  /// Checks every option variant of this test's method against the expected levels.
  template <class T>
  void expect_levels(const Matrix<T>& a, Vertex source, const std::vector<std::int64_t>& expected,
                     bool symmetric) {
    expect_method_matches(a, source, expected, GetParam(), symmetric);
  }
  BfsOptions options() const {
    BfsOptions o;
    o.method = GetParam();
    return o;
  }
};

TEST_P(BfsEdgeCaseTest, SingleVertexWithoutEdgesReachesOnlyItself) {
  const Matrix<bool> a(1, 1, true);
  const BfsResult r = bfs(a, 0, options());
  EXPECT_EQ(r.level, std::vector<Vertex>{0});
  EXPECT_EQ(r.parent, std::vector<Vertex>{0});
  EXPECT_EQ(r.reached, 1u);
  EXPECT_EQ(r.depth, 0u);
}

TEST_P(BfsEdgeCaseTest, SelfLoopsOnlyReachNothingElse) {
  const Matrix<bool> a = graph_of(5, {0, 1, 2, 3, 4}, {0, 1, 2, 3, 4});
  expect_levels(a, 2, {-1, -1, 0, -1, -1}, true);
}

TEST_P(BfsEdgeCaseTest, IsolatedVerticesStayUnreached) {
  const Matrix<bool> a = undirected_graph_of(7, {1, 2, 2}, {2, 4, 5});
  expect_levels(a, 1, {-1, 0, 1, -1, 2, 2, -1}, true);
}

TEST_P(BfsEdgeCaseTest, DuplicateArcsGiveTheSameTreeAsSingleArcs) {
  const Matrix<bool> a = graph_of(4, {0, 0, 0, 1, 1, 2, 2, 0}, {1, 1, 2, 3, 3, 3, 3, 1});
  EXPECT_EQ(a.nvals(), 4u);
  expect_levels(a, 0, {0, 1, 1, 2}, false);
}

TEST_P(BfsEdgeCaseTest, DirectedArcsAreFollowedForwardOnly) {
  const Matrix<bool> a = graph_of(4, {1, 2, 3}, {0, 1, 2});  // 3 -> 2 -> 1 -> 0
  expect_levels(a, 1, {1, 0, -1, -1}, false);
  expect_levels(a, 3, {3, 2, 1, 0}, false);
}

TEST_P(BfsEdgeCaseTest, StarWith100kLeavesFromHubAndFromLeaf) {
  const Vertex leaves = 100000;
  std::vector<Vertex> hub(leaves, 0), leaf(leaves);
  std::iota(leaf.begin(), leaf.end(), Vertex(1));
  const Matrix<bool> a = undirected_graph_of(leaves + 1, hub, leaf);
  std::vector<std::int64_t> from_hub(leaves + 1, 1);
  from_hub[0] = 0;
  expect_levels(a, 0, from_hub, true);
  std::vector<std::int64_t> from_leaf(leaves + 1, 2);
  from_leaf[0] = 1;
  from_leaf[leaves / 2] = 0;
  expect_levels(a, leaves / 2, from_leaf, true);
}

/// Pull alone scans every unvisited vertex at each level, so a path costs it O(n^2); its path
/// is shorter to keep the test fast. Push and Auto walk the full 10^5 levels.
Vertex path_length(BfsMethod method) {
  return method == BfsMethod::Pull ? 3000 : 100000;
}

TEST_P(BfsEdgeCaseTest, LongDirectedPathHasOneLevelPerVertex) {
  const Vertex n = path_length(GetParam());
  std::vector<Vertex> u(n - 1), v(n - 1);
  std::iota(u.begin(), u.end(), Vertex(0));
  std::iota(v.begin(), v.end(), Vertex(1));
  const Matrix<bool> a = graph_of(n, u, v);
  std::vector<std::int64_t> expected(n);
  std::iota(expected.begin(), expected.end(), std::int64_t(0));
  expect_levels(a, 0, expected, false);
}

TEST_P(BfsEdgeCaseTest, LongUndirectedPathFromTheMiddle) {
  const Vertex n = path_length(GetParam());
  std::vector<Vertex> u(n - 1), v(n - 1);
  std::iota(u.begin(), u.end(), Vertex(0));
  std::iota(v.begin(), v.end(), Vertex(1));
  const Matrix<bool> a = undirected_graph_of(n, u, v);
  std::vector<std::int64_t> expected(n);
  for (Vertex i = 0; i < n; ++i) expected[i] = std::abs(std::int64_t(i) - std::int64_t(n / 2));
  expect_levels(a, n / 2, expected, true);
}

TEST_P(BfsEdgeCaseTest, ValuesAreIgnoredEvenZeros) {
  const std::vector<Vertex> u = {0, 1, 2}, v = {1, 2, 3};
  const std::vector<std::int32_t> zeros = {0, 0, 0};
  const Matrix<std::int32_t> a = Matrix<std::int32_t>::build(4, 4, u, v, zeros);
  expect_levels(a, 0, {0, 1, 2, 3}, false);
}

TEST_P(BfsEdgeCaseTest, SourceOutOfRangeThrowsIndexOutOfBounds) {
  const Matrix<bool> a = graph_of(3, {0, 1}, {1, 2});
  EXPECT_THROW(bfs(a, 3, options()), IndexOutOfBounds);
  EXPECT_THROW(bfs(a, kNoVertex, options()), IndexOutOfBounds);
  EXPECT_THROW(bfs(Matrix<bool>(), 0, options()), IndexOutOfBounds);
  const std::vector<Vertex> sources = {0, 7};
  EXPECT_THROW(bfs_batch(a, std::span<const Vertex>(sources), options()), IndexOutOfBounds);
}

TEST_P(BfsEdgeCaseTest, NonSquareMatrixThrowsDimensionMismatch) {
  const std::vector<Vertex> u = {0, 1}, v = {1, 2};
  const Matrix<bool> a = Matrix<bool>::build_pattern(2, 3, u, v);
  EXPECT_THROW(bfs(a, 0, options()), DimensionMismatch);
}

TEST_P(BfsEdgeCaseTest, LevelsOnlyLeavesParentsEmpty) {
  const Matrix<bool> a = Matrix<bool>::from_coo(generate_kronecker(9, 8, 11, true));
  BfsOptions o = options();
  o.parents = false;
  const Vertex s = max_degree_vertex(a);
  const BfsResult r = bfs(a, s, o);
  const std::vector<std::int64_t> expected = oracle::bfs_levels(a.csr(), s);
  EXPECT_TRUE(r.parent.empty());
  EXPECT_EQ(signed_copy(r.level), expected);
  expect_summary(expected, r);
}

TEST_P(BfsEdgeCaseTest, ParentsOnlyLeavesLevelsEmptyAndTreeValid) {
  const Matrix<bool> a = Matrix<bool>::from_coo(generate_kronecker(9, 8, 12, false));
  BfsOptions o = options();
  o.levels = false;
  const Vertex s = max_degree_vertex(a);
  const BfsResult r = bfs(a, s, o);
  const std::vector<std::int64_t> expected = oracle::bfs_levels(a.csr(), s);
  EXPECT_TRUE(r.level.empty());
  expect_valid_parents(a, s, expected, r.parent);
  expect_summary(expected, r);
}

// Neither array asked for (the server's and `stream`'s bfs query): the counts alone, still
// exact, and no O(n) array in the result.
TEST_P(BfsEdgeCaseTest, CountsOnlyWritesNoArray) {
  const Matrix<bool> a = Matrix<bool>::from_coo(generate_kronecker(9, 8, 14, false));
  BfsOptions o = options();
  o.levels = o.parents = false;
  const Vertex s = max_degree_vertex(a);
  const BfsResult r = bfs(a, s, o);
  EXPECT_TRUE(r.level.empty());
  EXPECT_TRUE(r.parent.empty());
  expect_summary(oracle::bfs_levels(a.csr(), s), r);
}

TEST_P(BfsEdgeCaseTest, BatchEqualsRepeatedSingleSourceRuns) {
  const Matrix<bool> a = Matrix<bool>::from_coo(generate_kronecker(9, 4, 13, false));
  const std::vector<Vertex> sources = {0, max_degree_vertex(a), 17, 0, a.nrows() - 1};
  const std::vector<BfsResult> batch = bfs_batch(a, std::span<const Vertex>(sources), options());
  ASSERT_EQ(batch.size(), sources.size());
  for (std::size_t k = 0; k < sources.size(); ++k) {
    SCOPED_TRACE("batch entry " + std::to_string(k) + ", source " + std::to_string(sources[k]));
    const BfsResult single = bfs(a, sources[k], options());
    EXPECT_EQ(batch[k].level, single.level);
    EXPECT_EQ(batch[k].reached, single.reached);
    EXPECT_EQ(batch[k].depth, single.depth);
    expect_bfs_result(a, sources[k], oracle::bfs_levels(a.csr(), sources[k]), batch[k]);
  }
}

TEST_P(BfsEdgeCaseTest, EmptyBatchReturnsNoResults) {
  const Matrix<bool> a = graph_of(3, {0}, {1});
  EXPECT_TRUE(bfs_batch(a, std::span<const Vertex>(), options()).empty());
}

// The verifier every BFS test and `spgraph compare bfs` rely on must reject each kind of bad
// tree, or the tests above could not fail on a wrong parent.
TEST(BfsVerifier, AcceptsAValidTreeAndNamesEachKindOfBadOne) {
  // 0 -> 1 -> 2, 0 -> 2, 3 isolated.
  const Matrix<bool> a = graph_of(4, {0, 1, 0}, {1, 2, 2});
  const std::vector<std::int64_t> level = {0, 1, 1, -1};
  EXPECT_EQ(check_bfs_tree(a.csr(), 0, level, {0, 0, 0, -1}), "");
  EXPECT_NE(check_bfs_tree(a.csr(), 0, level, {0, 0, 1, -1}), "");  // parent not one level up
  using L = std::vector<std::int64_t>;
  EXPECT_NE(check_bfs_tree(a.csr(), 0, L{0, 1, 2, -1}, {0, 0, 3, -1}), "");  // parent unreached
  EXPECT_NE(check_bfs_tree(a.csr(), 0, level, {0, 0, 0, 0}), "");   // unreached with a parent
  EXPECT_NE(check_bfs_tree(a.csr(), 0, level, {1, 0, 0, -1}), "");  // source not its own root
  EXPECT_NE(check_bfs_tree(a.csr(), 0, level, {0, 0, 9, -1}), "");  // parent out of range
  EXPECT_NE(check_bfs_tree(a.csr(), 0, L{0, 1, 1, 1}, {0, 0, 0, 2}), "");  // no arc 2 -> 3
  EXPECT_NE(check_bfs_tree(a.csr(), 0, level, {0, 0, 0}), "");             // wrong size
  EXPECT_NE(check_bfs_tree(a.csr(), 7, level, {0, 0, 0, -1}), "");         // source not a vertex
  // spgraph's own 32-bit arrays, kUnreached as the mark.
  const std::vector<Vertex> level32 = {0, 1, 1, kUnreached};
  EXPECT_EQ(check_bfs_tree(a.csr(), 0, level32, {0, 0, 0, kUnreached}), "");
  EXPECT_NE(check_bfs_tree(a.csr(), 0, level32, {0, 0, 0, 0}), "");  // unreached with a parent
  EXPECT_NE(check_bfs_tree(a.csr(), 0, level32, {0, 0, 9, kUnreached}), "");  // out of range
}

INSTANTIATE_TEST_SUITE_P(Methods, BfsEdgeCaseTest, ::testing::ValuesIn(kAllMethods),
                         [](const auto& info) { return method_name(info.param); });

}  // namespace
}  // namespace spgraph::testing
