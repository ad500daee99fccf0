# SPDX-License-Identifier: Apache-2.0
# Algorithm tests: BFS against the serial oracle, Boost.Graph (when found), LDBC Graphalytics
# and LAGraph answers, plus the graph generators the randomized tests are built on.
set(_spgraph_bfs_sources
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/bfs/bfs_oracle_test.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/bfs/bfs_reference_data_test.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/bfs/bfs_edge_cases_test.cpp)
if(SPGRAPH_HAVE_BOOST)
  spgraph_test(bfs_tests SOURCES ${_spgraph_bfs_sources} LIBS Boost::graph LABELS unit oracle bfs)
  target_compile_definitions(bfs_tests PRIVATE SPGRAPH_HAVE_BOOST)
else()
  spgraph_test(bfs_tests SOURCES ${_spgraph_bfs_sources} LABELS unit oracle bfs)
endif()

spgraph_test(generator_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/loaders/generators_test.cpp
  LABELS unit)

# Triangle counting: brute force, LAGraph / LDBC / REFERENCE_SCALARS answers, edge cases; the
# verifier (triangles_verify.hpp) on real and perturbed answers; triangles per edge by brute force.
spgraph_test(triangle_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/triangles/triangle_count_test.cpp
          ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/triangles/triangles_verify_test.cpp
          ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/triangles/edge_triangles_test.cpp
  LABELS unit oracle triangles)

# Graphalytics' local clustering coefficient: LDBC validation outputs (PARAMS.tsv), networkx's
# karate clustering, triangle_count's undirected clustering, the definition read literally on
# random graphs; its verifiers on perturbed answers.
spgraph_test(local_clustering_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/triangles/local_clustering_test.cpp
  LABELS unit oracle triangles)

# CDLP (Graphalytics' label propagation): LDBC validation outputs (PARAMS.tsv), hand-built
# graphs, the verifier's serial recomputation on random graphs; the verifier on wrong answers.
spgraph_test(communities_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/communities/cdlp_test.cpp
          ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/communities/communities_verify_test.cpp
  LABELS unit oracle communities)

# k-core and k-truss decomposition: the definitions by brute force on random graphs, networkx's
# core_number and k_truss through /usr/bin/python3 (skipped without it), igraph in process (when
# found), karate and cuGraph's polbooks 5-truss, edge cases; the verifier (cores_verify.hpp) on
# real and perturbed answers.
set(_spgraph_cores_sources
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/cores/kcore_test.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/cores/ktruss_test.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/cores/cores_verify_test.cpp)
if(SPGRAPH_HAVE_IGRAPH)
  spgraph_test(cores_tests SOURCES ${_spgraph_cores_sources} LIBS spgraph_igraph_peer
    LABELS unit oracle cores)
else()
  spgraph_test(cores_tests SOURCES ${_spgraph_cores_sources} LABELS unit oracle cores)
endif()

# Transitive closure, reachability and SCC: DFS, Boost.Graph and the published closure sizes;
# the verifier (closure_verify.hpp) on real and perturbed closures.
set(_spgraph_closure_sources
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/closure/transitive_closure_test.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/closure/closure_verify_test.cpp)
if(SPGRAPH_HAVE_BOOST)
  spgraph_test(closure_tests SOURCES ${_spgraph_closure_sources}
    LIBS Boost::graph LABELS unit oracle closure)
  target_compile_definitions(closure_tests PRIVATE SPGRAPH_HAVE_BOOST)
else()
  spgraph_test(closure_tests SOURCES ${_spgraph_closure_sources} LABELS unit oracle closure)
endif()

# PageRank, SSSP and connected components: long-double / Bellman-Ford / union-find oracles
# (weighted PageRank: a dense power iteration over the weighted transition matrix),
# Boost.Graph (when found), LDBC Graphalytics and LAGraph answers, snapshots, edge cases; the
# three verifiers (*_verify.hpp) on real and perturbed answers; the maintained "cc" view after
# every batch of random streams against a brute-force union-find and connected_components().
set(_spgraph_traversal_sources
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/pagerank/pagerank_test.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/pagerank/pagerank_verify_test.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/pagerank/pagerank_weighted_test.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/sssp/sssp_test.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/sssp/sssp_verify_test.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/components/components_test.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/components/components_verify_test.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/components/incremental_components_test.cpp)
if(SPGRAPH_HAVE_BOOST)
  spgraph_test(traversal_tests SOURCES ${_spgraph_traversal_sources} LIBS Boost::graph
    LABELS unit oracle traversal)
  target_compile_definitions(traversal_tests PRIVATE SPGRAPH_HAVE_BOOST)
else()
  spgraph_test(traversal_tests SOURCES ${_spgraph_traversal_sources}
    LABELS unit oracle traversal)
endif()

# The maintained BFS levels and SSSP distances (incremental_distances.hpp) against bfs() /
# sssp() and a Dijkstra of the test's own after every batch of random streams.
spgraph_test(incremental_distances_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/sssp/incremental_distances_test.cpp
  LABELS unit oracle traversal)

# The maintained PageRank view (incremental_pagerank.hpp): random streams on DynamicGraph, every
# batch within the stated L1 tolerance of pagerank() run to 1e-12 and of a direct solve of the
# linear system on small graphs; a model test of thousands of small batches; a Kronecker graph.
spgraph_test(incremental_pagerank_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/pagerank/incremental_pagerank_test.cpp
  LABELS unit oracle traversal)

# k-nearest-neighbour queries: set-intersection similarity oracle (networkx's formulas), BFS
# and Dijkstra distance oracles, dense feature products, knn_graph; real graphs when present;
# the verifier (knn_verify.hpp) on real and perturbed answers.
spgraph_test(knn_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/knn/knn_similarity_test.cpp
          ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/knn/knn_distance_test.cpp
          ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/knn/knn_features_test.cpp
          ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/knn/knn_graph_test.cpp
          ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/knn/knn_verify_test.cpp
  LABELS unit oracle knn)
# The maintained kNN view of a query vertex (incremental_knn.hpp): after every batch of random
# streams, equal to the stream's similarity_knn on the snapshot and to the brute-force oracle;
# the refresh condition on hand-made graphs; copies under Keep; a model test; Kronecker 14.
spgraph_test(incremental_knn_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/knn/incremental_knn_test.cpp
  LABELS unit oracle knn)
# The device kNN's logic (knn_rows_lanes.hpp + the block select) run by its host emulation
# against similarity_knn and feature_knn (identical answers), the CPU's errors, and the device
# entry points' refusals where the CUDA backend cannot run.
spgraph_test(knn_device_emulated_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/knn/knn_device_emulated_test.cpp
  LABELS unit oracle knn)

# Betweenness centrality: path enumeration on tiny graphs, Boost.Graph's
# brandes_betweenness_centrality (when found), batched against per-source searches, sampled
# sources, scalings, edge cases; the verifier (centrality_verify.hpp).
if(SPGRAPH_HAVE_BOOST)
  spgraph_test(centrality_tests
    SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/centrality/centrality_test.cpp
    LIBS Boost::graph LABELS unit oracle centrality)
  target_compile_definitions(centrality_tests PRIVATE SPGRAPH_HAVE_BOOST)
else()
  spgraph_test(centrality_tests
    SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/centrality/centrality_test.cpp
    LABELS unit oracle centrality)
endif()

# Community detection: modularity and CPM against networkx and python-igraph (via /usr/bin/python3)
# and a dense brute force; Louvain and Leiden on planted partitions, real graphs against igraph's
# and networkx's modularity, determinism and edge cases; the aggregation against the engine's
# mxm, the refinement, and the verifiers (communities_verify.hpp).
spgraph_test(community_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/communities/modularity_test.cpp
          ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/communities/louvain_leiden_test.cpp
          ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/communities/community_phases_test.cpp
  LABELS unit oracle communities)
# The CUDA BFS and PageRank logic on the CPU: the host emulations of the device kernels
# (bfs_emulated.hpp, pagerank_emulated.hpp) against the CPU kernels.
spgraph_test(traversal_emulation_tests SOURCES
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/bfs/bfs_emulated_test.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/pagerank/pagerank_emulated_test.cpp
  LABELS unit bfs pagerank)
# The device triangle count and closure (algorithms/*/..._cuda.hpp): their front ends with the
# host emulations of the device steps against the CPU algorithms, and their refusals.
spgraph_test(device_algorithm_emulated_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/triangles/triangle_arcs_test.cpp
          ${CMAKE_CURRENT_SOURCE_DIR}/unit/algorithms/closure/closure_rounds_test.cpp
  LABELS unit triangles closure)
