// SPDX-License-Identifier: Apache-2.0
// Transitive closure against independent answers: DFS from every vertex (brute force) and
// Boost.Graph's transitive_closure on random directed graphs (cycles, self-loops, repeated
// arcs), for both methods, R+ and R*, pairs and counts; the reachability index against the same
// oracle; the strongly connected components' invariants; the closure sizes and semi-naive
// rounds published for ../shared/data/closure (MANIFEST.md); edge cases (empty, self-loop only,
// chains, one big cycle, a million-vertex chain for the iterative Tarjan); and the memory guard.
// Closures also pass the verifier `spgraph compare closure` uses (closure_verify.hpp).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "algorithms/closure/closure.hpp"
#include "algorithms/closure/closure_verify.hpp"
#include "loaders/generators.hpp"
#include "loaders/load.hpp"
#include "tests/support/test_data.hpp"

#ifdef SPGRAPH_HAVE_BOOST
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/transitive_closure.hpp>
#endif

namespace spgraph::testing {
namespace {

using Pairs = std::set<std::pair<Vertex, Vertex>>;

/// R+ by depth-first search from every vertex: v is reached from u by a path of >= 1 arcs.
Pairs dfs_closure(const Matrix<bool>& a) {
  const auto& g = a.csr();
  Pairs out;
  std::vector<Vertex> stack;
  for (Vertex u = 0; u < g.nrows; ++u) {
    std::vector<bool> seen(g.nrows, false);
    stack.assign(g.col.begin() + g.row_begin(u), g.col.begin() + g.row_end(u));
    while (!stack.empty()) {
      const Vertex v = stack.back();
      stack.pop_back();
      if (seen[v]) continue;
      seen[v] = true;
      out.emplace(u, v);
      for (Offset k = g.row_begin(v); k < g.row_end(v); ++k) stack.push_back(g.col[k]);
    }
  }
  return out;
}

Pairs pairs_of(const Matrix<bool>& m) {
  Pairs out;
  for (Vertex i = 0; i < m.nrows(); ++i)
    for (Offset k = m.csr().row_begin(i); k < m.csr().row_end(i); ++k)
      out.emplace(i, m.csr().col[k]);
  return out;
}

Pairs reflexive(Pairs p, Vertex n) {
  for (Vertex v = 0; v < n; ++v) p.emplace(v, v);
  return p;
}

/// Random directed graphs: uniform arcs (with repeats), plus self-loops on every 7th vertex.
Matrix<bool> random_digraph(Vertex n, Offset m, std::uint64_t seed) {
  Coo<bool> coo = generate_uniform(n, m, seed, false);
  for (Vertex v = 0; v < n; v += 7) {
    coo.row.push_back(v);
    coo.col.push_back(v);
  }
  return Matrix<bool>::from_coo(std::move(coo));
}

constexpr ClosureMethod kMethods[] = {ClosureMethod::Auto, ClosureMethod::Scc,
                                      ClosureMethod::SemiNaive};

TEST(TransitiveClosure, RandomDigraphsMatchDfsFromEveryVertex) {
  const std::uint64_t seed = 20261125;
  RecordProperty("seed", std::to_string(seed));
  for (Vertex n : {1u, 8u, 60u, 250u}) {
    for (double degree : {0.5, 1.0, 1.5, 4.0}) {  // below, near and above the giant SCC
      const Matrix<bool> a = random_digraph(n, Offset(degree * n), seed + n);
      const Pairs want = dfs_closure(a);
      for (ClosureMethod m : kMethods) {
        for (bool refl : {false, true}) {
          SCOPED_TRACE("n " + std::to_string(n) + " degree " + std::to_string(degree) + " " +
                       closure_method_name(m) + (refl ? " R*" : " R+") + " seed " +
                       std::to_string(seed));
          ClosureOptions o;
          o.method = m;
          o.reflexive = refl;
          const ClosureResult r = transitive_closure(a, o);
          const Pairs expect = refl ? reflexive(want, n) : want;
          EXPECT_EQ(r.pairs, expect.size());
          EXPECT_EQ(pairs_of(r.closure), expect);
          EXPECT_EQ(check_closure(a.csr(), r.closure.csr(), refl), "");
          EXPECT_TRUE(r.closure.is_pattern());
          o.count_only = true;
          const ClosureResult counted = transitive_closure(a, o);
          EXPECT_EQ(counted.pairs, expect.size());
          EXPECT_EQ(check_same_closure_count(counted.pairs, r.pairs), "");
          EXPECT_EQ(counted.closure.nvals(), 0u);
        }
      }
    }
  }
}

#ifdef SPGRAPH_HAVE_BOOST
TEST(TransitiveClosure, RandomDigraphsMatchBoostGraph) {
  using G = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  const std::uint64_t seed = 7;
  RecordProperty("seed", std::to_string(seed));
  for (Vertex n : {30u, 200u}) {
    const Matrix<bool> a = random_digraph(n, 2 * n, seed + n);
    G g(n);
    for (Vertex i = 0; i < n; ++i)
      for (Offset k = a.csr().row_begin(i); k < a.csr().row_end(i); ++k)
        boost::add_edge(i, a.csr().col[k], g);
    G tc;
    boost::transitive_closure(g, tc);
    Pairs want;
    for (auto [e, end] = boost::edges(tc); e != end; ++e)
      want.emplace(Vertex(boost::source(*e, tc)), Vertex(boost::target(*e, tc)));
    // Boost's closure lists (v, v) for every vertex on a cycle, as R+ does.
    for (ClosureMethod m : kMethods) {
      ClosureOptions o;
      o.method = m;
      const ClosureResult r = transitive_closure(a, o);
      EXPECT_EQ(pairs_of(r.closure), want) << closure_method_name(m) << " n " << n;
      EXPECT_EQ(check_closure(a.csr(), r.closure.csr()), "") << closure_method_name(m);
    }
  }
}
#endif

TEST(Reachability, IndexAnswersEveryPairLikeDfs) {
  for (Vertex n : {1u, 50u, 300u}) {
    const Matrix<bool> a = random_digraph(n, Offset(1.2 * n), 31 + n);
    const Pairs want = dfs_closure(a);
    const ReachabilityIndex idx(a);
    EXPECT_EQ(idx.pairs(), want.size());
    for (Vertex u = 0; u < n; ++u) {
      Offset count = 0;
      for (Vertex v = 0; v < n; ++v) {
        const bool reach = want.count({u, v}) > 0;
        ASSERT_EQ(idx.reachable(u, v), reach) << u << " -> " << v;
        count += reach;
      }
      EXPECT_EQ(idx.reachable_count(u), count) << u;
    }
  }
  const ReachabilityIndex idx(random_digraph(5, 5, 1));
  EXPECT_THROW(idx.reachable(0, 5), IndexOutOfBounds);
  EXPECT_THROW(idx.reachable_count(9), IndexOutOfBounds);
}

TEST(StronglyConnectedComponents, ComponentsAreMutualReachabilityAndIdsReverseTopological) {
  const Matrix<bool> a = random_digraph(400, 500, 5);
  const Pairs reach = dfs_closure(a);
  const Condensation c = condense(adjacency_of(a.csr()));
  for (Vertex u = 0; u < 400; ++u)
    for (Vertex v = 0; v < 400; ++v) {
      const bool same = u == v || (reach.count({u, v}) && reach.count({v, u}));
      ASSERT_EQ(c.comp[u] == c.comp[v], same) << u << " " << v;
    }
  for (Vertex k = 0; k < c.num_components; ++k) {
    for (Offset q = c.dag.row_begin(k); q < c.dag.row_end(k); ++q) {
      EXPECT_LT(c.dag.col[q], k);  // arcs go to lower ids
      if (q > c.dag.row_begin(k)) {
        EXPECT_LT(c.dag.col[q - 1], c.dag.col[q]);
      }
    }
    for (Offset m = c.members.row_begin(k); m + 1 < c.members.row_end(k); ++m)
      EXPECT_LT(c.members.col[m], c.members.col[m + 1]);
  }
}

TEST(StronglyConnectedComponents, AMillionVertexChainNeedsNoRecursion) {
  const Vertex n = 1000000;
  std::vector<Vertex> r(n - 1), col(n - 1);
  for (Vertex v = 0; v + 1 < n; ++v) r[v] = v, col[v] = v + 1;
  r.push_back(n - 1), col.push_back(0);  // close the cycle: one component of a million
  const Matrix<bool> cycle = Matrix<bool>::build_pattern(n, n, r, col);
  const Condensation c = condense(adjacency_of(cycle.csr()));
  EXPECT_EQ(c.num_components, 1u);
  EXPECT_EQ(c.largest, n);
  ClosureOptions o;
  o.count_only = true;
  EXPECT_EQ(transitive_closure(cycle, o).pairs, Offset(n) * n);  // every pair, (v, v) included
}

TEST(TransitiveClosure, EdgeCases) {
  ClosureOptions o;
  EXPECT_EQ(transitive_closure(Matrix<bool>(0, 0, true), o).pairs, 0u);
  EXPECT_EQ(transitive_closure(Matrix<bool>(5, 5, true), o).pairs, 0u);  // isolated vertices
  o.reflexive = true;
  const Matrix<bool> isolated(5, 5, true);
  EXPECT_EQ(transitive_closure(isolated, o).pairs, 5u);
  EXPECT_EQ(check_closure(isolated.csr(), transitive_closure(isolated, o).closure.csr(), true), "");
  o.reflexive = false;
  const Matrix<bool> loop =
      Matrix<bool>::build_pattern(3, 3, std::vector<Vertex>{1}, std::vector<Vertex>{1});
  const ClosureResult rl = transitive_closure(loop, o);
  EXPECT_EQ(pairs_of(rl.closure), (Pairs{{1, 1}}));
  EXPECT_EQ(check_closure(loop.csr(), rl.closure.csr()), "");
  // A chain of 300: C(300, 2) pairs, and 299 semi-naive products find new pairs.
  std::vector<Vertex> r, c;
  for (Vertex v = 0; v + 1 < 300; ++v) r.push_back(v), c.push_back(v + 1);
  const Matrix<bool> chain = Matrix<bool>::build_pattern(300, 300, r, c);
  for (ClosureMethod m : kMethods) {
    o.method = m;
    const ClosureResult res = transitive_closure(chain, o);
    EXPECT_EQ(res.pairs, 300u * 299u / 2) << closure_method_name(m);
    EXPECT_EQ(check_closure(chain.csr(), res.closure.csr()), "") << closure_method_name(m);
    EXPECT_EQ(res.iterations, 299u) << closure_method_name(m);  // rounds or levels alike
  }
  EXPECT_THROW(transitive_closure(Matrix<bool>(2, 3, true)), DimensionMismatch);
  EXPECT_THROW(parse_closure_method("magic"), InvalidArgument);
}

TEST(TransitiveClosure, TooLargeFailsBeforeAllocatingAndStatesTheEstimate) {
  // A 3000-cycle has 9 million pairs (36 MB); allow 1 MB.
  std::vector<Vertex> r, c;
  for (Vertex v = 0; v < 3000; ++v) r.push_back(v), c.push_back((v + 1) % 3000);
  const Matrix<bool> cycle = Matrix<bool>::build_pattern(3000, 3000, r, c);
  for (ClosureMethod m : kMethods) {
    ClosureOptions o;
    o.method = m;
    o.memory_limit = 1 << 20;
    try {
      transitive_closure(cycle, o);
      FAIL() << "expected OutOfMemory for " << closure_method_name(m);
    } catch (const OutOfMemory& e) {
      // The estimate (27% standard error) is stated, with the limit and the bytes.
      const std::string msg = e.what();
      const auto at = msg.find("about ");
      ASSERT_NE(at, std::string::npos) << msg;
      const double stated = std::stod(msg.substr(at + 6));
      EXPECT_GT(stated, 4.5e6) << msg;
      EXPECT_LT(stated, 13.5e6) << msg;
      EXPECT_NE(msg.find("pairs and need about"), std::string::npos) << msg;
      EXPECT_NE(msg.find("the memory limit of 1.0 MB"), std::string::npos) << msg;
      EXPECT_NE(msg.find("nothing was allocated"), std::string::npos) << msg;
    }
  }
  // Counting needs only the condensed form: one component, so it fits.
  ClosureOptions count;
  count.count_only = true;
  count.memory_limit = 1 << 20;
  EXPECT_EQ(transitive_closure(cycle, count).pairs, 9000000u);
}

/// The closure set of ../shared/data (MANIFEST.md): pairs and semi-naive rounds as published.
struct ClosureCase {
  const char* file;
  Offset pairs;
  Vertex rounds;  // semi-naive iterations as MANIFEST.md states them
};
constexpr ClosureCase kClosureSet[] = {
    {"closure/data_7035.txt", 146120, 64},     {"closure/data_21693.txt", 501755, 195},
    {"closure/data_23874.txt", 481121, 58},    {"closure/data_26013.txt", 21402960, 20},
    {"closure/data_51971.txt", 74619885, 18},  {"closure/data_88234.txt", 2508102, 17},
    {"closure/data_119666.txt", 5022084, 426}, {"closure/data_121544.txt", 329438, 11},
    {"closure/data_196575.txt", 6137959, 101},
};

TEST(TransitiveClosure, PublishedSizesOfTheSharedClosureSet) {
  for (const ClosureCase& cs : kClosureSet) {
    SCOPED_TRACE(cs.file);
    const std::filesystem::path p = shared_data(cs.file);
    if (p.empty()) GTEST_SKIP() << "shared data not present: ../shared/data/" << cs.file;
    const Matrix<bool> a = load_graph(p.string());
    ClosureOptions o;
    o.count_only = true;
    EXPECT_EQ(transitive_closure(a, o).pairs, cs.pairs);
  }
}

TEST(TransitiveClosure, SemiNaiveRoundsAndPairsOnTheSmallerClosureGraphs) {
  for (const ClosureCase& cs : kClosureSet) {
    if (cs.pairs > 1000000) continue;  // the rest run in the benchmarks
    SCOPED_TRACE(cs.file);
    const std::filesystem::path p = shared_data(cs.file);
    if (p.empty()) GTEST_SKIP() << "shared data not present: ../shared/data/" << cs.file;
    const Matrix<bool> a = load_graph(p.string());
    ClosureOptions o;
    o.method = ClosureMethod::SemiNaive;
    const ClosureResult r = transitive_closure(a, o);
    EXPECT_EQ(r.pairs, cs.pairs);
    EXPECT_EQ(r.iterations, cs.rounds);
    o.method = ClosureMethod::Scc;
    EXPECT_EQ(check_same_closure_pairs(transitive_closure(a, o).closure.csr(), r.closure.csr(),
                                       {"scc", "seminaive"}),
              "");
  }
}

}  // namespace
}  // namespace spgraph::testing
