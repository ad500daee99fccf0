// Implementation of IdMap (see id_map.hpp).
#include "loaders/id_map.hpp"

#include <bit>

#include "engine/core/error.hpp"

namespace spgraph {

namespace {
std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}
}  // namespace

IdMap::IdMap(std::size_t expected) {
  const std::size_t cap = std::bit_ceil(std::max<std::size_t>(expected * 2, 64));
  keys_.assign(cap, 0);
  slots_.assign(cap, kNoVertex);
  mask_ = cap - 1;
}

Vertex IdMap::insert(std::uint64_t external) {
  for (std::size_t s = mix(external) & mask_;; s = (s + 1) & mask_) {
    if (slots_[s] == kNoVertex) {
      if (ids_.size() >= kMaxDimension)
        throw InvalidArgument("more than " + std::to_string(kMaxDimension) +
                              " distinct vertex ids");
      const Vertex v = Vertex(ids_.size());
      keys_[s] = external;
      slots_[s] = v;
      ids_.push_back(external);
      if (ids_.size() * 2 > slots_.size()) grow();
      return v;
    }
    if (keys_[s] == external) return slots_[s];
  }
}

void IdMap::grow() {
  const std::size_t cap = slots_.size() * 2;
  keys_.assign(cap, 0);
  slots_.assign(cap, kNoVertex);
  mask_ = cap - 1;
  for (Vertex v = 0; v < ids_.size(); ++v)
    for (std::size_t s = mix(ids_[v]) & mask_;; s = (s + 1) & mask_)
      if (slots_[s] == kNoVertex) {
        keys_[s] = ids_[v];
        slots_[s] = v;
        break;
      }
}

std::vector<std::uint64_t> IdMap::release_ids() {
  keys_.assign(64, 0);
  slots_.assign(64, kNoVertex);
  mask_ = 63;
  std::vector<std::uint64_t> out = std::move(ids_);
  ids_.clear();
  return out;
}

}  // namespace spgraph
