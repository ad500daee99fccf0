// SPDX-License-Identifier: Apache-2.0
// The connected-components verifier (algorithms/components/components_verify.hpp), the one
// `spgraph compare cc` uses: it accepts every method's answer on small and random graphs
// (empty, isolated vertices, self-loops, directed input taken as undirected) and partitions
// equal up to relabelling; it rejects every perturbed answer, naming the first violation.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "algorithms/components/components.hpp"
#include "algorithms/components/components_verify.hpp"
#include "tests/unit/algorithms/random_graphs.hpp"

namespace spgraph::testing {
namespace {

const CcMethod kMethods[] = {CcMethod::Auto, CcMethod::LabelProp, CcMethod::FastSV,
                             CcMethod::Afforest};

Matrix<bool> graph_of(Vertex n, const std::vector<Vertex>& r, const std::vector<Vertex>& c) {
  return Matrix<bool>::build_pattern(n, n, r, c);
}

/// The shared random graph (random_graphs.hpp), the last n/8 vertices isolated.
Matrix<bool> random_graph(Vertex n, Offset m, std::uint64_t seed, bool undirected) {
  return random_pattern_graph(n, m, seed, undirected, 8);
}

const AnswerNames kEngines{"spgraph", "GraphBLAS"};

// ---- positive cases ---------------------------------------------------------------------------

TEST(ComponentsVerify, AcceptsEveryMethodOnRandomGraphs) {
  const std::uint64_t seed = 67;
  RecordProperty("seed", std::to_string(seed));
  for (Vertex n : {1u, 2u, 40u, 700u})
    for (bool undirected : {false, true})
      for (double degree : {0.3, 1.0, 3.0}) {
        const Matrix<bool> a = random_graph(n, Offset(degree * n), seed + n, undirected);
        std::vector<Vertex> first;
        for (CcMethod m : kMethods) {
          SCOPED_TRACE("n " + std::to_string(n) + (undirected ? " undirected" : " directed") +
                       " degree " + std::to_string(degree));
          CcOptions o;
          o.method = m;
          const CcResult r = connected_components(a, o);
          EXPECT_EQ(check_components(a.csr(), r.label), "");
          if (first.empty()) first = r.label;
          EXPECT_EQ(check_same_components(r.label, first, dense_vertex_name, kEngines), "");
        }
      }
}

TEST(ComponentsVerify, AcceptsEmptyIsolatedAndSelfLoopGraphs) {
  for (CcMethod m : kMethods) {
    CcOptions o;
    o.method = m;
    const Matrix<bool> empty(0, 0);
    EXPECT_EQ(check_components(empty.csr(), connected_components(empty, o).label), "");
    EXPECT_EQ(check_same_components(std::vector<Vertex>{}, std::vector<std::uint64_t>{}), "");
    const Matrix<bool> isolated(5, 5);
    EXPECT_EQ(check_components(isolated.csr(), connected_components(isolated, o).label), "");
    const std::vector<Vertex> ids{0, 2, 4};
    const Matrix<bool> loops = graph_of(5, ids, ids);
    EXPECT_EQ(check_components(loops.csr(), connected_components(loops, o).label), "");
  }
}

TEST(ComponentsVerify, PartitionsAreEqualUpToRelabelling) {
  // {0, 3}, {1}, {2, 4}: labels as LAGraph gives them (any member), as 64-bit values, and as
  // values far beyond n (the hash path of the normalisation).
  const std::vector<Vertex> smallest{0, 1, 2, 0, 2};
  const std::vector<std::uint64_t> any_member{3, 1, 4, 3, 4};
  const std::vector<std::int64_t> far{-7, 1000000, 1LL << 40, -7, 1LL << 40};
  EXPECT_EQ(normalised_components(any_member), smallest);
  EXPECT_EQ(normalised_components(far), smallest);
  EXPECT_EQ(check_same_components(smallest, any_member, dense_vertex_name, kEngines), "");
  EXPECT_EQ(check_same_components(far, any_member), "");
}

// ---- negative cases ---------------------------------------------------------------------------

TEST(ComponentsVerify, RejectsLabellingsThatBreakTheContract) {
  // 0 - 1 and 2 - 3 (directed arcs), 4 isolated.
  const Matrix<bool> a = graph_of(5, {0, 3}, {1, 2});
  ASSERT_EQ(check_components(a.csr(), {0, 0, 2, 2, 4}), "");
  EXPECT_EQ(check_components(a.csr(), {0, 0, 2, 2}), "4 labels for 5 vertices");
  EXPECT_EQ(check_components(a.csr(), {0, 0, 9, 2, 4}),
            "vertex 2 is labelled 9, which is not a vertex");
  EXPECT_EQ(check_components(a.csr(), {1, 1, 2, 2, 4}),
            "vertex 0 is labelled 1, which is not the smallest vertex of its component");
  EXPECT_EQ(check_components(a.csr(), {0, 0, 3, 3, 4}),
            "vertex 2 is labelled 3, which is not the smallest vertex of its component");
  EXPECT_EQ(check_components(a.csr(), {0, 1, 2, 2, 4}),
            "arc 0 -> 1 joins the component of vertex 0 to that of vertex 1");
  // The arc 3 -> 2 points down the labels' order: arcs count in both directions.
  EXPECT_EQ(check_components(a.csr(), {0, 0, 2, 3, 4}),
            "arc 3 -> 2 joins the component of vertex 3 to that of vertex 2");
  EXPECT_EQ(check_components(a.csr(), {0, 0, 0, 0, 4}),
            "vertex 2 shares the label of vertex 0, but no path joins them");
  EXPECT_EQ(check_components(a.csr(), {0, 0, 2, 2, 2}),
            "vertex 4 shares the label of vertex 2, but no path joins them");
  EXPECT_EQ(check_components(Matrix<bool>(2, 3).csr(), {0, 1}), "the graph is not square");
}

TEST(ComponentsVerify, MessagesNameVerticesThroughTheNamer) {
  const Matrix<bool> a = graph_of(3, {0}, {1});
  const VertexNamer one_based = [](Vertex v) { return std::to_string(v + 1); };
  EXPECT_EQ(check_components(a.csr(), {0, 1, 2}, one_based),
            "arc 1 -> 2 joins the component of vertex 1 to that of vertex 2");
  EXPECT_EQ(check_same_components(std::vector<Vertex>{0, 0, 2}, std::vector<Vertex>{0, 1, 2},
                                  one_based, kEngines),
            "vertex 2 is in the component of vertex 1 in spgraph but of vertex 2 in GraphBLAS");
}

TEST(ComponentsVerify, RejectsPartitionsThatDiffer) {
  EXPECT_EQ(check_same_components(std::vector<Vertex>{0, 1}, std::vector<Vertex>{0, 1, 2},
                                  dense_vertex_name, kEngines),
            "spgraph labels 2 vertices but GraphBLAS labels 3");
  // Split {2, 4} in theirs: the first vertex whose class differs is 4.
  EXPECT_EQ(check_same_components(std::vector<Vertex>{0, 1, 2, 0, 2},
                                  std::vector<std::uint64_t>{3, 1, 2, 3, 4}),
            "vertex 4 is in the component of vertex 2 in the answer but of vertex 4 in the "
            "reference");
  // Merged {1} into {0, 3}: vertex 1 differs first.
  EXPECT_EQ(check_same_components(std::vector<Vertex>{0, 1, 2, 0, 2},
                                  std::vector<Vertex>{0, 0, 2, 0, 2}, dense_vertex_name, kEngines),
            "vertex 1 is in the component of vertex 1 in spgraph but of vertex 0 in GraphBLAS");
}

TEST(ComponentsVerify, RejectsEveryRandomPerturbationOfARealAnswer) {
  const std::uint64_t seed = 5;
  RecordProperty("seed", std::to_string(seed));
  std::mt19937_64 rng(seed);
  for (bool undirected : {false, true}) {
    const Matrix<bool> a = random_graph(300, 240, seed + undirected, undirected);
    const std::vector<Vertex> right = connected_components(a).label;
    ASSERT_EQ(check_components(a.csr(), right), "");
    int tried = 0;
    for (int trial = 0; trial < 200; ++trial) {
      // Move one vertex to another existing component (its label, or its own id when it is
      // the smallest of a new singleton): never the same partition.
      std::vector<Vertex> wrong = right;
      const Vertex v = Vertex(rng() % 300);
      Vertex other = right[rng() % 300];
      if (other == right[v]) other = v == right[v] ? right[(v + 1) % 300] : v;
      if (other == right[v]) continue;  // v's component covers its neighbour as well
      wrong[v] = other;
      wrong = normalised_components(wrong);
      if (wrong == right) continue;
      EXPECT_NE(check_components(a.csr(), wrong), "") << "vertex " << v << " to " << other;
      EXPECT_NE(check_same_components(wrong, right), "");
      ++tried;
    }
    EXPECT_GT(tried, 150);
  }
}

}  // namespace
}  // namespace spgraph::testing
