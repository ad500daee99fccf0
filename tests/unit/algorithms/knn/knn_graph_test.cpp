// SPDX-License-Identifier: Apache-2.0
// knn_graph: the matrix written from a KnnResult holds exactly the result's entries, entry
// (queries[r], ids[j]) = scores[j] for every row r (similarity, distance and feature results,
// zero scores included), has the requested shape, and refuses a shape that does not cover
// every query or answer id (DimensionMismatch). Results built by hand are checked too, so the
// test does not depend on the queries.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "algorithms/knn/knn.hpp"
#include "engine/core/error.hpp"
#include "tests/unit/algorithms/knn/knn_oracle.hpp"

namespace spgraph::testing::knn {
namespace {

/// Every entry of m is an entry of r and every entry of r is in m (distinct query rows).
void expect_graph_of(const KnnResult& r, Vertex nrows, Vertex ncols) {
  const Matrix<double> m = knn_graph(r, nrows, ncols);
  EXPECT_EQ(m.nrows(), nrows);
  EXPECT_EQ(m.ncols(), ncols);
  EXPECT_EQ(m.nvals(), Offset(r.ids.size()));
  EXPECT_FALSE(m.is_pattern());
  for (std::size_t q = 0; q < r.num_queries(); ++q) {
    const auto ids = r.ids_of(q);
    const auto scores = r.scores_of(q);
    EXPECT_EQ(m.csr().degree(r.queries[q]), ids.size()) << "row " << r.queries[q];
    for (std::size_t j = 0; j < ids.size(); ++j) {
      const auto got = m.get(r.queries[q], ids[j]);
      ASSERT_TRUE(got.has_value()) << "(" << r.queries[q] << ", " << ids[j] << ")";
      EXPECT_EQ(*got, scores[j]) << "(" << r.queries[q] << ", " << ids[j] << ")";
    }
  }
}

TEST(KnnGraph, HandBuiltResult) {
  KnnResult r;
  r.queries = {3, 0, 2};
  r.ptr = {0, 2, 2, 5};
  r.ids = {4, 1, 0, 2, 6};
  r.scores = {0.5, 0.25, 3.0, 0.0, -1.5};
  const Matrix<double> m = knn_graph(r, 4, 7);
  ASSERT_EQ(m.nrows(), 4u);
  ASSERT_EQ(m.ncols(), 7u);
  EXPECT_EQ(m.nvals(), 5u);
  EXPECT_EQ(m.get(3, 4), 0.5);
  EXPECT_EQ(m.get(3, 1), 0.25);
  EXPECT_EQ(m.get(2, 0), 3.0);
  EXPECT_EQ(m.get(2, 2), 0.0);  // a zero score is an entry
  EXPECT_EQ(m.get(2, 6), -1.5);
  EXPECT_FALSE(m.get(0, 0).has_value());
  EXPECT_EQ(m.csr().degree(0), 0u);
  EXPECT_EQ(m.csr().degree(1), 0u);
  expect_graph_of(r, 4, 7);
  expect_graph_of(r, 10, 100);

  // The shape must exceed every query id and every answer id.
  EXPECT_THROW(knn_graph(r, 3, 7), DimensionMismatch);  // query 3
  EXPECT_THROW(knn_graph(r, 4, 6), DimensionMismatch);  // answer 6
  EXPECT_THROW(knn_graph(r, 0, 0), DimensionMismatch);
}

TEST(KnnGraph, EmptyResults) {
  const KnnResult none;
  const Matrix<double> m = knn_graph(none, 0, 0);
  EXPECT_EQ(m.nrows(), 0u);
  EXPECT_EQ(m.nvals(), 0u);
  const Matrix<double> m2 = knn_graph(none, 5, 3);
  EXPECT_EQ(m2.nrows(), 5u);
  EXPECT_EQ(m2.ncols(), 3u);
  EXPECT_EQ(m2.nvals(), 0u);
  KnnResult rows_without_answers;
  rows_without_answers.queries = {0, 4};
  rows_without_answers.ptr = {0, 0, 0};
  EXPECT_EQ(knn_graph(rows_without_answers, 5, 1).nvals(), 0u);
  EXPECT_THROW(knn_graph(rows_without_answers, 4, 1), DimensionMismatch);
}

TEST(KnnGraph, EntriesEqualTheResultRows) {
  const Vertex n = 300;
  const std::vector<Arc> arcs = power_law(n, 1200, 4101, 0, 3);
  const Matrix<double> a = valued_of<double>(n, arcs);
  std::vector<Vertex> everyone(n);
  for (Vertex v = 0; v < n; ++v) everyone[v] = v;

  for (SimilarityMeasure m : kAllMeasures) {
    SimilarityKnnOptions o;
    o.measure = m;
    o.k = 7;
    o.include_self = true;
    SCOPED_TRACE(describe(o));
    expect_graph_of(similarity_knn_all(a, o), n, n);
  }
  // Distances: the source at distance 0 (include_self) and zero-weight arcs give 0 entries.
  for (DistanceKind kind : {DistanceKind::Hops, DistanceKind::Weighted}) {
    DistanceKnnOptions o;
    o.kind = kind;
    o.k = 9;
    o.include_self = true;
    const KnnResult r = distance_knn(a, std::span<const Vertex>(everyone), o);
    expect_graph_of(r, n, n);
    const Matrix<double> g = knn_graph(r, n, n);
    EXPECT_EQ(g.get(0, 0), 0.0);
  }
  // A subset of queries: only their rows are filled.
  const std::vector<Vertex> some{250, 3, 77};
  const KnnResult r = similarity_knn(a, std::span<const Vertex>(some));
  expect_graph_of(r, n, n);
  const Matrix<double> g = knn_graph(r, n, n);
  Offset filled = 0;
  for (Vertex v : some) filled += g.csr().degree(v);
  EXPECT_EQ(filled, g.nvals());
}

}  // namespace
}  // namespace spgraph::testing::knn
