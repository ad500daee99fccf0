// The fused direction-optimizing BFS kernel behind algorithms/bfs.hpp.
//
// Why a fused kernel rather than a loop of engine vxm calls: the level loop runs inside one
// OpenMP parallel region with one workspace (no fork/join, allocation or mask rebuild per
// level), the visited set doubles as the complemented mask, and pull steps stop at the first
// parent found. On a road graph with thousands of levels that per-level overhead is most of
// the cost of a loop of generic operations. The kernel reads only CSR structure, so it is
// compiled once for every value type.
//
// Semantics per level d (see bfs.hpp for the phases): push is q'A over any_secondi with mask
// ¬visited (the first CAS wins, so "any" parent); pull is A'q over any_secondi with the same
// mask and the any monoid's early exit. Both give the same levels; parents may differ.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/bfs.hpp"
#include "engine/types.hpp"
#include "formats/csr/adjacency.hpp"
#include "formats/dcsr/dcsr_view.hpp"

namespace spgraph::detail {

/// Buffers reused across levels and across sources of a batch.
struct BfsWorkspace {
  std::vector<Vertex> queue;            ///< sliding queue: each vertex is enqueued at most once
  std::vector<std::uint64_t> frontier;  ///< bitmap of the current frontier (pull steps)
  std::vector<std::uint64_t> next;      ///< bitmap of the next frontier (pull steps)
  std::vector<std::uint64_t> visited;   ///< bitmap of reached vertices (the complemented mask)
};

/// Runs one traversal. `out` holds the arcs (rows = sources), `in` their transpose (rows =
/// targets; may equal `out` for an undirected graph). Fills result.parent (always, as the
/// visited set) and result.level when options.levels.
void bfs_traverse(const AdjacencyView& out, const AdjacencyView& in, Vertex source,
                  const BfsOptions& options, BfsWorkspace& ws, BfsResult& result);
/// The same traversal over Dynamic CSR structure (algorithms/bfs_dynamic.cpp).
void bfs_traverse(const DcsrAdjacency& out, const DcsrAdjacency& in, Vertex source,
                  const BfsOptions& options, BfsWorkspace& ws, BfsResult& result);

}  // namespace spgraph::detail
