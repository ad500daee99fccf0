// SPDX-License-Identifier: Apache-2.0
// The file's vertex ids as the Python module sees them, the same numbering as the CLI's vertex
// flags (tools/cli/cli_common.cpp, IdSpace): not remapped, an id is the file's integer and names
// position id - base (a 1-based Matrix Market file's vertex 1 is position 0); remapped, an id is
// the file's token (integer or string), looked up in the one id map of loaders/vertex_ids.hpp; a
// graph built in memory is numbered from 0 (ids == positions). Positions are the dense indices
// 0..n-1 into per-vertex numpy arrays.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/types.hpp"
#include "loaders/load_options.hpp"
#include "loaders/vertex_ids.hpp"

namespace spgraph::python {

class VertexNames {
 public:
  VertexNames() = default;
  /// Not remapped: the file numbered from `base` (0 for a graph built in memory).
  static VertexNames offset(int base);
  /// What a load reported.
  static VertexNames from_load(const LoadInfo& info);

  bool remapped() const { return ids_ && ids_->remapped(); }
  bool strings() const { return remapped() && ids_->kind() == VertexIds::Kind::String; }
  int base() const { return ids_ && !ids_->remapped() ? ids_->base() : base_; }
  /// "offset", "integer" or "string".
  const char* kind() const;
  /// Every id, in position order: a numpy int64 array (offset: arange + base), a numpy uint64
  /// array (integer ids) or a list of str.
  pybind11::object all(Vertex n) const;
  /// The id of position v (an int, or a str for string ids).
  pybind11::object name(Vertex v) const;
  /// The position of the vertex with id `key` among n, if there is one.
  std::optional<Vertex> find(pybind11::handle key, Vertex n) const;
  /// The position of `key`; IndexOutOfBounds naming it and the valid ids when it is absent.
  Vertex position(pybind11::handle key, Vertex n, const char* what) const;
  /// The positions of one id or of a sequence / numpy array of ids (checked as position()).
  std::vector<Vertex> positions(pybind11::handle keys, Vertex n, const char* what) const;
  /// The ids of positions (a scalar or an integer array): numpy int64 with -1 where a position
  /// is negative ("none"), or for string ids an object array of str with None there.
  pybind11::object names_of(pybind11::handle positions, Vertex n) const;
  /// "(ids 1..34)", "(the graph has no vertices)" or "(not one of the file's vertex names)".
  std::string valid_ids(Vertex n) const;

  /// These names over `map` (a grown copy of this one's map; see insert_into).
  VertexNames with_map(std::shared_ptr<const VertexIds> map) const;
  /// The position of `key` in a remapped `map`, inserted as the next position when new (ids of
  /// the Integer kind must be non-negative integers; IndexOutOfBounds otherwise).
  static Vertex insert_into(VertexIds& map, pybind11::handle key);
  /// Remapped: how many vertices are named.
  Vertex size() const { return ids_ ? ids_->size() : 0; }
  /// The map itself (null when not remapped and built in memory).
  const std::shared_ptr<const VertexIds>& ids() const { return ids_; }

 private:
  std::shared_ptr<const VertexIds> ids_;
  int base_ = 0;
};

}  // namespace spgraph::python
