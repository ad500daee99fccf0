// SPDX-License-Identifier: Apache-2.0
// Loading a graph file on every rank at once (no rank reads it all). Each rank maps the file and
// parses only its byte range of the body, cut at newlines, with the engine's own readers
// (loaders/matrix_market.hpp's pieces, read_edge_list on the range, the binary format's row
// ranges), its lines numbered as in the whole file by an exclusive scan of newline counts, so
// that an error names the same file and line as `spgraph` does. The arcs are then sent to the
// rank that owns them in CombBLAS's 2-D block layout (SpParMat::Owner: n / q rows and columns per
// block, the last block taking the remainder), where duplicates are folded or refused as the
// single-node reader does.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/types.hpp"
#include "loaders/load_options.hpp"
#include "tools/spgraph_mpi/mpi_context.hpp"

namespace spgraph::mpi {

/// A rank's share of a graph's arcs, in the file's dense 0-based numbering.
struct Arcs {
  std::vector<Vertex> row, col;
  std::vector<double> val;  ///< empty for a pattern
  std::size_t size() const { return row.size(); }
};

/// A file loaded across the grid.
struct DistributedGraph {
  Vertex n = 0;             ///< vertices (the matrix is n x n)
  std::uint64_t arcs = 0;   ///< distinct stored arcs, over all ranks
  bool undirected = false;  ///< symmetric storage in the file, or --undirected
  LoadInfo info;            ///< format, field, entry counts; `ids` names the vertices (rank 0)
  Arcs local;               ///< the arcs this rank owns in the 2-D layout (global coordinates)
  double load_seconds = 0;
  std::uint64_t bytes_read = 0;  ///< this rank's byte range
};

/// Reads `path` on every rank of ctx. `with_values`: keep weights (as doubles; 1 for a
/// pattern). Errors are agreed (mpi_context.hpp): every rank throws DistributedFailure.
DistributedGraph load_distributed(const MpiContext& ctx, const std::string& path,
                                  const LoadOptions& options, bool with_values);

/// Appends (c, r) for each arc (r, c) with r != c (--undirected on a general file).
void add_mirrors(Arcs& arcs);

/// The rank owning (r, c) of an n x n matrix in CombBLAS's q x q block layout.
int owner_of(const MpiContext& ctx, Vertex n, Vertex r, Vertex c);

/// Sends every arc to owner_of(arc) (an all-to-all); returns what this rank received, in the
/// order of the sending ranks, each rank's arcs in their order.
Arcs redistribute(const MpiContext& ctx, Vertex n, Arcs&& arcs);

}  // namespace spgraph::mpi
