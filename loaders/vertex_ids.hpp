// SPDX-License-Identifier: Apache-2.0
// VertexIds: the one map between a file's vertex names and dense ids 0..n-1, used by the
// loaders, the writers, the CLI and the update stream. Three kinds:
//  - Offset: external = dense + base (Matrix Market and METIS are 1-based), no table;
//  - Integer: remapped 64-bit integer ids (edge lists read with remap_ids), a hash table;
//  - String: remapped tokens of any bytes ("GO:0048308", UUIDs, integers past 2^64): the
//    tokens live in one byte arena with 64-bit offsets, hashed by their bytes.
// Dense ids are given in order of first appearance. Lookups are O(1) expected (open addressing,
// linear probing, at most half full; a slot holds hash bits and the id, so a miss costs one
// cache line).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/types.hpp"

namespace spgraph {

class VertexIds {
 public:
  /// How external names relate to dense ids.
  enum class Kind { Offset, Integer, String };

  /// An empty map of `kind` (Offset with base 0 and no vertices by default).
  explicit VertexIds(Kind kind = Kind::Offset, int base = 0);
  /// Names base, base+1, ..., base+n-1 for dense 0..n-1 (no table).
  static VertexIds offset(int base, Vertex n);
  /// The Integer kind holding `ids` as dense 0..size-1 (ids must be distinct).
  static VertexIds from_integers(const std::vector<std::uint64_t>& ids);

  /// The kind of the map.
  Kind kind() const { return kind_; }
  /// True for the Integer and String kinds (the file's ids were renumbered).
  bool remapped() const { return kind_ != Kind::Offset; }
  /// Number of dense vertices named.
  Vertex size() const { return size_; }
  /// The first id of the Offset kind (0 or 1); 0 for the other kinds.
  int base() const { return base_; }

  /// The external name of dense id v as text (decimal for the Offset and Integer kinds).
  std::string name(Vertex v) const;
  /// The same, appended to `out` (for output loops).
  void append_name(Vertex v, std::string& out) const;
  /// The external integer of dense id v; std::logic_error for the String kind.
  std::uint64_t integer_id(Vertex v) const;
  /// The token of dense id v (String kind only; std::logic_error otherwise).
  std::string_view token(Vertex v) const;

  /// The dense id named `token`, if any. The Offset and Integer kinds accept decimal digits
  /// only (no sign); anything else is not found.
  std::optional<Vertex> find(std::string_view token) const;
  /// The dense id of external integer `id` (Offset and Integer kinds; String: its decimal text).
  std::optional<Vertex> find_integer(std::uint64_t id) const;
  /// find_integer for each of `ids` into `out` (same length; kNoVertex where absent). For bulk
  /// translation: the Integer kind prefetches the table slots of lookups a few ids ahead, so
  /// their cache misses overlap instead of queueing one after another.
  void find_integers(std::span<const std::uint64_t> ids, std::span<Vertex> out) const;

  /// The dense id of `token`, assigning the next one if it is new (Integer kind: `token` must be
  /// decimal digits below 2^64, else InvalidArgument; Offset kind: see insert_integer).
  Vertex insert(std::string_view token);
  /// The dense id of integer `id`, assigning the next one if new (Integer kind). Offset kind: `id`
  /// must be at least base; vertices up to id - base then exist. String kind: its decimal text.
  Vertex insert_integer(std::uint64_t id);
  /// Offset kind: vertices 0..n-1 exist (never shrinks). Other kinds: logic_error.
  void grow_offset(Vertex n);
  /// Reserves table room for about `count` distinct ids and `bytes` of token text.
  void reserve(std::size_t count, std::size_t bytes = 0);

  /// Bytes held by the table, the arena and the id lists.
  std::uint64_t memory_bytes() const;

 private:
  std::uint64_t hash_of(Vertex v) const;
  std::string_view token_at(Vertex v) const {
    return {arena_.data() + starts_[v], std::size_t(starts_[v + 1] - starts_[v])};
  }
  void grow_table();
  Vertex append_new(std::uint64_t hash);

  Kind kind_ = Kind::Offset;
  int base_ = 0;
  Vertex size_ = 0;
  std::vector<std::uint64_t> integers_;  ///< Integer kind: external id per dense id
  std::vector<char> arena_;              ///< String kind: token bytes, back to back
  std::vector<std::uint64_t> starts_;    ///< String kind: size+1 offsets into arena_
  /// Hash table: per slot, 32 hash bits (odd, a fast reject) above the dense id; 0 = empty.
  std::vector<std::uint64_t> slots_;
  std::size_t mask_ = 0;
};

/// 64-bit hash of a token's bytes (loaders use it to split tokens among threads).
std::uint64_t hash_token(std::string_view token);
/// 64-bit mix of an integer id.
std::uint64_t hash_integer(std::uint64_t id);

}  // namespace spgraph
