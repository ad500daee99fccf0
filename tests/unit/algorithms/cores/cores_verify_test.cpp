// SPDX-License-Identifier: Apache-2.0
// The cores verifier (algorithms/cores/cores_verify.hpp) on real and perturbed answers: the
// serial peels accept right core and truss numbers and name the first wrong vertex or edge, the
// comparisons name the first difference through the namer, and a wrong edge list is refused.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "algorithms/cores/cores.hpp"
#include "algorithms/cores/cores_verify.hpp"
#include "algorithms/triangles/triangles.hpp"
#include "tests/unit/algorithms/random_graphs.hpp"

namespace spgraph::testing {
namespace {

std::string named(Vertex v) {
  std::string name(1, 'v');  // appends: GCC 12 misreports "v" + string (-Wrestrict)
  return name.append(std::to_string(v));
}

TEST(CoresVerify, CoreNumbersRightAndPerturbed) {
  const Matrix<bool> g = simple_undirected_pattern(random_pattern_graph(300, 2000, 4, true, 5));
  std::vector<Vertex> core = kcore(g).core;
  EXPECT_EQ(check_core_numbers(g.csr(), core), "");
  core[17] += 1;
  EXPECT_EQ(check_core_numbers(g.csr(), core, named).rfind("vertex v17 has core number", 0), 0u)
      << check_core_numbers(g.csr(), core, named);
  core[17] -= 1;
  core[3] = core[3] == 0 ? 1 : core[3] - 1;
  EXPECT_NE(check_core_numbers(g.csr(), core), "");
  core.pop_back();
  EXPECT_NE(check_core_numbers(g.csr(), core), "");
}

TEST(CoresVerify, SameCoreNumbersNamesTheFirstDifference) {
  const std::vector<Vertex> a{1, 2, 3, 3};
  const std::vector<long long> b{1, 2, 4, 3};
  EXPECT_EQ(check_same_core_numbers(a, std::vector<long long>{1, 2, 3, 3}), "");
  EXPECT_EQ(check_same_core_numbers(a, b, named, {"spgraph", "igraph"}),
            "vertex v2 has core number 3 in spgraph but 4 in igraph");
  EXPECT_NE(check_same_core_numbers(a, std::vector<int>{1}), "");
}

TEST(CoresVerify, TrussNumbersRightAndPerturbed) {
  const Matrix<bool> g = simple_undirected_pattern(random_pattern_graph(120, 1500, 9, true));
  const KtrussResult r = ktruss(g);
  ASSERT_GT(r.max_truss, 3u);
  EXPECT_EQ(check_truss_numbers(g.csr(), r.edges.csr(), r.truss), "");
  std::vector<Vertex> wrong = r.truss;
  wrong[5] += 1;
  const std::string why = check_truss_numbers(g.csr(), r.edges.csr(), wrong, named);
  EXPECT_NE(why.find("has truss number"), std::string::npos) << why;
  EXPECT_EQ(why.rfind("edge {v", 0), 0u) << why;
  // An edge list that is not the graph's upper triangle.
  const KtrussResult other = ktruss(random_pattern_graph(120, 1500, 10, true));
  EXPECT_NE(check_truss_numbers(g.csr(), other.edges.csr(), other.truss), "");
}

TEST(CoresVerify, SameTrussNumbersNamesTheEdge) {
  const Matrix<bool> g = simple_undirected_pattern(random_pattern_graph(30, 120, 2, true));
  const KtrussResult r = ktruss(g);
  std::vector<Vertex> other = r.truss;
  EXPECT_EQ(check_same_truss_numbers(r.edges.csr(), r.truss, other), "");
  other.back() += 3;
  const Csr<bool>& e = r.edges.csr();
  Vertex u = 0;
  while (e.row_end(u) < e.nnz()) ++u;
  EXPECT_EQ(check_same_truss_numbers(e, r.truss, other, named, {"spgraph", "igraph"}),
            "edge {v" + std::to_string(u) + ", v" + std::to_string(e.col.back()) +
                "} has truss number " + std::to_string(r.truss.back()) + " in spgraph but " +
                std::to_string(other.back()) + " in igraph");
  other.pop_back();
  EXPECT_NE(check_same_truss_numbers(e, r.truss, other), "");
}

}  // namespace
}  // namespace spgraph::testing
