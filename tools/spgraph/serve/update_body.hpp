// The body of `POST /updates` (spgraph serve, docs/server.md) parsed into edge updates: the
// `spgraph stream` line format ("+ u v [w]", "- u v", "= u v w"; comments and blank lines
// skipped; loaders/update_stream.hpp parses each line) or a JSON array of objects
// {"op": "insert"|"erase"|"assign", "u": 1, "v": 2, "w": 0.5}. The whole body is one batch and
// is all-or-nothing: the first malformed line or element is the error, naming its line or index.
// to_batch then turns the parsed updates into the graph's dense ids.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/dynamic_graph.hpp"

namespace spgraph::serve {

/// One update in the graph file's own numbering.
struct BodyUpdate {
  UpdateKind kind = UpdateKind::Insert;
  std::uint64_t u = 0, v = 0;
  bool has_weight = false;
  double weight = 1.0;
  std::uint64_t at = 0;  ///< its line in a text body (from 1), its index in a JSON array
};

/// Parses `body`; `json` picks the format (else the stream's lines). Returns an empty string on
/// success, else what is wrong ("line 3: ..." or "element 2: ...").
std::string parse_update_body(std::string_view body, bool json, std::vector<BodyUpdate>& out);

/// True when a body should be read as JSON: its content type says so, or its first non-blank
/// character is '['.
bool body_is_json(std::string_view content_type, std::string_view body);

/// What to_batch checks against.
struct BatchLimits {
  int index_base = 0;              ///< the id users see for vertex 0
  std::uint64_t max_vertices = 0;  ///< no update may name a vertex at or past this count
  bool weighted = false;           ///< weights are allowed
};

/// Appends `body` (parsed from JSON when `json`) to `out` in dense ids; an empty string, or why
/// the body is refused (a vertex below the first id or past the limit, a weight on an
/// unweighted graph), naming the line or element.
template <class T>
std::string to_batch(const std::vector<BodyUpdate>& body, bool json, const BatchLimits& limits,
                     UpdateBatch<T>& out) {
  const std::uint64_t base = std::uint64_t(limits.index_base);
  out.updates.reserve(out.size() + body.size());
  for (const BodyUpdate& b : body) {
    std::string at = json ? "element " : "line ";
    at += std::to_string(b.at);
    at += ": ";
    for (std::uint64_t x : {b.u, b.v}) {
      if (x < base)
        return at + "vertex " + std::to_string(x) + " is below the first id, " +
               std::to_string(base);
      if (x - base >= limits.max_vertices)
        return at + "vertex " + std::to_string(x) + " would grow the graph past --max-vertices (" +
               std::to_string(limits.max_vertices) + " vertices)";
    }
    if (!limits.weighted && (b.has_weight || b.kind == UpdateKind::Assign))
      return at +
             "a weight is given, but the graph is unweighted (serve a weighted file, or "
             "pass --weighted)";
    const Vertex u = Vertex(b.u - base), v = Vertex(b.v - base);
    const T w = static_cast<T>(b.weight);
    if (b.kind == UpdateKind::Insert) out.insert(u, v, w);
    if (b.kind == UpdateKind::Erase) out.erase(u, v);
    if (b.kind == UpdateKind::Assign) out.assign(u, v, w);
  }
  return {};
}

}  // namespace spgraph::serve
