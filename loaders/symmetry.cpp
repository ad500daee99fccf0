// SPDX-License-Identifier: Apache-2.0
// The per-process key of the symmetry hash (see symmetry.hpp): drawn once from the system's
// random source, so the sums a file must match cannot be known when the file is written.
#include "loaders/symmetry.hpp"

#include <random>

namespace spgraph::detail {

std::uint64_t symmetry_hash_key() {
  static const std::uint64_t key = [] {
    std::random_device rd;
    return std::uint64_t(rd()) << 32 ^ std::uint64_t(rd());
  }();
  return key;
}

}  // namespace spgraph::detail
