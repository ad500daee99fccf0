// SPDX-License-Identifier: Apache-2.0
// METIS .graph reader: small handwritten graphs, fmt variants, and the real meshes.
#include <gtest/gtest.h>

#include "loaders/load.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/loaders/loader_test_util.hpp"

namespace spgraph::testing {
namespace {

TEST(Metis, TriangleWithIsolatedVertexAndComments) {
  TempDir tmp;
  const LoadedMatrix m = load_matrix(
      tmp.write("t.graph", "% a triangle and an isolated vertex\n4 3\n2 3\n1 3\n% c\n1 2\n\n"));
  EXPECT_EQ(m.info.format, FileFormat::Metis);
  EXPECT_TRUE(m.info.symmetric_storage);
  EXPECT_EQ(nrows_of(m.matrix), 4u);
  EXPECT_EQ(tuples_of(m.matrix),
            (Tuples{{0, 1, 1}, {0, 2, 1}, {1, 0, 1}, {1, 2, 1}, {2, 0, 1}, {2, 1, 1}}));
}

TEST(Metis, EdgeAndVertexWeights) {
  TempDir tmp;
  // fmt 011: one vertex weight first, then (neighbour, weight) pairs.
  const LoadedMatrix m = load_matrix(tmp.write("w.graph", "2 1 011\n7 2 5\n8 1 5\n"));
  ASSERT_EQ(value_type_of(m.matrix), ValueType::Int64);
  EXPECT_EQ(tuples_of(m.matrix), (Tuples{{0, 1, 5}, {1, 0, 5}}));
  // fmt 10 with ncon 2: two vertex weights, no edge weights.
  const LoadedMatrix v = load_matrix(tmp.write("v.graph", "2 1 10 2\n1 1 2\n3 4 1\n"));
  EXPECT_EQ(value_type_of(v.matrix), ValueType::Pattern);
  EXPECT_EQ(nvals_of(v.matrix), 2u);
}

TEST(Metis, LesMisWeighted) {
  const LoadedMatrix m = load_matrix(test_data("lesmis.graph").string());
  EXPECT_EQ(nrows_of(m.matrix), 77u);
  EXPECT_EQ(nvals_of(m.matrix), 2 * 254u);
  const auto& a = std::get<Matrix<std::int64_t>>(m.matrix);
  EXPECT_EQ(a.get(0, 1), 1);  // first line "2 1 ..."
  EXPECT_EQ(a.get(0, 9), 1);
  EXPECT_EQ(a.get(0, 11), 5);  // "... 12 5"
}

TEST(Metis, FourEltShape) {
  SPGRAPH_REQUIRE_SHARED(p, "metis/4elt.graph");
  const LoadedMatrix m = load_matrix(p.string());
  EXPECT_EQ(nrows_of(m.matrix), 15606u);
  EXPECT_EQ(nvals_of(m.matrix), 2 * 45878u);
  EXPECT_EQ(value_type_of(m.matrix), ValueType::Pattern);
}

TEST(Metis, NetworkitGraphsMatchManifest) {
  SPGRAPH_REQUIRE_SHARED(dir, "networkit");
  const std::vector<std::tuple<std::string, Vertex, Offset>> cases = {
      {"PGPgiantcompo.graph", 10680, 24316},
      {"power.graph", 4941, 6594},
      {"jazz.graph", 198, 2742},
      {"karate.graph", 34, 78},
      {"airfoil1.graph", 4253, 12289},
      {"wing.graph", 62032, 121544},
      {"fe_4elt2.graph", 11143, 32818}};
  for (const auto& [file, n, edges] : cases) {
    SCOPED_TRACE(file);
    const LoadedMatrix m = load_matrix((dir / file).string());
    EXPECT_EQ(nrows_of(m.matrix), n);
    EXPECT_EQ(nvals_of(m.matrix), 2 * edges);
  }
}

TEST(Metis, CopterGzipShape) {
  SPGRAPH_REQUIRE_SHARED(p, "metis/copter2.graph.gz");
  const LoadedMatrix m = load_matrix(p.string());
  EXPECT_EQ(nrows_of(m.matrix), 55476u);
  EXPECT_EQ(nvals_of(m.matrix), 2 * 352238u);
}

}  // namespace
}  // namespace spgraph::testing
