// SPDX-License-Identifier: Apache-2.0
// Matrix Market reader. Phases: (1) serial header scan (banner, %%GraphBLAS type, size line);
// (2) coordinate: parallel chunk parse into per-chunk tuples (symmetric/skew mirrored there),
// array: serial parse of the dense values; (3) concatenate chunks in parallel; (4)
// Matrix::from_coo rejecting duplicates (a serial rescan finds the duplicate's line on error).
// Cost: O(bytes / threads) parse, O(nnz) build; memory ~2 copies of the tuples at the peak.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "loaders/load_options.hpp"

namespace spgraph {

/// Parses Matrix Market text `bytes` (already uncompressed); `name` is used in errors.
LoadedMatrix read_matrix_market(const std::string& name, std::string_view bytes,
                                const LoadOptions& options);

// Reading a file in pieces (spgraph-mpi: each rank parses its byte range of the body with the
// same code and the same messages, with lines numbered as in the whole file).

/// What a Matrix Market file's banner and size line say.
struct MatrixMarketHead {
  Vertex nrows = 0, ncols = 0;
  std::uint64_t entries = 0;  ///< the size line's entry count
  bool coordinate = true;
  bool symmetric_storage = false;     ///< symmetric or skew-symmetric: entries are mirrored
  std::string field;                  ///< "pattern", "integer" or "real"
  std::uint64_t body_offset = 0;      ///< byte offset of the line after the size line
  std::uint64_t body_first_line = 0;  ///< its line number
};
/// Parses the header at the start of `bytes` (the whole file: only the header is read).
MatrixMarketHead read_matrix_market_head(const std::string& name, std::string_view bytes,
                                         const LoadOptions& options);

/// The entries of one piece of a coordinate file's body, 0-based, mirrored for symmetric
/// storage; values are read and checked as the whole-file reader does, then kept only when
/// `with_values` (as doubles).
struct MatrixMarketPiece {
  std::vector<Vertex> row, col;
  std::vector<double> val;
  std::uint64_t data_lines = 0;  ///< entry lines in the piece
};
/// `piece` is a part of the body of the file whose whole bytes are `bytes`, starting at the
/// beginning of line `first_line` and ending after a newline (or at the end). Throws ParseError
/// with the file's line numbers.
MatrixMarketPiece read_matrix_market_piece(const std::string& name, std::string_view bytes,
                                           std::string_view piece, std::uint64_t first_line,
                                           bool with_values, const LoadOptions& options);
/// The line of the (k+1)-th entry line of `piece` (first line `first_line`), for messages.
std::uint64_t matrix_market_entry_line(std::string_view piece, std::uint64_t first_line,
                                       std::uint64_t k);
/// Calls `entry(i, j, line)` for each entry line of `piece` (first line `first_line`), with the
/// 0-based position as written (not mirrored): finds a duplicate's line on the error path.
void for_each_matrix_market_entry(std::string_view piece, std::uint64_t first_line,
                                  const std::function<void(Vertex, Vertex, std::uint64_t)>& entry);

}  // namespace spgraph
