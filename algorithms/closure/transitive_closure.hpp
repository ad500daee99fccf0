// SPDX-License-Identifier: Apache-2.0
// Transitive closure of a directed graph: the pairs (u, v) joined by a path.
//
// Semantics: R+ by default, the pairs with a path of length >= 1 from u to v, so (v, v) is a
// pair only when v lies on a cycle or has a self-loop; with `reflexive`, R* = R+ ∪ {(v, v)}.
// The result is a pattern matrix (no values) whose row u lists the vertices u reaches, or,
// with `count_only`, just the number of pairs.
//
// Methods:
//   - Scc (algorithms/closure/reachability.hpp): condense the strongly connected components
//     (iterative Tarjan), compute each component's reach set over the condensation in reverse
//     topological order (sorted lists or bitsets by density, one set shared by all members), and
//     emit each component's vertex list once into the rows of all its members. Cost O(n + m) plus
//     the set unions plus the output.
//   - SemiNaive: T = A, D = A; repeat D = (D·A)<¬T> (boolean semiring, complemented structural
//     mask: one masked hash SpGEMM that produces only new pairs), T = T ∪ D, until D is empty.
//     Each round costs a masked product plus a merge over T; the rounds number the longest
//     shortest path.
//   - Auto: Scc. The shape measures (closure estimate, condensation depth, SCC sizes) were
//     taken on the closure set of ../shared/data, and Scc won on every graph there, from 1.6x
//     (wing: 11 rounds, small closure) to 800x (CA-HepTh: 74.6M pairs, 18 rounds) faster than
//     SemiNaive (bench/RESULTS.md): it does O(n + m) work plus one union per condensation arc,
//     while each semi-naive round pays a masked product and a merge over all of T, and the
//     rounds number up to 426 on road graphs. No graph shape where SemiNaive wins was found,
//     so Auto does not pay for measuring one; SemiNaive remains a method for cross-checking
//     and for comparison with the GraphBLAS loop.
//
// Memory: before the reach sets or the output are allocated, the closure size is bounded in one
// pass and, when the bound does not fit, estimated (algorithms/closure/closure_size_estimate.hpp);
// once the reach sets exist it is counted exactly. A closure whose sets or output would exceed the
// memory limit fails with OutOfMemory stating the estimated pairs and bytes. The process is never
// left to the OS's out-of-memory killer.
#pragma once

#include <cstdint>
#include <string>

#include "engine/core/types.hpp"
#include "engine/matrix.hpp"
#include "formats/csr/adjacency.hpp"

namespace spgraph {

/// How the closure is computed: by condensation (Scc), by repeated SpGEMM (SemiNaive), or
/// Auto (Scc; see the file comment).
enum class ClosureMethod { Auto, SemiNaive, Scc };

/// The lower-case name of a method ("auto", "seminaive", "scc").
std::string closure_method_name(ClosureMethod m);
/// The method named `name`; throws InvalidArgument listing the valid names.
ClosureMethod parse_closure_method(const std::string& name);

/// What transitive_closure() computes, and its memory budget.
struct ClosureOptions {
  ClosureMethod method = ClosureMethod::Auto;
  bool reflexive = false;   ///< R* (every (v, v) included) instead of R+
  bool count_only = false;  ///< count the pairs; do not store them
  /// Bytes the closure may take; 0 = 80% of the memory the system reports available.
  std::uint64_t memory_limit = 0;
};

/// The closure (or its size only) and statistics of the run.
struct ClosureResult {
  Offset pairs = 0;                            ///< pairs in the closure (R+ or R*)
  Matrix<bool> closure;                        ///< the pairs, rows sorted (0 x 0 when count_only)
  ClosureMethod method = ClosureMethod::Auto;  ///< the method that ran
  /// SemiNaive: masked products computed (the last one finds nothing new). Scc: the longest path
  /// of the condensation, in arcs (for an acyclic graph the two agree).
  Vertex iterations = 0;
  Vertex components = 0;  ///< strongly connected components
  Vertex largest_component = 0;
  double estimated_pairs = 0;  ///< the estimate checked against the memory limit
};

/// Computes the transitive closure of the graph of `a` (square; values ignored). Throws
/// DimensionMismatch for a non-square matrix and OutOfMemory when the closure would not fit.
template <class T>
ClosureResult transitive_closure(const Matrix<T>& a, const ClosureOptions& options = {});

namespace detail {

/// The closure of a pattern graph (the non-template body of transitive_closure).
ClosureResult transitive_closure_pattern(const Matrix<bool>& a, const ClosureOptions& options);

}  // namespace detail

template <class T>
ClosureResult transitive_closure(const Matrix<T>& a, const ClosureOptions& options) {
  if constexpr (std::is_same_v<T, bool>) {
    if (a.is_pattern()) return detail::transitive_closure_pattern(a, options);
  }
  Csr<bool> p;
  p.nrows = a.nrows();
  p.ncols = a.ncols();
  p.pattern = true;
  p.row_ptr = a.csr().row_ptr;
  p.col = a.csr().col;
  return detail::transitive_closure_pattern(Matrix<bool>::trusted(std::move(p)), options);
}

}  // namespace spgraph
