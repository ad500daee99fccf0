// SPDX-License-Identifier: Apache-2.0
// spgraph's umbrella header: `#include <spgraph/spgraph.hpp>` brings in the whole public C++ API
// (docs/api.md shows how to use it):
//   - the engine: Matrix, Vector, the GraphBLAS-style operations (mxm, mxv, vxm, eWise, apply,
//     select, reduce, transpose) with semirings, masks, accumulators and descriptors, the
//     semiring registry, errors, and the thread setting;
//   - streaming: DynamicGraph, UpdateBatch and GraphSnapshot;
//   - loading and saving graph files (Matrix Market, edge lists, METIS, binary), the vertex id
//     map of remapped files (VertexIds), and the synthetic generators;
//   - the algorithm families: BFS, triangles, closure and reachability, connected components,
//     PageRank, SSSP, k-nearest neighbours and communities (Louvain, Leiden, modularity).
// In the source tree this file sits at include/spgraph/spgraph.hpp, and the build's include path
// has both include/ (for `<spgraph/spgraph.hpp>`) and the repository root (for the headers' own
// includes, "engine/matrix.hpp"); installed, it is include/spgraph/spgraph.hpp beside
// include/spgraph/engine/ etc., and the package exports both include/ and include/spgraph/ as
// include directories. It is not in a spgraph/ folder at the repository root: Python started
// there would import that folder (a namespace package) instead of the spgraph module.
#pragma once

// IWYU pragma: begin_exports
#include "engine/any_matrix.hpp"
#include "engine/context.hpp"
#include "engine/core/binary_ops.hpp"
#include "engine/core/descriptor.hpp"
#include "engine/core/duplicate_policy.hpp"
#include "engine/core/edge_update.hpp"
#include "engine/core/error.hpp"
#include "engine/core/monoid.hpp"
#include "engine/core/semiring.hpp"
#include "engine/core/types.hpp"
#include "engine/dynamic_graph.hpp"
#include "engine/graph_snapshot.hpp"
#include "engine/maintained_view.hpp"
#include "engine/mask.hpp"
#include "engine/matrix.hpp"
#include "engine/ops.hpp"
#include "engine/semiring_registry.hpp"
#include "engine/vector.hpp"
#include "engine/versioned_array.hpp"

#include "loaders/generators.hpp"
#include "loaders/load.hpp"
#include "loaders/load_options.hpp"
#include "loaders/vertex_ids.hpp"

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/closure/closure.hpp"
#include "algorithms/communities/communities.hpp"
#include "algorithms/components/components.hpp"
#include "algorithms/components/incremental_components.hpp"
#include "algorithms/knn/incremental_knn.hpp"
#include "algorithms/knn/knn.hpp"
#include "algorithms/pagerank/incremental_pagerank.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/sssp/incremental_distances.hpp"
#include "algorithms/sssp/sssp.hpp"
#include "algorithms/triangles/triangles.hpp"
// IWYU pragma: end_exports
