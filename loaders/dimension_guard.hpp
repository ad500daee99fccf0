// SPDX-License-Identifier: Apache-2.0
// The guard in front of every allocation proportional to a claimed vertex count: a size line,
// a header, the largest id of an edge list, or an update that grows a streamed graph. A count
// is accepted when (1) it is at most max(2^24, 8 per byte of content), since a file cannot
// describe more vertices than that without most of them isolated (sparse ids want
// --remap-ids), and (2) its per-vertex arrays fit in the memory budget (engine/core/resources.hpp).
// Both checks are O(1) and run before anything is allocated.
#pragma once

#include <cstdint>
#include <string>

namespace spgraph {

/// Vertex counts up to this need no justification by the content's size.
inline constexpr std::uint64_t kFreeDimension = std::uint64_t(1) << 24;
/// Vertices that one byte of content may justify beyond kFreeDimension.
inline constexpr std::uint64_t kVerticesPerByte = 8;

/// What a count of `n` vertices would cost and whether it may be allocated.
struct DimensionCheck {
  std::uint64_t n = 0;                  ///< the claimed count
  std::uint64_t content_bytes = 0;      ///< bytes of (uncompressed) content that claim it
  std::uint64_t bytes_per_vertex = 16;  ///< O(n) bytes the caller allocates per vertex
  std::uint64_t memory_limit = 0;       ///< budget in bytes; 0 = 80% of available memory
};

/// Empty when the count is acceptable, else a message that starts with `what` (e.g. "the size
/// line's 3000000000 rows") and says which rule failed and what to do.
std::string dimension_problem(const std::string& what, const DimensionCheck& c);

}  // namespace spgraph
