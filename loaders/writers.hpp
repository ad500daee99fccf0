// SPDX-License-Identifier: Apache-2.0
// Writers, every one through OutputFile (atomic: the old file or the complete new one; gzip
// when the name ends in ".gz"):
//   - Matrix Market coordinate (pattern / integer / real; "general", or "symmetric" with the
//     lower triangle when the matrix equals its transpose), with a "%%GraphBLAS type" line so
//     the element type survives a round trip;
//   - edge lists "src dst [weight]" (tab-separated; comma for .csv) in the input's numbering
//     (remapped graphs: the original names, quoted as RFC 4180 says when a name holds the
//     separator, a quote, a blank, or starts like a comment),
//     headed by "# spgraph edge list: vertices=N base=B [undirected]" (or "ids=external"),
//     which the edge list reader honours, so isolated vertices and the base survive;
//     an undirected graph lists each edge once (u <= v);
//   - METIS .graph (square, symmetric, no self-loops; integer edge weights when valued);
//   - the binary format (binary_format.hpp).
// One pass over the CSR with std::to_chars into a 1 MiB buffer; O(nnz) time, O(1) extra memory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/any_matrix.hpp"
#include "loaders/vertex_ids.hpp"

namespace spgraph {

/// The numbering and layout of an edge list.
struct EdgeListLayout {
  const VertexIds* ids = nullptr;  ///< remapped names of the vertices; null: base + dense id
  int base = 0;                    ///< id of dense vertex 0 when the ids are not remapped
  bool undirected = false;         ///< the matrix is symmetric: write u <= v only
};

/// Writes `m` as Matrix Market coordinate, "symmetric" (lower triangle) when `symmetric` (the
/// caller has checked that m equals its transpose); throws IoError on failure.
void write_matrix_market(const std::string& path, const AnyMatrix& m, bool symmetric = false);

/// Writes `m` as an edge list with the header above.
void write_edge_list(const std::string& path, const AnyMatrix& m,
                     const EdgeListLayout& layout = {});

/// Writes `m` as a METIS graph; throws InvalidArgument (nothing written) when the format
/// cannot hold it: not square, not symmetric, self-loops, or non-integer values.
void write_metis(const std::string& path, const AnyMatrix& m);

/// Writes `m` in the spgraph binary format (flag `symmetric` as checked by the caller; `base`
/// the numbering users see, 0 or 1).
void write_binary(const std::string& path, const AnyMatrix& m, bool symmetric = false, int base = 0,
                  const VertexIds* ids = nullptr);

/// Appends `token` to `out` as an edge list field separated by `sep`: as is, or quoted (RFC
/// 4180: inside quotes a quote is doubled) when it holds `sep`, a quote, a blank or a line break,
/// is empty, or starts with '#' or '%' (a comment to the reader).
void append_field(std::string& out, std::string_view token, char sep);

}  // namespace spgraph
