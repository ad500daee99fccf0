// IdMap: assigns dense vertex ids 0, 1, 2, ... to arbitrary 64-bit external ids in order of
// first appearance. Open addressing with linear probing; the table doubles at half load.
// Cost: O(1) expected per lookup; memory 16 bytes per slot plus 8 per distinct id.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"

namespace spgraph {

class IdMap {
 public:
  /// An empty map sized for about `expected` distinct ids.
  explicit IdMap(std::size_t expected = 0);
  /// The dense id of `external`, assigning the next one if it is new.
  Vertex insert(std::uint64_t external);
  /// Number of distinct ids seen.
  std::size_t size() const { return ids_.size(); }
  /// External id of each dense id, in order of first appearance.
  const std::vector<std::uint64_t>& external_ids() const { return ids_; }
  /// Moves the external id list out (the map is empty afterwards).
  std::vector<std::uint64_t> release_ids();

 private:
  void grow();
  std::vector<std::uint64_t> keys_;
  std::vector<Vertex> slots_;  ///< dense id, or kNoVertex for an empty slot
  std::vector<std::uint64_t> ids_;
  std::size_t mask_ = 0;
};

}  // namespace spgraph
