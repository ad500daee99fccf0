// SPDX-License-Identifier: Apache-2.0
// The body of `POST /updates` (spgraph serve, docs/server.md), read as it arrives: the
// `spgraph stream` line format ("+ u v [w]", "- u v", "= u v w"; comments and blank lines
// skipped; a UTF-8 byte order mark allowed; loaders/update_stream.hpp parses each line) or a
// JSON array of objects {"op": "insert"|"erase"|"assign", "u": 1, "v": 2, "w": 0.5}, read by
// nlohmann-json's SAX parser (no document tree is built). The whole body is one batch and is
// all-or-nothing: the first malformed line or element is the error, naming its line or index.
// BatchBuilder turns each update into the graph's dense ids as it is read, so a body costs its
// updates' size in memory (a JSON body also its own text, which is bounded by --max-body).
// Names a body introduces (--remap-ids) stay in the batch's own list until the writer applies
// it, so a refused body never changes the id map.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "engine/dynamic_graph.hpp"
#include "tools/spgraph/serve/serve_ids.hpp"

namespace spgraph::serve {

/// One update in the graph file's own numbering.
struct BodyUpdate {
  UpdateKind kind = UpdateKind::Insert;
  std::uint64_t u = 0, v = 0;
  bool has_weight = false;
  double weight = 1.0;
  std::uint64_t at = 0;  ///< its line in a text body (from 1), its index in a JSON array
  /// With names (serve --remap-ids): the vertices as written; u and v hold their values only
  /// when they are integers.
  std::string u_name, v_name;
};

/// Reads a body chunk by chunk and hands each update to a sink, which may refuse it.
class UpdateBodyReader {
 public:
  /// Returns an empty string, or why the update is refused (without the "line N: " prefix).
  using Sink = std::function<std::string(const BodyUpdate&)>;

  /// `json_type`: the request's content type says JSON; otherwise the body is JSON when its
  /// first non-blank character is '['. `names`: vertices may be any token (text) or a string
  /// (JSON), kept in BodyUpdate::u_name and v_name (the graph's ids are remapped).
  UpdateBodyReader(bool json_type, Sink sink, bool names = false);
  ~UpdateBodyReader();
  UpdateBodyReader(const UpdateBodyReader&) = delete;
  UpdateBodyReader& operator=(const UpdateBodyReader&) = delete;

  /// The next bytes of the body (ignored once there is an error).
  void feed(std::string_view bytes);
  /// The end of the body.
  void finish();
  /// Empty, or what is wrong ("line 3: ..." or "element 2: ...").
  const std::string& error() const { return error_; }
  bool is_json() const { return mode_ == Mode::Json; }

 private:
  enum class Mode { Undecided, Text, Json };
  void text(std::string_view bytes);
  void line(std::string_view text);

  Mode mode_;
  Sink sink_;
  std::string error_;
  std::string pending_;  ///< text: the unfinished last line; JSON: the text so far
  std::uint64_t line_no_ = 0;
  bool bom_checked_ = false;
  bool names_ = false;
};

/// What BatchBuilder checks against.
struct BatchLimits {
  int index_base = 0;              ///< the id users see for vertex 0
  std::uint64_t max_vertices = 0;  ///< no update may name a vertex at or past this count
  bool weighted = false;           ///< weights are allowed
};

/// Appends updates in the file's numbering to a batch in dense ids, checking each against the
/// limits (a vertex below the first id or past --max-vertices, a weight on an unweighted
/// graph).
template <class T>
class BatchBuilder {
 public:
  /// `ids`: with remapped ids, the map that names (BodyUpdate::u_name, v_name) resolve through;
  /// an insert of a name it lacks adds the name to new_names(), which the writer records once
  /// the batch is applied (serve_ids.hpp). `vertices`: the graph's vertex count, which the new
  /// names grow against --max-vertices. Null or not remapped: the file's integers from
  /// limits.index_base.
  explicit BatchBuilder(const BatchLimits& limits, const ServeIds* ids = nullptr,
                        Vertex vertices = 0)
      : limits_(limits),
        ids_(ids && ids->remapped() ? ids : nullptr),
        vertices_at_start_(vertices),
        first_new_(ids_ ? std::max(ids_->size(), vertices) : 0) {
    new_.max_vertices = limits.max_vertices;
  }

  /// Empty, or why `b` is refused.
  std::string add(const BodyUpdate& b) {
    if (ids_) return add_named(b);
    const std::uint64_t base = std::uint64_t(limits_.index_base);
    for (std::uint64_t x : {b.u, b.v}) {
      if (x < base)
        return "vertex " + std::to_string(x) + " is below the first id, " + std::to_string(base);
      if (x - base >= limits_.max_vertices)
        return "vertex " + std::to_string(x) + " would grow the graph past --max-vertices (" +
               std::to_string(limits_.max_vertices) + " vertices)";
    }
    if (!limits_.weighted && (b.has_weight || b.kind == UpdateKind::Assign))
      return "a weight is given, but the graph is unweighted (serve a weighted file, or pass "
             "--weighted)";
    return append(b, Vertex(b.u - base), Vertex(b.v - base));
  }

  UpdateBatch<T>& batch() { return batch_; }
  /// The vertex count the inserts need (0 without inserts).
  std::uint64_t vertices_needed() const { return vertices_; }
  /// Erases and assigns that named a vertex the id map does not have (not in the batch).
  std::uint64_t unknown_names() const { return unknown_; }
  /// The names this batch adds and the updates that use them (empty without remapped ids).
  NewNames& new_names() { return new_; }

 private:
  /// An update naming its vertices through the id map; an insert may add names.
  std::string add_named(const BodyUpdate& b) {
    if (!limits_.weighted && (b.has_weight || b.kind == UpdateKind::Assign))
      return "a weight is given, but the graph is unweighted (serve a weighted file, or pass "
             "--weighted)";
    const bool grow = b.kind == UpdateKind::Insert;
    std::string why;
    Named u, v;
    if (!named_vertex(b.u_name, grow, u, why) || !named_vertex(b.v_name, grow, v, why)) {
      if (grow) return why;
      ++unknown_;  // an erase or assign of an edge the graph cannot have: missing, as without
      return {};   // names
    }
    const std::size_t at = batch_.size();
    if (u.fresh) new_.uses.push_back({at, false, u.name});
    if (v.fresh) new_.uses.push_back({at, true, v.name});
    return append(b, u.vertex, v.vertex);
  }

  /// A vertex as the batch names it: in the map, or new to this batch (`name` in new_names,
  /// `vertex` its provisional position after the map's current end).
  struct Named {
    Vertex vertex = 0;
    bool fresh = false;
    std::size_t name = 0;
  };

  /// Resolves `token` into `out`; false (with `why` when it is an error) when it names no
  /// vertex: unknown without `grow`, not a valid id, or past --max-vertices.
  bool named_vertex(std::string_view token, bool grow, Named& out, std::string& why) {
    if (const std::optional<Vertex> v = ids_->lookup(token)) {
      out = {*v, false, 0};
      return true;
    }
    const std::string shown = "vertex '" + std::string(token.substr(0, 200)) + "'";
    std::optional<std::string> key = ids_->new_name_key(token, why);
    if (!key) return false;
    if (const auto it = pending_.find(*key); it != pending_.end()) {
      out = {Vertex(first_new_ + it->second), true, it->second};
      return true;
    }
    if (!grow) {
      why = shown + " is not in the graph";
      return false;
    }
    const std::uint64_t count = std::uint64_t(vertices_at_start_) + new_.names.size() + 1;
    if (count > limits_.max_vertices) {
      why = shown + " would grow the graph past --max-vertices (" +
            std::to_string(limits_.max_vertices) + " vertices)";
      return false;
    }
    const std::size_t k = new_.names.size();
    pending_.emplace(*key, k);
    new_.names.push_back(std::move(*key));
    out = {Vertex(first_new_ + k), true, k};
    return true;
  }

  std::string append(const BodyUpdate& b, Vertex u, Vertex v) {
    const T w = static_cast<T>(b.weight);
    if (b.kind == UpdateKind::Insert) {
      batch_.insert(u, v, w);
      vertices_ = std::max<std::uint64_t>(vertices_, std::uint64_t(std::max(u, v)) + 1);
    }
    if (b.kind == UpdateKind::Erase) batch_.erase(u, v);
    if (b.kind == UpdateKind::Assign) batch_.assign(u, v, w);
    return {};
  }

  BatchLimits limits_;
  const ServeIds* ids_;
  Vertex vertices_at_start_ = 0;
  Vertex first_new_ = 0;  ///< the provisional position of the batch's first new name
  NewNames new_;
  std::unordered_map<std::string, std::size_t> pending_;  ///< new_.names' indices
  UpdateBatch<T> batch_;
  std::uint64_t vertices_ = 0;
  std::uint64_t unknown_ = 0;
};

}  // namespace spgraph::serve
