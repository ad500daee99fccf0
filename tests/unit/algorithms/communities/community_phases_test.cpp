// SPDX-License-Identifier: Apache-2.0
// The phases inside Louvain and Leiden, each against an independent computation: the fused
// aggregation (aggregation.hpp) against the engine's mxm computing Sᵀ·(A·S) with A in the
// matrix convention; the undirected graph of a directed matrix against A + A' built by hand;
// Leiden's refinement (leiden_refine.hpp) giving connected subsets of the communities; the
// local moving never lowering the quality when it visits vertices one at a time; the split
// into connected pieces; and the verifiers of communities_verify.hpp on wrong answers.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "algorithms/communities/aggregation.hpp"
#include "algorithms/communities/communities.hpp"
#include "algorithms/communities/communities_verify.hpp"
#include "algorithms/communities/community_labels.hpp"
#include "algorithms/communities/leiden_refine.hpp"
#include "algorithms/communities/local_moving.hpp"
#include "engine/ops.hpp"
#include "tests/unit/algorithms/communities/community_oracles.hpp"

namespace spgraph::testing::communities {
namespace {

using Entries = std::map<std::pair<Vertex, Vertex>, double>;

/// The entries of a CommunityGraph in the matrix convention (loops doubled on the diagonal).
Entries matrix_entries(const detail::CommunityGraph& g) {
  Entries e;
  for (Vertex u = 0; u < g.n; ++u) {
    for (Offset k = g.begin(u); k < g.end(u); ++k)
      if (g.col[k] != u) e[{u, g.col[k]}] += g.w(k);
    if (g.loop[u] != 0) e[{u, u}] += 2 * g.loop[u];
  }
  return e;
}

TEST(CommunityPhases, AggregationIsSTransposeAS) {
  for (bool undirected : {true, false}) {
    const Matrix<double> a = matrix_of(random_arcs(200, 900, 4, true, undirected));
    const detail::CommunityGraph g = detail::community_graph_of(a, false);
    const std::vector<Vertex> label = random_labels(200, 17, 8);
    const detail::Grouping groups = detail::group_by_label(label, 200);
    detail::ThreadWeights ws;
    const detail::CommunityGraph agg = detail::aggregate_graph(g, groups, ws);
    // The engine's side: W (matrix convention) as a Matrix, S from the grouping, Sᵀ·(W·S).
    std::vector<Vertex> r, c, sr, sc;
    std::vector<double> w, sv;
    for (const auto& [ij, x] : matrix_entries(g))
      r.push_back(ij.first), c.push_back(ij.second), w.push_back(x);
    for (Vertex v = 0; v < 200; ++v) sr.push_back(v), sc.push_back(groups.id[v]), sv.push_back(1);
    const auto wm = Matrix<double>::build(200, 200, r, c, w);
    const auto s = Matrix<double>::build(200, groups.count, sr, sc, sv);
    Matrix<double> ws_product(200, groups.count), sts(groups.count, groups.count);
    mxm(ws_product, nullptr, NoAccum{}, PlusTimes<double>{}, wm, s);
    Descriptor d;
    d.transpose_a = true;
    mxm(sts, nullptr, NoAccum{}, PlusTimes<double>{}, s, ws_product, d);
    Entries expected;
    for (Vertex i = 0; i < sts.nrows(); ++i)
      for (Offset k = sts.csr().row_ptr[i]; k < sts.csr().row_ptr[i + 1]; ++k)
        expected[{i, sts.csr().col[k]}] = sts.csr().value(k);
    const Entries got = matrix_entries(agg);
    ASSERT_EQ(got.size(), expected.size());
    for (const auto& [ij, x] : expected) {
      ASSERT_TRUE(got.count(ij)) << ij.first << " " << ij.second;
      EXPECT_NEAR(got.at(ij), x, 1e-9 * std::max(1.0, std::abs(x)));
    }
    // Degrees are the row sums, and the total weight is kept.
    for (Vertex i = 0; i < agg.n; ++i) {
      double row = 0;
      for (const auto& [ij, x] : got)
        if (ij.first == i) row += x;
      EXPECT_NEAR(agg.degree[i], row, 1e-9);
    }
    EXPECT_DOUBLE_EQ(agg.total, g.total);
  }
}

TEST(CommunityPhases, DirectedGraphBecomesAPlusATranspose) {
  const ArcList arcs = random_arcs(50, 300, 6, true, false);
  const Matrix<double> a = matrix_of(arcs);
  const detail::CommunityGraph g = detail::community_graph_of(a, false);
  Entries expected;
  for (Vertex u = 0; u < 50; ++u)
    for (Offset k = a.csr().row_ptr[u]; k < a.csr().row_ptr[u + 1]; ++k) {
      const Vertex v = a.csr().col[k];
      expected[{u, v}] += a.csr().value(k);  // an arc u -> v adds to (u, v) and (v, u)
      expected[{v, u}] += a.csr().value(k);  // a loop arc adds twice to (u, u)
    }
  const Entries got = matrix_entries(g);
  ASSERT_EQ(got.size(), expected.size());
  for (const auto& [ij, x] : expected) EXPECT_NEAR(got.at(ij), x, 1e-12);
}

TEST(CommunityPhases, RefinementGivesConnectedSubsetsOfTheCommunities) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const Matrix<double> a = matrix_of(random_arcs(3000, 9000, seed, seed == 2, true));
    const detail::CommunityGraph g = detail::community_graph_of(a, false);
    // Communities from a coarse random labelling: mostly disconnected, the hard case.
    const std::vector<Vertex> community = random_labels(3000, 40, seed);
    detail::ThreadWeights ws;
    for (double theta : {0.01, 0.0, 1.0}) {
      const detail::RefineSettings s{1.0 / g.total, theta, seed, 5};
      const std::vector<Vertex> refined = detail::refine_partition(g, g.degree, community, s, ws);
      for (Vertex v = 0; v < 3000; ++v) {
        ASSERT_LT(refined[v], 3000u);
        // A refined community lies inside one community: its name is a member of it.
        EXPECT_EQ(community[refined[v]], community[v]);
      }
      EXPECT_EQ(check_communities_connected(a.csr(), refined), "") << "theta " << theta;
      // Merges happened: fewer refined communities than vertices.
      EXPECT_LT(detail::group_by_label(refined, 3000).count, 3000u);
    }
  }
}

TEST(CommunityPhases, SequentialMovesNeverLowerTheQuality) {
  // A small graph makes every round one vertex at a time (kSequentialRound): each move is
  // applied before the next decision and must raise the quality.
  const Matrix<double> a = matrix_of(random_arcs(300, 900, 12, true, true));
  const detail::CommunityGraph g = detail::community_graph_of(a, false);
  const double lambda = 1.0 / g.total;
  detail::ThreadWeights ws;
  for (bool allow_empty : {false, true}) {
    std::vector<Vertex> label = random_labels(300, 30, 2);
    const double before = detail::partition_quality(g, label, g.degree, lambda);
    const detail::MoveOutcome out =
        detail::move_nodes(g, g.degree, label, {lambda, allow_empty, 1, 0, 64}, ws);
    EXPECT_GT(out.moves, 0u);
    EXPECT_LT(out.rounds, 64);  // converged: a round without a move
    EXPECT_GT(detail::partition_quality(g, label, g.degree, lambda), before);
  }
}

TEST(CommunityPhases, ConnectedPiecesSplitEveryCommunity) {
  // Two triangles and an edge, all labelled 0: three pieces, numbered by first vertex.
  const Matrix<double> a =
      matrix_of(ArcList{8, {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}, {6, 7}}, true}, true);
  const detail::CommunityGraph g = detail::community_graph_of(a, false);
  EXPECT_EQ(detail::connected_pieces(g, std::vector<Vertex>(8, 0)),
            (std::vector<Vertex>{0, 0, 0, 1, 1, 1, 2, 2}));
  EXPECT_EQ(detail::connected_pieces(g, {5, 5, 0, 0, 0, 0, 1, 1}),
            (std::vector<Vertex>{0, 0, 1, 2, 2, 2, 3, 3}));
  // Splitting never lowers modularity.
  const std::vector<Vertex> merged(8, 0);
  EXPECT_GE(modularity(a, detail::connected_pieces(g, merged)), modularity(a, merged));
}

TEST(CommunityPhases, VerifiersNameWrongAnswers) {
  const Matrix<double> a = matrix_of(ArcList{5, {{0, 1}, {1, 2}, {3, 4}}, true}, true);
  EXPECT_EQ(check_communities_connected(a.csr(), {0, 0, 0, 1, 1}), "");
  EXPECT_NE(check_communities_connected(a.csr(), {0, 0, 1, 0, 1}), "");  // {0,1,3} split
  EXPECT_EQ(check_membership_numbering({0, 0, 1, 2, 1}, 3), "");
  EXPECT_NE(check_membership_numbering({0, 0, 2, 2, 0}, 3), "");  // 1 unused
  EXPECT_NE(check_membership_numbering({0, 3, 1, 2, 1}, 3), "");  // 3 out of range
  EXPECT_EQ(check_quality_at_least(0.40, 0.404, 0.005, "modularity"), "");
  EXPECT_NE(check_quality_at_least(0.39, 0.40, 0.005, "modularity"), "");
  EXPECT_EQ(check_quality_at_least(std::nan(""), std::nan(""), 0.005, "modularity"), "");
}

}  // namespace
}  // namespace spgraph::testing::communities
