// SPDX-License-Identifier: Apache-2.0
// The triangle family's public entry point.
//   - triangle_count.hpp: the triangles of an undirected graph, in total and per vertex, with
//     local clustering coefficients: a fused degree-ordered merge or hash kernel, or the
//     engine's masked SpGEMM (LAGraph's Sandia methods, Wolf et al., HPEC 2017);
//   - local_clustering.hpp: LDBC Graphalytics' local clustering coefficient (specification v1.0,
//     §2.3.5), for directed graphs too: the arcs among a vertex's in- and out-neighbours;
//   - edge_triangles.hpp: the triangles through each edge (its support), which the k-truss
//     decomposition peels (algorithms/cores/);
//   - incremental_triangles.hpp: the count kept up to date batch by batch on a DynamicGraph.
#pragma once

#include "algorithms/triangles/edge_triangles.hpp"
#include "algorithms/triangles/incremental_triangles.hpp"
#include "algorithms/triangles/local_clustering.hpp"
#include "algorithms/triangles/triangle_count.hpp"
