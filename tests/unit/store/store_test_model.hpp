// SPDX-License-Identifier: Apache-2.0
// Shared by the store tests and the crash-test child: deterministic random update batches (a
// pure function of seed and version, so that the parent can rebuild any batch the child
// applied) and a map model of the graph they build, compared against a store's snapshot.
#pragma once

#include <cstdint>
#include <map>
#include <random>
#include <utility>

#include "engine/dynamic_graph.hpp"

namespace spgraph::testing {

/// The batch of `version` for a store fed by `seed`: 1..40 updates over ids 0..71 (some past
/// the initial 64 vertices, so the graph grows); inserts, erases, and re-weights when weighted.
template <class T>
UpdateBatch<T> store_test_batch(std::uint64_t seed, std::uint64_t version, bool weighted) {
  std::mt19937_64 rng(seed * 1000003u + version);
  UpdateBatch<T> b;
  const int n = 1 + int(rng() % 40);
  for (int k = 0; k < n; ++k) {
    const Vertex u = Vertex(rng() % 72), v = Vertex(rng() % 72);
    const int kind = int(rng() % 10);
    const T w = weighted ? T(double(1 + rng() % 9) / 4) : T(1);
    if (kind < 7)
      b.insert(u, v, w);
    else if (kind < 9 || !weighted)
      b.erase(u, v);
    else
      b.assign(u, v, w);
  }
  return b;
}

/// What a DynamicGraph with set semantics (ignore or combine) holds: edges with weights.
struct StoreModel {
  bool directed = false;
  bool combine = false;
  Vertex n = 0;
  std::map<std::pair<Vertex, Vertex>, double> edges;

  std::pair<Vertex, Vertex> key(Vertex u, Vertex v) const {
    return directed ? std::pair{u, v} : std::pair{std::min(u, v), std::max(u, v)};
  }
  template <class T>
  void apply(const UpdateBatch<T>& b) {
    for (const EdgeUpdate<T>& e : b.updates) {
      n = std::max(n, std::max(e.u, e.v) + 1);
      const auto k = key(e.u, e.v);
      const auto it = edges.find(k);
      if (e.kind == UpdateKind::Insert) {
        if (it == edges.end())
          edges[k] = double(e.w);
        else if (combine)
          it->second += double(e.w);
      } else if (e.kind == UpdateKind::Erase) {
        if (it != edges.end()) edges.erase(it);
      } else if (it != edges.end()) {
        it->second = double(e.w);
      }
    }
  }
};

/// The snapshot's edges keyed as the model keys them (each undirected edge once, checking that
/// both arcs are there with one weight); false when an undirected arc lacks its mirror.
template <class T>
bool snapshot_edges(const GraphSnapshot<T>& s, std::map<std::pair<Vertex, Vertex>, double>& out) {
  out.clear();
  bool mirrored = true;
  for (Vertex u = 0; u < s.num_vertices(); ++u)
    s.for_each_neighbor(u, [&](Vertex v, T w) {
      if (s.directed() || u <= v) {
        out[{u, v}] = double(w);
      }
      if (!s.directed()) {
        const auto back = s.weight(v, u);
        mirrored = mirrored && back && double(*back) == double(w);
      }
    });
  return mirrored;
}

}  // namespace spgraph::testing
