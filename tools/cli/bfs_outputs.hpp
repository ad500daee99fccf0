// SPDX-License-Identifier: Apache-2.0
// What a BFS subcommand computes (`--compute levels|parents|both`, so that the work matches what
// is asked, and parents alone compare like with like with GAPBS): the one parser and the one name
// shared by `spgraph bfs` and `spgraph compare bfs`.
#pragma once

#include <string>
#include <vector>

#include "algorithms/bfs/bfs.hpp"

namespace spgraph::cli {

/// The values --compute takes.
inline const std::vector<std::string> kBfsOutputs = {"levels", "parents", "both"};

/// Sets options.levels and options.parents from one of kBfsOutputs.
inline void set_bfs_outputs(const std::string& what, BfsOptions& options) {
  options.levels = what != "parents";
  options.parents = what != "levels";
}

/// "levels", "parents" or "levels + parents", for reports.
inline std::string bfs_outputs_name(const BfsOptions& options) {
  return options.levels && options.parents ? "levels + parents"
         : options.levels                  ? "levels"
                                           : "parents";
}

}  // namespace spgraph::cli
