// SPDX-License-Identifier: Apache-2.0
// Registration of each spgraph subcommand on the CLI11 app; one file per subcommand.
// register_compare is defined on the floor above, in tools/compare/cmd_compare.cpp: the program
// names the hook and links the jobs, and never includes them.
#pragma once

#include <CLI/CLI.hpp>

namespace spgraph::cli {

void register_info(CLI::App& app);
void register_convert(CLI::App& app);
void register_generate(CLI::App& app);
void register_bfs(CLI::App& app);
void register_compare(CLI::App& app);
void register_mxv(CLI::App& app);
void register_spmv(CLI::App& app);
void register_tc(CLI::App& app);
void register_closure(CLI::App& app);
void register_stream(CLI::App& app);
void register_serve(CLI::App& app);
void register_pagerank(CLI::App& app);
void register_sssp(CLI::App& app);
void register_cc(CLI::App& app);
void register_scc(CLI::App& app);
void register_knn(CLI::App& app);
void register_bc(CLI::App& app);
void register_cdlp(CLI::App& app);
void register_lcc(CLI::App& app);
void register_kcore(CLI::App& app);
void register_ktruss(CLI::App& app);
void register_graphalytics(CLI::App& app);
void register_communities(CLI::App& app);

}  // namespace spgraph::cli
