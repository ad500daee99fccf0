// Writers: Matrix Market coordinate (pattern / integer / real, general, with a
// "%%GraphBLAS type" line so the element type survives a round trip), tab-separated 0-based
// edge lists (weight column when valued; external ids when given), and the binary format.
// One pass over the CSR with std::to_chars into a 1 MiB buffer; O(nnz) time, O(1) extra memory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/any_matrix.hpp"

namespace spgraph {

/// Writes `m` as Matrix Market coordinate general; throws IoError on failure.
void write_matrix_market(const std::string& path, const AnyMatrix& m);

/// Writes `m` as "src<TAB>dst[<TAB>weight]" lines (0-based, or `external_ids[v]` when given).
void write_edge_list(const std::string& path, const AnyMatrix& m,
                     const std::vector<std::uint64_t>& external_ids = {});

/// Writes `m` in the spgraph binary format.
void write_binary(const std::string& path, const AnyMatrix& m, bool symmetric = false);

}  // namespace spgraph
