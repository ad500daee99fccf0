// SPDX-License-Identifier: Apache-2.0
// Incremental triangle counting for DynamicGraph (engine/dynamic_graph.hpp): the global number of
// triangles of an undirected simple graph, kept up to date batch by batch, so that a snapshot
// answers it in O(1).
//
// Computes, for a batch that removed the edges R (present before) and added the edges A
// (present after), delta = T_A(after) - T_R(before), where T_X(g) is the number of triangles of
// g with at least one edge in X. Each such triangle {u, v, w} is found from every one of its
// edges in X, through w ∈ N(u) ∩ N(v), and counted only at the smallest of them in (min, max)
// order, so it is counted once however many of its edges the batch changed.
// Inputs: undirected structures (both arcs stored), no repeated edges; self-loops are ignored.
// Phases: 1. sort the changed edges (for the "is it changed, and smaller" test, by binary
// search); 2. in parallel over changed edges, mark N(u) in a per-thread bitmap of n bits, scan
// N(v), unmark. Cost O(sum over changed edges of deg(u) + deg(v)) plus O(|X| log |X|);
// workspace n bits per thread, allocated once per counter and reused batch after batch (every
// bit is cleared after use), so a small batch on a large graph costs O(its edges' degrees), not
// O(n).
// initial() counts a whole graph with the fused triangle count
// (algorithms/triangles/triangle_count.hpp).
//
// Source: the per-edge |N(u) ∩ N(v)| update is the standard incremental rule (e.g. Makkar,
// Bader & Green, "Exact and parallel triangle counting in dynamic graphs", HiPC 2017); the
// smallest-changed-edge rule makes batch updates exact.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "engine/dynamic_graph.hpp"

namespace spgraph {

/// Keeps the triangle count of an undirected DynamicGraph (DynamicGraphOptions::triangle_counter).
/// Per-thread bitmaps of n bits for triangles_touching, all zero between calls.
struct TriangleMarks {
  std::vector<std::vector<std::uint64_t>> bits;
};

class IncrementalTriangles final : public IncrementalCount {
 public:
  std::int64_t initial(const DcsrAdjacency& g) override;
  std::int64_t delta(const DcsrAdjacency& before, const DcsrAdjacency& after,
                     std::span<const std::pair<Vertex, Vertex>> removed,
                     std::span<const std::pair<Vertex, Vertex>> added) override;

 private:
  TriangleMarks marks_;  // reused by every batch (the writer calls delta on one thread)
};

/// The triangles of `g` that have at least one edge in `edges` (each edge as (min, max)), each
/// counted once. `marks` (optional) are reused bitmaps; without them each call allocates its own.
std::uint64_t triangles_touching(const DcsrAdjacency& g,
                                 std::span<const std::pair<Vertex, Vertex>> edges,
                                 TriangleMarks* marks = nullptr);

}  // namespace spgraph
