// SPDX-License-Identifier: Apache-2.0
// The vertex ids of `spgraph serve` (docs/server.md, "Vertex ids"): query parameters, update
// bodies and replies use the graph file's own ids, as the other commands do. Without
// --remap-ids they are the file's integers (dense id + the file's first id); with --remap-ids
// (or --string-ids) they are the names the file used, kept in the loaded file's id map
// (loaders/vertex_ids.hpp), which an insert naming a new vertex grows. The map is shared by
// the HTTP threads: lookups take a shared lock, growth an exclusive one.
#pragma once

#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>

#include "engine/core/types.hpp"
#include "loaders/vertex_ids.hpp"

namespace spgraph::serve {

class ServeIds {
 public:
  using Json = nlohmann::ordered_json;

  /// The file's integers: dense id v is `base` + v.
  explicit ServeIds(int base) : ids_(VertexIds::offset(base, 0)) {}
  /// A remapped file's names (Integer or String kind).
  explicit ServeIds(VertexIds ids) : ids_(std::move(ids)) {}

  bool remapped() const { return ids_.remapped(); }
  /// True when the ids are strings (JSON strings in replies and bodies).
  bool named() const { return ids_.kind() == VertexIds::Kind::String; }
  int base() const { return ids_.base(); }

  /// The dense id of the vertex `text` names among the first n (the snapshot's vertices), or
  /// an error message naming what is wrong.
  std::optional<Vertex> find(std::string_view text, Vertex n, std::string& error) const {
    if (!remapped()) return find_offset(text, n, error);
    std::optional<Vertex> v;
    {
      std::shared_lock lock(mutex_);
      v = ids_.find(text);
    }
    if (v && *v < n) return v;
    error = "vertex '" + std::string(text.substr(0, 200)) + "' is not in the graph";
    return std::nullopt;
  }

  /// The file's id of dense vertex v: a JSON number, or a string for named ids.
  Json json(Vertex v) const {
    if (!remapped()) return std::uint64_t(v) + std::uint64_t(base());
    std::shared_lock lock(mutex_);
    if (named()) return ids_.name(v);
    return ids_.integer_id(v);
  }
  /// The same as text.
  std::string text(Vertex v) const {
    if (!remapped()) return std::to_string(std::uint64_t(v) + std::uint64_t(base()));
    std::shared_lock lock(mutex_);
    return ids_.name(v);
  }

  /// The dense id of a remapped update's vertex `token` (its name, or an integer id as digits).
  /// With `grow` (an insert), a new name gets the next dense id unless that would reach
  /// `max_vertices`; without, an unknown name is an error.
  std::optional<Vertex> resolve(std::string_view token, bool grow, std::uint64_t max_vertices,
                                std::string& error) {
    {
      std::shared_lock lock(mutex_);
      if (const auto v = ids_.find(token)) return v;
    }
    const std::string shown = "vertex '" + std::string(token.substr(0, 200)) + "'";
    if (!grow) {
      error = shown + " is not in the graph";
      return std::nullopt;
    }
    std::unique_lock lock(mutex_);
    if (const auto v = ids_.find(token)) return v;  // another request added it meanwhile
    if (std::uint64_t(ids_.size()) >= max_vertices) {
      error = shown + " would grow the graph past --max-vertices (" + std::to_string(max_vertices) +
              " vertices)";
      return std::nullopt;
    }
    try {
      return ids_.insert(token);
    } catch (const std::exception& e) {  // not an integer id of an Integer-kind map
      error = shown + ": " + e.what();
      return std::nullopt;
    }
  }

 private:
  std::optional<Vertex> find_offset(std::string_view text, Vertex n, std::string& error) const {
    std::uint64_t x = 0;
    bool ok = !text.empty() && text.size() <= 19;
    for (char ch : text) {
      ok = ok && ch >= '0' && ch <= '9';
      if (ok) x = 10 * x + std::uint64_t(ch - '0');
    }
    if (!ok) {
      error =
          "'" + std::string(text.substr(0, 200)) + "' is not a vertex id (a non-negative integer)";
      return std::nullopt;
    }
    const std::uint64_t b = std::uint64_t(base());
    if (x < b || x - b >= n) {
      error = "vertex " + std::string(text) + " is not in the graph " +
              (n == 0 ? std::string("(it has no vertices)")
                      : "(ids " + std::to_string(b) + ".." + std::to_string(b + n - 1) + ")");
      return std::nullopt;
    }
    return Vertex(x - b);
  }

  mutable std::shared_mutex mutex_;
  VertexIds ids_;
};

}  // namespace spgraph::serve
