// SPDX-License-Identifier: Apache-2.0
// The Boost.Graph side of `spgraph compare closure`: boost::transitive_closure run in a child
// process whose address space is limited, so a closure too large for memory ends the child
// with a report ("ran out of memory at the limit") instead of letting the OS kill spgraph, and
// the child's resident high-water mark is its own. Built only when Boost.Graph is found.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/csr/csr.hpp"

namespace spgraph::peers {

struct BoostClosureResult {
  bool ran = false;              ///< false: see `note`
  std::string note;              ///< why it did not run or did not finish
  std::uint64_t pairs = 0;       ///< edges of the closure graph
  std::uint64_t pair_hash = 0;   ///< pair_set_hash of the closure's pairs
  std::vector<double> seconds;   ///< per timed run (after one untimed warm-up)
  std::uint64_t peak_bytes = 0;  ///< rise of the child's resident high-water mark
};

/// Builds the graph of `a` as a boost::adjacency_list<vecS, vecS, directedS> (not timed) and runs
/// boost::transitive_closure once untimed and `runs` times timed, in a child process that may
/// allocate at most `memory_limit` more bytes of address space.
BoostClosureResult boost_closure(const Csr<bool>& a, int runs, std::uint64_t memory_limit);

/// An order-independent 64-bit hash of a set of pairs (the sum of a mixing function of
/// (u, v)); equal sets give equal hashes, different sets almost surely differ.
std::uint64_t pair_hash(std::uint32_t u, std::uint32_t v);
std::uint64_t pair_set_hash(const Csr<bool>& pairs);

}  // namespace spgraph::peers
