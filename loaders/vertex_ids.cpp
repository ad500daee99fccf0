// SPDX-License-Identifier: Apache-2.0
// Implementation of VertexIds (see vertex_ids.hpp): open addressing with linear probing over
// dense ids, a 32-bit tag per slot to skip most key comparisons, the table doubled at half load.
#include "loaders/vertex_ids.hpp"

#include <bit>
#include <cstring>
#include <stdexcept>

#include "engine/core/error.hpp"

namespace spgraph {

namespace {

std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

/// Decimal digits below 2^64 (no sign, no spaces), else nullopt.
std::optional<std::uint64_t> parse_decimal(std::string_view s) {
  if (s.empty() || s.size() > 20) return std::nullopt;
  std::uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    const std::uint64_t d = std::uint64_t(c - '0');
    if (v > (UINT64_MAX - d) / 10) return std::nullopt;
    v = v * 10 + d;
  }
  return v;
}

std::uint32_t tag_of(std::uint64_t h) {
  return std::uint32_t(h >> 32) | 1u;
}

/// A table slot: the hash's tag in the high half, the dense id in the low half; 0 is empty
/// (tags are odd, so no full slot is 0).
constexpr std::uint64_t kEmptySlot = 0;
std::uint64_t slot_of(std::uint32_t tag, Vertex v) {
  return std::uint64_t(tag) << 32 | v;
}
Vertex id_of(std::uint64_t slot) {
  return Vertex(slot);
}
std::uint32_t slot_tag(std::uint64_t slot) {
  return std::uint32_t(slot >> 32);
}

}  // namespace

std::uint64_t hash_integer(std::uint64_t id) {
  return mix64(id);
}

std::uint64_t hash_token(std::string_view token) {
  // 8 bytes at a time, each word mixed in (a small wyhash-like scheme; not for adversaries).
  // One multiply-rotate per 8 bytes, one full mix at the end.
  std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ (std::uint64_t(token.size()) * 0xff51afd7ed558ccdULL);
  std::size_t i = 0;
  for (; i + 8 <= token.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, token.data() + i, 8);
    h = std::rotl((h ^ w) * 0x9fb21c651e98df25ULL, 29);
  }
  if (i < token.size()) {
    std::uint64_t w = 0;
    std::memcpy(&w, token.data() + i, token.size() - i);
    h = std::rotl((h ^ w) * 0x9fb21c651e98df25ULL, 29);
  }
  return mix64(h);
}

VertexIds::VertexIds(Kind kind, int base) : kind_(kind), base_(kind == Kind::Offset ? base : 0) {
  if (kind == Kind::String) starts_.push_back(0);
  if (kind != Kind::Offset) reserve(0);
}

VertexIds VertexIds::offset(int base, Vertex n) {
  VertexIds ids(Kind::Offset, base);
  ids.size_ = n;
  return ids;
}

VertexIds VertexIds::from_integers(const std::vector<std::uint64_t>& ids) {
  VertexIds out(Kind::Integer);
  out.reserve(ids.size());
  for (std::uint64_t id : ids) {
    const Vertex before = out.size_;
    out.insert_integer(id);
    if (out.size_ == before) throw InvalidArgument("repeated vertex id " + std::to_string(id));
  }
  return out;
}

std::string VertexIds::name(Vertex v) const {
  std::string s;
  append_name(v, s);
  return s;
}

void VertexIds::append_name(Vertex v, std::string& out) const {
  if (kind_ == Kind::String) {
    out.append(token(v));
    return;
  }
  char buf[24];
  std::uint64_t x = integer_id(v);
  char* p = buf + sizeof buf;
  do {
    *--p = char('0' + x % 10);
    x /= 10;
  } while (x);
  out.append(p, buf + sizeof buf);
}

std::uint64_t VertexIds::integer_id(Vertex v) const {
  switch (kind_) {
    case Kind::Offset:
      return std::uint64_t(v) + std::uint64_t(base_);
    case Kind::Integer:
      return integers_.at(v);
    case Kind::String:
      break;
  }
  throw std::logic_error("VertexIds::integer_id: the ids are strings");
}

std::string_view VertexIds::token(Vertex v) const {
  if (kind_ != Kind::String) throw std::logic_error("VertexIds::token: the ids are not strings");
  if (v >= size_) throw std::out_of_range("VertexIds::token: no such vertex");
  return {arena_.data() + starts_[v], std::size_t(starts_[v + 1] - starts_[v])};
}

std::uint64_t VertexIds::hash_of(Vertex v) const {
  return kind_ == Kind::String ? hash_token(token_at(v)) : hash_integer(integers_[v]);
}

std::optional<Vertex> VertexIds::find(std::string_view token) const {
  if (kind_ != Kind::String) {
    const auto id = parse_decimal(token);
    if (!id) return std::nullopt;
    return find_integer(*id);
  }
  const std::uint64_t h = hash_token(token);
  const std::uint32_t tag = tag_of(h);
  for (std::size_t s = h & mask_;; s = (s + 1) & mask_) {
    if (slots_[s] == kEmptySlot) return std::nullopt;
    if (slot_tag(slots_[s]) == tag && token_at(id_of(slots_[s])) == token) return id_of(slots_[s]);
  }
}

std::optional<Vertex> VertexIds::find_integer(std::uint64_t id) const {
  switch (kind_) {
    case Kind::Offset:
      if (id < std::uint64_t(base_) || id - std::uint64_t(base_) >= size_) return std::nullopt;
      return Vertex(id - std::uint64_t(base_));
    case Kind::String:
      return find(std::to_string(id));
    case Kind::Integer:
      break;
  }
  const std::uint64_t h = hash_integer(id);
  const std::uint32_t tag = tag_of(h);
  for (std::size_t s = h & mask_;; s = (s + 1) & mask_) {
    if (slots_[s] == kEmptySlot) return std::nullopt;
    if (slot_tag(slots_[s]) == tag && integers_[id_of(slots_[s])] == id) return id_of(slots_[s]);
  }
}

void VertexIds::find_integers(std::span<const std::uint64_t> ids, std::span<Vertex> out) const {
  if (kind_ != Kind::Integer) {
    for (std::size_t k = 0; k < ids.size(); ++k) out[k] = find_integer(ids[k]).value_or(kNoVertex);
    return;
  }
  // The slot of id k + kAhead is fetched while id k is looked up (a lookup costs a cache miss
  // or two once the table outgrows the caches).
  constexpr std::size_t kAhead = 16;
  for (std::size_t k = 0; k < ids.size(); ++k) {
    if (k + kAhead < ids.size()) __builtin_prefetch(&slots_[hash_integer(ids[k + kAhead]) & mask_]);
    out[k] = find_integer(ids[k]).value_or(kNoVertex);
  }
}

Vertex VertexIds::append_new(std::uint64_t hash) {
  if (size_ >= kMaxDimension)
    throw InvalidArgument("more than " + std::to_string(kMaxDimension) + " distinct vertex ids");
  const Vertex v = size_++;
  std::size_t s = hash & mask_;
  while (slots_[s] != kEmptySlot) s = (s + 1) & mask_;
  slots_[s] = slot_of(tag_of(hash), v);
  if (std::size_t(size_) * 2 > slots_.size()) grow_table();
  return v;
}

Vertex VertexIds::insert(std::string_view token) {
  if (kind_ != Kind::String) {
    const auto id = parse_decimal(token);
    if (!id)
      throw InvalidArgument("vertex id '" + printable(std::string(token)) +
                            "' is not a non-negative integer below 2^64");
    return insert_integer(*id);
  }
  const std::uint64_t h = hash_token(token);
  const std::uint32_t tag = tag_of(h);
  for (std::size_t s = h & mask_;; s = (s + 1) & mask_) {
    if (slots_[s] == kEmptySlot) break;
    if (slot_tag(slots_[s]) == tag && token_at(id_of(slots_[s])) == token) return id_of(slots_[s]);
  }
  arena_.insert(arena_.end(), token.begin(), token.end());
  starts_.push_back(arena_.size());
  return append_new(h);
}

Vertex VertexIds::insert_integer(std::uint64_t id) {
  switch (kind_) {
    case Kind::Offset:
      if (id < std::uint64_t(base_))
        throw InvalidArgument("vertex id " + std::to_string(id) + " is below the first id, " +
                              std::to_string(base_));
      if (id - std::uint64_t(base_) >= kMaxDimension)
        throw InvalidArgument("vertex id " + std::to_string(id) +
                              " is past the 32-bit vertex id limit");
      grow_offset(Vertex(id - std::uint64_t(base_) + 1));
      return Vertex(id - std::uint64_t(base_));
    case Kind::String:
      return insert(std::to_string(id));
    case Kind::Integer:
      break;
  }
  const std::uint64_t h = hash_integer(id);
  const std::uint32_t tag = tag_of(h);
  for (std::size_t s = h & mask_;; s = (s + 1) & mask_) {
    if (slots_[s] == kEmptySlot) break;
    if (slot_tag(slots_[s]) == tag && integers_[id_of(slots_[s])] == id) return id_of(slots_[s]);
  }
  integers_.push_back(id);
  try {
    return append_new(h);
  } catch (...) {
    integers_.pop_back();
    throw;
  }
}

void VertexIds::grow_offset(Vertex n) {
  if (kind_ != Kind::Offset) throw std::logic_error("VertexIds::grow_offset: ids are remapped");
  if (n > size_) size_ = n;
}

void VertexIds::reserve(std::size_t count, std::size_t bytes) {
  if (kind_ == Kind::Offset) return;
  if (kind_ == Kind::Integer) integers_.reserve(count);
  if (kind_ == Kind::String) {
    starts_.reserve(count + 1);
    arena_.reserve(bytes);
  }
  const std::size_t cap = std::bit_ceil(std::max<std::size_t>(count * 2 + 2, 64));
  if (cap <= slots_.size()) return;
  slots_.assign(cap, kEmptySlot);
  mask_ = cap - 1;
  for (Vertex v = 0; v < size_; ++v) {
    const std::uint64_t h = hash_of(v);
    std::size_t s = h & mask_;
    while (slots_[s] != kEmptySlot) s = (s + 1) & mask_;
    slots_[s] = slot_of(tag_of(h), v);
  }
}

void VertexIds::grow_table() {
  reserve(size_);
}

std::uint64_t VertexIds::memory_bytes() const {
  return integers_.capacity() * 8 + arena_.capacity() + starts_.capacity() * 8 +
         slots_.capacity() * 8;
}

}  // namespace spgraph
