// SPDX-License-Identifier: Apache-2.0
// modularity() and cpm_quality() (algorithms/communities/modularity.hpp) against networkx's
// nx.community.modularity and python-igraph's Graph.modularity on random partitions of random
// graphs (weighted and not, with self-loops and repeated arcs, symmetric and directed, several
// resolutions), and against the dense brute force of community_oracles.hpp; score_partition's
// numbering and figures; the convention for a graph without edges (NaN, as igraph) and the
// argument checks.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/communities/communities.hpp"
#include "engine/core/error.hpp"
#include "tests/unit/algorithms/communities/community_oracles.hpp"

namespace spgraph::testing::communities {
namespace {

/// networkx's and igraph's modularity of each partition after the graph, one line each:
/// "nx igraph" for every resolution in `gammas`. igraph's through GraphBase.modularity:
/// python-igraph 0.10.2's Graph.modularity drops its resolution argument.
const std::string kModularityScript = std::string(kPythonPrologue) + R"(
gammas = [float(x) for x in rest[0].split()[2:]]
for line in rest[1:]:
    if not line:
        continue
    label = [int(x) for x in line.split()]
    parts = {}
    for v, c in enumerate(label):
        parts.setdefault(c, set()).add(v)
    out = []
    for gamma in gammas:
        q_nx = nx.community.modularity(G, list(parts.values()), weight="weight", resolution=gamma)
        q_ig = ig.GraphBase.modularity(g, label, weights, gamma, True)
        out.append("%.17g %.17g" % (q_nx, q_ig))
    print(" ".join(out))
)";

struct Case {
  const char* name;
  bool weighted, undirected;
};

/// Random partitions of one graph: spgraph, networkx, igraph and the brute force agree.
void check_against_oracles(const ArcList& arcs, bool weighted, std::uint64_t seed) {
  const Matrix<double> a = matrix_of(arcs, !weighted);
  const bool symmetric = arcs.undirected;
  const std::vector<double> gammas{1.0, 0.5, 2.0};
  std::vector<std::vector<Vertex>> partitions;
  for (Vertex k : {1u, 2u, 5u, arcs.n}) partitions.push_back(random_labels(arcs.n, k, seed + k));
  std::ostringstream in;
  in << edge_text(a, symmetric) << "# gammas";
  for (double g : gammas) in << " " << g;
  in << "\n";
  for (const auto& p : partitions) {
    for (Vertex l : p) in << l << " ";
    in << "\n";
  }
  const auto out = run_python(kModularityScript, in.str());
  if (!out) GTEST_SKIP() << "python3 with networkx and igraph is not available";
  std::istringstream lines(*out);
  for (const auto& p : partitions)
    for (double gamma : gammas) {
      double q_nx = 0, q_ig = 0;
      ASSERT_TRUE(lines >> q_nx >> q_ig);
      const double ours = modularity(a, p, gamma);
      EXPECT_NEAR(ours, q_nx, 1e-12) << "gamma " << gamma;
      EXPECT_NEAR(ours, q_ig, 1e-12) << "gamma " << gamma;
      EXPECT_NEAR(ours, dense_quality(a, p, gamma, false, symmetric), 1e-12);
    }
}

TEST(Modularity, MatchesNetworkxAndIgraphOnRandomPartitions) {
  for (const Case c :
       {Case{"unweighted undirected", false, true}, Case{"weighted undirected", true, true},
        Case{"unweighted directed", false, false}, Case{"weighted directed", true, false}}) {
    SCOPED_TRACE(c.name);
    // 40 vertices, 120 arcs: repeats and self-loops occur, and a few vertices stay isolated.
    const ArcList g = random_arcs(40, 120, 7, c.weighted, c.undirected);
    check_against_oracles(g, c.weighted, 11);
    if (HasFatalFailure() || IsSkipped()) return;
  }
}

TEST(Modularity, SelfLoopsCountTwiceInDegreeAndInside) {
  // A triangle with a loop of weight 5 on vertex 0 and a pendant pair with a loop of 0.5:
  // checked by hand against Newman's formula with A_uu = 2w (igraph's and networkx's rule).
  ArcList g{
      5, {{0, 1, 1}, {1, 2, 2}, {0, 2, 1}, {2, 3, 1}, {3, 4, 3}, {0, 0, 5}, {4, 4, 0.5}}, true};
  const Matrix<double> a = matrix_of(g);
  const std::vector<Vertex> label{0, 0, 0, 1, 1};
  // Degrees: 0: 1+1+10 = 12, 1: 3, 2: 4, 3: 4, 4: 3+1 = 4 -> 2m = 27.
  // Inside: community 0: 2(1+2+1) + 10 = 18, community 1: 2·3 + 1 = 7.
  const double expected = (18 + 7 - (19.0 * 19 + 8.0 * 8) / 27) / 27;
  EXPECT_NEAR(modularity(a, label), expected, 1e-15);
  // The same number through networkx and igraph.
  check_against_oracles(g, true, 3);
}

TEST(Modularity, CpmMatchesTheDefinition) {
  for (bool undirected : {true, false}) {
    const ArcList g = random_arcs(30, 90, 5, true, undirected);
    const Matrix<double> a = matrix_of(g);
    for (Vertex k : {1u, 3u, 30u}) {
      const auto label = random_labels(30, k, k);
      for (double gamma : {0.0, 0.05, 1.0})
        EXPECT_NEAR(cpm_quality(a, label, gamma), dense_quality(a, label, gamma, true, undirected),
                    1e-12);
    }
  }
}

TEST(Modularity, DirectedInputIsAPlusATranspose) {
  // An arc each way between 0 and 1 is the edge {0, 1} twice, of weight 2.
  const ArcList directed{4, {{0, 1, 1}, {1, 0, 1}, {1, 2, 1}, {3, 2, 4}, {3, 3, 1}}, false};
  const ArcList undirected{4, {{0, 1, 2}, {1, 2, 1}, {2, 3, 4}, {3, 3, 1}}, true};
  for (const auto& label : {std::vector<Vertex>{0, 0, 1, 1}, std::vector<Vertex>{0, 1, 2, 3}})
    EXPECT_DOUBLE_EQ(modularity(matrix_of(directed), label),
                     modularity(matrix_of(undirected), label));
}

TEST(Modularity, ScorePartitionNumbersAndScoresAnyPartition) {
  const Matrix<double> a = matrix_of(random_arcs(50, 200, 13, true, true));
  const std::vector<Vertex> label = random_labels(50, 7, 5);
  for (double gamma : {1.0, 0.5}) {
    CommunityOptions o;
    o.resolution = gamma;
    const CommunityResult r = score_partition(a, label, o);
    // Numbered in the order of first vertex, the same partition.
    std::map<Vertex, Vertex> seen;
    Vertex next = 0;
    for (Vertex v = 0; v < 50; ++v) {
      auto [it, fresh] = seen.emplace(label[v], next);
      if (fresh) ++next;
      EXPECT_EQ(r.membership[v], it->second);
    }
    EXPECT_EQ(r.communities, next);
    EXPECT_NEAR(r.quality, modularity(a, label, gamma), 1e-12);
    EXPECT_NEAR(r.modularity, modularity(a, label), 1e-12);
    o.objective = CommunityObjective::Cpm;
    EXPECT_NEAR(score_partition(a, label, o).quality, cpm_quality(a, label, gamma), 1e-12);
  }
}

TEST(Modularity, GraphWithoutEdgesIsNan) {
  const Matrix<double> empty(5, 5);
  EXPECT_TRUE(std::isnan(modularity(empty, {0, 1, 2, 3, 4})));
  EXPECT_TRUE(std::isnan(cpm_quality(empty, {0, 0, 0, 0, 0}, 1.0)));
  EXPECT_TRUE(std::isnan(modularity(Matrix<double>(0, 0), {})));
}

TEST(Modularity, RefusesBadArguments) {
  const Matrix<double> a = matrix_of(ring_of_cliques(3, 3));
  EXPECT_THROW(modularity(a, std::vector<Vertex>(8, 0)), InvalidArgument);  // wrong size
  std::vector<Vertex> label(9, 0);
  label[4] = 9;  // not below n
  EXPECT_THROW(modularity(a, label), InvalidArgument);
  EXPECT_THROW(modularity(a, std::vector<Vertex>(9, 0), -1.0), InvalidArgument);
  EXPECT_THROW(modularity(Matrix<double>(3, 4), std::vector<Vertex>(3, 0)), DimensionMismatch);
  const Matrix<double> negative = Matrix<double>::build(
      2, 2, std::vector<Vertex>{0, 1}, std::vector<Vertex>{1, 0}, std::vector<double>{-1, -1});
  EXPECT_THROW(modularity(negative, {0, 1}), InvalidArgument);
}

}  // namespace
}  // namespace spgraph::testing::communities
