// SPDX-License-Identifier: Apache-2.0
// Checks kNN answers (knn.hpp), the one verifier `spgraph compare knn` and the tests share. Two
// checks:
//   - compare_knn: two engines' answers to the same queries agree. With `exact` (the count
//     measures: common, jaccard, cosine, overlap derive their scores from integer counts with the
//     same double formulas) ids and scores must be identical bit for bit; otherwise (Adamic-Adar,
//     resource allocation, dot and cosine of features sum floating-point terms in another order)
//     each score must agree within a relative 1e-12 (of the larger of the two, or of the query's
//     best score) and ids must agree rank by rank except among answers whose scores are that
//     close (near-ties, counted), including a tie at the last rank that may hold other ids of
//     that score;
//   - check_knn_ranking: one answer against the contract of every query kind, with no second
//     engine: the rows well formed, at most k answers per query, no answer twice, ids in range,
//     scores not NaN and ranked by (score, then smaller id), best first. Whether the answers are
//     the best ones needs every candidate's score, which only a second computation gives
//     (compare_knn against GraphBLAS, or the tests' brute-force oracles).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "algorithms/knn/knn.hpp"
#include "algorithms/verify_common.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// compare_knn's relative tolerance for scores summed in another order.
inline constexpr double kKnnRelativeTolerance = 1e-12;

/// What compare_knn found: error is "" when the answers agree; near_ties counts the answers
/// whose ids differ inside a tolerated near-tie.
struct KnnComparison {
  std::string error;
  std::size_t near_ties = 0;
};

/// Compares two engines' answers to the same queries (see the file comment); `theirs` is any
/// type with KnnResult's ptr, ids and scores arrays. Queries are named by query_name (ours'
/// query ids), answers by answer_name.
template <class Theirs>
KnnComparison compare_knn(const KnnResult& ours, const Theirs& theirs, bool exact,
                          const VertexNamer& query_name = dense_vertex_name,
                          const VertexNamer& answer_name = dense_vertex_name,
                          AnswerNames names = {}) {
  KnnComparison c;
  auto query = [&](std::size_t q) { return "query " + query_name(ours.queries[q]); };
  auto difference = [&](std::size_t q, std::size_t i, Vertex id, double score) {
    return query(q) + ", rank " + std::to_string(i + 1) + ": " + names.ours + " has " +
           answer_name(ours.ids_of(q)[i]) + " (score " + exact_real(ours.scores_of(q)[i]) + "), " +
           names.theirs + " has " + answer_name(id) + " (score " + exact_real(score) + ")";
  };
  if (theirs.ptr.size() != ours.ptr.size()) {
    c.error = std::string(names.ours) + " answered " + std::to_string(ours.num_queries()) +
              " queries but " + names.theirs + " " + std::to_string(theirs.ptr.size() - 1);
    return c;
  }
  for (std::size_t q = 0; q < ours.num_queries(); ++q) {
    const auto ids = ours.ids_of(q);
    const auto scores = ours.scores_of(q);
    const std::size_t m = std::size_t(theirs.ptr[q + 1] - theirs.ptr[q]);
    const auto* tid = theirs.ids.data() + theirs.ptr[q];
    const double* tsc = theirs.scores.data() + theirs.ptr[q];
    if (m != ids.size()) {
      c.error = query(q) + ": " + names.ours + " has " + std::to_string(ids.size()) +
                " answers but " + names.theirs + " has " + std::to_string(m);
      return c;
    }
    double scale = 0;
    for (double s : scores) scale = std::max(scale, std::abs(s));
    auto close = [&](double a, double b) {
      return exact ? a == b
                   : std::abs(a - b) <=
                         kKnnRelativeTolerance * std::max({std::abs(a), std::abs(b), scale});
    };
    for (std::size_t i = 0; i < m; ++i)
      if (!close(scores[i], tsc[i])) {
        c.error = difference(q, i, Vertex(tid[i]), tsc[i]);
        return c;
      }
    // Ids rank by rank; inside a run of near-equal scores (a near-tie) any order of the same
    // ids is right, and a run that reaches the last rank may hold other ids of that score.
    for (std::size_t b = 0; b < m;) {
      std::size_t e = b + 1;
      while (e < m && close(scores[e - 1], scores[e]) && !exact) ++e;
      bool same = true;
      for (std::size_t i = b; i < e; ++i) same = same && ids[i] == tid[i];
      if (!same) {
        // The last rank may hold another id of the same score: a tie at the cut-off.
        if (e - b == 1 && e != m) {
          c.error = difference(q, b, Vertex(tid[b]), tsc[b]);
          return c;
        }
        std::vector<Vertex> x(ids.begin() + std::ptrdiff_t(b), ids.begin() + std::ptrdiff_t(e));
        std::vector<Vertex> y(tid + b, tid + e);
        std::sort(x.begin(), x.end());
        std::sort(y.begin(), y.end());
        if (x != y && e != m) {
          c.error = difference(q, b, Vertex(tid[b]), tsc[b]);
          return c;
        }
        for (std::size_t i = b; i < e; ++i) c.near_ties += ids[i] != tid[i];
      }
      b = e;
    }
  }
  return c;
}

/// Returns "" when `r` keeps the contract of every kNN query kind, else a description of the
/// first violation: ptr not starting at 0 or falling, arrays of other lengths than ptr says, a
/// query with more than k answers (k = kAllNeighbors: no limit), an answer id >= num_ids, an
/// answer twice, a NaN score, or two answers out of order (descending: similarities, best =
/// largest; ascending: distances; equal scores by smaller id first).
inline std::string check_knn_ranking(const KnnResult& r, std::size_t k, bool descending = true,
                                     Vertex num_ids = std::numeric_limits<Vertex>::max(),
                                     const VertexNamer& query_name = dense_vertex_name,
                                     const VertexNamer& answer_name = dense_vertex_name) {
  if (r.ptr.empty() || r.ptr[0] != 0) return "the answers' row pointers do not start at 0";
  for (std::size_t q = 0; q + 1 < r.ptr.size(); ++q)
    if (r.ptr[q + 1] < r.ptr[q])
      return "the answers' row pointers fall at row " + std::to_string(q + 1);
  if (r.queries.size() != r.num_queries())
    return std::to_string(r.queries.size()) + " query ids for " + std::to_string(r.num_queries()) +
           " rows of answers";
  if (r.ids.size() != r.ptr.back() || r.scores.size() != r.ptr.back())
    return std::to_string(r.ids.size()) + " ids and " + std::to_string(r.scores.size()) +
           " scores for " + std::to_string(r.ptr.back()) + " answers";
  std::vector<Vertex> sorted;
  for (std::size_t q = 0; q < r.num_queries(); ++q) {
    const std::string query = "query " + query_name(r.queries[q]);
    const auto ids = r.ids_of(q);
    const auto scores = r.scores_of(q);
    if (ids.size() > k)
      return query + " has " + std::to_string(ids.size()) +
             " answers, more than k = " + std::to_string(k);
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const std::string at = query + ", rank " + std::to_string(i + 1) + ": ";
      if (ids[i] >= num_ids)
        return at + "answer " + std::to_string(ids[i]) + " is not an id (there are " +
               std::to_string(num_ids) + ")";
      if (std::isnan(scores[i])) return at + "answer " + answer_name(ids[i]) + " scores NaN";
      if (i == 0) continue;
      const double s = scores[i - 1], t = scores[i];
      const bool better = descending ? s > t : s < t;
      if (!better && !(s == t && ids[i - 1] < ids[i]))
        return at + "answer " + answer_name(ids[i]) + " (score " + exact_real(t) +
               ") comes after " + answer_name(ids[i - 1]) + " (score " + exact_real(s) +
               "), out of order";
    }
    sorted.assign(ids.begin(), ids.end());
    std::sort(sorted.begin(), sorted.end());
    if (const auto d = std::adjacent_find(sorted.begin(), sorted.end()); d != sorted.end())
      return query + " holds answer " + answer_name(*d) + " twice";
  }
  return "";
}

}  // namespace spgraph
