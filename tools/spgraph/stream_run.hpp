// SPDX-License-Identifier: Apache-2.0
// The run of `spgraph stream` once its flags are parsed (tools/spgraph/cmd_stream.cpp parses them
// and picks the value type): the flags it reads (StreamArgs), where it starts (StreamStart), and
// run_stream_typed, which stream_run.cpp implements as the steps of a StreamRun object.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/matrix.hpp"
#include "loaders/load_options.hpp"
#include "tools/cli/cli_common.hpp"

namespace spgraph::cli {

struct StreamArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, updates, out, duplicates = "ignore", store;
  std::string maintain;  ///< --maintain: views kept up to date (tools/cli/maintained_views.hpp)
  std::size_t batch = 10000;
  std::uint64_t checkpoint_every = 0;
  bool salvage = false;  ///< --salvage: open a store past a damaged log record
  bool strict = false, no_grow = false, weighted = false, no_triangles = false;
};

/// Where a stream starts: a loaded graph (base set; a new store is created from it when --store
/// names an empty directory), or an existing store (base null).
template <class T>
struct StreamStart {
  const Matrix<T>* base = nullptr;
  bool undirected = false;
  LoadInfo info;  ///< the file's numbering (for a store: its index base)
  double load_seconds = 0;
};

/// Builds the dynamic graph (in memory or in the store), reads the update stream to its end or
/// to the first SIGINT/SIGTERM, applies its updates in batches, answers its queries, writes
/// --out and prints the summary. Compiled for T = bool and T = double.
template <class T>
void run_stream_typed(const StreamArgs& args, const StreamStart<T>& graph);

}  // namespace spgraph::cli
