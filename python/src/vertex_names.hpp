// SPDX-License-Identifier: Apache-2.0
// The file's vertex names as the Python module sees them: dense ids 0..n-1 name themselves
// (plus the file's base, reported but never applied to arguments) unless the ids were remapped,
// in which case arguments and `Graph.ids` use the original tokens (integers or strings), through
// the one id map of loaders/vertex_ids.hpp.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <optional>

#include "engine/core/types.hpp"
#include "loaders/load_options.hpp"
#include "loaders/vertex_ids.hpp"

namespace spgraph::python {

class VertexNames {
 public:
  VertexNames() = default;
  /// Not remapped: dense ids, the file numbered from `base`.
  static VertexNames offset(int base);
  /// What a load reported.
  static VertexNames from_load(const LoadInfo& info);

  bool remapped() const { return ids_ && ids_->remapped(); }
  int base() const { return ids_ && !ids_->remapped() ? ids_->base() : base_; }
  /// "offset", "integer" or "string".
  const char* kind() const;
  /// Every name, dense order: a numpy int64 array (offset: arange + base), a numpy uint64
  /// array (integer ids) or a list of str.
  pybind11::object all(Vertex n) const;
  /// The name of dense vertex v (an int, or a str for string ids).
  pybind11::object name(Vertex v) const;
  /// The dense id named by `key` (remapped: a token or integer id; else a dense int).
  std::optional<Vertex> find(pybind11::handle key, Vertex n) const;
  /// The map itself (null when not remapped and built in memory).
  const std::shared_ptr<const VertexIds>& ids() const { return ids_; }

 private:
  std::shared_ptr<const VertexIds> ids_;
  int base_ = 0;
};

}  // namespace spgraph::python
