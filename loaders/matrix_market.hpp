// Matrix Market reader. Phases: (1) serial header scan (banner, %%GraphBLAS type, size line);
// (2) coordinate: parallel chunk parse into per-chunk tuples (symmetric/skew mirrored there),
// array: serial parse of the dense values; (3) concatenate chunks in parallel; (4)
// Matrix::from_coo rejecting duplicates (a serial rescan finds the duplicate's line on error).
// Cost: O(bytes / threads) parse, O(nnz) build; memory ~2 copies of the tuples at the peak.
#pragma once

#include <string>
#include <string_view>

#include "loaders/load_options.hpp"

namespace spgraph {

/// Parses Matrix Market text `bytes` (already uncompressed); `name` is used in errors.
LoadedMatrix read_matrix_market(const std::string& name, std::string_view bytes,
                                const LoadOptions& options);

}  // namespace spgraph
