// SPDX-License-Identifier: Apache-2.0
// BFS against published answers: LDBC Graphalytics' BFS validation graphs (exact levels,
// ldbc/ldbc_graphalytics graphalytics-validation), LAGraph's karate levels from source 30
// (LAGraph src/test/test_BreadthFirstSearch.c) and degrees, and, when ../shared/data is
// present, real graphs checked against the serial oracle and Boost.Graph. Copies of the small
// files live in tests/data/ldbc and tests/data/lagraph (origins in their README.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "loaders/load.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/algorithms/bfs/bfs_test_support.hpp"
#include "tests/unit/algorithms/ldbc_reference.hpp"

namespace spgraph::testing {
namespace {

/// An LDBC BFS case: a graph with dense ids and the expected level of every dense vertex.
struct LdbcBfsGraph {
  Coo<bool> tuples;
  Matrix<bool> graph;
  Vertex source = 0;
  std::vector<std::int64_t> expected;
};

/// Loads an LDBC BFS case: the adjacency-list graph (tests/unit/algorithms/ldbc_reference.hpp)
/// and its "vertex level" output; every vertex the output names is a vertex.
LdbcBfsGraph load_ldbc_case(const std::string& input, const std::string& vertices,
                            const std::string& output, std::int64_t external_source) {
  LdbcGraph g = load_ldbc_graph(input, vertices, {output});
  LdbcBfsGraph c;
  c.tuples = std::move(g.tuples);
  c.graph = std::move(g.graph);
  c.source = g.dense.at(external_source);
  c.expected.assign(c.graph.nrows(), -2);
  for (const auto& row : read_rows(test_data(output))) {
    const std::int64_t level = std::stoll(row.at(1));
    c.expected[g.dense.at(std::stoll(row[0]))] =
        level == std::numeric_limits<std::int64_t>::max() ? -1 : level;
  }
  return c;
}

struct LdbcBfsCase {
  std::string name;
  std::string input, vertices, output;
  std::int64_t source;
  bool undirected;
};

/// Prints an LDBC case by name in GoogleTest output.
void PrintTo(const LdbcBfsCase& c, std::ostream* os) {
  *os << c.name;
}

class LdbcBfsTest : public ::testing::TestWithParam<std::tuple<LdbcBfsCase, BfsMethod>> {};

TEST_P(LdbcBfsTest, LevelsEqualGraphalyticsOutput) {
  const auto& [spec, method] = GetParam();
  const LdbcBfsGraph c = load_ldbc_case(spec.input, spec.vertices, spec.output, spec.source);
  ASSERT_EQ(std::count(c.expected.begin(), c.expected.end(), -2), 0)
      << "the output file does not list every vertex of " << spec.input;
  EXPECT_EQ(is_symmetric(c.graph), spec.undirected);
  EXPECT_EQ(reference_levels(c.graph, c.tuples, c.source), c.expected);
  expect_method_matches(c.graph, c.source, c.expected, method, spec.undirected);
}

const LdbcBfsCase kLdbcCases[] = {
    {"bfs_dir", "ldbc/bfs/dir-input", "", "ldbc/bfs/dir-output", 1, false},
    {"bfs_undir", "ldbc/bfs/undir-input", "", "ldbc/bfs/undir-output", 1, true},
    {"example_directed", "ldbc/example/example-directed-input", "ldbc/example/example-directed.v",
     "ldbc/example/example-directed-BFS", 1, false},
    {"example_undirected", "ldbc/example/example-undirected-input",
     "ldbc/example/example-undirected.v", "ldbc/example/example-undirected-BFS", 2, true},
};

INSTANTIATE_TEST_SUITE_P(Graphalytics, LdbcBfsTest,
                         ::testing::Combine(::testing::ValuesIn(kLdbcCases),
                                            ::testing::ValuesIn(kAllMethods)),
                         [](const auto& info) {
                           return std::get<0>(info.param).name + "_" +
                                  method_name(std::get<1>(info.param));
                         });

/// The karate graph from the repository copy of LAGraph's karate.mtx.
Matrix<bool> load_karate() {
  return load_graph(test_data("lagraph/karate.mtx").string());
}

TEST(BfsKarate, GraphHasLagraphDegrees) {
  const Matrix<bool> a = load_karate();
  ASSERT_EQ(a.nrows(), 34u);
  ASSERT_EQ(a.nvals(), 156u);
  const auto rows = read_rows(test_data("lagraph/karate_degrees.tsv"));
  ASSERT_EQ(rows.size(), 35u);  // a header and 34 vertices
  for (std::size_t k = 1; k < rows.size(); ++k) {
    const Vertex v = Vertex(std::stoul(rows[k].at(1)));
    EXPECT_EQ(a.csr().degree(v), std::stoull(rows[k].at(2))) << "out-degree of " << v;
    EXPECT_EQ(a.transposed().degree(v), std::stoull(rows[k].at(3))) << "in-degree of " << v;
  }
}

class BfsKarateTest : public ::testing::TestWithParam<BfsMethod> {};

TEST_P(BfsKarateTest, LevelsFrom30EqualLagraph) {
  const Matrix<bool> a = load_karate();
  const auto rows = read_rows(test_data("lagraph/karate_bfs_levels_src30.tsv"));
  std::vector<std::int64_t> expected(a.nrows(), -2);
  for (std::size_t k = 1; k < rows.size(); ++k)
    expected.at(std::stoul(rows[k].at(0))) = std::stoll(rows[k].at(1));
  expect_method_matches(a, 30, expected, GetParam(), true);
}

TEST_P(BfsKarateTest, EverySourceMatchesBoostAndSerialOracle) {
  const Matrix<bool> a = load_karate();
  const Coo<bool> tuples = tuples_of(a);
  for (Vertex s = 0; s < a.nrows(); ++s)
    expect_method_matches(a, s, reference_levels(a, tuples, s), GetParam(), true);
}

INSTANTIATE_TEST_SUITE_P(Methods, BfsKarateTest, ::testing::ValuesIn(kAllMethods),
                         [](const auto& info) { return method_name(info.param); });

class SharedGraphBfsTest : public ::testing::TestWithParam<std::tuple<const char*, BfsMethod>> {};

TEST_P(SharedGraphBfsTest, LevelsMatchBoostAndSerialOracle) {
  const auto& [rel, method] = GetParam();
  SPGRAPH_REQUIRE_SHARED(path, rel);
  const Matrix<bool> a = load_graph(path.string());
  ASSERT_EQ(a.nrows(), a.ncols());
  const Coo<bool> tuples = tuples_of(a);
  const bool symmetric = is_symmetric(a);
  for (Vertex s : {Vertex(0), a.nrows() / 3, max_degree_vertex(a)})
    expect_method_matches(a, s, reference_levels(a, tuples, s), method, symmetric);
}

const char* const kSharedGraphs[] = {
    "lagraph/west0067.mtx",  "lagraph/cryg2500.mtx", "lagraph/jagmesh7.mtx",
    "lagraph/LFAT5_two.mtx", "lagraph/zenios.mtx",   "lagraph/olm1000.mtx",
    "lagraph/msf2.mtx",      "lagraph/sample.mtx",   "road/luxembourg_osm.mtx",
};

INSTANTIATE_TEST_SUITE_P(SharedData, SharedGraphBfsTest,
                         ::testing::Combine(::testing::ValuesIn(kSharedGraphs),
                                            ::testing::ValuesIn(kAllMethods)),
                         [](const auto& info) {
                           std::string name = std::get<0>(info.param);
                           for (char& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name + "_" + method_name(std::get<1>(info.param));
                         });

}  // namespace
}  // namespace spgraph::testing
