// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the BFS tests: the Boost.Graph reference (when built with Boost), the
// checks every BFS result must pass (levels equal the references, parents form a valid BFS
// tree over arcs of A), and the option variants each method is run with.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/bfs/bfs_verify.hpp"
#include "engine/matrix.hpp"
#include "formats/coo/coo.hpp"
#include "tests/oracle/bfs_oracle.hpp"

#ifdef SPGRAPH_HAVE_BOOST
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>
#endif

namespace spgraph::testing {

/// The name of a method, for test names and messages.
inline std::string method_name(BfsMethod m) {
  switch (m) {
    case BfsMethod::Auto:
      return "Auto";
    case BfsMethod::Push:
      return "Push";
    case BfsMethod::Pull:
      return "Pull";
  }
  return "Unknown";
}

}  // namespace spgraph::testing

namespace spgraph {
/// Prints a method by name in GoogleTest messages and ctest names.
inline void PrintTo(BfsMethod m, std::ostream* os) {
  *os << testing::method_name(m);
}
}  // namespace spgraph

namespace spgraph::testing {

inline const std::vector<BfsMethod> kAllMethods = {BfsMethod::Auto, BfsMethod::Push,
                                                   BfsMethod::Pull};

/// The option sets a method is exercised with: the defaults, plus for Auto thresholds that
/// switch direction almost every level, and for symmetric graphs the `undirected` hint.
inline std::vector<BfsOptions> option_variants(BfsMethod method, bool symmetric) {
  std::vector<BfsOptions> variants;
  BfsOptions base;
  base.method = method;
  variants.push_back(base);
  if (method == BfsMethod::Auto) {
    BfsOptions eager = base;
    eager.alpha = 1;
    eager.beta = 2;
    variants.push_back(eager);
  }
  if (symmetric) {
    const std::size_t directed_variants = variants.size();
    for (std::size_t i = 0; i < directed_variants; ++i) {
      BfsOptions hinted = variants[i];
      hinted.undirected = true;
      variants.push_back(hinted);
    }
  }
  return variants;
}

/// A short description of an option set, for SCOPED_TRACE.
inline std::string describe(const BfsOptions& o) {
  return method_name(o.method) + " alpha=" + std::to_string(o.alpha) +
         " beta=" + std::to_string(o.beta) + (o.undirected ? " undirected" : "") +
         (o.levels ? " levels" : "") + (o.parents ? " parents" : "");
}

/// Hop distances computed by Boost.Graph's breadth_first_search over the tuples of `coo`
/// (built independently of spgraph's CSR); -1 for unreachable vertices.
#ifdef SPGRAPH_HAVE_BOOST
template <class T>
std::vector<std::int64_t> boost_levels(const Coo<T>& coo, Vertex source) {
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  Graph g(coo.nrows);
  for (Offset k = 0; k < coo.size(); ++k) boost::add_edge(coo.row[k], coo.col[k], g);
  std::vector<std::int64_t> dist(coo.nrows, -1);
  dist[source] = 0;
  boost::breadth_first_search(g, boost::vertex(source, g),
                              boost::visitor(boost::make_bfs_visitor(
                                  boost::record_distances(dist.data(), boost::on_tree_edge()))));
  return dist;
}
#endif

/// The tuples of `a`, for feeding a matrix loaded from a file to Boost.
template <class T>
Coo<T> tuples_of(const Matrix<T>& a) {
  Coo<T> coo;
  coo.nrows = a.nrows();
  coo.ncols = a.ncols();
  coo.pattern = true;
  std::vector<T> vals;
  a.extract_tuples(coo.row, coo.col, vals);
  return coo;
}

/// Checks that `parent` is a BFS tree of `a` from `source` consistent with `expected` levels,
/// with the one verifier the CLI uses too (algorithms/bfs/bfs_verify.hpp).
template <class T>
void expect_valid_parents(const Matrix<T>& a, Vertex source,
                          const std::vector<std::int64_t>& expected,
                          const std::vector<Vertex>& parent) {
  EXPECT_EQ(check_bfs_tree(a.csr(), source, expected, signed_copy(parent)), "");
}

/// Checks the summary counts of a result: vertices reached and the largest level.
inline void expect_summary(const std::vector<std::int64_t>& expected, const BfsResult& r) {
  const auto reached =
      std::count_if(expected.begin(), expected.end(), [](std::int64_t l) { return l >= 0; });
  EXPECT_EQ(r.reached, Vertex(reached));
  EXPECT_EQ(std::int64_t(r.depth), *std::max_element(expected.begin(), expected.end()));
}

/// Checks one full BFS result (levels and parents requested) against the expected levels.
template <class T>
void expect_bfs_result(const Matrix<T>& a, Vertex source, const std::vector<std::int64_t>& expected,
                       const BfsResult& r) {
  EXPECT_EQ(r.source, source);
  EXPECT_EQ(signed_copy(r.level), expected);
  expect_valid_parents(a, source, expected, r.parent);
  expect_summary(expected, r);
}

/// Runs `method` with each of its option variants from `source` and checks each result.
template <class T>
void expect_method_matches(const Matrix<T>& a, Vertex source,
                           const std::vector<std::int64_t>& expected, BfsMethod method,
                           bool symmetric) {
  for (const BfsOptions& options : option_variants(method, symmetric)) {
    SCOPED_TRACE("source " + std::to_string(source) + ", " + describe(options));
    expect_bfs_result(a, source, expected, bfs(a, source, options));
  }
}

/// Runs every method and option variant from `source` and checks each against `expected`.
template <class T>
void expect_all_methods_match(const Matrix<T>& a, Vertex source,
                              const std::vector<std::int64_t>& expected, bool symmetric) {
  for (BfsMethod method : kAllMethods)
    expect_method_matches(a, source, expected, method, symmetric);
}

/// The serial-oracle levels from `source`, after checking that Boost.Graph (when built with
/// Boost) computes the same ones from the raw tuples.
template <class T>
std::vector<std::int64_t> reference_levels(const Matrix<T>& a, const Coo<T>& tuples,
                                           Vertex source) {
  std::vector<std::int64_t> expected = oracle::bfs_levels(a.csr(), source);
#ifdef SPGRAPH_HAVE_BOOST
  EXPECT_EQ(boost_levels(tuples, source), expected)
      << "the serial oracle and Boost.Graph disagree from source " << source;
#else
  (void)tuples;
#endif
  return expected;
}

/// True when A equals its transpose.
template <class T>
bool is_symmetric(const Matrix<T>& a) {
  const Csr<T>& t = a.transposed();
  return a.nrows() == a.ncols() && a.csr().row_ptr == t.row_ptr && a.csr().col == t.col;
}

/// A vertex of largest out-degree (a source that reaches much of a power-law graph).
template <class T>
Vertex max_degree_vertex(const Matrix<T>& a) {
  Vertex best = 0;
  for (Vertex v = 1; v < a.nrows(); ++v)
    if (a.csr().degree(v) > a.csr().degree(best)) best = v;
  return best;
}

}  // namespace spgraph::testing
