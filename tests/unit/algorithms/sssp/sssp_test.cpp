// SPDX-License-Identifier: Apache-2.0
// SSSP against independent oracles: Boost.Graph's dijkstra_shortest_paths (when built with
// Boost) and a serial Bellman-Ford written here, on random directed and undirected graphs with
// zero weights, repeated arcs, self-loops, isolated vertices and unreachable parts; negative
// weights (refused by Δ-stepping, solved by Bellman-Ford) and negative cycles; every Δ giving
// the same distances, including Δ far below the weights (the bucket window's overflow); the
// LDBC Graphalytics SSSP validation outputs; and snapshots against their matrix. Every answer
// also passes the verifier `spgraph compare sssp` uses (sssp_verify.hpp), against the oracle
// and against the graph alone. With parents asked for, the shortest-path tree is checked against
// the distances and the arcs (every parent's arc closes the distance; every path reaches the
// source), the distances unchanged.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/sssp/parent_path.hpp"
#include "algorithms/sssp/sssp.hpp"
#include "algorithms/sssp/sssp_verify.hpp"
#include "engine/dynamic_graph.hpp"
#include "loaders/load.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/algorithms/ldbc_reference.hpp"

#ifdef SPGRAPH_HAVE_BOOST
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#endif

namespace spgraph::testing {
namespace {

constexpr double kInf = kUnreachableDistance;

struct Arc {
  Vertex u, v;
  double w;
};

/// Random weighted arcs: integer weights in [lo, hi] (0 allowed), repeats and self-loops;
/// vertices >= n - n/8 get no arcs at all (isolated / unreachable).
std::vector<Arc> random_arcs(Vertex n, Offset m, std::uint64_t seed, int lo, int hi,
                             bool undirected) {
  std::mt19937_64 rng(seed);
  const Vertex live = std::max<Vertex>(1, n - n / 8);
  std::vector<Arc> arcs;
  for (Offset k = 0; k < m; ++k) {
    const Vertex u = Vertex(rng() % live), v = Vertex(rng() % live);
    const double w = double(lo + std::int64_t(rng() % std::uint64_t(hi - lo + 1)));
    arcs.push_back({u, v, w});
    if (undirected) arcs.push_back({v, u, w});
    if (k % 17 == 0) arcs.push_back({u, v, w + 3});  // a heavier repeat: min must win
  }
  return arcs;
}

/// The matrix of the arcs, repeats folded to their minimum (the graph a shortest path sees).
template <class T = double>
Matrix<T> matrix_of(Vertex n, const std::vector<Arc>& arcs) {
  std::vector<Vertex> r, c;
  std::vector<T> w;
  for (const Arc& a : arcs) {
    r.push_back(a.u);
    c.push_back(a.v);
    w.push_back(T(a.w));
  }
  return Matrix<T>::template build<MinOp<T>>(n, n, r, c, w);
}

/// Serial Bellman-Ford over the arc list; nullopt-like empty vector on a negative cycle.
std::vector<double> bellman_ford_oracle(Vertex n, const std::vector<Arc>& arcs, Vertex s,
                                        bool& negative_cycle) {
  std::vector<double> d(n, kInf);
  d[s] = 0;
  negative_cycle = false;
  for (Vertex round = 0; round <= n; ++round) {
    bool changed = false;
    for (const Arc& a : arcs)
      if (d[a.u] != kInf && d[a.u] + a.w < d[a.v]) {
        d[a.v] = d[a.u] + a.w;
        changed = true;
      }
    if (!changed) return d;
  }
  negative_cycle = true;
  return d;
}

#ifdef SPGRAPH_HAVE_BOOST
std::vector<double> boost_dijkstra(Vertex n, const std::vector<Arc>& arcs, Vertex s) {
  using G = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                  boost::property<boost::edge_weight_t, double>>;
  G g(n);
  for (const Arc& a : arcs) boost::add_edge(a.u, a.v, a.w, g);
  std::vector<double> d(n);
  boost::dijkstra_shortest_paths(
      g, s,
      boost::distance_map(
          boost::make_iterator_property_map(d.begin(), boost::get(boost::vertex_index, g)))
          .distance_inf(kInf));
  return d;
}
#endif

std::vector<SsspOptions> all_methods() {
  std::vector<SsspOptions> v;
  SsspOptions o;
  v.push_back(o);  // Auto
  o.method = SsspMethod::BellmanFord;
  v.push_back(o);
  o.method = SsspMethod::Delta;
  for (double d : {0.0, 0.5, 1.0, 3.0, 25.0, 1e6}) {
    o.delta = d;
    v.push_back(o);
  }
  return v;
}

std::string describe(const SsspOptions& o) {
  std::string s = o.method == SsspMethod::BellmanFord ? "bellman-ford"
                  : o.method == SsspMethod::Delta     ? "delta"
                                                      : "auto";
  s += " delta ";
  s += std::to_string(o.delta);
  return s;
}

/// r against the oracle's distances (the same vertices unreached, the rest within 1e-9
/// relative: compare's rule) and against the graph of `a` alone.
template <class T>
void expect_distances(const Matrix<T>& a, const SsspResult& r, const std::vector<double>& want) {
  EXPECT_EQ(check_same_distances(r.distance, want), "");
  EXPECT_EQ(check_sssp(a.csr(), r.source, r.distance), "");
  Vertex reached = 0;
  for (double d : want) reached += d != kInf;
  EXPECT_EQ(r.reached, reached);
}

TEST(Sssp, RandomGraphsMatchTheSerialOracleAndBoost) {
  const std::uint64_t seed = 23;
  RecordProperty("seed", std::to_string(seed));
  for (Vertex n : {1u, 9u, 120u, 2000u, 20000u})
    for (bool undirected : {false, true})
      for (int hi : {0, 1, 40}) {
        const std::vector<Arc> arcs =
            random_arcs(n, Offset(2.5 * n), seed + n + hi, 0, hi, undirected);
        const Matrix<double> a = matrix_of(n, arcs);
        for (Vertex s : {Vertex(0), n / 2}) {
          bool cycle = false;
          const std::vector<double> want = bellman_ford_oracle(n, arcs, s, cycle);
          ASSERT_FALSE(cycle);
#ifdef SPGRAPH_HAVE_BOOST
          const std::vector<double> boost_d = boost_dijkstra(n, arcs, s);
          ASSERT_EQ(boost_d, want) << "the two oracles disagree";
#endif
          for (const SsspOptions& o : all_methods()) {
            SCOPED_TRACE("n " + std::to_string(n) + (undirected ? " undirected" : " directed") +
                         " weights 0.." + std::to_string(hi) + " source " + std::to_string(s) +
                         " " + describe(o));
            const SsspResult r = sssp(a, s, o);
            EXPECT_EQ(r.source, s);
            EXPECT_NE(r.method, SsspMethod::Auto);
            if (r.method == SsspMethod::Delta) {
              EXPECT_GT(r.delta, 0);
            }
            expect_distances(a, r, want);
          }
          // The same graph with int32 weights.
          const Matrix<std::int32_t> ints = matrix_of<std::int32_t>(n, arcs);
          expect_distances(ints, sssp(ints, s), want);
        }
      }
}

/// The shortest-path tree of `r` (options.parents) against its distances and the matrix: the
/// source is its own parent, unreached vertices have none, and every other vertex's parent has an
/// arc to it whose weight closes the distance exactly; parent_path() from every reached vertex
/// reaches the source, with a path whose weights sum to the vertex's distance.
void expect_shortest_path_tree(const Matrix<double>& a, const SsspResult& r) {
  const Csr<double>& c = a.csr();
  ASSERT_EQ(r.parent.size(), r.distance.size());
  for (Vertex v = 0; v < r.parent.size(); ++v) {
    if (r.distance[v] == kInf) {
      EXPECT_EQ(r.parent[v], kNoVertex) << v;
      continue;
    }
    if (v == r.source) {
      EXPECT_EQ(r.parent[v], v);
      continue;
    }
    const Vertex u = r.parent[v];
    ASSERT_LT(u, c.nrows) << v;
    bool tight = false;
    for (Offset k = c.row_ptr[u]; k < c.row_ptr[u + 1]; ++k)
      tight = tight || (c.col[k] == v && r.distance[u] + c.val[k] == r.distance[v]);
    EXPECT_TRUE(tight) << "parent " << u << " of " << v;
    const std::vector<Vertex> path = parent_path(r.parent, v);
    ASSERT_FALSE(path.empty());
    EXPECT_EQ(path.front(), r.source);
    EXPECT_EQ(path.back(), v);
  }
}

TEST(Sssp, ParentsFormAShortestPathTree) {
  // Zero weights make ties and zero-weight cycles (a parent must still lead to the source);
  // negative weights go through Bellman-Ford.
  for (Vertex n : {1u, 9u, 300u, 5000u})
    for (bool undirected : {false, true})
      for (int lo : {0, -2}) {
        if (lo < 0 && undirected) continue;  // an undirected negative edge is a negative cycle
        const std::vector<Arc> arcs = random_arcs(n, Offset(3 * n), 91 + n, lo, 6, undirected);
        const Matrix<double> a = matrix_of(n, arcs);
        bool cycle = false;
        const std::vector<double> want = bellman_ford_oracle(n, arcs, 0, cycle);
        if (cycle) continue;
        for (SsspOptions o : all_methods()) {
          if (lo < 0 && o.method != SsspMethod::BellmanFord) continue;
          SCOPED_TRACE("n " + std::to_string(n) + " lo " + std::to_string(lo) + " " + describe(o));
          const SsspResult plain = sssp(a, 0, o);
          EXPECT_TRUE(plain.parent.empty());
          o.parents = true;
          const SsspResult r = sssp(a, 0, o);
          EXPECT_EQ(r.distance, plain.distance);
          expect_distances(a, r, want);
          expect_shortest_path_tree(a, r);
        }
      }
  EXPECT_THROW(parent_path({0, kNoVertex}, 2), InvalidArgument);
  EXPECT_THROW(parent_path({1, 0}, 0), InvalidArgument);  // a cycle, not a tree
  EXPECT_TRUE(parent_path({0, kNoVertex}, 1).empty());
  EXPECT_EQ(parent_path({0, 0, 1}, 2), (std::vector<Vertex>{0, 1, 2}));
}

TEST(Sssp, TinyDeltaWithHugeWeightsUsesTheOverflowAndStaysExact) {
  std::mt19937_64 rng(5);
  const Vertex n = 3000;
  std::vector<Arc> arcs;
  for (Offset k = 0; k < 12000; ++k)
    arcs.push_back({Vertex(rng() % n), Vertex(rng() % n), double(rng() % 1000000)});
  const Matrix<double> a = matrix_of(n, arcs);
  bool cycle = false;
  const std::vector<double> want = bellman_ford_oracle(n, arcs, 0, cycle);
  for (double delta : {1.0, 0.01, 1e9}) {
    SsspOptions o;
    o.delta = delta;
    const SsspResult r = sssp(a, 0, o);
    EXPECT_EQ(r.delta, delta);
    expect_distances(a, r, want);
  }
}

TEST(Sssp, NegativeWeightsNeedBellmanFord) {
  // Weights w + p(u) - p(v) keep every cycle non-negative while many arcs turn negative.
  std::mt19937_64 rng(41);
  const Vertex n = 3000;
  std::vector<double> p(n);
  for (double& x : p) x = double(rng() % 50);
  std::vector<Arc> arcs = random_arcs(n, 9000, 43, 0, 30, false);
  for (Arc& a : arcs) a.w += p[a.u] - p[a.v];
  const Matrix<double> a = matrix_of(n, arcs);
  bool cycle = false;
  const std::vector<double> want = bellman_ford_oracle(n, arcs, 0, cycle);
  ASSERT_FALSE(cycle);
  SsspOptions bf;
  bf.method = SsspMethod::BellmanFord;
  expect_distances(a, sssp(a, 0, bf), want);
  for (SsspMethod m : {SsspMethod::Auto, SsspMethod::Delta}) {
    SsspOptions o;
    o.method = m;
    try {
      sssp(a, 0, o);
      ADD_FAILURE() << "a negative weight was accepted";
    } catch (const InvalidArgument& e) {
      const std::string msg = e.what();
      EXPECT_NE(msg.find(" -> "), std::string::npos) << msg;
      EXPECT_NE(msg.find("negative weight"), std::string::npos) << msg;
      EXPECT_NE(msg.find("bellman-ford"), std::string::npos) << msg;
    }
  }
}

TEST(Sssp, DeltaSteppingRefusesOnlyTheBadWeightsItMeets) {
  // 0 -> 1 -> 2 reachable; 3 -> 4 (negative) and 4 -> 3 (NaN) are not: distances are plain.
  const std::vector<Arc> arcs = {{0, 1, 2}, {1, 2, 3}, {3, 4, -5}, {4, 3, std::nan("")}};
  const Matrix<double> a = matrix_of(5, arcs);
  const SsspResult r = sssp(a, 0);
  EXPECT_EQ(r.distance, (std::vector<double>{0, 2, 5, kInf, kInf}));
  // From 3 the search meets the negative arc first: refused, naming the arc.
  try {
    sssp(a, 3);
    ADD_FAILURE() << "a negative weight on the search's way was accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("3 -> 4"), std::string::npos) << e.what();
  }
  // Bellman-Ford refuses the NaN wherever it is.
  SsspOptions bf;
  bf.method = SsspMethod::BellmanFord;
  EXPECT_THROW(sssp(a, 0, bf), InvalidArgument);
}

TEST(Sssp, AReachableNegativeCycleIsAnError) {
  // 0 -> 1 -> 2 -> 3 -> 1 with cycle weight -1, then 3 -> 4; vertex 5 unreachable.
  const std::vector<Arc> arcs = {{0, 1, 2},  {1, 2, 1}, {2, 3, 1},
                                 {3, 1, -3}, {3, 4, 1}, {5, 5, -1}};
  const Matrix<double> a = matrix_of(6, arcs);
  SsspOptions bf;
  bf.method = SsspMethod::BellmanFord;
  try {
    sssp(a, 0, bf);
    ADD_FAILURE() << "the negative cycle went unnoticed";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("negative cycle"), std::string::npos) << e.what();
  }
  // From 4 the cycle (and the negative self-loop at 5) is unreachable: plain distances.
  const SsspResult r = sssp(a, 4, bf);
  EXPECT_EQ(r.distance, (std::vector<double>{kInf, kInf, kInf, kInf, 0, kInf}));
  EXPECT_EQ(r.reached, 1u);
  EXPECT_EQ(check_sssp(a.csr(), 4, r.distance), "");
  // No answer from 0 passes the verifier: the cycle makes every one of them wrong.
  EXPECT_NE(check_sssp(a.csr(), 0, {0, 2, 3, 4, 5, kInf}), "");
  // A negative self-loop on the source.
  EXPECT_THROW(sssp(a, 5, bf), InvalidArgument);
}

TEST(Sssp, EdgeCasesAndBadArguments) {
  EXPECT_THROW(sssp(Matrix<double>(0, 0), 0), IndexOutOfBounds);
  EXPECT_THROW(sssp(Matrix<double>(3, 3), 3), IndexOutOfBounds);
  EXPECT_THROW(sssp(Matrix<double>(3, 4), 0), DimensionMismatch);
  for (double bad : {-1.0, kInf, std::nan("")}) {
    SsspOptions o;
    o.delta = bad;
    EXPECT_THROW(sssp(Matrix<double>(3, 3), 0, o), InvalidArgument) << bad;
  }
  // No arcs: only the source is reached.
  for (const SsspOptions& o : all_methods()) {
    const SsspResult r = sssp(Matrix<double>(4, 4), 2, o);
    EXPECT_EQ(r.distance, (std::vector<double>{kInf, kInf, 0, kInf})) << describe(o);
    EXPECT_EQ(r.reached, 1u);
    EXPECT_EQ(check_sssp(Matrix<double>(4, 4).csr(), 2, r.distance), "");
  }
  // A NaN weight is refused by every method.
  const std::vector<Arc> nan_arc = {{0, 1, std::nan("")}};
  for (const SsspOptions& o : all_methods())
    EXPECT_THROW(sssp(matrix_of(2, nan_arc), 0, o), InvalidArgument) << describe(o);
  // Self-loops only.
  const std::vector<Arc> loops = {{0, 0, 5}, {1, 1, 0}};
  EXPECT_EQ(sssp(matrix_of(2, loops), 0).distance, (std::vector<double>{0, kInf}));
  EXPECT_EQ(check_sssp(matrix_of(2, loops).csr(), 0, {0, kInf}), "");
  // A single huge row: a star out of vertex 0.
  std::vector<Arc> star;
  for (Vertex v = 1; v < 50000; ++v) star.push_back({0, v, double(v % 7)});
  const Matrix<double> star_graph = matrix_of(50000, star);
  const SsspResult rs = sssp(star_graph, 0);
  for (Vertex v = 1; v < 50000; ++v) ASSERT_EQ(rs.distance[v], double(v % 7));
  EXPECT_EQ(check_sssp(star_graph.csr(), 0, rs.distance), "");
}

TEST(Sssp, PatternsAndBoolWeightsAreUnitWeights) {
  std::mt19937_64 rng(3);
  const Vertex n = 5000;
  std::vector<Vertex> r, c;
  std::vector<bool> vals;
  for (int k = 0; k < 15000; ++k) {
    r.push_back(Vertex(rng() % n));
    c.push_back(Vertex(rng() % n));
  }
  const Matrix<bool> pattern = Matrix<bool>::build_pattern(n, n, r, c);
  const BfsResult levels = bfs(pattern, 0);
  std::vector<double> want(n);
  for (Vertex v = 0; v < n; ++v)
    want[v] = levels.level[v] == kUnreached ? kInf : double(levels.level[v]);
  for (const SsspOptions& o : all_methods()) expect_distances(pattern, sssp(pattern, 0, o), want);
  // bool values, some of them false, still weigh 1.
  std::unique_ptr<bool[]> bv(new bool[r.size()]);
  for (std::size_t k = 0; k < r.size(); ++k) bv[k] = k % 2;
  const Matrix<bool> valued =
      Matrix<bool>::build<LorOp<bool>>(n, n, r, c, std::span<const bool>(bv.get(), r.size()));
  ASSERT_FALSE(valued.is_pattern());
  expect_distances(valued, sssp(valued, 0), want);
}

TEST(Sssp, SnapshotsMatchTheirMatrix) {
  for (bool directed : {false, true}) {
    std::mt19937_64 rng(29 + directed);
    DynamicGraphOptions go;
    go.directed = directed;
    go.weighted = true;
    DynamicGraph<double> g(3000, go);
    for (int b = 0; b < 4; ++b) {
      UpdateBatch<double> batch;
      for (int k = 0; k < 4000; ++k)
        batch.insert(Vertex(rng() % 3000), Vertex(rng() % 3000), double(rng() % 20));
      for (int k = 0; k < 500; ++k) batch.erase(Vertex(rng() % 3000), Vertex(rng() % 3000));
      g.apply(batch);
    }
    const GraphSnapshot<double> s = g.snapshot();
    for (const SsspOptions& o : all_methods()) {
      const SsspResult want = sssp(s.matrix(), 7, o);
      const SsspResult got = sssp(s, 7, o);
      EXPECT_EQ(got.distance, want.distance) << describe(o);
      EXPECT_EQ(got.reached, want.reached);
      EXPECT_EQ(check_sssp(s.matrix().csr(), 7, got.distance), "") << describe(o);
    }
  }
}

// ---- LDBC Graphalytics SSSP -------------------------------------------------------------------

TEST(SsspGraphalytics, DistancesEqualTheValidationOutputs) {
  struct Case {
    const char *v, *e, *out;
    bool undirected;
    std::int64_t source;
  };
  const Case cases[] = {
      {"sssp/dir-input.v", "sssp/dir-input.e", "sssp/dir-output", false, 1},
      {"sssp/undir-input.v", "sssp/undir-input.e", "sssp/undir-output", true, 1},
      {"example/example-directed.v", "example/example-directed.e", "example/example-directed-SSSP",
       false, 1},
      {"example/example-undirected.v", "example/example-undirected.e",
       "example/example-undirected-SSSP", true, 2},
  };
  for (const Case& c : cases) {
    SPGRAPH_REQUIRE_SHARED(vf, std::string("ldbc_graphalytics/") + c.v);
    const auto at = [](const char* rel) {
      return shared_data(std::string("ldbc_graphalytics/") + rel);
    };
    const LdbcWeightedGraph g = load_ldbc_weighted(vf, at(c.e), c.undirected);
    const std::vector<double> want = read_ldbc_values(at(c.out), g.dense);
    for (const SsspOptions& o : all_methods()) {
      const SsspResult r = sssp(g.graph, g.dense.at(c.source), o);
      EXPECT_EQ(check_sssp(g.graph.csr(), r.source, r.distance), "") << c.e;
      for (std::size_t v = 0; v < want.size(); ++v) {
        if (want[v] == kInf)
          EXPECT_EQ(r.distance[v], kInf) << c.e << " vertex " << v;
        else
          EXPECT_NEAR(r.distance[v], want[v], 1e-4 * (1 + want[v])) << c.e << " vertex " << v;
      }
    }
  }
}

#ifdef SPGRAPH_HAVE_BOOST
TEST(SsspSharedData, RoadGraphMatchesBoost) {
  SPGRAPH_REQUIRE_SHARED(path, "road/luxembourg_osm.mtx");
  const Matrix<bool> road = load_graph(path.string());
  std::vector<Arc> arcs;
  for (Vertex u = 0; u < road.nrows(); ++u)
    for (Offset k = road.csr().row_begin(u); k < road.csr().row_end(u); ++k) {
      const Vertex v = road.csr().col[k];
      arcs.push_back({u, v, double(1 + (std::min(u, v) * 7919u + std::max(u, v)) % 255)});
    }
  const Matrix<double> a = matrix_of(road.nrows(), arcs);
  const std::vector<double> want = boost_dijkstra(road.nrows(), arcs, 0);
  SsspOptions delta;
  expect_distances(a, sssp(a, 0, delta), want);
  SsspOptions bf;
  bf.method = SsspMethod::BellmanFord;
  expect_distances(a, sssp(a, 0, bf), want);
}
#endif

}  // namespace
}  // namespace spgraph::testing
