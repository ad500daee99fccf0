// SPDX-License-Identifier: Apache-2.0
// Community detection by label propagation (CDLP) as LDBC Graphalytics defines it: LDBC
// Graphalytics specification v1.0, §2.3.4 (after Raghavan, Albert & Kumara, "Near linear time
// algorithm to detect community structures in large-scale networks", Phys. Rev. E 76, 2007,
// made deterministic).
//
//   - every vertex starts with its own id as its label;
//   - rounds are synchronous: round k reads only the labels of round k - 1;
//   - in a round, every vertex takes the label that is most frequent among its neighbours, the
//     smallest such label on a tie. On a directed graph the in- and out-neighbours both count,
//     so a neighbour joined by an arc in each direction counts twice; on an undirected graph
//     each neighbour counts once (A symmetric: the same answer as the directed rule, whose
//     counts would all be doubled);
//   - a vertex with no neighbours keeps its label; self-loops are not neighbours (Graphalytics'
//     graphs have none) and repeated arcs count once (the matrix stores each arc once);
//   - exactly options.iterations rounds run, except that once a round changes no label the
//     later ones would change none either, so the run stops there with the same answer.
// Dense ids stand for the file's ids in ascending order (the loaders keep that order), so "the
// smallest label" is the same in either numbering. Values of A are ignored.
//
// Kernel (cdlp.cpp): one parallel pass per round over the vertices (dynamic schedule, since rows
// differ in length), each reading its row of A and, for a directed graph, its row of the cached
// transpose A', and choosing the minimum mode of its neighbours' labels with no allocation: rows
// of a few labels are sorted in place on the stack; longer rows count labels in the thread's
// open-addressing table (sized to the row, grown once to the longest), tracking the best label
// as counts rise. O(m) work per round; deterministic for any thread count.
#pragma once

#include <vector>

#include "engine/core/types.hpp"
#include "engine/matrix.hpp"
#include "formats/csr/adjacency.hpp"

namespace spgraph {

/// How cdlp() runs.
struct CdlpOptions {
  /// Rounds to run (Graphalytics' max_iterations); 0 returns each vertex's own id.
  int iterations = 10;
  /// A is symmetric (an undirected graph): in-arcs are the out-arcs, so no transpose is read or
  /// built. Leave false when unsure (the answer is then right for any A).
  bool undirected = false;
};

/// The labels after the rounds, and statistics.
struct CdlpResult {
  std::vector<Vertex> label;  ///< each vertex's label, a vertex id
  int iterations = 0;         ///< rounds run (fewer than asked only once labels are stable)
  Vertex communities = 0;     ///< distinct labels
  bool stable = false;        ///< the last round changed no label
};

/// CDLP on the graph of `a` (square). Throws DimensionMismatch for a non-square matrix and
/// InvalidArgument for a negative iteration count.
template <class T>
CdlpResult cdlp(const Matrix<T>& a, const CdlpOptions& options = {});

namespace detail {

/// CDLP on structure alone: `out` the rows of A, `in` those of A' (nullptr: A is symmetric).
CdlpResult cdlp_structure(const AdjacencyView& out, const AdjacencyView* in, int iterations);

}  // namespace detail

}  // namespace spgraph
