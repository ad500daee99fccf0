// SPDX-License-Identifier: Apache-2.0
// The vertex ids of `spgraph stream` (tools/spgraph/stream_run.cpp): how an update record names a
// vertex (VertexKey), and StreamIds, the file's numbering mapped to the graph's dense ids, which
// an insert may grow within the dimension guard (loaders/dimension_guard.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "engine/core/error.hpp"
#include "engine/core/types.hpp"
#include "loaders/dimension_guard.hpp"
#include "loaders/load_options.hpp"
#include "loaders/update_stream.hpp"
#include "loaders/vertex_ids.hpp"
#include "tools/cli/report.hpp"

namespace spgraph::cli {

/// A vertex as an update record names it: its number, and its token when the graph's ids are
/// strings.
struct VertexKey {
  std::uint64_t number = 0;
  std::string_view name;
  /// The vertex as written, for messages.
  std::string text(bool named) const { return named ? printable(name) : std::to_string(number); }
};

/// The file's vertex numbering and the graph's dense ids, growing as new ids appear: a working
/// copy of the loaded file's VertexIds (loaders/vertex_ids.hpp), the one id map.
class StreamIds {
 public:
  enum class Status {
    Present,  ///< a vertex of the graph (or of an insert read before)
    Absent,   ///< a valid id, not (yet) in the graph
    Invalid,  ///< not an id in this numbering, or growing to it is refused
  };

  StreamIds(const LoadInfo& info, Vertex n)
      : ids_(info.ids ? *info.ids : VertexIds::offset(info.index_base, n)), n_(n) {}

  /// True when the ids are strings (records carry tokens).
  bool named() const { return ids_.kind() == VertexIds::Kind::String; }

  /// The key of a record's source (or query vertex) and target.
  VertexKey key_u(const UpdateRecord& r) const { return {r.u, r.u_name}; }
  VertexKey key_v(const UpdateRecord& r) const { return {r.v, r.v_name}; }

  /// The dense id of `k` if the graph holds it; changes nothing.
  Status find(const VertexKey& k, Vertex& out, std::string& error) const {
    if (ids_.remapped()) {
      const auto v = named() ? ids_.find(k.name) : ids_.find_integer(k.number);
      if (v) {
        out = *v;
        return Status::Present;
      }
      error = "vertex " + k.text(named()) + " is not in the graph";
      return Status::Absent;
    }
    const std::uint64_t base = std::uint64_t(ids_.base());
    if (k.number < base) {
      error =
          "vertex " + std::to_string(k.number) + " is below the first id, " + std::to_string(base);
      return Status::Invalid;
    }
    const std::uint64_t v = k.number - base;
    if (v >= n_) {
      error = "vertex " + std::to_string(k.number) + " is not in the graph " +
              (n_ == 0 ? std::string("(it has no vertices)")
                       : "(ids " + std::to_string(base) + ".." +
                             std::to_string(std::uint64_t(n_) - 1 + base) + ")");
      return Status::Absent;
    }
    out = Vertex(v);
    return Status::Present;
  }

  /// Both ends of an insert. With `grow`, absent ids become new vertices, unless the vertex
  /// count this needs fails the dimension guard (loaders/dimension_guard.hpp: `content_bytes`
  /// of graph file and stream justify it, and its per-vertex memory fits), which is Invalid.
  /// Nothing changes unless both ends resolve.
  Status resolve_insert(const VertexKey& ue, const VertexKey& ve, bool grow,
                        std::uint64_t content_bytes, Vertex& u, Vertex& v, std::string& error) {
    std::string eu, ev;
    const Status su = find(ue, u, eu);
    const Status sv = find(ve, v, ev);
    for (const auto& [status, message] : {std::pair{su, &eu}, std::pair{sv, &ev}})
      if (status == Status::Invalid) {
        error = *message;
        return status;
      }
    if (!grow)
      for (const auto& [status, message] : {std::pair{su, &eu}, std::pair{sv, &ev}})
        if (status == Status::Absent) {
          error = *message;
          return status;
        }
    if (su == Status::Present && sv == Status::Present) return Status::Present;
    // Grow: the vertex count the new ids need.
    std::uint64_t new_n = n_;
    std::string named_id = (su == Status::Absent ? ue : ve).text(named());  // sets new_n
    const std::uint64_t base = std::uint64_t(ids_.base());
    if (ids_.remapped()) {
      const bool same = named() ? ue.name == ve.name : ue.number == ve.number;
      new_n = ids_.size() + (su == Status::Absent) +
              (sv == Status::Absent && !(su == Status::Absent && same));
    } else {
      for (const auto& [status, key] : {std::pair{su, &ue}, std::pair{sv, &ve}}) {
        if (status != Status::Absent) continue;
        // Capped so that ids near 2^64 cannot wrap; a count above kMaxDimension fails below.
        const std::uint64_t ext = key->number;
        const std::uint64_t need =
            ext - base >= kMaxDimension ? std::uint64_t(kMaxDimension) + 1 : ext - base + 1;
        if (need > new_n) {
          new_n = need;
          named_id = std::to_string(ext);
        }
      }
    }
    if (new_n > kMaxDimension) {
      error = "vertex " + named_id + " would grow the graph beyond the largest dimension, " +
              std::to_string(kMaxDimension) + " vertices";
      return Status::Invalid;
    }
    DimensionCheck check;
    check.n = new_n;
    check.content_bytes = content_bytes;
    check.bytes_per_vertex = 64;
    const std::string problem =
        dimension_problem("vertex " + named_id + " would grow the graph to " +
                              std::to_string(new_n) + " vertices, which",
                          check);
    if (!problem.empty()) {
      error = problem;
      return Status::Invalid;
    }
    if (ids_.remapped()) {
      u = named() ? ids_.insert(ue.name) : ids_.insert_integer(ue.number);
      v = named() ? ids_.insert(ve.name) : ids_.insert_integer(ve.number);
    } else {
      u = Vertex(ue.number - base);
      v = Vertex(ve.number - base);
    }
    n_ = Vertex(std::max<std::uint64_t>(n_, new_n));
    return Status::Present;
  }

  /// The file's name of dense id v as a report value (a number, or a string for names).
  ReportValue external(Vertex v) const {
    if (named()) return report::str(ids_.name(v));
    return report::count(ids_.remapped() ? ids_.integer_id(v) : std::uint64_t(v) + ids_.base());
  }
  /// The file's name of dense id v as text.
  std::string name(Vertex v) const {
    if (ids_.remapped()) return ids_.name(v);
    return std::to_string(std::uint64_t(v) + std::uint64_t(ids_.base()));
  }
  /// The names of every vertex so far (for the output file).
  std::shared_ptr<const VertexIds> snapshot_ids() const {
    VertexIds copy = ids_;
    if (!copy.remapped()) copy.grow_offset(n_);
    return std::make_shared<const VertexIds>(std::move(copy));
  }
  /// The id of dense vertex 0 when the ids are not remapped.
  int base() const { return ids_.base(); }
  /// Vertices known so far (the graph grows to this when the pending batch is applied).
  Vertex n() const { return n_; }

 private:
  VertexIds ids_;
  Vertex n_ = 0;
};

}  // namespace spgraph::cli
