// SPDX-License-Identifier: Apache-2.0
// Sorting of 32-bit keys (column ids) within one row: LSD radix sort with 8-bit digits, over only
// as many digits as the largest possible key needs, for rows long enough that the passes pay
// (comparison sorts mispredict about every other comparison on random ids); insertion sort for
// short rows.
// Used to order the rows that the SpGEMM accumulators produce (formats/csr/spgemm_hash_cpu.hpp).
// Cost: O(passes x (n + 256)) for n keys, passes = ceil(bits(max_key) / 8).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"

namespace spgraph {

/// Sorts keys[0, n) ascending, all keys <= max_key; `scratch` is reused workspace. Insertion
/// sort below 16 keys per radix pass (measured crossover on random column ids: about 28 keys
/// for two passes), LSD radix above.
inline void sort_keys(Vertex* keys, std::size_t n, Vertex max_key, std::vector<Vertex>& scratch) {
  if (n < 2) return;
  const unsigned passes = std::max(1u, (unsigned(std::bit_width(max_key)) + 7) / 8);
  if (n < 16 * passes) {
    for (std::size_t s = 1; s < n; ++s) {
      const Vertex x = keys[s];
      std::size_t t = s;
      for (; t > 0 && keys[t - 1] > x; --t) keys[t] = keys[t - 1];
      keys[t] = x;
    }
    return;
  }
  if (scratch.size() < n) scratch.resize(n);
  Vertex* src = keys;
  Vertex* dst = scratch.data();
  for (unsigned p = 0; p < passes; ++p) {
    const unsigned shift = 8 * p;
    std::array<std::uint32_t, 257> count{};
    for (std::size_t k = 0; k < n; ++k) ++count[((src[k] >> shift) & 0xFF) + 1];
    for (unsigned d = 0; d < 256; ++d) count[d + 1] += count[d];
    for (std::size_t k = 0; k < n; ++k) dst[count[(src[k] >> shift) & 0xFF]++] = src[k];
    std::swap(src, dst);
  }
  if (src != keys) std::copy(src, src + n, keys);
}

}  // namespace spgraph
