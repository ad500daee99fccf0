// SPDX-License-Identifier: Apache-2.0
// The graph both engines read in `compare cdlp` and `compare lcc` (LDBC Graphalytics
// specification v1.0, §2.3.4-5): the file's arcs without self-loops (LAGraph's input rule for
// LAGraph_cdlp and LAGraph_lcc; spgraph ignores them anyway), directed unless the file is
// undirected, prepared once and not timed, with A' built for both engines before the timing.
#pragma once

#include <chrono>
#include <memory>
#include <variant>

#include "engine/ops.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/common/timing.hpp"
#include "tools/compare/peers/graphblas_graph.hpp"

namespace spgraph::cli {

struct GraphalyticsInputs {
  Matrix<bool> a;  ///< spgraph's copy: the loaded pattern without its diagonal
  std::unique_ptr<peers::GraphBlasGraph> grb;  ///< GraphBLAS's copy of the same arcs
  bool undirected = false;
  double prepare_s = 0;  ///< seconds of dropping the self-loops and building A'
};

/// Both engines' copies of `graph` (a pattern, as load_for_cli(..., pattern = true) gives).
inline GraphalyticsInputs graphalytics_inputs(const CliGraph& graph) {
  GraphalyticsInputs in;
  in.undirected = graph.undirected;
  const auto tp = std::chrono::steady_clock::now();
  const Matrix<bool>& loaded = std::get<Matrix<bool>>(graph.loaded.matrix);
  in.a = Matrix<bool>(loaded.nrows(), loaded.ncols(), true);
  select(in.a, nullptr, NoAccum{}, Offdiag{}, loaded, 0);
  if (!in.undirected) in.a.transposed();
  in.prepare_s = tools::seconds_since(tp);
  in.grb = std::make_unique<peers::GraphBlasGraph>(in.a.csr(),
                                                   peers::GraphBlasGraph::kind_of(in.undirected));
  if (!in.undirected) in.grb->cache_transpose();
  return in;
}

}  // namespace spgraph::cli
