// SPDX-License-Identifier: Apache-2.0
// The vertex ids of `spgraph serve` (docs/server.md, "Vertex ids"): query parameters, update
// bodies and replies use the graph file's own ids, as the other commands do. Without
// --remap-ids they are the file's integers (dense id + the file's first id); with --remap-ids
// (or --string-ids) they are the names the file used, kept in the loaded file's id map
// (loaders/vertex_ids.hpp), which an insert naming a new vertex grows. The map is shared by
// the HTTP threads: lookups take a shared lock, growth an exclusive one. Only the writer
// thread grows it, batch by batch in commit order, and only with the names of a batch the
// graph accepts (NewNames below): a refused body leaves the map as it was.
#pragma once

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

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
  /// The number of vertices named (remapped ids).
  Vertex size() const {
    std::shared_lock lock(mutex_);
    return ids_.size();
  }

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

  /// The dense id of a remapped update's vertex `token` (its name, or an integer id as digits)
  /// if the map has it.
  std::optional<Vertex> lookup(std::string_view token) const {
    std::shared_lock lock(mutex_);
    return ids_.find(token);
  }
  /// The key a new name is recorded under (the Integer kind's ids in canonical decimal, so "07"
  /// and "7" are one vertex), or nullopt with `error` set when `token` cannot name a vertex.
  std::optional<std::string> new_name_key(std::string_view token, std::string& error) const {
    if (ids_.kind() != VertexIds::Kind::Integer) return std::string(token);
    std::uint64_t x = 0;
    bool ok = !token.empty();
    for (char ch : token) {
      const std::uint64_t d = std::uint64_t(ch - '0');
      ok = ok && ch >= '0' && ch <= '9' && x <= (UINT64_MAX - d) / 10;
      if (ok) x = 10 * x + d;
    }
    if (ok) return std::to_string(x);
    error = "vertex '" + std::string(token.substr(0, 200)) +
            "' is not an integer id (the file's ids are integers below 2^64)";
    return std::nullopt;
  }

  /// Writer side (graph_service.hpp): the positions of a batch's new names, in order, as the
  /// map stands now: a name another batch has added since keeps its position, the others take
  /// the next ones. Nothing is recorded; nullopt with `error` when the graph (of `n` vertices)
  /// would grow past `max_vertices`.
  std::optional<std::vector<Vertex>> place(const std::vector<std::string>& names, Vertex n,
                                           std::uint64_t max_vertices, std::string& error) const {
    std::shared_lock lock(mutex_);
    std::vector<Vertex> out;
    out.reserve(names.size());
    Vertex next = ids_.size();
    for (const std::string& name : names) {
      const std::optional<Vertex> v = ids_.find(name);
      out.push_back(v ? *v : next++);
    }
    if (std::uint64_t(std::max(next, n)) > max_vertices) {
      error = "the batch's new vertices would grow the graph to " +
              std::to_string(std::max(next, n)) + " vertices, past --max-vertices (" +
              std::to_string(max_vertices) + " vertices)";
      return std::nullopt;
    }
    return out;
  }
  /// Writer side: records `names` (those still new) at the positions place() gave them.
  void record(const std::vector<std::string>& names) {
    std::unique_lock lock(mutex_);
    for (const std::string& name : names) ids_.insert(name);
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

/// The vertices a body names for the first time (serve --remap-ids), kept out of the id map
/// until the writer applies the batch: `names` in first-use order, `uses` the batch's endpoints
/// that hold one (as an index into `names` until place() rewrites them to positions).
struct NewNames {
  struct Use {
    std::size_t update = 0;  ///< index in UpdateBatch::updates
    bool target = false;     ///< the update's v (else its u)
    std::size_t name = 0;    ///< index in `names`
  };
  std::vector<std::string> names;
  std::vector<Use> uses;
  std::uint64_t max_vertices = 0;  ///< --max-vertices, checked again when placed

  bool empty() const { return names.empty(); }
  /// Rewrites the batch's endpoints that name new vertices to `positions` (ServeIds::place).
  template <class Batch>
  void rewrite(Batch& batch, const std::vector<Vertex>& positions) const {
    for (const Use& use : uses) {
      auto& e = batch.updates[use.update];
      (use.target ? e.v : e.u) = positions[use.name];
    }
  }
};

}  // namespace spgraph::serve
