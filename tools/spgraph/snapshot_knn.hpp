// SPDX-License-Identifier: Apache-2.0
// The kNN query on a dynamic graph's snapshot, as `spgraph stream` ('? knn v [k [measure]]') and
// `spgraph serve` (GET /knn) answer it: the measures by the names `spgraph knn --measure` uses,
// and one query vertex answered by similarity kNN (undirected when the graph is) or distance
// kNN (algorithms/knn/knn.hpp), with the query and its neighbours excluded as `spgraph knn`
// does by default.
#pragma once

#include <string>
#include <string_view>

#include "algorithms/knn/knn.hpp"
#include "engine/dynamic_graph.hpp"

namespace spgraph::cli {

/// One kNN measure by its CLI name, with its options.
struct SnapshotKnnMeasure {
  std::string_view name;
  bool distance;
  SimilarityMeasure similarity;
  DistanceKind kind;
};
inline constexpr SnapshotKnnMeasure kSnapshotKnnMeasures[] = {
    {"common", false, SimilarityMeasure::CommonNeighbors, DistanceKind::Hops},
    {"jaccard", false, SimilarityMeasure::Jaccard, DistanceKind::Hops},
    {"cosine", false, SimilarityMeasure::Cosine, DistanceKind::Hops},
    {"overlap", false, SimilarityMeasure::Overlap, DistanceKind::Hops},
    {"adamic-adar", false, SimilarityMeasure::AdamicAdar, DistanceKind::Hops},
    {"resource-allocation", false, SimilarityMeasure::ResourceAllocation, DistanceKind::Hops},
    {"hops", true, SimilarityMeasure::Jaccard, DistanceKind::Hops},
    {"distance", true, SimilarityMeasure::Jaccard, DistanceKind::Weighted},
};

/// The measure named `name`, or null; `names` gets the valid names, comma-separated.
inline const SnapshotKnnMeasure* find_knn_measure(std::string_view name, std::string& names) {
  const SnapshotKnnMeasure* found = nullptr;
  names.clear();
  for (const SnapshotKnnMeasure& m : kSnapshotKnnMeasures) {
    if (m.name == name) found = &m;
    if (!names.empty()) names += ", ";
    names += m.name;
  }
  return found;
}

/// The k nearest or most similar vertices to dense vertex u on snapshot `s`. Throws
/// InvalidArgument for a negative weight under the distance measure.
template <class T>
KnnResult snapshot_knn(const GraphSnapshot<T>& s, Vertex u, std::size_t k,
                       const SnapshotKnnMeasure& m) {
  const Vertex q[1] = {u};
  if (m.distance) {
    DistanceKnnOptions o;
    o.k = k;
    o.kind = m.kind;
    return distance_knn(s.matrix(), q, o);
  }
  SimilarityKnnOptions o;
  o.k = k;
  o.measure = m.similarity;
  o.undirected = !s.directed();
  return similarity_knn(s.matrix(), q, o);
}

}  // namespace spgraph::cli
