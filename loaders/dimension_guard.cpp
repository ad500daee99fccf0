// SPDX-License-Identifier: Apache-2.0
// Implementation of the dimension guard (see dimension_guard.hpp).
#include "loaders/dimension_guard.hpp"

#include <algorithm>

#include "engine/core/resources.hpp"

namespace spgraph {

std::string dimension_problem(const std::string& what, const DimensionCheck& c) {
  const std::uint64_t justified =
      std::max(kFreeDimension, c.content_bytes > (UINT64_MAX / kVerticesPerByte)
                                   ? UINT64_MAX
                                   : c.content_bytes * kVerticesPerByte);
  if (c.n > justified)
    return what + " is far more than " + std::to_string(c.content_bytes) +
           " bytes of content can describe (at most " + std::to_string(justified) +
           " vertices: 2^24, or 8 per byte): most vertices would be isolated; renumber sparse ids "
           "with --remap-ids";
  const std::uint64_t budget = memory_budget(c.memory_limit);
  const double need = double(c.n) * double(c.bytes_per_vertex);
  if (need > double(budget))
    return what + " needs about " + human_bytes(need) + " for its per-vertex arrays alone, more " +
           "than " + describe_budget(c.memory_limit, budget) +
           "; renumber sparse ids with --remap-ids";
  return {};
}

}  // namespace spgraph
