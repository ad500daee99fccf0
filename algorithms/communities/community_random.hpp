// SPDX-License-Identifier: Apache-2.0
// The counter-based random numbers of the community methods: each draw is a hash of (seed,
// stream, counter), so any thread may draw the number of any vertex or round with no shared
// generator, and a run depends only on its seed (Salmon, Moraes, Dror & Shaw, "Parallel random
// numbers: as easy as 1, 2, 3", SC 2011). The mixing function is SplitMix64's finaliser (Steele,
// Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014).
#pragma once

#include <cstdint>

namespace spgraph::detail {

/// SplitMix64's output function: a bijection of 64-bit words that mixes every bit.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// The random word number `counter` of stream `stream` under `seed`.
constexpr std::uint64_t counter_random(std::uint64_t seed, std::uint64_t stream,
                                       std::uint64_t counter) {
  return mix64(mix64(seed ^ mix64(stream)) ^ counter);
}

/// The same as a uniform double in [0, 1) (its top 53 bits).
constexpr double counter_uniform(std::uint64_t seed, std::uint64_t stream, std::uint64_t counter) {
  return double(counter_random(seed, stream, counter) >> 11) * 0x1.0p-53;
}

/// The words of one stream, its key mixed once: (*this)(c) is counter_random(seed, stream, c),
/// for loops that draw one word per vertex.
class RandomStream {
 public:
  constexpr RandomStream(std::uint64_t seed, std::uint64_t stream)
      : key_(mix64(seed ^ mix64(stream))) {}
  constexpr std::uint64_t operator()(std::uint64_t counter) const { return mix64(key_ ^ counter); }
  /// The same as a uniform double in [0, 1) (counter_uniform).
  constexpr double uniform(std::uint64_t counter) const {
    return double((*this)(counter) >> 11) * 0x1.0p-53;
  }

 private:
  std::uint64_t key_;
};

}  // namespace spgraph::detail
