// SPDX-License-Identifier: Apache-2.0
// Vertex names handed in by Python for graphs built in memory (Graph.from_edges, from_pandas,
// from_networkx): a column of names (integers in a numpy array, or tokens in a list of str or
// bytes) and the table that turns names into dense ids. The table is the one id map of
// loaders/vertex_ids.hpp: fixed by a full list of names (ids=), or filled in order of first
// appearance (strings, or integers with remap_ids), or plain integers 0..n-1 (the Offset kind,
// base 0: a graph built in memory without names is numbered by position).
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/types.hpp"
#include "loaders/vertex_ids.hpp"

namespace spgraph::python {

/// One column of vertex names. Tokens are views of the Python objects' UTF-8 (or bytes)
/// buffers: the caller keeps the list alive while the column is used (the GIL is not needed to
/// read them).
struct NameColumn {
  bool strings = false;
  std::vector<std::uint64_t> integers;
  std::vector<std::string_view> tokens;

  std::size_t size() const { return strings ? tokens.size() : integers.size(); }
  /// Entry k as an error message shows it ('GO:1' or 17).
  std::string describe(std::size_t k) const;
};

/// A column from Python: a list of str / bytes (strings), or an integer numpy array (negative
/// values refused). `what` names the argument in errors.
NameColumn name_column(pybind11::handle obj, const char* what);

/// Names to dense ids, and the id map they make.
class VertexTable {
 public:
  /// Fixed: the dense ids of `ids`, in order (each name once); every endpoint must be one.
  /// Integers 0..n-1 in order make the Offset kind (no table).
  explicit VertexTable(const NameColumn& ids);
  /// Growing: strings (String kind) or remapped integers (Integer kind) numbered as they first
  /// appear; or, for integers not remapped, the integers themselves (Offset kind, base 0): `n`
  /// vertices when given (every id below it), else the largest id + 1.
  VertexTable(bool strings, bool remap, std::optional<Vertex> n);

  /// The dense id of entry k of `col` (added when the table grows by name). Throws
  /// InvalidArgument for a name that is not in a fixed table, or an integer id past `n`.
  Vertex operator()(const NameColumn& col, std::size_t k, const char* what);
  /// Number of vertices named (Offset kind: the largest id seen + 1, or n).
  Vertex size() const;
  /// The name of dense id v as error messages show it ('GO:1' or 17).
  std::string describe(Vertex v) const;
  /// The finished id map (Offset kind: base 0 over size() vertices).
  std::shared_ptr<const VertexIds> finish();

 private:
  VertexIds ids_;
  bool fixed_ = false;
  bool positions_ = false;  ///< Offset kind: an integer name is its dense id
  bool strings_ = false;
  Vertex n_ = 0;          ///< Offset kind: vertex count so far
  bool n_given_ = false;  ///< Offset kind: n was given (or fixed), ids must stay below it
};

}  // namespace spgraph::python
