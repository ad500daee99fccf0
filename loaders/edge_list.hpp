// SPDX-License-Identifier: Apache-2.0
// Edge list reader: SNAP / TSV / CSV / whitespace "src dst [weight]" lines, '#' and '%'
// comments, and LightGraphs .jlg text ("n,m,d|u,name" header, then 1-based "u,v").
// Two parse paths. The fast path reads integer ids. The table path (edge_fields.hpp) reads
// fields split by a separator with RFC 4180 quotes, a header line, columns chosen by number or
// name, a type column filtered by LoadOptions::edge_types, and ids that are any token; it is
// taken when the options or the first data lines ask for it, or when a remapped file turns out
// to hold a string id.
// Phases: (1) parallel chunk parse into 64-bit ids or tokens (+ weights); (2) checks (mixed
// weight columns, id base, 32-bit fit, edge types); (3) id remap (VertexIds, built per chunk in
// parallel and merged in chunk order, so ids are in first-appearance order for any thread count)
// or base shift (parallel), counting phantom vertices; (4) optional reverse edges; (5)
// Matrix::from_coo with the duplicate policy.
// Cost: O(bytes / threads) parse, O(edges) remap and build; peak ~2 copies of the tuples.
#pragma once

#include <string>
#include <string_view>

#include "loaders/load_options.hpp"

namespace spgraph {

/// Parses edge list text `bytes` (already uncompressed); `name` is used in errors.
LoadedMatrix read_edge_list(const std::string& name, std::string_view bytes,
                            const LoadOptions& options);

/// How an edge list begins: the lines a reader of one piece of the file (spgraph-mpi: one byte
/// range per rank) must see first to read its lines as the whole-file reader does.
struct EdgeListHead {
  bool lightgraphs = false;    ///< line 1 is a LightGraphs header (its counts are whole-file)
  std::string spgraph_header;  ///< line 1 when it is spgraph's own header, else empty
  bool external_ids = false;   ///< that header says ids=external: the ids are names to remap
  std::string column_header;   ///< the first data line when it names the columns, else empty
  /// Where the lines after those head lines start (0 when there are none): the part of the
  /// file a piece reader may split.
  std::size_t body_offset = 0;
};
/// Reads the head of `bytes` (the whole file; only its first lines are looked at).
EdgeListHead read_edge_list_head(const std::string& name, std::string_view bytes,
                                 const LoadOptions& options);

}  // namespace spgraph
