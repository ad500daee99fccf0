// SPDX-License-Identifier: Apache-2.0
// The transitive-closure verifier (algorithms/closure/closure_verify.hpp), the one `spgraph
// compare closure` uses: it accepts every method's closure, R+ and R*, on small and random
// digraphs (empty, isolated vertices, self-loops, cycles, chains) and closures equal pair by
// pair, by count or by digest; it rejects every closure with a pair missing, added or moved,
// naming the first violation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/closure/closure.hpp"
#include "algorithms/closure/closure_verify.hpp"
#include "loaders/generators.hpp"

namespace spgraph::testing {
namespace {

using PairList = std::vector<std::pair<Vertex, Vertex>>;

Matrix<bool> matrix_of(Vertex n, const PairList& pairs) {
  std::vector<Vertex> r, c;
  for (auto [u, v] : pairs) r.push_back(u), c.push_back(v);
  return Matrix<bool>::build_pattern(n, n, r, c);
}

PairList pairs_of(const Csr<bool>& m) {
  PairList out;
  for (Vertex u = 0; u < m.nrows; ++u)
    for (Offset k = m.row_begin(u); k < m.row_end(u); ++k) out.emplace_back(u, m.col[k]);
  return out;
}

/// Random directed graphs: uniform arcs (with repeats), plus self-loops on every 7th vertex.
Matrix<bool> random_digraph(Vertex n, Offset m, std::uint64_t seed) {
  Coo<bool> coo = generate_uniform(n, m, seed, false);
  for (Vertex v = 0; v < n; v += 7) coo.row.push_back(v), coo.col.push_back(v);
  return Matrix<bool>::from_coo(std::move(coo));
}

constexpr ClosureMethod kMethods[] = {ClosureMethod::Auto, ClosureMethod::Scc,
                                      ClosureMethod::SemiNaive};

// ---- positive cases ---------------------------------------------------------------------------

TEST(ClosureVerify, AcceptsEveryMethodOnRandomDigraphs) {
  const std::uint64_t seed = 20261202;
  RecordProperty("seed", std::to_string(seed));
  for (Vertex n : {1u, 8u, 60u, 250u})
    for (double degree : {0.5, 1.0, 1.5, 4.0})
      for (bool refl : {false, true}) {
        const Matrix<bool> a = random_digraph(n, Offset(degree * n), seed + n);
        ClosureResult first;
        for (ClosureMethod m : kMethods) {
          SCOPED_TRACE("n " + std::to_string(n) + " degree " + std::to_string(degree) + " " +
                       closure_method_name(m) + (refl ? " R*" : " R+"));
          ClosureOptions o;
          o.method = m;
          o.reflexive = refl;
          const ClosureResult r = transitive_closure(a, o);
          EXPECT_EQ(check_closure(a.csr(), r.closure.csr(), refl), "");
          if (m == kMethods[0]) first = r;
          EXPECT_EQ(check_same_closure_pairs(r.closure.csr(), first.closure.csr()), "");
          o.count_only = true;
          EXPECT_EQ(check_same_closure_count(transitive_closure(a, o).pairs, r.pairs), "");
          EXPECT_EQ(check_closure_digest(r.pairs, first.pairs, true), "");
        }
      }
}

TEST(ClosureVerify, AcceptsEdgeCases) {
  for (bool refl : {false, true}) {
    ClosureOptions o;
    o.reflexive = refl;
    const Matrix<bool> empty(0, 0, true);
    EXPECT_EQ(check_closure(empty.csr(), transitive_closure(empty, o).closure.csr(), refl), "");
    const Matrix<bool> isolated(5, 5, true);
    EXPECT_EQ(check_closure(isolated.csr(), transitive_closure(isolated, o).closure.csr(), refl),
              "");
    const Matrix<bool> loop = matrix_of(3, {{1, 1}});
    EXPECT_EQ(check_closure(loop.csr(), transitive_closure(loop, o).closure.csr(), refl), "");
    const Matrix<bool> cycle = matrix_of(4, {{0, 1}, {1, 2}, {2, 0}, {2, 3}});
    EXPECT_EQ(check_closure(cycle.csr(), transitive_closure(cycle, o).closure.csr(), refl), "");
  }
  // By hand: the chain 0 -> 1 -> 2 and a self-loop on 3.
  const Matrix<bool> chain = matrix_of(4, {{0, 1}, {1, 2}, {3, 3}});
  EXPECT_EQ(check_closure(chain.csr(), matrix_of(4, {{0, 1}, {0, 2}, {1, 2}, {3, 3}}).csr()), "");
  EXPECT_EQ(check_closure(
                chain.csr(),
                matrix_of(4, {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {1, 2}, {2, 2}, {3, 3}}).csr(), true),
            "");
}

// ---- negative cases ---------------------------------------------------------------------------

TEST(ClosureVerify, RejectsWrongClosuresNamingTheFirstViolation) {
  const Matrix<bool> chain = matrix_of(3, {{0, 1}, {1, 2}});
  const auto& g = chain.csr();
  ASSERT_EQ(check_closure(g, matrix_of(3, {{0, 1}, {0, 2}, {1, 2}}).csr()), "");
  EXPECT_EQ(check_closure(g, matrix_of(3, {{0, 1}, {1, 2}}).csr()),
            "vertex 2 is reachable from vertex 0, but pair 0 -> 2 is missing from the closure");
  EXPECT_EQ(check_closure(g, matrix_of(3, {{0, 1}, {0, 2}, {1, 2}, {2, 0}}).csr()),
            "pair 2 -> 0 is in the closure, but no path of one or more arcs leads from vertex 2 "
            "to vertex 0");
  EXPECT_EQ(check_closure(g, matrix_of(3, {{0, 1}, {0, 2}, {1, 1}, {1, 2}}).csr()),
            "pair 1 -> 1 is in the closure, but no path of one or more arcs leads from vertex 1 "
            "to vertex 1");
  EXPECT_EQ(check_closure(g, matrix_of(3, {{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 2}}).csr(), true),
            "vertex 1 is reachable from vertex 1, but pair 1 -> 1 is missing from the closure");
  EXPECT_EQ(check_closure(g, matrix_of(3, {{0, 1}, {0, 2}, {1, 2}, {2, 0}}).csr(), true),
            "vertex 0 is reachable from vertex 0, but pair 0 -> 0 is missing from the closure");
  EXPECT_EQ(check_closure(g, matrix_of(2, {{0, 1}}).csr()), "the closure is 2 x 2 for 3 vertices");
  Csr<bool> unsorted;
  unsorted.nrows = unsorted.ncols = 3;
  unsorted.pattern = true;
  unsorted.row_ptr = {0, 2, 3, 3};
  unsorted.col = {2, 1, 2};
  EXPECT_EQ(check_closure(g, unsorted), "row 0 of the closure is not sorted or repeats a pair");
  unsorted.col = {1, 1, 2};
  EXPECT_EQ(check_closure(g, unsorted), "row 0 of the closure is not sorted or repeats a pair");
  EXPECT_EQ(check_closure(Matrix<bool>(2, 3, true).csr(), unsorted), "the graph is not square");
  const VertexNamer one_based = [](Vertex v) { return std::to_string(v + 1); };
  EXPECT_EQ(check_closure(g, matrix_of(3, {{0, 1}, {1, 2}}).csr(), false, one_based),
            "vertex 3 is reachable from vertex 1, but pair 1 -> 3 is missing from the closure");
}

TEST(ClosureVerify, RejectsClosuresThatDifferBetweenEngines) {
  const AnswerNames engines{"spgraph", "GraphBLAS"};
  EXPECT_EQ(check_same_closure_count(6, 5, engines),
            "spgraph finds 6 closure pairs but GraphBLAS finds 5");
  const Matrix<bool> x = matrix_of(3, {{0, 1}, {0, 2}}), y = matrix_of(3, {{0, 1}, {1, 2}});
  const Matrix<bool> z = matrix_of(3, {{0, 1}});
  EXPECT_EQ(check_same_closure_pairs(x.csr(), y.csr(), engines),
            "the closure pair sets differ (same count)");
  EXPECT_EQ(check_same_closure_pairs(x.csr(), z.csr()),
            "the answer finds 2 closure pairs but the reference finds 1");
  EXPECT_EQ(check_closure_digest(6, 5, true, {"spgraph", "Boost.Graph"}),
            "Boost.Graph's closure has 5 pairs, spgraph's 6");
  EXPECT_EQ(check_closure_digest(6, 6, false, {"spgraph", "Boost.Graph"}),
            "Boost.Graph's closure has 6 pairs, spgraph's 6 (the pair sets differ)");
}

TEST(ClosureVerify, RejectsEveryRandomPerturbationOfARealClosure) {
  const std::uint64_t seed = 29;
  RecordProperty("seed", std::to_string(seed));
  std::mt19937_64 rng(seed);
  const Matrix<bool> a = random_digraph(80, 100, seed);
  const Vertex n = a.nrows();
  const PairList right = pairs_of(transitive_closure(a).closure.csr());
  ASSERT_GT(right.size(), 10u);
  ASSERT_LT(right.size(), std::size_t(n) * n);
  int tried = 0;
  for (int trial = 0; trial < 300; ++trial) {
    PairList wrong = right;
    const std::size_t at = rng() % wrong.size();
    const std::pair<Vertex, Vertex> extra{Vertex(rng() % n), Vertex(rng() % n)};
    const bool present = std::find(right.begin(), right.end(), extra) != right.end();
    switch (trial % 3) {
      case 0:  // one pair missing
        wrong.erase(wrong.begin() + std::ptrdiff_t(at));
        break;
      case 1:  // one pair too many
        if (present) continue;
        wrong.push_back(extra);
        break;
      default:  // one pair moved: the count stays right
        if (present) continue;
        wrong[at] = extra;
    }
    const Matrix<bool> w = matrix_of(n, wrong);
    EXPECT_NE(check_closure(a.csr(), w.csr()), "") << "trial " << trial;
    EXPECT_NE(check_same_closure_pairs(w.csr(), matrix_of(n, right).csr()), "");
    ++tried;
  }
  EXPECT_GT(tried, 250);
}

}  // namespace
}  // namespace spgraph::testing
