// SPDX-License-Identifier: Apache-2.0
// `spgraph compare JOB ...`: runs the same job in spgraph and in its peers (SuiteSparse:GraphBLAS,
// Boost.Graph where it applies, igraph for the core and community jobs), verifies the answers
// (identical, or for Louvain and Leiden of no lower quality), and prints both timings. Each job is
// its own subcommand in its own file (compare_*.cpp), run by the one driver (compare_driver.hpp).
// Built only with GraphBLAS; without it, `compare` says so; the igraph jobs also need igraph
// (SPGRAPH_HAVE_IGRAPH).
#include "tools/compare/compare_common.hpp"
#include "tools/spgraph/commands.hpp"

namespace spgraph::cli {

void graphblas_unavailable() {
  throw BackendUnavailable(
      "this spgraph was built without SuiteSparse:GraphBLAS, so 'compare' is unavailable; "
      "install libgraphblas-dev and rebuild");
}

void register_compare(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "compare", "Run a job in spgraph and SuiteSparse:GraphBLAS, verify, and time both");
#ifdef SPGRAPH_HAVE_GRAPHBLAS
  cmd->require_subcommand(1);
  cmd->footer(
      "Every job loads the input once, builds each engine's own copy (not timed), runs one "
      "untimed warm-up per engine, verifies the answers, then times A/B pairs. Exit code 3 "
      "when the answers differ.");
  register_compare_bfs(cmd);
  register_compare_mxm(cmd);
  register_compare_spmv(cmd);
  register_compare_tc(cmd);
  register_compare_closure(cmd);
  register_compare_pagerank(cmd);
  register_compare_sssp(cmd);
  register_compare_cc(cmd);
  register_compare_knn(cmd);
  register_compare_bc(cmd);
  register_compare_cdlp(cmd);
  register_compare_lcc(cmd);
#ifdef SPGRAPH_HAVE_IGRAPH
  register_compare_kcore(cmd);
  register_compare_ktruss(cmd);
  register_compare_louvain(cmd);
  register_compare_leiden(cmd);
#endif
#else
  cmd->allow_extras();
  cmd->callback(graphblas_unavailable);
#endif
}

}  // namespace spgraph::cli
