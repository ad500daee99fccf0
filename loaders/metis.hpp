// SPDX-License-Identifier: Apache-2.0
// METIS .graph reader: header "n m [fmt [ncon]]", then one line per vertex listing its
// 1-based neighbours (fmt xyz: x = vertex sizes, y = ncon vertex weights, z = edge weights
// interleaved after each neighbour); '%' lines are comments, an empty line is an isolated vertex.
// Phases: (1) header; (2) parallel count of vertex lines per chunk; (3) parallel parse with
// known first vertex per chunk; (4) checks (n lines, 2m entries), build, symmetry check.
// Cost: two passes over the bytes / threads, O(m) build plus one transpose for the check.
#pragma once

#include <string>
#include <string_view>

#include "loaders/load_options.hpp"

namespace spgraph {

/// Parses METIS graph text `bytes` (already uncompressed); `name` is used in errors.
LoadedMatrix read_metis(const std::string& name, std::string_view bytes,
                        const LoadOptions& options);

}  // namespace spgraph
