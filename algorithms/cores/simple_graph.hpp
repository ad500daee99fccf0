// SPDX-License-Identifier: Apache-2.0
// The simple undirected graph the core and truss peels read (cores.hpp says what it is): A's own
// rows when A is symmetric without self-loops, so nothing is copied; otherwise the pattern of
// A ∪ A' without self-loops, built once (simple_undirected_pattern of the triangle family).
#pragma once

#include "algorithms/triangles/triangle_count.hpp"
#include "engine/core/types.hpp"
#include "engine/matrix.hpp"
#include "formats/csr/adjacency.hpp"

namespace spgraph::detail {

/// The graph, the copy it lives in when one was needed, and what was done to A.
struct SimpleGraph {
  Matrix<bool> copy;         ///< the built pattern (empty when g reads A's rows)
  AdjacencyView g;           ///< symmetric, rows sorted, no self-loops
  bool symmetrized = false;  ///< A was not symmetric
  Offset self_loops = 0;     ///< self-loops of A
};

/// The number of rows v of g that hold the entry (v, v).
Offset count_self_loops(const AdjacencyView& g);

/// The simple undirected graph of `a` (square: the caller checked). `undirected`: the caller
/// vouches that A is symmetric.
template <class T>
SimpleGraph simple_graph(const Matrix<T>& a, bool undirected) {
  SimpleGraph s;
  const AdjacencyView rows = adjacency_of(a.csr());
  s.self_loops = count_self_loops(rows);
  const bool symmetric = undirected || a.structure_symmetric();
  if (symmetric && s.self_loops == 0) {
    s.g = rows;
    return s;
  }
  s.symmetrized = !symmetric;
  s.copy = simple_undirected_pattern(a);
  s.g = adjacency_of(s.copy.csr());
  return s;
}

}  // namespace spgraph::detail
