// SPDX-License-Identifier: Apache-2.0
// CDLP (algorithms/communities/cdlp.hpp) against independent answers: the LDBC Graphalytics
// validation outputs, with the iteration counts and the mirroring of PARAMS.tsv (the copies in
// tests/data/ldbc, and the shared set when present); hand-built graphs whose answer follows from
// the definition (an arc each way counts twice, ties to the smallest label, stability); and the
// serial recomputation of communities_verify.hpp (an ordered map per vertex, no shared code) on
// random directed and undirected graphs with self-loops, repeated arcs, isolated vertices and
// one huge row, at every iteration count from 0 to 6, on one and two threads. The verifier itself
// is tested in communities_verify_test.cpp.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/communities/communities.hpp"
#include "algorithms/communities/communities_verify.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/algorithms/ldbc_reference.hpp"
#include "tests/unit/algorithms/random_graphs.hpp"

namespace spgraph::testing {
namespace {

/// The dense labels of a Graphalytics CDLP output, whose labels are the file's vertex ids.
std::vector<Vertex> expected_labels(const std::filesystem::path& output, const LdbcGraph& g) {
  const std::vector<double> want = read_ldbc_values(output, g.dense);
  std::vector<Vertex> label(want.size());
  for (std::size_t v = 0; v < want.size(); ++v) {
    EXPECT_EQ(std::floor(want[v]), want[v]) << output << ": label of " << v;
    label[v] = g.dense.at(std::int64_t(want[v]));
  }
  return label;
}

/// Runs every CDLP case of root/PARAMS.tsv; returns how many ran.
int run_validation_cases(const std::filesystem::path& root) {
  int ran = 0;
  for (const LdbcCase& c : read_ldbc_cases(root / "PARAMS.tsv", "CDLP")) {
    const std::filesystem::path vertices = c.vertices.empty() ? "" : root / c.vertices;
    const LdbcGraph g = load_ldbc_graph_at(root / c.input, vertices, {root / c.output}, c.mirror);
    const std::vector<Vertex> want = expected_labels(root / c.output, g);
    CdlpOptions o;
    o.iterations = int(ldbc_parameter(c.parameters, "max_iterations"));
    const CdlpResult r = cdlp(g.graph, o);
    EXPECT_EQ(check_same_labels(r.label, want), "") << c.input;
    EXPECT_TRUE(r.iterations == o.iterations || r.stable) << c.input;
    if (!c.directed) {  // a symmetric graph: the undirected rule gives the same labels
      EXPECT_TRUE(g.graph.structure_symmetric()) << c.input;
      o.undirected = true;
      EXPECT_EQ(check_same_labels(cdlp(g.graph, o).label, want), "") << c.input << " undirected";
    }
    EXPECT_EQ(check_cdlp(g.graph.csr(), want, o.iterations), "") << c.input;
    ++ran;
  }
  return ran;
}

TEST(CdlpGraphalytics, LabelsEqualTheValidationOutputs) {
  EXPECT_EQ(run_validation_cases(test_data("ldbc")), 4);
}

TEST(CdlpGraphalytics, LabelsEqualTheSharedValidationOutputs) {
  SPGRAPH_REQUIRE_SHARED(root, "ldbc_graphalytics/PARAMS.tsv");
  EXPECT_EQ(run_validation_cases(root.parent_path()), 4);
}

Matrix<bool> graph_of(Vertex n, const std::vector<std::pair<Vertex, Vertex>>& arcs) {
  std::vector<Vertex> r, c;
  for (auto [u, v] : arcs) r.push_back(u), c.push_back(v);
  return Matrix<bool>::build_pattern(n, n, r, c);
}

TEST(Cdlp, AnArcInEachDirectionCountsTwice) {
  // Vertex 0: out-arcs to 1 and 2, arcs both ways with 3. Round 1 counts {1: 1, 2: 1, 3: 2}.
  const Matrix<bool> a = graph_of(4, {{0, 1}, {0, 2}, {0, 3}, {3, 0}});
  CdlpOptions o;
  o.iterations = 1;
  EXPECT_EQ(cdlp(a, o).label[0], 3u);
  // Counted once per neighbour (the undirected rule on the same arcs), the tie goes to 1.
  o.undirected = true;
  EXPECT_EQ(cdlp(a, o).label[0], 1u);
}

TEST(Cdlp, InArcsCountAndTiesGoToTheSmallestLabel) {
  // 2 <- 0 and 2 <- 1 only: vertex 2 has no out-arcs, yet its in-neighbours tie at 0 and 1.
  const Matrix<bool> a = graph_of(3, {{0, 2}, {1, 2}});
  CdlpOptions o;
  o.iterations = 1;
  const CdlpResult r = cdlp(a, o);
  EXPECT_EQ(r.label, (std::vector<Vertex>{2, 2, 0}));
  EXPECT_EQ(r.communities, 2u);
}

TEST(Cdlp, SelfLoopsAreNotNeighboursAndIsolatedVerticesKeepTheirLabel) {
  // 1 has a self-loop and one neighbour, 2; 3 has only a self-loop; 4 is isolated.
  const Matrix<bool> a = graph_of(5, {{1, 1}, {1, 2}, {2, 1}, {3, 3}});
  CdlpOptions o;
  o.iterations = 1;
  o.undirected = true;
  const CdlpResult r = cdlp(a, o);
  EXPECT_EQ(r.label, (std::vector<Vertex>{0, 2, 1, 3, 4}));
}

TEST(Cdlp, StopsOnceNoLabelChangesAndOscillatesOtherwise) {
  // A triangle: round 1 gives labels 1, 0, 0 (each vertex the smaller of the other two), round 2
  // gives 0 everywhere, and round 3 changes nothing.
  const Matrix<bool> tri = graph_of(3, {{0, 1}, {1, 0}, {1, 2}, {2, 1}, {0, 2}, {2, 0}});
  CdlpOptions o;
  o.iterations = 10;
  o.undirected = true;
  const CdlpResult r = cdlp(tri, o);
  EXPECT_EQ(r.label, (std::vector<Vertex>{0, 0, 0}));
  EXPECT_EQ(r.iterations, 3);
  EXPECT_TRUE(r.stable);
  o.iterations = 1;
  EXPECT_EQ(cdlp(tri, o).label, (std::vector<Vertex>{1, 0, 0}));
  o.iterations = 10;
  EXPECT_EQ(r.communities, 1u);
  // One edge: the two ends swap labels every round, forever.
  const Matrix<bool> edge = graph_of(2, {{0, 1}, {1, 0}});
  for (int k = 0; k <= 5; ++k) {
    o.iterations = k;
    const CdlpResult e = cdlp(edge, o);
    EXPECT_EQ(e.iterations, k);
    EXPECT_FALSE(e.stable && k > 0);
    EXPECT_EQ(e.label[0], Vertex(k % 2)) << k;
  }
}

TEST(Cdlp, EdgeCases) {
  const CdlpResult empty = cdlp(Matrix<bool>(0, 0, true));
  EXPECT_TRUE(empty.label.empty());
  EXPECT_EQ(empty.communities, 0u);
  const CdlpResult none = cdlp(Matrix<bool>(5, 5, true));  // no arcs: stable at once
  EXPECT_EQ(none.label, (std::vector<Vertex>{0, 1, 2, 3, 4}));
  EXPECT_EQ(none.iterations, 1);
  EXPECT_TRUE(none.stable);
  CdlpOptions zero;
  zero.iterations = 0;
  const CdlpResult z = cdlp(graph_of(3, {{0, 1}, {1, 2}}), zero);
  EXPECT_EQ(z.label, (std::vector<Vertex>{0, 1, 2}));
  EXPECT_EQ(z.communities, 3u);
  CdlpOptions negative;
  negative.iterations = -1;
  EXPECT_THROW(cdlp(Matrix<bool>(3, 3, true), negative), InvalidArgument);
  EXPECT_THROW(cdlp(Matrix<bool>(3, 4, true)), DimensionMismatch);
}

TEST(Cdlp, ValueTypesAreIgnored) {
  const std::vector<Vertex> r{0, 0, 1, 2, 3}, c{1, 2, 2, 3, 0};
  const std::vector<double> w{5, -1, 0.5, 2, 7};
  const Matrix<double> a = Matrix<double>::build(4, 4, r, c, w);
  const Matrix<bool> p = Matrix<bool>::build_pattern(4, 4, r, c);
  EXPECT_EQ(cdlp(a).label, cdlp(p).label);
}

/// Random graphs of every shape the kernel distinguishes: short rows (sorted on the stack),
/// long ones (the hash table), one huge row, self-loops, repeats, isolated vertices.
std::vector<Matrix<bool>> random_graphs(bool undirected) {
  std::vector<Matrix<bool>> gs;
  std::uint64_t seed = undirected ? 100 : 200;
  for (const auto& [n, m] : std::vector<std::pair<Vertex, Offset>>{
           {1, 3}, {7, 10}, {40, 60}, {40, 400}, {300, 900}, {300, 6000}})
    gs.push_back(random_pattern_graph(n, m, seed++, undirected, 5));
  // A hub joined to most vertices (one huge row, and labels dominated by it), plus noise; large
  // enough (n >= 4096) for the rounds to run on threads.
  std::vector<Vertex> r, c;
  const Vertex n = 5000;
  std::mt19937_64 rng(seed);
  for (Vertex v = 1; v < n; v += 2) r.push_back(0), c.push_back(v);
  for (int k = 0; k < 12000; ++k) r.push_back(Vertex(rng() % n)), c.push_back(Vertex(rng() % n));
  const std::size_t arcs = r.size();
  if (undirected)
    for (std::size_t k = 0; k < arcs; ++k) r.push_back(c[k]), c.push_back(r[k]);
  gs.push_back(Matrix<bool>::build_pattern(n, n, r, c));
  return gs;
}

TEST(Cdlp, RandomGraphsMatchTheSerialRecomputation) {
  const int before = omp_get_max_threads();
  for (bool undirected : {false, true})
    for (const Matrix<bool>& a : random_graphs(undirected))
      for (int k = 0; k <= 6; ++k) {
        CdlpOptions o;
        o.iterations = k;
        o.undirected = undirected;
        omp_set_num_threads(1);
        const CdlpResult one = cdlp(a, o);
        omp_set_num_threads(2);
        const CdlpResult two = cdlp(a, o);
        const std::string what = std::to_string(a.nrows()) + " vertices, " +
                                 std::to_string(a.nvals()) + " arcs, " + std::to_string(k) +
                                 " rounds, undirected " + std::to_string(undirected);
        EXPECT_EQ(check_cdlp(a.csr(), one.label, k), "") << what;
        EXPECT_EQ(one.label, two.label) << what;
        EXPECT_LE(one.iterations, k);
        if (undirected) {  // the directed rule on a symmetric graph doubles every count
          o.undirected = false;
          EXPECT_EQ(cdlp(a, o).label, one.label) << what;
        }
      }
  omp_set_num_threads(before);
}

}  // namespace
}  // namespace spgraph::testing
