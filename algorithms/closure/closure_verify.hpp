// SPDX-License-Identifier: Apache-2.0
// Checks a transitive closure (transitive_closure.hpp), the one verifier `spgraph compare
// closure` and the tests share. Three checks:
//   - check_same_closure_count and check_same_closure_pairs: two closures have the same number
//     of pairs, and the same pairs (row pointers and sorted columns equal); what the compare job
//     asks of spgraph's and GraphBLAS's closures, the count first since it is known before T is
//     copied out of GraphBLAS;
//   - check_closure_digest: a closure known only by its count and an order-independent hash of
//     its pairs (Boost.Graph's, in a memory-limited child process) against one in hand;
//   - check_closure: a closure against the graph alone: a search from every vertex (R+ holds
//     (u, v) when a path of one or more arcs leads from u to v; R* adds every (v, v)), the
//     brute-force answer the closure tests already used. No peer verifier covers closures
//     (LAGraph has no LG_check for it, GAPBS no kernel); this is the definition, at
//     O(n (n + m)): for tests and small graphs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/verify_common.hpp"
#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph {

/// Returns "" when both closures have the same number of pairs, else a sentence giving both.
inline std::string check_same_closure_count(std::uint64_t ours, std::uint64_t theirs,
                                            AnswerNames names = {}) {
  if (ours == theirs) return "";
  return std::string(names.ours) + " finds " + std::to_string(ours) + " closure pairs but " +
         names.theirs + " finds " + std::to_string(theirs);
}

/// Returns "" when the two closures (rows sorted) hold the same pairs, else a sentence saying
/// how they differ (by count first).
inline std::string check_same_closure_pairs(const Csr<bool>& ours, const Csr<bool>& theirs,
                                            AnswerNames names = {}) {
  if (std::string e = check_same_closure_count(ours.nnz(), theirs.nnz(), names); !e.empty())
    return e;
  if (ours.row_ptr != theirs.row_ptr || ours.col != theirs.col)
    return "the closure pair sets differ (same count)";
  return "";
}

/// Returns "" when a closure known only by its pair count `theirs` and an order-independent
/// hash of its pairs agrees with ours: equal counts and hash_agrees (whether the two hashes are
/// equal; pass true when the pairs were not hashed, to compare counts alone). Else a sentence
/// naming both counts.
inline std::string check_closure_digest(std::uint64_t ours, std::uint64_t theirs, bool hash_agrees,
                                        AnswerNames names = {}) {
  if (ours == theirs && hash_agrees) return "";
  return std::string(names.theirs) + "'s closure has " + std::to_string(theirs) + " pairs, " +
         names.ours + "'s " + std::to_string(ours) +
         (ours == theirs ? " (the pair sets differ)" : "");
}

/// Returns "" when `closure` (n x n, rows sorted) is the transitive closure R+ of the graph of
/// `a` (square, rows = sources, values ignored), or R* with `reflexive`; else a description of
/// the first wrong row, naming its smallest pair that is missing or should not be there.
template <class T>
std::string check_closure(const Csr<T>& a, const Csr<bool>& closure, bool reflexive = false,
                          const VertexNamer& name = dense_vertex_name) {
  const Vertex n = a.nrows;
  if (a.ncols != n) return "the graph is not square";
  if (closure.nrows != n || closure.ncols != n || closure.row_ptr.size() != std::size_t(n) + 1)
    return "the closure is " + std::to_string(closure.nrows) + " x " +
           std::to_string(closure.ncols) + " for " + std::to_string(n) + " vertices";
  std::vector<Vertex> stamp(n, n), stack, reach;  // stamp[v] == u: v reached from u
  for (Vertex u = 0; u < n; ++u) {
    reach.clear();
    stack.clear();
    if (reflexive) stamp[u] = u, reach.push_back(u);
    for (Offset k = a.row_begin(u); k < a.row_end(u); ++k) stack.push_back(a.col[k]);
    while (!stack.empty()) {
      const Vertex v = stack.back();
      stack.pop_back();
      if (stamp[v] == u) continue;
      stamp[v] = u;
      reach.push_back(v);
      for (Offset k = a.row_begin(v); k < a.row_end(v); ++k) stack.push_back(a.col[k]);
    }
    std::sort(reach.begin(), reach.end());
    const auto b = closure.col.begin() + std::ptrdiff_t(closure.row_begin(u));
    const auto e = closure.col.begin() + std::ptrdiff_t(closure.row_end(u));
    if (std::adjacent_find(b, e, [](Vertex x, Vertex y) { return x >= y; }) != e)
      return "row " + name(u) + " of the closure is not sorted or repeats a pair";
    const auto [x, y] = std::mismatch(reach.begin(), reach.end(), b, e);
    if (x == reach.end() && y == e) continue;
    if (y == e || (x != reach.end() && *x < *y))
      return "vertex " + name(*x) + " is reachable from vertex " + name(u) + ", but pair " +
             name(u) + " -> " + name(*x) + " is missing from the closure";
    return "pair " + name(u) + " -> " + name(*y) + " is in the closure, but no path" +
           (reflexive ? "" : " of one or more arcs") + " leads from vertex " + name(u) +
           " to vertex " + name(*y);
  }
  return "";
}

}  // namespace spgraph
