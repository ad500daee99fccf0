// Edge list reader: SNAP / TSV / CSV / whitespace "src dst [weight]" lines, '#' and '%'
// comments, and LightGraphs .jlg text ("n,m,d|u,name" header, then 1-based "u,v").
// Phases: (1) parallel chunk parse into 64-bit ids (+ weights); (2) checks (mixed weight
// columns, id base, 32-bit fit); (3) id remap (serial hash, first-appearance order) or base
// shift (parallel); (4) optional reverse edges; (5) Matrix::from_coo with the duplicate policy.
// Cost: O(bytes / threads) parse, O(edges) remap and build; peak ~2 copies of the tuples.
#pragma once

#include <string>
#include <string_view>

#include "loaders/load_options.hpp"

namespace spgraph {

/// Parses edge list text `bytes` (already uncompressed); `name` is used in errors.
LoadedMatrix read_edge_list(const std::string& name, std::string_view bytes,
                            const LoadOptions& options);

}  // namespace spgraph
