// SPDX-License-Identifier: Apache-2.0
// The update vocabulary, defined once for every layer that changes a graph: the update-stream
// reader (loaders/update_stream.hpp), the Dynamic CSR format (formats/dcsr/dcsr.hpp) and
// DynamicGraph (engine/dynamic_graph.hpp). King et al., "Dynamic-CSR" (2016), section III.A,
// inserts only; erase and assign are this engine's additions, applied in batch order.
#pragma once

#include <cstdint>

#include "engine/core/types.hpp"

namespace spgraph {

/// The kind of one update.
enum class UpdateKind : std::uint8_t {
  Insert,  ///< add (u, v) with a weight, per the duplicate policy
  Erase,   ///< remove every stored copy of (u, v)
  Assign,  ///< set the weight of a stored (u, v); an absent entry is left absent
};

/// One update of edge u -> v (row u, column v of the adjacency matrix). Updates of a batch take
/// effect in batch order.
template <class T>
struct EdgeUpdate {
  UpdateKind kind = UpdateKind::Insert;
  Vertex u = 0;
  Vertex v = 0;
  T w = T(1);  ///< ignored by Erase, and by a graph or matrix without values
};

}  // namespace spgraph
