// SPDX-License-Identifier: Apache-2.0
// The SuiteSparse:GraphBLAS side of `spgraph compare cdlp|lcc`: LDBC Graphalytics' two kernels
// that LAGraph carries only as "experimental", each written the way LAGraph writes it, on the
// GraphBlasGraph of graphblas_graph.hpp (A' cached by the caller, not timed, for a directed
// graph):
//   - CDLP (graphblas_cdlp.cpp): LAGraph_cdlp (Szárnyas & Hegyi): each round the labels are put
//     on the arcs by A min.second diag(L) (and A' min.second diag(L) for a directed graph), the
//     (row, label) tuples are extracted and sorted, and each row's minimum mode read off the runs;
//   - LCC (graphblas_lcc.cpp): LAGraph_lcc (Szárnyas & Hegyi, modified by T. Davis): the arcs
//     among each vertex's neighbours as the row sums of C<C> = C·U' (C = A ∪ A', U = triu(A + A')),
//     divided by d(d − 1) (d(d − 1)/2 for an undirected graph).
// Both need a graph without self-loops (LAGraph's requirement; the compare jobs remove them, as
// spgraph's definitions ignore them). Built only when GraphBLAS is found (SPGRAPH_HAVE_GRAPHBLAS).
#pragma once

#include <cstdint>
#include <vector>

#include "tools/compare/peers/graphblas_graph.hpp"

namespace spgraph::peers {

struct GraphBlasCdlpResult {
  std::vector<std::uint64_t> label;  ///< each vertex's label, a vertex id
  int iterations = 0;                ///< rounds run (fewer than asked once labels are stable)
  double seconds = 0;                ///< the whole computation (not the extraction)
};

/// LAGraph_cdlp with at most `iterations` rounds (stopping, as LAGraph does, once a round leaves
/// every label unchanged). Needs A' cached for a directed graph.
GraphBlasCdlpResult graphblas_cdlp(const GraphBlasGraph& g, int iterations);

struct GraphBlasLccResult {
  std::vector<double> lcc;  ///< each vertex's coefficient (0 where LAGraph leaves no entry)
  double seconds = 0;       ///< the whole computation (not the extraction)
};

/// LAGraph_lcc on a graph without self-loops. Needs A' cached for a directed graph.
GraphBlasLccResult graphblas_lcc(const GraphBlasGraph& g);

}  // namespace spgraph::peers
